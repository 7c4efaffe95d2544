/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The one interface of a paper (SanPaper): every registered paper keeps its contract, a paper
// is found by its TypeId, and a new paper (one class, here SanTestPaper) runs through the same
// program as the five.

#include "san-test-util.h"

#include "ns3/san-output-file.h"
#include "ns3/san-paper.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san-tests
 * A sixth paper, as a user would add one: one class. Its two experiments return rows made from
 * its attribute (so the test sees the attribute reach them); the second is beyond the paper.
 */
class SanTestPaper : public SanPaper
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::SanTestPaper")
                                .SetParent<SanPaper>()
                                .SetGroupName("San")
                                .AddConstructor<SanTestPaper>()
                                .AddAttribute("Base",
                                              "The first row's simulated value.",
                                              UintegerValue(10),
                                              MakeUintegerAccessor(&SanTestPaper::m_base),
                                              MakeUintegerChecker<uint32_t>());
        return tid;
    }

    std::string GetName() const override
    {
        return "testpaper";
    }

    std::string GetTitle() const override
    {
        return "testpaper: the harness's own check";
    }

    std::vector<Experiment> GetExperiments() const override
    {
        const double base = m_base;
        return {
            {"own",
             [base]() {
                 return std::vector<SanPaperRow>{
                     SanPaperRow::Compared("own",
                                           "first_us",
                                           "us",
                                           SanPaperValue::Value(10),
                                           base,
                                           "the test's Base attribute",
                                           0.05),
                     SanPaperRow::Unpapered("own", "second_us", "us", base + 1, "Base + 1")};
             },
             false},
            {"beyond",
             [base]() {
                 return std::vector<SanPaperRow>{
                     SanPaperRow::Unpapered("beyond", "third_us", "us", base + 2, "Base + 2")};
             },
             true},
        };
    }

    void WriteFigures(const std::string& prefix) const override
    {
        SanOutputStream out(prefix + "testpaper-figure.csv"); // as the five papers write
        out << "x,y\n1," << m_base << "\n";
    }

  private:
    uint32_t m_base; //!< the first row's value
};

NS_OBJECT_ENSURE_REGISTERED(SanTestPaper);

/**
 * \ingroup san-tests
 * Every registered paper, made by TypeId: a unique, non-empty name and title, experiments
 * with unique names, at least one of the paper's own; the five papers are among them.
 */
class SanPaperContractTestCase : public TestCase
{
  public:
    SanPaperContractTestCase()
        : TestCase("every registered paper: name, title, experiments")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<std::string> types = SanPaper::GetPaperTypeIds();
        std::set<std::string> names;
        for (const std::string& type : types)
        {
            Ptr<SanPaper> paper = SanPaper::CreatePaper(type);
            NS_TEST_ASSERT_MSG_NE(paper, nullptr, type);
            const std::string name = paper->GetName();
            NS_TEST_EXPECT_MSG_EQ(name.empty(), false, type << " has no name");
            NS_TEST_EXPECT_MSG_EQ(names.insert(name).second, true, "two papers named " << name);
            NS_TEST_EXPECT_MSG_EQ(paper->GetTitle().empty(), false, type << " has no title");
            std::set<std::string> experiments;
            uint32_t own = 0;
            for (const SanPaper::Experiment& e : paper->GetExperiments())
            {
                NS_TEST_EXPECT_MSG_EQ(experiments.insert(e.name).second,
                                      true,
                                      type << ": two experiments named " << e.name);
                NS_TEST_EXPECT_MSG_EQ(bool(e.rows),
                                      true,
                                      type << ": " << e.name << " runs nothing");
                own += e.beyondPaper ? 0 : 1;
            }
            NS_TEST_EXPECT_MSG_GT(own, 0, type << " has none of the paper's own experiments");
        }
        for (const char* name : {"hamlyn", "dart", "tripwire", "scilan", "shrimp", "testpaper"})
        {
            NS_TEST_EXPECT_MSG_EQ(names.count(name), 1, "paper " << name << " is registered");
        }
    }
};

