/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// san-run: any fabric scenario without writing C++. Every option can be given on the command
// line (--key=value) or in a configuration file (--config=FILE, `key = value` lines as BookSim
// users write them, `#` or `//` comments); the command line overrides the file. Any ns-3
// attribute default (ns3::Type::Attribute = value) and global (RngRun, RngSeed, SchedulerType)
// is accepted in both places. A value is taken whole, spaces included; anything that is not
// understood is refused in one line. Run with --help for every option.
//
//   ./san-run --topology=torus --x=16 --y=16 --routing=minimal-adaptive --pattern=tornado
//             --load=0.05:0.5:0.05 --saturation=true
//   ./san-run --config=examples/san-run-graph.conf --seeds=3 --json=results/graph.json
//
// Output: one summary line per load point, then the saturation throughput (Dally and Towles,
// ch. 23: the offered load at which some source's demand is no longer met), per-VC occupancy
// and the most loaded links; a CSV row per load point (--csv) and a JSON document (--json).

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Print a message and leave with status 1.
[[noreturn]] void
Fail(const std::string& message)
{
    std::cerr << "san-run: error: " << message << std::endl;
    std::exit(1);
}

/// \param error a check's result: fails with it unless empty
void
Check(const std::string& error)
{
    if (!error.empty())
    {
        Fail(error);
    }
}

/// One option: its name, default and help.
struct Option
{
    const char* name; //!< key
    const char* def;  //!< default value
    const char* help; //!< help text
};

// clang-format off
const Option g_options[] = {
    {"topology", "mesh", "crossbar, ring, mesh, torus, fat-tree, dragonfly, graph, or a SanTopology TypeId (ns3::...)"},
    {"x", "8", "mesh/torus: switches along x"},
    {"y", "8", "mesh/torus: switches along y"},
    {"hostsPerSwitch", "1", "mesh/torus/ring: hosts per switch"},
    {"switches", "8", "ring: switches"},
    {"hosts", "16", "crossbar: hosts"},
    {"k", "4", "fat-tree: switch arity (k-ary n-tree)"},
    {"n", "3", "fat-tree: levels"},
    {"hostsPerRouter", "2", "dragonfly: hosts per router (p)"},
    {"routersPerGroup", "4", "dragonfly: routers per group (a)"},
    {"globalLinks", "2", "dragonfly: global links per router (h)"},
    {"groups", "0", "dragonfly: groups (0: a*h + 1, every pair of groups joined by one global link)"},
    {"graph", "", "graph: the graph file (see SanGraphTopology: 'switches N', 'link A B', 'hosts S C')"},
    {"routing", "auto", "dimension-order, up-down, deterministic, source, minimal-adaptive, valiant, ugal (dragonfly; ns3::SanUgalRouting::Decision chooses UGAL, Valiant or minimal), or a SanRouting TypeId; auto: dimension-order on meshes, tori, rings and crossbars, up-down on fat trees and graphs, ugal on dragonflies"},
    {"mode", "virtual-cut-through", "switching: wormhole, virtual-cut-through, store-and-forward, cell"},
    {"bufferPackets", "4", "input buffer per virtual channel, in packets of maxPacketSize (the number of virtual channels is the routing function's)"},
    {"bufferSize", "0", "input buffer per virtual channel in bytes (overrides bufferPackets; 0: use bufferPackets)"},
    {"maxPacketSize", "0", "largest packet the fabric carries, bytes (0: the largest packet size used)"},
    {"flowControl", "credits", "link flow control: credits or xon-xoff"},
    {"dataRate", "640Mbps", "link rate (ns-3 DataRate)"},
    {"delay", "10ns", "link propagation delay (ns-3 Time)"},
    {"framing", "0", "framing bytes per packet on a link"},
    {"routingDelay", "500ns", "switch routing delay (ns-3 Time)"},
    {"pattern", "uniform", "traffic: uniform, hot-spot, transpose, bit-complement, bit-reversal, shuffle, tornado, neighbor, permutation, group-shift"},
    {"groupSize", "0", "group-shift: hosts per block, each sending to the next block (0: a dragonfly's group, p*a hosts; required on other topologies)"},
    {"hotSpotHost", "0", "hot-spot: the hot host"},
    {"hotSpotFraction", "0.1", "hot-spot: share of packets sent to it"},
    {"radix", "0", "tornado/neighbor: k of the k-ary n-cube the hosts form (0: square root of a square host count, else the host count)"},
    {"permutation", "", "permutation: file of one destination host per source host"},
    {"load", "0.1", "offered load(s), packets per host per packet-time: 0.3, a list 0.1,0.2,0.3 or a range 0.05:0.95:0.05"},
    {"saturation", "false", "find the saturation throughput: sweep the loads until demand is no longer met, then bisect"},
    {"bisections", "4", "saturation: halvings of the bracket"},
    {"tolerance", "0.05", "saturation: relative shortfall of accepted below offered load (or of the worst source's deliveries) that counts as saturated"},
    {"packetSize", "64", "bytes per packet"},
    {"sizes", "", "packet size distribution 'size:weight,...' (overrides packetSize), e.g. 64:0.8,1024:0.2"},
    {"maxSourceQueue", "256", "packets that may wait at a source; more are counted as not injected (at least 1: an unbounded queue would grow without limit at overload)"},
    {"warmup", "500", "packet-times before the measurement window"},
    {"measure", "2000", "packet-times of the measurement window"},
    {"drain", "1500", "packet-times after the window (sources stopped)"},
    {"seeds", "1", "runs per load point (with several, 95% confidence intervals, Student t)"},
    {"run", "", "first ns-3 run number (empty: ns-3's RngRun, 1 unless --RngRun says otherwise); seed s uses run + s"},
    {"topLinks", "5", "most loaded links to list"},
    {"csv", "", "CSV file, one row per load point (empty or none: no file; missing folders are created; written whole at the end, or not at all)"},
    {"json", "", "JSON file with every point and the saturation (empty or none: no file; as --csv)"},
    {"flows", "", "per-flow statistics of every host pair (SanFlowMonitor over the whole run): XML in ns-3 FlowMonitor's shape, or CSV if the name ends in .csv (empty or none: no file); with several runs (loads, seeds, --saturation) one file per run, named with -load<L>-run<R> before the extension"},
    {"progress", "true", "show progress on standard error during runs longer than 3 s"},
};

