#!/usr/bin/env bash
# Installs Debian's mariadb-server (a new-api source for the import's cluster tests). Idempotent;
# needs root or sudo on first run. The packaged service is never started: with-mariadb.sh runs its own.
set -euo pipefail
if command -v mariadbd >/dev/null 2>&1 && command -v mariadb-install-db >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq mariadb-server >/dev/null
