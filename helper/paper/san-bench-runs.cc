/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-bench-runs.h"

#include "san-bench-testbed.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/san-callback.h"
#include "ns3/san-group-application.h"
#include "ns3/san-group-workload-helper.h"
#include "ns3/san-messenger-client.h"
#include "ns3/san-nic-device.h"
#include "ns3/san-ping-pong-helper.h"
#include "ns3/san-ping-pong.h"
#include "ns3/san-request-response.h"
#include "ns3/san-stream-helper.h"
#include "ns3/san-stream.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>

namespace ns3
{

namespace
{

/// How long a benchmark run may take in simulated time before it is cut off.
const Time kRunLimit = Seconds(60);
/// How long a group's processes may take to join (set-up) before a run is called stuck.
const Time kSetupLimit = Seconds(3600);

/// \return \p t in seconds, for a message
std::string
InSeconds(Time t)
{
    std::ostringstream os;
    os << t.As(Time::S);
    return os.str();
}

/// Simulated time the hosts get after a workload is done, to finish what is under way (a last
/// credit, an acknowledgement) before the run ends: hundreds of round trips on every preset.
/// It was 100 ms, with no figure different (nic-shootout's CSV byte-identical), while every
/// polling process spun through it: 15% of nic-shootout's run time.
const Time kDrain = MilliSeconds(1);

} // namespace

std::shared_ptr<Time>
SanBenchRuns::GoTogether(const ApplicationContainer& apps)
{
    auto goAt = std::make_shared<Time>(-1);
    auto connected = std::make_shared<uint32_t>(0);
    auto all = std::make_shared<std::vector<SanMessengerClient*>>();
    for (uint32_t i = 1; i < apps.GetN(); ++i)
    {
        all->push_back(PeekPointer(DynamicCast<SanMessengerClient>(apps.Get(i))));
        // Raw pointers: the trace is the application's own (a Ptr would keep it alive).
        apps.Get(i)->TraceConnectWithoutContext("Connected",
                                                MakeSanCallback<void>([all, connected, goAt]() {
                                                    if (++*connected < all->size())
                                                    {
                                                        return;
                                                    }
                                                    *goAt = Simulator::Now();
                                                    for (SanMessengerClient* c : *all)
                                                    {
                                                        c->Go();
                                                    }
                                                }));
    }
    return goAt;
}

void
SanBenchRuns::EndRun(const ApplicationContainer& apps)
{
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        apps.Get(i)->Dispose();
    }
    Simulator::Destroy();
}

void
SanBenchRuns::StopWhen(bool done)
{
    if (done)
    {
        Simulator::Stop(kDrain);
    }
}

SanBenchRuns::PingPong
SanBenchRuns::RunPingPong(const Testbed& bed, uint32_t bytes, uint32_t rounds, uint32_t warmup)
{
    PingPong out;
    SanBenchTestbed testbed(bed.iface, 2, bed.preset);
    out.linkBps = testbed.GetLinkBps();
    SanPingPongHelper pingPong(testbed.GetMessengerType());
    testbed.ConfigureMessenger(pingPong);
    pingPong.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    pingPong.SetClientAttribute("Rounds", UintegerValue(rounds));
    pingPong.SetClientAttribute("WarmupRounds", UintegerValue(warmup));
    ApplicationContainer apps =
        pingPong.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1));
    apps.Start(MicroSeconds(10));
    // The simulator's events executed at each measured echo: their growth per round trip is
    // what one round trip (two messages) costs to simulate, set-up and idle time left out.
    auto events = std::make_shared<std::vector<uint64_t>>();
    // Raw pointers in trace sinks: a Ptr to an application in its own trace would hold it.
    Ptr<SanPingPongClient> client = DynamicCast<SanPingPongClient>(apps.Get(1));
    SanPingPongClient* clientRaw = PeekPointer(client);
    apps.Get(1)->TraceConnectWithoutContext("RoundTrip",
                                            MakeSanCallback<void, Time>([events, clientRaw](Time) {
                                                events->push_back(Simulator::GetEventCount());
                                                StopWhen(clientRaw->IsDone());
                                            }));
    Simulator::Stop(kRunLimit);
    Simulator::Run();
    out.roundTrips = client->GetRoundTrips();
    out.done = client->IsDone();
    out.oneWay = client->GetOneWayLatency();
    out.mbps = client->GetBandwidthMBps();
    out.echoed = DynamicCast<SanPingPongServer>(apps.Get(0))->GetEchoed();
    if (events->size() >= 2)
    {
        out.eventsPerMessage = static_cast<double>(events->back() - events->front()) /
                               (2.0 * static_cast<double>(events->size() - 1));
    }
    EndRun(apps);
    return out;
}

