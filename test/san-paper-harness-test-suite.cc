/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-paper-harness" (UNIT): the reproduction harness of helper/paper/ itself, on
 * made-up rows: the judge of each kind of paper value (value, under, over, range, none) with a
 * tolerance, and the results CSV writer (provenance comments, the contract's header with
 * paper_kind, one check line per row, command-line parameters), and a figure's side file.
 */

#include "san-paper-misses.h"
#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/san-paper-row.h"
#include "ns3/san-paper-test-case.h"
#include "ns3/san-results-writer.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ns3;

/**
 * \ingroup san-tests
 * SanPaperValue: each kind judged as DESIGN.md and analysis/make_report.py judge it.
 */
class SanPaperJudgeTestCase : public TestCase
{
  public:
    SanPaperJudgeTestCase()
        : TestCase("paper values: value, under, over, range and none judged with a tolerance")
    {
    }

  private:
    void DoRun() override
    {
        const SanPaperValue v = SanPaperValue::Value(10);
        NS_TEST_EXPECT_MSG_EQ(v.Admits(10.5, 0.05), true, "value: +5% within 5%");
        NS_TEST_EXPECT_MSG_EQ(v.Admits(9.5, 0.05), true, "value: -5% within 5%");
        NS_TEST_EXPECT_MSG_EQ(v.Admits(10.6, 0.05), false, "value: +6% outside 5%");
        NS_TEST_EXPECT_MSG_EQ(v.Admits(NAN, 1), false, "value: NaN fails");
        NS_TEST_EXPECT_MSG_EQ(v.Format(), "10", "value text");
        NS_TEST_EXPECT_MSG_EQ(v.GetKindName(), "value", "value kind");
        NS_TEST_EXPECT_MSG_EQ_TOL(v.RelativeError(10.5), 0.05, 1e-12, "value rel error");

        const SanPaperValue u = SanPaperValue::Under(10);
        NS_TEST_EXPECT_MSG_EQ(u.Admits(3, 0), true, "under: well under");
        NS_TEST_EXPECT_MSG_EQ(u.Admits(10, 0), false, "under: the bound itself is not under");
        NS_TEST_EXPECT_MSG_EQ(u.Admits(10.4, 0.05), true, "under: within bound (1 + tol)");
        NS_TEST_EXPECT_MSG_EQ(u.Admits(10.6, 0.05), false, "under: over bound (1 + tol)");
        NS_TEST_EXPECT_MSG_EQ(u.Describe(), "< 10", "under text");
        NS_TEST_EXPECT_MSG_EQ(u.GetKindName(), "under", "under kind");

        const SanPaperValue o = SanPaperValue::Over(40);
        NS_TEST_EXPECT_MSG_EQ(o.Admits(80, 0), true, "over: well over");
        NS_TEST_EXPECT_MSG_EQ(o.Admits(39, 0.05), true, "over: within bound (1 - tol)");
        NS_TEST_EXPECT_MSG_EQ(o.Admits(37, 0.05), false, "over: under bound (1 - tol)");
        NS_TEST_EXPECT_MSG_EQ(o.Describe(), "> 40", "over text");
        NS_TEST_EXPECT_MSG_EQ(o.Format(), "40", "over CSV text");

        const SanPaperValue r = SanPaperValue::Range(30, 40);
        NS_TEST_EXPECT_MSG_EQ(r.Admits(35, 0), true, "range: inside");
        NS_TEST_EXPECT_MSG_EQ(r.Admits(29, 0.05), true, "range: low (1 - tol)");
        NS_TEST_EXPECT_MSG_EQ(r.Admits(28, 0.05), false, "range: below low (1 - tol)");
        NS_TEST_EXPECT_MSG_EQ(r.Admits(42, 0.05), true, "range: high (1 + tol)");
        NS_TEST_EXPECT_MSG_EQ(r.Admits(42.5, 0.05), false, "range: above high (1 + tol)");
        NS_TEST_EXPECT_MSG_EQ(r.Format(), "30-40", "range CSV text");
        NS_TEST_EXPECT_MSG_EQ(r.GetKindName(), "range", "range kind");
        NS_TEST_EXPECT_MSG_EQ(r.RelativeError(35), 0, "inside a range: no error");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.RelativeError(44), 0.1, 1e-12, "above: from the high end");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.RelativeError(27), -0.1, 1e-12, "below: from the low end");

        const SanPaperValue n = SanPaperValue::Value(NAN);
        NS_TEST_EXPECT_MSG_EQ(n.IsNone(), true, "a NaN value is none (withheld)");
        NS_TEST_EXPECT_MSG_EQ(n.Admits(1e9, 0), true, "none: any finite value");
        NS_TEST_EXPECT_MSG_EQ(n.Admits(INFINITY, 0), false, "none: not infinity");
        NS_TEST_EXPECT_MSG_EQ(n.Format(), "", "none CSV text");
        NS_TEST_EXPECT_MSG_EQ(n.GetKindName(), "none", "none kind");
        NS_TEST_EXPECT_MSG_EQ(std::isnan(n.RelativeError(1)), true, "none: no error");

        SanPaperRow row;
        row.paper = SanPaperValue::Value(2);
        row.simulated = 2.5;
        row.tolerance = 0.1;
        NS_TEST_EXPECT_MSG_EQ(row.IsChecked(), true, "a row with a value is checked");
        NS_TEST_EXPECT_MSG_EQ(row.Passes(), false, "+25% fails 10%");
        row.deviation = "documented";
        NS_TEST_EXPECT_MSG_EQ(row.IsChecked(), true, "a documented deviation is still judged");
        NS_TEST_EXPECT_MSG_EQ(row.IsExcused(), false, "a documented deviation excuses nothing");
        NS_TEST_EXPECT_MSG_EQ(row.GetExcuseName(), "deviation", "excuse");
        row.paperInconsistency = true;
        NS_TEST_EXPECT_MSG_EQ(row.IsChecked(), false, "a paper inconsistency is listed apart");
        NS_TEST_EXPECT_MSG_EQ(row.GetExcuseName(), "paper-inconsistency", "excuse");
    }
};

