#!/usr/bin/env bash
# Runs a command with a throwaway Redis on a free loopback port: exports REDIS_URL, stops Redis after.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/install.sh"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no --loglevel warning >/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
  if redis-cli -p "$port" ping >/dev/null 2>&1; then break; fi
  sleep 0.1
done
export REDIS_URL="redis://127.0.0.1:$port"
"$@"
