/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_RUN_CAPTURE_H
#define SAN_RUN_CAPTURE_H

#include <array>
#include <cstdio>
#include <string>

/**
 * \file
 * \ingroup san-tests
 * Running a program from a test (the examples, tshark) and reading what it prints.
 */

namespace ns3
{
namespace santest
{

/**
 * Run a shell command and capture its standard output and error.
 * \param command the command line
 * \param output filled with what it printed
 * \return its exit status (-1 if it could not be started)
 */
inline int
RunCapture(const std::string& command, std::string& output)
{
    output.clear();
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr)
    {
        return -1;
    }
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
    {
        output.append(buf.data(), n);
    }
    return pclose(pipe);
}

/**
 * \param text a word for the shell
 * \return it in single quotes (a quote inside is closed, escaped and reopened)
 */
inline std::string
ShellQuote(const std::string& text)
{
    std::string q = "'";
    for (char ch : text)
    {
        q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    }
    return q + "'";
}

} // namespace santest
} // namespace ns3

#endif /* SAN_RUN_CAPTURE_H */
