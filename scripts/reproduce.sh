#!/usr/bin/env bash
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
#
# Run every example into results/, then plot and write results/REPORT.md.
# `make reproduce` builds into build/ first and then calls this script.
#
#   bash scripts/reproduce.sh              all examples, full settings
#   SAN_QUICK=1 bash scripts/reproduce.sh  smaller settings (a quick look, not the numbers to quote)
#   bash scripts/reproduce.sh fabric-load  only the named examples, then the analysis
#
# Environment: BUILD_DIR (default build), SAN_QUICK (1 = quick settings), SAN_COMMIT (the
# commit to record; default: `git rev-parse --short HEAD` of this tree, else "unknown").
# Each example's stdout and stderr go to the terminal and to results/<example>.log.
# SAN_COMMIT and SAN_QUICK are exported: the examples' results writer (helper/paper/) records
# them in each CSV's provenance comments, and make_report.py in REPORT.md's.

set -euo pipefail

# The examples, in the order they run. To add a paper: append its example's name here
# (and, if it needs options, a case in example_args below). Each writes results/<name>.csv.
EXAMPLES=(
    fabric-load
    fabric-bench
    hamlyn-paper
    dart-paper
    tripwire-paper
    scilan-paper
    shrimp-paper
    nic-shootout
)

PYTHON=/usr/bin/python3
BUILD_DIR=${BUILD_DIR:-build}
RESULTS=results
QUICK=${SAN_QUICK:-0}

# Options for one example: the CSV it writes, plus smaller settings in quick mode.
example_args() {
    local name=$1
    case "$name" in
        fabric-load)
            echo "--csv=$RESULTS/fabric-load.csv"
            if [ "$QUICK" = 1 ]; then echo "--step=0.1 --measure=1000"; fi
            ;;
        fabric-bench)
            echo "--csv=$RESULTS/fabric-bench.csv"
            if [ "$QUICK" = 1 ]; then echo "--packetTimes=2000"; fi
            ;;
        hamlyn-paper)
            # results/hamlyn.csv, plus hamlyn-latency-vs-size.csv and
            # hamlyn-bandwidth-vs-size.csv beside it (same settings in quick mode).
            echo "--output=$RESULTS/hamlyn.csv"
            ;;
        dart-paper)
            # results/dart.csv, plus dart-latency-vs-size.csv and dart-latency-breakdown.csv
            echo "--output=$RESULTS/dart.csv"
            ;;
        tripwire-paper)
            # results/tripwire.csv, plus tripwire-fig7..fig12 side files beside it
            echo "--output=$RESULTS/tripwire.csv"
            ;;
        scilan-paper)
            # results/scilan.csv, plus scilan-fig7..fig11 and scilan-tcp-* side files
            echo "--output=$RESULTS/scilan.csv"
            ;;
        shrimp-paper)
            # results/shrimp.csv, plus shrimp-fig3..fig8 side files
            echo "--output=$RESULTS/shrimp.csv"
            ;;
        nic-shootout)
            # results/shootout.csv: the benchmark workloads over every interface
            echo "--csv=$RESULTS/shootout.csv"
            if [ "$QUICK" = 1 ]; then echo "--sizes=8,4096 --rounds=5 --messages=16"; fi
            ;;
        *) ;; # a paper example: its defaults write results/<paper>.csv
    esac
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ -z "${SAN_COMMIT:-}" ]; then
    SAN_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || true)
    SAN_COMMIT=${SAN_COMMIT:-unknown}
fi
SAN_QUICK=$QUICK
export SAN_COMMIT SAN_QUICK

if [ "$#" -gt 0 ]; then
    EXAMPLES=("$@")
fi

for name in "${EXAMPLES[@]}"; do
    if [ ! -x "$BUILD_DIR/examples/$name" ]; then
        echo "reproduce: $BUILD_DIR/examples/$name not found; build first (make build)" >&2
        exit 1
    fi
done
if ! "$PYTHON" -c 'import matplotlib, numpy' 2>/dev/null; then
    echo "reproduce: $PYTHON lacks matplotlib or numpy (apt-get install python3-matplotlib)" >&2
    exit 1
fi

mkdir -p "$RESULTS"
if [ "$QUICK" = 1 ]; then
    echo "reproduce: SAN_QUICK=1: quick settings, coarser and noisier than a full run"
fi
echo "reproduce: recording commit $SAN_COMMIT ($([ "$QUICK" = 1 ] && echo quick || echo full) run)"

for name in "${EXAMPLES[@]}"; do
    # shellcheck disable=SC2207  # the options contain no spaces or wildcards
    args=($(example_args "$name"))
    echo "reproduce: running $BUILD_DIR/examples/$name ${args[*]}"
    start=$SECONDS
    "$BUILD_DIR/examples/$name" "${args[@]}" 2>&1 | tee "$RESULTS/$name.log"
    echo "reproduce: $name done in $((SECONDS - start)) s (log: $RESULTS/$name.log)"
done

if [ -f "$RESULTS/fabric-load.csv" ]; then
    "$PYTHON" analysis/plot_fabric_load.py "$RESULTS/fabric-load.csv" --outdir "$RESULTS"
fi
if [ -f "$RESULTS/hamlyn-latency-vs-size.csv" ] && [ -f "$RESULTS/hamlyn-bandwidth-vs-size.csv" ]; then
    "$PYTHON" analysis/plot_hamlyn.py --results "$RESULTS"
fi
if [ -f "$RESULTS/dart-latency-vs-size.csv" ] && [ -f "$RESULTS/dart-latency-breakdown.csv" ]; then
    "$PYTHON" analysis/plot_dart.py --results "$RESULTS"
fi
if [ -f "$RESULTS/tripwire-fig7-raw-bandwidth.csv" ]; then
    "$PYTHON" analysis/plot_tripwire.py --results "$RESULTS"
fi
if [ -f "$RESULTS/scilan-fig7-copy.csv" ]; then
    "$PYTHON" analysis/plot_scilan.py --results "$RESULTS"
fi
if [ -f "$RESULTS/shrimp-fig3-vmmc.csv" ]; then
    "$PYTHON" analysis/plot_shrimp.py --results "$RESULTS"
fi
if [ -f "$RESULTS/shootout.csv" ]; then
    "$PYTHON" analysis/plot_shootout.py --results "$RESULTS"
fi
"$PYTHON" analysis/make_report.py --results "$RESULTS"

echo "reproduce: report: $PWD/$RESULTS/REPORT.md"
