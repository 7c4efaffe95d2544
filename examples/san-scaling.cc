/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// san-scaling: how the fabric model's speed and memory scale with the topology's size.
//
// Every workload is uniform random traffic of 64-byte single-packet messages at half of the
// topology's uniform capacity (Dally and Towles, ch. 3: a full-bisection fat tree 1 packet per
// host per packet-time, a k x k mesh 4/k, a k x k torus 8/k; a balanced dragonfly under UGAL
// about 1, Kim et al. 2008), on virtual cut-through switches
// (four packets of buffer per input), each run in a fresh process of this program
// (SanFabricBenchmark), for as many packet-times as make about --hopBudget switch-hops (at
// least 20). For each it writes the build time (topology, nodes, devices, routing state), the
// wall and processor time of the run, events and switch-hops per second (per wall and per
// processor second), processor nanoseconds per switch-hop and memory per host (peak resident
// size above the process's start).
//
//   --set=quick  1,024-host fat trees (shallow 32-ary 2-tree, deep 4-ary 5-tree), 32x32 mesh
//                and torus, a 1,056-host dragonfly (seconds; what the tests run)
//   --set=full   fat trees from 1,024 to 1,048,576 hosts, shallow and deep; meshes and tori
//                from 32x32 to 1024x1024; balanced dragonflies from 1,056 to 262,656 hosts
//                under UGAL (hours; memory up to the machine's)
//   --maxHosts=N leave out larger workloads; --only=S runs those whose name contains S
//   --schedulers=A,B,...  also run the 65,536-host fat tree (16-ary 4-tree; quick: the 1,024-
//                host ones) under each of ns-3's schedulers, to choose the examples' default
//   --hugePagesFrom=N  workloads of at least N hosts (16,384) run with malloc asking for
//                transparent huge pages; the CSV's huge_pages column says which did
//
// Output: results/san-scaling.csv (and results/san-scaling-schedulers.csv with --schedulers),
// one line per workload: san-scaling: workload=W hosts=N hop_rate=... ns_per_hop=...
// analysis/plot_scaling.py draws them (log axes).
//
//   ./san-scaling [--set=quick] [--maxHosts=0] [--hopBudget=20000000]
//                 [--csv=results/san-scaling.csv] [--schedulers=]
//                 [--SchedulerType=ns3::MapScheduler]

#include "ns3/core-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
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
    std::cerr << "san-scaling: error: " << message << std::endl;
    std::exit(1);
}

/// A workload and what it is, for the CSV.
struct Case
{
    SanBenchmarkWorkload w; //!< what to run
    std::string family;     //!< fat-tree, mesh, torus
    std::string shape;      //!< "k=16 n=4", "256x256"
    double avgHops{1};      //!< switch-hops of an average packet, to size the run
};

/// \param k arity \param n levels \return a k-ary n-tree under up*/down* routing
Case
FatTree(uint32_t k, uint32_t n)
{
    Case c;
    c.family = n <= 2 ? "fat-tree-shallow" : (k <= 4 ? "fat-tree-deep" : "fat-tree");
    c.shape = "k=" + std::to_string(k) + " n=" + std::to_string(n);
    c.w.name = "fat-tree-" + std::to_string(k) + "-ary-" + std::to_string(n) + "-tree";
    c.w.topology = "ns3::SanFatTreeTopology";
    c.w.attributes = {{"K", std::to_string(k)}, {"N", std::to_string(n)}};
    c.w.routing = "ns3::SanUpDownRouting";
    c.w.load = 0.5; // full bisection: capacity 1
    c.avgHops = 2.0 * n - 1;
    return c;
}

