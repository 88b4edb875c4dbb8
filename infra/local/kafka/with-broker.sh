#!/usr/bin/env bash
# Runs a command with a throwaway single-node Kafka broker on a free loopback port:
# installs the jars (cached), starts the broker in a temp dir, exports KAFKA_BROKERS=127.0.0.1:PORT
# and the topic settings one broker allows (KAFKA_REPLICATION_FACTOR=1, ...),
# runs CMD, then stops the broker and removes the dir. Exits with CMD's exit code.
#   with-broker.sh CMD...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -eq 0 ]; then echo "usage: $0 CMD..." >&2; exit 2; fi
bash "$here/install.sh" >/dev/null
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
data="$(mktemp -d "${TMPDIR:-/tmp}/tollgate-kafka.XXXXXX")"
cleanup() {
  bash "$here/stop.sh" "$data" || true
  if [ -n "${KEEP_KAFKA_DATA:-}" ]; then echo "with-broker.sh: broker data kept in $data" >&2; else rm -rf "$data"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
bash "$here/start.sh" "$port" "$data" >/dev/null
export KAFKA_BROKERS="127.0.0.1:$port"
# One broker: the ledger topic can have one replica only (the production defaults want three).
export KAFKA_REPLICATION_FACTOR=1 KAFKA_MIN_REPLICATION_FACTOR=1 KAFKA_MIN_INSYNC_REPLICAS=1
set +e
"$@"
status=$?
set -e
exit "$status"
