/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// fabric-load: latency versus offered load, up to and past saturation, for
// every routing function, under uniform random and transpose traffic, on an
// 8x8 mesh (one host per switch) and on a 4-ary 3-tree fat tree (64 hosts);
// and on a dragonfly (p=2, a=4, h=2: 9 groups, 72 hosts) under uniform and
// group-shift traffic (every host of group i sends to group i+1, the
// adversarial pattern of Kim et al. 2008) with minimal, Valiant and UGAL-L
// routing (SanUgalRouting).
//
// Each point (SanLoadSweep) runs a warm-up, a measurement window and a drain
// period. The accepted throughput is the packets delivered during the window
// per sending host per packet-time; the latency is the mean creation-to-
// delivery time of the packets created inside the window. A curve's
// saturation throughput follows Dally and Towles (Principles and Practices of
// Interconnection Networks, ch. 23): the offered load at which the accepted
// throughput falls below the offered load, i.e. some source's demand is no
// longer met. The sweep finds the first saturated load, bisects between it
// and the last load that was met, and runs two more points of the curve past
// it; a curve that never saturates is reported as "at least" (saturation>=X).
// The largest accepted throughput of an overloaded network is not used: it
// rewards routing that starves some sources.
//
// Each saturation is printed beside the pattern's load bound (SanLoadBound: the channel-load
// bound of a deterministic routing, else the bisection bound); a load above the bound counts
// as saturated whatever its window showed, so a saturation never exceeds it.
//
// Output: results/fabric-load.csv and lines
//   fabric-load: topology=T traffic=P routing=R saturation=X bound=B (kind, limiting channel)
//   fabric-load: topology=T traffic=transpose minimal-adaptive/<deterministic>=Y
//   fabric-load: topology=dragonfly traffic=P ugal/minimal=Z valiant/minimal=W
//
//   ./fabric-load [--packetSize=64] [--step=0.05] [--maxLoad=1.0] [--measure=2000]
//                 [--bisections=3] [--topologies=mesh,fat-tree,dragonfly]
//                 [--dragonflyPatterns=uniform,group-shift] [--csv=results/fabric-load.csv]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One routing function as the example names it.
struct RoutingChoice
{
    std::string name;        //!< short name for output
    std::string typeId;      //!< ns-3 TypeId
    bool deterministic;      //!< the reference for the adaptive ratio
    std::string attribute{}; //!< optional routing attribute name
    std::string value{};     //!< and its value
};

/// Settings shared by every run.
struct Settings
{
    uint32_t packetSize{64};
    uint32_t warmup{500};
    uint32_t measure{2000};
    uint32_t drain{1500};
    std::string mode{"VirtualCutThrough"};
    uint32_t bufferPackets{4};
};

/// The dragonfly's shape: p hosts per router, a routers per group, h global links per router.
constexpr uint32_t DRAGONFLY_P = 2;
constexpr uint32_t DRAGONFLY_A = 4;
constexpr uint32_t DRAGONFLY_H = 2;

void
ConfigureTopology(SanFabricHelper& fabric, const std::string& topology)
{
    if (topology == "mesh")
    {
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(8), "Y", UintegerValue(8));
    }
    else if (topology == "fat-tree")
    {
        fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(3));
    }
    else if (topology == "dragonfly")
    {
        fabric.SetTopology("ns3::SanDragonflyTopology",
                           "P",
                           UintegerValue(DRAGONFLY_P),
                           "A",
                           UintegerValue(DRAGONFLY_A),
                           "H",
                           UintegerValue(DRAGONFLY_H));
    }
    else
    {
        NS_FATAL_ERROR("fabric-load: unknown topology '" << topology
                                                         << "' (use mesh, fat-tree or dragonfly)");
    }
}