/// \param k side \param wrap torus \return a k x k mesh or torus under dimension order
Case
Grid(uint32_t k, bool wrap)
{
    Case c;
    c.family = wrap ? "torus" : "mesh";
    c.shape = std::to_string(k) + "x" + std::to_string(k);
    c.w.name = c.family + "-" + c.shape;
    c.w.topology = "ns3::SanMeshTopology";
    c.w.attributes = {{"X", std::to_string(k)},
                      {"Y", std::to_string(k)},
                      {"Wrap", wrap ? "true" : "false"}};
    c.w.routing = "ns3::SanDimensionOrderRouting";
    c.w.load = std::min(1.0, 0.5 * (wrap ? 8.0 : 4.0) / k);
    c.avgHops = (wrap ? k / 2.0 : 2.0 * k / 3.0) + 1;
    return c;
}

/// \param p hosts per router \param a routers per group \param h global links per router
/// \return a dragonfly of a h + 1 groups under UGAL
Case
Dragonfly(uint32_t p, uint32_t a, uint32_t h)
{
    Case c;
    c.family = "dragonfly";
    c.shape = "p=" + std::to_string(p) + " a=" + std::to_string(a) + " h=" + std::to_string(h);
    c.w.name = "dragonfly-" + std::to_string(p) + "-" + std::to_string(a) + "-" + std::to_string(h);
    c.w.topology = "ns3::SanDragonflyTopology";
    c.w.attributes = {{"P", std::to_string(p)}, {"A", std::to_string(a)}, {"H", std::to_string(h)}};
    c.w.routing = "ns3::SanUgalRouting";
    c.w.load = 0.5;  // balanced (a = 2p = 2h): uniform capacity about 1 (Kim et al. 2008)
    c.avgHops = 3.5; // local, global, local, and some non-minimal detours
    return c;
}

/// \param set "quick" or "full" \return its workloads, smallest first within each family
std::vector<Case>
Cases(const std::string& set)
{
    if (set == "quick")
    {
        return {FatTree(32, 2), FatTree(4, 5), Grid(32, false), Grid(32, true), Dragonfly(4, 8, 4)};
    }
    if (set != "full")
    {
        Fail("--set is quick or full, not '" + set.substr(0, 40) + "'");
    }
    std::vector<Case> cases;
    // Shallow (two levels of large switches) and deep (many levels of 4-port-down switches)
    // trees from 1,024 to 1,048,576 hosts.
    for (auto [k, n] : std::vector<std::pair<uint32_t, uint32_t>>{{32, 2},
                                                                  {4, 5},
                                                                  {64, 2},
                                                                  {16, 3},
                                                                  {4, 6},
                                                                  {16, 4},
                                                                  {4, 8},
                                                                  {32, 4},
                                                                  {4, 10}})
    {
        cases.push_back(FatTree(k, n));
    }
    for (bool wrap : {false, true})
    {
        for (uint32_t k : {32u, 64u, 128u, 256u, 512u, 1024u})
        {
            cases.push_back(Grid(k, wrap));
        }
    }
    // Balanced dragonflies (a = 2p = 2h) from 1,056 to 262,656 hosts.
    for (uint32_t p : {4u, 8u, 16u})
    {
        cases.push_back(Dragonfly(p, 2 * p, p));
    }
    return cases;
}

/// \param c a case \param budget switch-hops to aim for \return its workload, sized
SanBenchmarkWorkload
Sized(const Case& c, uint32_t hosts, double budget)
{
    SanBenchmarkWorkload w = c.w;
    const double perPacketTime = hosts * w.load * c.avgHops;
    w.packetTimes = static_cast<uint32_t>(std::clamp(budget / perPacketTime, 20.0, 1e5));
    return w;
}

/// \param c a case \return its host count (from the topology's parameters)
uint32_t
Hosts(const Case& c)
{
    uint64_t hosts = 1;
    if (c.w.topology == "ns3::SanDragonflyTopology")
    {
        const uint64_t p = std::stoul(c.w.attributes[0].second);
        const uint64_t a = std::stoul(c.w.attributes[1].second);
        const uint64_t h = std::stoul(c.w.attributes[2].second);
        hosts = p * a * (a * h + 1);
    }
    else if (c.w.topology == "ns3::SanFatTreeTopology")
    {
        const uint64_t k = std::stoul(c.w.attributes[0].second);
        const uint64_t n = std::stoul(c.w.attributes[1].second);
        for (uint64_t i = 0; i < n; ++i)
        {
            hosts *= k;
        }
    }
    else
    {
        hosts = std::stoul(c.w.attributes[0].second) * std::stoul(c.w.attributes[1].second);
    }
    return static_cast<uint32_t>(hosts);
}

