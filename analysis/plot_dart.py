#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot the DART figures written by examples/dart-paper.

    /usr/bin/python3 analysis/plot_dart.py [--results DIR] [--outdir DIR]

Reads DIR/dart-latency-vs-size.csv (size_bytes, then one column of one-way
application-to-application latency in us per configuration: sw-switchless,
sw-switch, hw155, hw622) and DIR/dart-latency-breakdown.csv (config, then the
message size, the stages send, fabric, receive, notice and the total, in
us) and writes
dart-latency-vs-size.png (log-log) and dart-latency-breakdown.png (stacked
bars). Exits with status 1, naming the file, if a CSV is missing or malformed.
"""

import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

STAGES = ("send_us", "fabric_us", "receive_us", "notice_us")
LABELS = {
    "sw-switchless": "software DART, switchless (140 Mbit/s)",
    "sw-switch": "software DART, one ASX-100",
    "hw155": "hardware DART, 155 Mbit/s",
    "hw622": "hardware DART, 622 Mbit/s",
}


class PlotError(Exception):
    """A CSV that cannot be used."""


def read_rows(path):
    """Return the CSV's header and rows (lists of strings); raise PlotError if unusable."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except OSError as e:
        raise PlotError("%s: %s" % (path, e.strerror)) from e
    if len(rows) < 2:
        raise PlotError("%s: no data rows" % path)
    header = rows[0]
    for i, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise PlotError("%s line %d: %d fields, header has %d" % (path, i, len(row), len(header)))
    return header, rows[1:]


def number(path, text):
    """Parse a float or raise PlotError naming the file."""
    try:
        return float(text)
    except ValueError as e:
        raise PlotError("%s: not a number: %r" % (path, text)) from e


def plot_latency(path, out):
    """Latency vs size, one line per configuration."""
    header, rows = read_rows(path)
    if header[0] != "size_bytes":
        raise PlotError("%s: first column must be size_bytes" % path)
    sizes = [number(path, r[0]) for r in rows]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for col, name in enumerate(header[1:], start=1):
        config = name[:-3] if name.endswith("_us") else name
        ax.plot(sizes, [number(path, r[col]) for r in rows], marker="o", ms=3,
                label=LABELS.get(config, config))
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("message size (bytes)")
    ax.set_ylabel("one-way latency, application to application (us)")
    ax.set_title("DART: latency vs message size (simulated)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def plot_breakdown(path, out):
    """Stacked bars of the latency's stages per configuration."""
    header, rows = read_rows(path)
    missing = [s for s in ("config", "size_bytes") + STAGES if s not in header]
    if missing:
        raise PlotError("%s: missing columns %s" % (path, ", ".join(missing)))
    configs = [r[header.index("config")] for r in rows]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    bottom = [0.0] * len(rows)
    for stage in STAGES:
        values = [number(path, r[header.index(stage)]) for r in rows]
        ax.bar(configs, values, bottom=bottom, label=stage[:-3])
        bottom = [b + v for b, v in zip(bottom, values)]
    ax.set_ylabel("latency (us)")
    size = int(number(path, rows[0][header.index("size_bytes")]))
    ax.set_title("DART: %d-byte latency by stage (simulated)" % size)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="results")
    parser.add_argument("--outdir", default=None)
    args = parser.parse_args(argv)
    outdir = args.outdir or args.results
    try:
        os.makedirs(outdir, exist_ok=True)
        for made in (
            plot_latency(os.path.join(args.results, "dart-latency-vs-size.csv"),
                         os.path.join(outdir, "dart-latency-vs-size.png")),
            plot_breakdown(os.path.join(args.results, "dart-latency-breakdown.csv"),
                           os.path.join(outdir, "dart-latency-breakdown.png")),
        ):
            print("wrote %s" % made)
    except PlotError as e:
        print("plot_dart: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
