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
bars).

The paper's own figures for a 32-byte transfer are drawn from DIR/dart.csv (the
rows written by examples/dart-paper; PAPER_POINTS below says which): 24.5 us
switchless and 30 us through one switch for the software DART (a star each),
"under 10 us" at 155 Mbit/s and "under 3 us" at 622 Mbit/s for the projected
hardware (a downward triangle at the bound). Those rows' simulated values are the
curves' own 32-byte points (and the bars' heights), so they are not drawn again.
Without dart.csv the curves are drawn alone, with a note.

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

STAGES = ("send_us", "fabric_us", "receive_us", "notice_us")
LABELS = {
    "sw-switchless": "software DART, switchless (140 Mbit/s)",
    "sw-switch": "software DART, one ASX-100",
    "hw155": "hardware DART, 155 Mbit/s",
    "hw622": "hardware DART, 622 Mbit/s",
}

# Which rows of dart.csv are the paper's statements, per configuration: config ->
# (experiment, metric, label). All are for 32-byte application-to-application transfers
# (Osborne 1994, section 3 and the abstract); the values come from the CSV.
PAPER_POINTS = {
    "sw-switchless": ("latency-sw-switchless", "sw_32B_latency_switchless_us", "software, switchless"),
    "sw-switch": ("latency-sw-switch", "sw_32B_latency_switch_us", "software, one ASX-100"),
    "hw155": ("latency-hw155", "hw155_32B_latency_us", "hardware, 155 Mbit/s"),
    "hw622": ("latency-hw622", "hw622_32B_latency_us", "hardware, 622 Mbit/s"),
}
# The message size of those statements.
PAPER_SIZE = 32


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


def read_paper(path):
    """{config: row} of PAPER_POINTS found in `path` with a paper value, or {} when there is
    no such file. Raises PlotError if the file is malformed."""
    if not os.path.exists(path):
        print("plot_dart: %s not found: the paper's points are not drawn" % path)
        return {}
    try:
        found = paper_points.read(path, [(e, m) for e, m, _ in PAPER_POINTS.values()])
    except sancsv.CsvError as e:
        raise PlotError(str(e)) from None
    return {config: found[(e, m)] for config, (e, m, _) in PAPER_POINTS.items() if (e, m) in found}


def plot_latency(path, out, paper=None):
    """Latency vs size, one line per configuration, with the paper's 32-byte figures."""
    save(latency_figure(path, paper), out)
    return out


def plot_breakdown(path, out, paper=None):
    """Stacked bars of the latency's stages per configuration, the paper's figure for each
    configuration beside its bar."""
    save(breakdown_figure(path, paper), out)
    return out


def save(fig, out):
    fig.savefig(out, dpi=120, bbox_inches="tight")
    plt.close(fig)


def latency_figure(path, paper=None):
    """The latency-vs-size figure (not yet saved); see plot_latency."""
    header, rows = read_rows(path)
    if header[0] != "size_bytes":
        raise PlotError("%s: first column must be size_bytes" % path)
    sizes = [number(path, r[0]) for r in rows]
    paper = paper or {}
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for col, name in enumerate(header[1:], start=1):
        config = name[:-3] if name.endswith("_us") else name
        line, = ax.plot(sizes, [number(path, r[col]) for r in rows], marker="o", ms=3,
                        label=LABELS.get(config, config))
        if config in paper:
            paper_points.draw(ax, PAPER_SIZE, paper[config], PAPER_POINTS[config][2],
                              color=line.get_color(), simulated=False)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("message size (bytes)")
    ax.set_ylabel("one-way latency, application to application (us)")
    ax.set_title("DART: latency vs size (simulated; markers at 32 B: the paper)")
    ax.grid(True, which="both", alpha=0.3)
    paper_points.legend_below(ax, ncol=2)
    return fig


def breakdown_figure(path, paper=None):
    """The stacked-bar figure (not yet saved); see plot_breakdown."""
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
    sizes = {number(path, r[header.index("size_bytes")]) for r in rows}
    drawn = False
    if sizes == {PAPER_SIZE}:
        # The paper's figure of each configuration: a dashed line across its bar (whose
        # height is the simulated total) and the marker just right of the bar.
        for i, config in enumerate(configs):
            row = (paper or {}).get(config)
            if row is None:
                continue
            if row["paper_kind"] != "range":
                ax.plot([i - 0.4, i + 0.4], [row["paper_low"]] * 2, color="k", ls="--", lw=1)
            paper_points.draw(ax, i + 0.52, row, "%s (%s)" % (PAPER_POINTS[config][2], config),
                              color="C%d" % (i + 4), simulated=False)
            drawn = True
    ax.set_title("DART: %d-byte latency by stage (simulated)%s"
                 % (size, "; markers: the paper" if drawn else ""))
    paper_points.legend_below(ax, ncol=2)
    return fig


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default="results")
    parser.add_argument("--outdir", default=None)
    parser.add_argument("--paper", default=None,
                        help="paper-results CSV with the paper's points (default: RESULTS/dart.csv)")
    args = parser.parse_args(argv)
    outdir = args.outdir or args.results
    try:
        os.makedirs(outdir, exist_ok=True)
        paper = read_paper(args.paper or os.path.join(args.results, "dart.csv"))
        for made in (
            plot_latency(os.path.join(args.results, "dart-latency-vs-size.csv"),
                         os.path.join(outdir, "dart-latency-vs-size.png"), paper),
            plot_breakdown(os.path.join(args.results, "dart-latency-breakdown.csv"),
                           os.path.join(outdir, "dart-latency-breakdown.png"), paper),
        ):
            print("wrote %s" % made)
    except PlotError as e:
        print("plot_dart: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
