#!/usr/bin/env bash
# Runs CMD with a throwaway MongoDB-wire server (FerretDB over PostgreSQL) on a free loopback port:
# exports MONGODB_URI=mongodb://127.0.0.1:PORT/tollgate, stops the server and removes its files
# after. Exits with CMD's exit code.
#   with-mongo.sh CMD...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -eq 0 ]; then echo "usage: $0 CMD..." >&2; exit 2; fi
bash "$here/install.sh" >/dev/null
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
dir="$(mktemp -d "${TMPDIR:-/tmp}/tollgate-mongo.XXXXXX")"
trap 'bash "$here/stop.sh" "$dir" || true; rm -rf "$dir"' EXIT
bash "$here/start.sh" "$port" "$dir" >/dev/null
export MONGODB_URI="mongodb://127.0.0.1:$port/tollgate"
set +e
"$@"
status=$?
set -e
exit "$status"