/// A sweep of one curve, configured as the example's settings say.
SanLoadSweep
MakeSweep(const std::string& topology,
          const std::string& pattern,
          const RoutingChoice& routing,
          const Settings& s)
{
    SanLoadSweep sweep;
    sweep.SetFabricSetup([topology, routing, s](SanFabricHelper& fabric) {
        ConfigureTopology(fabric, topology);
        if (routing.attribute.empty())
        {
            fabric.SetRouting(routing.typeId);
        }
        else
        {
            fabric.SetRouting(routing.typeId, routing.attribute, StringValue(routing.value));
        }
        fabric.SetFabricAttribute("SwitchingMode", StringValue(s.mode));
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(s.packetSize));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(s.bufferPackets * s.packetSize));
    });
    sweep.SetTrafficAttribute("Pattern", StringValue(pattern));
    if (pattern == "GroupShift")
    {
        // Block = one dragonfly group of P*A hosts.
        NS_ABORT_MSG_IF(topology != "dragonfly",
                        "fabric-load: group-shift traffic needs the dragonfly");
        sweep.SetTrafficAttribute("GroupSize", UintegerValue(DRAGONFLY_P * DRAGONFLY_A));
    }
    sweep.SetTrafficAttribute("PacketSize", UintegerValue(s.packetSize));
    sweep.SetWindows(s.warmup, s.measure, s.drain);
    return sweep;
}

std::vector<std::string>
Split(const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (!item.empty())
        {
            out.push_back(item);
        }
    }
    return out;
}

} // namespace

