#!/usr/bin/env bash
# Checks that a distributed run gives the same results on any number of MPI ranks: runs the
# san-distributed example of the MPI build (make mpi) on 1, 2 and 4 ranks with each of ns-3's
# two engines (granted time window, null messages), and on 2 ranks with the links' Delay as the
# lookahead (--minPacketSize=0), and requires byte-identical results CSVs; then the same tree in
# Cell mode (cells cross the cuts) on 1 rank and on 2 with each engine, identical to its own
# 1-rank run; then the interfaces' request/response, incast and all-to-all (san-distributed
# --interface) on 1, 2 and 4 ranks, identical to their 1-rank runs. Prints each run's wall time and the
# lookahead it used. Ends with "N passed, N failed".
#
# Usage: scripts/check-mpi.sh PROGRAM [extra san-distributed arguments]
#   PROGRAM  the san-distributed program of the MPI build
# Environment: SAN_MPI_RANKS (default "1 2 4"), SAN_MPI_ENGINES (default "granted null"),
#              SAN_MPI_OUT (folder for the CSVs and logs, default build/mpi-check).
set -uo pipefail

program=${1:?usage: scripts/check-mpi.sh PROGRAM [arguments]}
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${SAN_MPI_OUT:-$here/build/mpi-check}
ranks_list=${SAN_MPI_RANKS:-1 2 4}
engines=${SAN_MPI_ENGINES:-granted null}
mkdir -p "$out"

# A 4-ary 3-tree (64 hosts) at half load, virtual cut-through, unless told otherwise: small
# enough for CI, large enough that every cut link carries thousands of messages.
args=(--topology=fat-tree --k=4 --n=3 --load=0.5 --warmup=100 --measure=2000 --drain=500 "$@")

mpirun_flags=(--oversubscribe)
if [ "$(id -u)" -eq 0 ]; then
    mpirun_flags+=(--allow-run-as-root)
fi
# Inside containers the shared-memory transport's single-copy mechanism (CMA) is often refused.
export OMPI_MCA_btl_vader_single_copy_mechanism=none

passed=0
failed=0
# What failed, repeated before the totals: a CI log often keeps only its last lines.
failures=()
# Counts CSV $2 as passed if it is byte-identical to the reference $1, else shows the change.
judge() {
    if cmp -s "$1" "$2"; then
        echo "check-mpi:   identical to $(basename "$1")"
        passed=$((passed + 1))
    else
        echo "check-mpi:   DIFFERS from $(basename "$1"):"
        diff "$1" "$2" | head -n 6
        failed=$((failed + 1))
        failures+=("$(basename "$2") differs from $(basename "$1"): $(diff "$1" "$2" | head -n 3 | tr '\n' ' ')")
    fi
}
# Runs mpirun with the arguments given, its output in log $1. A failure without a word from
# san-distributed, an abort or a signal (Open MPI could not start or connect its ranks: the
# machine's failure, not the model's) is tried once more and says so; any other is not.
run_mpi() {
    local log=$1
    shift
    mpirun "${mpirun_flags[@]}" "$@" >"$log" 2>&1
    local rc=$?
    if [ "$rc" -eq 0 ]; then
        return 0
    fi
    if grep -qE '^san-distributed|aborted\. |msg=|file=|terminate called|on signal' "$log"; then
        return 1
    fi
    echo "check-mpi:   mpirun failed (exit $rc) before the model said a word; trying once more:"
    tail -n 5 "$log"
    mpirun "${mpirun_flags[@]}" "$@" >"$log" 2>&1
}
# Each engine on each number of ranks with the default lookahead (cut links' lead: Delay plus
# what the packet size allows), then on 2 ranks with the Delay alone (--minPacketSize=0: ns-3's
# engines find the lookahead themselves).
runs=()
for engine in $engines; do
    for ranks in $ranks_list; do
        runs+=("$engine $ranks")
    done
done
for engine in $engines; do
    runs+=("$engine 2 --minPacketSize=0")
done
# Cell mode (cells cross the cuts with copies of their packets): its own reference, one rank.
runs+=("granted 1 --switching=Cell")
for engine in $engines; do
    runs+=("$engine 2 --switching=Cell")
