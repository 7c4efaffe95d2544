/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// san-run: any fabric scenario without writing C++. Every option can be given on the command
// line (--key=value) or in a configuration file (--config=FILE, `key = value` lines as BookSim
// users write them, `#` or `//` comments); the command line overrides the file. Run with --help
// for every option.
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
    {"topology", "mesh", "crossbar, ring, mesh, torus, fat-tree, graph, or a SanTopology TypeId (ns3::...)"},
    {"x", "8", "mesh/torus: switches along x"},
    {"y", "8", "mesh/torus: switches along y"},
    {"hostsPerSwitch", "1", "mesh/torus/ring: hosts per switch"},
    {"switches", "8", "ring: switches"},
    {"hosts", "16", "crossbar: hosts"},
    {"k", "4", "fat-tree: switch arity (k-ary n-tree)"},
    {"n", "3", "fat-tree: levels"},
    {"graph", "", "graph: the graph file (see SanGraphTopology: 'switches N', 'link A B', 'hosts S C')"},
    {"routing", "auto", "dimension-order, up-down, deterministic, source, minimal-adaptive, valiant, or a SanRouting TypeId; auto: dimension-order on meshes and tori, up-down elsewhere"},
    {"mode", "virtual-cut-through", "switching: wormhole, virtual-cut-through, store-and-forward, cell"},
    {"bufferPackets", "4", "input buffer per virtual channel, in packets of maxPacketSize (the number of virtual channels is the routing function's)"},
    {"bufferSize", "0", "input buffer per virtual channel in bytes (overrides bufferPackets; 0: use bufferPackets)"},
    {"maxPacketSize", "0", "largest packet the fabric carries, bytes (0: the largest packet size used)"},
    {"flowControl", "credits", "link flow control: credits or xon-xoff"},
    {"dataRate", "640Mbps", "link rate (ns-3 DataRate)"},
    {"delay", "10ns", "link propagation delay (ns-3 Time)"},
    {"framing", "0", "framing bytes per packet on a link"},
    {"routingDelay", "500ns", "switch routing delay (ns-3 Time)"},
    {"pattern", "uniform", "traffic: uniform, hot-spot, transpose, bit-complement, bit-reversal, shuffle, tornado, neighbor, permutation"},
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
    {"maxSourceQueue", "256", "packets that may wait at a source; more are counted as not injected (0: unbounded)"},
    {"warmup", "500", "packet-times before the measurement window"},
    {"measure", "2000", "packet-times of the measurement window"},
    {"drain", "1500", "packet-times after the window (sources stopped)"},
    {"seeds", "1", "runs per load point (with several, 95% confidence intervals, Student t)"},
    {"run", "1", "first ns-3 run number"},
    {"topLinks", "5", "most loaded links to list"},
    {"csv", "", "CSV file, one row per load point (empty: none; missing folders are created)"},
    {"json", "", "JSON file with every point and the saturation (empty: none)"},
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

