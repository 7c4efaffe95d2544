#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Reading and checking the CSV files that san's examples write into results/.

Three kinds of file are known (see the "Results contract" in DESIGN.md):

* paper CSVs, results/<paper>.csv, one row per reproduced figure, as the
  harness's SanResultsWriter (helper/paper/) writes them;
* results/fabric-load.csv, the latency/throughput sweep of fabric-load;
* results/fabric-bench.csv, the speed and memory figures of fabric-bench.

Any file may start with comment lines ("# key: value"); the readers skip them
and read_comments() parses them. A paper CSV's comments hold its provenance
(commit, date, mode, seed, run, parameters) and one "# check:" line per row
(role, tolerance, excuse): see read_paper_file().

Every reader checks the header and each row and raises CsvError, whose text
names the file and the line ("results/x.csv:7: ..."), for anything it cannot
use. Scripts catch CsvError and print it instead of a traceback.
"""

import csv
import math
import os

PAPER_HEADER = (
    "paper",
    "experiment",
    "metric",
    "unit",
    "paper_value",
    "simulated_value",
    "rel_error",
    "source",
    "paper_kind",
    "missing",
)

# Paper CSVs written before the missing column: no row names missing information.
NO_MISSING_PAPER_HEADER = PAPER_HEADER[:-1]

# Paper CSVs written before the paper_kind column: every paper value is a value.
LEGACY_PAPER_HEADER = PAPER_HEADER[:-2]

# What a paper value is (the paper_kind column); the same names as SanPaperValue.
PAPER_KINDS = ("value", "under", "over", "range", "none")

# Roles and excuses of the "# check:" lines (SanPaperRow). "fitted" (a figure a model
# parameter was fitted to) and "derived" (worked out from other rows) are accepted ahead of
# the C++ side writing them; the report shows them apart and never counts them as predictions.
ROLES = ("input", "prediction", "fitted", "derived")
EXCUSES = ("", "deviation", "paper-inconsistency")

# Provenance keys, in the order SanResultsWriter writes them.
PROVENANCE_KEYS = ("commit", "date", "mode", "seed", "run")

FABRIC_LOAD_HEADER = (
    "topology",
    "traffic",
    "routing",
    "offered_load",
    "accepted_throughput",
    "avg_latency_us",
    "avg_latency_packet_times",
    "max_latency_us",
    "hops_per_packet",
    "delivered_fraction",
    "saturated",
)

# san-run's --csv (examples/san-run.cc): one row per offered load, means over the seeds with
# their 95% confidence half-widths; the load bound and what ran, repeated on every row.
SAN_RUN_HEADER = (
    "offered_load",
    "accepted",
    "accepted_ci95",
    "latency_mean",
    "latency_mean_ci95",
    "latency_p50",
    "latency_p99",
    "latency_max",
    "hops",
    "worst_source_fraction",
    "not_injected",
    "saturated",
    "packet_time_ns",
    "vc_occupancy",
    "busiest_link",
    "busiest_link_utilisation",
    "load_bound",
    "topology",
    "routing",
    "pattern",
)

# san-run CSVs written before the load bound and the run's names were columns.
SAN_RUN_HEADER_NO_BOUND = SAN_RUN_HEADER[:-4]

_SAN_RUN_NUMERIC = ("offered_load", "accepted", "accepted_ci95", "latency_mean",
                    "latency_mean_ci95", "latency_p50", "latency_p99", "latency_max", "hops",
                    "worst_source_fraction", "not_injected", "saturated", "packet_time_ns",
                    "busiest_link_utilisation", "load_bound")

FABRIC_BENCH_HEADER = (
    "workload",
    "scheduler",
    "hosts",
    "delivered",
    "hops_per_packet",
    "hop_rate",
    "hop_rate_cpu",
    "event_rate",
    "raw_event_rate",
    "ratio",
    "build_s",
    "rss_per_host_kib",
    "wall_s",
    "cpu_s",
)

# Columns that must hold a number (float) in each kind of file. Columns not
# listed are kept as text.
_FABRIC_LOAD_NUMERIC = FABRIC_LOAD_HEADER[3:]
_FABRIC_BENCH_NUMERIC = FABRIC_BENCH_HEADER[2:]

# results/shootout.csv (examples/nic-shootout): one figure of one workload on one interface.
# clients: the server's clients (request-response); 1 for the pair workloads.
SHOOTOUT_HEADER = ("workload", "interface", "preset", "size_bytes", "clients", "figure", "value",
                   "unit")


class CsvError(Exception):
    """A CSV file that cannot be used; str() names the file and line."""

    def __init__(self, path, line, message):
        self.path = path
        self.line = line
        self.message = message
        where = "%s:%d" % (path, line) if line else str(path)
        super().__init__("%s: %s" % (where, message))


def _open(path):
    try:
        # utf-8-sig drops a byte-order mark if an editor added one.
        return open(path, newline="", encoding="utf-8-sig")
    except OSError as e:
        raise CsvError(path, 0, "cannot read: %s" % (e.strerror or e)) from None


def _split_comments(path):
    """Return (comment lines, the other lines, number of comment lines).

    Comment lines are the lines at the top of the file that start with "#";
    they are returned without the "#" and one following space, and without
    the line break. The other lines keep their line breaks (for csv).
    """
    with _open(path) as f:
        try:
            lines = f.read().splitlines(keepends=True)
        except UnicodeDecodeError as e:
            raise CsvError(path, 0, "not UTF-8 text: %s" % e) from None
    n = 0
    while n < len(lines) and lines[n].startswith("#"):
        n += 1
    comments = []
    for line in lines[:n]:
        text = line.rstrip("\r\n")[1:]
        comments.append(text[1:] if text.startswith(" ") else text)
    return comments, lines[n:], n


def _header_of(path):
    """Return the header's fields (stripped), or None for a file without one."""
    _, lines, n = _split_comments(path)
    try:
        first = next(csv.reader(lines), None)
    except csv.Error as e:
        raise CsvError(path, n + 1, "unreadable header: %s" % e) from None
    if first is None:
        return None
    return tuple(field.strip() for field in first)


