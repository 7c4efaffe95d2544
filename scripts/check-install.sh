#!/usr/bin/env bash
# Installs the standalone build (default build/) into a scratch prefix, then builds and runs
# examples/out-of-tree/hello-san twice against it: with CMake (find_package(san), san::san) and
# with pkg-config (san.pc), each without LD_LIBRARY_PATH (the library is found by rpath). Checks
# the installed tools (bin/san-*), the Wireshark dissector and the analysis scripts. Ends with
# "N passed, N failed" like the other test steps.
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

# A program's output is read whole before it is searched: "program | grep -q" under pipefail
# fails when grep has its line and exits while the program still writes (SIGPIPE), which a
# loaded machine makes likely (san-run --help, six writes: 41 of 200 such pipes failed).
run_hello() { # binary
    local out
    out=$(env -u LD_LIBRARY_PATH "$1") || return 1
    printf '%s\n' "$out" >&2
    grep -q "^hello-san: 512 bytes from host 0 in [0-9]* ns over [0-9]* switches$" <<<"$out"
}

installed_tools() { # every program under a san- name in bin/, and two of them run
    local t
    for t in san-run san-scaling san-fabric-load san-fabric-bench san-fabric-first \
             san-hamlyn-paper san-dart-paper san-tripwire-paper san-scilan-paper san-shrimp-paper; do
        [ -x "$prefix/bin/$t" ] || { echo "missing: bin/$t"; return 1; }
    done
    local first help
    first=$(env -u LD_LIBRARY_PATH "$prefix/bin/san-fabric-first") || return 1
    help=$(env -u LD_LIBRARY_PATH "$prefix/bin/san-run" --help) || return 1
    grep -q "^fabric-first: 512 bytes from host 0" <<<"$first" &&
        grep -q -- "--topology" <<<"$help"
}

installed_files() { # the dissector and the analysis scripts
    test -f "$prefix/share/san/wireshark/san.lua" &&
        test -f "$prefix/share/san/analysis/make_report.py" &&
        test -f "$prefix/share/san/analysis/sancsv.py" &&
        /usr/bin/python3 "$prefix/share/san/analysis/make_report.py" --help >/dev/null
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
check installed-tools installed_tools
check installed-files installed_files
check cmake-package cmake_program
check pkg-config pkgconfig_program
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
