#!/usr/bin/env bash
# Installs the Debian packages san needs, only when something is missing.
# Usage: scripts/install-deps.sh [--source]   (--source also adds a deb-src entry and dpkg-dev,
# which scripts/check-contrib-build.sh needs to fetch ns-3.37's source with apt-get source)
set -euo pipefail

# ns3 (the helper programs in /usr/libexec/ns3) is needed too: the CMake targets that
# libns3-dev exports name them, and find_package(ns3) fails when they are missing.
# ccache speeds up rebuilds (ns-3's own CMake and ours pick it up by themselves).
PACKAGES=(cmake g++ make libns3-dev ns3 libgsl-dev libxml2-dev libpython3.11-dev
          libboost-graph-dev python3-matplotlib python3-numpy clang-format ccache)

missing=()
for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ ${#missing[@]} -gt 0 ]; then
    echo "install-deps: installing ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
    echo "install-deps: all packages present"
fi

if [ "${1:-}" = "--source" ]; then
    if ! grep -rqs "^Types:.*deb-src" /etc/apt/sources.list.d/ && ! grep -qs "^deb-src" /etc/apt/sources.list; then
        echo "install-deps: adding a deb-src entry for ns-3's source package"
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
            | $SUDO tee /etc/apt/sources.list.d/san-deb-src.sources >/dev/null
        $SUDO apt-get update -qq
    fi
    if ! dpkg-query -W -f='${Status}' dpkg-dev 2>/dev/null | grep -q "install ok installed"; then
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends dpkg-dev
    fi
fi
