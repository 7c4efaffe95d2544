/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// fabric-bench: how fast and how lean the fabric model is.
//
// Two workloads, both uniform random single-packet 64-byte messages on virtual cut-through
// switches with four packets of buffer per input:
//  (a) an 8x8 mesh, one host per switch, dimension-order routing, offered
//      load 0.30 packets per host per packet-time, 10,000 packet-times;
//  (b) a k-ary n-tree fat tree (default 32-ary 2-tree: 1024 hosts, 64
//      switches of 64 ports), up*/down* routing, offered load 0.5, same
//      duration. Deeper trees of small switches (e.g. --ftK=4 --ftN=5, also
//      1024 hosts) have 2n port devices per host instead of 4 and use
//      proportionally more memory per host.
// Each workload runs in a fresh process of this program (SanFabricBenchmark), so that its
// memory is its own and not the heap another workload freed. For each it prints, on lines
// that name it, the packets delivered, switch hops per packet, switch hops simulated per wall
// second and per processor second (hop_rate, hop_rate_cpu), ns-3 events per second, the build
// time and the memory per host (peak resident size above the process's start, over the
// hosts). It also measures ns-3's raw scheduler rate (empty self-rescheduling events, about
// 1000 pending; at least a million events) before and after, and prints
// hop_rate / raw_event_rate. --SchedulerType chooses ns-3's scheduler (default: the one
// examples use, see san-scaling).
//
// Scaling mode: --treeSizes=32:2,16:3,16:4 runs workload b at each size instead (see also
// san-scaling, which covers meshes, tori and a million hosts).
//
//   ./fabric-bench [--ftK=32] [--ftN=2] [--packetTimes=10000] [--csv=results/fabric-bench.csv]
//                  [--treeSizes=k:n,...]
//                  [--SchedulerType=ns3::MapScheduler]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{
/// Print a message and leave with status 1.
[[noreturn]] void
Fail(const std::string& message)
{
    std::cerr << "fabric-bench: error: " << message << std::endl;
    std::exit(1);
}
} // namespace