// clang-format on

/// Settings after parsing.
struct Scenario
{
    std::map<std::string, std::string> raw; //!< key -> text
    std::vector<double> loads;              //!< offered loads
    std::vector<uint32_t> permutation;      //!< per-host destinations
    std::string patternAttr;                //!< SanTrafficGenerator pattern name
};

/// \param s the scenario \param key an option \return its value as text
const std::string&
Get(const Scenario& s, const std::string& key)
{
    return s.raw.at(key);
}

/// \param s the scenario \param key option \param min smallest \param max largest \return value
uint64_t
GetU(const Scenario& s, const std::string& key, uint64_t min, uint64_t max)
{
    uint64_t v = 0;
    Check(SanRunInput::ParseUnsigned(key, Get(s, key), min, max, v));
    return v;
}

/// \param s the scenario \param key option \return value
double
GetD(const Scenario& s, const std::string& key)
{
    double v = 0;
    Check(SanRunInput::ParseDouble(key, Get(s, key), v));
    return v;
}

/// \param s the scenario \param key option \return value
bool
GetB(const Scenario& s, const std::string& key)
{
    bool v = false;
    Check(SanRunInput::ParseBool(key, Get(s, key), v));
    return v;
}

/// \param name a routing as the user wrote it \return its TypeId name ("" for auto: the
/// topology's default, SanRouting::GetDefaultTypeIdName)
std::string
RoutingTypeId(const std::string& name)
{
    static const std::map<std::string, std::string> names = {
        {"dimension-order", "ns3::SanDimensionOrderRouting"},
        {"up-down", "ns3::SanUpDownRouting"},
        {"deterministic", "ns3::SanDeterministicRouting"},
        {"source", "ns3::SanSourceRouting"},
        {"minimal-adaptive", "ns3::SanMinimalAdaptiveRouting"},
        {"adaptive", "ns3::SanMinimalAdaptiveRouting"},
        {"valiant", "ns3::SanValiantRouting"},
        {"ugal", "ns3::SanUgalRouting"}};
    if (name == "auto")
    {
        return "";
    }
    const auto it = names.find(name);
    return it != names.end() ? it->second : name;
}

/// \param name a switching mode as the user wrote it \return the SanFabric enum name
std::string
ModeName(const std::string& name)
{
    static const std::map<std::string, std::string> names = {
        {"wormhole", "Wormhole"},
        {"virtual-cut-through", "VirtualCutThrough"},
        {"vct", "VirtualCutThrough"},
        {"store-and-forward", "StoreAndForward"},
        {"cell", "Cell"}};
    const auto it = names.find(name);
    if (it != names.end())
    {
        return it->second;
    }
    for (const auto& n : names)
    {
        if (n.second == name)
        {
            return name;
        }
    }
    Fail("--mode=" + SanRunInput::Abbreviate(name) +
         ": unknown switching mode (use wormhole, virtual-cut-through, store-and-forward or "
         "cell)");
}

/// Value ranges of the topology options: what the command line accepts before the topology
/// itself checks the combination (CheckTopology).
struct TopologyOptions
{
    uint64_t x;      //!< mesh/torus x
    uint64_t y;      //!< mesh/torus y
    uint64_t c;      //!< hosts per switch
    uint64_t ring;   //!< ring switches
    uint64_t hosts;  //!< crossbar hosts
    uint64_t k;      //!< fat-tree arity
    uint64_t n;      //!< fat-tree levels
    uint64_t p;      //!< dragonfly hosts per router
    uint64_t a;      //!< dragonfly routers per group
    uint64_t h;      //!< dragonfly global links per router
    uint64_t groups; //!< dragonfly groups
};

/// \param s the scenario \return its topology options, each in the range of its attribute
TopologyOptions
GetTopologyOptions(const Scenario& s)
{
    const uint64_t u32 = 0xffffffffULL;
    return TopologyOptions{GetU(s, "x", 1, u32),
                           GetU(s, "y", 1, u32),
                           GetU(s, "hostsPerSwitch", 1, u32),
                           GetU(s, "switches", 1, u32),
                           GetU(s, "hosts", 1, u32),
                           GetU(s, "k", 2, u32),
                           GetU(s, "n", 1, u32),
                           GetU(s, "hostsPerRouter", 1, u32),
                           GetU(s, "routersPerGroup", 1, u32),
                           GetU(s, "globalLinks", 1, u32),
                           GetU(s, "groups", 0, u32)};
}

/// Check the named topology's options together, as the topology would (one line, no abort).
void
CheckTopology(const Scenario& s)
{
    const std::string& topology = Get(s, "topology");
    const TopologyOptions o = GetTopologyOptions(s);
    auto u = [](uint64_t v) { return static_cast<uint32_t>(v); };
    std::string error;
    if (topology == "mesh" || topology == "torus")
    {
        error = SanMeshTopology::CheckAttributes(u(o.x), u(o.y), u(o.c), topology == "torus");
    }
    else if (topology == "ring")
    {
        error = SanRingTopology::CheckAttributes(u(o.ring), u(o.c));
    }
    else if (topology == "crossbar")
    {
        error = SanCrossbarTopology::CheckAttributes(u(o.hosts));
    }
    else if (topology == "fat-tree")
    {
        error = SanFatTreeTopology::CheckAttributes(u(o.k), u(o.n));
    }
    else if (topology == "dragonfly")
    {
        error = SanDragonflyTopology::CheckAttributes(u(o.p), u(o.a), u(o.h), u(o.groups));
    }
    if (!error.empty())
    {
        Fail("--topology=" + topology + ": " + error);
    }
}

