#!/usr/bin/env bash
# Stops the FerretDB started with DIR (SIGTERM, SIGKILL after 10 s), then its PostgreSQL.
#   stop.sh DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$1"
stop_ferretdb() {
  local pid_file="$dir/ferretdb.pid" pid
  [ -f "$pid_file" ] || return 0
  pid="$(cat "$pid_file")"
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
}
stop_ferretdb
bash "$here/postgres.sh" stop "$dir"
