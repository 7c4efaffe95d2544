/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TEST_UTIL_H
#define SAN_TEST_UTIL_H

#include "ns3/object-factory.h"
#include "ns3/simulator.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ns3
{
namespace santest
{

/**
 * Run body in a child process and report whether it ended abnormally (an
 * NS_FATAL_ERROR / NS_ABORT_MSG) with a message on stderr containing
 * expected. Lets tests check that bad input gets a clear error.
 * \param body code that should abort
 * \param expected text the error message must contain
 * \param message filled with the child's stderr
 * \return true if the child aborted and printed the expected text
 */
inline bool
DiesWithMessage(const std::function<void()>& body,
                const std::string& expected,
                std::string& message)
{
    int fds[2];
    if (pipe(fds) != 0)
    {
        return false;
    }
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid == 0)
    {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        dup2(fds[1], STDOUT_FILENO);
        body();
        _exit(0); // returned normally: no error raised
    }
    close(fds[1]);
    message.clear();
    char buf[512];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) > 0)
    {
        message.append(buf, static_cast<size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    bool abnormal = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    return abnormal && message.find(expected) != std::string::npos;
}

/**
 * As DiesWithMessage, accepting any one of several messages (e.g. ns-3's own
 * checker may speak first when its asserts are compiled in).
 * \param body code that should abort
 * \param expected texts, one of which the error message must contain
 * \param message filled with the child's stderr
 * \return true if the child aborted and printed one of the expected texts
 */
inline bool
DiesWithAnyMessage(const std::function<void()>& body,
                   const std::vector<std::string>& expected,
                   std::string& message)
{
    if (!DiesWithMessage(body, "", message))
    {
        return false;
    }
    for (const std::string& e : expected)
    {
        if (message.find(e) != std::string::npos)
        {
            return true;
        }
    }
    return false;
}

/**
 * \param f code that should abort (run in a child process)
 * \param expected text its error message must contain
 * \return true if it aborted with that text
 */
inline bool
AbortsWith(const std::function<void()>& f, const std::string& expected)
{
    std::string message;
    return DiesWithMessage(f, expected, message);
}

/// Use the scheduler \p typeId names (e.g. "ns3::MapScheduler") for the next run.
/// \param typeId the scheduler's TypeId name
inline void
UseScheduler(const std::string& typeId)
{
    ObjectFactory f;
    f.SetTypeId(typeId);
    Simulator::SetScheduler(f);
}

/// A fixed pseudo-random sequence (a linear congruential generator): the same draws every run.
class FixedSequence
{
  public:
    /// \param seed the first state
    explicit FixedSequence(uint64_t seed)
        : m_state(seed)
    {
    }

    /// \param n the bound (> 0) \return the next draw, below \p n
    uint64_t Next(uint64_t n)
    {
        m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (m_state >> 33) % n;
    }

  private:
    uint64_t m_state; //!< the generator's state
};

} // namespace santest
} // namespace ns3

#endif /* SAN_TEST_UTIL_H */
