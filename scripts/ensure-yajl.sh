#!/usr/bin/env bash
# Installs libyajl-dev (pkg-config `yajl`) when it is missing: as root, or through sudo.
set -euo pipefail
if pkg-config --exists yajl 2>/dev/null; then
    exit 0
fi
echo "ModelKit: libyajl-dev is missing; installing it with apt-get…" >&2
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "error: libyajl-dev is not installed and this user cannot install it (no root, no sudo)." >&2
    echo "       Install it with: apt-get install libyajl-dev" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y --no-install-recommends libyajl-dev pkg-config >/dev/null 2>&1 || {
    $SUDO apt-get update >/dev/null
    $SUDO apt-get install -y --no-install-recommends libyajl-dev pkg-config >/dev/null
}
pkg-config --exists yajl || { echo "error: libyajl-dev installed but pkg-config cannot find yajl" >&2; exit 1; }
