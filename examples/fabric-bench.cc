/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// fabric-bench: how fast and how lean the fabric model is.
//
// Two workloads, both uniform random single-packet 64-byte messages:
//  (a) an 8x8 mesh, one host per switch, dimension-order routing, offered
//      load 0.30 packets per host per packet-time, 10,000 packet-times;
//  (b) a k-ary n-tree fat tree (default 32-ary 2-tree: 1024 hosts, 64
//      switches of 64 ports), up*/down* routing, offered load 0.5, same
//      duration. Deeper trees of small switches (e.g. --ftK=4 --ftN=5, also
//      1024 hosts) have 2n port devices per host instead of 4 and use
//      proportionally more memory per host.
// For each it prints the packets delivered, switch hops per packet, switch
// hops simulated per wall-clock second (hop_rate), ns-3 events per second,
// and memory per host (peak RSS minus the RSS before the topology was
// built, over the hosts). In the same run it measures ns-3's raw scheduler
// rate (empty self-rescheduling events, about 1000 pending) and prints
// hop_rate / raw_event_rate.
//
//   ./fabric-bench [--ftK=32] [--ftN=2] [--packetTimes=10000] [--csv=results/fabric-bench.csv]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{

/// \return a field of /proc/self/status in KiB ("VmRSS", "VmHWM")
uint64_t
ReadStatusKib(const std::string& field)
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
    {
        if (line.compare(0, field.size() + 1, field + ":") == 0)
        {
            std::istringstream is(line.substr(field.size() + 1));
            uint64_t kib = 0;
            is >> kib;
            return kib;
        }
    }
    return 0;
}

/// Reset the peak RSS (VmHWM) to the current RSS (Linux >= 4.0).
void
ResetPeakRss()
{
    std::ofstream f("/proc/self/clear_refs");
    f << "5";
}

double
WallSeconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

/// Raw scheduler benchmark: empty events that reschedule themselves.
struct RawEvents
{
    uint64_t remaining{0};
    uint32_t state{12345};

    void Fire()
    {
        if (remaining == 0)
        {
            return;
        }
        --remaining;
        state = state * 1103515245u + 12345u; // cheap spread of delays
        Simulator::Schedule(NanoSeconds(1 + (state >> 16) % 1000), &RawEvents::Fire, this);
    }
};

double
MeasureRawEventRate(uint64_t nEvents)
{
    RawEvents raw;
    raw.remaining = nEvents;
    for (uint32_t i = 0; i < 1000; ++i)
    {
        Simulator::Schedule(NanoSeconds(i), &RawEvents::Fire, &raw);
    }
    uint64_t before = Simulator::GetEventCount();
    auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    auto t1 = std::chrono::steady_clock::now();
    uint64_t events = Simulator::GetEventCount() - before;
    Simulator::Destroy();
    return events / WallSeconds(t0, t1);
}

struct BenchResult
{
    std::string name;
    uint32_t hosts{0};
    uint64_t delivered{0};
    double hopsPerPacket{0};
    double hopRate{0};
    double eventRate{0};
    double rssPerHostKib{0};
    double wall{0};
};