def read_comments(path):
    """Parse the leading comment lines of a CSV.

    Returns a dict: "provenance", a dict of the other "key: value" lines
    (san-results, commit, date, mode, seed, run; the last one wins);
    "parameters", the values of the "# parameter:" lines in order (their
    number must match "# parameters: n" where that line is present); "checks", a list of dicts (experiment,
    metric, role, tolerance (float), excuse, _line) from the "# check:" lines;
    "lines", every comment line as (line number, text). A "# check:" line
    that cannot be parsed raises CsvError.
    """
    comments, _, _ = _split_comments(path)
    out = {"provenance": {}, "parameters": [], "checks": [], "lines": []}
    count = None
    for number, text in enumerate(comments, start=1):
        out["lines"].append((number, text))
        key, sep, value = text.partition(":")
        if not sep:
            continue
        key = key.strip()
        value = value.strip()
        if key == "parameter":
            out["parameters"].append(value)
        elif key == "check":
            out["checks"].append(_parse_check(path, number, value))
        elif key == "parameters":
            if not value.isdigit():
                raise CsvError(path, number, "parameters: %r is not a count" % value)
            count = (number, int(value))
        elif key == "checks":
            pass  # the check lines' column names
        elif key and " " not in key:
            out["provenance"][key] = value
    if count is not None and count[1] != len(out["parameters"]):
        raise CsvError(
            path, count[0], "parameters: %d announced, %d parameter lines follow" % (count[1], len(out["parameters"]))
        )
    return out


def _parse_check(path, line, text):
    try:
        fields = next(csv.reader([text]), [])
    except csv.Error as e:
        raise CsvError(path, line, "malformed check line: %s" % e) from None
    fields = [f.strip() for f in fields]
    if len(fields) != 5:
        raise CsvError(
            path, line, "check line has %d fields, expected 5 (experiment,metric,role,tolerance,excuse)" % len(fields)
        )
    experiment, metric, role, tolerance, excuse = fields
    if role not in ROLES:
        raise CsvError(path, line, "check line: role %r is not one of %s" % (role, ", ".join(ROLES)))
    if excuse not in EXCUSES:
        raise CsvError(path, line, "check line: excuse %r is not one of deviation, paper-inconsistency" % excuse)
    try:
        tol = float(tolerance)
    except ValueError:
        raise CsvError(path, line, "check line: tolerance %r is not a number" % tolerance) from None
    if not math.isfinite(tol) or tol < 0:
        raise CsvError(path, line, "check line: tolerance %r must be a finite number >= 0" % tolerance)
    return {"experiment": experiment, "metric": metric, "role": role, "tolerance": tol, "excuse": excuse, "_line": line}


