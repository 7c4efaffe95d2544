/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * nic-scaling: the benchmark workloads over every interface (and TCP/IP) on thousands of hosts, and
 * what they cost to simulate (san-scaling's figures, for interfaces instead of bare endpoints):
 *
 *   ./nic-scaling [--interfaces=clan,hamlyn] [--preset=modern] [--fabric=fat-tree|dragonfly]
 *                 [--hosts=1024,4096,16384] [--workloads=request-response,incast,all-to-all]
 *                 [--group=16] [--count=10] [--bytes=64] [--csv=results/nic-scaling.csv|none]
 *                 [--census=DIR]
 *
 * Each run (SanBenchScale: an interface's testbed of --hosts hosts on a fat tree of 8-port
 * switches, or a balanced dragonfly, cut into groups of --group hosts spread over the fabric,
 * each running the workload at once) runs in a fresh process of this program, so that its memory is
 * its own. Columns: the run (interface, preset, fabric, hosts, workload, group), the wall seconds
 * to build the testbed and workload and to run it, the messages the processes received, simulator
 * events, messages per wall second of the run, events per message, peak resident memory per host
 * above the start and in all, the simulated time when the last process was done (the run's time
 * and events are taken there; the 1 ms drain after it is not counted), and the workload's
 * own figure (all servers' requests per second, nan with a line on stderr if in some group no
 * request was served while every client measured; all sinks' MB/s; the slowest all-to-all round). A
 * run that fails (out of time or memory, or a testbed that cannot be built that large) is a row
 * with status "failed" and its reason.
 */

#include "ns3/core-module.h"
#include "ns3/san-bench-scale.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-fabric-benchmark.h"
#include "ns3/san-output-file.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// The child's arguments (its case; where its event census goes) and its result line's prefix.
const std::string CASE_ARG = "--san-scale-case=";
const std::string CENSUS_ARG = "--san-scale-census=";
const std::string RESULT_PREFIX = "nic-scaling-result: ";

/// \param list comma-separated words \return them
std::vector<std::string>
SplitList(const std::string& list)
{
    std::vector<std::string> out;
    std::istringstream is(list);
    std::string word;
    while (std::getline(is, word, ','))
    {
        if (!word.empty())
        {
            out.push_back(word);
        }
    }
    return out;
}

/// \param names asked for \param known what exists \return the first unknown name, or ""
std::string
FirstUnknown(const std::vector<std::string>& names, const std::vector<std::string>& known)
{
    for (const std::string& n : names)
    {
        if (std::find(known.begin(), known.end(), n) == known.end())
        {
            return n;
        }
    }
    return "";
}

/// \param names words \return them, space-separated
std::string
Joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
    {
        out += (out.empty() ? "" : " ") + n;
    }
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    // A child: run one case and print its result line (and write its census, if asked).
    std::string censusFile;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if (arg.compare(0, CENSUS_ARG.size(), CENSUS_ARG) == 0)
        {
            censusFile = arg.substr(CENSUS_ARG.size());
        }
    }
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if (arg.compare(0, CASE_ARG.size(), CASE_ARG) == 0)
        {
            SanBenchScale::Case c;
            const std::string error = SanBenchScale::Case::Decode(arg.substr(CASE_ARG.size()), c);
            if (!error.empty())
            {
                std::cerr << "nic-scaling: " << error << std::endl;
                return 1;
            }
            // Until a resolution is set (or Simulator::Run starts), ns-3 keeps every Time made
            // in a global set (so that a later SetResolution can convert it): a set node for
            // every Time member of every host's objects. Fixing the default one ends that.
            Time::SetResolution(Time::NS);
            // ns-3's own event order (MapScheduler's), at less cost per event, unless the
            // environment names a scheduler (NS_GLOBAL_VALUE="SchedulerType=...").
            const char* globals = std::getenv("NS_GLOBAL_VALUE");
            if (globals == nullptr || std::strstr(globals, "SchedulerType") == nullptr)
            {
                Config::SetGlobal("SchedulerType", StringValue("ns3::SanNearHeapScheduler"));
            }
            if (!censusFile.empty())
            {
                // The census keeps MapScheduler's order: the run is the same, only counted.
                Config::SetGlobal("SchedulerType", StringValue("ns3::SanCensusScheduler"));
                Config::SetDefault("ns3::SanCensusScheduler::Report", StringValue("none"));
            }
            const SanBenchScale::Result r = SanBenchScale::Run(c);
            if (!censusFile.empty())
            {
                SanOutputFile census;
                std::string why = census.Open(censusFile);
                if (why.empty())
                {
                    census.Stream() << "# " << c.Encode() << "\n" << r.census;
                    why = census.Commit();
                }
                if (!why.empty())
                {
                    std::cerr << "nic-scaling: --census: " << why << std::endl;
                    return 1;
                }
            }
            std::cout << RESULT_PREFIX << r.Encode() << std::endl;
            return 0;
        }
    }

    std::string csv = "results/nic-scaling.csv";
    std::string interfaces;
    std::string preset = "modern";
    std::string fabric = "fat-tree";
    std::string hostCounts = "1024,4096,16384";
    std::string workloads;
    uint32_t group = 16;
    uint32_t count = 10;
    uint32_t bytes = 64;
    std::string censusDir;
    CommandLine cmd(__FILE__);
    cmd.AddValue("csv", "output CSV (\"none\": print the rows only)", csv);
    cmd.AddValue("interfaces",
                 "comma-separated SanBenchTestbed interfaces (empty: all, TCP/IP too)",
                 interfaces);
    cmd.AddValue("preset", "SanBenchTestbed preset", preset);
    cmd.AddValue("fabric", "SanBenchTestbed fabric: fat-tree or dragonfly", fabric);
    cmd.AddValue("hosts",
                 "comma-separated host counts (fat tree: powers of 4; dragonfly: 2p^2(2p^2+1), "
                 "1056, 5256, 16512, ...)",
                 hostCounts);
    cmd.AddValue("workloads", "comma-separated SanBenchScale workloads (empty: all)", workloads);
    cmd.AddValue("group", "hosts per group (a server or sink and the rest)", group);
    cmd.AddValue("count", "requests per client, messages per sender, or all-to-all rounds", count);
    cmd.AddValue("bytes", "bytes of each message", bytes);
    cmd.AddValue("census",
                 "a directory for each run's census of events by kind, per message "
                 "(SanCensusScheduler; empty: none)",
                 censusDir);
    cmd.Parse(argc, argv);
    if (SanOutputFile::IsNoFile(csv))
    {
        csv.clear();
    }

    auto fail = [](const std::string& why) {
        std::cerr << "nic-scaling: " << why << std::endl;
        return 1;
    };
    std::vector<std::string> ifaces =
        interfaces.empty() ? SanBenchTestbed::GetInterfaces() : SplitList(interfaces);
    const std::vector<std::string> loads =
        workloads.empty() ? SanBenchScale::GetWorkloads() : SplitList(workloads);
    if (const auto u = FirstUnknown(ifaces, SanBenchTestbed::GetInterfaces()); !u.empty())
    {
        return fail("--interfaces: no interface '" + u +
                    "' (known: " + Joined(SanBenchTestbed::GetInterfaces()) + ")");
    }
    if (const auto u = FirstUnknown({preset}, SanBenchTestbed::GetPresets()); !u.empty())
    {
        return fail("--preset: no preset '" + u +
                    "' (known: " + Joined(SanBenchTestbed::GetPresets()) + ")");
    }
    if (const auto u = FirstUnknown({fabric}, SanBenchTestbed::GetFabrics()); !u.empty())
    {
        return fail("--fabric: no fabric '" + u +
                    "' (known: " + Joined(SanBenchTestbed::GetFabrics()) + ")");
    }
    if (const auto u = FirstUnknown(loads, SanBenchScale::GetWorkloads()); !u.empty())
    {
        return fail("--workloads: no workload '" + u +
                    "' (known: " + Joined(SanBenchScale::GetWorkloads()) + ")");
    }
    if (!censusDir.empty())
    {
        std::error_code ec;
        std::filesystem::create_directories(censusDir, ec);
        if (ec || !std::filesystem::is_directory(censusDir))
        {
            return fail("--census: cannot make the directory '" + censusDir + "'");
        }
    }
    std::vector<uint32_t> counts;
    for (const std::string& h : SplitList(hostCounts))
    {
        char* end = nullptr;
        const unsigned long n = std::strtoul(h.c_str(), &end, 10);
        if (end == h.c_str() || *end != '\0' || n < 2 || n > (1u << 24) || group < 2 ||
            n % group != 0)
        {
            return fail("--hosts: '" + h + "' is not a host count that groups of " +
                        std::to_string(group) + " divide");
        }
        if (const auto error = SanBenchTestbed::CheckHosts(fabric, n); !error.empty())
        {
            return fail("--hosts: " + error);
        }
        counts.push_back(static_cast<uint32_t>(n));
    }
    if (counts.empty() || count == 0 || bytes < 8 || bytes > (1u << 20))
    {
        return fail("need --hosts, --count >= 1 and --bytes from 8 to 1 MiB");
    }

    // The rows, written at the end (SanOutputStream puts the file in place whole).
    std::ostringstream out;
    {
        out << "interface,preset,fabric,hosts,workload,group,count,bytes,status,build_s,run_s,"
               "messages,events,messages_per_s,events_per_message,rss_per_host_kib,peak_rss_mib,"
               "finished_s,figure,value,unit,installed_kib_per_host\n";
    }
    std::printf("%-15s %-17s %6s %8s %8s %10s %12s %9s %9s %9s %14s\n",
                "interface",
                "workload",
                "hosts",
                "build_s",
                "run_s",
                "messages",
                "messages/s",
                "events/m",
                "KiB/host",
                "KiB inst",
                "figure");
    for (uint32_t hosts : counts)
    {
        for (const std::string& load : loads)
        {
            for (const std::string& iface : ifaces)
            {
                SanBenchScale::Case c;
                c.iface = iface;
                c.preset = preset;
                c.fabric = fabric;
                c.hosts = hosts;
                c.workload = load;
                c.groupSize = group;
                c.count = count;
                c.bytes = bytes;
                std::ostringstream row;
                row << iface << "," << preset << "," << fabric << "," << hosts << "," << load << ","
                    << group << "," << count << "," << bytes << ",";
                std::vector<std::string> args{CASE_ARG + c.Encode()};
                if (!censusDir.empty())
                {
                    args.push_back(CENSUS_ARG + censusDir + "/" + iface + "-" + load + "-" +
                                   std::to_string(hosts) + ".txt");
                }
                const std::string line = SanFabricBenchmark::RunProcess("/proc/self/exe",
                                                                        args,
                                                                        RESULT_PREFIX,
                                                                        c.Encode(),
                                                                        true);
                SanBenchScale::Result r;
                const std::string error = line.compare(0, 7, "failed:") == 0
                                              ? line
                                              : SanBenchScale::Result::Decode(line, r);
                if (!error.empty())
                {
                    std::printf("%-15s %-17s %6u failed: %s\n",
                                iface.c_str(),
                                load.c_str(),
                                hosts,
                                error.substr(0, 200).c_str());
                    out << row.str() << "failed,,,,,,,,,,,,,\n";
                    std::fflush(stdout);
                    continue;
                }
                std::printf(
                    "%-15s %-17s %6u %8.2f %8.2f %10lu %12.0f %9.1f %9.1f %9.1f %14.4g %s\n",
                    iface.c_str(),
                    load.c_str(),
                    hosts,
                    r.buildS,
                    r.runS,
                    static_cast<unsigned long>(r.messages),
                    r.messagesPerS,
                    r.eventsPerMessage,
                    r.rssPerHostKib,
                    r.installedPerHostKib,
                    r.figure,
                    r.figureUnit.c_str());
                if (std::isnan(r.figure))
                {
                    std::cerr << "nic-scaling: " << iface << " " << load << " at " << hosts
                              << " hosts: no " << r.figureName
                              << ": in some group no request was served while every client was "
                                 "measuring (give more requests a client: --count)"
                              << std::endl;
                }
                std::fflush(stdout);
                {
                    out << row.str() << "ok," << r.buildS << "," << r.runS << "," << r.messages
                        << "," << r.events << "," << r.messagesPerS << "," << r.eventsPerMessage
                        << "," << r.rssPerHostKib << "," << r.peakRssMib << "," << r.finishedS
                        << "," << r.figureName << "," << r.figure << "," << r.figureUnit << ","
                        << r.installedPerHostKib << "\n";
                }
            }
        }
    }
    if (!csv.empty())
    {
        SanOutputStream(csv) << out.str();
        std::cout << "nic-scaling: wrote " << csv << std::endl;
    }
    if (!censusDir.empty())
    {
        std::cout << "nic-scaling: each run's event census in " << censusDir << "/" << std::endl;
    }
    return 0;
}
