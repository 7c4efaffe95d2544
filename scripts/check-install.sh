#!/usr/bin/env bash
# Installs the standalone build (default build/) into a scratch prefix, then builds and runs
# examples/out-of-tree/hello-san twice against it: with CMake (find_package(san), san::san) and
# with pkg-config (san.pc). Ends with "N passed, N failed" like the other test steps.
#   bash scripts/check-install.sh [build-dir]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
passed=0
failed=0

check() { # name command...
    local name=$1
    shift
    if "$@" >"$work/$name.log" 2>&1; then
        echo "check-install: $name: ok"
        passed=$((passed + 1))
    else
        echo "check-install: $name: FAILED" >&2
        tail -n 30 "$work/$name.log" >&2
        failed=$((failed + 1))
    fi
}

run_hello() { # binary
    LD_LIBRARY_PATH="$prefix/lib:$prefix/lib/$(gcc -print-multiarch 2>/dev/null || true)" "$1" |
        tee /dev/stderr | grep -q "^hello-san: 512 bytes from host 0 in [0-9]* ns over [0-9]* switches$"
}

cmake_program() {
    cmake -S examples/out-of-tree -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" &&
        cmake --build "$work/cmake-build" && run_hello "$work/cmake-build/hello-san"
}

pkgconfig_program() {
    local pc
    pc=$(find "$prefix" -name san.pc -printf '%h\n' | head -n 1)
    PKG_CONFIG_PATH="$pc" pkg-config --exists san &&
        g++ -std=c++17 -o "$work/hello-san-pc" examples/out-of-tree/hello-san.cc \
            $(PKG_CONFIG_PATH="$pc" pkg-config --cflags --libs san) &&
        run_hello "$work/hello-san-pc"
}

check install cmake --install "$build" --prefix "$prefix"
check wireshark-dissector test -f "$prefix/share/san/wireshark/san.lua"
check cmake-package cmake_program
check pkg-config pkgconfig_program
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
