#!/usr/bin/env bash
# Runs CMD with a throwaway PostgreSQL (Debian's, the same cluster script FerretDB uses) on a free
# loopback port: exports POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/newapi, stops the
# cluster and removes its files after. Exits with CMD's exit code.
#   with-postgres.sh CMD...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -eq 0 ]; then echo "usage: $0 CMD..." >&2; exit 2; fi
cluster="$here/../mongo/postgres.sh"
bash "$cluster" install
dir="$(mktemp -d "${TMPDIR:-/tmp}/tollgate-postgres.XXXXXX")"
trap 'bash "$cluster" stop "$dir" || true; rm -rf "$dir"' EXIT
port="$(bash "$cluster" start "$dir" newapi)"
export POSTGRES_URL="postgres://postgres@127.0.0.1:$port/newapi"
set +e
"$@"
status=$?
set -e
exit "$status"
