#!/usr/bin/env bash
# Runs a command with the cluster engines this machine can run, each on a free loopback port,
# their addresses exported (REDIS_URL, ...; MARIADB_URL and POSTGRES_URL are new-api databases for
# the import's tests); stops them after. Installs what is missing first.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec bash "$here/redis/with-redis.sh" bash "$here/kafka/with-broker.sh" bash "$here/mongo/with-mongo.sh" \
  bash "$here/mariadb/with-mariadb.sh" bash "$here/postgres/with-postgres.sh" "$@"