done
declare -A references=()
for run in "${runs[@]}"; do
    read -r engine ranks extra <<<"$run"
    case "$extra" in
        --switching=Cell) group=cell tag=$engine-$ranks-cell ;;
        --minPacketSize=0) group=main tag=$engine-$ranks-delay ;;
        *) group=main tag=$engine-$ranks ;;
    esac
    reference=${references[$group]:-}
    csv=$out/dist-$tag.csv
    log=$out/dist-$tag.log
    rm -f "$csv"
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # extra is empty or one argument
    if ! run_mpi "$log" -np "$ranks" "$program" "${args[@]}" $extra \
            --engine="$engine" --csv="$csv"; then
        echo "check-mpi: $engine on $ranks rank(s) failed:"
        tail -n 20 "$log"
        failed=$((failed + 1))
        failures+=("$engine on $ranks rank(s)${extra:+ $extra} failed: $(tail -n 3 "$log" | tr '\n' ' ')")
        continue
    fi
    wall_ms=$((($(date +%s%N) - start) / 1000000))
    echo "check-mpi: $engine, $ranks rank(s)${extra:+ $extra}: $(head -n 1 "$log" | sed 's/^san-distributed: //')"
    echo "check-mpi:   $(tail -n 1 "$log" | sed 's/^san-distributed: //'); wall $((wall_ms / 1000)).$(printf '%03d' $((wall_ms % 1000))) s with start-up"
    if [ -z "$reference" ]; then
        references[$group]=$csv
        echo "check-mpi:   reference: $(tail -n 1 "$csv")"
        passed=$((passed + 1))
    else
        judge "$reference" "$csv"
    fi
done

# The interfaces' own workloads (san-distributed --interface: SanBenchRanks), 64 hosts on a
# 4-ary 3-tree in groups of 16: each on 1 rank (its reference), then on 2 ranks under each
# engine and on 4 under the granted time window, byte-identical. All-to-all's processes join
# by time (--slot: VMMC maps four rings at 1 ms each per connection, and NX's start-up so;
# SHRIMP's sockets connect over a 10 Mbit/s Ethernet first, whose links to its hub ns-3 makes
# remote where they cross ranks).
nics=${SAN_MPI_NICS:-dart:as-published dart:modern hamlyn:modern clan:modern scilan:modern \
shrimp-vmmc:modern shrimp-nx:modern shrimp-sockets:modern tcp:modern tcp:same-hosts}
nic_workloads=${SAN_MPI_NIC_WORKLOADS:-request-response incast all-to-all}
for nic in $nics; do
    iface=${nic%%:*}
    preset=${nic#*:}
    for workload in $nic_workloads; do
        times=()
        if [ "$workload" = all-to-all ]; then
            if [ "$iface" = shrimp-sockets ]; then
                times=(--slot=10ms --go=1400ms --until=1500ms)
            elif [ "$iface" = shrimp-vmmc ] || [ "$iface" = shrimp-nx ]; then
                times=(--slot=5ms --go=700ms --until=800ms)
            elif [ "$iface" = tcp ]; then
                # A connect through the 1990s Ethernet's store-and-forward switches and
                # NT's stack takes hundreds of us.
                times=(--slot=1ms --go=150ms --until=400ms)
            else
                times=(--slot=100us --go=20ms --until=100ms)
            fi
        elif [ "$iface" = shrimp-sockets ]; then
            # Sixteen processes set their connections up over the 10 Mbit/s Ethernet at once,
            # each server's port sending the frames for its clients one after another: the
            # last connects after about 11 ms.
            times=(--go=20ms --until=120ms)
        elif [ "$iface" = hamlyn ]; then
            # Fifteen clients ask one server's single request buffer at once; the copies it
            # drops are sent again at doubling intervals (SanRatsMessenger RequestTimeoutMax):
            # the last connects after tens of ms.
            times=(--go=50ms --until=150ms)
        fi
        reference=""
        for run in "granted 1" "granted 2" "null 2" "granted 4"; do
            read -r engine ranks <<<"$run"
            tag=nic-$iface-$preset-$workload-$engine-$ranks
            csv=$out/$tag.csv
            log=$out/$tag.log
            rm -f "$csv"
            if ! run_mpi "$log" -np "$ranks" "$program" --interface="$iface" \
                    --preset="$preset" --topology=fat-tree --hosts=64 --group=16 \
                    --workload="$workload" --engine="$engine" "${times[@]}" \
                    --csv="$csv"; then
                echo "check-mpi: $workload over $iface ($preset), $engine on $ranks rank(s) failed:"
                tail -n 20 "$log"
                failed=$((failed + 1))
                failures+=("$workload over $iface ($preset), $engine on $ranks rank(s) failed: $(tail -n 3 "$log" | tr '\n' ' ')")
                continue
            fi
            echo "check-mpi: $workload over $iface ($preset), $engine on $ranks rank(s):" \
                "$(tail -n 1 "$log" | sed 's/^san-distributed: //')"
            if [ -z "$reference" ]; then
                reference=$csv
                passed=$((passed + 1))
            else
                judge "$reference" "$csv"
            fi
        done
    done
done
for failure in "${failures[@]}"; do
    echo "check-mpi: FAILED: $failure"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