/// Configure a fabric helper as the scenario says (checked beforehand by Validate).
void
Configure(const Scenario& s, SanFabricHelper& fabric)
{
    const std::string& topology = Get(s, "topology");
    const TopologyOptions o = GetTopologyOptions(s);
    if (topology == "mesh" || topology == "torus")
    {
        fabric.SetTopology("ns3::SanMeshTopology",
                           "X",
                           UintegerValue(o.x),
                           "Y",
                           UintegerValue(o.y),
                           "HostsPerSwitch",
                           UintegerValue(o.c),
                           "Wrap",
                           BooleanValue(topology == "torus"));
    }
    else if (topology == "ring")
    {
        fabric.SetTopology("ns3::SanRingTopology",
                           "NSwitches",
                           UintegerValue(o.ring),
                           "HostsPerSwitch",
                           UintegerValue(o.c));
    }
    else if (topology == "crossbar")
    {
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(o.hosts));
    }
    else if (topology == "fat-tree")
    {
        fabric.SetTopology("ns3::SanFatTreeTopology",
                           "K",
                           UintegerValue(o.k),
                           "N",
                           UintegerValue(o.n));
    }
    else if (topology == "dragonfly")
    {
        fabric.SetTopology("ns3::SanDragonflyTopology",
                           "P",
                           UintegerValue(o.p),
                           "A",
                           UintegerValue(o.a),
                           "H",
                           UintegerValue(o.h),
                           "Groups",
                           UintegerValue(o.groups));
    }
    else if (topology == "graph")
    {
        fabric.SetTopology("ns3::SanGraphTopology", "FileName", StringValue(Get(s, "graph")));
    }
    else
    {
        fabric.SetTopology(topology);
    }
    const std::string routing = RoutingTypeId(Get(s, "routing"));
    if (!routing.empty())
    {
        fabric.SetRouting(routing);
    }
    const uint64_t maxSize = GetU(s, "maxPacketSize", 0, 0xffffffffULL);
    fabric.SetFabricAttribute("SwitchingMode", StringValue(ModeName(Get(s, "mode"))));
    fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(maxSize));
    const uint64_t bufferSize = GetU(s, "bufferSize", 0, 0xffffffffULL);
    fabric.SetFabricAttribute(
        "BufferSize",
        UintegerValue(bufferSize ? bufferSize : GetU(s, "bufferPackets", 1, 256) * maxSize));
    fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate(Get(s, "dataRate"))));
    fabric.SetChannelAttribute("Delay", TimeValue(Time(Get(s, "delay"))));
    fabric.SetChannelAttribute("FramingBytes", UintegerValue(GetU(s, "framing", 0, 0xffffffffULL)));
    fabric.SetFlowControl(Get(s, "flowControl") == "xon-xoff" ? "XonXoff" : "Credits");
    fabric.SetSwitchAttribute("RoutingDelay", TimeValue(Time(Get(s, "routingDelay"))));
}

/// \param text a number and a unit, perhaps with blanks between ("640 Mbps")
/// \return the same without the blanks ("640Mbps"), or "" if it is not of that form
std::string
JoinNumberAndUnit(const std::string& text)
{
    const auto b = text.find_first_not_of(" \t");
    const auto e = text.find_last_not_of(" \t");
    if (b == std::string::npos)
    {
        return "";
    }
    const std::string t = text.substr(b, e - b + 1);
    const auto unit = t.find_first_not_of("0123456789.eE+-");
    if (unit == std::string::npos)
    {
        return t;
    }
    const auto unitStart = t.find_first_not_of(" \t", unit);
    const std::string joined = t.substr(0, unit) + t.substr(unitStart);
    return joined.find_first_of(" \t") == std::string::npos ? joined : "";
}

