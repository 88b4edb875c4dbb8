#!/usr/bin/env bash
# Stops the broker that start.sh started on DATADIR (its pid file): SIGTERM, then SIGKILL after 20s.
#   stop.sh DATADIR
set -euo pipefail
if [ $# -ne 1 ]; then echo "usage: $0 DATADIR" >&2; exit 2; fi
pidfile="$1/broker.pid"
[ -f "$pidfile" ] || exit 0
pid="$(cat "$pidfile")"
if kill -0 "$pid" 2>/dev/null; then
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
fi
rm -f "$pidfile"
