#!/usr/bin/env bash
# Starts FerretDB on 127.0.0.1:PORT over a throwaway PostgreSQL whose files live in DIR, in the
# background; waits until it answers, prints its pid (also kept in DIR/ferretdb.pid).
# Logs: DIR/ferretdb.log, DIR/pg/postgres.log (FERRETDB_LOG_LEVEL=debug logs every message).
#   start.sh PORT DIR
# PostgreSQL, not FerretDB's SQLite backend: under writes from several processes at once (two
# gateways and a ledger) the SQLite backend stalled for minutes, even listDatabases.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
port="$1"
mkdir -p "$2"
dir="$(cd "$2" && pwd)"
binary="$(bash "$here/install.sh")"
pg_port="$(bash "$here/postgres.sh" start "$dir")"
mkdir -p "$dir/state"
# FerretDB 1.24 holds one pooled PostgreSQL connection per statement of an update command until the
# command ends (msg_update.go defers each statement's iterator close), so a command of more
# statements than the pool (50 by default) waits for ever, and every later command with it. The
# ledger writes one statement per touched account in one command (up to 500 a chunk): the pool is
# sized past that, with room for the gateways beside it; idle connections close after a minute.
"$binary" --handler=postgresql --postgresql-url="postgres://postgres@127.0.0.1:$pg_port/ferretdb?pool_max_conns=1200&pool_max_conn_idle_time=1m" \
  --listen-addr="127.0.0.1:$port" --state-dir="$dir/state" --telemetry=disable \
  --log-level="${FERRETDB_LOG_LEVEL:-error}" --debug-addr="${FERRETDB_DEBUG_ADDR:--}" >"$dir/ferretdb.log" 2>&1 &
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