/**
 * \ingroup san-tests
 * A new paper through the program every paper uses (SanPaper::Main): its rows in order, the
 * beyond-paper experiment only when asked, its attribute set from the command line, the CSV
 * and the figure written; an unknown paper is refused with the list of papers.
 */
class SanPaperProgramTestCase : public TestCase
{
  public:
    SanPaperProgramTestCase()
        : TestCase("a new paper is one class: run by SanPaper::Main like the five")
    {
    }

  private:
    /// \param path a file \return its text ("" if unreadable)
    static std::string Slurp(const std::filesystem::path& path)
    {
        std::ifstream in(path);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }

    void DoRun() override
    {
        Ptr<SanPaper> paper = SanPaper::CreatePaper("ns3::SanTestPaper");
        const std::vector<SanPaperRow> own = paper->RunRows(false);
        NS_TEST_ASSERT_MSG_EQ(own.size(), 2, "the paper's own experiment only");
        NS_TEST_EXPECT_MSG_EQ(own[0].metric, "first_us", "in order");
        NS_TEST_EXPECT_MSG_EQ(own[1].metric, "second_us", "in order");
        const std::vector<SanPaperRow> all = paper->RunRows(true);
        NS_TEST_ASSERT_MSG_EQ(all.size(), 3, "with the beyond-paper experiment");
        NS_TEST_EXPECT_MSG_EQ(all[2].metric, "third_us", "beyond the paper last");

        const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                          ("san-paper-interface-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        const std::string output = (dir / "testpaper.csv").string();
        std::vector<std::string> args = {"san-paper",
                                         "--paper=ns3::SanTestPaper",
                                         "--output=" + output,
                                         "--beyond=0",
                                         "--ns3::SanTestPaper::Base=12"};
        std::vector<char*> argv;
        for (std::string& a : args)
        {
            argv.push_back(a.data());
        }
        NS_TEST_ASSERT_MSG_EQ(SanPaper::Main(static_cast<int>(argv.size()), argv.data(), ""),
                              0,
                              "the program ran");
        const std::string csv = Slurp(output);
        NS_TEST_EXPECT_MSG_NE(csv.find("testpaper,own,first_us,us"),
                              std::string::npos,
                              "the first row, with the paper's name:\n"
                                  << csv);
        NS_TEST_EXPECT_MSG_NE(csv.find(",12,"), std::string::npos, "Base=12 reached the row");
        NS_TEST_EXPECT_MSG_EQ(csv.find("third_us"), std::string::npos, "--beyond=0 honoured");
        NS_TEST_EXPECT_MSG_EQ(Slurp(dir / "testpaper-figure.csv"),
                              "x,y\n1,12\n",
                              "the figure beside the CSV");
        std::filesystem::remove_all(dir);

        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith([]() { SanPaper::CreatePaper("ns3::SanHostMemoryNoSuchPaper"); },
                                "is not a paper; the papers are:"),
            true,
            "an unknown paper is refused with the list");
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith([]() { SanPaper::CreatePaper("ns3::HostMemory"); },
                                "ns3::HamlynPaper"),
            true,
            "a TypeId that is no paper is refused, naming the papers");
    }
};

/**
 * \ingroup san-tests
 * SanPaperRow::Encode and Decode, which carry rows from SanPaper's worker processes: every
 * field back bit for bit (NaN and its sign, -0, infinities, the smallest subnormal), every kind
 * of paper value and role, strings with newlines and colons; a cut or altered text is refused.
 */
class SanPaperRowEncodingTestCase : public TestCase
{
  public:
    SanPaperRowEncodingTestCase()
        : TestCase("a row through Encode and Decode comes back bit for bit")
    {
    }

  private:
    /// \param v a double \return its bits
    static uint64_t Bits(double v)
    {
        uint64_t b;
        std::memcpy(&b, &v, sizeof(b));
        return b;
    }

