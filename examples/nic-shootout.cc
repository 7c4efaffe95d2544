/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * nic-shootout: the same workloads over every interface that has a messenger, each on its own
 * paper's hosts and network ("as-published"), all on one 1990s host and fabric ("same-hosts")
 * and all on today's ("modern"; see SanBenchTestbed), written to one CSV:
 *
 *   ./nic-shootout [--csv=results/shootout.csv] [--interfaces=tcp,scilan,shrimp-sockets]
 *                  [--presets=as-published,same-hosts,modern]
 *                  [--sizes=8,64,512,4096,32768] [--rounds=20] [--messages=64]
 *                  [--streamBytes=1048576] [--clients=1,2,4,8,16] [--requests=20]
 *                  [--requestBytes=64] [--incastBytes=4096] [--incastTotal=1048576]
 *                  [--workloads=ping-pong,stream,request-response,incast,all-to-all,barrier]
 *
 * Workloads (model/bench, run by SanBenchRuns): the ping-pong (SanPingPongHelper: one-way
 * latency, half the mean round trip, the bandwidth of the measured rounds, and the simulator's
 * events per message between the first and the last measured echo: what a message costs to
 * simulate; also for the stream, incast and request/response); the stream (SanStreamHelper: the
 * bandwidth at the receiver of messages sent back to back); request/response
 * (SanRequestResponseHelper: one server, each client closed loop; the server's requests per second,
 * its host's CPU time per request and interrupts per second over the window in which every client
 * is measuring, latency mean and percentiles); incast (SanStreamHelper with 2 or more senders to
 * one sink: the bandwidth at the sink of all together, --incastTotal bytes of --incastBytes
 * messages); all-to-all (SanAllToAllHelper, one process per host, --incastBytes to every other each
 * round: the bandwidth of every measured byte over the slowest process's time, and the time of a
 * round) and the dissemination barrier (SanBarrierHelper: the time of one), for clients + 1
 * processes (3 to 17; tcp also 2, on its paper's pair). Columns: workload, interface, preset,
 * size_bytes, clients, figure, value, unit (clients is 1 for the pair workloads; the senders for
 * incast; the processes for all-to-all and barrier).
 */

#include "ns3/core-module.h"
#include "ns3/san-bench-runs.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-near-heap-scheduler.h"
#include "ns3/san-output-file.h"
#include "ns3/san-results-writer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One figure of the shoot-out.
struct ShootoutRow
{
    std::string workload; //!< ping-pong, stream or request-response
    std::string iface;    //!< SanBenchTestbed interface
    std::string preset;   //!< SanBenchTestbed preset
    uint32_t bytes{0};    //!< message size
    uint32_t clients{1};  //!< clients of one server (one for the pair workloads)
    std::string figure;   //!< what is measured
    double value{0};      //!< its value
    std::string unit;     //!< its unit
};

/**
 * \brief One figure of a workload on \p bed.
 * \param rows where it goes \param bed the testbed \param workload the workload
 * \param bytes message size \param count clients, senders or processes (1 for a pair)
 * \param figure what is measured \param value its value \param unit its unit
 */
void
Add(std::vector<ShootoutRow>& rows,
    const SanBenchRuns::Testbed& bed,
    const std::string& workload,
    uint32_t bytes,
    uint32_t count,
    const std::string& figure,
    double value,
    const std::string& unit)
{
    rows.push_back({workload, bed.iface, bed.preset, bytes, count, figure, value, unit});
}

/// \param text comma-separated items \return the items
std::vector<std::string>
SplitList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        if (!item.empty())
        {
            items.push_back(item);
        }
    }
    return items;
}