/**
 * \ingroup san-tests
 * SanResultsWriter: provenance comments, the contract header with paper_kind, one check line
 * per row, ranges and bounds as the contract writes them.
 */
class SanResultsWriterTestCase : public TestCase
{
  public:
    SanResultsWriterTestCase()
        : TestCase("results writer: provenance comments, header with paper_kind, rows")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<SanPaperRow> rows(3);
        rows[0].experiment = "demo";
        rows[0].metric = "latency_us";
        rows[0].unit = "us";
        rows[0].paper = SanPaperValue::Range(30, 40);
        rows[0].simulated = 35;
        rows[0].source = "Table 9, \"quoted\"";
        rows[0].tolerance = 0.05;
        rows[0].missing = "a cost, \"quoted\"";
        rows[1].experiment = "demo";
        rows[1].metric = "bw_MBps";
        rows[1].unit = "MB/s";
        rows[1].paper = SanPaperValue::Over(40);
        rows[1].simulated = 44;
        rows[1].source = "Section 2";
        rows[1].role = SanPaperRow::INPUT;
        rows[1].deviation = "the paper disagrees with itself";
        rows[1].paperInconsistency = true;
        rows[2].experiment = "demo";
        rows[2].metric = "other";
        rows[2].unit = "bytes";
        rows[2].simulated = 7;
        rows[2].source = "beyond";

        const char* oldCommit = std::getenv("SAN_COMMIT");
        const char* oldQuick = std::getenv("SAN_QUICK");
        const std::string savedCommit = oldCommit ? oldCommit : "";
        const std::string savedQuick = oldQuick ? oldQuick : "";
        setenv("SAN_COMMIT", "abc1234", 1);
        setenv("SAN_QUICK", "1", 1);
        const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                           ("san-results-writer-test-" + std::to_string(getpid())) /
                                           "demo.csv";
        SanResultsWriter writer("demo");
        writer.AddParameter("size=64");
        // SAN_QUICK alone does not make a run quick: the CSV says so only once an experiment
        // took its quick settings.
        writer.Write(path.string(), rows);
        std::ifstream full(path);
        const std::string fullText((std::istreambuf_iterator<char>(full)),
                                   std::istreambuf_iterator<char>());
        NS_TEST_EXPECT_MSG_EQ((fullText.find("# mode: full") != std::string::npos), true, fullText);
        NS_TEST_EXPECT_MSG_EQ(SanResultsWriter::IsQuick(), true, "SAN_QUICK=1");
        writer.Write(path.string(), rows);
        oldCommit ? setenv("SAN_COMMIT", savedCommit.c_str(), 1) : unsetenv("SAN_COMMIT");
        oldQuick ? setenv("SAN_QUICK", savedQuick.c_str(), 1) : unsetenv("SAN_QUICK");

