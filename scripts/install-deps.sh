#!/usr/bin/env bash
# Installs the Debian packages san needs, only when something is missing.
# Usage: scripts/install-deps.sh [--source] [--mpi]
#   --source  also adds a deb-src entry and dpkg-dev, which scripts/check-contrib-build.sh needs
#             to fetch ns-3.37's source with apt-get source
#   --mpi     also installs OpenMPI (libopenmpi-dev, openmpi-bin), for ns-3's mpi module
set -euo pipefail

# ns3 (the helper programs in /usr/libexec/ns3) is needed too: the CMake targets that
# libns3-dev exports name them, and find_package(ns3) fails when they are missing.
# ccache speeds up rebuilds (ns-3's own CMake and ours pick it up by themselves). tshark
# decodes san's pcap files with tools/wireshark/san.lua (the san-wireshark suite runs it).
# libjemalloc-dev: the programs' allocator (CMakeLists.txt, SAN_MALLOC).
PACKAGES=(cmake g++ make pkg-config libns3-dev ns3 libgsl-dev libxml2-dev libpython3.11-dev
          libboost-graph-dev nlohmann-json3-dev python3-matplotlib python3-numpy clang-format
          ccache tshark libjemalloc-dev)

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

# A deb-src entry for Debian's main archive, derived from this machine's own apt sources (the
# stanza or line that serves the release's main component), so that no server is named here.
derive_deb_src() {
    local code
    code=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    [ -n "$code" ] || return 1
    local f out
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        out=$(awk -v code="$code" '
            BEGIN { RS = ""; FS = "\n" }
            $0 ~ /(^|\n)Types:[ \t]*([^\n]*[ \t])?deb([ \t]|\n|$)/ &&
            $0 ~ ("(^|\n)Suites:[^\n]*[ \t]" code "([ \t]|\n|$)") &&
            $0 ~ /(^|\n)Components:[^\n]*main/ {
                for (i = 1; i <= NF; i++) {
                    if ($i ~ /^#/) continue
                    if ($i ~ /^Types:/) $i = "Types: deb-src"
                    if ($i ~ /^Suites:/) $i = "Suites: " code
                    print $i
                }
                exit
            }' "$f")
        if [ -n "$out" ]; then
            printf '%s\n' "$out"
            return 0
        fi
    done
    if [ -f /etc/apt/sources.list ]; then
        out=$(grep -E "^deb[[:space:]]+[^[:space:]]+[[:space:]]+$code[[:space:]].*main" \
              /etc/apt/sources.list | head -n 1 | sed 's/^deb /deb-src /')
        if [ -n "$out" ]; then
            printf '%s\n' "$out"
            return 0
        fi
    fi
    return 1
}

want_source=0
want_mpi=0
for arg in "$@"; do
    case "$arg" in
        --source) want_source=1 ;;
        --mpi) want_mpi=1 ;;
        *) echo "install-deps: unknown argument $arg" >&2; exit 2 ;;
    esac
done

if [ "$want_mpi" -eq 1 ]; then
    mpi_missing=()
    for p in libopenmpi-dev openmpi-bin; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            mpi_missing+=("$p")
        fi
    done
    if [ ${#mpi_missing[@]} -gt 0 ]; then
        echo "install-deps: installing ${mpi_missing[*]}"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
            "${mpi_missing[@]}"
    fi
fi

if [ "$want_source" -eq 1 ]; then
    if ! grep -rqs "^Types:.*deb-src" /etc/apt/sources.list.d/ && ! grep -qs "^deb-src" /etc/apt/sources.list; then
        echo "install-deps: adding a deb-src entry (derived from this machine's apt sources) for ns-3's source package"
        entry=$(derive_deb_src) || {
            echo "install-deps: no apt source for this release's main component to derive a deb-src entry from" >&2
            exit 1
        }
        case "$entry" in
            deb-src*) printf '%s\n' "$entry" | $SUDO tee /etc/apt/sources.list.d/san-deb-src.list >/dev/null ;;
            *) printf '%s\n' "$entry" | $SUDO tee /etc/apt/sources.list.d/san-deb-src.sources >/dev/null ;;
        esac
        $SUDO apt-get update -qq
    fi
    if ! dpkg-query -W -f='${Status}' dpkg-dev 2>/dev/null | grep -q "install ok installed"; then
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends dpkg-dev
    fi
fi
