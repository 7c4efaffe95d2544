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
import plot_fabric_load  # noqa: E402
import sancsv  # noqa: E402

PAPER_CSV = """paper,experiment,metric,unit,paper_value,simulated_value,rel_error,source
demo-paper,one-way latency,latency_64b_us,us,10.0,10.5,0.05,Table 2
demo-paper,bandwidth,peak_bandwidth,MB/s,,61.3,,Figure 4
demo-paper,bandwidth,half_bandwidth_bytes,bytes,400,380,,Figure 4
"""

# Two topologies; the fat tree has no transpose curve and one curve never saturates.
FABRIC_LOAD_CSV = """topology,traffic,routing,offered_load,accepted_throughput,avg_latency_us,\
avg_latency_packet_times,max_latency_us,hops_per_packet,delivered_fraction
mesh,uniform,dimension-order,0.100,0.1000,4.0,5.0,9.0,6.3,1.0000
mesh,uniform,dimension-order,0.200,0.2000,4.4,5.5,12.0,6.3,1.0000
mesh,uniform,dimension-order,0.300,0.2200,80.0,100.0,300.0,6.3,1.0000
mesh,transpose,dimension-order,0.100,0.1000,4.8,6.0,9.0,7.0,1.0000
mesh,transpose,dimension-order,0.200,0.1500,100.0,125.0,400.0,7.0,0.9900
mesh,transpose,minimal-adaptive,0.100,0.1000,4.4,5.5,9.0,7.0,1.0000
mesh,transpose,minimal-adaptive,0.200,0.2000,4.8,6.0,9.0,7.0,1.0000
mesh,transpose,minimal-adaptive,0.300,0.3000,6.4,8.0,20.0,7.0,1.0000
mesh,transpose,minimal-adaptive,0.400,0.3000,160.0,200.0,600.0,7.0,1.0000
fat-tree,uniform,up-down,0.500,0.5000,3.2,4.0,6.0,4.4,1.0000
fat-tree,uniform,up-down,1.000,0.9500,8.0,10.0,30.0,4.4,1.0000
"""

FABRIC_BENCH_CSV = """workload,hosts,delivered,hops_per_packet,hop_rate,event_rate,raw_event_rate,ratio,\
rss_per_host_kib,wall_s
mesh,64,191000,6.33,4100000,9000000,10500000,0.390,3.10,2.95
fat-tree,1024,5120000,8.51,3500000,8000000,10500000,0.333,9.80,31.20
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
    def test_paper_csv_withheld_row(self):
        rows = sancsv.read_paper_csv(write(self.dir, "demo.csv", PAPER_CSV))
        self.assertEqual(len(rows), 3)
        self.assertEqual(rows[0]["simulated_value"], 10.5)
        self.assertEqual(rows[0]["paper_text"], "10.0")
        self.assertIsNone(rows[1]["paper_value"])
        self.assertIsNone(rows[1]["rel_error"])
        self.assertEqual(rows[1]["_line"], 3)

    def test_kind_of(self):
        self.assertEqual(sancsv.kind_of(write(self.dir, "p.csv", PAPER_CSV)), "paper")
        self.assertEqual(sancsv.kind_of(write(self.dir, "l.csv", FABRIC_LOAD_CSV)), "fabric-load")
        self.assertEqual(sancsv.kind_of(write(self.dir, "b.csv", FABRIC_BENCH_CSV)), "fabric-bench")
        self.assertIsNone(sancsv.kind_of(write(self.dir, "o.csv", "a,b\n1,2\n")))
        self.assertIsNone(sancsv.kind_of(write(self.dir, "e.csv", "")))

    def test_errors_name_file_and_line(self):
        cases = [
            # (file text, line the error must name, words the message must hold)
            (PAPER_CSV + "demo-paper,x,y,us,1.0,abc,,Table 3\n", 5, "not a number"),
            (PAPER_CSV + "demo-paper,x,y,us,1.0\n", 5, "5 fields, expected 8"),
            (PAPER_CSV.replace(",rel_error", ""), 1, "header"),
            (PAPER_CSV + "demo-paper,x,y,us,,2.0,0.1,Table 3\n", 5, "paper_value is empty"),
            (PAPER_CSV + "demo-paper,x,y,us,1.0,,,Table 3\n", 5, "simulated_value is empty"),
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
        self.assertIn("## Figures", text)

    def test_paper_section(self):
        write(self.dir, "demo.csv", PAPER_CSV)
        write(self.dir, "unrelated.csv", "a,b\n1,2\n")
        status, text, err = self.report()
        self.assertEqual(status, 0, err)
        self.assertIn("### demo-paper", text)
        self.assertIn(
            "| Experiment | Metric | Unit | Paper | Simulated | Relative error | Source |", text
        )
        self.assertIn("| one-way latency | latency_64b_us | us | 10.0 | 10.5 | +5.0% | Table 2 |", text)
        self.assertIn("| bandwidth | peak_bandwidth | MB/s | [withheld] | 61.3 |  | Figure 4 |", text)
        # An empty rel_error beside a paper value is computed by the report.
        self.assertIn("| 400 | 380 | -5.0% (computed) |", text)
        self.assertIn("`unrelated.csv`", text)
        self.assertNotIn("## Problems", text)

    def test_malformed_paper_csv(self):
        write(self.dir, "good.csv", PAPER_CSV)
        bad = write(self.dir, "broken.csv", PAPER_CSV + "demo2,x,y,us,1.0,oops,,T\n")
        status, text, err = self.report()
        self.assertEqual(status, 1)
        self.assertIn("%s:5:" % bad, err)
        self.assertNotIn("Traceback", err)
        self.assertIn("## Problems", text)
        self.assertIn("broken.csv:5: column simulated_value: 'oops' is not a number", text)
        self.assertIn("### demo-paper", text)  # the good file is still reported

    def test_fabric_sections(self):
        write(self.dir, "fabric-load.csv", FABRIC_LOAD_CSV)
        write(self.dir, "fabric-bench.csv", FABRIC_BENCH_CSV)
        write(self.dir, "fabric-load-mesh.png", "not really a png")
        status, text, err = self.report()
        self.assertEqual(status, 0, err)
        self.assertIn("No paper results yet", text)
        self.assertIn("| mesh | uniform | dimension-order | 0.220 | 0.300 | 5.00 | 6.30 | 3 |", text)
        # fat-tree/uniform/up-down never fell below 0.9 x offered: a lower bound.
        self.assertIn("| fat-tree | uniform | up-down | \u2265 0.950 |", text)
        # mesh transpose: adaptive 0.300 / dimension-order 0.150 = 2.00.
        self.assertIn("| mesh | dimension-order | 0.150 | 0.300 | 2.00 |", text)
        self.assertIn("| fat-tree | up-down |  |  | no transpose data |", text)
        self.assertIn("| fat-tree | 1,024 | 5,120,000 | 8.51 | 3,500,000 |", text)
        self.assertIn("- [fabric-load-mesh.png](fabric-load-mesh.png)", text)

    def test_malformed_fabric_load(self):
        write(self.dir, "fabric-load.csv", "topology,traffic\nmesh,uniform\n")
        status, text, err = self.report()
        self.assertEqual(status, 1)
        self.assertIn("fabric-load.csv:1: header is", err)
        self.assertIn("`fabric-load.csv` could not be read", text)


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
        bad = write(self.dir, "fabric-load.csv", FABRIC_LOAD_CSV + "mesh,uniform,valiant,0.1,x,1,1,1,1,1\n")
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


if __name__ == "__main__":
    unittest.main()
