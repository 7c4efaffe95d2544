/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-fabric-benchmark.h"

#include "san-fabric-helper.h"
#include "san-traffic-helper.h"
#include "san-type-check.h"

#include "ns3/abort.h"
#include "ns3/command-line.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-topology.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

namespace ns3
{

namespace
{

/// Field separator of an encoded workload (never in a TypeId, attribute or name).
constexpr char SEP = '|';
/// The child's argument and its result line's prefix.
const std::string CHILD_ARG = "--san-benchmark-child=";
const std::string RESULT_PREFIX = "san-benchmark-result: ";
/// The glibc tunable that makes malloc ask for transparent huge pages (madvise).
const std::string HUGE_PAGES_TUNABLE = "glibc.malloc.hugetlb=1";
/// Children ask for huge pages (SanFabricBenchmark::SetHugePages).
bool g_hugePages = true;

/// \return processor seconds (user and system) used by this process so far
double
CpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/// \param a start \param b end \return wall seconds between them
double
WallSeconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

/// \param s text \param sep separator \return the fields between separators
std::vector<std::string>
Split(const std::string& s, char sep)
{
    std::vector<std::string> out;
    std::string cur;
    std::istringstream is(s);
    while (std::getline(is, cur, sep))
    {
        out.push_back(cur);
    }
    if (!s.empty() && s.back() == sep)
    {
        out.emplace_back();
    }
    return out;
}

/// \param s a token \return true if it needs no quoting and carries no separator
bool
IsPlainToken(const std::string& s)
{
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == ':' || c == '-' || c == '_' ||
               c == '.' || c == '+';
    });
}

/// Raw scheduler benchmark: empty events that reschedule themselves.
struct RawEvents
{
    uint64_t remaining{0}; //!< events still to schedule
    uint32_t state{12345}; //!< delay generator

    /// One event: schedule the next.
    void Fire()
    {
        if (remaining == 0)
        {
            return;
        }
        --remaining;
        state = state * 1103515245u + 12345u; // a cheap spread of delays
        Simulator::Schedule(NanoSeconds(1 + (state >> 16) % 1000), &RawEvents::Fire, this);
    }
};

} // namespace

std::string
SanBenchmarkWorkload::Encode() const
{
    std::ostringstream os;
    os.precision(17);
    os << name << SEP << topology << SEP;
    for (size_t i = 0; i < attributes.size(); ++i)
    {
        os << (i ? "," : "") << attributes[i].first << "=" << attributes[i].second;
    }
    os << SEP << routing << SEP << load << SEP << packetTimes << SEP << packetSize << SEP
       << traffic;
    return os.str();
}

std::string
SanBenchmarkWorkload::Decode(const std::string& text, SanBenchmarkWorkload& w)
{
    const std::vector<std::string> f = Split(text, SEP);
    if (f.size() != 8)
    {
        return "a workload has 8 fields separated by '|', this one " + std::to_string(f.size());
    }
    w = SanBenchmarkWorkload();
    w.name = f[0];
    w.topology = f[1];
    for (const std::string& a : Split(f[2], ','))
    {
        const size_t eq = a.find('=');
        if (eq == std::string::npos || eq == 0)
        {
            return "topology attribute '" + a + "' is not name=value";
        }
        w.attributes.emplace_back(a.substr(0, eq), a.substr(eq + 1));
    }
    w.routing = f[3];
    char* end = nullptr;
    w.load = std::strtod(f[4].c_str(), &end);
    if (f[4].empty() || *end != '\0' || !std::isfinite(w.load) || w.load <= 0 || w.load > 1)
    {
        return "offered load '" + f[4] + "' is not a number in (0, 1]";
    }
    const unsigned long pt = std::strtoul(f[5].c_str(), &end, 10);
    if (f[5].empty() || *end != '\0' || pt > 100000000ul)
    {
        return "packet-times '" + f[5] + "' is not a count up to 1e8";
    }
    w.packetTimes = static_cast<uint32_t>(pt);
    const unsigned long ps = std::strtoul(f[6].c_str(), &end, 10);
    if (f[6].empty() || *end != '\0' || ps == 0 || ps > 65536)
    {
        return "packet size '" + f[6] + "' is not 1-65536 bytes";
    }
    w.packetSize = static_cast<uint32_t>(ps);
    w.traffic = f[7];
    for (const std::string* s : {&w.name, &w.topology, &w.routing, &w.traffic})
    {
        if (s->empty() || !IsPlainToken(*s))
        {
            return "'" + *s + "' is empty or has characters other than letters, digits and :-_.+";
        }
    }
    return "";
}