    void DoRun() override
    {
        std::vector<SanPaperRow> rows;
        rows.push_back(SanPaperRow::Unpapered("e", "m", "us", std::nan(""), "src"));
        rows.push_back(SanPaperRow::Unpapered("e", "m", "us", -std::nan(""), "a\nb:c,"));
        rows.push_back(SanPaperRow::Compared("exp:1",
                                             "metric\n2",
                                             "",
                                             SanPaperValue::Range(-0.0, 1e308),
                                             -0.0,
                                             "",
                                             0.1 + 0.2,
                                             SanPaperRow::DERIVED));
        rows.push_back(SanPaperRow::Compared("e",
                                             "m",
                                             "MB/s",
                                             SanPaperValue::Under(4.9e-324),
                                             HUGE_VAL,
                                             "s",
                                             0,
                                             SanPaperRow::FITTED));
        SanPaperRow over = SanPaperRow::Compared("e",
                                                 "m",
                                                 "u",
                                                 SanPaperValue::Over(1.0 / 3),
                                                 -HUGE_VAL,
                                                 "s",
                                                 0.05,
                                                 SanPaperRow::INPUT);
        over.deviation = "why";
        over.missing = std::string("a\0b", 3);
        over.paperInconsistency = true;
        rows.push_back(over);
        rows.push_back(
            SanPaperRow::Compared("e", "m", "u", SanPaperValue::Value(8.8), 8.81, "", 0));
        for (const SanPaperRow& r : rows)
        {
            const std::string text = r.Encode();
            SanPaperRow back;
            NS_TEST_ASSERT_MSG_EQ(SanPaperRow::Decode(text, back), true, "decodes: " << text);
            NS_TEST_EXPECT_MSG_EQ(back.experiment, r.experiment, "experiment");
            NS_TEST_EXPECT_MSG_EQ(back.metric, r.metric, "metric");
            NS_TEST_EXPECT_MSG_EQ(back.unit, r.unit, "unit");
            NS_TEST_EXPECT_MSG_EQ(back.paper.GetKind(), r.paper.GetKind(), "paper kind");
            NS_TEST_EXPECT_MSG_EQ(Bits(back.paper.GetLow()), Bits(r.paper.GetLow()), "low");
            NS_TEST_EXPECT_MSG_EQ(Bits(back.paper.GetHigh()), Bits(r.paper.GetHigh()), "high");
            NS_TEST_EXPECT_MSG_EQ(Bits(back.simulated), Bits(r.simulated), "simulated");
            NS_TEST_EXPECT_MSG_EQ(back.source, r.source, "source");
            NS_TEST_EXPECT_MSG_EQ(Bits(back.tolerance), Bits(r.tolerance), "tolerance");
            NS_TEST_EXPECT_MSG_EQ(back.deviation, r.deviation, "deviation");
            NS_TEST_EXPECT_MSG_EQ(back.missing, r.missing, "missing");
            NS_TEST_EXPECT_MSG_EQ(back.paperInconsistency, r.paperInconsistency, "inconsistency");
            NS_TEST_EXPECT_MSG_EQ(back.role, r.role, "role");
            NS_TEST_EXPECT_MSG_EQ(back.Encode(), text, "the same text again");
            NS_TEST_EXPECT_MSG_EQ(SanPaperRow::Decode(text.substr(0, text.size() - 1), back),
                                  false,
                                  "a cut text is refused");
            NS_TEST_EXPECT_MSG_EQ(SanPaperRow::Decode(text + "x", back),
                                  false,
                                  "trailing bytes are refused");
        }
        SanPaperRow back;
        NS_TEST_EXPECT_MSG_EQ(SanPaperRow::Decode("", back), false, "an empty text is refused");
    }
};

/**
 * \ingroup san-tests
 * Worker processes (SanPaper::Run, --jobs) give what one process gives: the rows of DART's and
 * Tripwire's papers (every experiment, beyond the paper too) bit for bit with two and with
 * five workers as with one; and the program with --jobs=2 writes the same CSV rows and figure
 * as with --jobs=1. (The paper programs run with one worker per core in make reproduce, whose
 * CSVs are compared whole with those of one process when that matters; SCILAN's paper, about a
 * minute of work, and Hamlyn's, whose Prepare sets a picosecond resolution for the process,
 * are left to that.)
 */