/// The CSV header.
const char* CSV_HEADER =
    "workload,family,shape,scheduler,hosts,switches,offered_load,packet_times,delivered,"
    "switch_hops,events,build_s,run_wall_s,run_cpu_s,hop_rate_wall,hop_rate_cpu,event_rate_wall,"
    "ns_per_hop,rss_per_host_kib,peak_rss_mib,huge_pages";

/// \param os the CSV \param c the case \param r its result
void
WriteRow(std::ostream& os, const Case& c, const SanBenchmarkResult& r)
{
    os << std::fixed << r.name << "," << c.family << "," << c.shape << "," << r.scheduler << ","
       << r.hosts << "," << r.switches << "," << std::setprecision(6) << c.w.load << ","
       << r.packetTimes << "," << r.delivered << "," << r.switchHops << "," << r.events << ","
       << std::setprecision(3) << r.buildWallS << "," << r.runWallS << "," << r.runCpuS << ","
       << std::setprecision(0) << r.GetHopRateWall() << "," << r.GetHopRateCpu() << ","
       << r.GetEventRateWall() << "," << std::setprecision(1) << r.GetNsPerHop() << ","
       << std::setprecision(3) << r.rssPerHostKib << "," << std::setprecision(1) << r.peakRssMib
       << "," << (r.hugePages ? 1 : 0) << "\n";
    os.flush();
}

/// \param r a result \return its summary line
std::string
Summary(const SanBenchmarkResult& r)
{
    std::ostringstream os;
    os << std::fixed << "san-scaling: workload=" << r.name << " scheduler=" << r.scheduler
       << " hosts=" << r.hosts << std::setprecision(0) << " hop_rate=" << r.GetHopRateWall()
       << " hop_rate_cpu=" << r.GetHopRateCpu() << std::setprecision(1)
       << " ns_per_hop=" << r.GetNsPerHop() << std::setprecision(2) << " build_s=" << r.buildWallS
       << " run_s=" << r.runWallS << " rss_per_host_kib=" << r.rssPerHostKib
       << " huge_pages=" << (r.hugePages ? 1 : 0);
    return os.str();
}

/// \param path a CSV path ("" or "none": no file) \param out the file to open (folders are made)
/// \return false if it is not wanted; fails in one line if it cannot be written
bool
OpenCsv(const std::string& path, SanOutputFile& out)
{
    if (SanOutputFile::IsNoFile(path))
    {
        return false;
    }
    if (const std::string error = out.Open(path); !error.empty())
    {
        Fail(error);
    }
    out.Stream() << CSV_HEADER << "\n";
    return true;
}