/// Ping-pong of \p bytes on \p bed: its rows.
void
RunPingPong(const SanBenchRuns::Testbed& bed,
            uint32_t bytes,
            uint32_t rounds,
            std::vector<ShootoutRow>& rows)
{
    const SanBenchRuns::PingPong p = SanBenchRuns::RunPingPong(bed, bytes, rounds, 5);
    NS_ABORT_MSG_IF(!p.done,
                    "nic-shootout: the ping-pong over " << bed.GetName() << " (" << bytes
                                                        << " B) did not finish");
    if (p.eventsPerMessage > 0)
    {
        Add(rows, bed, "ping-pong", bytes, 1, "events_per_message", p.eventsPerMessage, "events");
    }
    Add(rows, bed, "ping-pong", bytes, 1, "one_way_latency", p.oneWay.GetSeconds() * 1e6, "us");
    Add(rows, bed, "ping-pong", bytes, 1, "bandwidth", p.mbps, "MB/s");
}

/// Stream of \p messages of \p bytes on \p bed: its row.
void
RunStream(const SanBenchRuns::Testbed& bed,
          uint32_t bytes,
          uint32_t messages,
          std::vector<ShootoutRow>& rows)
{
    const SanBenchRuns::Stream st = SanBenchRuns::RunStream(bed, bytes, messages, messages / 8 + 1);
    NS_ABORT_MSG_IF(st.received != messages,
                    "nic-shootout: the stream over " << bed.GetName() << " (" << bytes
                                                     << " B) delivered " << st.received << " of "
                                                     << messages);
    Add(rows, bed, "stream", bytes, 1, "bandwidth", st.mbps, "MB/s");
    if (st.eventsPerMessage > 0)
    {
        Add(rows, bed, "stream", bytes, 1, "events_per_message", st.eventsPerMessage, "events");
    }
}

/// Incast: \p senders senders streaming \p total bytes together, in \p bytes messages, to one
/// sink on \p bed: its row.
void
RunIncast(const SanBenchRuns::Testbed& bed,
          uint32_t bytes,
          uint32_t senders,
          uint32_t total,
          std::vector<ShootoutRow>& rows)
{
    const uint32_t each = std::max<uint32_t>(8, (total / senders + bytes - 1) / bytes);
    const SanBenchRuns::Stream st =
        SanBenchRuns::RunIncast(bed, senders, bytes, each, senders * each / 8 + 1);
    NS_ABORT_MSG_IF(st.received != uint64_t{senders} * each,
                    "nic-shootout: incast over " << bed.GetName() << " (" << senders
                                                 << " senders) delivered " << st.received << " of "
                                                 << senders * each);
    Add(rows, bed, "incast", bytes, senders, "bandwidth", st.mbps, "MB/s");
    if (st.eventsPerMessage > 0)
    {
        Add(rows,
            bed,
            "incast",
            bytes,
            senders,
            "events_per_message",
            st.eventsPerMessage,
            "events");
    }
}

struct Settings;

/// All-to-all of the settings' incast size and barriers (their rounds: the requests) among
/// \p processes processes on \p bed, as the settings ask: their rows.
void RunGroups(const SanBenchRuns::Testbed& bed,
               const Settings& set,
               uint32_t processes,
               std::vector<ShootoutRow>& rows);

/// Request/response with \p clients clients on \p bed, requests and responses of \p bytes.
void
RunRequestResponse(const SanBenchRuns::Testbed& bed,
                   uint32_t bytes,
                   uint32_t clients,
                   uint32_t requests,
                   std::vector<ShootoutRow>& rows)
{
    const SanBenchRuns::RequestResponse r =
        SanBenchRuns::RunRequestResponse(bed, clients, requests, 5, bytes, bytes);
    const SanRequestResponseHelper::Summary& s = r.summary;
    const std::string w = "request-response";
    Add(rows, bed, w, bytes, clients, "requests_per_second", s.requestsPerSecond, "1/s");
    Add(rows, bed, w, bytes, clients, "latency_mean", s.meanLatency.GetSeconds() * 1e6, "us");
    Add(rows, bed, w, bytes, clients, "latency_p50", s.p50Latency.GetSeconds() * 1e6, "us");
    Add(rows, bed, w, bytes, clients, "latency_p99", s.p99Latency.GetSeconds() * 1e6, "us");
    Add(rows,
        bed,
        w,
        bytes,
        clients,
        "server_cpu_per_request",
        s.cpuPerRequest.GetSeconds() * 1e6,
        "us");
    Add(rows, bed, w, bytes, clients, "server_interrupts_per_second", s.interruptsPerSecond, "1/s");
    if (r.eventsPerMessage > 0)
    {
        Add(rows, bed, w, bytes, clients, "events_per_message", r.eventsPerMessage, "events");
    }
}

