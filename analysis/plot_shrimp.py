#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot the SHRIMP paper's figures written by examples/shrimp-paper.

    /usr/bin/python3 analysis/plot_shrimp.py [--results DIR] [--outdir DIR]

Reads, from DIR, each of shrimp-fig3-vmmc.csv, shrimp-fig4-nx.csv,
shrimp-fig5-vrpc.csv, shrimp-fig7-sockets.csv and shrimp-fig8-rpc.csv that
exists. Each has a size_bytes column and, per protocol variant, a
<variant>_latency_us (one-way: half a round trip) or <variant>_rtt_us (round
trip) column and a <variant>_MBps column. Each figure becomes one PNG with the
paper's two panels: latency for small messages (up to 256 bytes) and bandwidth for
every size, named like its CSV (shrimp-fig3-vmmc.png, ...). The paper's stated
points are drawn over the simulated curves: the one-word latencies of section
3.4 (Figure 3), the null RPC round trips of sections 4.2 and 5 (Figures 5 and
8), ttcp's and the one-way benchmark's bandwidths of section 4.3 (Figure 7).

A variant with a round trip but no _MBps column (Figure 8's CSV has only round
trips) gets its bandwidth derived as VRPC's is (shrimp-vrpc-measurements.cc):
2 x size / round trip, the argument going out and coming back, in MB/s of 10^6
bytes; a one-way latency without _MBps gives size / latency, as NX and the
sockets count it. Such curves are dashed and labelled "derived". A panel left
without data says so instead of staying blank. Legends sit under their panels,
outside the axes, so they cover no data.

Exits with status 1, naming the file, if a CSV is malformed; a missing figure
is skipped with a note.
"""

import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import paper_points  # noqa: E402  (legend placement)

FIGURES = (
    ("shrimp-fig3-vmmc", "Figure 3: the VMMC layer"),
    ("shrimp-fig4-nx", "Figure 4: NX"),
    ("shrimp-fig5-vrpc", "Figure 5: VRPC (null call, one argument and result)"),
    ("shrimp-fig7-sockets", "Figure 7: stream sockets"),
    ("shrimp-fig8-rpc", "Figure 8: SHRIMP RPC and VRPC (one INOUT argument)"),
)

# The paper's stated points: (figure, panel, size in bytes, value, label). Sources (Dubnicki
# et al. 1996): section 3.4 for Figure 3's one-word latencies, sections 4.2 and 5 for the
# null RPC round trips (Figures 5 and 8), section 4.3 for ttcp and the one-way benchmark
# (Figure 7).
PAPER_POINTS = (
    ("shrimp-fig3-vmmc", "latency", 4, 4.75, "AU one word, write-through: 4.75 us"),
    ("shrimp-fig3-vmmc", "latency", 4, 3.7, "AU one word, uncached: 3.7 us"),
    ("shrimp-fig3-vmmc", "latency", 4, 7.6, "DU one word: 7.6 us"),
    ("shrimp-fig5-vrpc", "latency", 4, 29, "null VRPC: about 29 us"),
    ("shrimp-fig8-rpc", "latency", 4, 9.5, "SHRIMP RPC: 9.5 us"),
    ("shrimp-fig8-rpc", "latency", 4, 29, "VRPC: 29 us"),
    ("shrimp-fig7-sockets", "bandwidth", 7168, 8.6, "ttcp, 7 KB: 8.6 MB/s"),
    ("shrimp-fig7-sockets", "bandwidth", 7168, 9.8, "one-way benchmark, 7 KB: 9.8 MB/s"),
    ("shrimp-fig7-sockets", "bandwidth", 70, 1.3, "ttcp, 70 B: 1.3 MB/s"),
)


def read(path):
    """size_bytes and the numeric columns of a figure CSV, by name."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows or rows[0][0] != "size_bytes":
        raise ValueError("no size_bytes header")
    header = rows[0]
    cols = {h: [] for h in header}
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise ValueError("line %d has %d cells, the header %d" % (n, len(row), len(header)))
        for h, cell in zip(header, row):
            cols[h].append(float(cell))
    return header, cols


