#!/usr/bin/env bash
# Runs san's test suites through CTest in a configured and built build folder, one CTest test
# per suite, in parallel, and ends with the line "N passed, N failed" (counting suites).
#
# Usage: test/run-tests.sh [BUILD_DIR] [extra ctest arguments, e.g. -L unit or -R san-fabric]
# Environment: JOBS (default: number of cores), SAN_TEST_TIMEOUT (seconds per suite, default 900),
#              SAN_CTEST_ALL=1 (run all suites as one test in one process instead).
# Exit status: ctest's (non-zero if a suite failed, crashed or timed out, or none was found).
set -uo pipefail

build_dir=${1:-build}
shift || true
jobs=${JOBS:-$(nproc)}

if [ ! -f "$build_dir/CTestTestfile.cmake" ]; then
    echo "run-tests: $build_dir is not a configured build folder (run make build first)" >&2
    exit 2
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT

ctest --test-dir "$build_dir" --output-on-failure --no-tests=error -j "$jobs" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# ctest's summary: "97% tests passed, 1 tests failed out of 33"
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
if [ -z "$summary" ]; then
    echo "run-tests: ctest ran no test (exit status $status)" >&2
    [ "$status" -ne 0 ] || status=1
    exit "$status"
fi
failed=$(sed -E 's/.* ([0-9]+) tests? failed out of.*/\1/' <<<"$summary")
total=$(sed -E 's/.*failed out of ([0-9]+).*/\1/' <<<"$summary")
echo "$((total - failed)) passed, $failed failed"
if [ "$failed" -gt 0 ] && [ "$status" -eq 0 ]; then
    status=1
fi
exit "$status"
