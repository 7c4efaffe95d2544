#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Reading and checking the CSV files that san's examples write into results/.

Three kinds of file are known (see the "Results contract" in DESIGN.md):

* paper CSVs, results/<paper>.csv, one row per reproduced figure;
* results/fabric-load.csv, the latency/throughput sweep of fabric-load;
* results/fabric-bench.csv, the speed and memory figures of fabric-bench.

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
)

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
)

FABRIC_BENCH_HEADER = (
    "workload",
    "hosts",
    "delivered",
    "hops_per_packet",
    "hop_rate",
    "event_rate",
    "raw_event_rate",
    "ratio",
    "rss_per_host_kib",
    "wall_s",
)

# Columns that must hold a number (float) in each kind of file. Columns not
# listed are kept as text.
_FABRIC_LOAD_NUMERIC = FABRIC_LOAD_HEADER[3:]
_FABRIC_BENCH_NUMERIC = FABRIC_BENCH_HEADER[1:]


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


def _header_of(path):
    """Return the first line's fields (stripped), or None for an empty file."""
    with _open(path) as f:
        try:
            first = next(csv.reader(f), None)
        except (csv.Error, UnicodeDecodeError) as e:
            raise CsvError(path, 1, "unreadable header: %s" % e) from None
    if first is None:
        return None
    return tuple(field.strip() for field in first)


def kind_of(path):
    """Classify a CSV by its header.

    Returns "paper", "fabric-load", "fabric-bench" or None (some other CSV,
    or an empty file). A file whose first column is "paper" but whose header
    differs from the paper header raises CsvError: it was meant to be a paper
    CSV and would otherwise be skipped without a word.
    """
    header = _header_of(path)
    if header is None:
        return None
    if header == PAPER_HEADER:
        return "paper"
    if header == FABRIC_LOAD_HEADER:
        return "fabric-load"
    if header == FABRIC_BENCH_HEADER:
        return "fabric-bench"
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


def read_rows(path, header, numeric=(), optional=()):
    """Read a CSV whose first line must equal `header`.

    Returns a list of dicts (column -> value). Columns in `numeric` become
    floats (or None where the column is in `optional` and the cell is empty);
    the others stay stripped strings. Each dict also carries "_line", the
    line the row starts on, for error messages, and "_text", the stripped
    cells as written. Blank lines are skipped.
    """
    rows = []
    with _open(path) as f:
        reader = csv.reader(f)
        try:
            first = next(reader, None)
            if first is None:
                raise CsvError(path, 1, "empty file; expected the header\n    %s" % ",".join(header))
            found = tuple(field.strip() for field in first)
            if found != tuple(header):
                raise CsvError(path, 1, _header_mismatch(found, header))
            start = reader.line_num + 1
            for fields in reader:
                line = start
                start = reader.line_num + 1
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
            raise CsvError(path, reader.line_num, "malformed CSV: %s" % e) from None
        except UnicodeDecodeError as e:
            raise CsvError(path, 0, "not UTF-8 text: %s" % e) from None
    return rows


def read_paper_csv(path):
    """Read a paper CSV (see PAPER_HEADER).

    Each row also gets "paper_text" and "simulated_text", the numbers as
    written (so the report keeps the example's precision). paper_value empty
    means the paper's value is withheld; then rel_error must be empty too.
    """
    rows = read_rows(
        path,
        PAPER_HEADER,
        numeric=("paper_value", "simulated_value", "rel_error"),
        optional=("paper_value", "rel_error"),
    )
    for row in rows:
        line = row["_line"]
        for column in ("paper", "experiment", "metric"):
            if row[column] == "":
                raise CsvError(path, line, "column %s is empty" % column)
        if row["paper_value"] is None and row["rel_error"] is not None:
            raise CsvError(
                path, line, "rel_error is set but paper_value is empty (withheld rows have no error)"
            )
        row["paper_text"] = row["_text"]["paper_value"]
        row["simulated_text"] = row["_text"]["simulated_value"]
    return rows


def read_fabric_load(path):
    """Read results/fabric-load.csv (see FABRIC_LOAD_HEADER)."""
    rows = read_rows(path, FABRIC_LOAD_HEADER, numeric=_FABRIC_LOAD_NUMERIC)
    for row in rows:
        for column in ("topology", "traffic", "routing"):
            if row[column] == "":
                raise CsvError(path, row["_line"], "column %s is empty" % column)
    return rows


def read_fabric_bench(path):
    """Read results/fabric-bench.csv (see FABRIC_BENCH_HEADER)."""
    rows = read_rows(path, FABRIC_BENCH_HEADER, numeric=_FABRIC_BENCH_NUMERIC)
    for row in rows:
        if row["workload"] == "":
            raise CsvError(path, row["_line"], "column workload is empty")
    return rows


def csv_files(directory):
    """The *.csv files directly in `directory`, sorted by name."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    return sorted(os.path.join(directory, n) for n in names if n.endswith(".csv"))