        std::ifstream in(path);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string text = ss.str();
        std::filesystem::remove_all(path.parent_path());
        auto has = [&text](const std::string& line) {
            return text.find(line + "\n") != std::string::npos;
        };
        NS_TEST_EXPECT_MSG_EQ(text.rfind("# san-results: demo\n", 0), 0u, text);
        NS_TEST_EXPECT_MSG_EQ(has("# commit: abc1234"), true, text);
        NS_TEST_EXPECT_MSG_EQ(has("# mode: quick"), true, text);
        NS_TEST_EXPECT_MSG_EQ(has("# seed: " + std::to_string(RngSeedManager::GetSeed())),
                              true,
                              text);
        NS_TEST_EXPECT_MSG_EQ(has("# run: " + std::to_string(RngSeedManager::GetRun())),
                              true,
                              text);
        NS_TEST_EXPECT_MSG_EQ(has("# parameter: size=64"), true, text);
        NS_TEST_EXPECT_MSG_EQ((text.find("# date: 20") != std::string::npos), true, text);
        NS_TEST_EXPECT_MSG_EQ(has("# check: demo,latency_us,prediction,0.05,"), true, text);
        NS_TEST_EXPECT_MSG_EQ(has("# check: demo,bw_MBps,input,0,paper-inconsistency"), true, text);
        const std::string header = "paper,experiment,metric,unit,paper_value,simulated_value,"
                                   "rel_error,source,paper_kind,missing";
        NS_TEST_EXPECT_MSG_EQ(has(header), true, text);
        NS_TEST_EXPECT_MSG_EQ(text.find("\n# ", text.find(header)),
                              std::string::npos,
                              "comments only before the header");
        NS_TEST_EXPECT_MSG_EQ(has("demo,demo,latency_us,us,30-40,35,0,\"Table 9, \"\"quoted\"\"\","
                                  "range,\"a cost, \"\"quoted\"\"\""),
                              true,
                              text);
        NS_TEST_EXPECT_MSG_EQ(has("demo,demo,bw_MBps,MB/s,40,44,0.1,\"Section 2; the paper "
                                  "disagrees with itself\",over,\"\""),
                              true,
                              text);
        NS_TEST_EXPECT_MSG_EQ(has("demo,demo,other,bytes,,7,,\"beyond\",none,\"\""), true, text);

        const std::vector<std::string> args =
            SanResultsWriter::CommandLineParameters(3,
                                                    std::vector<char*>{const_cast<char*>("prog"),
                                                                       const_cast<char*>("--a=1"),
                                                                       const_cast<char*>("-b")}
                                                        .data());
        NS_TEST_EXPECT_MSG_EQ(args.size(), 2u, "two options");
        NS_TEST_EXPECT_MSG_EQ(args.at(0), "a=1", "--a=1");
        NS_TEST_EXPECT_MSG_EQ(args.at(1), "b", "-b");
    }
};

/**
 * \ingroup san-tests
 * A figure's side file (SanOutputStream) appears whole when its block ends: while it is
 * written the previous file is untouched and nothing else is left beside it; a write that
 * fails stops the program with one line naming the file.
 */
class SanSideFileTestCase : public TestCase
{
  public:
    SanSideFileTestCase()
        : TestCase("side files: written whole on leaving the block, or a one-line error")
    {
    }

  private:
    /// \param path a file \return its contents ("" if it cannot be read)
    static std::string Slurp(const std::string& path)
    {
        std::ifstream in(path);
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }

    void DoRun() override
    {
        const std::string dir = std::filesystem::temp_directory_path().string() +
                                "/san-side-file-" + std::to_string(getpid());
        const std::string path = dir + "/fig/figure.csv";
        std::filesystem::create_directories(dir + "/fig");
        std::ofstream(path) << "old\n";
        {
            SanOutputStream out(path);
            out << "size,us\n" << 64 << "," << 1.5 << "\n";
            NS_TEST_EXPECT_MSG_EQ(Slurp(path), "old\n", "the old file stays while writing");
        }
        NS_TEST_EXPECT_MSG_EQ(Slurp(path), "size,us\n64,1.5\n", "the new file, whole");
        uint32_t files = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir + "/fig"))
        {
            files += e.is_regular_file() ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(files, 1u, "no temporary file left");
        {
            SanOutputStream out(dir + "/new/folder/f.csv");
            out << "x\n";
        }
        NS_TEST_EXPECT_MSG_EQ(Slurp(dir + "/new/folder/f.csv"), "x\n", "folders created");
        std::filesystem::remove_all(dir);

        std::string msg;
        const bool died = santest::DiesWithMessage(
            []() {
                SanOutputStream out("/dev/full");
                for (int i = 0; i < 100000; ++i)
                {
                    out << "a row of a figure\n";
                }
            },
            "cannot write '/dev/full': ",
            msg);
        NS_TEST_EXPECT_MSG_EQ(died, true, "a full device: " << msg);
    }
};

