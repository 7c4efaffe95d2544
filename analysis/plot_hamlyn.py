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
hamlyn-bandwidth-vs-size.png. The latency figure marks where the simulated
DMA curve breaks even with direct I/O (the first crossing of the two curves,
interpolated; the paper's own break-even is withheld in our copy).

The paper's own points are drawn from DIR/hamlyn.csv (the rows written by
examples/hamlyn-paper; PAPER_POINTS below says which rows go where), each as a
star (a value) with a hollow circle at the same row's simulated value: Table 3's
direct-I/O total at 16 bytes and Table 4's DMA total at 512 bytes on the latency
figure, section 4.2's 512-byte Rats ping-pong on the bandwidth figure. Rows whose
paper value is withheld in our copy (no paper value in the CSV) are not drawn.
Without hamlyn.csv the curves are drawn alone, with a note.

Exits with status 1, naming the file, if a CSV is missing or malformed.
"""

import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paper_points  # noqa: E402
import sancsv  # noqa: E402

LATENCY_HEADER = ("size_bytes", "direct_io_us", "dma_us")
BANDWIDTH_HEADER = ("transfer_bytes", "bandwidth_MBps")

# Which rows of hamlyn.csv are the paper's points on which figure: (figure, experiment,
# metric, x in bytes, label, colour). The values come from the CSV, never from here. The
# sizes are "payload data + metadata", the sweeps' size_bytes. Table 3 and 4 count from the
# card's side (no host stores); the latency sweep also counts the host's stores of the
# request, so its curves sit a little above these points (the hollow circles are the rows'
# own simulated values). The ping-pong is a round trip (512-byte datagram, 16-byte ack),
# not one transfer. Section 4.2's 4 KB, 1 MB and pipelined bandwidths are withheld in our
# copy: their rows have no paper value and draw nothing.
PAPER_POINTS = (
    ("latency", "table3_direct_16B", "all_total_notify_us", 16,
     "Table 3, direct I/O 16 B, total with recv notify", "C0"),
    ("latency", "table4_dma_512B", "all_total_us", 512,
     "Table 4, DMA 512 B, total", "C1"),
    ("bandwidth", "rats_end_to_end", "pingpong_512B_bw_MBps", 512,
     "sec. 4.2, Rats ping-pong, 512-B datagram + ack", "C3"),
    ("bandwidth", "transfer_bw", "transfer_4KB_bw_MBps", 4096,
     "sec. 4.2, 4 KB transfers", "C2"),
    ("bandwidth", "transfer_bw", "transfer_1MB_bw_MBps", 1 << 20,
     "sec. 4.2, 1 MB transfers", "C2"),
    ("bandwidth", "pipelined_bw", "pipelined_512B_bw_MBps", 512,
     "sec. 4.2, pipelined 512-B messages", "C4"),
)


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


def read_paper(path):
    """The rows of PAPER_POINTS found in `path` with a paper value (paper_points.read), or {}
    when there is no such file. Raises SweepError if the file is malformed."""
    if not os.path.exists(path):
        print("plot_hamlyn: %s not found: the paper's points are not drawn" % path)
        return {}
    try:
        return paper_points.read(path, [(p[1], p[2]) for p in PAPER_POINTS])
    except sancsv.CsvError as e:
        raise SweepError(str(e)) from None


def draw_paper(ax, figure, paper):
    """Draw the paper's points of `figure` found in `paper`; return how many."""
    drawn = 0
    for name, experiment, metric, x, label, color in PAPER_POINTS:
        row = paper.get((experiment, metric))
        if name == figure and row is not None:
            paper_points.draw(ax, x, row, label, color=color)
            drawn += 1
    return drawn


def plot_latency(path, out, paper=None):
    sizes, direct, dma = read_columns(path, LATENCY_HEADER)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot(sizes, direct, marker="o", markersize=3, label="direct I/O (PIO stores)")
    ax.plot(sizes, dma, marker="s", markersize=3, label="DMA")
    even = breakeven(sizes, direct, dma)
    if even is not None:
        ax.axvline(even, color="gray", linestyle=":", linewidth=1)
        ax.annotate("simulated break-even %.0f B" % even, xy=(even, ax.get_ylim()[1] * 0.9),
                    xytext=(5, 0), textcoords="offset points", fontsize=8, color="gray")
    draw_paper(ax, "latency", paper or {})
    ax.set_xlabel("message size (bytes of payload + metadata)")
    ax.set_ylabel("one-way latency (us)")
    ax.set_title("Hamlyn on LANai 3: post to receiver notification")
    ax.grid(True, alpha=0.3)
    paper_points.legend_below(ax)
    fig.savefig(out, dpi=120, bbox_inches="tight")
    plt.close(fig)


def plot_bandwidth(path, out, paper=None):
    sizes, bandwidth = read_columns(path, BANDWIDTH_HEADER)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot(sizes, bandwidth, marker="o", markersize=3, label="DMA transfer (LANai 3)")
    ax.axhline(80, color="gray", linestyle=":", linewidth=1)
    ax.annotate("Myrinet link 80 MB/s (paper, sec. 4.2)", xy=(sizes[0], 80), xytext=(0, -12),
                textcoords="offset points", fontsize=8, color="gray")
    draw_paper(ax, "bandwidth", paper or {})
    ax.set_xscale("log", base=2)
    ax.set_ylim(0, 90)
    ax.set_xlabel("transfer size (bytes)")
    ax.set_ylabel("bandwidth (MB/s, 10^6 bytes)")
    ax.set_title("Hamlyn on LANai 3: bandwidth of one transfer")
    ax.grid(True, alpha=0.3, which="both")
    paper_points.legend_below(ax)
    fig.savefig(out, dpi=120, bbox_inches="tight")
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="results", help="folder holding the sweep CSVs")
    parser.add_argument("--outdir", default=None, help="folder for the PNGs (default: --results)")
    parser.add_argument("--paper", default=None,
                        help="paper-results CSV with the paper's points (default: RESULTS/hamlyn.csv)")
    args = parser.parse_args(argv)
    outdir = args.outdir or args.results
    os.makedirs(outdir, exist_ok=True)
    try:
        paper = read_paper(args.paper or os.path.join(args.results, "hamlyn.csv"))
        plot_latency(os.path.join(args.results, "hamlyn-latency-vs-size.csv"),
                     os.path.join(outdir, "hamlyn-latency-vs-size.png"), paper)
        plot_bandwidth(os.path.join(args.results, "hamlyn-bandwidth-vs-size.csv"),
                       os.path.join(outdir, "hamlyn-bandwidth-vs-size.png"), paper)
    except SweepError as e:
        print("plot_hamlyn: %s" % e, file=sys.stderr)
        return 1
    print("plot_hamlyn: wrote %s and %s" % (os.path.join(outdir, "hamlyn-latency-vs-size.png"),
                                          os.path.join(outdir, "hamlyn-bandwidth-vs-size.png")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
