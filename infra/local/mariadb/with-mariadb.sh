#!/usr/bin/env bash
# Runs CMD with a throwaway MariaDB on a free loopback port, its data dir in a temp dir (no
# durability: test data only): exports MARIADB_URL=mysql://tollgate:tollgate@127.0.0.1:PORT/newapi,
# stops the server and removes its files after. Exits with CMD's exit code.
#   with-mariadb.sh CMD...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -eq 0 ]; then echo "usage: $0 CMD..." >&2; exit 2; fi
bash "$here/install.sh"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
dir="$(mktemp -d "${TMPDIR:-/tmp}/tollgate-mariadb.XXXXXX")"
# mariadbd refuses to run as root unless told which user to become. mariadb-install-db lets the
# OS user who ran it in over the socket (root, or the invoking user) without a password.
user_args=(); admin="$(id -un)"
if [ "$(id -u)" = 0 ]; then chown mysql "$dir"; user_args=(--user=mysql); admin=root; fi
stop() {
  if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT
mariadb-install-db --no-defaults --datadir="$dir/data" --auth-root-authentication-method=socket --skip-test-db "${user_args[@]}" >"$dir/install.log" 2>&1
mariadbd --no-defaults --datadir="$dir/data" --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" --port="$port" --bind-address=127.0.0.1 \
  --skip-log-bin --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --innodb-buffer-pool-size=256M --skip-name-resolve \
  --log-error="$dir/error.log" "${user_args[@]}" 2>>"$dir/stderr.log" &
pid=$!
for _ in $(seq 1 100); do
  if mariadb --no-defaults -S "$dir/mysqld.sock" -u "$admin" -e 'SELECT 1' >/dev/null 2>&1; then break; fi
  kill -0 "$pid" 2>/dev/null || { cat "$dir/error.log" >&2; exit 1; }
  sleep 0.1
done
mariadb --no-defaults -S "$dir/mysqld.sock" -u "$admin" -e "CREATE DATABASE newapi CHARACTER SET utf8mb4; CREATE USER 'tollgate'@'127.0.0.1' IDENTIFIED BY 'tollgate'; GRANT ALL ON *.* TO 'tollgate'@'127.0.0.1';"
export MARIADB_URL="mysql://tollgate:tollgate@127.0.0.1:$port/newapi"
set +e
"$@"
status=$?
set -e
exit "$status"