/**
 * \ingroup san-tests
 * The ratchet of the paper suites (SanPaperTestCase::GetRowProblem): a miss that is not
 * recorded fails; a recorded miss passes while its error stays, and fails when it grows, when
 * it shrinks, or when the row passes, or when a failing prediction does not name the
 * information that would close it; a paper inconsistency is not judged.
 */
class SanPaperRatchetTestCase : public TestCase
{
  public:
    SanPaperRatchetTestCase()
        : TestCase("ratchet: recorded misses may not grow, shrink or pass unrecorded")
    {
    }

  private:
    /// \param simulated the row's value (paper 10, tolerance 5%) \return the problem
    /// \param missing the row's missing information
    static std::string Judge(double simulated,
                             const std::string& metric = "m",
                             const std::string& missing = "a cost; searched: a report")
    {
        SanPaperRow row = SanPaperRow::Compared("e",
                                                metric,
                                                "us",
                                                SanPaperValue::Value(10),
                                                simulated,
                                                "test",
                                                0.05);
        row.deviation = "a documented reason";
        row.missing = missing;
        return SanPaperTestCase::GetRowProblem("demo", row);
    }

    /// \param text a message \param part expected text \return true if it holds it
    static bool Says(const std::string& text, const std::string& part)
    {
        return text.find(part) != std::string::npos;
    }

    void DoRun() override
    {
        SanPaperTestCase::SetRecordedMisses({{"demo", "e", "m", 0.30}});
        NS_TEST_EXPECT_MSG_EQ(Judge(10.2, "other"), "", "an unrecorded pass");
        const std::string unrecorded = Judge(13, "other");
        NS_TEST_EXPECT_MSG_EQ(Says(unrecorded, ": misses"), true, unrecorded);
        NS_TEST_EXPECT_MSG_EQ(Says(unrecorded, "documented: a documented reason"),
                              true,
                              "the deviation is shown, not an excuse: " << unrecorded);
        NS_TEST_EXPECT_MSG_EQ(Judge(13), "", "a recorded miss that stays");
        NS_TEST_EXPECT_MSG_EQ(Judge(13.04), "", "within half a percentage point");
        const std::string grew = Judge(13.2);
        NS_TEST_EXPECT_MSG_EQ(Says(grew, "the miss grew from 30%"), true, grew);
        const std::string shrank = Judge(12);
        NS_TEST_EXPECT_MSG_EQ(Says(shrank, "the miss shrank from 30%"), true, shrank);
        const std::string passes = Judge(10);
        NS_TEST_EXPECT_MSG_EQ(Says(passes, "passes now"), true, passes);
        const std::string below = Judge(7); // -30%: the size of the error is what counts
        NS_TEST_EXPECT_MSG_EQ(below, "", "a recorded miss of the same size below");
        const std::string unnamed = Judge(13, "m", "");
        NS_TEST_EXPECT_MSG_EQ(Says(unnamed, "must name the information"),
                              true,
                              "a recorded miss that does not say what is missing: " << unnamed);
        NS_TEST_EXPECT_MSG_EQ(Judge(10, "other", ""), "", "a pass needs no missing information");
        SanPaperRow inconsistent =
            SanPaperRow::Compared("e", "x", "us", SanPaperValue::Value(10), 99, "test", 0.05);
        inconsistent.deviation = "the paper's own numbers disagree";
        inconsistent.paperInconsistency = true;
        NS_TEST_EXPECT_MSG_EQ(SanPaperTestCase::GetRowProblem("demo", inconsistent),
                              "",
                              "a paper inconsistency is not judged");
        SanPaperTestCase::SetRecordedMisses(santest::PAPER_MISSES);
    }
};

/**
 * \ingroup san-tests
 * The san-paper-harness suite: the reproduction harness of helper/paper/.
 */
class SanPaperHarnessTestSuite : public TestSuite
{
  public:
    SanPaperHarnessTestSuite()
        : TestSuite("san-paper-harness", UNIT)
    {
        AddTestCase(new SanPaperJudgeTestCase, TestCase::QUICK);
        AddTestCase(new SanResultsWriterTestCase, TestCase::QUICK);
        AddTestCase(new SanSideFileTestCase, TestCase::QUICK);
        AddTestCase(new SanPaperRatchetTestCase, TestCase::QUICK);
    }
};

static SanPaperHarnessTestSuite g_sanPaperHarnessTestSuite; //!< the suite