def kind_of(path):
    """Classify a CSV by its header.

    Returns "paper", "fabric-load", "fabric-bench", "shootout", "san-run" or None (some other CSV,
    or an empty file). A file whose first column is "paper" but whose header
    differs from the paper header raises CsvError: it was meant to be a paper
    CSV and would otherwise be skipped without a word.
    """
    header = _header_of(path)
    if header is None:
        return None
    if header in (PAPER_HEADER, NO_MISSING_PAPER_HEADER, LEGACY_PAPER_HEADER):
        return "paper"
    if header == FABRIC_LOAD_HEADER:
        return "fabric-load"
    if header == FABRIC_BENCH_HEADER:
        return "fabric-bench"
    if header == SHOOTOUT_HEADER:
        return "shootout"
    if header in (SAN_RUN_HEADER, SAN_RUN_HEADER_NO_BOUND):
        return "san-run"
    if header and header[0] == "paper":
        raise CsvError(path, 1, _header_mismatch(header, PAPER_HEADER))
    return None


def _header_mismatch(found, expected):
    return "header is\n    %s\n  expected\n    %s" % (",".join(found), ",".join(expected))


def _parse_number(path, line, column, text):
    try:
        value = float(text)
    except ValueError:
        raise CsvError(path, line, "column %s: %r is not a number" % (column, text)) from None
    if math.isnan(value):
        raise CsvError(path, line, "column %s: value is NaN" % column)
    return value


def read_rows(path, header, numeric=(), optional=(), accept=()):
    """Read a CSV whose header (the first line after any comment lines) must
    equal `header`, or one of the headers in `accept`.

    Returns a list of dicts (column -> value). Columns in `numeric` become
    floats (or None where the column is in `optional` and the cell is empty);
    the others stay stripped strings. Each dict also carries "_line", the
    line the row starts on, for error messages, and "_text", the stripped
    cells as written. Blank lines are skipped. With `accept`, a file with one
    of those headers gives dicts of that header's columns.
    """
    rows = []
    _, lines, skipped = _split_comments(path)
    reader = csv.reader(lines)
    try:
        first = next(reader, None)
        if first is None:
            raise CsvError(path, skipped + 1, "empty file; expected the header\n    %s" % ",".join(header))
        found = tuple(field.strip() for field in first)
        if found != tuple(header) and found not in [tuple(h) for h in accept]:
            raise CsvError(path, skipped + 1, _header_mismatch(found, header))
        header = found
        start = skipped + reader.line_num + 1
        for fields in reader:
            line = start
            start = skipped + reader.line_num + 1
            if not fields or all(not x.strip() for x in fields):
                continue
            if len(fields) != len(header):
                raise CsvError(
                    path,
                    line,
                    "%d fields, expected %d (%s)" % (len(fields), len(header), ",".join(header)),
                )
            texts = [x.strip() for x in fields]
            row = {"_line": line, "_text": dict(zip(header, texts))}
            for column, text in zip(header, texts):
                if column in numeric:
                    if text == "":
                        if column in optional:
                            row[column] = None
                            continue
                        raise CsvError(path, line, "column %s is empty" % column)
                    row[column] = _parse_number(path, line, column, text)
                else:
                    row[column] = text
            rows.append(row)
    except csv.Error as e:
        raise CsvError(path, skipped + reader.line_num, "malformed CSV: %s" % e) from None
    return rows


def parse_range(text):
    """Split a range's paper_value "low-high" into two floats, or return None.

    The separator is the first "-" that is neither a leading sign nor part of
    an exponent, so "-5--2" and "1e-05-2e-05" work too.
    """
    for i, c in enumerate(text):
        if c != "-" or i == 0 or text[i - 1] in "eE-":
            continue
        try:
            low, high = float(text[:i]), float(text[i + 1:])
        except ValueError:
            continue
        if math.isfinite(low) and math.isfinite(high):
            return low, high
    return None


