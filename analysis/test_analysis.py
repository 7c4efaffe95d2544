#!/usr/bin/python3
# Copyright (c) 2026 The san authors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Self-check of the analysis scripts on small CSVs made on the spot.

    /usr/bin/python3 analysis/test_analysis.py [-v]
"""

import contextlib
import io
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_report  # noqa: E402
import paper_points  # noqa: E402
import plot_dart  # noqa: E402
import plot_fabric_load  # noqa: E402
import plot_hamlyn  # noqa: E402
import plot_san_run  # noqa: E402
import plot_scaling  # noqa: E402
import plot_shootout  # noqa: E402
import plot_shrimp  # noqa: E402
import plot_tripwire  # noqa: E402
import sancsv  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402  (the plot modules chose the Agg backend)

# As SanResultsWriter writes it: provenance and check lines, then the header with paper_kind.
# One row of each kind: a value (pass), none, a value without rel_error (computed; a paper
# inconsistency, outside its tolerance), a range (pass, inside), an upper bound (fail) and a
# lower bound (pass, an input echo).
PAPER_CSV = """# san-results: demo-paper
# commit: abc1234
# date: 2026-01-31T12:00:00Z
# mode: quick
# seed: 1
# run: 3
# parameters: 2
# parameter: size=64
# parameter: TimeResolution=PS
# checks: experiment,metric,role,tolerance,excuse
# check: one-way latency,latency_64b_us,prediction,0.05,
# check: bandwidth,peak_bandwidth,prediction,0,
# check: bandwidth,half_bandwidth_bytes,prediction,0.02,paper-inconsistency
# check: one-way latency,latency_1k_us,prediction,0.02,
# check: one-way latency,latency_4k_us,prediction,0.02,
# check: bandwidth,link_bw,input,0.05,
paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source,paper_kind
demo-paper,one-way latency,latency_64b_us,us,10.0,10.5,0.05,Table 2,value
demo-paper,bandwidth,peak_bandwidth,MB/s,,61.3,,Figure 4,none
demo-paper,bandwidth,half_bandwidth_bytes,bytes,400,380,,"Figure 4; the paper says 400 and 380",value
demo-paper,one-way latency,latency_1k_us,us,30-40,35,0,Section 3,range
demo-paper,one-way latency,latency_4k_us,us,100,110,0.1,"Section 3, ""under 100 us"" stated",under
demo-paper,bandwidth,link_bw,MB/s,40,39,-0.025,Section 2,over
"""

# Written before paper_kind and the comment lines: every paper value is a value.
LEGACY_PAPER_CSV = """paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source
demo-paper,one-way latency,latency_64b_us,us,10.0,10.5,0.05,Table 2
demo-paper,bandwidth,peak_bandwidth,MB/s,,61.3,,Figure 4
demo-paper,bandwidth,half_bandwidth_bytes,bytes,400,380,,Figure 4
"""

# Two topologies; the fat tree has no transpose curve and one curve never saturates.
FABRIC_LOAD_CSV = """topology,traffic,routing,offered_load,accepted_throughput,avg_latency_us,\
avg_latency_packet_times,max_latency_us,hops_per_packet,delivered_fraction,saturated
mesh,uniform,dimension-order,0.100,0.1000,4.0,5.0,9.0,6.3,1.0000,0
mesh,uniform,dimension-order,0.200,0.2000,4.4,5.5,12.0,6.3,1.0000,0
mesh,uniform,dimension-order,0.300,0.2200,80.0,100.0,300.0,6.3,1.0000,1
mesh,transpose,dimension-order,0.100,0.1000,4.8,6.0,9.0,7.0,1.0000,0
mesh,transpose,dimension-order,0.200,0.1500,100.0,125.0,400.0,7.0,0.9900,1
mesh,transpose,minimal-adaptive,0.100,0.1000,4.4,5.5,9.0,7.0,1.0000,0
mesh,transpose,minimal-adaptive,0.200,0.2000,4.8,6.0,9.0,7.0,1.0000,0
mesh,transpose,minimal-adaptive,0.300,0.3000,6.4,8.0,20.0,7.0,1.0000,0
mesh,transpose,minimal-adaptive,0.400,0.3000,160.0,200.0,600.0,7.0,1.0000,1
fat-tree,uniform,up-down,0.500,0.5000,3.2,4.0,6.0,4.4,1.0000,0
fat-tree,uniform,up-down,1.000,0.9500,8.0,10.0,30.0,4.4,1.0000,0
"""

FABRIC_BENCH_CSV = """workload,scheduler,hosts,delivered,hops_per_packet,hop_rate,hop_rate_cpu,event_rate,\
raw_event_rate,ratio,build_s,rss_per_host_kib,wall_s,cpu_s
mesh,ns3::PriorityQueueScheduler,64,191000,6.33,4100000,4110000,9000000,10500000,0.390,0.01,3.10,2.95,2.94
fat-tree,ns3::PriorityQueueScheduler,1024,5120000,8.51,3500000,3510000,8000000,10500000,0.333,0.03,9.80,31.20,31.1
"""


def write(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


class TempDirTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="san-analysis-test-")

    def tearDown(self):
        shutil.rmtree(self.dir)


class SanCsvTest(TempDirTest):
    def test_paper_csv_kinds(self):
        rows = sancsv.read_paper_csv(write(self.dir, "demo.csv", PAPER_CSV))
        self.assertEqual(len(rows), 6)
        # Written before the missing column: every row names nothing missing.
        self.assertEqual({r["missing"] for r in rows}, {""})
        self.assertEqual(rows[0]["simulated_value"], 10.5)
        self.assertEqual(rows[0]["paper_text"], "10.0")
        self.assertEqual((rows[0]["paper_kind"], rows[0]["paper_value"]), ("value", 10.0))
        self.assertEqual((rows[0]["role"], rows[0]["tolerance"], rows[0]["excuse"]), ("prediction", 0.05, ""))
        self.assertEqual(rows[1]["paper_kind"], "none")
        self.assertIsNone(rows[1]["paper_value"])
        self.assertIsNone(rows[1]["rel_error"])
        self.assertEqual(rows[1]["_line"], 19)  # 16 comment lines, the header, then rows
        self.assertEqual(rows[2]["excuse"], "paper-inconsistency")
        self.assertEqual(rows[3]["paper_kind"], "range")
        self.assertEqual((rows[3]["paper_low"], rows[3]["paper_high"]), (30.0, 40.0))
        self.assertIsNone(rows[3]["paper_value"])
        self.assertEqual((rows[4]["paper_kind"], rows[4]["paper_high"]), ("under", 100.0))
        self.assertEqual(rows[4]["source"], 'Section 3, "under 100 us" stated')
        self.assertEqual((rows[5]["paper_kind"], rows[5]["paper_low"], rows[5]["role"]), ("over", 40.0, "input"))

    def test_provenance(self):
        paper = sancsv.read_paper_file(write(self.dir, "demo.csv", PAPER_CSV))
        prov = paper["provenance"]
        self.assertEqual(prov["san-results"], "demo-paper")
        self.assertEqual(prov["commit"], "abc1234")
        self.assertEqual(prov["date"], "2026-01-31T12:00:00Z")
        self.assertEqual(prov["mode"], "quick")
        self.assertEqual((prov["seed"], prov["run"]), ("1", "3"))
        self.assertEqual(paper["parameters"], ["size=64", "TimeResolution=PS"])
        self.assertNotIn("parameters", prov)
        self.assertEqual(len(paper["comments"]["checks"]), 6)

    def test_verdicts(self):
        rows = sancsv.read_paper_csv(write(self.dir, "demo.csv", PAPER_CSV))
        self.assertEqual(
            [sancsv.verdict(r) for r in rows], ["pass", "n/a", "fail", "pass", "fail", "pass"]
        )

    def test_judge_matches_the_cpp_rules(self):
        # The same cases as the san-paper-harness suite's SanPaperJudgeTestCase.
        admits = sancsv.admits
        self.assertTrue(admits("value", 10, 10, 10.5, 0.05))
        self.assertTrue(admits("value", 10, 10, 9.5, 0.05))
        self.assertFalse(admits("value", 10, 10, 10.6, 0.05))
        self.assertFalse(admits("value", 10, 10, float("nan"), 1))
        self.assertTrue(admits("under", 10, 10, 3, 0))
        self.assertFalse(admits("under", 10, 10, 10, 0))
        self.assertTrue(admits("under", 10, 10, 10.4, 0.05))
        self.assertFalse(admits("under", 10, 10, 10.6, 0.05))
        self.assertTrue(admits("over", 40, 40, 80, 0))
        self.assertTrue(admits("over", 40, 40, 39, 0.05))
        self.assertFalse(admits("over", 40, 40, 37, 0.05))
        self.assertTrue(admits("range", 30, 40, 35, 0))
        self.assertTrue(admits("range", 30, 40, 29, 0.05))
        self.assertFalse(admits("range", 30, 40, 28, 0.05))
        self.assertTrue(admits("range", 30, 40, 42, 0.05))
        self.assertFalse(admits("range", 30, 40, 42.5, 0.05))
        self.assertTrue(admits("none", None, None, 1e9, 0))
        self.assertFalse(admits("none", None, None, float("inf"), 0))
        self.assertEqual(sancsv.relative_error("range", 30, 40, 35), 0.0)
        self.assertAlmostEqual(sancsv.relative_error("range", 30, 40, 44), 0.1)
        self.assertAlmostEqual(sancsv.relative_error("range", 30, 40, 27), -0.1)
        self.assertAlmostEqual(sancsv.relative_error("under", 10, 10, 11), 0.1)
        self.assertIsNone(sancsv.relative_error("none", None, None, 1))

    def test_parse_range(self):
        self.assertEqual(sancsv.parse_range("30-40"), (30.0, 40.0))
        self.assertEqual(sancsv.parse_range("-5--2"), (-5.0, -2.0))
        self.assertEqual(sancsv.parse_range("1e-05-2e-05"), (1e-05, 2e-05))
        self.assertIsNone(sancsv.parse_range("30"))
        self.assertIsNone(sancsv.parse_range("a-b"))

    def test_legacy_paper_csv(self):
        path = write(self.dir, "old.csv", LEGACY_PAPER_CSV)
        self.assertEqual(sancsv.kind_of(path), "paper")
        rows = sancsv.read_paper_csv(path)
        self.assertEqual([r["paper_kind"] for r in rows], ["value", "none", "value"])
        self.assertEqual(rows[1]["_line"], 3)
        self.assertIsNone(rows[0]["tolerance"])
        self.assertEqual(sancsv.verdict(rows[0]), "unchecked")
        self.assertEqual(sancsv.read_paper_file(path)["provenance"], {})

    def test_kind_of(self):
        self.assertEqual(sancsv.kind_of(write(self.dir, "p.csv", PAPER_CSV)), "paper")
        self.assertEqual(sancsv.kind_of(write(self.dir, "l.csv", FABRIC_LOAD_CSV)), "fabric-load")
        self.assertEqual(sancsv.kind_of(write(self.dir, "b.csv", FABRIC_BENCH_CSV)), "fabric-bench")
        self.assertIsNone(sancsv.kind_of(write(self.dir, "o.csv", "a,b\n1,2\n")))
        self.assertIsNone(sancsv.kind_of(write(self.dir, "e.csv", "")))
        self.assertIsNone(sancsv.kind_of(write(self.dir, "c.csv", "# only a comment\n")))
        commented = "# commit: x\n" + FABRIC_LOAD_CSV
        self.assertEqual(sancsv.kind_of(write(self.dir, "lc.csv", commented)), "fabric-load")
        self.assertEqual(len(sancsv.read_fabric_load(os.path.join(self.dir, "lc.csv"))), 11)

    def test_errors_name_file_and_line(self):
        cases = [
            # (file text, line the error must name, words the message must hold)
            (PAPER_CSV + "demo-paper,x,y,us,1.0,abc,,Table 3,value\n", 24, "not a number"),
            (PAPER_CSV + "demo-paper,x,y,us,1.0\n", 24, "5 fields, expected 9"),
            (PAPER_CSV.replace(",rel_error,", ","), 17, "header"),
            (PAPER_CSV + "demo-paper,x,y,us,,2.0,0.1,Table 3,none\n", 24, "paper_value is empty"),
            (PAPER_CSV + "demo-paper,x,y,us,1.0,,,Table 3,value\n", 24, "simulated_value is empty"),
            (PAPER_CSV + "demo-paper,x,y,us,1.0,2.0,,Table 3,about\n", 24, "paper_kind"),
            (PAPER_CSV + "demo-paper,x,y,us,40,2.0,,Table 3,range\n", 24, "not a range"),
            (PAPER_CSV + "demo-paper,x,y,us,40-30,2.0,,Table 3,range\n", 24, "not a range"),
            (PAPER_CSV + "demo-paper,x,y,us,,2.0,,Table 3,over\n", 24, "paper_value is empty"),
            (PAPER_CSV + "demo-paper,x,y,us,3,2.0,,Table 3,none\n", 24, "paper_kind is none"),
            (PAPER_CSV.replace("# check: bandwidth,link_bw,input,0.05,", "# check: bandwidth,gone,input,0.05,"),
             16, "has no row"),
            (PAPER_CSV.replace("link_bw,input,0.05,", "link_bw,guess,0.05,"), 16, "role"),
            (PAPER_CSV.replace("link_bw,input,0.05,", "link_bw,input,-1,"), 16, "tolerance"),
            (PAPER_CSV.replace("# parameters: 2", "# parameters: 3"), 7, "3 announced"),
            (LEGACY_PAPER_CSV + "demo-paper,x,y,us,,2.0,0.1,Table 3\n", 5, "paper_value is empty"),
        ]
        for i, (text, line, words) in enumerate(cases):
            path = write(self.dir, "bad%d.csv" % i, text)
            with self.subTest(case=i):
                with self.assertRaises(sancsv.CsvError) as cm:
                    sancsv.read_paper_csv(path)
                self.assertEqual(cm.exception.line, line)
                self.assertIn("%s:%d:" % (path, line), str(cm.exception))
                self.assertIn(words, str(cm.exception))

    def test_missing_file(self):
        with self.assertRaises(sancsv.CsvError) as cm:
            sancsv.read_fabric_load(os.path.join(self.dir, "nope.csv"))
        self.assertIn("nope.csv", str(cm.exception))

    def test_near_paper_header_is_an_error_not_a_skip(self):
        path = write(self.dir, "p.csv", "paper,experiment,metric\nx,y,z\n")
        with self.assertRaises(sancsv.CsvError):
            sancsv.kind_of(path)


class MakeReportTest(TempDirTest):
    def report(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            status = make_report.main(["--results", self.dir])
        with open(os.path.join(self.dir, "REPORT.md"), encoding="utf-8") as f:
            return status, f.read(), stderr.getvalue()

    def test_no_csv_at_all(self):
        status, text, err = self.report()
        self.assertEqual(status, 0)
        self.assertEqual(err, "")
        self.assertIn("No paper results yet", text)
        self.assertIn("No `fabric-load.csv`", text)
        self.assertIn("No `fabric-bench.csv`", text)
        self.assertIn("## Other figures", text)
        self.assertIn("No PNG figures in", text)

    def test_rows_without_paper_value_are_told_apart(self):
        csv = PAPER_CSV + (
            "demo-paper,bandwidth,max_bw_MBps,MB/s,,24.1,,\"Section 3.4 (withheld in our copy)\",none\n"
            "demo-paper,beyond-256-nodes,alltoall_us,us,,4550,,\"beyond the paper: 256 nodes\",none\n"
        )
        write(self.dir, "demo.csv", csv)
        status, text, err = self.report()
        self.assertEqual(status, 0, err)
        held = text.index("#### Withheld (held-out checks) (1)")
        variants = text.index("#### Variants and curves (no paper value) (1)")
        beyond = text.index("#### Beyond the paper (1)")
        self.assertLess(held, variants)
        self.assertLess(variants, beyond)
        self.assertLess(held, text.index("| max_bw_MBps |"))
        self.assertLess(text.index("| max_bw_MBps |"), variants)
        self.assertLess(beyond, text.index("| alltoall_us |"))

    def test_paper_section(self):
        write(self.dir, "demo.csv", PAPER_CSV)
        write(self.dir, "unrelated.csv", "a,b\n1,2\n")
        status, text, err = self.report()
        self.assertEqual(status, 0, err)
        self.assertIn("### demo-paper", text)
        header = "| Experiment | Metric | Unit | Paper | Simulated | Relative error | Tolerance | Check | Source |"
        self.assertIn(header, text)
        # Errors of the judged predictions: 5% (value), 0 (inside the range), 10% past the bound.
        self.assertIn(
            "**Predictions: 2 pass, 1 fail, 1 paper-inconsistent**; |error| median 5.0%, "
            "max 10.0%. Inputs: 1 pass, 0 fail. 6 rows from `demo.csv`; not counted: 1 variant.",
            text,
        )
        predicted = text.index("#### Predictions (3)")
        inputs = text.index("#### Inputs (echoes of calibration) (1)")
        inconsistent = text.index("#### Paper inconsistent (1)")
        none = text.index("#### Variants and curves (no paper value) (1)")
        self.assertLess(predicted, inputs)
        self.assertLess(inputs, inconsistent)
        self.assertLess(inconsistent, none)
        self.assertIn("| one-way latency | latency_64b_us | us | 10.0 | 10.5 | +5.0% | 5% | pass | Table 2 |", text)
        self.assertIn("| bandwidth | peak_bandwidth | MB/s | \u2014 | 61.3 |  |  |  | Figure 4 |", text)
        # An empty rel_error beside a paper value is computed by the report.
        self.assertIn("| 400 | 380 | -5.0% (computed) | 2% | prediction, outside tolerance |", text)
        self.assertIn("| latency_1k_us | us | 30-40 (range) | 35 | +0.0% | 2% | pass |", text)
        self.assertIn("| latency_4k_us | us | under 100 | 110 | +10.0% | 2% | **FAIL** |", text)
        self.assertIn('Section 3, "under 100 us" stated |', text)
        link = text.index("| bandwidth | link_bw | MB/s | over 40 | 39 | -2.5% | 5% | pass | Section 2 |")
        self.assertTrue(inputs < link < none)
        self.assertIn("`unrelated.csv`", text)
        self.assertNotIn("## Problems", text)

    def test_provenance_section(self):
        write(self.dir, "demo.csv", PAPER_CSV)
        write(self.dir, "old.csv", LEGACY_PAPER_CSV.replace("demo-paper", "old-paper"))
        env = {"SAN_COMMIT": "def5678", "SAN_QUICK": "1"}
        saved = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        try:
            status, text, err = self.report()
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        self.assertEqual(status, 0, err)
        self.assertRegex(text, r"This report: commit `def5678`, written \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, quick run\.")
        self.assertIn(
            "| demo.csv | abc1234 | 2026-01-31T12:00:00Z | quick | 1 / 3 | size=64; TimeResolution=PS |", text
        )
        self.assertIn("| old.csv | not recorded |", text)
        self.assertIn("`demo.csv` was written at commit `abc1234`, not at the report's `def5678`.", text)
        self.assertIn("#### With a paper value, role not recorded (2)", text)
        self.assertIn("unchecked (no tolerance)", text)

    def test_malformed_paper_csv(self):
        write(self.dir, "good.csv", PAPER_CSV)
        bad = write(self.dir, "broken.csv", PAPER_CSV + "demo2,x,y,us,1.0,oops,,T,value\n")
        status, text, err = self.report()
        self.assertEqual(status, 1)
        self.assertIn("%s:24:" % bad, err)
        self.assertNotIn("Traceback", err)
        self.assertIn("## Problems", text)
        self.assertIn("broken.csv:24: column simulated_value: 'oops' is not a number", text)
        self.assertIn("### demo-paper", text)  # the good file is still reported

    def test_fabric_sections(self):
        write(self.dir, "fabric-load.csv", FABRIC_LOAD_CSV)
        write(self.dir, "fabric-bench.csv", FABRIC_BENCH_CSV)
        write(self.dir, "fabric-load-mesh.png", "not really a png")
        status, text, err = self.report()
        self.assertEqual(status, 0, err)
        self.assertIn("No paper results yet", text)
        # Demand met at 0.2, not at 0.3.
        self.assertIn("| mesh | uniform | dimension-order | 0.200 | 0.200 | 5.00 | 6.30 | 3 |", text)
        # fat-tree/uniform/up-down never saturated: at least the largest load tried.
        self.assertIn("| fat-tree | uniform | up-down | \u2265 1.000 |", text)
        # mesh transpose: adaptive 0.300 / dimension-order 0.100 = 3.00.
        self.assertIn("| mesh | dimension-order | 0.100 | 0.300 | 3.00 |", text)
        self.assertIn("| fat-tree | up-down |  |  | no transpose data |", text)
        self.assertIn("| fat-tree | ns3::PriorityQueueScheduler | 1,024 | 5,120,000 | 8.51 | 3,500,000 |", text)
        # Inline, in the Fabric section, with its caption; no list of links.
        image = text.index("](fabric-load-mesh.png)")
        self.assertLess(text.index("## Fabric"), image)
        self.assertIn("`fabric-load-mesh.png` \u2014 Fabric load on the mesh:", text)
        self.assertNotIn("- [fabric-load-mesh.png]", text)
        self.assertNotIn("## Other figures", text)

    def test_malformed_fabric_load(self):
        write(self.dir, "fabric-load.csv", "topology,traffic\nmesh,uniform\n")
        status, text, err = self.report()
        self.assertEqual(status, 1)
        self.assertIn("fabric-load.csv:1: header is", err)
        self.assertIn("`fabric-load.csv` could not be read", text)


def paper_csv(paper, rows):
    """A paper CSV as SanResultsWriter writes it, from rows of
    (experiment, metric, role, tolerance, excuse, paper_kind, paper_value, simulated, source[,
    missing]): a check line per row, and rel_error worked out as the harness does."""
    checks = ["# san-results: %s" % paper, "# checks: experiment,metric,role,tolerance,excuse"]
    lines = [",".join(sancsv.PAPER_HEADER)]
    for row in rows:
        experiment, metric, role, tolerance, excuse, kind, paper_value, simulated, source = row[:9]
        missing = row[9] if len(row) > 9 else ""
        checks.append("# check: %s,%s,%s,%g,%s" % (experiment, metric, role, tolerance, excuse))
        low, high = sancsv.parse_range(paper_value) if kind == "range" else (None, None)
        if kind not in ("range", "none"):
            low = high = float(paper_value)
        error = sancsv.relative_error(kind, low, high, simulated)
        lines.append('%s,%s,%s,us,%s,%g,%s,"%s",%s,"%s"' % (
            paper, experiment, metric, paper_value, simulated, "" if error is None else "%g" % error, source, kind,
            missing))
    return "\n".join(checks + lines) + "\n"


# Every kind of row the report tells apart. Predictions: a pass, a miss with a documented
# deviation (+30%), a deviation that passes (+5%), a bound met by a wide margin (error 0) and
# a paper inconsistency (+300%, apart). Inputs: a pass, a miss with a deviation, a paper
# inconsistency. Then fitted and derived rows (the derived one misses), and rows without a
# paper value: withheld (by source, by experiment), beyond the paper, a variant.
ALPHA_ROWS = [
    ("e1", "p_pass", "prediction", 0.1, "", "value", "10", 10.5, "Table 1"),
    ("e1", "p_miss", "prediction", 0.1, "deviation", "value", "10", 13, "Table 9; the model lacks the cache",
     "the cache's size; searched: the manual"),
    ("e1", "p_dev_pass", "prediction", 0.1, "deviation", "value", "20", 21, "Table 2; slightly slow"),
    ("e1", "p_under", "prediction", 0, "", "under", "100", 50, "Section 3"),
    ("e1", "p_inconsistent", "prediction", 0.1, "paper-inconsistency", "value", "10", 40,
     "Table 4; the paper prints 10 for 40"),
    ("e2", "i_pass", "input", 0.05, "", "value", "5", 5.1, "Table 5"),
    ("e2", "i_miss", "input", 0.05, "deviation", "value", "5", 6, "Table 6; rounded"),
    ("e2", "i_inconsistent", "input", 0.02, "paper-inconsistency", "value", "1", 2, "Table 7; misprint"),
    ("e3", "f_row", "fitted", 0.02, "", "value", "7", 7, "Table 8; fitted"),
    ("e3", "d_row", "derived", 0.02, "", "value", "8", 9, "sum of Table 8"),
    ("e4", "w_source", "prediction", 0, "", "none", "", 3, "Section 2 (withheld in our copy)"),
    ("withheld_figure3", "w_experiment", "prediction", 0, "", "none", "", 4, "Figure 3"),
    ("e5", "b_row", "prediction", 0, "", "none", "", 5, "beyond the paper: 1024 nodes"),
    ("e5", "v_row", "prediction", 0, "", "none", "", 6, "Figure 4 at another size"),
]

# A second paper for the totals: a pass (+10%), a plain miss (-50%) and an input.
BETA_ROWS = [
    ("e1", "q_pass", "prediction", 0.15, "", "value", "2", 2.2, "Table 1"),
    ("e1", "q_miss", "prediction", 0.15, "", "value", "4", 2, "Table 2"),
    ("e2", "j_pass", "input", 0.02, "", "value", "3", 3, "Table 3"),
]


class ReportRulesTest(TempDirTest):
    """The rules of issue 31: a miss is a fail whatever its excuse, paper inconsistencies
    apart, misses in the statistics, withheld rows recognised, fitted and derived apart."""

    def setUp(self):
        super().setUp()
        write(self.dir, "alpha.csv", paper_csv("alpha", ALPHA_ROWS))
        write(self.dir, "beta.csv", paper_csv("beta", BETA_ROWS))
        self.text, problems = make_report.build_report(self.dir)
        self.assertEqual(problems, [])
        self.alpha = self.section("### alpha", "### beta")

    def section(self, start, end):
        return self.text[self.text.index(start):self.text.index(end)]

    def table_of(self, title):
        """The table under a "#### title (n)" heading of alpha's section."""
        start = self.alpha.index("#### %s" % title)
        end = self.alpha.find("\n####", start + 1)
        return self.alpha[start:end if end >= 0 else len(self.alpha)]

    def test_roles_are_read(self):
        rows = sancsv.read_paper_csv(os.path.join(self.dir, "alpha.csv"))
        self.assertEqual([r["role"] for r in rows[8:10]], ["fitted", "derived"])
        self.assertEqual(
            [make_report.row_group(r) for r in rows],
            ["prediction"] * 4 + ["inconsistent", "input", "input", "inconsistent", "fitted", "derived",
                                  "withheld", "withheld", "beyond", "variant"],
        )

    def test_excused_miss_is_a_fail_with_its_note(self):
        self.assertIn("**Predictions: 3 pass, 1 fail, 1 paper-inconsistent**", self.alpha)
        self.assertIn("| e1 | p_miss | us | 10 | 13 | +30.0% | 10% | **FAIL** \u2014 documented deviation | "
                      "Table 9; the model lacks the cache \u2014 missing: the cache's size; searched: the "
                      "manual |", self.alpha)
        self.assertIn("- e1 / p_miss: 13 us against 10 (+30.0%, tolerance 10%) \u2014 fail \u2014 "
                      "documented deviation: Table 9; the model lacks the cache \u2014 **missing:** the "
                      "cache's size; searched: the manual", self.alpha)
        # A plain miss names nothing missing.
        self.assertIn("- e1 / q_miss: 2 us against 4 (-50.0%, tolerance 15%) \u2014 fail\n", self.text)
        # A deviation that nevertheless passes is a pass; the only failing prediction is listed.
        self.assertIn("| p_dev_pass | us | 20 | 21 | +5.0% | 10% | pass \u2014 documented deviation |", self.alpha)
        self.assertEqual(self.alpha.count("\n- e1 / "), 1)
        # Inputs are judged the same way and counted on their own.
        self.assertIn("Inputs: 1 pass, 1 fail, 1 paper-inconsistent.", self.alpha)
        self.assertNotIn("excused", self.text)

    def test_paper_inconsistency_is_apart(self):
        table = self.table_of("Paper inconsistent (2)")
        self.assertIn("| p_inconsistent | us | 10 | 40 | +300.0% | 10% | prediction, outside tolerance |", table)
        self.assertIn("| i_inconsistent | us | 1 | 2 | +100.0% | 2% | input, outside tolerance |", table)
        self.assertNotIn("p_inconsistent", self.table_of("Predictions (4)"))
        self.assertNotIn("300.0%", self.alpha[:self.alpha.index("####")])  # not in the statistics

    def test_statistics_include_misses(self):
        # Errors 5%, 30% (the miss), 5%, 0 (a bound met); median 5%, max 30%.
        self.assertIn("|error| median 5.0%, max 30.0%.", self.alpha)
        rows = sancsv.read_paper_csv(os.path.join(self.dir, "alpha.csv"))
        self.assertEqual(make_report.error_size(rows[3]), 0.0)  # under 100 at 50: no error
        self.assertAlmostEqual(make_report.error_size(rows[1]), 0.3)

    def test_withheld_rows_are_recognised(self):
        table = self.table_of("Withheld (held-out checks) (2)")
        self.assertIn("| e4 | w_source | us | \u2014 | 3 |", table)
        self.assertIn("| withheld_figure3 | w_experiment | us | \u2014 | 4 |", table)
        self.assertIn("| b_row |", self.table_of("Beyond the paper (1)"))
        self.assertIn("| v_row |", self.table_of("Variants and curves (no paper value) (1)"))
        self.assertIn("not counted: 1 fitted, 1 derived, 2 withheld, 1 variant, 1 beyond the paper.", self.alpha)

    def test_fitted_and_derived_are_own_tables_not_counted(self):
        self.assertIn("| e3 | f_row | us | 7 | 7 | +0.0% | 2% | pass |", self.table_of("Fitted (1)"))
        # The derived row misses, yet no count or statistic moves.
        self.assertIn("| e3 | d_row | us | 8 | 9 | +12.5% | 2% | **FAIL** |", self.table_of("Derived (1)"))
        self.assertNotIn("f_row", self.table_of("Predictions (4)"))
        self.assertNotIn("d_row", self.table_of("Inputs (echoes of calibration) (2)"))

    def test_opening_summary_table(self):
        summary = self.section("## Summary", "## Papers")
        self.assertLess(self.text.index("## Provenance"), self.text.index("## Summary"))
        self.assertIn("| Paper | Predictions pass | Predictions fail | Paper-inconsistent | Median \\|error\\| "
                      "| Max \\|error\\| | Inputs pass | Inputs fail | Fitted | Derived | Withheld |", summary)
        self.assertIn("| alpha | 3 | 1 | 1 | 5.0% | 30.0% | 1 | 1 | 1 | 1 | 2 |", summary)
        self.assertIn("| beta | 1 | 1 | 0 | 30.0% | 50.0% | 1 | 0 | 0 | 0 | 0 |", summary)
        # Pooled errors 0, 5, 5, 10, 30, 50%: median 7.5%, not a median of the medians.
        self.assertIn("| **Total** | 4 | 2 | 1 | 7.5% | 50.0% | 2 | 1 | 1 | 1 | 2 |", summary)


