#!/usr/bin/env bash
# Installs Debian's redis-server for the cluster tier. Idempotent; needs root or sudo on first run.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
