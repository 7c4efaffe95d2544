#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""The paper's own points on a figure, taken from a paper-results CSV.

A paper example writes results/<paper>.csv (the paper-results header: paper,
experiment, metric, unit, paper_value, simulated_value, ...). Each row names one
figure the paper states and the simulated value of the same experiment. A plot
script lists which rows belong on which figure, at which x, by (experiment,
metric); this module reads those rows and draws them, so the paper's numbers
are never typed twice.

A row whose paper value is withheld in our copy of the paper (paper_kind
"none") is not returned, so it is never drawn.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sancsv  # noqa: E402

# How each kind of paper statement is drawn: a value is a star; "under X" a
# downward triangle at X, "over X" an upward one; a range a vertical bar.
MARKERS = {"value": "*", "under": "v", "over": "^"}


def read(path, keys):
    """{(experiment, metric): row} for the rows of the paper CSV `path` named in `keys`
    that have a paper value (withheld rows and rows the file lacks are left out).

    Raises sancsv.CsvError if the file cannot be read or is malformed.
    """
    wanted = set(keys)
    found = {}
    for row in sancsv.read_paper_csv(path):
        key = (row["experiment"], row["metric"])
        if key in wanted and row["paper_kind"] != "none" and key not in found:
            found[key] = row
    return found


def statement(row):
    """The paper's statement of a row as short text: "12.1", "under 10", "30-40"."""
    kind = row["paper_kind"]
    if kind == "under":
        return "under " + row["paper_text"]
    if kind == "over":
        return "over " + row["paper_text"]
    return row["paper_text"]


def draw(ax, x, row, label, color="k", simulated=True):
    """Draw what the paper states in `row` at `x` on `ax`, labelled "paper: <label>: <statement>",
    and with `simulated` the row's own simulated value as a hollow circle of the same colour
    (the same experiment as the paper's, which the curve may not be). Returns the artists."""
    kind = row["paper_kind"]
    text = "paper: %s: %s %s" % (label, statement(row), row["unit"])
    artists = []
    if kind == "range":
        artists.extend(ax.plot([x, x], [row["paper_low"], row["paper_high"]], color=color, lw=3,
                               alpha=0.6, label=text))
    else:
        artists.extend(ax.plot([x], [row["paper_low"]], marker=MARKERS[kind], ms=13 if kind == "value" else 10,
                               ls="none", color=color, markeredgecolor="k", markeredgewidth=0.6,
                               label=text))
    value = row["simulated_value"]
    if simulated and value is not None and math.isfinite(value):
        # A ring wide enough to circle the star: a ringed star is a point the model meets.
        artists.extend(ax.plot([x], [value], marker="o", ms=17, ls="none", mfc="none", color=color,
                               markeredgewidth=1.2, zorder=1.9,
                               label="simulated, same experiment: %s %s" % (row["simulated_text"], row["unit"])))
    return artists


def legend_below(ax, ncol=1):
    """A legend under the axes, outside them, so it covers no data (save with
    bbox_inches="tight" to keep it in the picture)."""
    if not ax.get_legend_handles_labels()[0]:
        return None
    return ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), fontsize=7.5, ncol=ncol,
                     frameon=False)
