#!/usr/bin/env bash
# The PostgreSQL that FerretDB stores its documents in: Debian's postgresql, one throwaway
# cluster per DIR on a free loopback port, no fsync (test data only).
#   postgres.sh install        installs Debian's postgresql when no initdb is found
#   postgres.sh start DIR [DB] initdb DIR/pg, start it, create database DB ("ferretdb"); prints the port
#   postgres.sh stop DIR       fast shutdown of the cluster in DIR/pg
# PostgreSQL refuses to run as root, so as root the cluster belongs to the "postgres" user.
set -euo pipefail
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

install_postgres() {
  if [ -n "$(pg_bin)" ]; then return; fi
  local sudo=""; if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
}

start_postgres() {
  local dir="$1" database="${2:-ferretdb}" bin port
  bin="$(pg_bin)"
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  mkdir -p "$dir/pg"
  if [ "$(id -u)" = 0 ]; then chmod 755 "$dir"; chown postgres "$dir/pg"; fi
  as_owner "$bin/initdb" -D "$dir/pg/data" --auth=trust -U postgres -E UTF8 --no-sync >/dev/null
  as_owner "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/postgres.log" -w start \
    -o "-p $port -k $dir/pg -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1300" >/dev/null
  "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -c "CREATE DATABASE $database" >/dev/null
  echo "$port"
}

stop_postgres() {
  local dir="$1"
  [ -f "$dir/pg/data/postmaster.pid" ] || return 0
  as_owner "$(pg_bin)/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null 2>&1 || true
}

case "${1:-}" in
  install) install_postgres ;;
  start) start_postgres "$2" "${3:-}" ;;
  stop) stop_postgres "$2" ;;
  *) echo "usage: $0 install | start DIR [DB] | stop DIR" >&2; exit 2 ;;
esac
