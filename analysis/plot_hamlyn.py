#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot the Hamlyn sweeps written by examples/hamlyn-paper.

    /usr/bin/python3 analysis/plot_hamlyn.py [--results DIR] [--outdir DIR]

Reads DIR/hamlyn-latency-vs-size.csv (size_bytes,direct_io_us,dma_us: one-way
NIC-level latency, post to the receiver's notification, LANai 3) and
DIR/hamlyn-bandwidth-vs-size.csv (transfer_bytes,bandwidth_MBps: one DMA
transfer, 10^6-byte megabytes) and writes hamlyn-latency-vs-size.png and
hamlyn-bandwidth-vs-size.png. The latency figure marks where DMA breaks even
with direct I/O (the first crossing of the two curves, interpolated).
Exits with status 1, naming the file, if a CSV is missing or malformed.
"""

import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

LATENCY_HEADER = ("size_bytes", "direct_io_us", "dma_us")
BANDWIDTH_HEADER = ("transfer_bytes", "bandwidth_MBps")


class SweepError(Exception):
    """A sweep CSV that cannot be used."""


def read_columns(path, header):
    """Return one list of floats per column of `header`, checking every row."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except OSError as e:
        raise SweepError("%s: %s" % (path, e.strerror)) from None
    if not rows or tuple(c.strip() for c in rows[0]) != header:
        raise SweepError("%s:1: header must be %s" % (path, ",".join(header)))
    columns = [[] for _ in header]
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise SweepError("%s:%d: %d fields, expected %d" % (path, number, len(row), len(header)))
        for i, text in enumerate(row):
            try:
                columns[i].append(float(text))
            except ValueError:
                raise SweepError("%s:%d: %r is not a number" % (path, number, text)) from None
    if not columns[0]:
        raise SweepError("%s: no data rows" % path)
    return columns


def breakeven(sizes, direct, dma):
    """First size where DMA is no slower than direct I/O (linear interpolation), or None."""
    for i, (s, a, b) in enumerate(zip(sizes, direct, dma)):
        if b <= a:
            if i == 0:
                return s
            d0 = dma[i - 1] - direct[i - 1]
            d1 = b - a
            return sizes[i - 1] + (s - sizes[i - 1]) * d0 / (d0 - d1)
    return None


def plot_latency(path, out):
    sizes, direct, dma = read_columns(path, LATENCY_HEADER)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot(sizes, direct, marker="o", markersize=3, label="direct I/O (PIO stores)")
    ax.plot(sizes, dma, marker="s", markersize=3, label="DMA")
    even = breakeven(sizes, direct, dma)
    if even is not None:
        ax.axvline(even, color="gray", linestyle=":", linewidth=1)
        ax.annotate("break-even %.0f B" % even, xy=(even, ax.get_ylim()[1] * 0.9),
                    xytext=(5, 0), textcoords="offset points", fontsize=8, color="gray")
    ax.set_xlabel("message size (bytes of payload + metadata)")
    ax.set_ylabel("one-way latency (us)")
    ax.set_title("Hamlyn on LANai 3: post to receiver notification")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def plot_bandwidth(path, out):
    sizes, bandwidth = read_columns(path, BANDWIDTH_HEADER)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot(sizes, bandwidth, marker="o", markersize=3, label="DMA transfer (LANai 3)")
    ax.axhline(80, color="gray", linestyle=":", linewidth=1)
    ax.annotate("Myrinet link 80 MB/s", xy=(sizes[0], 80), xytext=(0, -12),
                textcoords="offset points", fontsize=8, color="gray")
    ax.set_xscale("log", base=2)
    ax.set_ylim(0, 90)
    ax.set_xlabel("transfer size (bytes)")
    ax.set_ylabel("bandwidth (MB/s, 10^6 bytes)")
    ax.set_title("Hamlyn on LANai 3: bandwidth of one transfer")
    ax.grid(True, alpha=0.3, which="both")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="results", help="folder holding the sweep CSVs")
    parser.add_argument("--outdir", default=None, help="folder for the PNGs (default: --results)")
    args = parser.parse_args(argv)
    outdir = args.outdir or args.results
    os.makedirs(outdir, exist_ok=True)
    try:
        plot_latency(os.path.join(args.results, "hamlyn-latency-vs-size.csv"),
                     os.path.join(outdir, "hamlyn-latency-vs-size.png"))
        plot_bandwidth(os.path.join(args.results, "hamlyn-bandwidth-vs-size.csv"),
                       os.path.join(outdir, "hamlyn-bandwidth-vs-size.png"))
    except SweepError as e:
        print("plot_hamlyn: %s" % e, file=sys.stderr)
        return 1
    print("plot_hamlyn: wrote %s and %s" % (os.path.join(outdir, "hamlyn-latency-vs-size.png"),
                                          os.path.join(outdir, "hamlyn-bandwidth-vs-size.png")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