class SanPaperJobsTestCase : public TestCase
{
  public:
    SanPaperJobsTestCase()
        : TestCase("worker processes (--jobs) give the rows and files one process gives")
    {
    }

  private:
    /// \param rows rows \return each row's Encode text, one a line
    static std::string Render(const std::vector<SanPaperRow>& rows)
    {
        std::string text;
        for (const SanPaperRow& r : rows)
        {
            text += r.Encode() + "\n";
        }
        return text;
    }

    /// \param path a file \return its lines that do not start with '#'
    static std::string Uncommented(const std::filesystem::path& path)
    {
        std::ifstream in(path);
        std::string line;
        std::string text;
        while (std::getline(in, line))
        {
            if (line.empty() || line[0] != '#')
            {
                text += line + "\n";
            }
        }
        return text;
    }

    void DoRun() override
    {
        for (const char* type : {"ns3::DartPaper", "ns3::TripwirePaper"})
        {
            Ptr<SanPaper> paper = SanPaper::CreatePaper(type);
            paper->Prepare();
            const std::string one = Render(paper->RunRows(true));
            NS_TEST_EXPECT_MSG_EQ(one.empty(), false, type << " has rows");
            NS_TEST_EXPECT_MSG_EQ(Render(paper->Run(true, false, "", 2)),
                                  one,
                                  type << ": two workers give one process's rows");
            NS_TEST_EXPECT_MSG_EQ(Render(paper->Run(true, false, "", 5)),
                                  one,
                                  type << ": five workers give one process's rows");
            NS_TEST_EXPECT_MSG_EQ(Render(paper->Run(false, false, "", 2)),
                                  Render(paper->RunRows(false)),
                                  type << ": without the beyond-paper experiments too");
        }
        NS_TEST_EXPECT_MSG_GT(SanPaper::GetDefaultJobs(), 0u, "at least one job by default");

        const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                          ("san-paper-jobs-" + std::to_string(::getpid()));
        std::map<std::string, std::string> csv;
        std::map<std::string, std::string> figure;
        for (const std::string jobs : {"1", "2"})
        {
            std::filesystem::create_directories(dir / jobs);
            std::vector<std::string> args = {"san-paper",
                                             "--paper=ns3::SanTestPaper",
                                             "--output=" + (dir / jobs / "testpaper.csv").string(),
                                             "--jobs=" + jobs,
                                             "--ns3::SanTestPaper::Base=7"};
            std::vector<char*> argv;
            for (std::string& a : args)
            {
                argv.push_back(a.data());
            }
            NS_TEST_ASSERT_MSG_EQ(SanPaper::Main(static_cast<int>(argv.size()), argv.data(), ""),
                                  0,
                                  "the program ran with --jobs=" << jobs);
            csv[jobs] = Uncommented(dir / jobs / "testpaper.csv");
            figure[jobs] = Uncommented(dir / jobs / "testpaper-figure.csv");
        }
        NS_TEST_EXPECT_MSG_NE(csv["1"].find("third_us"), std::string::npos, "rows written");
        NS_TEST_EXPECT_MSG_EQ(csv["2"], csv["1"], "the same CSV rows with --jobs=2");
        NS_TEST_EXPECT_MSG_EQ(figure["1"], "x,y\n1,7\n", "the figure");
        NS_TEST_EXPECT_MSG_EQ(figure["2"], figure["1"], "the same figure with --jobs=2");
        std::filesystem::remove_all(dir);
    }
};

/// The paper interface's suite.
class SanPaperInterfaceTestSuite : public TestSuite
{
  public:
    SanPaperInterfaceTestSuite()
        : TestSuite("san-paper-interface", UNIT)
    {
        AddTestCase(new SanPaperContractTestCase, TestCase::QUICK);
        AddTestCase(new SanPaperProgramTestCase, TestCase::QUICK);
        AddTestCase(new SanPaperRowEncodingTestCase, TestCase::QUICK);
        AddTestCase(new SanPaperJobsTestCase, TestCase::QUICK);
    }
};

/// Static instance.
static SanPaperInterfaceTestSuite g_sanPaperInterfaceTestSuite;

} // namespace ns3
