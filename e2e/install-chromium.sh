#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests and the web bench (playwright-core drives /usr/bin/chromium;
# no browser download from the npm registry). Idempotent: does nothing when it is already installed.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
