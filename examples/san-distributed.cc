/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// san-distributed: one fabric under synthetic traffic, split across MPI ranks by ns-3's own
// distributed engines (granted time window or null messages), with results that do not depend
// on the number of ranks.
//
// Built by `make mpi` (ns-3.37 from Debian's source package with OpenMPI, san as contrib/san):
//
//   mpirun -np 2 <ns-3>/build/contrib/san/examples/ns3.37-san-distributed-default
//          --topology=fat-tree --k=16 --n=3 --load=0.5 --csv=results/dist-2.csv
//
// It also runs as one process in any build (Debian's ns-3 has no mpi module); there
// --partitions=N cuts the same links as N ranks would, delivered through the one scheduler.
//
// The switches are cut into one part per rank (fat-tree pods, mesh and torus stripes,
// dragonfly groups); hosts go with their switch; only links are cut. Each rank builds every
// node (ns-3's MPI engines need the same node ids everywhere) but runs only its own part's
// traffic; the lookahead is the smallest lead of a cut link, printed at start-up. At the end
// the statistics of all ranks are merged exactly (integer sums of histograms and counters) and
// rank 0 writes the CSV: it holds only simulated results (no times, no rank count), so the
// same seed gives the same bytes on 1, 2 or 4 ranks (make mpi-check compares them).

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-bench-ranks.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/// What the command line chose.
struct Options
{
    std::string topology{"fat-tree"};
    uint32_t k{4};
    uint32_t n{3};
    uint32_t x{8};
    uint32_t y{8};
    uint32_t p{2};
    uint32_t a{4};
    uint32_t h{2};
    uint32_t groups{0};
    std::string routing;
    std::string switching{"VirtualCutThrough"};
    std::string engine{"granted"};
    uint32_t partitions{0};
    double load{0.5};
    uint32_t packetSize{64};
    uint32_t warmup{200};
    uint32_t measure{1000};
    uint32_t drain{500};
    std::string pattern{"Uniform"};
    uint64_t run{1};
    bool portDevices{false}; //!< every switch port's NetDevice (SetSwitchPortDevices)
    std::string delay{"10ns"};
    int64_t minPacketSize{-1}; //!< SanFabric MinPacketSize (-1: packetSize)
    double batch{0.5};
    std::string csv;
    // An interface's workload instead of synthetic traffic (SanBenchRanks).
    std::string iface;
    std::string preset{"as-published"};
    uint32_t hosts{16};
    std::string workload{"request-response"};
    uint32_t group{8};
    uint32_t count{10};
    uint32_t bytes{64};
    std::string go{"10ms"};
    std::string until{"100ms"};
    std::string slot{"100us"};
};

/// Stop with one line (printed by rank 0) and status 1. \param error what is wrong
/// \return main's exit status
int
Refuse(const std::string& error)
{
    if (SanDistributed::GetRank() == 0)
    {
        std::cerr << "san-distributed: " << error << "\n";
    }
    SanDistributed::Disable();
    return 1;
}

/// Write \p text to \p path (nothing if empty). \return false, with one line, if it failed
bool
WriteCsv(const std::string& path, const std::string& text)
{
    if (SanOutputFile::IsNoFile(path))
    {
        return true;
    }
    SanOutputFile file;
    std::string error = file.Open(path);
    if (error.empty())
    {
        file.Stream() << text;
        error = file.Commit();
    }
    if (!error.empty())
    {
        std::cerr << "san-distributed: " << error << "\n";
        return false;
    }
    return true;
}