/// Check everything that can be checked before a run; fill the derived settings.
void
Validate(Scenario& s)
{
    const std::string& topology = Get(s, "topology");
    if (topology.rfind("ns3::", 0) == 0)
    {
        Check(SanTypeIdError(topology, SanTopology::GetTypeId(), "--topology"));
    }
    else if (topology != "mesh" && topology != "torus" && topology != "ring" &&
             topology != "crossbar" && topology != "fat-tree" && topology != "dragonfly" &&
             topology != "graph")
    {
        Fail("--topology=" + SanRunInput::Abbreviate(topology) +
             ": unknown topology (use crossbar, ring, mesh, torus, fat-tree, dragonfly, graph or "
             "a TypeId ns3::...)");
    }
    CheckTopology(s);
    if (topology == "graph")
    {
        Check(SanGraphTopology::ValidateFile(Get(s, "graph")));
    }
    const std::string routing = RoutingTypeId(Get(s, "routing"));
    if (!routing.empty())
    {
        Check(SanTypeIdError(routing, SanRouting::GetTypeId(), "--routing"));
    }
    ModeName(Get(s, "mode"));
    const std::string& fc = Get(s, "flowControl");
    if (fc != "credits" && fc != "xon-xoff")
    {
        Fail("--flowControl=" + SanRunInput::Abbreviate(fc) + ": use credits or xon-xoff");
    }
    for (const char* key : {"dataRate", "delay", "routingDelay"})
    {
        // "640 Mbps" is "640Mbps": a value is never cut at a blank, and ns-3's parsers take
        // the unit joined to the number.
        const std::string text = JoinNumberAndUnit(Get(s, key));
        bool ok = !text.empty();
        if (ok && std::string(key) == "dataRate")
        {
            ok = DataRateValue().DeserializeFromString(text, MakeDataRateChecker());
        }
        else if (ok)
        {
            // ns-3's Time parser aborts on text it cannot read: check the form first.
            ok = SanRunInput::IsTimeText(text);
        }
        if (!ok)
        {
            Fail(std::string("--") + key + "=" + SanRunInput::Abbreviate(Get(s, key)) +
                 ": not a valid " + (std::string(key) == "dataRate" ? "data rate" : "time"));
        }
        s.raw[key] = text;
    }
    if (DataRate(Get(s, "dataRate")).GetBitRate() == 0)
    {
        Fail("--dataRate=" + Get(s, "dataRate") + ": must be positive");
    }
    SanTrafficGenerator::Pattern pattern;
    Check(SanTrafficGenerator::PatternFromName(Get(s, "pattern"), pattern));
    s.patternAttr = SanTrafficGenerator::GetPatternAttributeName(pattern);
    Check(SanRunInput::ParseLoads(Get(s, "load"), s.loads));

    // Sizes: the largest packet, its framing and the buffers must fit 32 bits.
    uint64_t largest = GetU(s, "packetSize", 1, 0xffffffffULL);
    double mean = static_cast<double>(largest);
    if (!Get(s, "sizes").empty())
    {
        std::vector<std::pair<uint32_t, double>> sizes;
        Check(SanTrafficGenerator::ParseSizeDistribution(Get(s, "sizes"), sizes));
        largest = 0;
        mean = 0;
        double cumulative = 0; // the parsed weights are cumulative
        for (const auto& e : sizes)
        {
            largest = std::max<uint64_t>(largest, e.first);
            mean += e.first * (e.second - cumulative);
            cumulative = e.second;
        }
        mean = cumulative > 0 ? mean / cumulative : 0;
    }
    uint64_t maxSize = GetU(s, "maxPacketSize", 0, 0xffffffffULL);
    if (maxSize == 0)
    {
        maxSize = largest;
        s.raw["maxPacketSize"] = std::to_string(maxSize);
    }
    if (largest > maxSize)
    {
        Fail("packet size " + std::to_string(largest) +
             " exceeds --maxPacketSize=" + std::to_string(maxSize));
    }
    const uint64_t framing = GetU(s, "framing", 0, 0xffffffffULL);
    const uint64_t bufferSize = GetU(s, "bufferSize", 0, 0xffffffffULL);
    const uint64_t buffer = bufferSize ? bufferSize : GetU(s, "bufferPackets", 1, 256) * maxSize;
    Check(SanRunInput::CheckSizes(maxSize, framing, buffer));
    const double hot = GetD(s, "hotSpotFraction");
    if (hot < 0 || hot > 1)
    {
        Fail("--hotSpotFraction=" + Get(s, "hotSpotFraction") + ": must be between 0 and 1");
    }
    GetU(s, "hotSpotHost", 0, 0xffffffffULL);
    GetU(s, "radix", 0, 0xffffffffULL);
    GetU(s, "groupSize", 0, 0xffffffffULL);
    GetU(s, "maxSourceQueue", 1, 0xffffffffULL);
    GetU(s, "bisections", 0, 30);
    GetU(s, "topLinks", 0, 1000);
    GetU(s, "seeds", 1, 1000);
    if (!Get(s, "run").empty())
    {
        GetU(s, "run", 1, 0xffffffffULL);
    }
    const uint64_t packetTimes = GetU(s, "warmup", 0, 10000000) + GetU(s, "measure", 1, 10000000) +
                                 GetU(s, "drain", 0, 10000000);
    const double tol = GetD(s, "tolerance");
    if (tol <= 0 || tol >= 1)
    {
        Fail("--tolerance=" + Get(s, "tolerance") + ": must be between 0 and 1");
    }
    GetB(s, "saturation");
    GetB(s, "progress");

    // Simulated time must stay within ns-3's range (2^63 ns; a margin of 2): the whole run,
    // and the mean gap between a source's packets at the lowest load.
    const double packetTimeNs =
        (mean + framing) * 8 * 1e9 / static_cast<double>(DataRate(Get(s, "dataRate")).GetBitRate());
    const double limitNs = std::ldexp(1.0, 62);
    if (packetTimeNs * packetTimes > limitNs || packetTimeNs / s.loads.front() > limitNs)
    {
        std::ostringstream o;
        o << "a packet-time of " << packetTimeNs * 1e-9 << " s (packets of " << mean
          << " bytes at --dataRate=" << Get(s, "dataRate") << ") makes the run longer than "
          << "ns-3's time range (2^62 ns, about 146 years); use a faster link or smaller packets";
        Fail(o.str());
    }

    // The fabric as Install would build it: the routing function must fit the topology, the
    // packets the buffers.
    SanFabricHelper probe;
    Configure(s, probe);
    Check(probe.GetConfigurationError());
    const uint32_t nHosts = probe.GetTopology()->GetNHosts();
    if (nHosts < 2)
    {
        Fail("--topology=" + topology + ": " + std::to_string(nHosts) +
             " host; traffic needs at least 2");
    }
    if (pattern == SanTrafficGenerator::GROUP_SHIFT && GetU(s, "groupSize", 0, ~0ULL) == 0)
    {
        if (topology != "dragonfly")
        {
            Fail("--pattern=group-shift needs --groupSize (hosts per block) on a " + topology +
                 " topology");
        }
        const TopologyOptions o = GetTopologyOptions(s);
        s.raw["groupSize"] = std::to_string(o.p * o.a);
    }
    if (pattern == SanTrafficGenerator::PERMUTATION)
    {
        Check(SanRunInput::CheckRegularFile(Get(s, "permutation"), "permutation file"));
        Check(SanTrafficHelper::ReadPermutation(Get(s, "permutation"), nHosts, s.permutation));
    }
    else if (pattern != SanTrafficGenerator::UNIFORM && pattern != SanTrafficGenerator::HOTSPOT)
    {
        Ptr<SanTrafficGenerator> g = CreateObject<SanTrafficGenerator>();
        g->SetAttribute("Pattern", StringValue(s.patternAttr));
        g->SetAttribute("Radix", UintegerValue(GetU(s, "radix", 0, 0xffffffffULL)));
        g->SetAttribute("GroupSize", UintegerValue(GetU(s, "groupSize", 0, 0xffffffffULL)));
        std::string error;
        g->FindPermutationDestination(0, nHosts, error);
        Check(error);
    }
    if (pattern == SanTrafficGenerator::HOTSPOT && GetU(s, "hotSpotHost", 0, ~0ULL) >= nHosts)
    {
        Fail("--hotSpotHost=" + Get(s, "hotSpotHost") +
             ": out of range (hosts: " + std::to_string(nHosts) + ")");
    }
}