/// \param out a CSV being written: renamed into place, or a one-line failure
void
CommitCsv(SanOutputFile& out)
{
    if (out.IsOpen())
    {
        if (const std::string error = out.Commit(); !error.empty())
        {
            Fail(error);
        }
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    SanFabricBenchmark::UseExamplesScheduler(); // before the children parse their own
    SanFabricBenchmark::HandleChild(argc, argv);

    std::string set = "quick";
    uint32_t maxHosts = 0;
    std::string only;
    double hopBudget = 2e7;
    std::string csv = "results/san-scaling.csv";
    std::string schedulers;
    std::string schedulerCsv = "results/san-scaling-schedulers.csv";
    // Large working sets run faster on 2 MiB pages (fewer TLB misses); small ones only get
    // their resident memory rounded up.
    uint32_t hugePagesFrom = 16384;
    CommandLine cmd(__FILE__);
    cmd.AddValue("hugePagesFrom",
                 "workloads with at least this many hosts run with malloc asking for transparent "
                 "huge pages (SanFabricBenchmark::SetHugePages; 0: none)",
                 hugePagesFrom);
    cmd.AddValue("set", "workloads: quick (seconds) or full (hours)", set);
    cmd.AddValue("maxHosts", "leave out workloads with more hosts (0: none)", maxHosts);
    cmd.AddValue("only", "run only the workloads whose name contains this", only);
    cmd.AddValue("hopBudget", "switch-hops each run aims for", hopBudget);
    cmd.AddValue("csv", "CSV output file ('' or none: no file)", csv);
    cmd.AddValue("schedulers",
                 "comma-separated ns-3 scheduler TypeIds to compare on the scheduler workloads",
                 schedulers);
    cmd.AddValue("schedulerCsv",
                 "CSV of the scheduler comparison ('' or none: no file)",
                 schedulerCsv);
    std::vector<char*> args =
        SanOutputFile::TakeEmptyOptions(argc,
                                        argv,
                                        {{"csv", &csv}, {"schedulerCsv", &schedulerCsv}});
    cmd.Parse(static_cast<int>(args.size()), args.data());
    if (!(std::isfinite(hopBudget) && hopBudget >= 1e4 && hopBudget <= 1e11))
    {
        Fail("--hopBudget " + std::to_string(hopBudget) + " is not within 1e4-1e11");
    }
    Cases(set); // checks --set
    std::vector<std::string> schedulerNames;
    std::istringstream names(schedulers);
    for (std::string name; std::getline(names, name, ',');)
    {
        if (const std::string e = SanTypeIdError(name, Scheduler::GetTypeId(), "--schedulers");
            !e.empty())
        {
            Fail(e);
        }
        schedulerNames.push_back(name);
    }
    const std::string scheduler = SanFabricBenchmark::GetSchedulerType();

    // Both outputs opened before the first run: a bad path fails now, not after hours.
    SanOutputFile out;
    const bool writing = OpenCsv(csv, out);
    SanOutputFile sout;
    const bool swriting = !schedulerNames.empty() && OpenCsv(schedulerCsv, sout);
    for (const Case& c : Cases(set))
    {
        const uint32_t hosts = Hosts(c);
        if ((maxHosts != 0 && hosts > maxHosts) || c.w.name.find(only) == std::string::npos)
        {
            continue;
        }
        SanFabricBenchmark::SetHugePages(hugePagesFrom != 0 && hosts >= hugePagesFrom);
        const SanBenchmarkResult r =
            SanFabricBenchmark::RunInFreshProcess("/proc/self/exe",
                                                  Sized(c, hosts, hopBudget),
                                                  {"--SchedulerType=" + scheduler});
        std::cout << Summary(r) << std::endl;
        if (writing)
        {
            WriteRow(out.Stream(), c, r);
        }
    }
    CommitCsv(out);

    if (!schedulerNames.empty())
    {
        std::vector<Case> cases;
        if (set == "quick")
        {
            cases = {FatTree(32, 2), Grid(32, false)};
        }
        else
        {
            cases = {FatTree(16, 4), Grid(256, false)};
        }
        for (const std::string& name : schedulerNames)
        {
            for (const Case& c : cases)
            {
                SanFabricBenchmark::SetHugePages(hugePagesFrom != 0 && Hosts(c) >= hugePagesFrom);
                const SanBenchmarkResult r =
                    SanFabricBenchmark::RunInFreshProcess("/proc/self/exe",
                                                          Sized(c, Hosts(c), hopBudget),
                                                          {"--SchedulerType=" + name});
                std::cout << Summary(r) << std::endl;
                if (swriting)
                {
                    WriteRow(sout.Stream(), c, r);
                }
            }
        }
        CommitCsv(sout);
    }
    return 0;
}