BenchResult
RunWorkload(std::string name,
            SanFabricHelper& fabric,
            double load,
            uint32_t packetTimes,
            uint32_t packetSize)
{
    BenchResult r;
    r.name = name;
    ResetPeakRss();
    const uint64_t rssBefore = ReadStatusKib("VmRSS");
    // Virtual cut-through with room for four packets per input buffer.
    fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
    fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(packetSize));
    fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * packetSize));
    NodeContainer hosts;
    hosts.Create(fabric.GetTopology()->GetNHosts());
    NetDeviceContainer endpoints = fabric.Install(hosts);
    fabric.AssignStreams(1);
    Ptr<SanFabric> san = fabric.GetFabric();

    SanTrafficHelper traffic;
    traffic.SetAttribute("Pattern", StringValue("Uniform"));
    traffic.SetAttribute("OfferedLoad", DoubleValue(load));
    traffic.SetAttribute("PacketSize", UintegerValue(packetSize));
    ApplicationContainer apps = traffic.Install(endpoints);
    SanTrafficHelper::AssignStreams(apps, 100);
    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(endpoints.Get(0));
    const Time packetTime = TimeStep(ep0->GetSerializationSteps(packetSize));
    apps.Start(Seconds(0));
    apps.Stop(packetTime * packetTimes);

    const uint64_t eventsBefore = Simulator::GetEventCount();
    auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    auto t1 = std::chrono::steady_clock::now();
    const uint64_t events = Simulator::GetEventCount() - eventsBefore;
    const uint64_t peak = ReadStatusKib("VmHWM");

    r.hosts = hosts.GetN();
    r.delivered = san->GetDelivered();
    r.wall = WallSeconds(t0, t1);
    r.hopsPerPacket = r.delivered ? double(san->GetSwitchHops()) / r.delivered : 0;
    r.hopRate = san->GetSwitchHops() / r.wall;
    r.eventRate = events / r.wall;
    r.rssPerHostKib = double(peak - rssBefore) / r.hosts;
    Simulator::Destroy();
    return r;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t ftK = 32;
    uint32_t ftN = 2;
    uint32_t packetTimes = 10000;
    uint32_t meshSize = 8;
    uint64_t rawEvents = 10000000;
    double meshLoad = 0.30;
    double treeLoad = 0.5;
    std::string treeRouting = "ns3::SanUpDownRouting";
    std::string csv = "results/fabric-bench.csv";
    CommandLine cmd(__FILE__);
    cmd.AddValue("ftK", "fat tree arity k (workload b)", ftK);
    cmd.AddValue("ftN", "fat tree levels n (workload b)", ftN);
    cmd.AddValue("meshSize", "mesh side (workload a)", meshSize);
    cmd.AddValue("packetTimes", "duration in packet-times", packetTimes);
    cmd.AddValue("rawEvents", "events per raw scheduler measurement", rawEvents);
    cmd.AddValue("meshLoad", "offered load of workload a", meshLoad);
    cmd.AddValue("treeLoad", "offered load of workload b", treeLoad);
    cmd.AddValue("treeRouting", "routing function of workload b", treeRouting);
    cmd.AddValue("csv", "CSV output file ('' for none)", csv);
    cmd.Parse(argc, argv);

    // The raw rate is measured before and after the workloads and the higher
    // value kept, so that a busy machine cannot flatter the ratio.
    const double rawBefore = MeasureRawEventRate(rawEvents);

    std::vector<BenchResult> results;
    {
        SanFabricHelper mesh;
        mesh.SetTopology("ns3::SanMeshTopology",
                         "X",
                         UintegerValue(meshSize),
                         "Y",
                         UintegerValue(meshSize));
        mesh.SetRouting("ns3::SanDimensionOrderRouting");
        results.push_back(RunWorkload("mesh", mesh, meshLoad, packetTimes, 64));
    }
    {
        SanFabricHelper tree;
        tree.SetTopology("ns3::SanFatTreeTopology",
                         "K",
                         UintegerValue(ftK),
                         "N",
                         UintegerValue(ftN));
        tree.SetRouting(treeRouting);
        std::ostringstream name;
        name << "fat-tree-" << ftK << "-ary-" << ftN << "-tree";
        results.push_back(RunWorkload(name.str(), tree, treeLoad, packetTimes, 64));
    }

    const double rawAfter = MeasureRawEventRate(rawEvents);
    const double rawRate = std::max(rawBefore, rawAfter);
    std::cout << "fabric-bench: raw ns-3 scheduler rate " << std::fixed << std::setprecision(0)
              << rawRate << " events/s (empty self-rescheduling events, 1000 pending; " << rawBefore
              << " before, " << rawAfter << " after the workloads)\n";

    std::ofstream out;
    if (!csv.empty())
    {
        out.open(csv);
        out << std::fixed;
        out << "workload,hosts,delivered,hops_per_packet,hop_rate,event_rate,raw_event_rate,ratio,"
               "rss_per_host_kib,wall_s\n";
    }
    for (const BenchResult& r : results)
    {
        std::cout << std::setprecision(2) << "fabric-bench: workload=" << r.name
                  << " hosts=" << r.hosts << " delivered=" << r.delivered
                  << " hops_per_packet=" << r.hopsPerPacket << std::setprecision(0)
                  << " events_per_s=" << r.eventRate << " wall_s=" << std::setprecision(2) << r.wall
                  << "\n";
        if (out.is_open())
        {
            out << r.name << "," << r.hosts << "," << r.delivered << "," << r.hopsPerPacket << ","
                << std::setprecision(0) << r.hopRate << "," << r.eventRate << "," << rawRate << ","
                << std::setprecision(3) << r.hopRate / rawRate << "," << std::setprecision(2)
                << r.rssPerHostKib << "," << r.wall << "\n";
        }
    }
    for (const BenchResult& r : results)
    {
        std::cout << "fabric-bench: hosts=" << r.hosts << std::setprecision(0)
                  << " hop_rate=" << r.hopRate << " raw_event_rate=" << rawRate
                  << std::setprecision(3) << " ratio=" << r.hopRate / rawRate
                  << std::setprecision(2) << " rss_per_host_kib=" << r.rssPerHostKib << "\n";
    }
    return 0;
}