class NotFiniteTest(TempDirTest):
    def test_row_without_paper_value_not_finite_is_flagged(self):
        rows = [
            ("e1", "p_pass", "prediction", 0.1, "", "value", "10", 10, "Table 1"),
            ("e2", "b_inf", "prediction", 0, "", "none", "", float("inf"), "beyond the paper: overflow"),
        ]
        write(self.dir, "gamma.csv", paper_csv("gamma", rows))
        text, problems = make_report.build_report(self.dir)
        self.assertEqual(problems, [])
        self.assertIn("| gamma | 1 | 0 | 0 | 0.0% | 0.0% | 0 | 0 |", text)
        self.assertIn("Not finite: 1 row without a paper value (see the papers below).", text)
        self.assertIn("not counted: 1 beyond the paper. 1 row without a paper value not finite.", text)
        self.assertIn("| e2 | b_inf | us | \u2014 | inf |  |  | **FAIL** (not finite) |", text)


class PlotTest(TempDirTest):
    def test_plots_written(self):
        csv_path = write(self.dir, "fabric-load.csv", FABRIC_LOAD_CSV)
        out = os.path.join(self.dir, "figs")
        paths = plot_fabric_load.plot_all(csv_path, out)
        names = sorted(os.path.basename(p) for p in paths)
        self.assertEqual(
            names,
            ["fabric-load-fat-tree.png", "fabric-load-mesh.png", "fabric-load-saturation.png"],
        )
        for p in paths:
            with open(p, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_saturation_summary(self):
        rows = sancsv.read_fabric_load(write(self.dir, "fabric-load.csv", FABRIC_LOAD_CSV))
        grouped = plot_fabric_load.curves(rows)
        s = plot_fabric_load.saturation(grouped[("mesh", "transpose", "minimal-adaptive")])
        self.assertEqual((s["throughput"], s["offered"], s["saturated"]), (0.3, 0.3, True))
        s = plot_fabric_load.saturation(grouped[("fat-tree", "uniform", "up-down")])
        self.assertFalse(s["saturated"])

    def test_plot_errors_are_clear(self):
        bad = write(self.dir, "fabric-load.csv", FABRIC_LOAD_CSV + "mesh,uniform,valiant,0.1,x,1,1,1,1,1,0\n")
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
            status = plot_fabric_load.main([bad, "--outdir", self.dir])
        self.assertEqual(status, 1)
        self.assertIn("%s:13: column accepted_throughput: 'x' is not a number" % bad, stderr.getvalue())
        self.assertNotIn("Traceback", stderr.getvalue())
        empty = write(self.dir, "empty.csv", FABRIC_LOAD_CSV.splitlines()[0] + "\n")
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            status = plot_fabric_load.main([empty, "--outdir", self.dir])
        self.assertEqual(status, 1)
        self.assertIn("no data rows", err.getvalue())


# san-run --csv with two seeds: intervals, a saturated last point, the load bound; and a file
# written before the bound and the run's names were columns.
SAN_RUN_CSV = """offered_load,accepted,accepted_ci95,latency_mean,latency_mean_ci95,latency_p50,\
latency_p99,latency_max,hops,worst_source_fraction,not_injected,saturated,packet_time_ns,\
vc_occupancy,busiest_link,busiest_link_utilisation,load_bound,topology,routing,pattern
0.1,0.1,0.002,12.5,0.4,11,20,31,4.2,0.98,0,0,100,0.05;0.01,switch-1-port-2,0.31,0.5,mesh,ns3::SanDimensionOrderRouting,uniform
0.4,0.39,0.01,25.1,1.2,20,60,95,4.2,0.95,0,0,100,0.2;0.1,switch-1-port-2,0.82,0.5,mesh,ns3::SanDimensionOrderRouting,uniform
0.6,0.49,0.02,410,35,300,900,1500,4.2,0.7,120,1,100,0.9;0.8,switch-1-port-2,1,0.5,mesh,ns3::SanDimensionOrderRouting,uniform
"""
SAN_RUN_OLD_CSV = "\n".join(",".join(line.split(",")[:16]) for line in SAN_RUN_CSV.strip().split("\n")) + "\n"


class SanRunPlotTest(TempDirTest):
    def test_read(self):
        path = write(self.dir, "run.csv", SAN_RUN_CSV)
        self.assertEqual(sancsv.kind_of(path), "san-run")
        rows = sancsv.read_san_run(path)
        self.assertEqual([r["offered_load"] for r in rows], [0.1, 0.4, 0.6])
        self.assertEqual((rows[0]["load_bound"], rows[0]["topology"], rows[2]["saturated"]), (0.5, "mesh", 1))
        self.assertEqual(plot_san_run.label_of(path, rows), "mesh / SanDimensionOrderRouting / uniform")
        old = write(self.dir, "old-run.csv", SAN_RUN_OLD_CSV)
        self.assertEqual(sancsv.kind_of(old), "san-run")
        rows = sancsv.read_san_run(old)
        self.assertEqual((rows[0]["load_bound"], rows[0]["topology"]), (None, ""))
        self.assertEqual(plot_san_run.label_of(old, rows), "old-run")

    def test_plot_written(self):
        a = write(self.dir, "run.csv", SAN_RUN_CSV)
        b = write(self.dir, "old-run.csv", SAN_RUN_OLD_CSV)
        out = os.path.join(self.dir, "both.png")
        with contextlib.redirect_stdout(io.StringIO()):
            status = plot_san_run.main([a, b, "--out", out])
        self.assertEqual(status, 0)
        with open(out, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(plot_san_run.main([a]), 0)
        self.assertTrue(os.path.exists(os.path.join(self.dir, "run.png")))

    def test_errors_are_clear(self):
        bad = write(self.dir, "bad.csv", SAN_RUN_CSV.replace("0.39,", "x,", 1))
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            status = plot_san_run.main([bad])
        self.assertEqual(status, 1)
        self.assertIn("%s:3: column accepted: 'x' is not a number" % bad, err.getvalue())
        empty = write(self.dir, "empty.csv", SAN_RUN_CSV.splitlines()[0] + "\n")
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            status = plot_san_run.main([empty])
        self.assertEqual(status, 1)
        self.assertIn("no rows", err.getvalue())
        self.assertNotIn("Traceback", err.getvalue())


DART_SWEEP = """size_bytes,sw-switchless_us,sw-switch_us,hw155_us,hw622_us
4,24.5,28.5,10.5,6.4
32,24.5,28.5,10.7,6.6
128,58.8,74.9,35.7,19.3
"""

DART_BREAKDOWN = """config,size_bytes,send_us,fabric_us,receive_us,notice_us,total_us
sw-switchless,32,8.43,3.03,13.04,0,24.5
hw622,32,2.54,1.86,2.21,0,6.62
"""


class DartPlotTest(TempDirTest):
    def test_plots_written(self):
        write(self.dir, "dart-latency-vs-size.csv", DART_SWEEP)
        write(self.dir, "dart-latency-breakdown.csv", DART_BREAKDOWN)
        with contextlib.redirect_stdout(io.StringIO()):
            status = plot_dart.main(["--results", self.dir])
        self.assertEqual(status, 0)
        for name in ("dart-latency-vs-size.png", "dart-latency-breakdown.png"):
            with open(os.path.join(self.dir, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_errors_are_clear(self):
        write(self.dir, "dart-latency-vs-size.csv", DART_SWEEP + "256,1,2\n")
        write(self.dir, "dart-latency-breakdown.csv", DART_BREAKDOWN)
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            status = plot_dart.main(["--results", self.dir])
        self.assertEqual(status, 1)
        self.assertIn("dart-latency-vs-size.csv line 5: 3 fields, header has 5", err.getvalue())
        os.remove(os.path.join(self.dir, "dart-latency-vs-size.csv"))
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            status = plot_dart.main(["--results", self.dir])
        self.assertEqual(status, 1)
        self.assertIn("dart-latency-vs-size.csv", err.getvalue())


SCALING_CSV = """workload,family,shape,scheduler,hosts,switches,offered_load,packet_times,delivered,\
switch_hops,events,build_s,run_wall_s,run_cpu_s,hop_rate_wall,hop_rate_cpu,event_rate_wall,\
ns_per_hop,rss_per_host_kib,peak_rss_mib
fat-tree-32-ary-2-tree,fat-tree-shallow,k=32 n=2,ns3::PriorityQueueScheduler,1024,64,0.5,20,\
10240,30100,70000,0.03,0.02,0.02,1500000,1500000,3500000,666.7,5.6,40.1
fat-tree-16-ary-4-tree,fat-tree,k=16 n=4,ns3::PriorityQueueScheduler,65536,16384,0.5,87,\
2850000,19900000,41000000,3.7,47.3,47.2,413778,413886,866000,2416.1,8.9,700.2
"""


class ScalingPlotTest(TempDirTest):
    def test_plots_written(self):
        write(self.dir, "san-scaling.csv", SCALING_CSV)
        write(self.dir, "san-scaling-schedulers.csv", SCALING_CSV)
        with contextlib.redirect_stdout(io.StringIO()):
            sys.argv = ["plot_scaling.py", "--results", self.dir]
            plot_scaling.main()
        for name in ("san-scaling.png", "san-scaling-schedulers.png"):
            with open(os.path.join(self.dir, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_errors_are_clear(self):
        write(self.dir, "san-scaling.csv", SCALING_CSV.replace("413778", "fast"))
        sys.argv = ["plot_scaling.py", "--results", self.dir]
        with self.assertRaises(SystemExit) as e, contextlib.redirect_stdout(io.StringIO()):
            plot_scaling.main()
        self.assertIn("san-scaling.csv: line 3: hop_rate_wall is not a number: 'fast'", str(e.exception))


SHOOTOUT_CSV = """# san-results: shootout
# commit: abc1234
workload,interface,preset,size_bytes,clients,figure,value,unit
ping-pong,tcp,as-published,8,1,one_way_latency,67.8,us
ping-pong,tcp,as-published,4096,1,one_way_latency,445.9,us
ping-pong,tcp,as-published,8,1,bandwidth,0.059,MB/s
ping-pong,scilan,as-published,8,1,one_way_latency,94.7,us
ping-pong,scilan,as-published,4096,1,one_way_latency,244.5,us
stream,tcp,as-published,512,1,bandwidth,9.1,MB/s
stream,scilan,as-published,4096,1,bandwidth,31.5,MB/s
request-response,tcp,as-published,64,1,requests_per_second,5593,1/s
request-response,scilan,as-published,64,1,requests_per_second,5050,1/s
request-response,scilan,as-published,64,4,requests_per_second,8767,1/s
request-response,scilan,as-published,64,4,server_cpu_per_request,101.3,us
request-response,scilan,as-published,64,4,latency_p99,474.0,us
incast,scilan,as-published,4096,4,bandwidth,30.1,MB/s
"""


class ShootoutTest(TempDirTest):
    """nic-shootout's CSV: read, tabled in the report by interface, plotted."""

    def test_read_and_report(self):
        write(self.dir, "shootout.csv", SHOOTOUT_CSV)
        self.assertEqual(sancsv.kind_of(os.path.join(self.dir, "shootout.csv")), "shootout")
        rows = sancsv.read_shootout(os.path.join(self.dir, "shootout.csv"))
        self.assertEqual(len(rows), 13)
        self.assertEqual((rows[1]["size_bytes"], rows[1]["value"]), (4096.0, 445.9))
        text, problems = make_report.build_report(self.dir)
        self.assertEqual(problems, [])
        self.assertIn("## Interfaces side by side (nic-shootout)", text)
        self.assertIn("### ping-pong: one way latency (us, as-published)", text)
        self.assertIn("| bytes | tcp | scilan |", text)
        self.assertIn("| 4096 | 446 | 244 |", text)
        # A size one interface lacks leaves its cell empty.
        self.assertIn("| 512 | 9.1 |  |", text)
        self.assertIn("| 4096 |  | 31.5 |", text)
        # Request/response: client counts as rows, one table per request size.
        self.assertIn("### request-response: requests per second (1/s, as-published), "
                      "64-byte requests and responses", text)
        self.assertIn("| clients | tcp | scilan |", text)
        self.assertIn("| 1 | 5593 | 5050 |", text)
        self.assertIn("| 4 |  | 8767 |", text)
        self.assertIn("### incast: bandwidth (MB/s, as-published), 4096-byte messages", text)
        self.assertIn("| 4 | 30.1 |", text)
        self.assertNotIn("Other CSV files", text)

    def test_presets_side_by_side(self):
        # One preset: no side-by-side table; two: each interface's headline figures paired.
        write(self.dir, "shootout.csv", SHOOTOUT_CSV)
        text, _ = make_report.build_report(self.dir)
        self.assertNotIn("### Headline figures by preset", text)
        same = "\n".join(line.replace("as-published", "same-hosts").replace("94.7", "51.2")
                         for line in SHOOTOUT_CSV.splitlines()[3:])
        write(self.dir, "shootout.csv", SHOOTOUT_CSV + same + "\n")
        text, problems = make_report.build_report(self.dir)
        self.assertEqual(problems, [])
        self.assertIn("### Headline figures by preset (as-published / same-hosts)", text)
        self.assertIn("| interface | 8 B one-way (us) | 4096 B stream (MB/s) | requests/s, 1 "
                      "client | requests/s, 4 clients | server CPU/request (us), 4 clients |",
                      text)
        self.assertIn("| scilan | 94.7 / 51.2 | 31.5 / 31.5 | 5050 / 5050 | 8767 / 8767 | "
                      "101 / 101 |", text)
        # tcp has no 4096-byte stream nor four clients: "-" both ways.
        self.assertIn("| tcp | 67.8 / 67.8 | - / - | 5593 / 5593 | - / - | - / - |", text)
        self.assertIn("### ping-pong: one way latency (us, same-hosts)", text)
        self.assertIn("| 8 | 67.8 | 51.2 |", text)

    def test_plots_written(self):
        write(self.dir, "shootout.csv", SHOOTOUT_CSV)
        with contextlib.redirect_stdout(io.StringIO()):
            sys.argv = ["plot_shootout.py", "--results", self.dir]
            self.assertEqual(plot_shootout.main(), 0)
        for name in ("shootout-latency.png", "shootout-bandwidth.png", "shootout-requests.png"):
            with open(os.path.join(self.dir, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_errors_are_clear(self):
        write(self.dir, "shootout.csv", SHOOTOUT_CSV.replace("445.9", "slow"))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            sys.argv = ["plot_shootout.py", "--results", self.dir]
            self.assertEqual(plot_shootout.main(), 1)
        self.assertIn("shootout.csv:5: column value: 'slow' is not a number", err.getvalue())
        # A CSV of the old shape (no clients column) is named, not misread.
        write(self.dir, "shootout.csv", SHOOTOUT_CSV.replace(",clients", ""))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            sys.argv = ["plot_shootout.py", "--results", self.dir]
            self.assertEqual(plot_shootout.main(), 1)
        self.assertIn("shootout.csv", err.getvalue())


def segments_under(box, ax):
    """Points of `ax`'s lines (markers and, sampled, the segments between them) that fall in
    the display box `box`."""
    hits = []
    for line in ax.get_lines():
        xy = [(x, y) for x, y in ax.transData.transform(line.get_xydata())]
        for (x0, y0), (x1, y1) in zip(xy, xy[1:] + xy[-1:]):
            for k in range(21):
                x, y = x0 + (x1 - x0) * k / 20.0, y0 + (y1 - y0) * k / 20.0
                if box.contains(x, y):
                    hits.append((line.get_label(), x, y))
    return hits


class FigurePlacementTest(TempDirTest):
    """make_report shows each PNG inline, in the section it belongs to, with a caption."""

    def report(self):
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            status = make_report.main(["--results", self.dir])
        with open(os.path.join(self.dir, "REPORT.md"), encoding="utf-8") as f:
            return status, f.read()

    def test_each_figure_inline_in_its_section(self):
        write(self.dir, "demo.csv", PAPER_CSV)
        for name in ("demo-paper-fig10.png", "demo-paper-fig7.png", "fabric-load-mesh.png",
                     "unrelated.png", "tripwire-fig7.png"):
            write(self.dir, name, "not really a png")
        status, text = self.report()
        self.assertEqual(status, 0)
        paper = text.index("### demo-paper")
        tables = text.index("#### Predictions", paper)
        fabric = text.index("## Fabric")
        other = text.index("## Other figures")
        # The paper's figures between its opening counts and its tables, fig7 before fig10.
        fig7 = text.index("](demo-paper-fig7.png)")
        fig10 = text.index("](demo-paper-fig10.png)")
        self.assertTrue(paper < fig7 < fig10 < tables, (paper, fig7, fig10, tables))
        self.assertIn("#### Figures (2)", text[paper:tables])
        self.assertTrue(fabric < text.index("](fabric-load-mesh.png)") < other)
        # No tripwire section here, so its figure is among the others, inline too.
        self.assertGreater(text.index("](tripwire-fig7.png)"), other)
        self.assertGreater(text.index("](unrelated.png)"), other)
        # Every figure: an image line, then a one-line caption naming the file.
        lines = text.splitlines()
        images = [i for i, line in enumerate(lines) if line.startswith("![")]
        self.assertEqual(len(images), 5)
        for i in images:
            name = lines[i][lines[i].rindex("(") + 1:-1]
            self.assertTrue(lines[i + 2].startswith("`%s` \u2014 " % name), lines[i + 2])
            self.assertGreater(len(lines[i + 2]), len(name) + 20)
        self.assertNotIn("\n- [", text)

    def test_no_other_figures_section_when_all_are_placed(self):
        write(self.dir, "demo.csv", PAPER_CSV)
        write(self.dir, "demo-paper-fig1.png", "x")
        status, text = self.report()
        self.assertEqual(status, 0)
        self.assertNotIn("## Other figures", text)
        self.assertIn("](demo-paper-fig1.png)", text)

    def test_longest_paper_name_wins(self):
        placed, fabric, other = make_report.place_figures(
            ["a-b-fig1.png", "a-fig2.png", "ab-fig3.png", "fabric-load-mesh.png"], ["a", "a-b"])
        self.assertEqual(placed, {"a-b": ["a-b-fig1.png"], "a": ["a-fig2.png"]})
        self.assertEqual(fabric, ["fabric-load-mesh.png"])
        self.assertEqual(other, ["ab-fig3.png"])

    def test_captions(self):
        for name in ("hamlyn-latency-vs-size.png", "tripwire-fig7.png", "shrimp-fig8-rpc.png"):
            self.assertIn(name, make_report.FIGURE_CAPTIONS)
        self.assertIn("the torus", make_report.figure_caption("fabric-load-torus.png"))
        self.assertIn("no caption", make_report.figure_caption("mystery.png"))
        for caption in make_report.FIGURE_CAPTIONS.values():
            self.assertNotIn("\n", caption)
            alt = make_report.figure_alt(caption)
            self.assertEqual(alt.count("("), alt.count(")"), alt)
        self.assertEqual(make_report.figure_alt("A [x] (b; c); d."), "A (x) (b; c)")

    def test_tripwire_fig7_note(self):
        write(self.dir, "tripwire-fig7.png", "x")
        write(self.dir, "tripwire-fig7-raw-bandwidth.csv", TRIPWIRE_FIG7)
        status, text = self.report()
        self.assertEqual(status, 0)
        note = text[text.index("](tripwire-fig7.png)"):]
        self.assertIn("Why the DMA curve starts above the 910 Mbit/s peak", note)
        self.assertIn("reads 1056.0 Mbit/s from 256 to 1024 bytes and 910.7 at 262144 bytes", note)
        # A curve that never passes the peak needs no explanation.
        write(self.dir, "tripwire-fig7-raw-bandwidth.csv", TRIPWIRE_FIG7.replace("1056.05", "900")
              .replace("1056.13", "900").replace("1056.04", "900").replace("977.581", "905")
              .replace("910.712", "909"))
        status, text = self.report()
        self.assertNotIn("Why the DMA curve", text)


TRIPWIRE_FIG7 = """size_bytes,dma_Mbps,pio_Mbps
256,1056.05,864.123
512,1056.13,854.32
1024,1056.04,849.558
2048,977.581,847.21
262144,910.712,844.9
"""


class TripwirePlotTest(TempDirTest):
    def test_flat_start(self):
        self.assertEqual(plot_tripwire.flat_start([256, 512, 1024, 2048], [5, 5, 5, 4]), 1024)
        self.assertIsNone(plot_tripwire.flat_start([256, 512], [5, 4]))

    def test_fig7_written(self):
        write(self.dir, "tripwire-fig7-raw-bandwidth.csv", TRIPWIRE_FIG7)
        out = plot_tripwire.fig7(self.dir, os.path.join(self.dir, "tripwire-fig7.png"))
        with open(out, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


SHRIMP_FIG7 = """size_bytes,DU-2copy_latency_us,DU-2copy_MBps,DU-1copy_latency_us,DU-1copy_MBps,\
AU-2copy_latency_us,AU-2copy_MBps,ttcp_MBps
4,14.763,0.270948,14.215,0.281393,12.323,0.324596,1.08225
16,16.331,0.979732,15.453,1.0354,13.531,1.18247,3.97417
64,24.548,2.60714,21.912,2.92077,20.307,3.15162,10.9409
256,61.296,4.17646,50.752,5.04414,51.2875,4.99147,12.6707
1024,208.287,4.91629,166.111,6.16455,175.124,5.84729,13.2112
4096,563.583,7.26778,394.879,10.3728,428.18,9.56607,13.4475
10240,1271.7,8.05219,852.415,12.0129,934.292,10.9602,13.4129
"""

SHRIMP_FIG8 = """size_bytes,SHRIMP-RPC_rtt_us,VRPC_rtt_us
4,11.691,37.516
256,48.667,110.415
1024,161.789,321.442
10240,850.233,1705.64
"""


class ShrimpPlotTest(TempDirTest):
    def figure(self, name, text):
        path = write(self.dir, name + ".csv", text)
        header, cols = plot_shrimp.read(path)
        titles = dict(plot_shrimp.FIGURES)
        return plot_shrimp.draw(name, titles[name], header, cols)

    def test_fig8_bandwidth_panel_has_data(self):
        fig, lat, bw = self.figure("shrimp-fig8-rpc", SHRIMP_FIG8)
        try:
            curves = {line.get_label(): line for line in bw.get_lines()}
            self.assertEqual(len(curves), 2, list(curves))
            rpc = curves["SHRIMP-RPC (derived: 2 x size / round trip)"]
            # The argument goes out and comes back: 2 x size per round trip, bytes/us = MB/s.
            self.assertEqual(list(rpc.get_xdata()), [4, 256, 1024, 10240])
            for got, want in zip(rpc.get_ydata(), [8 / 11.691, 512 / 48.667, 2048 / 161.789,
                                                   20480 / 850.233]):
                self.assertAlmostEqual(got, want, places=9)
            self.assertEqual(len(lat.get_lines()), 2 + 2)  # two curves, two paper stars
        finally:
            plt.close(fig)

    def test_derived_bandwidth_matches_vrpc_definition(self):
        # Figure 5's VRPC AU-2copy: the C++ writes its _MBps as 2 x size / rtt; Figure 8's
        # VRPC is the same version, so the derived curve must agree with it.
        header = ["size_bytes", "AU-2copy_rtt_us", "AU-2copy_MBps", "VRPC_rtt_us"]
        cols = {"size_bytes": [4, 1024], "AU-2copy_rtt_us": [37.516, 321.442],
                "AU-2copy_MBps": [0.213242, 6.37129], "VRPC_rtt_us": [37.516, 321.442]}
        series = {label: (values, derived) for label, values, derived
                  in plot_shrimp.bandwidth_series(header, cols)}
        self.assertEqual(series["AU-2copy"], ([0.213242, 6.37129], False))
        derived, flag = series["VRPC (derived: 2 x size / round trip)"]
        self.assertTrue(flag)
        for got, want in zip(derived, [0.213242, 6.37129]):
            self.assertAlmostEqual(got, want, places=4)

    def test_empty_panel_says_so(self):
        fig, lat, bw = self.figure("shrimp-fig4-nx", "size_bytes,AU_foo\n4,1\n")
        try:
            self.assertTrue(any("no data" in t.get_text() for t in bw.texts))
        finally:
            plt.close(fig)

    def test_legends_cover_no_data(self):
        for name, text in (("shrimp-fig7-sockets", SHRIMP_FIG7), ("shrimp-fig8-rpc", SHRIMP_FIG8)):
            fig, lat, bw = self.figure(name, text)
            try:
                fig.canvas.draw()
                for ax in (lat, bw):
                    legend = ax.get_legend()
                    self.assertIsNotNone(legend)
                    box = legend.get_window_extent()
                    self.assertEqual(segments_under(box, ax), [], "%s: legend over data" % name)
                    # Not over the other panel either.
                    for other in (lat, bw):
                        self.assertFalse(box.overlaps(other.get_window_extent()))
            finally:
                plt.close(fig)

    def test_all_figures_written(self):
        write(self.dir, "shrimp-fig7-sockets.csv", SHRIMP_FIG7)
        write(self.dir, "shrimp-fig8-rpc.csv", SHRIMP_FIG8)
        sys.argv = ["plot_shrimp.py", "--results", self.dir]
        with contextlib.redirect_stdout(io.StringIO()):
            plot_shrimp.main()
        for name in ("shrimp-fig7-sockets.png", "shrimp-fig8-rpc.png"):
            with open(os.path.join(self.dir, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


HAMLYN_PAPER_CSV = """paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source,paper_kind
hamlyn,table3_direct_16B,all_total_notify_us,us,7.18,7.175,-0.0007,Table 3,value
hamlyn,table4_dma_512B,all_total_us,us,31.73,31.725,-0.0002,Table 4,value
hamlyn,rats_end_to_end,pingpong_512B_bw_MBps,MB/s (10^6 B),12.1,11.751,-0.0288,Section 4.2,value
hamlyn,transfer_bw,transfer_4KB_bw_MBps,MB/s (10^6 B),,60.98,,Section 4.2 (withheld in our copy),none
hamlyn,transfer_bw,transfer_1MB_bw_MBps,MB/s (10^6 B),,71.07,,Section 4.2 (withheld in our copy),none
hamlyn,pipelined_bw,pipelined_512B_bw_MBps,MB/s (10^6 B),,30.52,,Section 4.2 (withheld in our copy),none
"""

HAMLYN_LATENCY = """size_bytes,direct_io_us,dma_us
16,7.575,9.55
512,29.975,31.925
1024,44.3125,40.0875
"""

HAMLYN_BANDWIDTH = """transfer_bytes,bandwidth_MBps
512,30.5216
4096,60.9751
1048576,71.065
"""


def points(ax):
    """{(x, y): label} of the one-point lines of `ax` (the paper's markers and rings)."""
    return {(line.get_xdata()[0], line.get_ydata()[0]): line.get_label()
            for line in ax.get_lines() if len(line.get_xdata()) == 1}


class HamlynPaperPointsTest(TempDirTest):
    def test_read_skips_withheld_rows(self):
        path = write(self.dir, "demo.csv", PAPER_CSV)
        rows = paper_points.read(path, [("one-way latency", "latency_64b_us"),
                                        ("bandwidth", "peak_bandwidth"), ("nope", "nope")])
        self.assertEqual(list(rows), [("one-way latency", "latency_64b_us")])
        self.assertEqual(rows[("one-way latency", "latency_64b_us")]["paper_value"], 10.0)

    def test_points_come_from_the_csv(self):
        path = write(self.dir, "hamlyn.csv", HAMLYN_PAPER_CSV.replace(",12.1,", ",13.5,"))
        with contextlib.redirect_stdout(io.StringIO()):
            paper = plot_hamlyn.read_paper(path)
        fig, (lat, bw) = plt.subplots(1, 2)
        try:
            self.assertEqual(plot_hamlyn.draw_paper(lat, "latency", paper), 2)
            self.assertEqual(plot_hamlyn.draw_paper(bw, "bandwidth", paper), 1)
            got = points(lat)
            self.assertIn((16, 7.18), got)
            self.assertIn("Table 3", got[(16, 7.18)])
            self.assertIn((512, 31.73), got)
            self.assertIn((16, 7.175), got)  # the row's own simulated value, ringed
            got = points(bw)
            # The CSV's value (changed here to 13.5), not a number typed into the script.
            self.assertIn((512, 13.5), got)
            self.assertIn("13.5", got[(512, 13.5)])
            # Withheld rows draw nothing.
            self.assertFalse([xy for xy in got if xy[0] in (4096, 1 << 20)])
            self.assertEqual(len(got), 2)
        finally:
            plt.close(fig)

    def test_main(self):
        write(self.dir, "hamlyn-latency-vs-size.csv", HAMLYN_LATENCY)
        write(self.dir, "hamlyn-bandwidth-vs-size.csv", HAMLYN_BANDWIDTH)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertEqual(plot_hamlyn.main(["--results", self.dir]), 0)
        self.assertIn("hamlyn.csv not found", out.getvalue())
        write(self.dir, "hamlyn.csv", HAMLYN_PAPER_CSV)
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(plot_hamlyn.main(["--results", self.dir]), 0)
        for name in ("hamlyn-latency-vs-size.png", "hamlyn-bandwidth-vs-size.png"):
            with open(os.path.join(self.dir, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        write(self.dir, "hamlyn.csv", HAMLYN_PAPER_CSV.replace(",7.18,", ",seven,"))
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(plot_hamlyn.main(["--results", self.dir]), 1)
        self.assertIn("hamlyn.csv:2: column paper_value: 'seven' is not a number", err.getvalue())
        self.assertNotIn("Traceback", err.getvalue())


DART_PAPER_CSV = """paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source,paper_kind
dart,latency-sw-switchless,sw_32B_latency_switchless_us,us,24.5,24.5,0,sec. 3,value
dart,latency-sw-switchless,sw_32B_switchless_send_us,us,,8.43,,stage,none
dart,latency-hw622,hw622_32B_latency_us,us,3,6.62,1.20667,sec. 3,under
"""


class DartPaperPointsTest(TempDirTest):
    def test_paper_markers(self):
        sweep = write(self.dir, "dart-latency-vs-size.csv", DART_SWEEP)
        breakdown = write(self.dir, "dart-latency-breakdown.csv", DART_BREAKDOWN)
        paper = plot_dart.read_paper(write(self.dir, "dart.csv", DART_PAPER_CSV))
        self.assertEqual(sorted(paper), ["hw622", "sw-switchless"])
        fig = plot_dart.latency_figure(sweep, paper)
        try:
            ax = fig.axes[0]
            markers = {(line.get_xdata()[0], line.get_ydata()[0]): line.get_marker()
                       for line in ax.get_lines() if len(line.get_xdata()) == 1}
            self.assertEqual(markers, {(32, 24.5): "*", (32, 3.0): "v"})
            labels = [line.get_label() for line in ax.get_lines()]
            self.assertIn("paper: hardware, 622 Mbit/s: under 3 us", labels)
        finally:
            plt.close(fig)
        fig = plot_dart.breakdown_figure(breakdown, paper)
        try:
            got = points(fig.axes[0])
            # Beside each configuration's bar: sw-switchless is bar 0, hw622 bar 1.
            self.assertEqual(sorted(got), [(0.52, 24.5), (1.52, 3.0)])
        finally:
            plt.close(fig)

    def test_main_with_paper(self):
        write(self.dir, "dart-latency-vs-size.csv", DART_SWEEP)
        write(self.dir, "dart-latency-breakdown.csv", DART_BREAKDOWN)
        write(self.dir, "dart.csv", DART_PAPER_CSV)
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(plot_dart.main(["--results", self.dir]), 0)
        write(self.dir, "dart.csv", DART_PAPER_CSV.replace(",under", ",below"))
        with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(plot_dart.main(["--results", self.dir]), 1)
        self.assertIn("dart.csv:4: column paper_kind", err.getvalue())



if __name__ == "__main__":
    unittest.main()