def admits(kind, low, high, simulated, tolerance):
    """Judge a simulated value as SanPaperValue::Admits does (helper/paper/).

    value: |sim - v| <= tol |v|; under: sim < b + tol |b|; over: sim > b - tol |b|;
    range: low - tol |low| <= sim <= high + tol |high|; none: sim is finite.
    A simulated value that is not finite fails every kind.
    """
    if simulated is None or not math.isfinite(simulated):
        return False
    if kind == "value":
        return abs(simulated - low) <= tolerance * abs(low)
    if kind == "under":
        return simulated < high + tolerance * abs(high)
    if kind == "over":
        return simulated > low - tolerance * abs(low)
    if kind == "range":
        return low - tolerance * abs(low) <= simulated <= high + tolerance * abs(high)
    return True


def relative_error(kind, low, high, simulated):
    """The rel_error SanPaperValue::RelativeError writes, or None.

    value, under, over: (sim - v) / |v|; range: 0 inside, else from the
    nearer end; none, or a zero reference: None.
    """
    if kind == "none" or low is None:
        return None
    if kind == "range":
        if low <= simulated <= high:
            return 0.0
        reference = low if simulated < low else high
    else:
        reference = low
    if reference == 0:
        return None
    return (simulated - reference) / abs(reference)


def verdict(row):
    """One paper row's verdict, by the rules of admits() and the row's check line.

    "n/a" (no paper value, simulated value finite), "unchecked" (no tolerance:
    the file has no check line for the row), "pass" or "fail". An excuse never
    changes the verdict: a documented deviation outside its tolerance is a
    fail (the report shows the excuse beside it).
    """
    kind = row["paper_kind"]
    if kind == "none":
        return "n/a" if admits(kind, None, None, row["simulated_value"], 0) else "fail"
    if row.get("tolerance") is None:
        return "unchecked"
    ok = admits(kind, row["paper_low"], row["paper_high"], row["simulated_value"], row["tolerance"])
    return "pass" if ok else "fail"


def read_paper_csv(path):
    """Read a paper CSV (see PAPER_HEADER; the older NO_MISSING_PAPER_HEADER and
    LEGACY_PAPER_HEADER are accepted too).

    Each row gets, besides its columns:

    * "paper_text" and "simulated_text", the numbers as written (so the
      report keeps the example's precision);
    * "paper_kind" (a legacy file's rows are "value", or "none" where the
      paper value is empty); "paper_low" and "paper_high", the value or
      bound twice, a range's ends, None for none; "paper_value" is the
      value or bound as a float, None for none and for a range;
    * "role", "tolerance" and "excuse" from the row's "# check:" line, or
      None where the file has none;
    * "missing", what would close a miss and the documents searched for it
      ("" in a file written before the column).

    paper_value is empty exactly when paper_kind is none (withheld, or not in
    the paper); rel_error must then be empty too.
    """
    rows = read_rows(
        path,
        PAPER_HEADER,
        numeric=("simulated_value", "rel_error"),
        optional=("rel_error",),
        accept=(NO_MISSING_PAPER_HEADER, LEGACY_PAPER_HEADER),
    )
    checks = {}
    for check in read_comments(path)["checks"]:
        checks.setdefault((check["experiment"], check["metric"]), []).append(check)
    for row in rows:
        line = row["_line"]
        for column in ("paper", "experiment", "metric"):
            if row[column] == "":
                raise CsvError(path, line, "column %s is empty" % column)
        text = row["paper_value"]
        kind = row.get("paper_kind")
        if kind is None:
            kind = "value" if text else "none"
        if kind not in PAPER_KINDS:
            raise CsvError(path, line, "column paper_kind: %r is not one of %s" % (kind, ", ".join(PAPER_KINDS)))
        row["paper_kind"] = kind
        row.setdefault("missing", "")
        row["paper_text"] = text
        row["simulated_text"] = row["_text"]["simulated_value"]
        if kind == "none":
            if text != "":
                raise CsvError(path, line, "paper_value %r is set but paper_kind is none" % text)
            if row["rel_error"] is not None:
                raise CsvError(
                    path, line, "rel_error is set but paper_value is empty (withheld rows have no error)"
                )
            row["paper_value"] = row["paper_low"] = row["paper_high"] = None
        elif text == "":
            raise CsvError(path, line, "paper_value is empty but paper_kind is %s" % kind)
        elif kind == "range":
            ends = parse_range(text)
            if ends is None or ends[0] > ends[1]:
                raise CsvError(path, line, "column paper_value: %r is not a range low-high" % text)
            row["paper_value"] = None
            row["paper_low"], row["paper_high"] = ends
        else:
            value = _parse_number(path, line, "paper_value", text)
            row["paper_value"] = row["paper_low"] = row["paper_high"] = value
        queue = checks.get((row["experiment"], row["metric"]))
        check = queue.pop(0) if queue else None
        row["role"] = check["role"] if check else None
        row["tolerance"] = check["tolerance"] if check else None
        row["excuse"] = check["excuse"] if check else None
    for queue in checks.values():
        for check in queue:
            raise CsvError(
                path,
                check["_line"],
                "check line names %s/%s, which has no row" % (check["experiment"], check["metric"]),
            )
    return rows