double
SanBenchmarkResult::GetHopRateWall() const
{
    return runWallS > 0 ? switchHops / runWallS : 0;
}

double
SanBenchmarkResult::GetHopRateCpu() const
{
    return runCpuS > 0 ? switchHops / runCpuS : 0;
}

double
SanBenchmarkResult::GetEventRateWall() const
{
    return runWallS > 0 ? events / runWallS : 0;
}

double
SanBenchmarkResult::GetNsPerHop() const
{
    return switchHops > 0 ? runCpuS * 1e9 / switchHops : 0;
}

std::string
SanBenchmarkResult::Encode() const
{
    std::ostringstream os;
    os.precision(17);
    os << "name=" << name << " scheduler=" << scheduler << " hosts=" << hosts
       << " switches=" << switches << " packet_times=" << packetTimes << " delivered=" << delivered
       << " switch_hops=" << switchHops << " events=" << events << " build_wall_s=" << buildWallS
       << " run_wall_s=" << runWallS << " run_cpu_s=" << runCpuS
       << " rss_per_host_kib=" << rssPerHostKib << " peak_rss_mib=" << peakRssMib
       << " huge_pages=" << (hugePages ? 1 : 0);
    return os.str();
}

std::string
SanBenchmarkResult::Decode(const std::string& text, SanBenchmarkResult& r)
{
    std::map<std::string, std::string> kv;
    std::istringstream is(text);
    std::string tok;
    while (is >> tok)
    {
        const size_t eq = tok.find('=');
        if (eq == std::string::npos)
        {
            return "result field '" + tok.substr(0, 80) + "' is not key=value";
        }
        kv[tok.substr(0, eq)] = tok.substr(eq + 1);
    }
    const char* keys[] = {"name",
                          "scheduler",
                          "hosts",
                          "switches",
                          "packet_times",
                          "delivered",
                          "switch_hops",
                          "events",
                          "build_wall_s",
                          "run_wall_s",
                          "run_cpu_s",
                          "rss_per_host_kib",
                          "peak_rss_mib",
                          "huge_pages"};
    for (const char* k : keys)
    {
        if (kv.find(k) == kv.end())
        {
            return std::string("result has no ") + k;
        }
    }
    r.name = kv["name"];
    r.scheduler = kv["scheduler"];
    r.hosts = static_cast<uint32_t>(std::stoul(kv["hosts"]));
    r.switches = static_cast<uint32_t>(std::stoul(kv["switches"]));
    r.packetTimes = static_cast<uint32_t>(std::stoul(kv["packet_times"]));
    r.delivered = std::stoull(kv["delivered"]);
    r.switchHops = std::stoull(kv["switch_hops"]);
    r.events = std::stoull(kv["events"]);
    r.buildWallS = std::stod(kv["build_wall_s"]);
    r.runWallS = std::stod(kv["run_wall_s"]);
    r.runCpuS = std::stod(kv["run_cpu_s"]);
    r.rssPerHostKib = std::stod(kv["rss_per_host_kib"]);
    r.peakRssMib = std::stod(kv["peak_rss_mib"]);
    r.hugePages = kv["huge_pages"] == "1";
    return "";
}

std::string
SanFabricBenchmark::GetSchedulerType()
{
    TypeIdValue v;
    GlobalValue::GetValueByName("SchedulerType", v);
    return v.Get().GetName();
}

void
SanFabricBenchmark::UseExamplesScheduler()
{
    GlobalValue::Bind("SchedulerType", TypeIdValue(TypeId::LookupByName(EXAMPLES_SCHEDULER)));
}

