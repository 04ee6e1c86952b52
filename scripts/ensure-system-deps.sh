#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (Chromium for end-to-end tests, PostgreSQL and
# Redis servers for the server's integration tests). Safe to run repeatedly: does nothing when all
# are present. Without root it cannot install, so it names what is missing and fails.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# Fonts so that rendered pages and screenshots have real glyphs.
dpkg -s fonts-liberation >/dev/null 2>&1 || missing+=(fonts-liberation)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Installed: ${missing[*]}"
