#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (playwright-core drives /usr/bin/chromium;
# a browser download is not possible here), and a small CJK font (WenQuanYi Micro Hei, 1.6 MB)
# so the tests' screenshots show the console's Chinese texts instead of empty boxes.
# Idempotent; needs root or sudo on first run.
set -euo pipefail
PACKAGES=()
[ -x /usr/bin/chromium ] || PACKAGES+=(chromium)
[ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || PACKAGES+=(fonts-wqy-microhei)
if [ ${#PACKAGES[@]} -eq 0 ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing Debian's ${PACKAGES[*]} for the browser tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
/usr/bin/chromium --version