SanBenchmarkResult
SanFabricBenchmark::Run(const SanBenchmarkWorkload& w)
{
    SanBenchmarkResult r;
    r.name = w.name;
    r.scheduler = GetSchedulerType();
    r.hugePages = UsesHugePages();
    const uint64_t rssStart = ReadStatusKib("VmRSS");
    ResetPeakRss();
    const auto b0 = std::chrono::steady_clock::now();

    ObjectFactory topologyFactory;
    topologyFactory.SetTypeId(
        SanCheckTypeId(w.topology, SanTopology::GetTypeId(), "SanFabricBenchmark topology"));
    for (const auto& [name, value] : w.attributes)
    {
        topologyFactory.Set(name, StringValue(value));
    }
    SanFabricHelper fabric;
    fabric.SetTopology(topologyFactory.Create<SanTopology>());
    fabric.SetRouting(w.routing);
    // Virtual cut-through with room for four packets per input buffer.
    fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
    fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(w.packetSize));
    fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * w.packetSize));
    // As a scaling study builds: nothing traces a switch port, so none needs its NetDevice,
    // nor a switch its node.
    fabric.SetSwitchPortDevices(false);
    fabric.SetSwitchNodes(false);
    // Its traffic ends at the generators (SanDeliverySink): no protocol handler on a host.
    fabric.SetHostNodeReceive(false);
    NodeContainer hosts;
    hosts.Create(fabric.GetTopology()->GetNHosts());
    NetDeviceContainer endpoints = fabric.Install(hosts);
    fabric.AssignStreams(1);
    Ptr<SanFabric> san = fabric.GetFabric();

    SanTrafficHelper traffic;
    traffic.SetAttribute("Pattern", StringValue(w.traffic));
    traffic.SetAttribute("OfferedLoad", DoubleValue(w.load));
    traffic.SetAttribute("PacketSize", UintegerValue(w.packetSize));
    ApplicationContainer apps = traffic.Install(endpoints);
    SanTrafficHelper::AssignStreams(apps, 100);
    const auto b1 = std::chrono::steady_clock::now();

    r.hosts = hosts.GetN();
    r.switches = fabric.GetTopology()->GetNSwitches();
    // Long enough for about four million packets, at least 10 and at most 10,000 packet-times.
    r.packetTimes = w.packetTimes != 0
                        ? w.packetTimes
                        : static_cast<uint32_t>(std::clamp(4e6 / (r.hosts * w.load), 10.0, 1e4));
    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(endpoints.Get(0));
    const Time packetTime = TimeStep(ep0->GetSerializationSteps(w.packetSize));
    apps.Start(Seconds(0));
    apps.Stop(packetTime * r.packetTimes);

    const uint64_t eventsBefore = Simulator::GetEventCount();
    const double cpu0 = CpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    r.runCpuS = CpuSeconds() - cpu0;
    r.events = Simulator::GetEventCount() - eventsBefore;
    const uint64_t peak = ReadStatusKib("VmHWM");

    r.buildWallS = WallSeconds(b0, b1);
    r.runWallS = WallSeconds(t0, t1);
    r.delivered = san->GetDelivered();
    r.switchHops = san->GetSwitchHops();
    r.rssPerHostKib = peak > rssStart ? double(peak - rssStart) / r.hosts : 0;
    r.peakRssMib = peak / 1024.0;
    Simulator::Destroy();
    return r;
}

SanBenchmarkResult
SanFabricBenchmark::RunInFreshProcess(const std::string& program,
                                      const SanBenchmarkWorkload& w,
                                      const std::vector<std::string>& extraArgs)
{
    std::vector<std::string> args{CHILD_ARG + w.Encode()};
    args.insert(args.end(), extraArgs.begin(), extraArgs.end());
    const std::string result = RunProcess(program, args, RESULT_PREFIX, "workload " + w.name);
    SanBenchmarkResult r;
    const std::string error = SanBenchmarkResult::Decode(result, r);
    NS_ABORT_MSG_IF(!error.empty(), "SanFabricBenchmark: workload " << w.name << ": " << error);
    return r;
}

