#!/usr/bin/env bash
# The browser tests drive Debian's chromium (Playwright's own browser download does not work here).
# Installs it on a fresh Debian machine when run as root; otherwise says what to do.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
else
  echo "The browser tests need Debian's chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
