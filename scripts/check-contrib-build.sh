#!/usr/bin/env bash
# Checks that san builds and passes its tests inside an ns-3 source tree, as contrib/san, with
# ns-3's own CMake (build_lib) and test-runner: the way a user of a CMake-era ns-3 (3.36+)
# would use it. The tree is configured with OpenMPI (NS3_MPI=ON, ns-3's mpi module): it is also
# san's distributed build (make mpi), and its san-distributed program is checked on 1, 2 and 4
# ranks with both of ns-3's engines (scripts/check-mpi.sh).
#
#  1. scripts/install-deps.sh --source --mpi (deb-src entry, dpkg-dev, OpenMPI)
#  2. `apt-get source ns3` into build/ns3-src/ (once; the version of the installed libns3-dev)
#  3. copies this repository to <ns-3>/contrib/san (without .git, build*/, results/)
#  4. configures ns-3 with modules core;network;internet;point-to-point;applications;csma;mpi;san
#     (ns-3 adds what internet needs: bridge, traffic-control; csma because ns-3's own test
#     library, built with applications, links a CSMA test), examples and tests on, builds
#     libns3-san, its test library, ns-3's test-runner and san's examples
#  5. runs each of san's suites with ns-3's test-runner, one process per suite, JOBS at a time,
#     then ns-3's ./test.py on the examples test/examples-to-run.py lists
#  6. runs scripts/check-mpi.sh on the tree's san-distributed program; ends with
#     "N passed, N failed" (suites plus MPI runs)
#
# Usage: scripts/check-contrib-build.sh [--suite=NAME ...] [--build-only] [--mpi-only]
#   (default: all suites and the MPI check; --build-only stops after step 4 and prints where the
#   programs are; --mpi-only skips the suites)
# Environment: JOBS (default: number of cores).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src_root=$here/build/ns3-src
jobs=${JOBS:-$(nproc)}
start=$(date +%s)

elapsed() {
    echo "$(($(date +%s) - start)) s"
}

suites=()
build_only=0
mpi_only=0
for arg in "$@"; do
    case "$arg" in
        --suite=*) suites+=("${arg#--suite=}") ;;
        --build-only) build_only=1 ;;
        --mpi-only) mpi_only=1 ;;
        *) echo "check-contrib-build: unknown argument $arg" >&2; exit 2 ;;
    esac
done

bash "$here/scripts/install-deps.sh" --source --mpi

