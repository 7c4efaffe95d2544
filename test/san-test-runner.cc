/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup san-tests
 * Test runner of the standalone build: every test/ *-test-suite.cc is compiled into this
 * program, which hands its arguments to ns3::TestRunner (--suite=NAME, --test-type=unit|system|...,
 * --fullness=QUICK|EXTENSIVE|TAKES_FOREVER, --list, --print-test-types, --stop-on-failure, ...).
 *
 * Given one suite (--suite= or --test-name=), it adds --stop-on-failure, so that a failed
 * NS_TEST_ASSERT_MSG_* returns from the test case as its name says (ns-3's runner otherwise goes
 * on past it). When it runs tests it also asks for the verbose report (so that each failure is
 * printed with its condition, values, file and line), echoes that report, and ends with the line `N
 * passed, N failed`, counting test suites. Requests that only print something (--help,
 * --list, --print-*) and requests for a report file (--out=, --xml) go to TestRunner untouched.
 *
 * Inside an ns-3 source tree (contrib/san) this file is not used: ns-3's own test-runner runs the
 * suites.
 */

#include "ns3/test.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

#ifdef SAN_ASAN
// Defaults for the sanitizers of `make asan` (SAN_ASAN=ON); the environment can still override
// them through ASAN_OPTIONS and UBSAN_OPTIONS.
extern "C" const char*
__asan_default_options()
{
    return "detect_leaks=1:halt_on_error=1:abort_on_error=0:"
           "detect_stack_use_after_return=1:check_initialization_order=1";
}

extern "C" const char*
__ubsan_default_options()
{
    return "print_stacktrace=1:halt_on_error=1";
}
#endif

namespace
{

/**
 * \param arg a command-line argument
 * \return true if \p arg asks TestRunner to print a list or help, or to write its report to a
 *         file or as XML: such runs are passed through unchanged.
 */
bool
IsPassThrough(const std::string& arg)
{
    return arg == "--help" || arg == "--list" || arg.rfind("--print-", 0) == 0 ||
           arg.rfind("--out=", 0) == 0 || arg == "--xml" || arg == "--append";
}

/**
 * \param line a line of TestRunner's text report
 * \param word "PASS" or "FAIL"
 * \return true if \p line reports a whole suite (not indented) with that result
 */
bool
IsSuiteResult(const std::string& line, const std::string& word)
{
    return line.compare(0, word.size() + 1, word + " ") == 0;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::vector<std::string> args(argv, argv + argc);
    for (std::size_t i = 1; i < args.size(); ++i)
    {
        if (IsPassThrough(args[i]))
        {
            return ns3::TestRunner::Run(argc, argv);
        }
    }

    const char* tmpDir = std::getenv("TMPDIR");
    std::string reportName = std::string(tmpDir != nullptr && *tmpDir != '\0' ? tmpDir : "/tmp") +
                             "/san-test-runner-XXXXXX";
    std::vector<char> nameBuffer(reportName.begin(), reportName.end());
    nameBuffer.push_back('\0');
    int fd = mkstemp(nameBuffer.data());
    if (fd < 0)
    {
        std::cerr << "san-test-runner: cannot create a report file in " << reportName << std::endl;
        return 2;
    }
    close(fd);
    reportName = nameBuffer.data();

    // ns-3's runner goes on past a failed NS_TEST_ASSERT_MSG_* unless told to stop, so the code
    // after an assert runs on the failed condition (an empty result indexed: a crash, and no
    // report). A suite stops at its first failed case either way, so for one suite stopping
    // loses nothing; the asserts then return as written.
    const bool oneSuite = std::any_of(args.begin() + 1, args.end(), [](const std::string& a) {
        return a.rfind("--suite=", 0) == 0 || a.rfind("--test-name=", 0) == 0;
    });
    if (oneSuite && std::find(args.begin(), args.end(), "--stop-on-failure") == args.end())
    {
        args.emplace_back("--stop-on-failure");
    }
    args.emplace_back("--verbose");
    args.push_back("--out=" + reportName);
    std::vector<char*> runnerArgv;
    for (auto& arg : args)
    {
        runnerArgv.push_back(&arg[0]);
    }
    runnerArgv.push_back(nullptr);

    int status = ns3::TestRunner::Run(static_cast<int>(args.size()), runnerArgv.data());

    int passed = 0;
    int failed = 0;
    std::ifstream report(reportName);
    std::string line;
    while (std::getline(report, line))
    {
        std::cout << line << '\n';
        if (IsSuiteResult(line, "PASS"))
        {
            ++passed;
        }
        else if (IsSuiteResult(line, "FAIL"))
        {
            ++failed;
        }
    }
    report.close();
    std::remove(reportName.c_str());

    std::cout << passed << " passed, " << failed << " failed" << std::endl;
    if (status == 0 && (failed > 0 || passed == 0))
    {
        status = 1;
    }
    return status;
}
