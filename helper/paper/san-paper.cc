/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-paper.h"

#include "san-results-writer.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/san-near-heap-scheduler.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <poll.h>
#include <sched.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPaper");

NS_OBJECT_ENSURE_REGISTERED(SanPaper);

TypeId
SanPaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanPaper").SetParent<Object>().SetGroupName("San");
    return tid;
}

SanPaper::SanPaper() = default;

SanPaper::~SanPaper() = default;

void
SanPaper::WriteFigures(const std::string& prefix) const
{
}

void
SanPaper::Prepare() const
{
}

std::vector<SanPaper::Figure>
SanPaper::GetFigures() const
{
    return {{"figures", [this](const std::string& prefix) { WriteFigures(prefix); }}};
}

std::map<std::string, double>
SanPaper::GetKept() const
{
    return {};
}

void
SanPaper::Keep(const std::map<std::string, double>& kept) const
{
}

std::vector<SanPaperRow>
SanPaper::RunRows(bool beyond) const
{
    std::vector<SanPaperRow> rows;
    for (const Experiment& e : GetExperiments())
    {
        if (e.beyondPaper && !beyond)
        {
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        const std::vector<SanPaperRow> more = e.rows();
        NS_LOG_INFO(
            GetName()
            << ": " << e.name << ": " << more.size() << " rows in "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
            << " s");
        rows.insert(rows.end(), more.begin(), more.end());
    }
    return rows;
}

namespace
{

/// \return seconds since \p start
double
SanPaperSecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/**
 * \brief Append a frame of a worker's report: a tag, the payload's length, ':', the payload.
 * \param out the report \param tag the frame's kind \param payload its bytes
 */
void
SanPaperFrame(std::string& out, char tag, const std::string& payload)
{
    out += tag;
    out += std::to_string(payload.size());
    out += ':';
    out += payload;
}

/// \param v a double \return the 16 hex digits of its bits
std::string
SanPaperDoubleBits(double v)
{
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof(bits));
    char buf[24];
    std::snprintf(buf, sizeof(buf), "%016" PRIx64, bits);
    return buf;
}

/// \param text 16 hex digits \param[out] v the double with those bits \return false if not
bool
SanPaperParseDoubleBits(const std::string& text, double& v)
{
    if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    {
        return false;
    }
    const uint64_t bits = std::strtoull(text.c_str(), nullptr, 16);
    std::memcpy(&v, &bits, sizeof(v));
    return true;
}

/// What a worker reported.
struct SanPaperReport
{
    std::vector<SanPaperRow> rows;      //!< an experiment's rows
    std::map<std::string, double> kept; //!< measurements it kept
    bool quick{false};                  //!< it took quick settings
};

/**
 * \param text a worker's whole report \param[out] report what it says
 * \return "" if the report is whole, else what is wrong with it
 */
std::string
SanPaperParseReport(const std::string& text, SanPaperReport& report)
{
    size_t pos = 0;
    std::string key;
    bool haveKey = false;
    while (pos < text.size())
    {
        const char tag = text[pos];
        const size_t colon = text.find(':', pos + 1);
        if (colon == std::string::npos || colon == pos + 1 || colon - pos > 19 ||
            text.find_first_not_of("0123456789", pos + 1) != colon)
        {
            return "a malformed frame";
        }
        const uint64_t n =
            std::strtoull(text.substr(pos + 1, colon - pos - 1).c_str(), nullptr, 10);
        if (n > text.size() - colon - 1)
        {
            return "a truncated frame";
        }
        const std::string payload = text.substr(colon + 1, n);
        pos = colon + 1 + n;
        switch (tag)
        {
        case 'R': {
            SanPaperRow row;
            if (!SanPaperRow::Decode(payload, row))
            {
                return "a row that does not decode";
            }
            report.rows.push_back(row);
            break;
        }
        case 'K':
            key = payload;
            haveKey = true;
            break;
        case 'V': {
            double v;
            if (!haveKey || !SanPaperParseDoubleBits(payload, v))
            {
                return "a kept value without its key";
            }
            report.kept[key] = v;
            haveKey = false;
            break;
        }
        case 'Q':
            report.quick = true;
            break;
        case 'E':
            return pos == text.size() ? "" : "frames after the end";
        default:
            return std::string("an unknown frame ") + tag;
        }
    }
    return "no end (the worker stopped early)";
}

/// \param fd a file descriptor \param text bytes to write whole \return false on an error
bool
SanPaperWriteAll(int fd, const std::string& text)
{
    size_t done = 0;
    while (done < text.size())
    {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
        {
            continue;
        }
        if (n <= 0)
        {
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

/// \param status a waitpid status \return "" if the worker exited with 0, else how it ended
std::string
SanPaperDescribeStatus(int status)
{
    if (WIFEXITED(status))
    {
        return WEXITSTATUS(status) == 0
                   ? ""
                   : "exited with status " + std::to_string(WEXITSTATUS(status));
    }
    if (WIFSIGNALED(status))
    {
        return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    }
    return "ended with status " + std::to_string(status);
}

} // namespace

uint32_t
SanPaper::GetDefaultJobs()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    {
        return static_cast<uint32_t>(CPU_COUNT(&set));
    }
    return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<SanPaperRow>
SanPaper::Run(bool beyond, bool figures, const std::string& prefix, uint32_t jobs) const
{
    NS_ABORT_MSG_IF(jobs == 0, "SanPaper::Run: jobs must be at least 1");
    if (jobs == 1)
    {
        std::vector<SanPaperRow> rows = RunRows(beyond);
        if (figures)
        {
            for (const Figure& f : GetFigures())
            {
                const auto start = std::chrono::steady_clock::now();
                f.write(prefix);
                NS_LOG_INFO(GetName()
                            << ": " << f.name << " in " << SanPaperSecondsSince(start) << " s");
            }
        }
        return rows;
    }

    // The tasks: the experiments (in order), then the figures.
    struct Task
    {
        std::string name;                               //!< the experiment's or figure's
        std::function<std::vector<SanPaperRow>()> rows; //!< an experiment
        std::function<void(const std::string&)> figure; //!< a figure
        double cost;                                    //!< its cost hint
    };

    std::vector<Task> tasks;
    for (const Experiment& e : GetExperiments())
    {
        if (!e.beyondPaper || beyond)
        {
            tasks.push_back({e.name, e.rows, nullptr, e.cost});
        }
    }
    const size_t experiments = tasks.size();
    if (figures)
    {
        for (const Figure& f : GetFigures())
        {
            tasks.push_back({f.name, nullptr, f.write, f.cost});
        }
    }

    // A running worker.
    struct Worker
    {
        pid_t pid;                                   //!< its process
        int fd;                                      //!< the read end of its pipe
        size_t task;                                 //!< its task
        std::string report;                          //!< what it has sent so far
        std::chrono::steady_clock::time_point start; //!< when it was forked
    };

    std::vector<std::vector<SanPaperRow>> results(experiments);
    std::vector<Worker> running;
    std::string failure;
    // The order they start in: the longest first, so that the last to end are short ones.
    std::vector<size_t> order(tasks.size());
    for (size_t i = 0; i < order.size(); ++i)
    {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&tasks](size_t a, size_t b) {
        return tasks[a].cost > tasks[b].cost;
    });
    size_t next = 0;
    while (true)
    {
        while (failure.empty() && running.size() < jobs && next < tasks.size())
        {
            int fds[2];
            NS_ABORT_MSG_IF(::pipe(fds) != 0, "SanPaper::Run: pipe: " << std::strerror(errno));
            // Nothing buffered here may be written twice (once by the worker).
            std::fflush(stdout);
            std::fflush(stderr);
            std::cout.flush();
            std::clog.flush();
            const pid_t pid = ::fork();
            NS_ABORT_MSG_IF(pid < 0, "SanPaper::Run: fork: " << std::strerror(errno));
            if (pid == 0)
            {
                // The worker: run the task, send its report, and end without returning into
                // the caller's code (or running its atexit handlers and static destructors).
                ::close(fds[0]);
                for (const Worker& w : running)
                {
                    ::close(w.fd);
                }
                int code = 0;
                try
                {
                    const Task& t = tasks[order[next]];
                    const std::map<std::string, double> before = GetKept();
                    std::string out;
                    if (t.rows)
                    {
                        for (const SanPaperRow& r : t.rows())
                        {
                            SanPaperFrame(out, 'R', r.Encode());
                        }
                    }
                    else
                    {
                        t.figure(prefix);
                    }
                    for (const auto& [key, value] : GetKept())
                    {
                        if (before.count(key) == 0)
                        {
                            SanPaperFrame(out, 'K', key);
                            SanPaperFrame(out, 'V', SanPaperDoubleBits(value));
                        }
                    }
                    if (SanResultsWriter::TookQuickSettings())
                    {
                        SanPaperFrame(out, 'Q', "");
                    }
                    SanPaperFrame(out, 'E', "");
                    code = SanPaperWriteAll(fds[1], out) ? 0 : 3;
                }
                catch (const std::exception& e)
                {
                    std::fprintf(stderr,
                                 "%s: %s: %s\n",
                                 GetName().c_str(),
                                 tasks[order[next]].name.c_str(),
                                 e.what());
                    code = 4;
                }
                catch (...)
                {
                    code = 4;
                }
                std::cout.flush();
                std::clog.flush();
                std::fflush(stdout);
                std::fflush(stderr);
                ::_exit(code);
            }
            ::close(fds[1]);
            running.push_back({pid, fds[0], order[next], "", std::chrono::steady_clock::now()});
            ++next;
        }
        if (running.empty())
        {
            break;
        }
        std::vector<pollfd> polls;
        for (const Worker& w : running)
        {
            polls.push_back({w.fd, POLLIN, 0});
        }
        if (::poll(polls.data(), polls.size(), -1) < 0)
        {
            NS_ABORT_MSG_IF(errno != EINTR, "SanPaper::Run: poll: " << std::strerror(errno));
            continue;
        }
        for (size_t i = polls.size(); i-- > 0;)
        {
            if (polls[i].revents == 0)
            {
                continue;
            }
            Worker& w = running[i];
            char buf[65536];
            const ssize_t n = ::read(w.fd, buf, sizeof(buf));
            if (n < 0 && errno == EINTR)
            {
                continue;
            }
            if (n > 0)
            {
                w.report.append(buf, static_cast<size_t>(n));
                continue;
            }
            // The end of its report: the worker has ended, or is ending.
            ::close(w.fd);
            int status = 0;
            rusage usage{};
            while (::wait4(w.pid, &status, 0, &usage) < 0 && errno == EINTR)
            {
            }
            const double cpu = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
                               (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
            const Task& t = tasks[w.task];
            std::string why = SanPaperDescribeStatus(status);
            SanPaperReport report;
            if (why.empty())
            {
                why = SanPaperParseReport(w.report, report);
            }
            if (!why.empty())
            {
                if (failure.empty())
                {
                    failure = t.name + " (worker " + std::to_string(w.pid) + ") " + why;
                }
            }
            else
            {
                NS_LOG_INFO(GetName() << ": " << t.name << ": "
                                      << (t.rows ? std::to_string(report.rows.size()) + " rows"
                                                 : std::string("written"))
                                      << " in " << SanPaperSecondsSince(w.start) << " s, " << cpu
                                      << " s of CPU (worker " << w.pid << ")");
                if (w.task < experiments)
                {
                    results[w.task] = std::move(report.rows);
                }
                Keep(report.kept);
                if (report.quick)
                {
                    SanResultsWriter::IsQuick(); // the same environment: marks this process
                }
            }
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }
    NS_ABORT_MSG_IF(!failure.empty(), GetName() << ": " << failure);
    std::vector<SanPaperRow> rows;
    for (const std::vector<SanPaperRow>& r : results)
    {
        rows.insert(rows.end(), r.begin(), r.end());
    }
    return rows;
}

std::vector<std::string>
SanPaper::GetPaperTypeIds()
{
    std::vector<std::string> names;
    const TypeId base = SanPaper::GetTypeId();
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId t = TypeId::GetRegistered(i);
        if (t != base && t.IsChildOf(base) && t.HasConstructor())
        {
            names.push_back(t.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

Ptr<SanPaper>
SanPaper::CreatePaper(const std::string& typeId)
{
    TypeId t;
    const bool known = TypeId::LookupByNameFailSafe(typeId, &t);
    if (!known || !t.IsChildOf(SanPaper::GetTypeId()) || !t.HasConstructor())
    {
        std::ostringstream papers;
        for (const std::string& name : GetPaperTypeIds())
        {
            papers << " " << name;
        }
        NS_ABORT_MSG("SanPaper: '" << typeId
                                   << "' is not a paper; the papers are:" << papers.str());
    }
    ObjectFactory factory(typeId);
    return factory.Create<SanPaper>();
}

int
SanPaper::Main(int argc, char* argv[], const std::string& typeId)
{
    std::string paperType = typeId;
    std::string output;
    bool figures = true;
    bool beyond = true;
    uint32_t jobs = GetDefaultJobs();
    // SanNearHeapScheduler runs events in exactly ns-3's MapScheduler order (by time, then by
    // the order they were scheduled), so every result is the same; it costs less per event than
    // the map's tree and ns-3's PriorityQueueScheduler (scilan-paper's TCP/IP figure: 12.2 s of
    // CPU against the latter's 14.8; doc/san.rst). --SchedulerType still overrides it.
    GlobalValue::Bind("SchedulerType", TypeIdValue(SanNearHeapScheduler::GetTypeId()));
    CommandLine cmd;
    if (typeId.empty())
    {
        cmd.AddValue("paper", "The paper to reproduce (a SanPaper TypeId)", paperType);
    }
    cmd.AddValue("output", "CSV file to write (default results/<paper>.csv)", output);
    cmd.AddValue("figures", "Also write the figures' data (sweeps) beside it", figures);
    cmd.AddValue("sweeps", "The same as --figures", figures);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments", beyond);
    cmd.AddValue("jobs",
                 "Worker processes that run the experiments and figures side by side (default: "
                 "one per core; 1: all in this process, in order); the results are the same",
                 jobs);
    cmd.Parse(argc, argv);
    if (paperType.empty())
    {
        std::fprintf(stderr, "san-paper: choose a paper with --paper; the papers are:\n");
        for (const std::string& name : GetPaperTypeIds())
        {
            std::fprintf(stderr, "  %s\n", name.c_str());
        }
        return 1;
    }

    Ptr<SanPaper> paper = CreatePaper(paperType);
    paper->Prepare();
    if (output.empty())
    {
        output = "results/" + paper->GetName() + ".csv";
    }
    std::printf("%s\n", paper->GetTitle().c_str());
    NS_ABORT_MSG_IF(jobs == 0, "--jobs must be at least 1");
    const std::string dir = std::filesystem::path(output).parent_path().string();
    const std::string prefix = dir.empty() ? "" : dir + "/";
    // One job: the rows, the CSV, then the figures, as ever. More: figures and experiments
    // side by side, then the rows and the CSV (the same files).
    const std::vector<SanPaperRow> rows = paper->Run(beyond, figures && jobs > 1, prefix, jobs);
    SanResultsWriter writer(paper->GetName());
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figures)
    {
        if (jobs == 1)
        {
            const auto start = std::chrono::steady_clock::now();
            paper->WriteFigures(prefix);
            NS_LOG_INFO(paper->GetName() << ": figures in " << SanPaperSecondsSince(start) << " s");
        }
        std::printf("wrote the figures' data beside %s\n", output.c_str());
    }
    return 0;
}

} // namespace ns3