/// Run an interface's workload (--interface): rank 0 prints and writes the merged CSV.
/// \return main's exit status
int
RunInterface(const Options& o)
{
    SanBenchRanks::Spec spec;
    spec.run.iface = o.iface;
    spec.run.preset = o.preset;
    spec.run.fabric = o.topology;
    spec.run.hosts = o.hosts;
    spec.run.workload = o.workload;
    spec.run.groupSize = o.group;
    spec.run.count = o.count;
    spec.run.bytes = o.bytes;
    spec.parts = o.partitions;
    spec.go = Time(o.go);
    spec.until = Time(o.until);
    spec.joinSlot = Time(o.slot);
    std::string error = SanBenchRanks::Check(spec);
    // One line for a name the testbed does not know (it would abort, listing them).
    auto known = [](const std::vector<std::string>& names, const std::string& name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    auto list = [](const std::vector<std::string>& names) {
        std::string all;
        for (const std::string& n : names)
        {
            all += (all.empty() ? "" : " ") + n;
        }
        return all;
    };
    if (error.empty() && !known(SanBenchTestbed::GetInterfaces(), o.iface))
    {
        error = "no interface '" + o.iface + "' (" + list(SanBenchTestbed::GetInterfaces()) + ")";
    }
    if (error.empty() && !known(SanBenchTestbed::GetPresets(), o.preset))
    {
        error = "no preset '" + o.preset + "' (" + list(SanBenchTestbed::GetPresets()) + ")";
    }
    if (error.empty() && !known(SanBenchTestbed::GetFabrics(), o.topology))
    {
        error = "--interface runs on a " + list(SanBenchTestbed::GetFabrics()) + ", not '" +
                o.topology + "'";
    }
    if (error.empty())
    {
        error = SanBenchTestbed::CheckHosts(o.topology, o.hosts);
    }
    if (!error.empty())
    {
        return Refuse(error);
    }
    const auto start = std::chrono::steady_clock::now();
    const SanBenchRanks::Result r = SanBenchRanks::Run(spec);
    if (!r.error.empty())
    {
        return Refuse(r.error);
    }
    bool written = true;
    const double wallS = SanDistributed::MaxAll(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (SanDistributed::GetRank() == 0)
    {
        const std::string csv = SanBenchRanks::ToCsv(spec, r);
        std::cout << "san-distributed: " << o.workload << " over " << o.iface << " (" << o.preset
                  << "), " << o.hosts << " hosts on a " << o.topology << ", "
                  << SanDistributed::GetSize() << " rank(s); " << r.cutLinks
                  << " links cut, lookahead " << r.lookahead.GetNanoSeconds() << " ns" << std::endl;
        written = WriteCsv(o.csv, csv);
        std::cout << "san-distributed: " << r.messages << " messages, last process done at "
                  << r.finished.GetMicroSeconds() << " us, " << r.figureName << " " << r.figure
                  << " " << r.figureUnit << "; wall " << wallS << " s" << std::endl;
    }
    SanDistributed::Disable();
    return written ? 0 : 1;
}

/// Configure the fabric helper's topology and routing from the options; an error, or "".
std::string
Configure(const Options& o, SanFabricHelper& fabric)
{
    std::string routing = o.routing;
    if (o.topology == "fat-tree")
    {
        fabric.SetTopology("ns3::SanFatTreeTopology",
                           "K",
                           UintegerValue(o.k),
                           "N",
                           UintegerValue(o.n));
        if (routing.empty())
        {
            routing = "ns3::SanUpDownRouting";
        }
    }
    else if (o.topology == "mesh" || o.topology == "torus")
    {
        fabric.SetTopology("ns3::SanMeshTopology",
                           "X",
                           UintegerValue(o.x),
                           "Y",
                           UintegerValue(o.y),
                           "Wrap",
                           BooleanValue(o.topology == "torus"));
    }
    else if (o.topology == "dragonfly")
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
        if (routing.empty())
        {
            routing = "ns3::SanUgalRouting";
        }
    }
    else
    {
        return "unknown topology '" + SanRunInput::Abbreviate(o.topology) +
               "' (fat-tree, mesh, torus, dragonfly)";
    }
    fabric.SetRouting(routing.empty() ? "ns3::SanDimensionOrderRouting" : routing);
    fabric.SetFabricAttribute("SwitchingMode", StringValue(o.switching));
    // Room for four packets per input buffer, as fabric-bench.
    fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * o.packetSize));
    fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(o.packetSize));
    fabric.SetChannelAttribute("Delay", TimeValue(Time(o.delay)));
    if (o.minPacketSize > static_cast<int64_t>(o.packetSize) || o.minPacketSize < -1)
    {
        return "--minPacketSize must be -1 (the packet size) or in [0, --packetSize]";
    }
    fabric.SetFabricAttribute(
        "MinPacketSize",
        UintegerValue(o.minPacketSize < 0 ? o.packetSize : static_cast<uint32_t>(o.minPacketSize)));
    fabric.SetPartitions(o.partitions);
    if (!(o.batch >= 0 && o.batch < 1))
    {
        return "--batch must be in [0, 1)";
    }
    fabric.SetBatchFraction(o.batch);
    return "";
}

} // namespace

