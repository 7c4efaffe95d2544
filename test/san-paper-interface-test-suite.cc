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

#include <cstdio>
#include <filesystem>
#include <fstream>
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

/// The paper interface's suite.
class SanPaperInterfaceTestSuite : public TestSuite
{
  public:
    SanPaperInterfaceTestSuite()
        : TestSuite("san-paper-interface", UNIT)
    {
        AddTestCase(new SanPaperContractTestCase, TestCase::QUICK);
        AddTestCase(new SanPaperProgramTestCase, TestCase::QUICK);
    }
};

/// Static instance.
static SanPaperInterfaceTestSuite g_sanPaperInterfaceTestSuite;

} // namespace ns3