def bandwidth_series(header, cols):
    """[(label, bandwidths, derived)] of a figure CSV: each _MBps column as written, and for
    a variant without one, its bandwidth derived from its round trip (2 x size / rtt: the
    argument out and back, as VRPC's _MBps) or its one-way latency (size / latency)."""
    sizes = cols["size_bytes"]
    out = []
    have = {h[: -len("_MBps")] for h in header if h.endswith("_MBps")}
    for h in header[1:]:
        if h.endswith("_MBps"):
            out.append((h[: -len("_MBps")], cols[h], False))
        elif h.endswith("_rtt_us") and h[: -len("_rtt_us")] not in have:
            variant = h[: -len("_rtt_us")]
            values = [2.0 * s / v if v > 0 else float("nan") for s, v in zip(sizes, cols[h])]
            out.append((variant + " (derived: 2 x size / round trip)", values, True))
        elif h.endswith("_latency_us") and h[: -len("_latency_us")] not in have:
            variant = h[: -len("_latency_us")]
            values = [s / v if v > 0 else float("nan") for s, v in zip(sizes, cols[h])]
            out.append((variant + " (derived: size / one-way latency)", values, True))
    return out


def draw(name, title, header, c):
    """The figure of one CSV (read()'s header and columns): (fig, latency axes, bandwidth axes)."""
    sizes = c["size_bytes"]
    fig, (lat, bw) = plt.subplots(1, 2, figsize=(11, 5.2))
    for h in header[1:]:
        if h.endswith("_latency_us") or h.endswith("_rtt_us"):
            what = "one-way" if h.endswith("_latency_us") else "round trip"
            label = h.rsplit("_", 2)[0] + " (%s)" % what
            pts = [(s, v) for s, v in zip(sizes, c[h]) if s <= 256]
            lat.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=label)
    for label, values, derived in bandwidth_series(header, c):
        bw.plot(sizes, values, marker="o", ms=3, ls="--" if derived else "-", label=label)
    for fig_name, panel, size, value, label in PAPER_POINTS:
        if fig_name == name:
            ax = lat if panel == "latency" else bw
            ax.plot([size], [value], marker="*", ms=11, ls="none", label="paper: " + label)
    lat.set_title("latency, small messages")
    lat.set_xscale("log", base=2)
    lat.set_xlabel("message size (bytes)")
    lat.set_ylabel("us")
    bw.set_title("bandwidth")
    bw.set_xscale("log", base=2)
    bw.set_xlabel("message size (bytes)")
    bw.set_ylabel("MB/s (10^6 bytes)")
    for ax in (lat, bw):
        ax.grid(True, which="both", alpha=0.3)
        if not ax.get_lines():
            ax.text(0.5, 0.5, "no data in %s.csv" % name, transform=ax.transAxes, ha="center",
                    va="center", color="gray")
        paper_points.legend_below(ax, ncol=2)
    fig.suptitle(title + " (simulated; stars: the paper)")
    fig.tight_layout()
    return fig, lat, bw


def figure(results, outdir, name, title):
    path = os.path.join(results, name + ".csv")
    if not os.path.exists(path):
        print("plot_shrimp: %s not found, skipped" % path)
        return None
    try:
        header, c = read(path)
    except (ValueError, OSError) as e:
        sys.exit("plot_shrimp: %s: %s" % (path, e))
    fig, _, _ = draw(name, title, header, c)
    out = os.path.join(outdir, name + ".png")
    fig.savefig(out, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", default="results")
    parser.add_argument("--outdir", default=None)
    args = parser.parse_args()
    outdir = args.outdir or args.results
    os.makedirs(outdir, exist_ok=True)
    for name, title in FIGURES:
        out = figure(args.results, outdir, name, title)
        if out:
            print("plot_shrimp: wrote %s" % out)


if __name__ == "__main__":
    main()
