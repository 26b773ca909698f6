#!/usr/bin/env bash
# The wallet browser suite runs a real Beacon relay on loopback: Synapse (Matrix homeserver) with our module
# relay/beacon_relay.py. Make sure it is installed in .relay/venv (git-ignored), from PyPI, with Python ≥ 3.10.
# Idempotent and quiet: prints only when installing or on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION='1.163.2'
VENV=.relay/venv

# Fast path: already installed at this version.
if [ -x "$VENV/bin/python" ] && [ "$("$VENV/bin/python" -c 'import synapse; print(synapse.__version__.split(" ")[0])' 2>/dev/null)" = "$VERSION" ]; then exit 0; fi

python=''
for candidate in python3.13 python3.12 python3.11 python3.10 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    python="$candidate"
    break
  fi
done
if [ -z "$python" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's python3-venv for the Beacon relay…" >&2
    export DEBIAN_FRONTEND=noninteractive
    # .ci/run may be installing chromium at the same moment: wait for apt's lock rather than fail.
    apt-get -o DPkg::Lock::Timeout=600 update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3 python3-venv >/dev/null
    python=python3
  else
    echo "The wallet suite needs Python ≥ 3.10 with venv to run Synapse (the Beacon relay): install it, then run bash scripts/ensure-synapse.sh." >&2
    exit 1
  fi
fi

echo "installing matrix-synapse $VERSION into $VENV for the Beacon relay…" >&2
rm -rf "$VENV"
mkdir -p .relay
"$python" -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check "matrix-synapse==$VERSION" >&2