/// \param name a routing as the user wrote it \return its TypeId name
std::string
RoutingTypeId(const std::string& name, const std::string& topology)
{
    static const std::map<std::string, std::string> names = {
        {"dimension-order", "ns3::SanDimensionOrderRouting"},
        {"up-down", "ns3::SanUpDownRouting"},
        {"deterministic", "ns3::SanDeterministicRouting"},
        {"source", "ns3::SanSourceRouting"},
        {"minimal-adaptive", "ns3::SanMinimalAdaptiveRouting"},
        {"adaptive", "ns3::SanMinimalAdaptiveRouting"},
        {"valiant", "ns3::SanValiantRouting"}};
    if (name == "auto")
    {
        return topology == "mesh" || topology == "torus" ? "ns3::SanDimensionOrderRouting"
                                                         : "ns3::SanUpDownRouting";
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

/// Configure a fabric helper as the scenario says (checked beforehand by Validate).
void
Configure(const Scenario& s, SanFabricHelper& fabric)
{
    const std::string& topology = Get(s, "topology");
    if (topology == "mesh" || topology == "torus")
    {
        fabric.SetTopology("ns3::SanMeshTopology",
                           "X",
                           UintegerValue(GetU(s, "x", 1, 4096)),
                           "Y",
                           UintegerValue(GetU(s, "y", 1, 4096)),
                           "HostsPerSwitch",
                           UintegerValue(GetU(s, "hostsPerSwitch", 1, 64)),
                           "Wrap",
                           BooleanValue(topology == "torus"));
    }
    else if (topology == "ring")
    {
        fabric.SetTopology("ns3::SanRingTopology",
                           "NSwitches",
                           UintegerValue(GetU(s, "switches", 2, 65536)),
                           "HostsPerSwitch",
                           UintegerValue(GetU(s, "hostsPerSwitch", 1, 64)));
    }
    else if (topology == "crossbar")
    {
        fabric.SetTopology("ns3::SanCrossbarTopology",
                           "NHosts",
                           UintegerValue(GetU(s, "hosts", 2, 65536)));
    }
    else if (topology == "fat-tree")
    {
        fabric.SetTopology("ns3::SanFatTreeTopology",
                           "K",
                           UintegerValue(GetU(s, "k", 2, 64)),
                           "N",
                           UintegerValue(GetU(s, "n", 1, 8)));
    }
    else if (topology == "graph")
    {
        fabric.SetTopology("ns3::SanGraphTopology", "FileName", StringValue(Get(s, "graph")));
    }
    else
    {
        fabric.SetTopology(topology);
    }
    fabric.SetRouting(RoutingTypeId(Get(s, "routing"), topology));
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
             topology != "crossbar" && topology != "fat-tree" && topology != "graph")
    {
        Fail("--topology=" + SanRunInput::Abbreviate(topology) +
             ": unknown topology (use crossbar, ring, mesh, torus, fat-tree, graph or a TypeId "
             "ns3::...)");
    }
    if (topology == "graph")
    {
        Check(SanGraphTopology::ValidateFile(Get(s, "graph")));
    }
    Check(SanTypeIdError(RoutingTypeId(Get(s, "routing"), topology),
                         SanRouting::GetTypeId(),
                         "--routing"));
    ModeName(Get(s, "mode"));
    const std::string& fc = Get(s, "flowControl");
    if (fc != "credits" && fc != "xon-xoff")
    {
        Fail("--flowControl=" + SanRunInput::Abbreviate(fc) + ": use credits or xon-xoff");
    }
    for (const char* key : {"dataRate", "delay", "routingDelay"})
    {
        bool ok = true;
        if (std::string(key) == "dataRate")
        {
            ok = DataRateValue().DeserializeFromString(Get(s, key), MakeDataRateChecker());
        }
        else
        {
            // ns-3's Time parser aborts on text it cannot read: check the form first, a
            // non-negative number and one of its units.
            const std::string& text = Get(s, key);
            char* end = nullptr;
            const double number = std::strtod(text.c_str(), &end);
            const std::string unit = end ? std::string(end) : "";
            ok = end != text.c_str() && std::isfinite(number) && number >= 0 &&
                 (unit.empty() || unit == "s" || unit == "ms" || unit == "us" || unit == "ns" ||
                  unit == "ps" || unit == "fs" || unit == "min" || unit == "h" || unit == "d");
        }
        if (!ok)
        {
            Fail(std::string("--") + key + "=" + SanRunInput::Abbreviate(Get(s, key)) +
                 ": not a valid " + (std::string(key) == "dataRate" ? "data rate" : "time"));
        }
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
    if (!Get(s, "sizes").empty())
    {
        std::vector<std::pair<uint32_t, double>> sizes;
        Check(SanTrafficGenerator::ParseSizeDistribution(Get(s, "sizes"), sizes));
        largest = 0;
        for (const auto& e : sizes)
        {
            largest = std::max<uint64_t>(largest, e.first);
        }
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
    const uint64_t bufferSize = GetU(s, "bufferSize", 0, 0xffffffffULL);
    const uint64_t buffer = bufferSize ? bufferSize : GetU(s, "bufferPackets", 1, 256) * maxSize;
    Check(SanRunInput::CheckSizes(maxSize, GetU(s, "framing", 0, 0xffffffffULL), buffer));
    const double hot = GetD(s, "hotSpotFraction");
    if (hot < 0 || hot > 1)
    {
        Fail("--hotSpotFraction=" + Get(s, "hotSpotFraction") + ": must be between 0 and 1");
    }
    GetU(s, "hotSpotHost", 0, 0xffffffffULL);
    GetU(s, "radix", 0, 0xffffffffULL);
    GetU(s, "maxSourceQueue", 0, 0xffffffffULL);
    GetU(s, "bisections", 0, 30);
    GetU(s, "topLinks", 0, 1000);
    GetU(s, "seeds", 1, 1000);
    GetU(s, "run", 1, 0xffffffffULL);
    GetU(s, "warmup", 0, 10000000);
    GetU(s, "measure", 1, 10000000);
    GetU(s, "drain", 0, 10000000);
    const double tol = GetD(s, "tolerance");
    if (tol <= 0 || tol >= 1)
    {
        Fail("--tolerance=" + Get(s, "tolerance") + ": must be between 0 and 1");
    }
    GetB(s, "saturation");
    GetB(s, "progress");
    for (const char* key : {"csv", "json"})
    {
        if (!Get(s, key).empty())
        {
            Check(SanRunInput::MakeParentFolders(Get(s, key)));
        }
    }

    // Host count (and the permutation) need the topology: build it alone.
    SanFabricHelper probe;
    Configure(s, probe);
    const uint32_t nHosts = probe.GetTopology()->GetNHosts();
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

/// \param text a string \return it as a JSON string literal
std::string
Json(const std::string& text)
{
    std::string out = "\"";
    for (char c : text)
    {
        if (c == '"' || c == '\\')
        {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
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

} // namespace

int
main(int argc, char* argv[])
{
    SanFabricBenchmark::UseExamplesScheduler(); // the fastest measured; --SchedulerType overrides
    // A configuration file first; the command line after it, so that it wins.
    std::vector<std::string> args;
    std::vector<SanRunInput::Setting> fromFile;
    for (int i = 1; i < argc; ++i)
    {
        const std::string a = argv[i];
        if (a.rfind("--config=", 0) == 0)
        {
            Check(SanRunInput::ReadConfigFile(a.substr(9), fromFile));
        }
        else
        {
            args.push_back(a);
        }
    }
    Scenario s;
    for (const Option& o : g_options)
    {
        s.raw[o.name] = o.def;
    }
    // The file's settings, then the command line's: the last value of a key wins. Empty values
    // ("--csv=") are set here, since ns-3's CommandLine refuses an option without a value.
    std::map<std::string, std::string> given;
    std::vector<std::string> order;
    auto give = [&](const std::string& key, const std::string& value) {
        if (given.count(key) == 0)
        {
            order.push_back(key);
        }
        given[key] = value;
    };
    for (const SanRunInput::Setting& st : fromFile)
    {
        if (s.raw.count(st.key) == 0)
        {
            Fail(st.where + ": unknown key '" + SanRunInput::Abbreviate(st.key) +
                 "' (keys are the options of --help)");
        }
        give(st.key, st.value);
    }
    std::vector<std::string> merged;
    for (const std::string& a : args)
    {
        const auto eq = a.find('=');
        const std::string key = a.rfind("--", 0) == 0 ? a.substr(2, eq - 2) : "";
        if (eq != std::string::npos && s.raw.count(key) != 0)
        {
            give(key, a.substr(eq + 1));
        }
        else
        {
            merged.push_back(a); // --help, --PrintHelp, ... or an unknown option for CommandLine
        }
    }
    for (const std::string& key : order)
    {
        if (given[key].empty())
        {
            s.raw[key] = "";
        }
        else
        {
            merged.insert(merged.begin(), "--" + key + "=" + given[key]);
        }
    }
    std::vector<char*> argv2{argv[0]};
    for (std::string& m : merged)
    {
        argv2.push_back(m.data());
    }

    CommandLine cmd(__FILE__);
    cmd.Usage(
        "san-run: a fabric under synthetic traffic, from the command line or a configuration "
        "file.\n\n"
        "A packet-time is the time to serialize one packet of the mean packet size, framing "
        "included, on a host's link; offered load and accepted throughput are packets per "
        "sending host per packet-time (1 keeps a host link busy), latencies are in "
        "packet-times (creation to tail delivery of the packets created in the window).\n"
        "Saturation throughput (Dally and Towles, ch. 23): the offered load at which accepted "
        "throughput falls below offered load, i.e. some source's demand is no longer met; "
        "found by sweeping --load and bisecting; 'at least' when no load saturates.\n"
        "--config=FILE reads 'key = value' lines (keys as below; '#' or '//' comments; a "
        "trailing ';' is ignored); options on the command line override the file.");
    std::string config;
    cmd.AddValue("config", "configuration file of 'key = value' lines", config);
    for (const Option& o : g_options)
    {
        cmd.AddValue(o.name, o.help, s.raw[o.name]);
    }
    cmd.Parse(static_cast<int>(argv2.size()), argv2.data());
    Validate(s);

    const uint32_t seeds = GetU(s, "seeds", 1, 1000);
    SanLoadSweep sweep;
    sweep.SetFabricSetup([&s](SanFabricHelper& fabric) { Configure(s, fabric); });
    sweep.SetTrafficAttribute("Pattern", StringValue(s.patternAttr));
    sweep.SetTrafficAttribute("PacketSize", UintegerValue(GetU(s, "packetSize", 1, ~0ULL)));
    sweep.SetTrafficAttribute("SizeDistribution", StringValue(Get(s, "sizes")));
    sweep.SetTrafficAttribute("HotSpotHost", UintegerValue(GetU(s, "hotSpotHost", 0, ~0ULL)));
    sweep.SetTrafficAttribute("HotSpotFraction", DoubleValue(GetD(s, "hotSpotFraction")));
    sweep.SetTrafficAttribute("Radix", UintegerValue(GetU(s, "radix", 0, ~0ULL)));
    sweep.SetTrafficAttribute("MaxSourceQueue",
                              UintegerValue(GetU(s, "maxSourceQueue", 0, 0xffffffffULL)));
    sweep.SetPermutation(s.permutation);
    sweep.SetWindows(GetU(s, "warmup", 0, ~0ULL),
                     GetU(s, "measure", 1, ~0ULL),
                     GetU(s, "drain", 0, ~0ULL));
    sweep.SetSeeds(seeds, GetU(s, "run", 1, ~0ULL));
    sweep.SetTolerance(GetD(s, "tolerance"));
    sweep.SetTopLinks(GetU(s, "topLinks", 0, 1000));
    sweep.SetProgress(GetB(s, "progress") ? Seconds(3) : Seconds(0));

    std::ofstream csv;
    if (!Get(s, "csv").empty())
    {
        csv.open(Get(s, "csv"));
        if (!csv)
        {
            Fail("cannot write --csv=" + SanRunInput::Abbreviate(Get(s, "csv")));
        }
        csv << "offered_load,accepted,accepted_ci95,latency_mean,latency_mean_ci95,latency_p50,"
               "latency_p99,latency_max,hops,worst_source_fraction,not_injected,saturated,"
               "packet_time_ns,vc_occupancy,busiest_link,busiest_link_utilisation\n";
    }
    std::ostringstream jsonPoints;
    std::cout << "san-run: " << Get(s, "topology") << " topology, routing "
              << RoutingTypeId(Get(s, "routing"), Get(s, "topology")) << ", "
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
                  << std::endl;
        for (const SanLoadPoint::Link& l : r.topLinks)
        {
            std::cout << "san-run:   link " << l.name << " utilisation " << std::setprecision(3)
                      << l.utilisation << std::endl;
        }
        if (csv.is_open())
        {
            csv << std::setprecision(6) << p.offered << "," << p.accepted.mean << ","
                << p.accepted.ci95 << "," << p.latencyMean.mean << "," << p.latencyMean.ci95 << ","
                << p.latencyP50.mean << "," << p.latencyP99.mean << "," << p.latencyMax.mean << ","
                << p.hops.mean << "," << p.minSourceFraction.mean << "," << p.notInjected << ","
                << (p.saturated ? 1 : 0) << "," << r.packetTimeNs << "," << vcs.str() << ","
                << (r.topLinks.empty() ? "" : r.topLinks.front().name) << ","
                << (r.topLinks.empty() ? 0.0 : r.topLinks.front().utilisation) << "\n";
            csv.flush();
        }
        jsonPoints << (jsonPoints.tellp() > 0 ? ",\n" : "") << std::setprecision(6)
                   << "    {\"offered_load\": " << p.offered
                   << ", \"accepted\": {\"mean\": " << p.accepted.mean
                   << ", \"ci95\": " << p.accepted.ci95
                   << "}, \"latency_packet_times\": {\"mean\": " << p.latencyMean.mean
                   << ", \"mean_ci95\": " << p.latencyMean.ci95
                   << ", \"p50\": " << p.latencyP50.mean << ", \"p99\": " << p.latencyP99.mean
                   << ", \"max\": " << p.latencyMax.mean << "}, \"hops\": " << p.hops.mean
                   << ", \"worst_source_fraction\": " << p.minSourceFraction.mean
                   << ", \"not_injected\": " << p.notInjected
                   << ", \"saturated\": " << (p.saturated ? "true" : "false")
                   << ", \"packet_time_ns\": " << r.packetTimeNs << ", \"vc_occupancy\": ["
                   << vcs.str() << "], \"top_links\": [";
        std::string vcList = vcs.str();
        for (size_t i = 0; i < r.topLinks.size(); ++i)
        {
            jsonPoints << (i ? ", " : "") << "{\"link\": " << Json(r.topLinks[i].name)
                       << ", \"utilisation\": " << r.topLinks[i].utilisation << "}";
        }
        jsonPoints << "]}";
    };

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

    if (!Get(s, "json").empty())
    {
        std::ofstream json(Get(s, "json"));
        if (!json)
        {
            Fail("cannot write --json=" + SanRunInput::Abbreviate(Get(s, "json")));
        }
        json << "{\n  \"settings\": {";
        bool first = true;
        for (const auto& kv : s.raw)
        {
            json << (first ? "" : ", ") << Json(kv.first) << ": " << Json(kv.second);
            first = false;
        }
        json << "},\n  \"points\": [\n" << jsonPoints.str() << "\n  ]";
        if (findSaturation)
        {
            json << ",\n  \"saturation\": {\"load\": " << sat.load << ", \"upper\": " << sat.upper
                 << ", \"at_least\": " << (sat.atLeast ? "true" : "false") << "}";
        }
        json << "\n}\n";
    }
    return 0;
}