SanBenchRuns::Stream
SanBenchRuns::RunStream(const Testbed& bed, uint32_t bytes, uint32_t messages, uint32_t warmup)
{
    return RunIncast(bed, 1, bytes, messages, warmup);
}

SanBenchRuns::Stream
SanBenchRuns::RunIncast(const Testbed& bed,
                        uint32_t senders,
                        uint32_t bytes,
                        uint32_t messages,
                        uint32_t warmup)
{
    Stream out;
    SanBenchTestbed testbed(bed.iface, senders + 1, bed.preset);
    out.linkBps = testbed.GetLinkBps();
    SanStreamHelper stream(testbed.GetMessengerType());
    testbed.ConfigureMessenger(stream);
    stream.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    stream.SetClientAttribute("Messages", UintegerValue(messages));
    stream.SetServerAttribute("WarmupMessages", UintegerValue(warmup));
    // One sender: the pair workloads' order, host 0 to host 1 (GetHosts), measured by the sink
    // after its warm-up. More: hosts 1.. to host 0, held until every one is connected, then
    // started at one instant (the harness's start, as an incast experiment's); the bandwidth is
    // every byte over the time from that instant to the last arrival.
    const bool incast = senders > 1;
    stream.SetClientAttribute("WaitForGo", BooleanValue(incast));
    ApplicationContainer apps =
        incast ? stream.Install(testbed.GetClients(), testbed.GetHosts().Get(0))
               : stream.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1));
    apps.Start(MicroSeconds(10));
    const std::shared_ptr<Time> goAt = incast ? GoTogether(apps) : std::make_shared<Time>(-1);
    Ptr<SanStreamSink> sink = DynamicCast<SanStreamSink>(apps.Get(0));
    const uint64_t expected = uint64_t{senders} * messages;
    SanStreamSink* sinkRaw = PeekPointer(sink);
    // The simulator's events executed from the first measured arrival (one sender: the last
    // warm-up one; incast: the first) to the last: what a message costs to simulate.
    const uint64_t from = incast ? 1 : std::max<uint64_t>(warmup, 1);
    auto events = std::make_shared<std::pair<uint64_t, uint64_t>>(0, 0);
    sink->TraceConnectWithoutContext(
        "Rx",
        MakeSanCallback<void, uint32_t>([sinkRaw, expected, from, events](uint32_t) {
            const uint64_t n = sinkRaw->GetReceived();
            if (n == from)
            {
                events->first = Simulator::GetEventCount();
            }
            events->second = Simulator::GetEventCount();
            StopWhen(n == expected);
        }));
    Simulator::Stop(kRunLimit);
    Simulator::Run();
    for (uint32_t i = 1; i < apps.GetN(); ++i)
    {
        out.sent += DynamicCast<SanStreamSender>(apps.Get(i))->GetSent();
    }
    out.received = sink->GetReceived();
    if (out.received > from && events->first > 0)
    {
        out.eventsPerMessage = static_cast<double>(events->second - events->first) /
                               static_cast<double>(out.received - from);
    }
    out.bytes = sink->GetReceivedBytes();
    out.mbps = sink->GetBandwidthMBps();
    if (incast)
    {
        const Time took = sink->GetLastArrival() - *goAt;
        out.mbps = goAt->IsPositive() && took.IsStrictlyPositive()
                       ? static_cast<double>(out.bytes) / took.GetSeconds() / 1e6
                       : 0;
    }
    EndRun(apps);
    return out;
}

