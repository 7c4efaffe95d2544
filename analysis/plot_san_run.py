#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot san-run sweeps: latency and accepted throughput against offered load.

    /usr/bin/python3 analysis/plot_san_run.py RUN.csv [MORE.csv ...] [--out FILE.png]

Each file is one san-run --csv sweep and one curve. Top: the mean latency in
packet-times, with its 95% confidence interval as bars when the run had more than
one seed, and the 99th percentile dashed. Bottom: accepted against offered
throughput with its interval, the line accepted = offered, and the pattern's load
bound (dotted, where the file records one). A point san-run judged saturated is
drawn hollow. FILE defaults to the first CSV's name with .png.
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sancsv  # noqa: E402


def label_of(path, rows):
    """The run's topology, routing and pattern, or the file's name for an older file."""
    first = rows[0]
    names = [first[c].replace("ns3::", "") for c in ("topology", "routing", "pattern") if first[c]]
    return " / ".join(names) if names else os.path.splitext(os.path.basename(path))[0]


def plot(paths, out):
    """Draw every sweep of `paths` into `out` (PNG). Raises sancsv.CsvError for a bad file."""
    runs = [(p, sancsv.read_san_run(p)) for p in paths]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(6.4, 7.2), sharex=True)
    for index, (path, rows) in enumerate(runs):
        color = "C%d" % (index % 10)
        label = label_of(path, rows)
        x = [r["offered_load"] for r in rows]
        open_points = [r["saturated"] != 0 for r in rows]
        top.errorbar(x, [r["latency_mean"] for r in rows], yerr=[r["latency_mean_ci95"] for r in rows],
                     color=color, marker="o", ms=4, capsize=3, label=label + ", mean")
        top.plot(x, [r["latency_p99"] for r in rows], color=color, linestyle="--", linewidth=1,
                 label=label + ", 99th percentile")
        bottom.errorbar(x, [r["accepted"] for r in rows], yerr=[r["accepted_ci95"] for r in rows],
                        color=color, marker="o", ms=4, capsize=3, label=label)
        for xs, r, hollow in zip(x, rows, open_points):
            if hollow:
                bottom.plot([xs], [r["accepted"]], marker="o", ms=8, markerfacecolor="white",
                            markeredgecolor=color, linestyle="none")
        bound = rows[0]["load_bound"]
        if bound is not None:
            bottom.axvline(bound, color=color, linestyle=":", linewidth=1)
            bottom.annotate("bound %.3g" % bound, (bound, 0), xytext=(3, 3), textcoords="offset points",
                            color=color, fontsize=8)
    top.set_ylabel("latency, packet-times")
    top.set_yscale("log")
    top.grid(True, which="both", alpha=0.3)
    top.legend(fontsize=7)
    highest = max(r["offered_load"] for _, rows in runs for r in rows)
    bottom.plot([0, highest], [0, highest], color="gray", linewidth=0.8, label="accepted = offered")
    bottom.set_xlabel("offered load, packets per host per packet-time")
    bottom.set_ylabel("accepted throughput")
    bottom.grid(True, alpha=0.3)
    bottom.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="san-run --csv files")
    parser.add_argument("--out", help="the PNG to write (default: the first CSV with .png)")
    args = parser.parse_args(argv)
    out = args.out or os.path.splitext(args.csv[0])[0] + ".png"
    try:
        plot(args.csv, out)
    except sancsv.CsvError as e:
        print("plot_san_run: %s" % e, file=sys.stderr)
        return 1
    print("plot_san_run: wrote %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
