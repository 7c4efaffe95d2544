/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The examples' output options: "" and "none" both ask for no file, and an empty value
// ("--csv=", which ns-3's CommandLine refuses) is taken out before parsing, the last one given
// winning.

#include "ns3/san-output-file.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \ingroup san-tests
 * \brief SanOutputFile::IsNoFile and SanOutputFile::TakeEmptyOptions.
 */
class SanOutputOptionsTestCase : public TestCase
{
  public:
    SanOutputOptionsTestCase()
        : TestCase("an output option's no-file values and empty options, the last one winning")
    {
    }

  private:
    /// Run TakeEmptyOptions over \p given (program name first) with --csv and --other.
    /// \return the arguments left, joined by spaces
    static std::string Take(std::vector<std::string> given, std::string& csv, std::string& other)
    {
        std::vector<char*> argv;
        for (auto& a : given)
        {
            argv.push_back(a.data());
        }
        const auto args = SanOutputFile::TakeEmptyOptions(static_cast<int>(argv.size()),
                                                          argv.data(),
                                                          {{"csv", &csv}, {"other", &other}});
        std::string joined;
        for (char* a : args)
        {
            joined += (joined.empty() ? "" : " ") + std::string(a);
        }
        return joined;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(SanOutputFile::IsNoFile(""), true, "empty: no file");
        NS_TEST_EXPECT_MSG_EQ(SanOutputFile::IsNoFile("none"), true, "none: no file");
        NS_TEST_EXPECT_MSG_EQ(SanOutputFile::IsNoFile("none.csv"), false, "a file");
        NS_TEST_EXPECT_MSG_EQ(SanOutputFile::IsNoFile("results/x.csv"), false, "a file");

        std::string csv = "default.csv";
        std::string other = "other.csv";
        NS_TEST_EXPECT_MSG_EQ(Take({"prog", "--x=1", "--csv="}, csv, other),
                              "prog --x=1",
                              "the empty option is taken out");
        NS_TEST_EXPECT_MSG_EQ(csv, "", "and its string cleared");
        NS_TEST_EXPECT_MSG_EQ(other, "other.csv", "another option is left alone");

        csv = "default.csv";
        NS_TEST_EXPECT_MSG_EQ(Take({"prog", "--csv=", "--csv=a.csv"}, csv, other),
                              "prog --csv=a.csv",
                              "a later value wins over an empty one");
        NS_TEST_EXPECT_MSG_EQ(csv, "default.csv", "left for the parser to set");

        NS_TEST_EXPECT_MSG_EQ(Take({"prog", "--csv=a.csv", "--other=", "--csv="}, csv, other),
                              "prog",
                              "an empty last one wins over an earlier value");
        NS_TEST_EXPECT_MSG_EQ(csv, "", "cleared");
        NS_TEST_EXPECT_MSG_EQ(other, "", "each option on its own");

        csv = "default.csv";
        NS_TEST_EXPECT_MSG_EQ(Take({"prog", "--csvx=", "--csv=none"}, csv, other),
                              "prog --csvx= --csv=none",
                              "other names and non-empty values pass through");
        NS_TEST_EXPECT_MSG_EQ(csv, "default.csv", "untouched");
    }
};

/**
 * \ingroup san-tests
 * \brief The examples' output options.
 */
class SanOutputFileTestSuite : public TestSuite
{
  public:
    SanOutputFileTestSuite()
        : TestSuite("san-output-file", UNIT)
    {
        AddTestCase(new SanOutputOptionsTestCase(), TestCase::QUICK);
    }
};

/// The suite's instance.
SanOutputFileTestSuite g_sanOutputFileTestSuite;

} // namespace