/// \param v a statistic \param seeds seeds \return "mean" or "mean±ci"
std::string
Show(const SanStatistic& v, uint32_t seeds, int precision = 3)
{
    std::ostringstream o;
    o << std::fixed << std::setprecision(precision) << v.mean;
    if (seeds > 1)
    {
        o << "±" << v.ci95;
    }
    return o.str();
}

/// \return the process's peak resident set, in MiB (0 if unknown)
double
PeakRssMib()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
    {
        if (line.rfind("VmHWM:", 0) == 0)
        {
            return std::stod(line.substr(6)) / 1024;
        }
    }
    return 0;
}

/// The ns-3 attributes that san-run sets from its own options: a default given for one of them
/// would be overridden, so it is refused with the option to use instead.
const std::map<std::string, std::string> g_ownAttributes = {
    {"ns3::SanFabric::SwitchingMode", "--mode"},
    {"ns3::SanFabric::MaxPacketSize", "--maxPacketSize"},
    {"ns3::SanFabric::BufferSize", "--bufferSize or --bufferPackets"},
    {"ns3::SanChannel::DataRate", "--dataRate"},
    {"ns3::SanChannel::Delay", "--delay"},
    {"ns3::SanChannel::FramingBytes", "--framing"},
    {"ns3::SanChannel::FlowControl", "--flowControl"},
    {"ns3::SanChannel::XoffThreshold", "--flowControl"},
    {"ns3::SanChannel::XonThreshold", "--flowControl"},
    {"ns3::SanSwitch::RoutingDelay", "--routingDelay"},
    {"ns3::SanMeshTopology::X", "--x"},
    {"ns3::SanMeshTopology::Y", "--y"},
    {"ns3::SanMeshTopology::HostsPerSwitch", "--hostsPerSwitch"},
    {"ns3::SanMeshTopology::Wrap", "--topology=mesh or torus"},
    {"ns3::SanRingTopology::NSwitches", "--switches"},
    {"ns3::SanRingTopology::HostsPerSwitch", "--hostsPerSwitch"},
    {"ns3::SanCrossbarTopology::NHosts", "--hosts"},
    {"ns3::SanFatTreeTopology::K", "--k"},
    {"ns3::SanFatTreeTopology::N", "--n"},
    {"ns3::SanDragonflyTopology::P", "--hostsPerRouter"},
    {"ns3::SanDragonflyTopology::A", "--routersPerGroup"},
    {"ns3::SanDragonflyTopology::H", "--globalLinks"},
    {"ns3::SanDragonflyTopology::Groups", "--groups"},
    {"ns3::SanGraphTopology::FileName", "--graph"},
    {"ns3::SanTrafficGenerator::Pattern", "--pattern"},
    {"ns3::SanTrafficGenerator::PacketSize", "--packetSize"},
    {"ns3::SanTrafficGenerator::SizeDistribution", "--sizes"},
    {"ns3::SanTrafficGenerator::HotSpotHost", "--hotSpotHost"},
    {"ns3::SanTrafficGenerator::HotSpotFraction", "--hotSpotFraction"},
    {"ns3::SanTrafficGenerator::Radix", "--radix"},
    {"ns3::SanTrafficGenerator::GroupSize", "--groupSize"},
    {"ns3::SanTrafficGenerator::MaxSourceQueue", "--maxSourceQueue"},
};

/// The options whose values name files: relative paths in a configuration file are taken
/// from the file's folder.
const char* const g_pathOptions[] = {"graph", "permutation", "csv", "json", "flows"};

/// \param option an option name \return true if it takes true/false
bool
IsBoolOption(const std::string& option)
{
    return option == "saturation" || option == "progress";
}

/**
 * Apply one setting (from a configuration file or the command line): one of san-run's options,
 * an ns-3 attribute default (ns3::Type::Attribute) or an ns-3 global value (RngRun, ...).
 * \param s the scenario \param st the setting \param given the options set so far
 */
