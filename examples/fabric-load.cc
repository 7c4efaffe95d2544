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
// Each point runs a warm-up, a measurement window and a drain period. The
// accepted throughput is the packets delivered during the window per
// sending host per packet-time; the latency is the mean creation-to-delivery
// time of the packets created inside the window. A curve's saturation
// throughput is its largest accepted throughput. The sweep of a curve stops
// two points after the accepted throughput falls clearly below the offered
// load.
//
// Output: results/fabric-load.csv and lines
//   fabric-load: topology=T traffic=P routing=R saturation=X
//   fabric-load: topology=T traffic=transpose minimal-adaptive/<deterministic>=Y
//   fabric-load: topology=dragonfly traffic=P ugal/minimal=Z valiant/minimal=W
//
//   ./fabric-load [--packetSize=64] [--step=0.05] [--maxLoad=1.0] [--measure=2000]
//                 [--topologies=mesh,fat-tree,dragonfly] [--csv=results/fabric-load.csv]
//                 [--dragonflyPatterns=uniform,group-shift]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <fstream>
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

/// One point of a curve.
struct Point
{
    double offered{0};
    double accepted{0};
    double latencyUs{0};
    double latencyPacketTimes{0};
    double maxLatencyUs{0};
    double hopsPerPacket{0};
    double deliveredFraction{0};
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
                           UintegerValue(2),
                           "A",
                           UintegerValue(4),
                           "H",
                           UintegerValue(2));
    }
    else
    {
        NS_FATAL_ERROR("fabric-load: unknown topology '" << topology
                                                         << "' (use mesh, fat-tree or dragonfly)");
    }
}

Point
RunPoint(const std::string& topology,
         const std::string& traffic,
         const RoutingChoice& routing,
         double load,
         const Settings& s)
{
    SanFabricHelper fabric;
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
    NodeContainer hosts;
    hosts.Create(fabric.GetTopology()->GetNHosts());
    NetDeviceContainer endpoints = fabric.Install(hosts);
    fabric.AssignStreams(7);

    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(endpoints.Get(0));
    const Time packetTime = TimeStep(ep0->GetSerializationSteps(s.packetSize));
    const Time start = packetTime * s.warmup;
    const Time stop = start + packetTime * s.measure;

    SanTrafficHelper trafficHelper;
    trafficHelper.SetAttribute("Pattern",
                               StringValue(traffic == "uniform" ? "Uniform" : "Transpose"));
    if (traffic == "group-shift")
    {
        // Block = one dragonfly group of P*A hosts.
        Ptr<SanDragonflyTopology> df = DynamicCast<SanDragonflyTopology>(fabric.GetTopology());
        NS_ABORT_MSG_IF(df == nullptr, "fabric-load: group-shift traffic needs the dragonfly");
        trafficHelper.SetAttribute("Pattern", StringValue("GroupShift"));
        trafficHelper.SetAttribute("GroupSize", UintegerValue(df->GetP() * df->GetA()));
    }
    trafficHelper.SetAttribute("OfferedLoad", DoubleValue(load));
    trafficHelper.SetAttribute("PacketSize", UintegerValue(s.packetSize));
    trafficHelper.SetAttribute("MeasureStart", TimeValue(start));
    trafficHelper.SetAttribute("MeasureStop", TimeValue(stop));
    ApplicationContainer apps = trafficHelper.Install(endpoints);
    SanTrafficHelper::AssignStreams(apps, 11);
    apps.Start(Seconds(0));
    apps.Stop(stop);
    Simulator::Stop(stop + packetTime * s.drain);
    Simulator::Run();

    // Hosts that send: all for uniform; off-diagonal ones for transpose.
    uint32_t senders = 0;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        Ptr<SanTrafficGenerator> g = DynamicCast<SanTrafficGenerator>(apps.Get(i));
        senders += g->GetGenerated() > 0 ? 1 : 0;
    }
    SanTrafficHelper::Totals t = SanTrafficHelper::Sum(apps);
    Point p;
    p.offered = load;
    p.accepted = senders ? double(t.receivedInWindow) / senders / s.measure : 0;
    double lat = t.receivedMeasured ? t.latencySum / t.receivedMeasured : 0;
    p.latencyUs = lat * 1e6;
    p.latencyPacketTimes = lat / packetTime.GetSeconds();
    p.maxLatencyUs = t.maxLatency * 1e6;
    p.hopsPerPacket = t.receivedMeasured ? double(t.hopSum) / t.receivedMeasured : 0;
    p.deliveredFraction =
        t.generatedMeasured ? double(t.receivedMeasured) / t.generatedMeasured : 1.0;
    Simulator::Destroy();
    return p;
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
    Settings s;
    double step = 0.05;
    double maxLoad = 1.0;
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
    cmd.AddValue("maxLoad", "largest offered load", maxLoad);
    cmd.AddValue("topologies", "comma-separated: mesh, fat-tree, dragonfly", topologies);
    cmd.AddValue("dragonflyPatterns",
                 "comma-separated, for the dragonfly: uniform, group-shift",
                 dragonflyPatterns);
    cmd.AddValue("patterns", "comma-separated: uniform, transpose", patterns);
    cmd.AddValue("csv", "CSV output ('' for none)", csv);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(step <= 0 || maxLoad <= 0, "fabric-load: step and maxLoad must be positive");

    std::ofstream out;
    if (!csv.empty())
    {
        out.open(csv);
        NS_ABORT_MSG_IF(!out, "fabric-load: cannot write " << csv);
        out << "topology,traffic,routing,offered_load,accepted_throughput,avg_latency_us,"
               "avg_latency_packet_times,max_latency_us,hops_per_packet,delivered_fraction\n";
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
                double best = 0;
                int pastSaturation = 0;
                for (double load = step; load <= maxLoad + 1e-9 && pastSaturation < 2; load += step)
                {
                    Point p = RunPoint(topology, traffic, r, load, s);
                    best = std::max(best, p.accepted);
                    if (p.accepted < 0.9 * p.offered || p.deliveredFraction < 0.95)
                    {
                        ++pastSaturation;
                    }
                    if (out.is_open())
                    {
                        out << topology << "," << traffic << "," << r.name << "," << std::fixed
                            << std::setprecision(3) << p.offered << "," << std::setprecision(4)
                            << p.accepted << "," << std::setprecision(3) << p.latencyUs << ","
                            << p.latencyPacketTimes << "," << p.maxLatencyUs << ","
                            << p.hopsPerPacket << "," << std::setprecision(4) << p.deliveredFraction
                            << "\n";
                        out.flush();
                    }
                }
                saturation[r.name] = best;
                if (r.deterministic)
                {
                    deterministicName = r.name;
                }
                std::cout << "fabric-load: topology=" << topology << " traffic=" << traffic
                          << " routing=" << r.name << " saturation=" << std::fixed
                          << std::setprecision(3) << best << std::endl;
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
    return 0;
}