std::string
SanFabricBenchmark::RunProcess(const std::string& program,
                               const std::vector<std::string>& args,
                               const std::string& resultPrefix,
                               const std::string& what,
                               bool failureIsResult)
{
    std::string path = program;
    if (path.compare(0, 11, "/proc/self/") == 0)
    {
        // The shell popen starts would read its own /proc/self: resolve it here.
        char resolved[4096];
        const ssize_t n = readlink(path.c_str(), resolved, sizeof(resolved) - 1);
        NS_ABORT_MSG_IF(n <= 0, "SanFabricBenchmark: cannot resolve " << path);
        path.assign(resolved, static_cast<size_t>(n));
    }
    NS_ABORT_MSG_IF(path.find('\'') != std::string::npos,
                    "SanFabricBenchmark: program path " << path << " has a quote");
    std::string cmd = "'" + path + "'";
    if (g_hugePages)
    {
        const char* had = std::getenv("GLIBC_TUNABLES");
        std::string tunables = had != nullptr && *had != '\0' ? std::string(had) + ":" : "";
        tunables += HUGE_PAGES_TUNABLE;
        NS_ABORT_MSG_IF(tunables.find('\'') != std::string::npos,
                        "SanFabricBenchmark: GLIBC_TUNABLES has a quote");
        cmd = "GLIBC_TUNABLES='" + tunables + "' " + cmd;
    }
    for (const std::string& a : args)
    {
        NS_ABORT_MSG_IF(a.find('\'') != std::string::npos,
                        "SanFabricBenchmark: argument " << a.substr(0, 80) << " has a quote");
        cmd += " '" + a + "'";
    }
    cmd += " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    NS_ABORT_MSG_IF(pipe == nullptr, "SanFabricBenchmark: cannot run " << program);
    std::deque<std::string> tail; // the last lines, for an error message
    std::string result;
    char buf[4096];
    std::string line;
    while (std::fgets(buf, sizeof(buf), pipe) != nullptr)
    {
        line += buf;
        if (line.empty() || line.back() != '\n')
        {
            continue; // a long line: read on
        }
        line.pop_back();
        if (line.compare(0, resultPrefix.size(), resultPrefix) == 0)
        {
            result = line.substr(resultPrefix.size());
        }
        else
        {
            tail.push_back(line.substr(0, 300));
            if (tail.size() > 10)
            {
                tail.pop_front();
            }
        }
        line.clear();
    }
    const int status = pclose(pipe);
    if ((status != 0 || result.empty()) && failureIsResult)
    {
        return "failed: status " + std::to_string(status) +
               (tail.empty() ? std::string() : "; " + tail.back());
    }
    std::string output;
    for (const std::string& t : tail)
    {
        output += "\n  " + t;
    }
    NS_ABORT_MSG_IF(status != 0 || result.empty(),
                    "SanFabricBenchmark: " << what << " failed in its process (status " << status
                                           << "); its last lines:" << output);
    return result;
}

uint64_t
SanFabricBenchmark::ReadStatusKib(const std::string& field)
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

void
SanFabricBenchmark::ResetPeakRss()
{
    std::ofstream f("/proc/self/clear_refs");
    f << "5";
}

void
SanFabricBenchmark::SetHugePages(bool on)
{
    g_hugePages = on;
}

bool
SanFabricBenchmark::UsesHugePages()
{
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (tunables == nullptr || std::string(tunables).find(HUGE_PAGES_TUNABLE) == std::string::npos)
    {
        return false;
    }
    std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    std::getline(f, modes);
    return modes.find("[always]") != std::string::npos ||
           modes.find("[madvise]") != std::string::npos;
}

void
SanFabricBenchmark::HandleChild(int argc, char* argv[])
{
    std::string encoded;
    std::vector<char*> rest{argv[0]};
    for (int i = 1; i < argc; ++i)
    {
        const std::string a = argv[i];
        if (a.compare(0, CHILD_ARG.size(), CHILD_ARG) == 0)
        {
            encoded = a.substr(CHILD_ARG.size());
        }
        else
        {
            rest.push_back(argv[i]);
        }
    }
    if (encoded.empty())
    {
        return;
    }
    // The child's own arguments are ns-3's globals (e.g. --SchedulerType=...).
    CommandLine cmd;
    cmd.Parse(static_cast<int>(rest.size()), rest.data());
    SanBenchmarkWorkload w;
    const std::string error = SanBenchmarkWorkload::Decode(encoded, w);
    NS_ABORT_MSG_IF(!error.empty(), "SanFabricBenchmark: bad workload: " << error);
    // Until a resolution is set (or Simulator::Run starts), ns-3 records every Time object
    // made in a global set, so that a later SetResolution can convert it: one set insertion
    // and removal per Time, and a set node for every Time member of every device. Fixing the
    // (default) resolution first ends that record: a third less build time at 65,536 hosts.
    Time::SetResolution(Time::NS);
    const SanBenchmarkResult r = Run(w);
    std::cout << RESULT_PREFIX << r.Encode() << std::endl;
    std::exit(0);
}

double
SanFabricBenchmark::MeasureRawEventRate(uint64_t nEvents)
{
    NS_ABORT_MSG_IF(nEvents < MIN_RAW_EVENTS,
                    "SanFabricBenchmark: a raw scheduler measurement of "
                        << nEvents << " events is too short to mean anything; use at least "
                        << MIN_RAW_EVENTS);
    RawEvents raw;
    raw.remaining = nEvents;
    for (uint32_t i = 0; i < 1000; ++i)
    {
        Simulator::Schedule(NanoSeconds(i), &RawEvents::Fire, &raw);
    }
    const uint64_t before = Simulator::GetEventCount();
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    const uint64_t events = Simulator::GetEventCount() - before;
    Simulator::Destroy();
    return events / WallSeconds(t0, t1);
}

} // namespace ns3