SanBenchRuns::RequestResponse
SanBenchRuns::RunRequestResponse(const Testbed& bed,
                                 uint32_t clients,
                                 uint32_t requests,
                                 uint32_t warmup,
                                 uint32_t requestBytes,
                                 uint32_t responseBytes)
{
    RequestResponse out;
    SanBenchTestbed testbed(bed.iface, clients + 1, bed.preset);
    out.linkBps = testbed.GetLinkBps();
    SanRequestResponseHelper rr(testbed.GetMessengerType());
    testbed.ConfigureMessenger(rr);
    rr.SetClientAttribute("RequestBytes", UintegerValue(requestBytes));
    rr.SetClientAttribute("Requests", UintegerValue(requests));
    rr.SetClientAttribute("WarmupRequests", UintegerValue(warmup));
    rr.SetServerAttribute("ResponseBytes", UintegerValue(responseBytes));
    // Every client connected before any asks, so that all measure together (a client that
    // connected first could otherwise be done before the last began).
    rr.SetClientAttribute("WaitForGo", BooleanValue(clients > 1));
    ApplicationContainer apps = rr.Install(testbed.GetClients(), testbed.GetHosts().Get(0));
    apps.Start(MicroSeconds(10));
    if (clients > 1)
    {
        GoTogether(apps);
    }
    // The simulator's events executed at each request served (what a message costs to
    // simulate, over the window the summary takes).
    auto events = std::make_shared<std::vector<uint64_t>>();
    apps.Get(0)->TraceConnectWithoutContext("Served",
                                            MakeSanCallback<void, uint32_t>([events](uint32_t) {
                                                events->push_back(Simulator::GetEventCount());
                                            }));
    auto finished = std::make_shared<uint32_t>(0);
    for (uint32_t i = 1; i < apps.GetN(); ++i)
    {
        SanRequestClient* c = PeekPointer(DynamicCast<SanRequestClient>(apps.Get(i)));
        c->TraceConnectWithoutContext("Latency",
                                      MakeSanCallback<void, Time>([c, finished, clients](Time) {
                                          if (c->IsDone())
                                          {
                                              StopWhen(++*finished == clients);
                                          }
                                      }));
    }
    Simulator::Stop(kRunLimit);
    Simulator::Run();
    for (uint32_t i = 1; i < apps.GetN(); ++i)
    {
        Ptr<SanRequestClient> c = DynamicCast<SanRequestClient>(apps.Get(i));
        NS_ABORT_MSG_IF(!c->IsDone(),
                        "SanBenchRuns: request/response over "
                            << bed.GetName() << " with " << clients << " clients: client " << i
                            << " did not finish within " << kRunLimit.As(Time::S));
        out.latencies.insert(out.latencies.end(),
                             c->GetLatencies().begin(),
                             c->GetLatencies().end());
    }
    out.summary = SanRequestResponseHelper::Summarize(apps);
    NS_ABORT_MSG_IF(out.summary.windowRequests == 0,
                    "SanBenchRuns: request/response over "
                        << bed.GetName() << " with " << clients
                        << " clients: no request was served while every client was measuring");
    const std::vector<SanRequestServer::Served>& served =
        DynamicCast<SanRequestServer>(apps.Get(0))->GetServed();
    out.served = served.size();
    // The requests served inside the window: two messages each (request and response).
    size_t first = served.size();
    size_t last = 0;
    for (size_t i = 0; i < served.size() && i < events->size(); ++i)
    {
        if (served[i].at >= out.summary.windowFrom && served[i].at <= out.summary.windowUntil)
        {
            first = std::min(first, i);
            last = std::max(last, i);
        }
    }
    if (first < last)
    {
        out.eventsPerMessage = static_cast<double>((*events)[last] - (*events)[first]) /
                               (2.0 * static_cast<double>(last - first));
    }
    EndRun(apps);
    return out;
}

std::string
SanBenchRuns::DescribeStall(const SanBenchTestbed& testbed, const ApplicationContainer& apps)
{
    std::ostringstream os;
    uint32_t done = 0;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        done += DynamicCast<SanGroupApplication>(apps.Get(i))->IsDone();
    }
    os << done << " of " << apps.GetN() << " done, ended at " << Simulator::Now().As(Time::US);
    // What the NICs refused, by reason, over every host.
    std::map<std::string, uint64_t> drops;
    const NodeContainer hosts = testbed.GetHosts();
    for (uint32_t h = 0; h < hosts.GetN(); ++h)
    {
        for (uint32_t d = 0; d < hosts.Get(h)->GetNDevices(); ++d)
        {
            Ptr<SanNicDevice> nic = DynamicCast<SanNicDevice>(hosts.Get(h)->GetDevice(d));
            for (uint32_t r = 0; nic && r < nic->GetNDropReasons(); ++r)
            {
                if (nic->GetNDropped(r) > 0)
                {
                    drops[nic->GetDropReasonName(r)] += nic->GetNDropped(r);
                }
            }
        }
    }
    os << "; NIC drops:";
    for (const auto& d : drops)
    {
        os << " " << d.first << " " << d.second;
    }
    if (drops.empty())
    {
        os << " none";
    }
    return os.str();
}

