/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-bench-scale.h"

#include "san-bench-runs.h"
#include "san-bench-testbed.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/san-callback.h"
#include "ns3/san-census-scheduler.h"
#include "ns3/san-fabric-benchmark.h"
#include "ns3/san-group-application.h"
#include "ns3/san-group-workload-helper.h"
#include "ns3/san-request-response-helper.h"
#include "ns3/san-request-response.h"
#include "ns3/san-stream-helper.h"
#include "ns3/san-stream.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <sstream>

namespace ns3
{

namespace
{

/// How long a run may take in simulated time before it is cut off.
const Time kScaleRunLimit = Seconds(10);

/// \param text key=value words \return them as a map
std::map<std::string, std::string>
Words(const std::string& text)
{
    std::map<std::string, std::string> kv;
    std::istringstream is(text);
    std::string word;
    while (is >> word)
    {
        const size_t eq = word.find('=');
        if (eq != std::string::npos)
        {
            kv[word.substr(0, eq)] = word.substr(eq + 1);
        }
    }
    return kv;
}

/// \param a start \param b end \return wall seconds between them
double
Since(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

} // namespace

std::string
SanBenchScale::Case::Encode() const
{
    std::ostringstream os;
    os << "iface=" << iface << " preset=" << preset << " fabric=" << fabric << " hosts=" << hosts
       << " workload=" << workload << " group=" << groupSize << " count=" << count
       << " bytes=" << bytes;
    return os.str();
}

std::string
SanBenchScale::Case::Decode(const std::string& text, Case& c)
{
    auto kv = Words(text);
    for (const char* key :
         {"iface", "preset", "fabric", "hosts", "workload", "group", "count", "bytes"})
    {
        if (kv.count(key) == 0)
        {
            return std::string("no ") + key + " in '" + text + "'";
        }
    }
    try
    {
        c.iface = kv["iface"];
        c.preset = kv["preset"];
        c.fabric = kv["fabric"];
        c.hosts = std::stoul(kv["hosts"]);
        c.workload = kv["workload"];
        c.groupSize = std::stoul(kv["group"]);
        c.count = std::stoul(kv["count"]);
        c.bytes = std::stoul(kv["bytes"]);
    }
    catch (const std::exception&)
    {
        return "a number that is not one in '" + text + "'";
    }
    return "";
}

std::string
SanBenchScale::Result::Encode() const
{
    std::ostringstream os;
    os.precision(10);
    os << "build_s=" << buildS << " run_s=" << runS << " messages=" << messages
       << " events=" << events << " simulated_s=" << simulatedS << " finished_s=" << finishedS
       << " messages_per_s=" << messagesPerS << " events_per_message=" << eventsPerMessage
       << " rss_per_host_kib=" << rssPerHostKib << " peak_rss_mib=" << peakRssMib
       << " installed_kib_per_host=" << installedPerHostKib << " figure=" << figure
       << " figure_name=" << figureName << " figure_unit=" << figureUnit;
    return os.str();
}

std::string
SanBenchScale::Result::Decode(const std::string& text, Result& r)
{
    auto kv = Words(text);
    try
    {
        r.buildS = std::stod(kv.at("build_s"));
        r.runS = std::stod(kv.at("run_s"));
        r.messages = std::stoull(kv.at("messages"));
        r.events = std::stoull(kv.at("events"));
        r.simulatedS = std::stod(kv.at("simulated_s"));
        r.finishedS = std::stod(kv.at("finished_s"));
        r.messagesPerS = std::stod(kv.at("messages_per_s"));
        r.eventsPerMessage = std::stod(kv.at("events_per_message"));
        r.rssPerHostKib = std::stod(kv.at("rss_per_host_kib"));
        r.peakRssMib = std::stod(kv.at("peak_rss_mib"));
        r.installedPerHostKib = std::stod(kv.at("installed_kib_per_host"));
        r.figure = std::stod(kv.at("figure"));
        r.figureName = kv.at("figure_name");
        r.figureUnit = kv.at("figure_unit");
    }
    catch (const std::exception&)
    {
        return "a missing or malformed figure in '" + text + "'";
    }
    return "";
}

std::vector<std::string>
SanBenchScale::GetWorkloads()
{
    return {"request-response", "incast", "all-to-all"};
}

uint32_t
SanBenchScale::GetMemberHost(uint32_t g, uint32_t j, uint32_t groups, uint32_t groupSize)
{
    return g + (j + g) % groupSize * groups;
}

void
SanBenchScale::Configure(SanRequestResponseHelper& rr, const Case& c)
{
    rr.SetClientAttribute("RequestBytes", UintegerValue(c.bytes));
    rr.SetServerAttribute("ResponseBytes", UintegerValue(c.bytes));
    rr.SetClientAttribute("Requests", UintegerValue(c.count));
    rr.SetClientAttribute("WarmupRequests", UintegerValue(1));
    // A group's clients start together once all are connected, so that they all measure
    // together (SanRequestResponseHelper::Summarize takes the window where they do).
    rr.SetClientAttribute("WaitForGo", BooleanValue(true));
}

void
SanBenchScale::Configure(SanStreamHelper& stream, const Case& c)
{
    stream.SetClientAttribute("MessageBytes", UintegerValue(c.bytes));
    stream.SetClientAttribute("Messages", UintegerValue(c.count));
    stream.SetClientAttribute("WaitForGo", BooleanValue(true));
}

void
SanBenchScale::Configure(SanAllToAllHelper& a2a, const Case& c)
{
    a2a.SetAttribute("MessageBytes", UintegerValue(c.bytes));
    a2a.SetAttribute("Rounds", UintegerValue(c.count));
    a2a.SetAttribute("WarmupRounds", UintegerValue(1));
}

SanBenchScale::Result
SanBenchScale::Run(const Case& c)
{
    const auto workloads = GetWorkloads();
    NS_ABORT_MSG_IF(std::find(workloads.begin(), workloads.end(), c.workload) == workloads.end(),
                    "SanBenchScale: no workload '"
                        << c.workload << "' (known: request-response incast all-to-all)");
    NS_ABORT_MSG_IF(c.groupSize < 2 || c.hosts % c.groupSize != 0,
                    "SanBenchScale: groups of " << c.groupSize << " do not divide " << c.hosts
                                                << " hosts (at least 2 a group)");
    NS_ABORT_MSG_IF(c.count == 0, "SanBenchScale: a count of 0");
    const std::string what = c.workload + " over " + c.iface + " (" + c.preset + ", " + c.fabric +
                             ", " + std::to_string(c.hosts) + " hosts)";

    Result r;
    const uint64_t rssStart = SanFabricBenchmark::ReadStatusKib("VmRSS");
    SanFabricBenchmark::ResetPeakRss();
    const auto b0 = std::chrono::steady_clock::now();
    // Group g holds the testbed's group g (hosts i with i mod groups == g); GetMemberHost.
    SanBenchTestbed testbed(c.iface, c.hosts, c.preset, c.fabric, c.hosts / c.groupSize);
    // The interface installed (fabric, hosts, NICs and their libraries' devices), no workload.
    const uint64_t rssInstalled = SanFabricBenchmark::ReadStatusKib("VmRSS");
    r.installedPerHostKib = rssInstalled > rssStart ? double(rssInstalled - rssStart) / c.hosts : 0;
    const NodeContainer hosts = testbed.GetHosts();
    const uint32_t groups = c.hosts / c.groupSize;
    /// \return member j of group g
    auto member = [&hosts, groups, &c](uint32_t g, uint32_t j) {
        return hosts.Get(GetMemberHost(g, j, groups, c.groupSize));
    };
    /// \return group g's members from the \p from-th on (1: all but its server or sink)
    auto membersFrom = [&member, &c](uint32_t g, uint32_t from) {
        NodeContainer members;
        for (uint32_t j = from; j < c.groupSize; ++j)
        {
            members.Add(member(g, j));
        }
        return members;
    };

    ApplicationContainer all;
    std::vector<std::shared_ptr<Time>> goes; // incast: each group's start
    std::vector<ApplicationContainer> perGroup;
    // When every process is done, the run's time and events are taken, and the run ends after
    // the drain the paper-sized runs give (SanBenchRuns::StopWhen), uncounted: what is still
    // under way (a last credit or acknowledgement) finishes, and nothing is left in flight when
    // the simulator is destroyed. (Its idle pollers' slices, when a 100 ms drain was counted,
    // were most of CLAN's events at 4,096 hosts.)
    auto finished = std::make_shared<uint32_t>(0);
    auto expected = std::make_shared<uint32_t>(0);
    auto finishedAt = std::make_shared<Time>();
    auto finishedWall = std::make_shared<std::chrono::steady_clock::time_point>();
    auto finishedEvents = std::make_shared<uint64_t>(0);
    auto countDone = [finished, expected, finishedAt, finishedWall, finishedEvents]() {
        if (++*finished == *expected)
        {
            *finishedAt = Simulator::Now();
            *finishedWall = std::chrono::steady_clock::now();
            *finishedEvents = Simulator::GetEventCount();
        }
        SanBenchRuns::StopWhen(*finished == *expected);
    };
    if (c.workload == "request-response")
    {
        SanRequestResponseHelper rr(testbed.GetMessengerType());
        testbed.ConfigureMessenger(rr);
        Configure(rr, c);
        for (uint32_t g = 0; g < groups; ++g)
        {
            ApplicationContainer apps = rr.Install(membersFrom(g, 1), member(g, 0));
            SanBenchRuns::GoTogether(apps);
            for (uint32_t i = 1; i < apps.GetN(); ++i)
            {
                SanRequestClient* client = PeekPointer(DynamicCast<SanRequestClient>(apps.Get(i)));
                ++*expected;
                client->TraceConnectWithoutContext(
                    "Latency",
                    MakeSanCallback<void, Time>([client, countDone](Time) {
                        if (client->IsDone())
                        {
                            countDone();
                        }
                    }));
            }
            perGroup.push_back(apps);
            all.Add(apps);
        }
    }
    else if (c.workload == "incast")
    {
        SanStreamHelper stream(testbed.GetMessengerType());
        testbed.ConfigureMessenger(stream);
        Configure(stream, c);
        for (uint32_t g = 0; g < groups; ++g)
        {
            ApplicationContainer apps = stream.Install(membersFrom(g, 1), member(g, 0));
            goes.push_back(SanBenchRuns::GoTogether(apps));
            SanStreamSink* sink = PeekPointer(DynamicCast<SanStreamSink>(apps.Get(0)));
            const uint64_t wanted = uint64_t(c.count) * (c.groupSize - 1);
            ++*expected;
            sink->TraceConnectWithoutContext(
                "Rx",
                MakeSanCallback<void, uint32_t>([sink, wanted, countDone](uint32_t) {
                    if (sink->GetReceived() == wanted)
                    {
                        countDone();
                    }
                }));
            perGroup.push_back(apps);
            all.Add(apps);
        }
    }
    else
    {
        SanAllToAllHelper helper(testbed.GetMessengerType());
        testbed.ConfigureMessenger(helper);
        Configure(helper, c);
        for (uint32_t g = 0; g < groups; ++g)
        {
            ApplicationContainer apps = helper.Install(membersFrom(g, 0));
            for (uint32_t i = 0; i < apps.GetN(); ++i)
            {
                ++*expected;
                apps.Get(i)->TraceConnectWithoutContext("Done", Callback<void>(countDone));
            }
            perGroup.push_back(apps);
            all.Add(apps);
        }
    }
    all.Start(MicroSeconds(10));
    const auto b1 = std::chrono::steady_clock::now();
    const uint64_t events0 = Simulator::GetEventCount();
    Simulator::Stop(kScaleRunLimit);
    Simulator::Run();
    NS_ABORT_MSG_IF(*finished < *expected,
                    "SanBenchScale: " << what << ": " << *expected - *finished << " of "
                                      << *expected << " processes did not finish within "
                                      << kScaleRunLimit.As(Time::S));
    const auto t1 = *finishedWall;
    r.events = *finishedEvents - events0;
    r.simulatedS = Simulator::Now().GetSeconds();
    r.finishedS = finishedAt->GetSeconds();

    if (c.workload == "request-response")
    {
        for (const ApplicationContainer& apps : perGroup)
        {
            const auto served = DynamicCast<SanRequestServer>(apps.Get(0))->GetServed().size();
            r.messages += 2 * served; // a request and its response
            const SanRequestResponseHelper::Summary s = SanRequestResponseHelper::Summarize(apps);
            // No two requests served while every client was measuring (clients that finish
            // before the last one starts, with few requests each): no rate, rather than 0.
            r.figure += s.windowRequests == 0 ? std::numeric_limits<double>::quiet_NaN()
                                              : s.requestsPerSecond;
        }
        r.figureName = "requests_per_s_all_servers";
        r.figureUnit = "1/s";
    }
    else if (c.workload == "incast")
    {
        double bytes = 0;
        Time last;
        Time first = Simulator::Now();
        for (const auto& go : goes)
        {
            first = std::min(first, *go);
        }
        for (const ApplicationContainer& apps : perGroup)
        {
            Ptr<SanStreamSink> sink = DynamicCast<SanStreamSink>(apps.Get(0));
            r.messages += sink->GetReceived();
            bytes += static_cast<double>(sink->GetReceivedBytes());
            last = std::max(last, sink->GetLastArrival());
        }
        // Every sink's bytes over the time from the first group's start to the last arrival
        // anywhere.
        const double span = (last - first).GetSeconds();
        r.figure = span > 0 ? bytes / span / 1e6 : 0;
        r.figureName = "mbps_all_sinks";
        r.figureUnit = "MB/s";
    }
    else
    {
        Time slowest;
        for (const ApplicationContainer& apps : perGroup)
        {
            for (uint32_t i = 0; i < apps.GetN(); ++i)
            {
                Ptr<SanAllToAll> a = DynamicCast<SanAllToAll>(apps.Get(i));
                r.messages += a->GetReceived();
                slowest = std::max(slowest, a->GetMeasuredUntil() - a->GetMeasuredFrom());
            }
        }
        r.figure = slowest.GetSeconds() * 1e6 / c.count;
        r.figureName = "round_us_slowest";
        r.figureUnit = "us";
    }
    const uint64_t peak = SanFabricBenchmark::ReadStatusKib("VmHWM");
    r.buildS = Since(b0, b1);
    r.runS = Since(b1, t1);
    r.messagesPerS = r.runS > 0 ? r.messages / r.runS : 0;
    r.eventsPerMessage = r.messages > 0 ? double(r.events) / r.messages : 0;
    r.rssPerHostKib = peak > rssStart ? double(peak - rssStart) / c.hosts : 0;
    r.peakRssMib = peak / 1024.0;
    if (const SanCensusScheduler* census = SanCensusScheduler::GetCurrent())
    {
        std::ostringstream os;
        census->Write(os, 40, static_cast<double>(r.messages), "message");
        r.census = os.str();
    }
    SanBenchRuns::EndRun(all);
    return r;
}

} // namespace ns3
