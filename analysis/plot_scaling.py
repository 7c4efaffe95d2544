#!/usr/bin/python3
"""Plots of san-scaling's CSVs: speed, per-hop cost, memory and build time against size.

Reads results/san-scaling.csv (and results/san-scaling-schedulers.csv if present), written by
examples/san-scaling, and writes san-scaling.png (four panels, log axes, one line per topology
family) and san-scaling-schedulers.png (switch-hops per second of each scheduler on each
workload).

    /usr/bin/python3 analysis/plot_scaling.py [--results results] [--outdir DIR]
"""

import argparse
import csv
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

NUMERIC = (
    "hosts",
    "switches",
    "switch_hops",
    "build_s",
    "run_wall_s",
    "hop_rate_wall",
    "hop_rate_cpu",
    "ns_per_hop",
    "rss_per_host_kib",
)


def read(path):
    """The rows of a san-scaling CSV, numeric columns as floats."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for n, row in enumerate(rows, start=2):
        for key in NUMERIC:
            if key not in row:
                raise ValueError("no column %s" % key)
            try:
                row[key] = float(row[key])
            except ValueError:
                raise ValueError("line %d: %s is not a number: %r" % (n, key, row[key]))
    return rows


def plot_sizes(rows, out):
    by_family = defaultdict(list)
    for r in rows:
        by_family[r["family"]].append(r)
    panels = (
        ("hop_rate_wall", "switch-hops per wall second"),
        ("ns_per_hop", "processor ns per switch-hop"),
        ("rss_per_host_kib", "memory per host (KiB)"),
        ("build_s", "build and install (s)"),
    )
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    # One size per family (the quick set): a line would be a lone dot, so one bar per workload,
    # its name under it, slanted so that the names do not overlap.
    single = max(len(rs) for rs in by_family.values()) == 1
    for ax, (key, label) in zip(axes.flat, panels):
        if single:
            rs = sorted(rows, key=lambda r: (r["family"], r["hosts"]))
            ax.bar(range(len(rs)), [max(r[key], 1e-3) for r in rs], color="tab:blue")
            ax.set_xticks(range(len(rs)))
            ax.set_xticklabels(
                ["%s\n%d hosts" % (r["workload"], r["hosts"]) for r in rs],
                fontsize=7,
                rotation=30,
                ha="right",
            )
            ax.set_ylabel(label)  # linear from 0: a bar's height is its value
            ax.grid(True, axis="y", alpha=0.3)
            continue
        for family, rs in sorted(by_family.items()):
            rs = sorted(rs, key=lambda r: r["hosts"])
            ax.plot(
                [r["hosts"] for r in rs],
                [max(r[key], 1e-3) for r in rs],
                marker="o",
                ms=4,
                label=family,
            )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("hosts")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    scheduler = sorted({r["scheduler"] for r in rows})
    fig.suptitle("san-scaling: uniform traffic at half capacity (%s)" % ", ".join(scheduler))
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def plot_schedulers(rows, out):
    workloads = sorted({r["workload"] for r in rows})
    schedulers = sorted({r["scheduler"] for r in rows})
    fig, ax = plt.subplots(figsize=(8, 4.2))
    width = 0.8 / max(len(schedulers), 1)
    for i, s in enumerate(schedulers):
        values = []
        for w in workloads:
            match = [r["hop_rate_wall"] for r in rows if r["workload"] == w and r["scheduler"] == s]
            values.append(match[0] if match else 0)
        ax.bar([j + i * width for j in range(len(workloads))], values, width, label=s)
    ax.set_xticks([j + width * (len(schedulers) - 1) / 2 for j in range(len(workloads))])
    ax.set_xticklabels(workloads, fontsize=8)
    ax.set_ylabel("switch-hops per wall second")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=7)
    ax.set_title("ns-3 schedulers on the fabric")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", default="results")
    parser.add_argument("--outdir", default=None)
    args = parser.parse_args()
    outdir = args.outdir or args.results
    os.makedirs(outdir, exist_ok=True)
    for name, draw in (("san-scaling", plot_sizes), ("san-scaling-schedulers", plot_schedulers)):
        path = os.path.join(args.results, name + ".csv")
        if not os.path.exists(path):
            print("plot_scaling: %s not found, skipped" % path)
            continue
        try:
            rows = read(path)
        except (ValueError, OSError) as e:
            sys.exit("plot_scaling: %s: %s" % (path, e))
        if not rows:
            print("plot_scaling: %s has no rows, skipped" % path)
            continue
        out = os.path.join(outdir, name + ".png")
        draw(rows, out)
        print("plot_scaling: wrote %s" % out)


if __name__ == "__main__":
    main()