int
main(int argc, char* argv[])
{
    SanFabricBenchmark::UseExamplesScheduler(); // the fastest measured; --SchedulerType overrides
    Settings s;
    double step = 0.05;
    double maxLoad = 1.0;
    uint32_t bisections = 3;
    std::string topologies = "mesh,fat-tree,dragonfly";
    std::string dragonflyPatterns = "uniform,group-shift";
    std::string patterns = "uniform,transpose";
    std::string csv = "results/fabric-load.csv";
    CommandLine cmd(__FILE__);
    cmd.AddValue("packetSize", "bytes per packet", s.packetSize);
    cmd.AddValue("warmup", "warm-up, in packet-times", s.warmup);
    cmd.AddValue("measure", "measurement window, in packet-times", s.measure);
    cmd.AddValue("drain", "drain after the window, in packet-times", s.drain);
    cmd.AddValue("mode", "switching mode", s.mode);
    cmd.AddValue("bufferPackets", "input buffer per virtual channel, in packets", s.bufferPackets);
    cmd.AddValue("step", "offered-load step", step);
    cmd.AddValue("bisections", "halvings of the bracket around saturation", bisections);
    cmd.AddValue("maxLoad", "largest offered load", maxLoad);
    cmd.AddValue("topologies", "comma-separated: mesh, fat-tree, dragonfly", topologies);
    cmd.AddValue("dragonflyPatterns",
                 "comma-separated, for the dragonfly: uniform, group-shift",
                 dragonflyPatterns);
    cmd.AddValue("patterns",
                 "comma-separated traffic patterns: " + SanTrafficGenerator::GetPatternNames(),
                 patterns);
    cmd.AddValue("csv", "CSV output ('' or none: no file)", csv);
    std::vector<char*> args = SanOutputFile::TakeEmptyOptions(argc, argv, {{"csv", &csv}});
    cmd.Parse(static_cast<int>(args.size()), args.data());
    if (SanOutputFile::IsNoFile(csv))
    {
        csv.clear();
    }
    for (double load : {step, maxLoad})
    {
        const std::string error = SanTrafficGenerator::CheckLoad(load);
        NS_ABORT_MSG_IF(!error.empty(), "fabric-load: --step/--maxLoad: " << error);
    }
    NS_ABORT_MSG_IF(maxLoad / step > 1000,
                    "fabric-load: --maxLoad=" << maxLoad << " / --step=" << step
                                              << " is more than 1000 points");
    for (const std::string& traffic : Split(patterns + "," + dragonflyPatterns))
    {
        SanTrafficGenerator::Pattern pattern;
        const std::string error = SanTrafficGenerator::PatternFromName(traffic, pattern);
        NS_ABORT_MSG_IF(!error.empty(), "fabric-load: --patterns: " << error);
    }
    std::vector<double> loads;
    for (uint32_t i = 1; i * step <= maxLoad + 1e-9; ++i)
    {
        loads.push_back(i * step);
    }

    // Written whole or not at all (SanOutputFile): an interrupted sweep leaves the previous file,
    // not a shorter one that looks complete.
    SanOutputFile file;
    if (!csv.empty())
    {
        const std::string error = file.Open(csv);
        if (!error.empty())
        {
            std::cerr << "fabric-load: " << error << std::endl;
            return 1;
        }
        std::ostream& out = file.Stream();
        out << "topology,traffic,routing,offered_load,accepted_throughput,avg_latency_us,"
               "avg_latency_packet_times,max_latency_us,hops_per_packet,delivered_fraction,"
               "saturated\n";
    }

    for (const std::string& topology : Split(topologies))
    {
        std::vector<RoutingChoice> routings;
        if (topology == "mesh")
        {
            routings = {{"dimension-order", "ns3::SanDimensionOrderRouting", true},
                        {"source", "ns3::SanSourceRouting", false},
                        {"minimal-adaptive", "ns3::SanMinimalAdaptiveRouting", false},
                        {"valiant", "ns3::SanValiantRouting", false}};
        }
        else if (topology == "dragonfly")
        {
            routings = {{"minimal", "ns3::SanUgalRouting", true, "Decision", "Minimal"},
                        {"valiant", "ns3::SanUgalRouting", false, "Decision", "Valiant"},
                        {"ugal", "ns3::SanUgalRouting", false, "Decision", "Ugal"}};
        }
        else
        {
            routings = {{"up-down", "ns3::SanUpDownRouting", true},
                        {"source", "ns3::SanSourceRouting", false},
                        {"minimal-adaptive", "ns3::SanMinimalAdaptiveRouting", false},
                        {"valiant", "ns3::SanValiantRouting", false}};
        }
        for (const std::string& traffic :
             Split(topology == "dragonfly" ? dragonflyPatterns : patterns))
        {
            std::map<std::string, double> saturation;
            std::string deterministicName;
            for (const RoutingChoice& r : routings)
            {
                SanTrafficGenerator::Pattern pattern;
                SanTrafficGenerator::PatternFromName(traffic, pattern);
                SanLoadSweep sweep =
                    MakeSweep(topology,
                              SanTrafficGenerator::GetPatternAttributeName(pattern),
                              r,
                              s);
                auto write = [&](const SanLoadSummary& sum) {
                    if (!file.IsOpen())
                    {
                        return;
                    }
                    std::ostream& out = file.Stream();
                    const SanLoadPoint& p = sum.runs.front();
                    // The columns analysis/ reads (sancsv.FABRIC_LOAD_HEADER).
                    out << topology << "," << traffic << "," << r.name << "," << std::fixed
                        << std::setprecision(4) << p.offered << "," << p.accepted << ","
                        << std::setprecision(3) << p.latencyMean * p.packetTimeNs / 1000 << ","
                        << p.latencyMean << "," << p.latencyMax * p.packetTimeNs / 1000 << ","
                        << p.hops << "," << std::setprecision(4) << p.deliveredFraction << ","
                        << (sum.saturated ? 1 : 0) << "\n";
                };
                SanSaturation sat = sweep.FindSaturation(loads, bisections, 2, write);
                saturation[r.name] = sat.load;
                if (r.deterministic)
                {
                    deterministicName = r.name;
                }
                std::cout << "fabric-load: topology=" << topology << " traffic=" << traffic
                          << " routing=" << r.name << " saturation" << (sat.atLeast ? ">=" : "=")
                          << std::fixed << std::setprecision(3) << sat.load;
                if (sat.bound.kind != SanLoadBound::NONE)
                {
                    // Beside it, what the channels allow (the sweep never reports more).
                    std::cout << " bound=" << sat.bound.load << " (" << sat.bound.GetKindName()
                              << ", " << sat.bound.channel << ")";
                }
                std::cout << std::endl;
            }
            if (traffic == "transpose" && saturation[deterministicName] > 0)
            {
                std::cout << "fabric-load: topology=" << topology << " traffic=transpose "
                          << "minimal-adaptive/" << deterministicName << "=" << std::setprecision(2)
                          << saturation["minimal-adaptive"] / saturation[deterministicName]
                          << std::endl;
            }
            if (topology == "dragonfly" && saturation["minimal"] > 0)
            {
                std::cout << "fabric-load: topology=dragonfly traffic=" << traffic
                          << " ugal/minimal=" << std::setprecision(2)
                          << saturation["ugal"] / saturation["minimal"]
                          << " valiant/minimal=" << saturation["valiant"] / saturation["minimal"]
                          << std::endl;
            }
        }
    }
    if (file.IsOpen())
    {
        const std::string error = file.Commit();
        if (!error.empty())
        {
            std::cerr << "fabric-load: " << error << std::endl;
            return 1;
        }
    }
    return 0;
}
