#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot examples/nic-shootout's results/shootout.csv.

    /usr/bin/python3 analysis/plot_shootout.py [--results DIR] [--outdir DIR]

Writes, per preset in the CSV, shootout-latency.png (ping-pong one-way
latency against message size, one curve per interface) and
shootout-bandwidth.png (two panels: the ping-pong's bandwidth and the
stream's, against message size) and shootout-requests.png (a request/response
server against its clients: requests per second, 99th-percentile latency,
server CPU per request; incast bandwidth against senders); a preset other than "as-published" adds its name to
the file names. Axes are logarithmic. Exits with status 1, naming
the file, if the CSV is malformed.
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sancsv  # noqa: E402


def curves(rows, workload, figure, preset, x="size_bytes"):
    """{interface: ([x], [values])} for one workload's figure, x ascending."""
    out = {}
    for r in rows:
        if (r["workload"], r["figure"], r["preset"]) != (workload, figure, preset):
            continue
        xs, ys = out.setdefault(r["interface"], ([], []))
        xs.append(r[x])
        ys.append(r["value"])
    for iface, (xs, ys) in out.items():
        order = sorted(range(len(xs)), key=lambda i: xs[i])
        out[iface] = ([xs[i] for i in order], [ys[i] for i in order])
    return out


def draw(ax, data, ylabel, title, xlabel="message size (bytes)"):
    """One panel: a curve per interface, or a note when there is none."""
    if not data:
        ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
    for iface, (xs, ys) in sorted(data.items()):
        ax.plot(xs, ys, marker="o", label=iface)
    ax.set_xscale("log", base=2)
    if data:
        ax.set_yscale("log")
        ax.legend(fontsize="small")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)


def plot(rows, outdir):
    """Write the figures; return their paths."""
    written = []
    for preset in sorted({r["preset"] for r in rows}):
        suffix = "" if preset == "as-published" else "-" + preset
        fig, ax = plt.subplots(figsize=(6.4, 4.4))
        draw(ax, curves(rows, "ping-pong", "one_way_latency", preset), "one-way latency (us)",
             "Ping-pong latency (%s)" % preset)
        fig.tight_layout()
        path = os.path.join(outdir, "shootout-latency%s.png" % suffix)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.4))
        draw(axes[0], curves(rows, "ping-pong", "bandwidth", preset), "MB/s",
             "Ping-pong bandwidth (%s)" % preset)
        draw(axes[1], curves(rows, "stream", "bandwidth", preset), "MB/s",
             "Stream bandwidth (%s)" % preset)
        fig.tight_layout()
        path = os.path.join(outdir, "shootout-bandwidth%s.png" % suffix)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
        if not any(r["workload"] == "request-response" and r["preset"] == preset
                   for r in rows):
            continue
        fig, axes = plt.subplots(2, 2, figsize=(11, 8.8))
        for ax, (workload, figure, ylabel, title, xlabel) in zip(axes.flat, (
                ("request-response", "requests_per_second", "requests/s", "Server throughput",
                 "clients"),
                ("request-response", "latency_p99", "us", "99th-percentile latency", "clients"),
                ("request-response", "server_cpu_per_request", "us", "Server CPU per request",
                 "clients"),
                ("incast", "bandwidth", "MB/s", "Incast bandwidth at the sink", "senders"))):
            draw(ax, curves(rows, workload, figure, preset, x="clients"), ylabel,
                 "%s (%s)" % (title, preset), xlabel=xlabel)
        fig.tight_layout()
        path = os.path.join(outdir, "shootout-requests%s.png" % suffix)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="results", help="folder with shootout.csv")
    parser.add_argument("--outdir", default=None, help="where the PNGs go (default: --results)")
    args = parser.parse_args()
    path = os.path.join(args.results, "shootout.csv")
    try:
        rows = sancsv.read_shootout(path)
    except sancsv.CsvError as e:
        print("plot_shootout: %s" % e, file=sys.stderr)
        return 1
    for written in plot(rows, args.outdir or args.results):
        print("plot_shootout: wrote %s" % written)
    return 0


if __name__ == "__main__":
    sys.exit(main())