# --- 2. ns-3's source -------------------------------------------------------------------------
find_ns3_dir() {
    find "$src_root" -mindepth 2 -maxdepth 2 -type d -name 'ns-3.*' 2>/dev/null | sort | head -n 1
}
mkdir -p "$src_root"
if [ ! -f "$src_root/.san-fetched" ] || [ -z "$(find_ns3_dir)" ]; then
    echo "check-contrib-build: fetching ns-3's Debian source package into $src_root"
    rm -rf "${src_root:?}"/*
    version=$(dpkg-query -W -f='${Version}' libns3-dev 2>/dev/null || true)
    (
        cd "$src_root"
        if [ -n "$version" ]; then
            apt-get source -qq "ns3=$version" || apt-get source -qq ns3
        else
            apt-get source -qq ns3
        fi
    )
    touch "$src_root/.san-fetched"
fi
ns3_dir=$(find_ns3_dir)
if [ -z "$ns3_dir" ] || [ ! -f "$ns3_dir/CMakeLists.txt" ]; then
    echo "check-contrib-build: no ns-3 source tree found under $src_root" >&2
    exit 1
fi
echo "check-contrib-build: ns-3 source tree: $ns3_dir ($(elapsed))"

# --- 3. san as contrib/san --------------------------------------------------------------------
dest=$ns3_dir/contrib/san
rm -rf "$dest"
mkdir -p "$dest"
tar -C "$here" --exclude=./.git --exclude=./build --exclude='./build-*' --exclude=./results \
    -cf - . | tar -C "$dest" -xf -

# --- 4. configure and build -------------------------------------------------------------------
# ns-3 puts a one-line stub per header in build/include/ns3/ and never rewrites an existing one:
# remove san's, so that moved or deleted headers do not leave stale stubs.
if [ -d "$ns3_dir/build/include/ns3" ]; then
    grep -l -F "/contrib/san/" "$ns3_dir"/build/include/ns3/*.h 2>/dev/null | xargs -r rm -f
    rm -f "$ns3_dir/build/include/ns3/san-module.h"
fi
# No CMAKE_BUILD_TYPE: ns-3's "default" profile (-O2 -g, NS3_ASSERT and NS3_LOG on, warnings
# not errors). NS3_FILTER_MODULE_EXAMPLES_AND_TESTS keeps core's and network's own tests and
# examples out of the build.
cache=$ns3_dir/cmake-cache
cmake -S "$ns3_dir" -B "$cache" -G "Unix Makefiles" \
    -DNS3_ENABLED_MODULES="core;network;internet;point-to-point;applications;csma;mpi;san" \
    -DNS3_MPI=ON -DNS3_EXAMPLES=ON -DNS3_TESTS=ON \
    -DNS3_FILTER_MODULE_EXAMPLES_AND_TESTS=san \
    -DNS3_PYTHON_BINDINGS=OFF -DNS3_GTK3=OFF -DNS3_SQLITE=OFF \
    -DNS3_NETANIM=OFF -DNS3_VISUALIZER=OFF
echo "check-contrib-build: configured ($(elapsed))"
# san's library, its test library, the test-runner and san's examples (targets named after them).
targets=(libsan test-runner)
shopt -s nullglob
for example in "$dest"/examples/*.cc; do
    targets+=("$(basename "$example" .cc)")
done
shopt -u nullglob
cmake --build "$cache" -j "$jobs" --target "${targets[@]}"
echo "check-contrib-build: built ${targets[*]} ($(elapsed))"

shopt -s nullglob
libs=("$ns3_dir"/build/lib/libns3-san*.so)
runners=("$ns3_dir"/build/utils/ns3*-test-runner*)
shopt -u nullglob
if [ ${#libs[@]} -eq 0 ] || [ ${#runners[@]} -eq 0 ]; then
    echo "check-contrib-build: libns3-san or the test-runner was not built" >&2
    exit 1
fi
runner=${runners[0]}
echo "check-contrib-build: library ${libs[0]}"
distributed=$(find "$ns3_dir/build" -type f -perm -u+x -name '*san-distributed*' | head -n 1)
if [ -z "$distributed" ]; then
    echo "check-contrib-build: the san-distributed program was not built" >&2
    exit 1
fi
echo "check-contrib-build: distributed program $distributed"
if [ "$build_only" -eq 1 ]; then
    echo "check-contrib-build: built; run e.g."
    echo "  mpirun --oversubscribe -np 2 $distributed --topology=fat-tree --k=16 --n=3"
    exit 0
fi

# --- 5. run the suites ------------------------------------------------------------------------
if [ "$mpi_only" -eq 1 ]; then
    suites=()
elif [ ${#suites[@]} -eq 0 ]; then
    # Every suite of the test-runner except ns-3's own (those of its src/test module, whose
    # names appear in ns-3's src/ tree).
    mapfile -t listed < <("$runner" --list)
    for suite in "${listed[@]}"; do
        if ! grep -rqF --include='*.cc' "\"$suite\"" "$ns3_dir/src"; then
            suites+=("$suite")
        fi
    done
fi
if [ ${#suites[@]} -eq 0 ] && [ "$mpi_only" -eq 0 ]; then
    echo "check-contrib-build: the test-runner lists no san suite" >&2
    exit 1
fi

# One process per suite, $jobs at a time; each suite's output is printed whole, in the list's
# order, once all have run.
passed=0
failed=0
failed_names=()
cd "$ns3_dir"
logs=$(mktemp -d)
printf '%s\n' "${suites[@]}" | xargs -r -P "$jobs" -I{} bash -c \
    '"$1" --suite="$2" --verbose >"$3/$2.log" 2>&1; echo $? >"$3/$2.status"' _ "$runner" {} "$logs"
for suite in "${suites[@]}"; do
    cat "$logs/$suite.log" 2>/dev/null || true
    if [ "$(cat "$logs/$suite.status" 2>/dev/null)" = 0 ]; then
        passed=$((passed + 1))
    else
        echo "check-contrib-build: suite $suite failed"
        failed=$((failed + 1))
        failed_names+=("$suite")
    fi
done
rm -rf "$logs"

# --- 5b. ns-3's test.py runs san's examples (test/examples-to-run.py) ------------------------
testpy_log=$(mktemp)
if [ "$mpi_only" -eq 0 ]; then
    /usr/bin/python3 ./test.py --no-build --constrain=example >"$testpy_log" 2>&1 || true
    grep -E "PASS|FAIL|CRASH|SKIP|tests passed" "$testpy_log" || true
fi
if [ "$mpi_only" -eq 1 ]; then
    :
elif grep -qE "^[0-9]+ of [0-9]+ tests passed \([0-9]+ passed, 0 skipped, 0 failed, 0 crashed" \
    "$testpy_log" && grep -q "contrib/san/examples/fabric-first" "$testpy_log"; then
    passed=$((passed + 1))
else
    echo "check-contrib-build: test.py did not run san's examples cleanly"
    failed=$((failed + 1))
    failed_names+=("test.py examples")
fi
rm -f "$testpy_log"

# --- 6. the distributed runs ------------------------------------------------------------------
mpi_log=$(mktemp)
bash "$here/scripts/check-mpi.sh" "$distributed" | tee "$mpi_log"
mpi_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$mpi_log" | tail -n 1)
rm -f "$mpi_log"
if [ -z "$mpi_line" ]; then
    failed=$((failed + 1))
    failed_names+=("check-mpi")
else
    read -r mpi_passed _ mpi_failed _ <<<"${mpi_line//,/}"
    passed=$((passed + mpi_passed))
    failed=$((failed + mpi_failed))
    [ "$mpi_failed" -eq 0 ] || failed_names+=("check-mpi")
fi

echo "check-contrib-build: total time $(elapsed)"
if [ "$failed" -gt 0 ]; then
    echo "check-contrib-build: failed suites: ${failed_names[*]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
