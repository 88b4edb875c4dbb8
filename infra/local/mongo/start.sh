#!/usr/bin/env bash
# Starts FerretDB on 127.0.0.1:PORT with its SQLite files in DIR, in the background; waits until
# it answers, prints its pid (also kept in DIR/ferretdb.pid). Log: DIR/ferretdb.log.
#   start.sh PORT DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
port="$1"
dir="$2"
binary="$(bash "$here/install.sh")"
mkdir -p "$dir/data" "$dir/state"
"$binary" --handler=sqlite --sqlite-url="file:$dir/data/" --listen-addr="127.0.0.1:$port" \
  --state-dir="$dir/state" --telemetry=disable --log-level=error --debug-addr=- >"$dir/ferretdb.log" 2>&1 &
echo $! >"$dir/ferretdb.pid"
for _ in $(seq 1 100); do
  if node -e "require('net').connect($port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" 2>/dev/null; then
    cat "$dir/ferretdb.pid"; exit 0
  fi
  sleep 0.1
done
echo "start.sh: FerretDB did not listen on $port; log:" >&2
cat "$dir/ferretdb.log" >&2
exit 1
