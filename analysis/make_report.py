#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Write results/REPORT.md from the CSV files in results/.

    /usr/bin/python3 analysis/make_report.py [--results DIR] [--out FILE]

DIR defaults to results/ and FILE to DIR/REPORT.md. The report starts with
its own provenance (commit, date, quick or full) and that of every CSV it
read, then has a summary table, one section per paper (from every CSV with
the paper-results header; other CSVs are skipped), a "Fabric" section from
fabric-load.csv and fabric-bench.csv when they exist, and the PNG figures in DIR
shown inline where they belong: a paper's figures (<paper>-*.png) after its
opening counts, fabric-load-*.png in the Fabric section, any other under "Other
figures" at the end. Each figure has a one-line caption (FIGURE_CAPTIONS) and,
for some, a note below it (FIGURE_NOTES: Tripwire Figure 7's explains why its
DMA curve starts above the paper's peak).

The summary table has a line per paper and a total: the predictions that
pass, fail and are paper-inconsistent, the median and max |error| of the
predictions, and the inputs that pass and fail.

Each paper's section starts with the same counts in a line, then lists its
failing predictions with their notes, then one table per kind of row:

* predictions (role "prediction", with a paper value) and inputs (role
  "input": echoes of the calibration) are the only rows counted, each apart;
* a row is judged by the C++ harness's rules (sancsv.admits) against what the
  paper states (a value, "under X", "over X" or a range "X-Y") and its
  tolerance. A row outside its tolerance is a fail whatever its excuse: a
  documented deviation is shown beside the verdict, never instead of it;
* rows whose excuse is "paper-inconsistency" (the paper disagrees with itself)
  go to their own table and out of the counts and the error statistics;
* rows of role "fitted" or "derived" get their own tables and are not counted;
* rows without a paper value are "withheld (held-out checks)" when their
  source or experiment says "withheld", otherwise variants of the paper's
  scenarios or runs beyond the paper; they are not counted.

|error| is how far the simulated value lies from what the paper states: the
|relative error| of a value, the distance outside a range, and for a bound 0
when it holds, else the distance past it. Misses are included.

A malformed CSV is named, with its line, under "Problems" and on stderr; the
rest of the report is still written, and the exit status is 1.
"""

import argparse
import collections
import datetime
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sancsv  # noqa: E402
import plot_fabric_load  # noqa: E402  (curve grouping and saturation summary)

# The paper cell of a row without a paper value (withheld in our copy, or not in the paper).
NO_PAPER_VALUE = "\u2014"

# Separates a verdict from the note beside it in the Check column.
DASH = " \u2014 "

# The deterministic reference of the adaptive/deterministic ratio, per topology.
DETERMINISTIC = {"mesh": "dimension-order", "fat-tree": "up-down"}
ADAPTIVE = "minimal-adaptive"

# A rel_error in a CSV that differs from (simulated - paper) / |paper| by more
# than this (absolute, as a fraction) gets a note in the report.
REL_ERROR_TOLERANCE = 0.005


def md_cell(text):
    """Text made safe for one markdown table cell."""
    text = str(text).replace("\r", " ").replace("\n", " ").strip()
    return text.replace("|", "\\|")


def md_table(header, rows):
    lines = ["| " + " | ".join(md_cell(h) for h in header) + " |"]
    lines.append("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        lines.append("| " + " | ".join(md_cell(c) for c in row) + " |")
    return "\n".join(lines)


def percent(fraction):
    return "%+.1f%%" % (100.0 * fraction)


def computed_rel_error(row):
    """The relative error the harness writes (sancsv.relative_error), or None."""
    return sancsv.relative_error(row["paper_kind"], row["paper_low"], row["paper_high"], row["simulated_value"])


def row_rel_error(row):
    """The row's rel_error as written, or computed where the CSV leaves it empty; or None."""
    return row["rel_error"] if row["rel_error"] is not None else computed_rel_error(row)


def rel_error_cell(row, notes, where):
    """Text of the relative-error cell of one paper row; appends to `notes` when it needs one."""
    if row["paper_kind"] == "none":
        return ""
    given = row["rel_error"]
    computed = computed_rel_error(row)
    if given is None:
        if computed is None:
            return "n/a"
        notes.append("%s: rel_error empty; the report computed it" % where)
        return percent(computed) + " (computed)"
    if computed is not None and min(abs(given - computed), abs(abs(given) - abs(computed))) > (
        REL_ERROR_TOLERANCE + 0.01 * abs(computed)
    ):
        if abs(abs(given) - 100 * abs(computed)) <= 0.01 * 100 * abs(computed) + 0.05:
            hint = "it looks like a percentage; the report reads it as a fraction"
        else:
            hint = "(simulated - paper) / |paper| is %s" % percent(computed)
        notes.append("%s: rel_error %s does not match the values: %s" % (where, row["_text"]["rel_error"], hint))
    return percent(given)


def paper_cell(row):
    """What the paper states, as the report shows it."""
    kind = row["paper_kind"]
    text = row["paper_text"]
    if kind == "none":
        return NO_PAPER_VALUE
    if kind == "under":
        return "under " + text
    if kind == "over":
        return "over " + text
    if kind == "range":
        return text + " (range)"
    return text


def tolerance_cell(row):
    if row["paper_kind"] == "none" or row["tolerance"] is None:
        return ""
    return "%g%%" % (100 * row["tolerance"])


def check_cell(row):
    """The Check column: the verdict by sancsv.verdict, whatever the row's excuse, with the
    excuse beside it. A documented deviation never turns a miss into anything but a fail."""
    verdict = sancsv.verdict(row)
    if verdict == "n/a":
        return ""
    if verdict == "unchecked":
        return "unchecked (no tolerance)"
    if row["paper_kind"] == "none":
        return "**FAIL** (not finite)"
    if row["excuse"] == "paper-inconsistency":
        # Listed apart from the role's own table, so say which role it has.
        return "%s, %s tolerance" % (row["role"], "within" if verdict == "pass" else "outside")
    cell = "pass" if verdict == "pass" else "**FAIL**"
    if row["excuse"] == "deviation":
        cell += DASH + "documented deviation"
    return cell


def git_commit(directory):
    """`git rev-parse --short HEAD` in `directory`, or None."""
    try:
        done = subprocess.run(
            ["git", "-C", directory, "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and commit else None


def report_provenance():
    """The report's own provenance: commit (env SAN_COMMIT, else git, else "unknown"),
    UTC date, and mode (quick when env SAN_QUICK=1), as the C++ writer records them."""
    commit = os.environ.get("SAN_COMMIT") or git_commit(os.path.dirname(os.path.abspath(__file__)))
    return {
        "commit": commit or "unknown",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "mode": "quick" if os.environ.get("SAN_QUICK") == "1" else "full",
    }


def provenance_section(own, files):
    """Markdown: the report's provenance and a table of every CSV's.

    `files` is a list of (path, provenance dict, parameters list) for the
    CSVs that were read; a CSV without provenance comments shows "not recorded".
    """
    out = ["## Provenance", ""]
    out.append("This report: commit `%s`, written %s, %s run." % (own["commit"], own["date"], own["mode"]))
    out.append("")
    if not files:
        return out
    table = []
    notes = []
    for path, prov, parameters in files:
        name = os.path.basename(path)
        if not prov:
            table.append([name, "not recorded", "", "", "", ""])
            continue
        seeds = "%s / %s" % (prov.get("seed", "?"), prov.get("run", "?"))
        table.append(
            [
                name,
                prov.get("commit", "?"),
                prov.get("date", "?"),
                prov.get("mode", "?"),
                seeds,
                "; ".join(parameters) if parameters else "(defaults)",
            ]
        )
        commit = prov.get("commit")
        if own["commit"] != "unknown" and commit and commit != "unknown" and commit != own["commit"]:
            notes.append("`%s` was written at commit `%s`, not at the report's `%s`." % (name, commit, own["commit"]))
        if prov.get("mode") and prov.get("mode") != own["mode"]:
            notes.append("`%s` is a %s run; this report is %s." % (name, prov.get("mode"), own["mode"]))
    out.append(md_table(["File", "Commit", "Date (UTC)", "Mode", "Seed / run", "Non-default parameters"], table))
    out.append("")
    for n in notes:
        out.append("- %s" % n)
    if notes:
        out.append("")
    return out


# The tables of a paper's section, in order: (group, title, what its rows are). Only the
# "prediction" and "input" groups are counted, each on its own.
GROUPS = (
    ("prediction", "Predictions",
     "Results that emerge from the model: totals, end-to-end figures. Each is judged against "
     "its tolerance; a miss is a fail whether or not it carries a documented deviation."),
    ("input", "Inputs (echoes of calibration)",
     "Component costs the model takes from the paper (or plain sums of them): agreement shows "
     "the calibration is wired as the paper describes, not a prediction. Counted apart."),
    ("fitted", "Fitted",
     "Figures a model parameter was fitted to reproduce, so agreement holds by construction. "
     "Judged, not counted."),
    ("derived", "Derived",
     "Figures worked out from other rows rather than simulated on their own. Judged, not counted."),
    ("inconsistent", "Paper inconsistent",
     "The paper disagrees with itself here (e.g. a printed time that does not match its own "
     "instruction count; the source says how). Shown with the check they would get, left out "
     "of the pass/fail counts and of the error statistics."),
    ("unrecorded", "With a paper value, role not recorded",
     "The file has no check lines (written before the harness recorded them): no tolerance, "
     "not counted."),
    ("withheld", "Withheld (held-out checks)",
     "The paper states these figures; our copy withholds them, so the model predicts them "
     "from component costs alone and they are checked later against the paper. Not counted."),
    ("variant", "Variants and curves (no paper value)",
     "Runs of the paper's scenarios the paper gives no single figure for: other sizes, "
     "other versions of a protocol, points of a curve. Not counted."),
    ("beyond", "Beyond the paper",
     "Scenarios the paper did not run (larger systems, other loads, studies of a "
     "mechanism); nothing to compare with. Not counted."),
)
# How the groups that are never counted are named in a paper's opening line: (group, one, many).
UNCOUNTED_LABELS = (
    ("fitted", "fitted", "fitted"),
    ("derived", "derived", "derived"),
    ("unrecorded", "without a recorded role", "without a recorded role"),
    ("withheld", "withheld", "withheld"),
    ("variant", "variant", "variants"),
    ("beyond", "beyond the paper", "beyond the paper"),
)

# Groups whose rows have a paper value and a tolerance to be judged by.
JUDGED_GROUPS = ("prediction", "input", "fitted", "derived")

# A statistic over no rows.
NO_STATISTIC = "\u2014"


def _no_value_kind(row):
    """A row without a paper value: a held-out figure the paper states but our copy withholds
    ("withheld"), a run beyond the paper ("beyond"), or a variant of the paper's scenarios."""
    source = (row.get("source") or "").lower()
    experiment = (row.get("experiment") or "").lower()
    if "withheld" in source or "withheld" in experiment:
        return "withheld"
    if source.startswith("beyond") or experiment.startswith("beyond") or "beyond the paper" in source:
        return "beyond"
    return "variant"


def row_group(row):
    """The table of a paper section a row belongs to: a key of GROUPS.

    A paper inconsistency goes apart whatever the row's role; fitted and derived rows go to
    their own tables whether or not they have a paper value; other rows without one are
    withheld, variants or beyond the paper.
    """
    if row["excuse"] == "paper-inconsistency":
        return "inconsistent"
    if row["role"] in ("fitted", "derived"):
        return row["role"]
    if row["paper_kind"] == "none":
        return _no_value_kind(row)
    return row["role"] or "unrecorded"


def error_size(row):
    """How far the simulated value lies from what the paper states, as a fraction, or None.

    A value: |relative error|; a range: 0 inside, else from the nearer end; a bound: 0 when
    it holds, else the distance past it (a bound met by a wide margin is no error). Uses the
    CSV's rel_error, or computes it where that is empty.
    """
    error = row_rel_error(row)
    if error is None:
        return None
    if row["paper_kind"] == "under":
        return max(0.0, error)
    if row["paper_kind"] == "over":
        return max(0.0, -error)
    return abs(error)


class Tally:
    """What some paper rows add up to: verdicts per group, the paper-inconsistent rows per
    role, the error sizes of the predictions, and the rows without a paper value whose
    simulated value is not finite."""

    def __init__(self, rows):
        rows = list(rows)
        self.verdicts = collections.Counter((row_group(r), sancsv.verdict(r)) for r in rows)
        self.inconsistent = collections.Counter(r["role"] for r in rows if row_group(r) == "inconsistent")
        self.groups = collections.Counter(row_group(r) for r in rows)
        sizes = (error_size(r) for r in rows if row_group(r) == "prediction")
        self.errors = [s for s in sizes if s is not None]
        self.not_finite = sum(1 for r in rows if r["paper_kind"] == "none" and sancsv.verdict(r) == "fail")

    def count(self, group, verdict):
        return self.verdicts[(group, verdict)]


def error_statistics(errors):
    """(median, max) of error sizes as percent text; NO_STATISTIC twice for none."""
    if not errors:
        return NO_STATISTIC, NO_STATISTIC
    return "%.1f%%" % (100 * statistics.median(errors)), "%.1f%%" % (100 * max(errors))


def gather_papers(paper_files):
    """{paper: [(path, row), ...]} in the order papers first appear; `paper_files` is a list
    of (path, rows). Rows of one paper from several files go together."""
    papers = {}
    for path, rows in paper_files:
        for row in rows:
            papers.setdefault(row["paper"], []).append((path, row))
    return papers


def summary_section(papers):
    """Markdown: one line per paper (prediction and input counts, error statistics) and a total."""
    out = ["## Summary", ""]
    if not papers:
        out.extend(["No paper results.", ""])
        return out
    out.append("Predictions: figures the paper states and the model predicts; one outside its")
    out.append("tolerance is a fail, documented deviation or not. Paper-inconsistent: predictions")
    out.append("where the paper disagrees with itself, counted apart and left out of the error")
    out.append("statistics. |error|: median and max over every other prediction, misses included")
    out.append("(for a bound, the distance past it; for a range, from the nearer end). Inputs echo")
    out.append("the calibration and are counted apart. Fitted (a preset's free parameter fitted to")
    out.append("the figure), derived (a formula of other rows) and withheld rows (held-out checks")
    out.append("whose paper value our copy withholds) are counted by number only (see each paper).")
    out.append("")
    lines = [_summary_line(name, Tally(r for _, r in entries)) for name, entries in papers.items()]
    total = Tally(r for entries in papers.values() for _, r in entries)
    lines.append(_summary_line("**Total**", total))
    out.append(md_table(
        ["Paper", "Predictions pass", "Predictions fail", "Paper-inconsistent", "Median |error|",
         "Max |error|", "Inputs pass", "Inputs fail", "Fitted", "Derived", "Withheld"],
        lines,
    ))
    out.append("")
    if total.not_finite:
        rows = _plural(total.not_finite, "row")
        out.extend(["Not finite: %s without a paper value (see the papers below)." % rows, ""])
    return out


def _summary_line(name, tally):
    median, largest = error_statistics(tally.errors)
    return [
        name,
        tally.count("prediction", "pass"),
        tally.count("prediction", "fail"),
        tally.inconsistent["prediction"],
        median,
        largest,
        tally.count("input", "pass"),
        tally.count("input", "fail"),
        tally.groups["fitted"],
        tally.groups["derived"],
        tally.groups["withheld"],
    ]


def _plural(n, word, plural=None):
    return "%d %s" % (n, word if n == 1 else (plural or word + "s"))


def paper_summary(entries):
    """The lines that open a paper's section: its counts and error statistics, what is not
    counted, and every failing prediction with its note."""
    files = sorted({os.path.basename(p) for p, _ in entries})
    tally = Tally(r for _, r in entries)
    median, largest = error_statistics(tally.errors)
    text = "**Predictions: %d pass, %d fail, %d paper-inconsistent**; |error| median %s, max %s." % (
        tally.count("prediction", "pass"),
        tally.count("prediction", "fail"),
        tally.inconsistent["prediction"],
        median,
        largest,
    )
    text += " Inputs: %d pass, %d fail" % (tally.count("input", "pass"), tally.count("input", "fail"))
    if tally.inconsistent["input"]:
        text += ", %d paper-inconsistent" % tally.inconsistent["input"]
    text += "."
    uncounted = [_plural(tally.groups[key], one, many) for key, one, many in UNCOUNTED_LABELS if tally.groups[key]]
    text += " %s from %s" % (_plural(len(entries), "row"), ", ".join("`%s`" % f for f in files))
    text += ("; not counted: %s." % ", ".join(uncounted)) if uncounted else "."
    if tally.not_finite:
        text += " %s without a paper value not finite." % _plural(tally.not_finite, "row")
    out = [text, ""]
    fails = [r for _, r in entries if row_group(r) == "prediction" and sancsv.verdict(r) == "fail"]
    if fails:
        out.append("Failing predictions:")
        out.append("")
        out.extend("- %s" % md_cell(_fail_note(r)) for r in fails)
        out.append("")
    return out


def _fail_note(row):
    """One failing prediction, with the documented deviation (its source text) if it has one."""
    error = row_rel_error(row)
    text = "%s / %s: %s %s against %s (%s, tolerance %s)%sfail" % (
        row["experiment"],
        row["metric"],
        row["simulated_text"],
        row["unit"],
        paper_cell(row),
        percent(error) if error is not None else "no relative error",
        tolerance_cell(row),
        DASH,
    )
    if row["excuse"] == "deviation":
        text += DASH + "documented deviation: " + row["source"]
    if row["missing"]:
        text += DASH + "**missing:** " + row["missing"]
    return text


def _rows_table(entries, notes):
    table = []
    for path, row in entries:
        where = "%s:%d" % (os.path.basename(path), row["_line"])
        table.append(
            [
                row["experiment"],
                row["metric"],
                row["unit"],
                paper_cell(row),
                row["simulated_text"],
                rel_error_cell(row, notes, where),
                tolerance_cell(row),
                check_cell(row),
                row["source"] + ((DASH + "missing: " + row["missing"]) if row["missing"] else ""),
            ]
        )
    return md_table(
        ["Experiment", "Metric", "Unit", "Paper", "Simulated", "Relative error", "Tolerance", "Check", "Source"],
        table,
    )


def _group_tables(entries, notes):
    """Markdown: one table per non-empty group of GROUPS, in order."""
    out = []
    for key, title, blurb in GROUPS:
        part = [(p, r) for p, r in entries if row_group(r) == key]
        if not part:
            continue
        out.extend(["#### %s (%d)" % (title, len(part)), ""])
        text = blurb
        sizes = [s for s in (error_size(r) for _, r in part) if s is not None]
        if key in JUDGED_GROUPS and sizes:
            text += " |error|: median %s, max %s." % error_statistics(sizes)
        out.extend([text, "", _rows_table(part, notes), ""])
    return out


def paper_sections(papers, unreadable=0, figures=None):
    """Markdown for the paper CSVs.

    `papers` is gather_papers()'s {paper: [(path, row), ...]}. `unreadable` counts the
    paper CSVs that could not be read. `figures` maps a paper to the markdown lines of its
    figures (figure_blocks), shown after its opening counts, before its tables.
    """
    figures = figures or {}
    out = ["## Papers", ""]
    if unreadable:
        out.append("%d paper CSV file%s could not be read: see \"Problems\" below."
                   % (unreadable, "" if unreadable == 1 else "s"))
        out.append("")
    if not papers:
        if not unreadable:
            out.append("No paper results yet: no CSV in the results directory has the header")
            out.append("`%s`." % ",".join(sancsv.PAPER_HEADER))
            out.append("")
        return out
    out.append("Paper: what the paper states: a value, a bound (under X, over X) or a range (X-Y);")
    out.append("%s: no paper value (withheld in our copy, or not in the paper), so only the" % NO_PAPER_VALUE)
    out.append("simulated value's being finite is checked. Relative error = (simulated - paper) / |paper|")
    out.append("as written by each example (for a bound, from the bound; for a range, 0 inside it and")
    out.append("from the nearer end outside), shown in percent. Check: the row judged with its")
    out.append("tolerance tol: a value passes within |relative error| <= tol, \"under X\" when")
    out.append("simulated < X (1 + tol), \"over X\" when simulated > X (1 - tol), a range X-Y when")
    out.append("X (1 - tol) <= simulated <= Y (1 + tol). A documented deviation (explained in the")
    out.append("source) is shown beside the verdict and never changes it: a miss is a fail. A paper")
    out.append("inconsistency is the paper disagreeing with itself; such rows are listed apart.")
    out.append("")
    for name, entries in papers.items():
        notes = []
        out.extend(["### %s" % name, ""])
        out.extend(paper_summary(entries))
        out.extend(figures.get(name, []))
        out.extend(_group_tables(entries, notes))
        if notes:
            out.append("Notes:")
            out.append("")
            out.extend("- %s" % md_cell(n) for n in notes)
            out.append("")
    return out


def fabric_load_section(rows):
    """Markdown summarising fabric-load rows (already read and checked)."""
    grouped = plot_fabric_load.curves(rows)
    topologies = plot_fabric_load.ordered([k[0] for k in grouped], ("mesh", "fat-tree"))
    traffics = plot_fabric_load.ordered([k[1] for k in grouped], plot_fabric_load.BASE_TRAFFIC)
    routings = plot_fabric_load.ordered([k[2] for k in grouped], plot_fabric_load.ROUTING_ORDER)

    out = ["### Saturation throughput (fabric-load)", ""]
    out.append("Saturation throughput = the largest offered load whose demand was met (Dally and")
    out.append("Towles, ch. 23: beyond it accepted throughput falls below offered load), in packets")
    out.append("per host per packet-time. \u2265 marks a curve that never saturated within the sweep")
    out.append("(a lower bound). Low-load latency and hops are those of the lowest offered load.")
    out.append("")
    table = []
    summaries = {}
    for topology in topologies:
        for traffic in traffics:
            for routing in routings:
                points = grouped.get((topology, traffic, routing))
                if not points:
                    continue
                s = plot_fabric_load.saturation(points)
                summaries[(topology, traffic, routing)] = s
                table.append(
                    [
                        topology,
                        traffic,
                        routing,
                        ("" if s["saturated"] else "\u2265 ") + "%.3f" % s["throughput"],
                        "%.3f" % s["offered"],
                        "%.2f" % s["zero_load_latency"],
                        "%.2f" % s["hops"],
                        str(s["points"]),
                    ]
                )
    out.append(
        md_table(
            [
                "Topology",
                "Traffic",
                "Routing",
                "Saturation throughput",
                "At offered load",
                "Low-load latency (packet-times)",
                "Hops/packet",
                "Points",
            ],
            table,
        )
    )
    out.append("")

    out.append("### Adaptive vs deterministic routing on transpose traffic")
    out.append("")
    ratio_rows = []
    for topology in topologies:
        det = DETERMINISTIC.get(topology)
        if det is None:
            present = [r for r in DETERMINISTIC.values() if (topology, "transpose", r) in summaries]
            det = present[0] if present else None
        a = summaries.get((topology, "transpose", ADAPTIVE))
        d = summaries.get((topology, "transpose", det)) if det else None
        if a is None or d is None:
            if a is None and d is None:
                why = "no transpose data"
            else:
                why = "no transpose / %s curve" % (ADAPTIVE if a is None else (det or "deterministic"))
            ratio_rows.append([topology, det or "?", "", "", why])
            continue
        if d["throughput"] <= 0:
            ratio = "n/a"
        else:
            bound = "\u2265 " if not a["saturated"] and d["saturated"] else ""
            ratio = bound + "%.2f" % (a["throughput"] / d["throughput"])
        ratio_rows.append(
            [
                topology,
                det,
                ("" if d["saturated"] else "\u2265 ") + "%.3f" % d["throughput"],
                ("" if a["saturated"] else "\u2265 ") + "%.3f" % a["throughput"],
                ratio,
            ]
        )
    if ratio_rows:
        out.append(
            md_table(
                [
                    "Topology",
                    "Deterministic routing",
                    "Deterministic saturation",
                    "%s saturation" % ADAPTIVE,
                    "Ratio adaptive / deterministic",
                ],
                ratio_rows,
            )
        )
    else:
        out.append("No topology in the file.")
    out.append("")
    return out


def _cell(value):
    return "" if value is None else "%.0f" % value if abs(value) >= 1000 else "%.3g" % value


def shootout_presets_table(rows):
    """Markdown: each interface's headline figures under every preset side by side
    (nothing when the CSV holds one preset)."""
    presets = []
    for r in rows:
        if r["preset"] not in presets:
            presets.append(r["preset"])
    if len(presets) < 2:
        return []
    def sizes_of(workload):
        return sorted({int(r["size_bytes"]) for r in rows if r["workload"] == workload})

    pings, streams = sizes_of("ping-pong"), sizes_of("stream")
    clients = sorted({int(r["clients"]) for r in rows if r["workload"] == "request-response"})
    figures = []
    if pings:
        figures.append(("ping-pong", "one_way_latency", pings[0], 1,
                        "%d B one-way (us)" % pings[0]))
    if streams:
        figures.append(("stream", "bandwidth", streams[-1], 1,
                        "%d B stream (MB/s)" % streams[-1]))
    for c in sorted({clients[0], clients[-1]} if clients else set()):
        figures.append(("request-response", "requests_per_second", None, c,
                        "requests/s, %d client%s" % (c, "" if c == 1 else "s")))
    if clients:
        figures.append(("request-response", "server_cpu_per_request", None, clients[-1],
                        "server CPU/request (us), %d clients" % clients[-1]))
    ifaces = []
    for r in rows:
        if r["interface"] not in ifaces:
            ifaces.append(r["interface"])

    def value(iface, preset, workload, figure, size, count):
        for r in rows:
            if (r["interface"], r["preset"], r["workload"], r["figure"]) == \
                    (iface, preset, workload, figure) and int(r["clients"]) == count and \
                    (size is None or int(r["size_bytes"]) == size):
                return r["value"]
        return None

    out = ["### Headline figures by preset (%s)" % " / ".join(presets), ""]
    table = []
    for iface in ifaces:
        cells = [iface]
        for workload, figure, size, count, _ in figures:
            cells.append(" / ".join(_cell(value(iface, p, workload, figure, size, count)) or "-"
                                    for p in presets))
        table.append(cells)
    out.append(md_table(["interface"] + [f[4] for f in figures], table))
    out.append("")
    return out


def shootout_section(rows):
    """Markdown for nic-shootout's rows: per workload and figure, a table of
    sizes (rows) against interfaces (columns), as the CSV holds them; for
    request-response, incast, all-to-all and barrier, of client (sender,
    process) counts, one table per message size."""
    out = ["## Interfaces side by side (nic-shootout)", ""]
    out.append("The same workloads (model/bench) over each interface's own library, each on "
               "its own paper's hosts and network (preset `as-published`: these rows still "
               "carry each paper's hardware), and all on one host and one fabric (preset "
               "`same-hosts`: SCILAN's 200 MHz Pentium PCs under NT 4.0 with 33 MHz PCI, "
               "Hamlyn's 640 Mbit/s Myrinet-class switches; TCP on its own 100 Mbit/s "
               "Ethernet), so that what differs there is the interface; and all on today's "
               "hardware (preset `modern`, a what-if: a 3 GHz server with PCIe Gen3, 100 Gbit/s "
               "links, each card's logic scaled with its host's clock; no TCP row yet).")
    out.append("")
    out.extend(shootout_presets_table(rows))
    keys = []
    for r in rows:
        by_clients = r["workload"] in ("request-response", "incast", "all-to-all", "barrier")
        key = (r["workload"], r["figure"], r["unit"], r["preset"],
               int(r["size_bytes"]) if by_clients else None)
        if key not in keys:
            keys.append(key)
    for workload, figure, unit, preset, size in keys:
        chosen = [r for r in rows if (r["workload"], r["figure"], r["unit"], r["preset"])
                  == (workload, figure, unit, preset)
                  and (size is None or int(r["size_bytes"]) == size)]
        column = "size_bytes" if size is None else "clients"
        ifaces = []
        for r in chosen:
            if r["interface"] not in ifaces:
                ifaces.append(r["interface"])
        keys_in_rows = sorted({int(r[column]) for r in chosen})
        title = "### %s: %s (%s, %s)" % (workload, figure.replace("_", " "), unit, preset)
        if size is not None:
            title += (", %d-byte requests and responses" if workload == "request-response"
                      else ", %d-byte messages") % size
        out.append(title)
        out.append("")
        table = []
        for k in keys_in_rows:
            cells = [str(k)]
            for iface in ifaces:
                hit = [r for r in chosen if r["interface"] == iface and int(r[column]) == k]
                value = hit[0]["value"] if hit else None
                cells.append(_cell(value))
            table.append(cells)
        out.append(md_table(["bytes" if size is None else "clients"] + ifaces, table))
        out.append("")
    return out


def _thousands(value):
    return "{:,.0f}".format(value)


def fabric_bench_section(rows):
    """Markdown table of fabric-bench rows (already read and checked)."""
    out = ["### Simulator speed and memory (fabric-bench)", ""]
    out.append("hop_rate = switch hops simulated per wall-clock second (per processor second beside it);")
    out.append("ratio = hop_rate / ns-3's raw scheduler rate (empty events per second) measured in the")
    out.append("same run; each workload ran in a fresh process, so its memory per host is its own.")
    out.append("")
    table = [
        [
            r["workload"],
            r["scheduler"],
            _thousands(r["hosts"]),
            _thousands(r["delivered"]),
            "%.2f" % r["hops_per_packet"],
            _thousands(r["hop_rate"]),
            _thousands(r["hop_rate_cpu"]),
            _thousands(r["event_rate"]),
            _thousands(r["raw_event_rate"]),
            "%.3f" % r["ratio"],
            "%.2f" % r["build_s"],
            "%.2f" % r["rss_per_host_kib"],
            "%.2f" % r["wall_s"],
        ]
        for r in rows
    ]
    out.append(
        md_table(
            [
                "Workload",
                "Scheduler",
                "Hosts",
                "Delivered",
                "Hops/packet",
                "Hop rate (/s)",
                "Hop rate (/CPU s)",
                "Event rate (/s)",
                "Raw event rate (/s)",
                "Ratio",
                "Build (s)",
                "Memory/host (KiB)",
                "Wall (s)",
            ],
            table,
        )
    )
    out.append("")
    rounded = sorted(
        {
            c
            for r in rows
            for c in ("hop_rate", "hop_rate_cpu", "event_rate", "raw_event_rate")
            if "e" in r["_text"][c].lower()
        }
    )
    if rounded:
        out.append("Note: %s in `fabric-bench.csv` %s written in exponent notation (e.g. `%s`), which may"
                   % (", ".join(rounded), "is" if len(rounded) == 1 else "are", rows[0]["_text"][rounded[0]]))
        out.append("have lost precision; `fabric-bench.log` has the values as printed.")
        out.append("")
    return out


# One-line captions of the figures the plot scripts write, by file name: what each shows.
# A figure without one gets a generic caption (figure_caption).
FIGURE_CAPTIONS = {
    "shootout-latency.png":
        "nic-shootout: ping-pong one-way latency against message size, every interface on its "
        "own paper's hosts and network (as published).",
    "shootout-requests.png":
        "nic-shootout: a request/response server against its number of clients, every "
        "interface as published: requests per second, 99th-percentile latency and the server "
        "host's CPU time per request; and incast, the bandwidth at one sink against its "
        "number of senders.",
    "shootout-bandwidth.png":
        "nic-shootout: ping-pong bandwidth (one message at a time) and stream bandwidth "
        "(back to back) against message size, every interface as published.",
    "shootout-latency-same-hosts.png":
        "nic-shootout: ping-pong one-way latency against message size, every interface on one "
        "host (200 MHz Pentium, NT 4.0, 33 MHz PCI) and one Myrinet-class fabric (same-hosts).",
    "shootout-requests-same-hosts.png":
        "nic-shootout: the request/response server and incast against clients, every interface "
        "on the same hosts and fabric (same-hosts).",
    "shootout-bandwidth-same-hosts.png":
        "nic-shootout: ping-pong and stream bandwidth against message size, every interface on "
        "the same hosts and fabric (same-hosts).",
    "shootout-latency-modern.png":
        "nic-shootout: ping-pong one-way latency against message size, every interface on a "
        "current server (3 GHz, PCIe Gen3 x8) and 100 Gbit/s links (modern what-if).",
    "shootout-requests-modern.png":
        "nic-shootout: the request/response server and incast against clients, every interface "
        "on a current server and fabric (modern what-if).",
    "shootout-bandwidth-modern.png":
        "nic-shootout: ping-pong and stream bandwidth against message size, every interface on "
        "a current server and fabric (modern what-if).",
    "hamlyn-latency-vs-size.png":
        "Hamlyn on LANai 3: one-way latency from the post to the receiver's notification "
        "against message size, by direct I/O and by DMA, with the simulated break-even; stars: "
        "Table 3's direct-I/O and Table 4's DMA totals (from hamlyn.csv), each ringed by the "
        "same row's simulated value (the curves also count the host's stores of the request).",
    "hamlyn-bandwidth-vs-size.png":
        "Hamlyn on LANai 3: bandwidth of one DMA transfer against its size, below the 80 MB/s "
        "Myrinet link; star: section 4.2's 512-byte Rats ping-pong, a round trip rather than "
        "one transfer (from hamlyn.csv), ringed by its simulated value; the paper's 4 KB, 1 MB "
        "and pipelined bandwidths are withheld in our copy and not drawn.",
    "dart-latency-vs-size.png":
        "DART: one-way application-to-application latency against message size, software "
        "DART (switchless, one switch) and projected hardware (155, 622 Mbit/s); markers at "
        "32 bytes: the paper's 24.5 and 30 us (stars) and its \"under 10\" and \"under 3 us\" "
        "bounds (triangles), from dart.csv.",
    "dart-latency-breakdown.png":
        "DART: each configuration's 32-byte latency split into send, fabric, receive and "
        "notice; dashed lines and markers: the paper's figure for each (from dart.csv).",
    "tripwire-fig7.png":
        "CLAN Figure 7: raw bandwidth of one message against its size, by DMA and by PIO, "
        "timed as the paper does from the first DWORD's arrival at the receiving processor to "
        "the last; dashed: the paper's 910 Mbit/s DMA peak.",
    "tripwire-fig8.png":
        "CLAN Figure 8: server round trip against the number of endpoints, idle and busy "
        "server; dashed: the paper's 16.8 and 7.9 us.",
    "tripwire-fig9.png":
        "CLAN Figure 9: requests per second against endpoints, one request in flight on each; "
        "dashed: the paper's 340000/s asymptote.",
    "tripwire-fig10.png":
        "CLAN Figure 10: DMA bandwidth against message size, one message in flight (a) and "
        "streaming (b); dashed: the paper's 900 Mbit/s link with 6 us of set-up.",
    "tripwire-fig12.png":
        "CLAN Figure 12: TCP/IP ping-pong bandwidth against message size over 100 Mbit and "
        "Gigabit Ethernet and the early CLAN IP; markers at 1 KB: the paper's Table 1.",
    "scilan-fig7.png":
        "SCILAN Figure 7: copy throughput of SCI memset, SCI memcpy and SCILAN against size; "
        "lines: the paper's Xt = 55 and Xr = 36 MB/s.",
    "scilan-fig8.png":
        "SCILAN Figure 8: throughput with MTU 1500 and 16 KB, with and without the receiver's "
        "copy (simulated only).",
    "scilan-fig9.png":
        "SCILAN Figure 9: throughput of SCILAN and of TCP over SCI/NDIS, ATM LANE and 100baseT "
        "from 4 to 64 KB; dashed: the paper's 10 MB/s for SCI/NDIS.",
    "scilan-fig10.png":
        "SCILAN Figure 10: the same throughputs for small messages, 64 bytes to 4 KB.",
    "scilan-fig11.png":
        "SCILAN Figure 11: transfer time against size, SCILAN by interrupt and by polling and "
        "the three TCP baselines; crosses at the smallest size: the paper's Table 3.",
    "shrimp-fig3-vmmc.png":
        "SHRIMP Figure 3: VMMC one-way latency (up to 256 bytes) and bandwidth, automatic and "
        "deliberate update with zero to two copies; stars: section 3.4's one-word latencies.",
    "shrimp-fig4-nx.png":
        "SHRIMP Figure 4: NX one-way latency and bandwidth, automatic update and deliberate "
        "update with one and two copies (simulated only).",
    "shrimp-fig5-vrpc.png":
        "SHRIMP Figure 5: VRPC round trip and bandwidth against the size of its argument and "
        "result, four versions; star: the paper's null VRPC, about 29 us.",
    "shrimp-fig7-sockets.png":
        "SHRIMP Figure 7: stream-socket one-way latency and bandwidth in three versions, with "
        "ttcp's one-way bandwidth; stars: section 4.3's ttcp and one-way benchmark figures.",
    "shrimp-fig8-rpc.png":
        "SHRIMP Figure 8: null-call round trip of SHRIMP RPC and VRPC with one INOUT argument, "
        "and the bandwidth derived from it as 2 x size / round trip (dashed, as the CSV has "
        "only round trips); stars: the paper's 9.5 and 29 us.",
    "fabric-load-saturation.png":
        "Fabric load: saturation throughput of every topology, traffic pattern and routing "
        "function.",
    "san-scaling.png":
        "Simulator scaling: switch hops per second, processor ns per hop, memory per host and "
        "build time against hosts, one line per topology family.",
    "san-scaling-schedulers.png":
        "Simulator scaling: each ns-3 scheduler's switch hops per second on each workload.",
}

# Figures that belong to the Fabric section besides those of fabric-load.
FABRIC_FIGURE_PREFIX = "fabric-load-"


def figure_caption(name):
    """The one-line caption of the figure file `name`."""
    if name in FIGURE_CAPTIONS:
        return FIGURE_CAPTIONS[name]
    if name.startswith(FABRIC_FIGURE_PREFIX) and name.endswith(".png"):
        topology = name[len(FABRIC_FIGURE_PREFIX):-len(".png")]
        return ("Fabric load on the %s: average latency (packet-times) and accepted throughput "
                "against offered load per traffic pattern, one curve per routing function." % topology)
    return "A figure this report has no caption for; see the script that wrote it."


def tripwire_fig7_note(results_dir):
    """Markdown lines under the Tripwire Figure 7 caption: why the simulated DMA curve starts
    above the paper's 910 Mbit/s peak and falls toward it, with this run's numbers."""
    path = os.path.join(results_dir, "tripwire-fig7-raw-bandwidth.csv")
    try:
        c = sancsv.read_columns(path, ("size_bytes", "dma_Mbps", "pio_Mbps"))
    except sancsv.CsvError:
        return []
    sizes, dma = c["size_bytes"], c["dma_Mbps"]
    if max(dma) <= 910:
        return []
    flat = [s for s, v in zip(sizes, dma) if abs(v - dma[0]) <= 1e-4 * abs(dma[0])]
    this_run = "In this run the DMA curve reads %.1f Mbit/s from %d to %d bytes and %.1f at %d bytes." % (
        dma[0], sizes[0], flat[-1], dma[-1], sizes[-1])
    return [
        "Why the DMA curve starts above the 910 Mbit/s peak and falls toward it: each size is "
        "one message (not a stream, so no per-message overhead overlaps), timed from its first "
        "DWORD's arrival at the receiver to its last, as the paper's section 5.2 measures "
        "(`TripwirePaperExperiments::RawBandwidthMbps`). The sender's DMA engine reads 1 KB "
        "bursts (256 DWORDs), each costing its data phases plus an address phase and the read "
        "latency fitted to the 910 Mbit/s peak: 297 PCI cycles, 9.0 us, per KB. The first "
        "burst's start-up comes before the first DWORD arrives, so it lies outside the window: a "
        "message of one burst (up to 1 KB) is timed over the receiving bus's data phases alone, "
        "32 bits per cycle, and each further KB adds a whole 9.0 us burst, so N bursts read "
        "(size - 4) x 8 / ((N - 1) x 9.0 us + 255 receive cycles), falling toward 910 as 1/N. The paper blames the 910 "
        "Mbit/s on a stall of the receiving bridge at the start of each burst, which would lie "
        "inside the window for every burst; the model puts the per-burst loss in the sender's "
        "read latency (AlphaLinuxHostPreset DmaReadLatency, fitted), where the first burst's "
        "share falls outside it. %s "
        "PIO shows the same edge effect, smaller, with 32-byte pieces." % this_run,
        "",
    ]


# Notes (markdown lines) under some figures' captions: file name -> function of the results
# directory.
FIGURE_NOTES = {
    "tripwire-fig7.png": tripwire_fig7_note,
}


def figure_alt(caption):
    """The image text of a figure: its caption's first clause (what the figure is, up to the
    first ";" outside parentheses), with square brackets made safe for markdown."""
    depth = 0
    end = len(caption)
    for i, c in enumerate(caption):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if c == ";" and depth == 0:
            end = i
            break
    return caption[:end].rstrip(".").replace("[", "(").replace("]", ")")


def figure_blocks(names, results_dir, report_dir):
    """Markdown lines showing the figures `names` (files in `results_dir`) inline, each with
    its one-line caption and any note, linked relative to `report_dir`."""
    out = []
    for name in names:
        rel = os.path.relpath(os.path.join(results_dir, name), report_dir).replace(os.sep, "/")
        caption = figure_caption(name)
        alt = figure_alt(caption)
        out.extend(["![%s](%s)" % (alt, rel), "", "`%s` \u2014 %s" % (name, caption), ""])
        note = FIGURE_NOTES.get(name)
        if note:
            out.extend(note(results_dir))
    return out


def figure_order(name):
    """Sort key of a figure file name: those in FIGURE_CAPTIONS in its order, then the rest
    with runs of digits compared as numbers (fig7 before fig10)."""
    known = list(FIGURE_CAPTIONS)
    if name in known:
        return (0, known.index(name), [])
    parts = re.split(r"(\d+)", name.lower())
    return (1, 0, [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts])


def place_figures(names, papers):
    """Sort figure file names into report sections: ({paper: [names]}, [fabric names],
    [other names]). A figure goes to the paper whose name (case aside) followed by "-" starts
    its own, the longest such if several; fabric-load-*.png to the Fabric section; any other
    to "Other figures"."""
    by_paper = {}
    fabric = []
    other = []
    for name in sorted(names, key=figure_order):
        lower = name.lower()
        matches = [p for p in papers if lower.startswith(p.lower() + "-")]
        if matches:
            by_paper.setdefault(max(matches, key=len), []).append(name)
        elif lower.startswith(FABRIC_FIGURE_PREFIX):
            fabric.append(name)
        else:
            other.append(name)
    return by_paper, fabric, other


def other_figures_section(names, results_dir, report_dir, any_figure):
    """Markdown: the figures that match no section, inline; empty when every figure has one."""
    if any_figure and not names:
        return []
    out = ["## Other figures", ""]
    if not any_figure:
        out.extend(["No PNG figures in `%s` (the analysis/plot_*.py scripts write them)." % results_dir, ""])
        return out
    out.extend(["Figures that belong to no section above.", ""])
    out.extend(figure_blocks(names, results_dir, report_dir))
    return out


def _listdir(directory):
    try:
        return os.listdir(directory)
    except OSError:
        return []


def build_report(results_dir, report_path=None):
    """Return (markdown, problems) for the files in `results_dir`.

    `problems` lists the error text of every CSV that could not be used
    (each names the file and line). `report_path` only serves to make the
    figure links relative to where the report will be.
    """
    if report_path is None:
        report_path = os.path.join(results_dir, "REPORT.md")
    report_dir = os.path.dirname(os.path.abspath(report_path))
    problems = []
    paper_files = []
    skipped = []
    fabric_load_rows = None
    fabric_bench_rows = None
    shootout_rows = None
    unreadable_papers = 0
    provenances = []
    for path in sancsv.csv_files(results_dir):
        kind = None
        try:
            kind = sancsv.kind_of(path)
            if kind == "paper":
                paper = sancsv.read_paper_file(path)
                paper_files.append((path, paper["rows"]))
                provenances.append((path, paper["provenance"], paper["parameters"]))
            elif kind == "fabric-load" and os.path.basename(path) == "fabric-load.csv":
                fabric_load_rows = sancsv.read_fabric_load(path)
                comments = sancsv.read_comments(path)
                provenances.append((path, comments["provenance"], comments["parameters"]))
            elif kind == "shootout" and os.path.basename(path) == "shootout.csv":
                shootout_rows = sancsv.read_shootout(path)
                comments = sancsv.read_comments(path)
                provenances.append((path, comments["provenance"], comments["parameters"]))
            elif kind == "fabric-bench" and os.path.basename(path) == "fabric-bench.csv":
                fabric_bench_rows = sancsv.read_fabric_bench(path)
                comments = sancsv.read_comments(path)
                provenances.append((path, comments["provenance"], comments["parameters"]))
            else:
                skipped.append(os.path.basename(path))
        except sancsv.CsvError as e:
            problems.append(str(e))
            name = os.path.basename(path)
            if kind == "paper" or name not in ("fabric-load.csv", "fabric-bench.csv"):
                unreadable_papers += 1
    # The two fabric files are expected by name: a wrong header there is a problem, not "other".
    for name, header in (
        ("fabric-load.csv", sancsv.FABRIC_LOAD_HEADER),
        ("fabric-bench.csv", sancsv.FABRIC_BENCH_HEADER),
    ):
        if name in skipped:
            skipped.remove(name)
            try:
                sancsv.read_rows(os.path.join(results_dir, name), header)
            except sancsv.CsvError as e:
                problems.append(str(e))

    out = ["# san: results report", ""]
    out.append("Written by `analysis/make_report.py` from the CSV files in `%s`." % results_dir)
    out.append("")
    out.extend(provenance_section(report_provenance(), provenances))
    papers = gather_papers(paper_files)
    pngs = [n for n in _listdir(results_dir) if n.lower().endswith(".png")]
    paper_pngs, fabric_pngs, other_pngs = place_figures(pngs, papers)
    paper_figures = {}
    for name, names in paper_pngs.items():
        paper_figures[name] = ["#### Figures (%d)" % len(names), ""] + figure_blocks(names, results_dir, report_dir)
    out.extend(summary_section(papers))
    out.extend(paper_sections(papers, unreadable_papers, paper_figures))

    out.extend(["## Fabric", ""])
    if fabric_load_rows:
        out.extend(fabric_load_section(fabric_load_rows))
    elif fabric_load_rows is not None:
        out.extend(["`fabric-load.csv` has no data rows.", ""])
    elif os.path.exists(os.path.join(results_dir, "fabric-load.csv")):
        out.extend(["`fabric-load.csv` could not be read: see \"Problems\" below.", ""])
    else:
        out.extend(["No `fabric-load.csv` (run `build/examples/fabric-load`).", ""])
    if fabric_bench_rows:
        out.extend(fabric_bench_section(fabric_bench_rows))
    elif fabric_bench_rows is not None:
        out.extend(["`fabric-bench.csv` has no data rows.", ""])
    elif os.path.exists(os.path.join(results_dir, "fabric-bench.csv")):
        out.extend(["`fabric-bench.csv` could not be read: see \"Problems\" below.", ""])
    else:
        out.extend(["No `fabric-bench.csv` (run `build/examples/fabric-bench`).", ""])
    if fabric_pngs:
        out.extend(["### Figures (fabric-load)", ""])
        out.extend(figure_blocks(fabric_pngs, results_dir, report_dir))

    if shootout_rows:
        out.extend(shootout_section(shootout_rows))
        shootout_pngs = [n for n in other_pngs if n.startswith("shootout-")]
        if shootout_pngs:
            other_pngs = [n for n in other_pngs if n not in shootout_pngs]
            out.extend(["### Figures (nic-shootout)", ""])
            out.extend(figure_blocks(shootout_pngs, results_dir, report_dir))

    out.extend(other_figures_section(other_pngs, results_dir, report_dir, bool(pngs)))

    if skipped:
        out.extend(["## Other CSV files", ""])
        out.append("Not in the paper-results format, so not reported above: "
                   + ", ".join("`%s`" % s for s in skipped) + ".")
        out.append("")
    if problems:
        out.extend(["## Problems", ""])
        out.append("These files could not be read and are missing from the report:")
        out.append("")
        out.append("```")
        out.append("\n\n".join(problems))
        out.append("```")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n", problems


def write_report(results_dir, report_path=None):
    """Build the report and write it; return (path, problems)."""
    if report_path is None:
        report_path = os.path.join(results_dir, "REPORT.md")
    text, problems = build_report(results_dir, report_path)
    parent = os.path.dirname(report_path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(report_path, "w", encoding="utf-8") as f:
        f.write(text)
    return report_path, problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default="results", help="directory of CSVs and PNGs (default: %(default)s)")
    parser.add_argument("--out", default=None, help="report file (default: RESULTS/REPORT.md)")
    args = parser.parse_args(argv)
    if not os.path.isdir(args.results):
        print("make_report: error: no directory %s" % args.results, file=sys.stderr)
        return 1
    try:
        path, problems = write_report(args.results, args.out)
    except OSError as e:
        print("make_report: error: cannot write the report: %s" % e, file=sys.stderr)
        return 1
    for p in problems:
        print("make_report: error: %s" % p, file=sys.stderr)
    print("make_report: wrote %s" % path)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
