/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-bench-ranks.h"

#include "san-bench-preset.h"
#include "san-bench-runs.h"
#include "san-bench-testbed.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/san-callback.h"
#include "ns3/san-distributed.h"
#include "ns3/san-group-application.h"
#include "ns3/san-group-workload-helper.h"
#include "ns3/san-request-response-helper.h"
#include "ns3/san-request-response.h"
#include "ns3/san-scenario.h"
#include "ns3/san-stream-helper.h"
#include "ns3/san-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <sstream>

namespace ns3
{

namespace
{

/// When every process starts (and rank 0 of an all-to-all group joins).
Time
StartTime()
{
    return MicroSeconds(10);
}

/// \return true if this rank simulates \p node
bool
IsLocal(Ptr<Node> node)
{
    return node->GetSystemId() == SanDistributed::GetRank();
}

} // namespace

std::vector<std::string>
SanBenchRanks::GetWorkloads()
{
    return {"request-response", "incast", "all-to-all"};
}

std::string
SanBenchRanks::Check(const Spec& spec)
{
    const auto workloads = GetWorkloads();
    if (std::find(workloads.begin(), workloads.end(), spec.run.workload) == workloads.end())
    {
        return "no distributed workload '" + spec.run.workload +
               "' (request-response, incast, all-to-all)";
    }
    const uint32_t ranks = SanDistributed::GetSize();
    if (ranks > 1 && spec.parts != 0 && spec.parts != ranks)
    {
        return std::to_string(spec.parts) + " parts on " + std::to_string(ranks) +
               " ranks: a distributed run has one part per rank";
    }
    if (spec.run.groupSize < 2 || spec.run.hosts % spec.run.groupSize != 0)
    {
        return "groups of " + std::to_string(spec.run.groupSize) + " do not divide " +
               std::to_string(spec.run.hosts) + " hosts";
    }
    if (spec.run.count == 0)
    {
        return "a count of 0";
    }
    if (!spec.go.IsStrictlyPositive() || spec.until <= spec.go)
    {
        return "the clients go at " + std::to_string(spec.go.GetMicroSeconds()) +
               " us and the run ends at " + std::to_string(spec.until.GetMicroSeconds()) +
               " us: both positive, the end later";
    }
    if (spec.run.workload == "all-to-all")
    {
        if (!spec.joinSlot.IsStrictlyPositive())
        {
            return "a join slot of " + std::to_string(spec.joinSlot.GetNanoSeconds()) +
                   " ns (positive)";
        }
        const Time end =
            SanGroupWorkloadHelper::GetJoinTime(StartTime(), spec.joinSlot, spec.run.groupSize);
        if (spec.go < end)
        {
            return "the last of a group's " + std::to_string(spec.run.groupSize) +
                   " processes has until " + std::to_string(end.GetMicroSeconds()) +
                   " us to join, after the go at " + std::to_string(spec.go.GetMicroSeconds()) +
                   " us: go later or give a connection a shorter slot";
        }
    }
    return "";
}

SanBenchRanks::Result
SanBenchRanks::Run(const Spec& spec)
{
    const std::string error = Check(spec);
    NS_ABORT_MSG_IF(!error.empty(), "SanBenchRanks: " << error);
    const SanBenchScale::Case& c = spec.run;
    const uint32_t parts = spec.parts != 0 ? spec.parts : SanDistributed::GetSize();
    Result r;
    {
        SanScopedDefaults scoped;
        scoped.SetGlobal("SanScenarioPartitions", UintegerValue(parts > 1 ? parts : 0));
        // Simultaneous events in an order that every part computes alike (a packet that comes
        // over a cut link is scheduled later than one that came over a whole one): whole, cut
        // in one process and on MPI ranks give the same results.
        scoped.SetGlobal("SchedulerType", StringValue("ns3::SanOrderedScheduler"));
        // On one rank as on several: credits cross cables with a Delay in their time (what
        // lets the modern fabric be cut at all).
        scoped.SetGlobal("SanScenarioCreditsTakeDelay", BooleanValue(true));
        // NX's processes find out themselves that every peer is connected (no launcher sees
        // them all across ranks): on one rank as on several.
        scoped.Set("ns3::NxGroup", "AnnounceReady", BooleanValue(true));
        SanScenario::ResetCutStatistics();
        SanBenchTestbed testbed(c.iface, c.hosts, c.preset, c.fabric, c.hosts / c.groupSize);
        const SanScenario::CutStatistics cuts = SanScenario::GetCutStatistics();
        r.cutLinks = cuts.cutLinks;
        r.lookahead = cuts.lookahead;
        const NodeContainer hosts = testbed.GetHosts();
        const uint32_t groups = c.hosts / c.groupSize;
        // Member j of group g, as SanBenchScale places them; a group's clients (senders).
        auto index = [groups, &c](uint32_t g, uint32_t j) {
            return SanBenchScale::GetMemberHost(g, j, groups, c.groupSize);
        };
        auto clientsOf = [&hosts, &index, &c](uint32_t g) {
            NodeContainer members;
            for (uint32_t j = 1; j < c.groupSize; ++j)
            {
                members.Add(hosts.Get(index(g, j)));
            }
            return members;
        };

        // Every host's facts, filled on its own rank (zeros elsewhere), and each local process's
        // "done": the time it finished (-1: not yet).
        std::vector<HostFacts> facts(c.hosts);
        auto doneAt = std::make_shared<std::vector<int64_t>>(c.hosts, -1);
        auto markDone = [doneAt](uint32_t host) {
            (*doneAt)[host] = Simulator::Now().GetTimeStep();
        };
        std::vector<std::pair<uint32_t, Ptr<Application>>> local; // (host, process)
        std::vector<SanMessengerClient*> clients;                 // local ones, to go
        const Time never = spec.until + Seconds(1);
        ApplicationContainer all;

        auto place = [&](const ApplicationContainer& apps, uint32_t g) {
            // apps: member 0's server or sink, then members 1.. in order
            all.Add(apps);
            for (uint32_t j = 0; j < apps.GetN(); ++j)
            {
                Ptr<Application> app = apps.Get(j);
                if (IsLocal(app->GetNode()))
                {
                    app->SetStartTime(StartTime());
                    local.emplace_back(index(g, j), app);
                    if (auto* client = dynamic_cast<SanMessengerClient*>(PeekPointer(app)))
                    {
                        clients.push_back(client);
                    }
                }
                else
                {
                    app->SetStartTime(never); // another rank's: left unstarted
                }
            }
        };

        // Processes not joined or connected when they were to be.
        auto late = std::make_shared<uint64_t>(0);
        if (c.workload == "request-response")
        {
            SanRequestResponseHelper rr(testbed.GetMessengerType());
            testbed.ConfigureMessenger(rr);
            SanBenchScale::Configure(rr, c);
            for (uint32_t g = 0; g < groups; ++g)
            {
                ApplicationContainer apps = rr.Install(clientsOf(g), hosts.Get(index(g, 0)));
                place(apps, g);
            }
            for (const auto& [host, app] : local)
            {
                if (auto* client = dynamic_cast<SanRequestClient*>(PeekPointer(app)))
                {
                    const uint32_t h = host;
                    client->TraceConnectWithoutContext(
                        "Latency",
                        MakeSanCallback<void, Time>([client, h, markDone](Time) {
                            if (client->IsDone())
                            {
                                markDone(h);
                            }
                        }));
                }
            }
        }
        else if (c.workload == "incast")
        {
            SanStreamHelper stream(testbed.GetMessengerType());
            testbed.ConfigureMessenger(stream);
            SanBenchScale::Configure(stream, c);
            const uint64_t wanted = uint64_t{c.count} * (c.groupSize - 1);
            for (uint32_t g = 0; g < groups; ++g)
            {
                ApplicationContainer apps = stream.Install(clientsOf(g), hosts.Get(index(g, 0)));
                place(apps, g);
                if (IsLocal(apps.Get(0)->GetNode()))
                {
                    SanStreamSink* sink = PeekPointer(DynamicCast<SanStreamSink>(apps.Get(0)));
                    const uint32_t h = index(g, 0);
                    sink->TraceConnectWithoutContext(
                        "Rx",
                        MakeSanCallback<void, uint32_t>([sink, h, wanted, markDone](uint32_t) {
                            if (sink->GetReceived() == wanted)
                            {
                                markDone(h);
                            }
                        }));
                }
            }
        }
        else
        {
            // Each process joins and goes by its own times; one that has not joined when the
            // next rank is to (the last: when all go) is counted as late.
            SanAllToAllHelper a2a(testbed.GetMessengerType());
            testbed.ConfigureMessenger(a2a);
            SanBenchScale::Configure(a2a, c);
            a2a.SetTimedLaunch(StartTime(), spec.joinSlot, spec.go);
            auto joined = std::make_shared<std::vector<bool>>(c.hosts, false);
            for (uint32_t g = 0; g < groups; ++g)
            {
                NodeContainer members;
                for (uint32_t j = 0; j < c.groupSize; ++j)
                {
                    members.Add(hosts.Get(index(g, j)));
                }
                const ApplicationContainer apps = a2a.Install(members);
                place(apps, g);
                for (uint32_t j = 0; j < apps.GetN(); ++j)
                {
                    Ptr<Application> app = apps.Get(j);
                    if (!IsLocal(app->GetNode()))
                    {
                        continue;
                    }
                    const uint32_t h = index(g, j);
                    app->TraceConnectWithoutContext(
                        "Connected",
                        MakeSanCallback<void>([joined, h]() { (*joined)[h] = true; }));
                    app->TraceConnectWithoutContext("Done", MakeSanCallback<void>([h, markDone]() {
                                                        markDone(h);
                                                    }));
                    const Time deadline =
                        j + 1 < c.groupSize
                            ? SanGroupWorkloadHelper::GetJoinTime(StartTime(), spec.joinSlot, j + 1)
                            : spec.go;
                    Simulator::ScheduleWithContext(app->GetNode()->GetId(),
                                                   deadline,
                                                   [joined, h, late]() {
                                                       if (!(*joined)[h])
                                                       {
                                                           ++*late;
                                                       }
                                                   });
                }
            }
        }

        // Every client goes at Go, in its node's context; one not yet connected is counted.
        for (SanMessengerClient* client : clients)
        {
            Simulator::ScheduleWithContext(client->GetNode()->GetId(), spec.go, [client, late]() {
                if (!client->IsConnected())
                {
                    ++*late;
                }
                client->Go();
            });
        }
        Simulator::Stop(spec.until);
        Simulator::Run();

        // This rank's facts; the done processes it expected and the ones it had.
        uint64_t expected = 0;
        uint64_t done = 0;
        int64_t finished = 0;
        for (const auto& [host, app] : local)
        {
            HostFacts& f = facts[host];
            if (auto* client = dynamic_cast<SanRequestClient*>(PeekPointer(app)))
            {
                ++expected;
                f.received = client->GetLatencies().size();
                for (const Time& t : client->GetLatencies())
                {
                    f.sum += static_cast<uint64_t>(t.GetTimeStep());
                }
                f.lastStep = client->GetMeasuredUntil().GetTimeStep();
            }
            else if (auto* server = dynamic_cast<SanRequestServer*>(PeekPointer(app)))
            {
                f.received = server->GetServed().size();
                f.lastStep =
                    server->GetServed().empty() ? 0 : server->GetServed().back().at.GetTimeStep();
            }
            else if (auto* sink = dynamic_cast<SanStreamSink*>(PeekPointer(app)))
            {
                ++expected;
                f.received = sink->GetReceived();
                f.sum = sink->GetReceivedBytes();
                f.lastStep = sink->GetLastArrival().GetTimeStep();
            }
            else if (auto* a2a = dynamic_cast<SanAllToAll*>(PeekPointer(app)))
            {
                ++expected;
                f.received = a2a->GetReceived();
                f.lastStep = a2a->GetMeasuredUntil().GetTimeStep();
                f.sum = static_cast<uint64_t>(
                    (a2a->GetMeasuredUntil() - a2a->GetMeasuredFrom()).GetTimeStep());
            }
            if ((*doneAt)[host] >= 0)
            {
                ++done;
                finished = std::max(finished, (*doneAt)[host]);
            }
        }

        // Merged exactly: integer sums (each host's facts are nonzero on its rank only) and
        // maxima.
        std::vector<uint64_t> sums{expected, done, *late};
        for (const HostFacts& f : facts)
        {
            sums.push_back(f.received);
            sums.push_back(static_cast<uint64_t>(f.lastStep));
            sums.push_back(f.sum);
        }
        SanDistributed::SumAll(sums);
        // Every rank has the same sums, so every rank gives the same answer.
        std::ostringstream error;
        if (sums[2] > 0)
        {
            error << sums[2]
                  << (c.workload == "all-to-all"
                          ? " processes had not joined when the next rank was to (the last: at "
                            "the go): give a connection a longer join slot and go later"
                          : " clients were not connected when they were to go: go later")
                  << " (go at " << spec.go.GetMicroSeconds() << " us)";
        }
        else if (sums[1] < sums[0])
        {
            error << sums[0] - sums[1] << " of " << sums[0] << " processes were not done at "
                  << spec.until.GetMicroSeconds() << " us: end later";
        }
        if (!error.str().empty())
        {
            r.error = error.str();
            SanBenchRuns::EndRun(all);
            return r;
        }
        r.hosts.resize(c.hosts);
        for (uint32_t h = 0; h < c.hosts; ++h)
        {
            r.hosts[h].received = sums[3 + 3 * h];
            r.hosts[h].lastStep = static_cast<int64_t>(sums[4 + 3 * h]);
            r.hosts[h].sum = sums[5 + 3 * h];
        }
        std::vector<int64_t> maxima{finished};

        if (c.workload == "request-response")
        {
            // Each group's window (SanRequestResponseHelper::Summarize: from the last client's
            // first measured request to the first client's last response), merged as maxima
            // (of its start and of its end's negation), then its server's part on its rank.
            std::vector<int64_t> window(2 * groups, std::numeric_limits<int64_t>::min());
            for (const auto& [host, app] : local)
            {
                if (auto* client = dynamic_cast<SanRequestClient*>(PeekPointer(app)))
                {
                    const uint32_t g = host % groups;
                    window[2 * g] =
                        std::max(window[2 * g], client->GetMeasuredFrom().GetTimeStep());
                    window[2 * g + 1] =
                        std::max(window[2 * g + 1], -client->GetMeasuredUntil().GetTimeStep());
                }
            }
            window.insert(window.end(), maxima.begin(), maxima.end());
            SanDistributed::MaxAll(window);
            r.finished = TimeStep(window.back());
            std::vector<uint64_t> rates(2 * groups, 0); // requests in the window, its steps
            for (const auto& [host, app] : local)
            {
                if (auto* server = dynamic_cast<SanRequestServer*>(PeekPointer(app)))
                {
                    const uint32_t g = host % groups;
                    SanRequestResponseHelper::Summary s;
                    s.windowFrom = TimeStep(window[2 * g]);
                    s.windowUntil = TimeStep(-window[2 * g + 1]);
                    SanRequestResponseHelper::SummarizeServer(*server, s);
                    rates[2 * g] = s.windowRequests;
                    rates[2 * g + 1] = static_cast<uint64_t>(s.windowSpan.GetTimeStep());
                }
            }
            SanDistributed::SumAll(rates);
            for (uint32_t g = 0; g < groups; ++g)
            {
                // As Summarize's rate (of two requests at least), summed in group order.
                if (rates[2 * g] > 0 && rates[2 * g + 1] > 0)
                {
                    const double seconds =
                        TimeStep(static_cast<int64_t>(rates[2 * g + 1])).GetSeconds();
                    r.figure += static_cast<double>(rates[2 * g]) / seconds;
                }
                // A request and its response per request served.
                r.messages += 2 * r.hosts[index(g, 0)].received;
            }
            r.figureName = "requests_per_s_all_servers";
            r.figureUnit = "1/s";
        }
        else if (c.workload == "incast")
        {
            // Every byte at every sink over the time from the common start to the last arrival.
            int64_t last = 0;
            uint64_t bytes = 0;
            for (uint32_t g = 0; g < groups; ++g)
            {
                const HostFacts& sink = r.hosts[index(g, 0)];
                last = std::max(last, sink.lastStep);
                bytes += sink.sum;
                r.messages += sink.received;
            }
            SanDistributed::MaxAll(maxima);
            r.finished = TimeStep(maxima[0]);
            const double span = (TimeStep(last) - spec.go).GetSeconds();
            r.figure = span > 0 ? static_cast<double>(bytes) / span / 1e6 : 0;
            r.figureName = "mbps_all_sinks";
            r.figureUnit = "MB/s";
        }
        else
        {
            // As SanBenchScale: the slowest process's measured time, per round.
            uint64_t slowest = 0;
            for (const HostFacts& f : r.hosts)
            {
                r.messages += f.received;
                slowest = std::max(slowest, f.sum);
            }
            SanDistributed::MaxAll(maxima);
            r.finished = TimeStep(maxima[0]);
            r.figure = TimeStep(static_cast<int64_t>(slowest)).GetSeconds() * 1e6 / c.count;
            r.figureName = "round_us_slowest";
            r.figureUnit = "us";
        }
        // Inside the testbed's life, as SanBenchScale ends.
        SanBenchRuns::EndRun(all);
    }
    return r;
}

std::string
SanBenchRanks::ToCsv(const Spec& spec, const Result& r)
{
    std::ostringstream os;
    os.precision(12);
    os << "# " << spec.run.Encode() << " go_us=" << spec.go.GetMicroSeconds()
       << " until_us=" << spec.until.GetMicroSeconds() << "\n";
    os << "host,received,last_step,sum\n";
    os << "all," << r.messages << "," << r.finished.GetTimeStep() << "," << r.figure << " "
       << r.figureName << "\n";
    for (uint32_t h = 0; h < r.hosts.size(); ++h)
    {
        os << h << "," << r.hosts[h].received << "," << r.hosts[h].lastStep << "," << r.hosts[h].sum
           << "\n";
    }
    return os.str();
}

} // namespace ns3