int
main(int argc, char* argv[])
{
    SanFabricBenchmark::UseExamplesScheduler(); // before the children parse their own
    // A scheduler named on the command line is checked here, before ns-3's parser (which
    // does not check names in Debian's release build) and before any child process.
    for (int i = 1; i < argc; ++i)
    {
        const std::string a = argv[i];
        const std::string key = "--SchedulerType=";
        if (a.compare(0, key.size(), key) == 0)
        {
            const std::string error =
                SanTypeIdError(a.substr(key.size()), Scheduler::GetTypeId(), "--SchedulerType");
            if (!error.empty())
            {
                Fail(error);
            }
        }
    }
    SanFabricBenchmark::HandleChild(argc, argv);

    uint32_t ftK = 32;
    uint32_t ftN = 2;
    uint32_t packetTimes = 10000;
    uint32_t meshSize = 8;
    uint64_t rawEvents = 10000000;
    double meshLoad = 0.30;
    double treeLoad = 0.5;
    std::string treeRouting = "ns3::SanUpDownRouting";
    std::string csv = "results/fabric-bench.csv";
    std::string treeSizes;
    // Off by default: these workloads are small enough for 4 KiB pages, and 2 MiB pages only
    // round their resident memory up (5.4 -> 5.7-6.6 KiB per host on the 1,024-host tree).
    bool hugePages = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("hugePages",
                 "workloads' malloc asks for transparent huge pages (SanFabricBenchmark::"
                 "SetHugePages)",
                 hugePages);
    cmd.AddValue("ftK", "fat tree arity k (workload b)", ftK);
    cmd.AddValue("ftN", "fat tree levels n (workload b)", ftN);
    cmd.AddValue("meshSize", "mesh side (workload a)", meshSize);
    cmd.AddValue("packetTimes", "duration in packet-times", packetTimes);
    cmd.AddValue("rawEvents", "events per raw scheduler measurement (at least 1000000)", rawEvents);
    cmd.AddValue("meshLoad", "offered load of workload a", meshLoad);
    cmd.AddValue("treeLoad", "offered load of workload b", treeLoad);
    cmd.AddValue("treeRouting", "routing function of workload b", treeRouting);
    cmd.AddValue("csv", "CSV output file ('' or none: no file)", csv);
    cmd.AddValue("treeSizes",
                 "scaling mode: fat trees k:n,k:n,... in place of workload b (e.g. 32:2,16:3,16:4)",
                 treeSizes);
    std::vector<char*> args = SanOutputFile::TakeEmptyOptions(argc, argv, {{"csv", &csv}});
    cmd.Parse(static_cast<int>(args.size()), args.data());
    if (const std::string e = SanTypeIdError(treeRouting, SanRouting::GetTypeId(), "--treeRouting");
        !e.empty())
    {
        Fail(e);
    }
    SanFabricBenchmark::SetHugePages(hugePages);
    const std::string scheduler = SanFabricBenchmark::GetSchedulerType();

    // The raw rate is measured before and after the workloads and the higher
    // value kept, so that a busy machine cannot flatter the ratio.
    const double rawBefore = SanFabricBenchmark::MeasureRawEventRate(rawEvents);

    SanBenchmarkWorkload mesh;
    mesh.name = "mesh-" + std::to_string(meshSize) + "x" + std::to_string(meshSize);
    mesh.topology = "ns3::SanMeshTopology";
    mesh.attributes = {{"X", std::to_string(meshSize)}, {"Y", std::to_string(meshSize)}};
    mesh.routing = "ns3::SanDimensionOrderRouting";
    mesh.load = meshLoad;
    mesh.packetTimes = packetTimes;
    auto tree = [&](uint32_t k, uint32_t n) {
        SanBenchmarkWorkload t;
        t.name = "fat-tree-" + std::to_string(k) + "-ary-" + std::to_string(n) + "-tree";
        t.topology = "ns3::SanFatTreeTopology";
        t.attributes = {{"K", std::to_string(k)}, {"N", std::to_string(n)}};
        t.routing = treeRouting;
        t.load = treeLoad;
        t.packetTimes = packetTimes;
        return t;
    };

    std::vector<SanBenchmarkWorkload> workloads{mesh, tree(ftK, ftN)};
    if (!treeSizes.empty())
    {
        // Scaling mode: the fat-tree workload at each size, smallest first (the mesh stays as
        // the reference).
        workloads.resize(1);
        std::istringstream sizes(treeSizes);
        std::string size;
        while (std::getline(sizes, size, ','))
        {
            uint32_t k = 0;
            uint32_t n = 0;
            char colon = 0;
            std::istringstream is(size);
            if (!((is >> k >> colon >> n) && colon == ':' && is.eof()))
            {
                Fail("--treeSizes wants k:n pairs like 16:4, not '" + size.substr(0, 40) + "'");
            }
            workloads.push_back(tree(k, n));
        }
    }

    // Every fat tree and its routing function checked before the first child runs.
    for (const SanBenchmarkWorkload& w : workloads)
    {
        if (w.topology != "ns3::SanFatTreeTopology")
        {
            continue;
        }
        const uint32_t k = std::stoul(w.attributes.at(0).second);
        const uint32_t n = std::stoul(w.attributes.at(1).second);
        if (const std::string e = SanFatTreeTopology::CheckAttributes(k, n); !e.empty())
        {
            Fail(w.name + ": " + e);
        }
        SanFabricHelper probe;
        probe.SetTopology(w.topology, "K", UintegerValue(k), "N", UintegerValue(n));
        probe.SetRouting(w.routing);
        if (const std::string e = probe.GetConfigurationError(); !e.empty())
        {
            Fail(w.name + ": " + e);
        }
    }

    SanOutputFile out;
    if (!SanOutputFile::IsNoFile(csv))
    {
        if (const std::string e = out.Open(csv); !e.empty())
        {
            Fail(e);
        }
        out.Stream() << std::fixed
                     << "workload,scheduler,hosts,delivered,hops_per_packet,hop_rate,"
                        "hop_rate_cpu,event_rate,raw_event_rate,ratio,build_s,rss_per_host_kib,"
                        "wall_s,cpu_s\n";
    }

    std::vector<SanBenchmarkResult> results;
    for (const SanBenchmarkWorkload& w : workloads)
    {
        results.push_back(SanFabricBenchmark::RunInFreshProcess("/proc/self/exe",
                                                                w,
                                                                {"--SchedulerType=" + scheduler}));
    }

    const double rawAfter = SanFabricBenchmark::MeasureRawEventRate(rawEvents);
    const double rawRate = std::max(rawBefore, rawAfter);
    std::cout << "fabric-bench: scheduler " << scheduler << "; raw ns-3 scheduler rate "
              << std::fixed << std::setprecision(0) << rawRate
              << " events/s (empty self-rescheduling events, 1000 pending; " << rawBefore
              << " before, " << rawAfter << " after the workloads)\n";

    for (const SanBenchmarkResult& r : results)
    {
        const double hopsPerPacket = r.delivered ? double(r.switchHops) / r.delivered : 0;
        std::cout << std::setprecision(2) << "fabric-bench: workload=" << r.name
                  << " hosts=" << r.hosts << " delivered=" << r.delivered
                  << " hops_per_packet=" << hopsPerPacket << std::setprecision(0)
                  << " events_per_s=" << r.GetEventRateWall() << std::setprecision(2)
                  << " build_s=" << r.buildWallS << " wall_s=" << r.runWallS
                  << " cpu_s=" << r.runCpuS << "\n";
        if (out.IsOpen())
        {
            out.Stream() << r.name << "," << r.scheduler << "," << r.hosts << "," << r.delivered
                         << "," << hopsPerPacket << "," << std::setprecision(0)
                         << r.GetHopRateWall() << "," << r.GetHopRateCpu() << ","
                         << r.GetEventRateWall() << "," << rawRate << "," << std::setprecision(3)
                         << r.GetHopRateWall() / rawRate << "," << std::setprecision(2)
                         << r.buildWallS << "," << r.rssPerHostKib << "," << r.runWallS << ","
                         << r.runCpuS << "\n";
        }
    }
    for (const SanBenchmarkResult& r : results)
    {
        std::cout << "fabric-bench: workload=" << r.name << " hosts=" << r.hosts
                  << std::setprecision(0) << " hop_rate=" << r.GetHopRateWall()
                  << " hop_rate_cpu=" << r.GetHopRateCpu() << " raw_event_rate=" << rawRate
                  << std::setprecision(3) << " ratio=" << r.GetHopRateWall() / rawRate
                  << std::setprecision(2) << " rss_per_host_kib=" << r.rssPerHostKib
                  << " huge_pages=" << (r.hugePages ? 1 : 0) << "\n";
    }
    if (out.IsOpen())
    {
        if (const std::string e = out.Commit(); !e.empty())
        {
            Fail(e);
        }
    }
    return 0;
}