def read_paper_file(path):
    """Read a paper CSV and its comments: a dict with "rows" (read_paper_csv),
    "provenance" (dict: commit, date, mode, seed, run, ...), "parameters"
    (list of "name=value") and "comments" (read_comments)."""
    rows = read_paper_csv(path)
    comments = read_comments(path)
    return {
        "rows": rows,
        "provenance": comments["provenance"],
        "parameters": comments["parameters"],
        "comments": comments,
    }


def read_fabric_load(path):
    """Read results/fabric-load.csv (see FABRIC_LOAD_HEADER)."""
    rows = read_rows(path, FABRIC_LOAD_HEADER, numeric=_FABRIC_LOAD_NUMERIC)
    for row in rows:
        for column in ("topology", "traffic", "routing"):
            if row[column] == "":
                raise CsvError(path, row["_line"], "column %s is empty" % column)
    return rows


def read_shootout(path):
    """Read results/shootout.csv (see SHOOTOUT_HEADER); size_bytes, clients and value as
    floats."""
    return read_rows(path, SHOOTOUT_HEADER, numeric=("size_bytes", "clients", "value"))


def read_fabric_bench(path):
    """Read results/fabric-bench.csv (see FABRIC_BENCH_HEADER)."""
    rows = read_rows(path, FABRIC_BENCH_HEADER, numeric=_FABRIC_BENCH_NUMERIC)
    for row in rows:
        if row["workload"] == "":
            raise CsvError(path, row["_line"], "column workload is empty")
    return rows


def read_san_run(path):
    """Read san-run's --csv file (see SAN_RUN_HEADER; SAN_RUN_HEADER_NO_BOUND is accepted too).

    Rows are in the file's order (offered load ascending). "load_bound" is None where the
    pattern has none (or the file predates the column); "topology", "routing" and "pattern"
    are "" in an older file.
    """
    rows = read_rows(
        path,
        SAN_RUN_HEADER,
        numeric=_SAN_RUN_NUMERIC,
        optional=("load_bound",),
        accept=(SAN_RUN_HEADER_NO_BOUND,),
    )
    if not rows:
        raise CsvError(path, 1, "no rows: san-run wrote no load point")
    for row in rows:
        row.setdefault("load_bound", None)
        for column in ("topology", "routing", "pattern"):
            row.setdefault(column, "")
    return rows


def csv_files(directory):
    """The *.csv files directly in `directory`, sorted by name."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    return sorted(os.path.join(directory, n) for n in names if n.endswith(".csv"))


def read_columns(path, header, allow_nan=False):
    """Read a CSV of numbers under `header` as {column: [values]}, in row order.

    With `allow_nan`, a cell "nan" in any column but the first becomes None (a run that
    did not finish); a plot leaves such points out. Raises CsvError for a missing file, a
    wrong header, no data rows, or a value that is not a number.
    """
    rows = read_rows(path, header, numeric=header if not allow_nan else header[:1])
    if not rows:
        raise CsvError(path, 1, "no data rows")
    out = {header[0]: [r[header[0]] for r in rows]}
    for h in header[1:]:
        if not allow_nan:
            out[h] = [r[h] for r in rows]
            continue
        values = []
        for r in rows:
            text = r[h]
            if text.lower() == "nan":
                values.append(None)
                continue
            values.append(_parse_number(path, r["_line"], h, text))
        out[h] = values
    return out
