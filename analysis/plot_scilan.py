#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Plot the SCILAN paper's figures written by examples/scilan-paper.

    /usr/bin/python3 analysis/plot_scilan.py [--results DIR] [--outdir DIR]

Reads, from DIR, scilan-fig7-copy.csv (size_bytes,sci_memset_MBps,
sci_memcpy_MBps,scilan_MBps), scilan-fig8-flow-control.csv (size_bytes,
scilan_mtu1500_MBps,scilan_mtu16k_MBps,nocopy_mtu1500_MBps,nocopy_mtu16k_MBps),
scilan-fig9-10-throughput.csv (size_bytes,scilan_MBps),
scilan-tcp-throughput-vs-size.csv (size_bytes,100baset_MBps,atm_lane_MBps,
sci_ndis_MBps), scilan-fig11-transfer-time.csv (size_bytes,scilan_interrupt_us,
scilan_polling_us) and scilan-tcp-transfer-time.csv (size_bytes,100baset_us,
atm_lane_us,sci_ndis_us), and writes scilan-fig7.png ... scilan-fig11.png. The
paper's stated values are drawn as references: Xt = 55 and Xr = 36 MB/s
(Figure 7), SCI/NDIS's 10 MB/s (Figure 9) and Table 3's latencies at the
smallest size (Figure 11). Exits with status 1, naming the file, if a CSV is
missing or malformed.
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sancsv  # noqa: E402


def columns(path, header):
    """The CSV's numeric columns as lists, keyed by name ("nan" cells: None)."""
    return sancsv.read_columns(path, header, allow_nan=True)

def plot(ax, xs, ys, **kwargs):
    """Plot the points whose value is known."""
    pts = [(x, y) for x, y in zip(xs, ys) if y is not None]
    return ax.plot([p[0] for p in pts], [p[1] for p in pts], **kwargs)


def finish(fig, ax, title, ylabel, out):
    ax.set_title(title)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("message size (bytes)")
    ax.set_ylabel(ylabel)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def fig7(results, out):
    c = columns(os.path.join(results, "scilan-fig7-copy.csv"),
                ("size_bytes", "sci_memset_MBps", "sci_memcpy_MBps", "scilan_MBps"))
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for key, label in (("sci_memset_MBps", "SCI memset"), ("sci_memcpy_MBps", "SCI memcpy"),
                       ("scilan_MBps", "SCILAN")):
        plot(ax, c["size_bytes"], c[key], marker="o", ms=3, label=label + " (simulated)")
    ax.axhline(55, color="k", ls="--", lw=0.8, label="paper: Xt = 55 MB/s")
    ax.axhline(36, color="k", ls=":", lw=0.8, label="paper: Xr = 36 MB/s")
    return finish(fig, ax, "Figure 7: copy performance", "MB/s", out)


def fig8(results, out):
    c = columns(os.path.join(results, "scilan-fig8-flow-control.csv"),
                ("size_bytes", "scilan_mtu1500_MBps", "scilan_mtu16k_MBps",
                 "nocopy_mtu1500_MBps", "nocopy_mtu16k_MBps"))
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for key, label in (("scilan_mtu1500_MBps", "SCILAN, MTU 1500"),
                       ("scilan_mtu16k_MBps", "SCILAN, MTU 16 KB"),
                       ("nocopy_mtu1500_MBps", "nocopy SCILAN, MTU 1500"),
                       ("nocopy_mtu16k_MBps", "nocopy SCILAN, MTU 16 KB")):
        plot(ax, c["size_bytes"], c[key], marker="o", ms=3, label=label)
    return finish(fig, ax, "Figure 8: flow control and the receiver copy (simulated)", "MB/s",
                  out)


def throughput(results, out, title, low, high):
    s = columns(os.path.join(results, "scilan-fig9-10-throughput.csv"),
                ("size_bytes", "scilan_MBps"))
    t = columns(os.path.join(results, "scilan-tcp-throughput-vs-size.csv"),
                ("size_bytes", "100baset_MBps", "atm_lane_MBps", "sci_ndis_MBps"))
    fig, ax = plt.subplots(figsize=(6.4, 4.2))

    def band(c, key, label):
        pts = [(x, y) for x, y in zip(c["size_bytes"], c[key])
               if low <= x <= high and y is not None]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=label)

    band(s, "scilan_MBps", "SCILAN")
    band(t, "sci_ndis_MBps", "SCI/NDIS (TCP)")
    band(t, "atm_lane_MBps", "ATM LANE (TCP)")
    band(t, "100baset_MBps", "100baseT (TCP)")
    if high > 8192:
        ax.axhline(10, color="k", ls="--", lw=0.8, label="paper: SCI/NDIS 10 MB/s")
    return finish(fig, ax, title + " (simulated)", "MB/s", out)


def fig11(results, out):
    s = columns(os.path.join(results, "scilan-fig11-transfer-time.csv"),
                ("size_bytes", "scilan_interrupt_us", "scilan_polling_us"))
    t = columns(os.path.join(results, "scilan-tcp-transfer-time.csv"),
                ("size_bytes", "100baset_us", "atm_lane_us", "sci_ndis_us"))
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    series = ((s, "scilan_interrupt_us", "SCILAN interrupt", 179.8),
              (s, "scilan_polling_us", "SCILAN polling", 16.1),
              (t, "sci_ndis_us", "SCI/NDIS", 394.1),
              (t, "atm_lane_us", "ATM LANE", 304.5),
              (t, "100baset_us", "100baseT", 209.3))
    for c, key, label, paper in series:
        line, = plot(ax, c["size_bytes"], c[key], marker="o", ms=3, label=label)
        ax.plot([c["size_bytes"][0]], [paper], marker="x", ms=8, color=line.get_color(),
                ls="none")
    ax.plot([], [], marker="x", color="k", ls="none", label="paper: Table 3")
    return finish(fig, ax, "Figure 11: transfer time (simulated)", "microseconds", out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="results")
    parser.add_argument("--outdir", default=None)
    args = parser.parse_args(argv)
    outdir = args.outdir or args.results
    try:
        os.makedirs(outdir, exist_ok=True)
        plots = (
            ("fig7", fig7),
            ("fig8", fig8),
            ("fig9", lambda r, o: throughput(r, o, "Figure 9: throughput", 4096, 65536)),
            ("fig10", lambda r, o: throughput(r, o, "Figure 10: small messages", 64, 4096)),
            ("fig11", fig11),
        )
        for name, plot in plots:
            made = plot(args.results, os.path.join(outdir, "scilan-%s.png" % name))
            print("wrote %s" % made)
    except sancsv.CsvError as e:
        print("plot_scilan: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