/// What every interface runs (the command line's settings).
struct Settings
{
    std::vector<uint32_t> byteSizes;    //!< ping-pong and stream sizes
    uint32_t rounds{0};                 //!< measured ping-pong rounds
    uint32_t messages{0};               //!< stream messages, at least
    uint32_t streamBytes{0};            //!< stream bytes, at least
    std::vector<uint32_t> clientCounts; //!< request/response clients (incast senders)
    uint32_t requests{0};               //!< measured requests per client
    uint32_t requestBytes{0};           //!< each request and response
    uint32_t incastBytes{0};            //!< each incast and all-to-all message
    uint32_t incastTotal{0};            //!< incast bytes, at least
    std::vector<std::string> workloads; //!< the workloads to run

    /// \param w a workload \return true if it is to run
    bool Runs(const std::string& w) const
    {
        return std::find(workloads.begin(), workloads.end(), w) != workloads.end();
    }
};

/// \return the shoot-out's workloads, in the order they run
const std::vector<std::string>&
GetWorkloads()
{
    static const std::vector<std::string> all =
        {"ping-pong", "stream", "request-response", "incast", "all-to-all", "barrier"};
    return all;
}

void
RunGroups(const SanBenchRuns::Testbed& bed,
          const Settings& set,
          uint32_t processes,
          std::vector<ShootoutRow>& rows)
{
    const uint32_t bytes = set.incastBytes;
    if (set.Runs("all-to-all"))
    {
        const SanBenchRuns::Group a =
            SanBenchRuns::RunAllToAll(bed, processes, bytes, set.requests, 2);
        Add(rows, bed, "all-to-all", bytes, processes, "bandwidth", a.mbps, "MB/s");
        Add(rows,
            bed,
            "all-to-all",
            bytes,
            processes,
            "round_time",
            a.perStep.GetSeconds() * 1e6,
            "us");
    }
    if (set.Runs("barrier"))
    {
        const SanBenchRuns::Group b = SanBenchRuns::RunBarrier(bed, processes, set.requests, 2);
        Add(rows, bed, "barrier", 8, processes, "barrier_time", b.perStep.GetSeconds() * 1e6, "us");
    }
}

/// Every workload on \p bed: its rows.
void
RunInterface(const SanBenchRuns::Testbed& bed, const Settings& set, std::vector<ShootoutRow>& rows)
{
    const std::string& iface = bed.iface;
    std::cout << "nic-shootout: " << bed.GetName() << ": "
              << SanBenchTestbed(iface, 2, bed.preset).GetDescription() << std::endl;
    Simulator::Destroy();
    for (uint32_t bytes : set.byteSizes)
    {
        if (set.Runs("ping-pong"))
        {
            RunPingPong(bed, bytes, set.rounds, rows);
        }
        // At least streamBytes per size, so that the window spans many arrivals even where a
        // library hands up many small messages at once.
        const uint32_t n = std::max<uint32_t>(set.messages, (set.streamBytes + bytes - 1) / bytes);
        if (set.Runs("stream"))
        {
            RunStream(bed, bytes, n, rows);
        }
    }
    for (uint32_t c : set.clientCounts)
    {
        if (c == 0)
        {
            continue;
        }
        if (iface == "tcp" && c == 1 && bed.preset != "modern")
        {
            // The all-to-all and barrier of two processes on the paper's pair, which the
            // shoot-out gave tcp while its testbed had two hosts only: kept for comparison.
            RunGroups(bed, set, 2, rows);
        }
        if (set.Runs("request-response"))
        {
            RunRequestResponse(bed, set.requestBytes, c, set.requests, rows);
        }
        if (c > 1) // one sender is the stream's row
        {
            if (set.Runs("incast"))
            {
                RunIncast(bed, set.incastBytes, c, set.incastTotal, rows);
            }
            RunGroups(bed, set, c + 1, rows);
        }
    }
}

