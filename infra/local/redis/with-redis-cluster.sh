#!/usr/bin/env bash
# Runs a command with a throwaway Redis Cluster (3 primaries, each with a replica) on free loopback ports:
# exports REDIS_CLUSTER_NODES=host:port,..., stops the nodes and removes their files after.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/install.sh"
dir=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
nodes=()
for i in 1 2 3 4 5 6; do
  port=$(free_port)
  # The cluster bus listens on port + 10000; pick again when that one is taken.
  while ! node -e "const s=require('net').createServer();s.on('error',()=>process.exit(1));s.listen($((port + 10000)),'127.0.0.1',()=>s.close())"; do port=$(free_port); done
  mkdir -p "$dir/$i"
  (cd "$dir/$i" && exec redis-server --port "$port" --bind 127.0.0.1 --cluster-enabled yes --cluster-config-file nodes.conf \
    --save '' --appendonly no --repl-diskless-sync-delay 0 --daemonize no --loglevel warning >/dev/null) &
  pids+=($!)
  nodes+=("127.0.0.1:$port")
done
for node in "${nodes[@]}"; do
  for _ in $(seq 1 50); do
    if redis-cli -p "${node##*:}" ping >/dev/null 2>&1; then break; fi
    sleep 0.1
  done
done
redis-cli --cluster create "${nodes[@]}" --cluster-replicas 1 --cluster-yes >/dev/null
for node in "${nodes[@]}"; do
  for _ in $(seq 1 100); do
    if redis-cli -p "${node##*:}" cluster info | grep -q 'cluster_state:ok'; then break; fi
    sleep 0.1
  done
done
# Every replica in sync with its primary before the command starts (a primary killed earlier would lose its slots).
for node in "${nodes[@]}"; do
  for _ in $(seq 1 100); do
    if ! redis-cli -p "${node##*:}" info replication | grep -q 'role:slave' || redis-cli -p "${node##*:}" info replication | grep -q 'master_link_status:up'; then break; fi
    sleep 0.1
  done
done
REDIS_CLUSTER_NODES=$(IFS=,; echo "${nodes[*]}")
export REDIS_CLUSTER_NODES
"$@"