SanBenchRuns::Group
SanBenchRuns::RunGroup(const SanBenchTestbed& testbed,
                       SanGroupWorkloadHelper& helper,
                       const std::string& what,
                       uint32_t steps)
{
    Group out;
    out.linkBps = testbed.GetLinkBps();
    testbed.ConfigureMessenger(helper);
    ApplicationContainer apps = helper.Install(testbed.GetHosts());
    apps.Start(MicroSeconds(10));
    auto finished = std::make_shared<uint32_t>(0);
    const uint32_t n = apps.GetN();
    // The processes join one after another (SanGroupWorkloadHelper), so set-up grows with
    // the square of their number (VMMC's 1 ms per mapping: 257 processes take 131 s of
    // simulated set-up): the run's limit counts from when the last has joined.
    auto joined = std::make_shared<uint32_t>(0);
    auto goAt = std::make_shared<Time>(-1);
    for (uint32_t i = 0; i < n; ++i)
    {
        apps.Get(i)->TraceConnectWithoutContext("Done", MakeSanCallback<void>([finished, n]() {
                                                    StopWhen(++*finished == n);
                                                }));
        apps.Get(i)->TraceConnectWithoutContext("Connected",
                                                MakeSanCallback<void>([joined, goAt, n]() {
                                                    if (++*joined == n)
                                                    {
                                                        *goAt = Simulator::Now();
                                                        Simulator::Stop(kRunLimit);
                                                    }
                                                }));
    }
    Simulator::Stop(kSetupLimit);
    Simulator::Run();
    out.done = true;
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<SanGroupApplication> a = DynamicCast<SanGroupApplication>(apps.Get(i));
        NS_ABORT_MSG_IF(!a->IsDone(),
                        "SanBenchRuns: "
                            << what << " of " << n << " processes: rank " << i << " did not finish "
                            << (goAt->IsNegative()
                                    ? "joining within " + InSeconds(kSetupLimit)
                                    : "within " + InSeconds(kRunLimit) +
                                          " of the last joining at " + InSeconds(*goAt))
                            << " (" << DescribeStall(testbed, apps) << ")");
        out.slowest = std::max(out.slowest, a->GetMeasuredUntil() - a->GetMeasuredFrom());
        if (Ptr<SanAllToAll> x = DynamicCast<SanAllToAll>(a))
        {
            out.received += x->GetReceived();
        }
    }
    out.perStep = out.slowest / static_cast<int64_t>(steps);
    EndRun(apps);
    return out;
}

SanBenchRuns::Group
SanBenchRuns::RunAllToAll(const Testbed& bed,
                          uint32_t processes,
                          uint32_t bytes,
                          uint32_t rounds,
                          uint32_t warmup)
{
    SanBenchTestbed testbed(bed.iface, processes, bed.preset);
    SanAllToAllHelper helper(testbed.GetMessengerType());
    helper.SetAttribute("MessageBytes", UintegerValue(bytes));
    helper.SetAttribute("Rounds", UintegerValue(rounds));
    helper.SetAttribute("WarmupRounds", UintegerValue(warmup));
    Group out = RunGroup(testbed, helper, "all-to-all over " + bed.GetName(), rounds);
    const double moved = static_cast<double>(processes) * (processes - 1) * bytes * rounds;
    out.mbps = out.slowest.IsStrictlyPositive() ? moved / out.slowest.GetSeconds() / 1e6 : 0;
    return out;
}

SanBenchRuns::Group
SanBenchRuns::RunBarrier(const Testbed& bed, uint32_t processes, uint32_t barriers, uint32_t warmup)
{
    SanBenchTestbed testbed(bed.iface, processes, bed.preset);
    SanBarrierHelper helper(testbed.GetMessengerType());
    helper.SetAttribute("Barriers", UintegerValue(barriers));
    helper.SetAttribute("WarmupBarriers", UintegerValue(warmup));
    return RunGroup(testbed, helper, "barrier over " + bed.GetName(), barriers);
}

} // namespace ns3