void
Apply(Scenario& s, const SanRunInput::Setting& st, std::map<std::string, std::string>& given)
{
    const std::string where = st.where.empty() ? "--" + st.key : st.where + ": " + st.key;
    const std::string shown = SanRunInput::Abbreviate(st.value);
    if (s.raw.count(st.key) != 0)
    {
        s.raw[st.key] = st.value;
        given[st.key] = st.value;
        return;
    }
    if (st.key.rfind("ns3::", 0) == 0)
    {
        const auto own = g_ownAttributes.find(st.key);
        if (own != g_ownAttributes.end())
        {
            Fail(where + ": san-run sets this attribute from " + own->second + "; use that");
        }
        const auto sep = st.key.rfind("::");
        TypeId tid;
        TypeId::AttributeInformation info;
        if (sep == std::string::npos || sep < 5 ||
            !TypeId::LookupByNameFailSafe(st.key.substr(0, sep), &tid) ||
            !tid.LookupAttributeByName(st.key.substr(sep + 2), &info))
        {
            Fail(where + ": no such ns-3 attribute (expected ns3::Type::Attribute, as "
                         "--PrintAttributes=ns3::Type lists them)");
        }
        if (!SanRunInput::IsSafeAttributeText(info.checker->GetValueTypeName(), st.value) ||
            !Config::SetDefaultFailSafe(st.key, StringValue(st.value)))
        {
            Fail(where + "=" + shown + ": not a valid value of this attribute");
        }
        return;
    }
    for (auto g = GlobalValue::Begin(); g != GlobalValue::End(); ++g)
    {
        if ((*g)->GetName() == st.key)
        {
            if (!SanRunInput::IsSafeAttributeText((*g)->GetChecker()->GetValueTypeName(),
                                                  st.value) ||
                !GlobalValue::BindFailSafe(st.key, StringValue(st.value)))
            {
                Fail(where + "=" + shown + ": not a valid value of ns-3's global " + st.key);
            }
            given[st.key] = st.value;
            return;
        }
    }
    Fail(where + ": unknown option (the options are those of --help, an ns-3 attribute "
                 "ns3::Type::Attribute or an ns-3 global such as RngRun)");
}

} // namespace

/**
 * \param path the --flows file \param load a run's offered load \param run its run number
 * \return the run's own file: -load<L>-run<R> before the extension
 */
std::string
FlowFileName(const std::string& path, double load, uint64_t run)
{
    const std::filesystem::path p(path);
    std::ostringstream name;
    name << p.stem().string() << "-load" << load << "-run" << run << p.extension().string();
    return (p.parent_path() / name.str()).string();
}

/// Write one run's flows. \param monitor the run's monitor \param path the file (CSV if it
/// ends in .csv, else XML)
void
WriteFlows(const SanFlowMonitor& monitor, const std::string& path)
{
    SanOutputFile out;
    Check(out.Open(path));
    if (std::filesystem::path(path).extension() == ".csv")
    {
        monitor.SerializeToCsvStream(out.Stream());
    }
    else
    {
        out.Stream() << "<?xml version=\"1.0\" ?>\n";
        monitor.SerializeToXmlStream(out.Stream(), 0, true);
    }
    Check(out.Commit());
}