/**
 * \param option the command-line option \param what what it names
 * \param given the names given \param known the names known
 * \return the first given name that is not known, said in one line (empty: none)
 */
std::string
UnknownName(const std::string& option,
            const std::string& what,
            const std::vector<std::string>& given,
            const std::vector<std::string>& known)
{
    for (const std::string& name : given)
    {
        if (std::find(known.begin(), known.end(), name) == known.end())
        {
            std::string list;
            for (const std::string& k : known)
            {
                list += " " + k;
            }
            return option + ": no " + what + " '" + name + "' (known:" + list + ")";
        }
    }
    return "";
}

/**
 * \param text comma-separated whole numbers \param lo smallest allowed \param hi largest
 * \param out the numbers \return false if an item is no number in [lo, hi]
 */
bool
ParseCounts(const std::string& text, uint32_t lo, uint32_t hi, std::vector<uint32_t>& out)
{
    for (const std::string& item : SplitList(text))
    {
        char* end = nullptr;
        const unsigned long n = std::strtoul(item.c_str(), &end, 10);
        if (end == item.c_str() || *end != '\0' || item[0] == '-' || n < lo || n > hi)
        {
            return false;
        }
        out.push_back(static_cast<uint32_t>(n));
    }
    return true;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string csv = "results/shootout.csv";
    std::string interfaces;
    std::string presets;
    std::string sizes = "8,64,512,4096,32768";
    uint32_t rounds = 20;
    uint32_t messages = 64;
    uint32_t streamBytes = 1 << 20;
    std::string clients = "1,2,4,8,16";
    uint32_t requests = 20;
    uint32_t requestBytes = 64;
    uint32_t incastBytes = 4096;
    uint32_t incastTotal = 1 << 20;
    std::string workloads;
    // ns-3's own event order (MapScheduler's) at less cost per event; --SchedulerType overrides.
    GlobalValue::Bind("SchedulerType", TypeIdValue(SanNearHeapScheduler::GetTypeId()));
    CommandLine cmd(__FILE__);
    cmd.AddValue("csv", "output CSV (none: print the rows only)", csv);
    cmd.AddValue("interfaces",
                 "comma-separated SanBenchTestbed interfaces (empty: all)",
                 interfaces);
    cmd.AddValue("presets", "comma-separated SanBenchTestbed presets (empty: all)", presets);
    cmd.AddValue("workloads",
                 "comma-separated workloads: ping-pong, stream, request-response, incast, "
                 "all-to-all, barrier (empty: all)",
                 workloads);
    cmd.AddValue("sizes", "comma-separated message sizes in bytes", sizes);
    cmd.AddValue("rounds", "measured ping-pong rounds per size", rounds);
    cmd.AddValue("messages", "stream messages per size, at least", messages);
    cmd.AddValue("streamBytes", "stream bytes per size, at least", streamBytes);
    cmd.AddValue("clients",
                 "comma-separated client counts of the request/response server",
                 clients);
    cmd.AddValue("requests", "measured requests per client", requests);
    cmd.AddValue("requestBytes", "bytes of each request and of each response", requestBytes);
    cmd.AddValue("incastBytes", "bytes of each incast message", incastBytes);
    cmd.AddValue("incastTotal", "incast bytes of all senders together, at least", incastTotal);
    cmd.Parse(argc, argv);

    // Bad input: one line and status 1, before anything is built.
    auto fail = [](const std::string& why) {
        std::cerr << "nic-shootout: " << why << std::endl;
        return 1;
    };
    const std::vector<std::string> ifaces =
        interfaces.empty() ? SanBenchTestbed::GetInterfaces() : SplitList(interfaces);
    const std::vector<std::string> presetNames =
        presets.empty() ? SanBenchTestbed::GetPresets() : SplitList(presets);
    std::string unknown =
        UnknownName("--interfaces", "interface", ifaces, SanBenchTestbed::GetInterfaces());
    if (unknown.empty())
    {
        unknown = UnknownName("--presets", "preset", presetNames, SanBenchTestbed::GetPresets());
    }
    const std::vector<std::string> workloadNames =
        workloads.empty() ? GetWorkloads() : SplitList(workloads);
    if (unknown.empty())
    {
        unknown = UnknownName("--workloads", "workload", workloadNames, GetWorkloads());
    }
    if (!unknown.empty())
    {
        return fail(unknown);
    }
    Settings settings;
    settings.rounds = rounds;
    settings.messages = messages;
    settings.streamBytes = streamBytes;
    settings.requests = requests;
    settings.requestBytes = requestBytes;
    settings.incastBytes = incastBytes;
    settings.incastTotal = incastTotal;
    settings.workloads = workloadNames;
    std::vector<uint32_t>& byteSizes = settings.byteSizes;
    std::vector<uint32_t>& clientCounts = settings.clientCounts;
    if (!ParseCounts(sizes, 8, 1u << 20, byteSizes))
    {
        return fail("--sizes: '" + sizes + "' is not a list of sizes from 8 bytes to 1 MiB");
    }
    if (!ParseCounts(clients, 0, 256, clientCounts))
    {
        return fail("--clients: '" + clients + "' is not a list of counts from 0 to 256");
    }
    if (byteSizes.empty() || rounds == 0 || messages < 2 || requests == 0 || requestBytes < 8 ||
        requestBytes > (1u << 20))
    {
        return fail("need --sizes, --rounds >= 1, --messages >= 2, --requests >= 1 and "
                    "--requestBytes from 8 to 1 MiB");
    }

    std::vector<ShootoutRow> rows;
    for (const std::string& preset : presetNames)
    {
        for (const std::string& iface : ifaces)
        {
            const std::string missing = SanBenchTestbed::GetMissing(iface, preset);
            if (!missing.empty())
            {
                std::cout << "nic-shootout: " << iface << " (" << preset << "): none: " << missing
                          << std::endl;
                continue;
            }
            RunInterface({iface, preset}, settings, rows);
        }
    }

    std::printf("%-16s %-15s %-12s %9s %7s %-28s %12s %s\n",
                "workload",
                "interface",
                "preset",
                "bytes",
                "clients",
                "figure",
                "value",
                "unit");
    for (const ShootoutRow& r : rows)
    {
        std::printf("%-16s %-15s %-12s %9u %7u %-28s %12.3f %s\n",
                    r.workload.c_str(),
                    r.iface.c_str(),
                    r.preset.c_str(),
                    r.bytes,
                    r.clients,
                    r.figure.c_str(),
                    r.value,
                    r.unit.c_str());
    }
    if (SanOutputFile::IsNoFile(csv))
    {
        return 0;
    }
    SanResultsWriter writer("shootout");
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanOutputFile file;
    const std::string error = file.Open(csv);
    if (!error.empty())
    {
        std::cerr << "nic-shootout: " << error << std::endl;
        return 1;
    }
    std::ostream& out = file.Stream();
    for (const auto& [key, value] : writer.GetProvenance())
    {
        out << "# " << key << ": " << value << "\n";
    }
    out << "workload,interface,preset,size_bytes,clients,figure,value,unit\n";
    char value[32];
    for (const ShootoutRow& r : rows)
    {
        std::snprintf(value, sizeof(value), "%.6g", r.value);
        out << r.workload << "," << r.iface << "," << r.preset << "," << r.bytes << "," << r.clients
            << "," << r.figure << "," << value << "," << r.unit << "\n";
    }
    const std::string committed = file.Commit();
    if (!committed.empty())
    {
        std::cerr << "nic-shootout: " << committed << std::endl;
        return 1;
    }
    std::cout << "nic-shootout: wrote " << csv << std::endl;
    return 0;
}
