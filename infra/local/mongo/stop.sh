#!/usr/bin/env bash
# Stops the FerretDB started with DIR: SIGTERM, SIGKILL after 10 s.
#   stop.sh DIR
set -euo pipefail
pid_file="$1/ferretdb.pid"
[ -f "$pid_file" ] || exit 0
pid="$(cat "$pid_file")"
kill "$pid" 2>/dev/null || exit 0
for _ in $(seq 1 100); do
  kill -0 "$pid" 2>/dev/null || exit 0
  sleep 0.1
done
kill -9 "$pid" 2>/dev/null || true