int
main(int argc, char* argv[])
{
    SanFabricBenchmark::UseExamplesScheduler(); // the fastest measured; --SchedulerType overrides
    Scenario s;
    for (const Option& o : g_options)
    {
        s.raw[o.name] = o.def;
    }
    // Configuration files first, in the order given, then the command line, so that it wins.
    // Every value is taken whole (ns-3's CommandLine would cut it at a blank).
    std::vector<SanRunInput::Setting> fromFiles;
    std::vector<SanRunInput::Setting> fromLine;
    std::vector<std::string> helpArgs;
    for (int i = 1; i < argc; ++i)
    {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h" || a == "--version" || a.rfind("--Print", 0) == 0)
        {
            helpArgs.push_back(a);
            continue;
        }
        if (a.rfind("--", 0) != 0)
        {
            Fail("'" + SanRunInput::Abbreviate(a) + "': options start with -- (did you mean --" +
                 SanRunInput::Abbreviate(a) + "?)");
        }
        const auto eq = a.find('=');
        SanRunInput::Setting st;
        st.key = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        if (eq == std::string::npos)
        {
            if (!IsBoolOption(st.key))
            {
                Fail("--" + SanRunInput::Abbreviate(st.key) + ": needs a value (--" +
                     SanRunInput::Abbreviate(st.key) + "=VALUE)");
            }
            st.value = "true";
        }
        else
        {
            st.value = a.substr(eq + 1);
        }
        if (st.key == "config")
        {
            std::vector<SanRunInput::Setting> file;
            Check(SanRunInput::ReadConfigFile(st.value, file));
            const std::filesystem::path folder = std::filesystem::path(st.value).parent_path();
            for (SanRunInput::Setting& f : file)
            {
                for (const char* key : g_pathOptions)
                {
                    // An output's "none" is no file, not a file in the config's folder.
                    const bool output = f.key == "csv" || f.key == "json" || f.key == "flows";
                    if (f.key == key && !f.value.empty() &&
                        !(output && SanOutputFile::IsNoFile(f.value)) &&
                        std::filesystem::path(f.value).is_relative())
                    {
                        f.value = (folder / f.value).string();
                    }
                }
                fromFiles.push_back(f);
            }
        }
        else
        {
            fromLine.push_back(st);
        }
    }
    if (!helpArgs.empty())
    {
        // ns-3's CommandLine prints the help (and --PrintAttributes=... and so on) and exits.
        CommandLine cmd(__FILE__);
        cmd.Usage(
            "san-run: a fabric under synthetic traffic, from the command line or a "
            "configuration file.\n\n"
            "A packet-time is the time to serialize one packet of the mean packet size, framing "
            "included, on a host's link; offered load and accepted throughput are packets per "
            "sending host per packet-time (1 keeps a host link busy), latencies are in "
            "packet-times (creation to tail delivery of the packets created in the window).\n"
            "Saturation throughput (Dally and Towles, ch. 23): the offered load at which "
            "accepted throughput falls below offered load, i.e. some source's demand is no "
            "longer met; found by sweeping --load and bisecting; 'at least' when no load "
            "saturates.\n"
            "--config=FILE reads 'key = value' lines (keys as below, or ns3::Type::Attribute, "
            "or an ns-3 global such as RngRun; '#' or '//' at a line's start or after a blank "
            "begin a comment; a trailing ';' is ignored; a value in double quotes is taken as "
            "it is; relative file names are taken from the file's folder); several files are "
            "read in order, and options on the command line override them all.");
        std::string config;
        cmd.AddValue("config", "configuration file of 'key = value' lines", config);
        std::map<std::string, std::string> shown = s.raw;
        for (const Option& o : g_options)
        {
            cmd.AddValue(o.name, o.help, shown[o.name]);
        }
        std::vector<char*> argv2{argv[0]};
        for (std::string& h : helpArgs)
        {
            argv2.push_back(h.data());
        }
        cmd.Parse(static_cast<int>(argv2.size()), argv2.data());
        return 0;
    }
    std::map<std::string, std::string> given;
    for (const SanRunInput::Setting& st : fromFiles)
    {
        Apply(s, st, given);
    }
    for (const SanRunInput::Setting& st : fromLine)
    {
        Apply(s, st, given);
    }
    if (given.count("run") != 0 && given.count("RngRun") != 0)
    {
        Fail("--run and --RngRun both set the first run number: give one");
    }
    if (Get(s, "run").empty())
    {
        s.raw["run"] = std::to_string(RngSeedManager::GetRun());
    }
    Validate(s);

    // Every output opened before the first run: a bad path fails now, not after the sweep.
    SanOutputFile csv;
    SanOutputFile json;
    if (!SanOutputFile::IsNoFile(Get(s, "csv")))
    {
        Check(csv.Open(Get(s, "csv")));
        csv.Stream() << "offered_load,accepted,accepted_ci95,latency_mean,latency_mean_ci95,"
                        "latency_p50,latency_p99,latency_max,hops,worst_source_fraction,"
                        "not_injected,saturated,packet_time_ns,vc_occupancy,busiest_link,"
                        "busiest_link_utilisation,load_bound,topology,routing,pattern\n";
    }
    if (!SanOutputFile::IsNoFile(Get(s, "json")))
    {
        Check(json.Open(Get(s, "json")));
    }
    const std::string flowsPath =
        SanOutputFile::IsNoFile(Get(s, "flows")) ? std::string() : Get(s, "flows");
    if (!flowsPath.empty())
    {
        SanOutputFile check; // a bad path fails now; the runs write their own files
        Check(check.Open(flowsPath));
        check.Discard();
    }

    const uint32_t seeds = GetU(s, "seeds", 1, 1000);
    SanLoadSweep sweep;
    sweep.SetFabricSetup([&s](SanFabricHelper& fabric) { Configure(s, fabric); });
    sweep.SetTrafficAttribute("Pattern", StringValue(s.patternAttr));
    sweep.SetTrafficAttribute("PacketSize", UintegerValue(GetU(s, "packetSize", 1, ~0ULL)));
    sweep.SetTrafficAttribute("SizeDistribution", StringValue(Get(s, "sizes")));
    sweep.SetTrafficAttribute("HotSpotHost", UintegerValue(GetU(s, "hotSpotHost", 0, ~0ULL)));
    sweep.SetTrafficAttribute("HotSpotFraction", DoubleValue(GetD(s, "hotSpotFraction")));
    sweep.SetTrafficAttribute("Radix", UintegerValue(GetU(s, "radix", 0, ~0ULL)));
    sweep.SetTrafficAttribute("GroupSize", UintegerValue(GetU(s, "groupSize", 0, ~0ULL)));
    sweep.SetTrafficAttribute("MaxSourceQueue",
                              UintegerValue(GetU(s, "maxSourceQueue", 1, 0xffffffffULL)));
    sweep.SetPermutation(s.permutation);
    sweep.SetWindows(GetU(s, "warmup", 0, ~0ULL),
                     GetU(s, "measure", 1, ~0ULL),
                     GetU(s, "drain", 0, ~0ULL));
    sweep.SetSeeds(seeds, GetU(s, "run", 1, ~0ULL));
    sweep.SetTolerance(GetD(s, "tolerance"));
    sweep.SetTopLinks(GetU(s, "topLinks", 0, 1000));
    sweep.SetProgress(GetB(s, "progress") ? Seconds(3) : Seconds(0));
    std::unique_ptr<SanFlowMonitorHelper> flows;
    if (!flowsPath.empty())
    {
        const bool oneRun = seeds == 1 && s.loads.size() == 1 && !GetB(s, "saturation");
        sweep.SetRunHooks(
            [&flows](double, uint64_t) {
                flows = std::make_unique<SanFlowMonitorHelper>();
                flows->InstallAll();
            },
            [&flows, &flowsPath, oneRun](double load, uint64_t run) {
                const std::string path = oneRun ? flowsPath : FlowFileName(flowsPath, load, run);
                WriteFlows(*flows->GetMonitor(), path);
                std::ostringstream line; // the load as in the file name, not as in the report
                line << "san-run: flows of load " << load << " run " << run << " in " << path
                     << " (" << flows->GetMonitor()->GetFlowStats().size() << " flows)";
                std::cout << line.str() << std::endl;
                flows.reset(); // before Simulator::Destroy
            });
    }

    SanFabricHelper probe;
    Configure(s, probe);
    const std::string routingName = probe.GetRoutingTypeId().GetName();
    nlohmann::json points = nlohmann::json::array();
    // The most the pattern can load these channels: no saturation is reported above it.
    const SanLoadBound bound = sweep.GetLoadBound();
    std::cout << "san-run: " << Get(s, "topology") << " topology, routing " << routingName << ", "
              << ModeName(Get(s, "mode")) << ", pattern " << Get(s, "pattern") << ", " << seeds
              << (seeds == 1 ? " seed" : " seeds") << std::endl;
    auto report = [&](const SanLoadSummary& p) {
        const SanLoadPoint& r = p.runs.front();
        std::ostringstream vcs;
        for (size_t v = 0; v < r.vcOccupancy.size(); ++v)
        {
            vcs << (v ? ";" : "") << std::fixed << std::setprecision(3) << r.vcOccupancy[v];
        }
        std::cout << "san-run: load=" << std::fixed << std::setprecision(3) << p.offered
                  << " accepted=" << Show(p.accepted, seeds, 4)
                  << " latency mean=" << Show(p.latencyMean, seeds)
                  << " p50=" << Show(p.latencyP50, seeds) << " p99=" << Show(p.latencyP99, seeds)
                  << " max=" << Show(p.latencyMax, seeds) << " packet-times"
                  << " hops=" << Show(p.hops, seeds) << " not_injected=" << p.notInjected
                  << " vc_occupancy=" << vcs.str() << (p.saturated ? " saturated" : "")
                  << (p.aboveBound && !p.windowSaturated
                          ? " (above the load bound; the window alone did not show it)"
                          : "")
                  << std::endl;
        for (const SanLoadPoint::Link& l : r.topLinks)
        {
            std::cout << "san-run:   link " << l.name << " utilisation " << std::setprecision(3)
                      << l.utilisation << std::endl;
        }
        if (csv.IsOpen())
        {
            csv.Stream() << std::setprecision(6) << p.offered << "," << p.accepted.mean << ","
                         << p.accepted.ci95 << "," << p.latencyMean.mean << ","
                         << p.latencyMean.ci95 << "," << p.latencyP50.mean << ","
                         << p.latencyP99.mean << "," << p.latencyMax.mean << "," << p.hops.mean
                         << "," << p.minSourceFraction.mean << "," << p.notInjected << ","
                         << (p.saturated ? 1 : 0) << "," << r.packetTimeNs << "," << vcs.str()
                         << "," << (r.topLinks.empty() ? "" : r.topLinks.front().name) << ","
                         << (r.topLinks.empty() ? 0.0 : r.topLinks.front().utilisation) << ",";
            if (bound.kind != SanLoadBound::NONE)
            {
                csv.Stream() << bound.load;
            }
            // The run's names (option values and TypeIds: no commas), so a plot can say what
            // it shows (analysis/plot_san_run.py).
            csv.Stream() << "," << Get(s, "topology") << "," << routingName << ","
                         << Get(s, "pattern") << "\n";
        }
        nlohmann::json links = nlohmann::json::array();
        for (const SanLoadPoint::Link& l : r.topLinks)
        {
            links.push_back({{"link", l.name}, {"utilisation", l.utilisation}});
        }
        points.push_back({{"offered_load", p.offered},
                          {"accepted", {{"mean", p.accepted.mean}, {"ci95", p.accepted.ci95}}},
                          {"latency_packet_times",
                           {{"mean", p.latencyMean.mean},
                            {"mean_ci95", p.latencyMean.ci95},
                            {"p50", p.latencyP50.mean},
                            {"p99", p.latencyP99.mean},
                            {"max", p.latencyMax.mean}}},
                          {"hops", p.hops.mean},
                          {"worst_source_fraction", p.minSourceFraction.mean},
                          {"not_injected", p.notInjected},
                          {"saturated", p.saturated},
                          {"saturated_in_window", p.windowSaturated},
                          {"above_load_bound", p.aboveBound},
                          {"packet_time_ns", r.packetTimeNs},
                          {"vc_occupancy", r.vcOccupancy},
                          {"top_links", links}});
    };

    if (bound.kind == SanLoadBound::NONE)
    {
        std::cout << "san-run: load bound: none (" << bound.reason << ")" << std::endl;
    }
    else
    {
        std::cout << "san-run: load bound=" << std::fixed << std::setprecision(4) << bound.load
                  << " (" << bound.GetKindName() << ", limited by " << bound.channel
                  << (bound.reason.empty() ? "" : "; " + bound.reason) << ")" << std::endl;
    }
    SanSaturation sat;
    const bool findSaturation = GetB(s, "saturation");
    if (findSaturation)
    {
        sat = sweep.FindSaturation(s.loads, GetU(s, "bisections", 0, 30), 0, report);
        std::cout << "san-run: saturation" << (sat.atLeast ? ">=" : "=") << std::fixed
                  << std::setprecision(4) << sat.load;
        if (!sat.atLeast)
        {
            std::cout << " (demand met at " << sat.load << ", not at " << sat.upper << ")";
            if (bound.kind != SanLoadBound::NONE)
            {
                std::cout << " load bound=" << bound.load;
            }
        }
        else
        {
            std::cout << " (no load tried saturated: at least " << sat.load << ")";
        }
        std::cout << std::endl;
    }
    else
    {
        for (double load : s.loads)
        {
            report(sweep.Measure(load));
        }
    }
    std::cout << "san-run: peak_rss_mib=" << std::setprecision(1) << PeakRssMib() << std::endl;

    if (csv.IsOpen())
    {
        Check(csv.Commit());
    }
    if (json.IsOpen())
    {
        nlohmann::json doc;
        doc["settings"] = s.raw;
        doc["routing"] = routingName;
        doc["points"] = points;
        doc["load_bound"] = {{"kind", bound.GetKindName()},
                             {"load", bound.kind == SanLoadBound::NONE ? 0.0 : bound.load},
                             {"limited_by", bound.channel},
                             {"remark", bound.reason}};
        if (findSaturation)
        {
            doc["saturation"] = {{"load", sat.load},
                                 {"upper", sat.upper},
                                 {"at_least", sat.atLeast}};
        }
        json.Stream() << doc.dump(2) << "\n";
        Check(json.Commit());
    }
    return 0;
}