int
main(int argc, char* argv[])
{
    // The engine must be chosen before MPI starts, and MPI before the command line is parsed
    // by ns-3 (mpirun may add arguments): read it from the raw arguments first.
    Options o;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if (arg.rfind("--engine=", 0) == 0)
        {
            o.engine = arg.substr(9);
        }
    }
    SanDistributed::Engine engine;
    const std::string engineError = SanDistributed::ParseEngine(o.engine, engine);
    if (!engineError.empty())
    {
        std::cerr << "san-distributed: " << engineError << "\n";
        return 1;
    }
    // Simultaneous events in an order that does not depend on the number of ranks.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::SanOrderedScheduler"));
    SanDistributed::Enable(&argc, &argv, engine);
    const uint32_t rank = SanDistributed::GetRank();
    const uint32_t ranks = SanDistributed::GetSize();

    CommandLine cmd(__FILE__);
    cmd.Usage("One fabric under synthetic traffic on one or more MPI ranks; rank 0 writes a "
              "CSV that does not depend on the number of ranks.");
    cmd.AddValue("topology", "fat-tree, mesh, torus or dragonfly", o.topology);
    cmd.AddValue("k", "fat tree: arity", o.k);
    cmd.AddValue("n", "fat tree: levels", o.n);
    cmd.AddValue("x", "mesh, torus: columns", o.x);
    cmd.AddValue("y", "mesh, torus: rows", o.y);
    cmd.AddValue("p", "dragonfly: hosts per router", o.p);
    cmd.AddValue("a", "dragonfly: routers per group", o.a);
    cmd.AddValue("h", "dragonfly: global links per router", o.h);
    cmd.AddValue("groups", "dragonfly: groups (0: a*h+1)", o.groups);
    cmd.AddValue("routing",
                 "routing TypeId (default: dimension order / up*-down*; UGAL on dragonflies)",
                 o.routing);
    cmd.AddValue("switching",
                 "VirtualCutThrough, StoreAndForward or Cell (Wormhole only with packets that "
                 "fit a buffer; worms may not span ranks)",
                 o.switching);
    cmd.AddValue("engine", "granted (time window) or null (null messages)", o.engine);
    cmd.AddValue("partitions",
                 "parts to cut the fabric into (0: one per MPI rank); without MPI, cut links "
                 "deliver through the one scheduler",
                 o.partitions);
    cmd.AddValue("load", "offered load, packets per host per packet-time", o.load);
    cmd.AddValue("packetSize", "bytes per packet", o.packetSize);
    cmd.AddValue("warmup", "packet-times before the measurement window", o.warmup);
    cmd.AddValue("measure", "packet-times of the measurement window", o.measure);
    cmd.AddValue("drain", "packet-times after it, sources stopped", o.drain);
    cmd.AddValue("pattern", "traffic pattern (SanTrafficGenerator Pattern)", o.pattern);
    cmd.AddValue("run", "RngSeedManager run number", o.run);
    cmd.AddValue("portDevices",
                 "give every switch port its NetDevice (for tracing; off: plain records and "
                 "bare links, as a large study needs)",
                 o.portDevices);
    cmd.AddValue("delay", "link propagation delay", o.delay);
    cmd.AddValue("minPacketSize",
                 "shortest packet hosts send (the fabric's MinPacketSize; -1: packetSize): a cut "
                 "link's lookahead is the least time before a packet (delay plus routing delay) "
                 "or its credit (a serialization) takes effect (0: the delay alone)",
                 o.minPacketSize);
    cmd.AddValue("batch",
                 "cut-link messages wait up to this fraction of the lookahead to share MPI "
                 "packets (0: per time step; null messages: only with --minPacketSize)",
                 o.batch);
    cmd.AddValue("csv", "results CSV (written by rank 0; empty or \"none\": no file)", o.csv);
    cmd.AddValue("interface",
                 "run this interface's workload instead of synthetic traffic (SanBenchTestbed "
                 "interface, e.g. dart; topology crossbar, fat-tree or dragonfly)",
                 o.iface);
    cmd.AddValue("preset", "--interface: SanBenchTestbed preset", o.preset);
    cmd.AddValue("hosts", "--interface: hosts", o.hosts);
    cmd.AddValue("workload", "--interface: request-response, incast or all-to-all", o.workload);
    cmd.AddValue("group", "--interface: hosts per group (a server or sink and the rest)", o.group);
    cmd.AddValue("count",
                 "--interface: requests per client, messages per sender or all-to-all rounds",
                 o.count);
    cmd.AddValue("bytes", "--interface: bytes of each message", o.bytes);
    cmd.AddValue("go", "--interface: when every client (all-to-all: process) goes", o.go);
    cmd.AddValue("slot",
                 "--interface, all-to-all: the time a connection is given (rank r of a group "
                 "joins at 10 us + r(r+1)/2 slots)",
                 o.slot);
    cmd.AddValue("until", "--interface: when the run ends", o.until);
    cmd.Parse(argc, argv);
    if (!o.iface.empty())
    {
        return RunInterface(o);
    }

    std::string error;
    if (!(o.load > 0 && o.load <= 1000))
    {
        error = "--load must be in (0, 1000]";
    }
    if (error.empty() && o.partitions != 0 && ranks > 1 && o.partitions != ranks)
    {
        error = "--partitions=" + std::to_string(o.partitions) + " on " + std::to_string(ranks) +
                " ranks: a distributed run has one part per rank (leave it 0)";
    }
    SanFabricHelper fabric;
    if (error.empty())
    {
        error = Configure(o, fabric);
    }
    if (!error.empty())
    {
        return Refuse(error);
    }
    RngSeedManager::SetRun(o.run);

    const auto buildStart = std::chrono::steady_clock::now();
    fabric.SetSwitchPortDevices(o.portDevices);
    NodeContainer hosts = fabric.CreateHosts();
    NetDeviceContainer endpoints = fabric.Install(hosts);
    fabric.AssignStreams(7);
    Ptr<SanFabric> fab = fabric.GetFabric();
    const uint32_t nHosts = fab->GetTopology()->GetNHosts();
    const uint32_t nSwitches = fab->GetTopology()->GetNSwitches();

    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(endpoints.Get(0));
    const Time packetTime =
        TimeStep(std::max<int64_t>(1, ep0->GetSerializationSteps(o.packetSize)));
    const Time start = packetTime * o.warmup;
    const Time stop = start + packetTime * o.measure;

    NetDeviceContainer local;
    for (uint32_t host = 0; host < nHosts; ++host)
    {
        if (fabric.IsLocalHost(host))
        {
            local.Add(endpoints.Get(host));
        }
    }
    auto stats = std::make_shared<SanTrafficStats>(nHosts);
    SanTrafficHelper traffic;
    traffic.SetAttribute("Pattern", StringValue(o.pattern));
    traffic.SetAttribute("PacketSize", UintegerValue(o.packetSize));
    traffic.SetAttribute("OfferedLoad", DoubleValue(o.load));
    traffic.SetAttribute("MeasureStart", TimeValue(start));
    traffic.SetAttribute("MeasureStop", TimeValue(stop));
    traffic.SetStats(stats);
    ApplicationContainer apps = traffic.Install(local);
    SanTrafficHelper::AssignStreams(apps, 11);
    apps.Start(Seconds(0));
    apps.Stop(stop);
    const double buildS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - buildStart).count();

    if (rank == 0)
    {
        std::cout << "san-distributed: " << fab->GetTopology()->GetName() << ", " << nHosts
                  << " hosts, " << nSwitches << " switches, " << fabric.GetPartitions()
                  << " part(s) on " << ranks << " rank(s), engine "
                  << (engine == SanDistributed::NULL_MESSAGE ? "null-message"
                                                             : "granted-time-window")
                  << "; " << fabric.GetCutLinks() << " links cut, lookahead "
                  << fabric.GetLookahead().GetNanoSeconds() << " ns (delay "
                  << Time(o.delay).GetNanoSeconds() << " ns)";
        if (fabric.GetBatchWindow().IsStrictlyPositive())
        {
            std::cout << " (engine window "
                      << (fabric.GetLookahead() - fabric.GetBatchWindow()).GetNanoSeconds()
                      << " ns, batch window " << fabric.GetBatchWindow().GetNanoSeconds() << " ns)";
        }
        std::cout << "; packet-time " << packetTime.GetNanoSeconds() << " ns" << std::endl;
    }

    const uint64_t eventsBefore = Simulator::GetEventCount();
    const auto runStart = std::chrono::steady_clock::now();
    Simulator::Stop(stop + packetTime * o.drain);
    Simulator::Run();
    const double runS =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count();

    // Merge: exact integer sums over ranks.
    const SanTrafficHelper::Totals t = SanTrafficHelper::Sum(apps);
    uint64_t cutMessages = 0;
    for (uint32_t i = 0;; ++i)
    {
        SanRemoteChannel* link = fab->GetCutLink(i);
        if (link == nullptr)
        {
            break;
        }
        cutMessages += link->GetRemoteMessages() + link->GetLocalMessages();
    }
    std::vector<uint64_t> counters{t.generated,
                                   t.generatedMeasured,
                                   t.received,
                                   t.receivedInWindow,
                                   t.receivedMeasured,
                                   t.hopSum,
                                   t.reordered,
                                   t.notInjected,
                                   fab->GetInjected(),
                                   fab->GetDelivered(),
                                   fab->GetSwitchHops(),
                                   Simulator::GetEventCount() - eventsBefore,
                                   cutMessages,
                                   SanRemoteChannel::GetPacketsSent()};
    SanDistributed::SumAll(counters);
    std::vector<uint64_t> histogram = stats->GetCounts();
    SanDistributed::SumAll(histogram);
    std::vector<int64_t> maxima{stats->GetMax()};
    SanDistributed::MaxAll(maxima);
    stats->SetCounts(histogram, maxima[0]);
    const double slowestRunS = SanDistributed::MaxAll(runS);
    bool written = true;

    if (rank == 0)
    {
        const double pt = static_cast<double>(packetTime.GetTimeStep());
        const uint64_t measured = stats->GetCount();
        std::ostringstream csv;
        csv << std::setprecision(9);
        csv << "topology,hosts,switches,switching,pattern,load,run,generated,measured_generated,"
               "received,measured_received,not_injected,switch_hops,accepted,latency_mean,"
               "latency_p50,latency_p99,latency_max,hops_mean\n";
        const double accepted =
            static_cast<double>(counters[3]) / (static_cast<double>(nHosts) * o.measure);
        csv << fab->GetTopology()->GetName() << "," << nHosts << "," << nSwitches << ","
            << o.switching << "," << o.pattern << "," << o.load << "," << o.run << ","
            << counters[0] << "," << counters[1] << "," << counters[2] << "," << counters[4] << ","
            << counters[7] << "," << counters[10] << "," << accepted << ","
            << (measured ? stats->GetLatencySumSteps() / pt / measured : 0.0) << ","
            << stats->GetQuantile(0.5) / pt << "," << stats->GetQuantile(0.99) / pt << ","
            << stats->GetMax() / pt << ","
            << (counters[4] ? static_cast<double>(counters[5]) / counters[4] : 0.0) << "\n";
        std::cout << csv.str();
        written = WriteCsv(o.csv, csv.str());
        const double hops = static_cast<double>(counters[10]);
        std::cout << "san-distributed: build " << std::fixed << std::setprecision(2) << buildS
                  << " s, run " << slowestRunS << " s (slowest rank), " << counters[11]
                  << " events, " << std::setprecision(3) << hops / slowestRunS / 1e6
                  << " million switch-hops per second; " << counters[12]
                  << " messages over cut links";
        if (counters[13] > 0)
        {
            std::cout << " in " << counters[13] << " MPI packets";
        }
        std::cout << std::endl;
    }
    Simulator::Destroy();
    SanDistributed::Disable();
    return written ? 0 : 1;
}
