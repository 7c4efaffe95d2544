/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tripwire-beyond-paper.h"

#include "clan-scenario.h"

#include "ns3/abort.h"
#include "ns3/clan-request-service.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/random-variable-stream.h"
#include "ns3/san-callback.h"
#include "ns3/san-fabric.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

namespace ns3
{

namespace
{

/// ASSUMED: the polling loop's work per endpoint: load the request word (cached unless the
/// NIC wrote it), compare with the last seen, branch, advance: about 4 instructions.
constexpr double POLL_INSTRUCTIONS_PER_ENDPOINT = 4;

/// A server that polls every endpoint's request word in turn, without Tripwires.
struct PollingServer
{
    Ptr<ClanContext> ctx;
    uint64_t requests{0}; //!< the request slots
    uint64_t replies{0};  //!< its mapping of the client's reply slots
    uint32_t endpoints{0};
    std::vector<uint32_t> seen; //!< last sequence answered per endpoint
    bool stop{false};

    /// One pass over every endpoint, answering those with a new request.
    void Scan()
    {
        if (stop)
        {
            return;
        }
        ctx->GetCpu()->ExecuteInstructions(POLL_INSTRUCTIONS_PER_ENDPOINT * endpoints,
                                           MakeSanCallback<void>([this]() { Answer(0); }));
    }

    /// Answer the new requests from endpoint \p from on, then scan again.
    void Answer(uint32_t from)
    {
        for (uint32_t e = from; e < endpoints; ++e)
        {
            const uint64_t slot = uint64_t(e) * ClanRequestService::SLOT_BYTES;
            const uint32_t seq = ctx->ReadLocalWord(requests + slot);
            if (seq != seen[e])
            {
                seen[e] = seq;
                ctx->WriteWord(replies + slot, seq, MakeSanCallback<void>([this, e]() {
                                   Answer(e + 1);
                               }));
                return;
            }
        }
        Scan();
    }
};

} // namespace

TripwireBeyondPaper::Scaling
TripwireBeyondPaper::ServerScaling(uint32_t endpoints, bool tripwires, uint32_t requests)
{
    NS_ABORT_MSG_IF(endpoints == 0 || requests == 0, "ServerScaling: nothing to run");
    // A projection past the paper's 4096-entry CAM for the largest sizes.
    Config::SetDefault("ns3::ClanTripwireTable::Capacity",
                       UintegerValue(std::max<uint32_t>(4096, endpoints + 64)));
    ClanScenario s(ClanScenario::Configure(2));
    Ptr<ClanContext> client = s.ctx[0];
    Ptr<ClanContext> server = s.ctx[1];
    Ptr<ClanRequestService> service;
    PollingServer poller;
    // The client's side of the protocol is ClanRequestService's in both cases.
    service = CreateObject<ClanRequestService>();
    if (tripwires)
    {
        service->Setup(client, server, endpoints);
    }
    else
    {
        // The same slots, mapped by hand; the server polls instead of running the event loop.
        const uint64_t bytes = uint64_t(endpoints) * ClanRequestService::SLOT_BYTES;
        poller.ctx = server;
        poller.endpoints = endpoints;
        poller.seen.assign(endpoints, 0);
        poller.requests = server->Allocate(bytes, "requests");
        const uint64_t replySlots = client->Allocate(bytes, "replies");
        poller.replies = server->Map(client->Export(replySlots, bytes));
        service->SetupWithoutServer(client,
                                    client->Map(server->Export(poller.requests, bytes)),
                                    replySlots,
                                    endpoints);
        Simulator::Schedule(MilliSeconds(1) + MicroSeconds(6) * endpoints,
                            [&poller]() { poller.Scan(); });
    }
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    pick->SetStream(2);
    // After the set-up's system calls (four per endpoint on the server for Tripwires).
    const Time start = MilliSeconds(2) + MicroSeconds(6) * endpoints;
    Time total;
    Time busyStart;
    Time end;
    auto one = std::make_shared<std::function<void(uint32_t)>>();
    std::vector<uint32_t> seq(endpoints, 0);
    *one = [&, one](uint32_t n) {
        if (n == 0)
        {
            busyStart = s.GetHost(1)->GetCpu()->GetResource()->GetBusyTime();
        }
        const uint32_t c = pick->GetInteger(0, endpoints - 1);
        const uint32_t q = ++seq[c];
        const Time sent = Simulator::Now();
        service->Send(c, q, Callback<void>());
        service->AwaitReply(c, q, MakeSanCallback<void>([&, one, n, sent]() {
                                total += Simulator::Now() - sent;
                                if (n + 1 < requests)
                                {
                                    Simulator::Schedule(MicroSeconds(20),
                                                        [one, n]() { (*one)(n + 1); });
                                    return;
                                }
                                end = Simulator::Now();
                                poller.stop = true;
                                Simulator::Stop();
                            }));
    };
    Simulator::Schedule(start, [one]() { (*one)(0); });
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    Scaling r;
    NS_ABORT_MSG_IF(end.IsZero(), "ServerScaling: the requests did not all complete");
    r.rttUs = total.GetSeconds() * 1e6 / requests;
    r.cpuPerRequestUs =
        (s.GetHost(1)->GetCpu()->GetResource()->GetBusyTime() - busyStart).GetSeconds() * 1e6 /
        requests;
    *one = nullptr;
    service->Dispose();
    Simulator::Destroy();
    Config::SetDefault("ns3::ClanTripwireTable::Capacity", UintegerValue(4096));
    return r;
}

TripwireBeyondPaper::Background
TripwireBeyondPaper::SmallUnderDma(uint32_t hosts,
                                   uint32_t splitThreshold,
                                   double load,
                                   uint32_t probes)
{
    NS_ABORT_MSG_IF(hosts < 4, "SmallUnderDma: at least 4 hosts");
    NS_ABORT_MSG_IF(!(load > 0 && load < 1), "SmallUnderDma: load " << load << " not in (0, 1)");
    ClanScenario::Spec spec = ClanScenario::Configure(hosts);
    spec.splitThreshold = splitThreshold;
    ClanScenario s(spec);
    // Background: every host but the probing one sends 8 KB DMA transfers to random other
    // hosts (not to itself, not to the probe's sender), each host offering \p load of its
    // link on average (exponential gaps), so that every output of the switch carries about
    // \p load. Each host exports one landing area that all senders overwrite.
    const uint32_t dmaBytes = 8192;
    Ptr<ClanContext> victim = s.ctx[0];
    const uint64_t probeWord = victim->Allocate(64, "probe");
    const uint64_t probeMap = s.ctx[1]->Map(victim->Export(probeWord, 64));
    std::vector<ClanCookie> landing(hosts);
    for (uint32_t h = 0; h < hosts; ++h)
    {
        if (h != 1)
        {
            landing[h] = s.ctx[h]->Export(s.ctx[h]->Allocate(dmaBytes, "landing"), dmaBytes);
        }
    }
    std::vector<uint64_t> sources(hosts);
    std::vector<std::vector<uint64_t>> maps(hosts, std::vector<uint64_t>(hosts, 0));
    for (uint32_t h = 0; h < hosts; ++h)
    {
        if (h == 1)
        {
            continue;
        }
        sources[h] = s.ctx[h]->Allocate(dmaBytes, "source");
        for (uint32_t d = 0; d < hosts; ++d)
        {
            if (d != h && d != 1)
            {
                maps[h][d] = s.ctx[h]->Map(landing[d]);
            }
        }
    }
    const double linkBps = 1.2e9;
    Ptr<ExponentialRandomVariable> gap = CreateObject<ExponentialRandomVariable>();
    gap->SetStream(3);
    gap->SetAttribute("Mean", DoubleValue(dmaBytes * 8.0 / (linkBps * load)));
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    pick->SetStream(4);
    const Time start = MilliSeconds(1);
    const Time stop = start + MicroSeconds(100) + MicroSeconds(20) * probes;
    auto dma = std::make_shared<std::function<void(uint32_t)>>();
    *dma = [&, dma](uint32_t h) {
        if (Simulator::Now() > stop)
        {
            return;
        }
        uint32_t d = h;
        while (d == h || d == 1)
        {
            d = pick->GetInteger(0, hosts - 1);
        }
        s.ctx[h]->Dma(sources[h], maps[h][d], dmaBytes, Callback<void>(), Callback<void>());
        Simulator::Schedule(Seconds(gap->GetValue()), [dma, h]() { (*dma)(h); });
    };
    for (uint32_t h = 0; h < hosts; ++h)
    {
        if (h != 1)
        {
            Simulator::Schedule(start + Seconds(gap->GetValue()), [dma, h]() { (*dma)(h); });
        }
    }
    // The probe: a DWORD store every 20 us, timed from the store to its arrival in host 0's
    // memory.
    Background r;
    Time sum;
    uint32_t seen = 0;
    s.nics[0]->TraceConnectWithoutContext(
        "Write",
        MakeSanCallback<void, uint64_t, uint32_t, uint32_t>(
            [&](uint64_t address, uint32_t, uint32_t) {
                if (address != probeWord)
                {
                    return;
                }
                const uint32_t n = victim->ReadLocalWord(probeWord);
                const Time sent = start + MicroSeconds(100) + MicroSeconds(20) * (n - 1);
                const double us = (Simulator::Now() - sent).GetSeconds() * 1e6;
                sum += Simulator::Now() - sent;
                r.maxUs = std::max(r.maxUs, us);
                ++seen;
            }));
    for (uint32_t n = 1; n <= probes; ++n)
    {
        Simulator::Schedule(
            start + MicroSeconds(100) + MicroSeconds(20) * (n - 1),
            [&s, probeMap, n]() { s.ctx[1]->WriteWord(probeMap, n, Callback<void>()); });
    }
    Simulator::Stop(stop + MilliSeconds(5));
    Simulator::Run();
    NS_ABORT_MSG_IF(seen != probes, "SmallUnderDma: " << seen << " of " << probes << " probes");
    r.meanUs = sum.GetSeconds() * 1e6 / probes;
    r.splits = s.GetFabricHelper().GetFabric()->GetSplits();
    *dma = nullptr;
    Simulator::Destroy();
    return r;
}

std::vector<SanPaperRow>
TripwireBeyondPaper::Rows()
{
    std::vector<SanPaperRow> rows;
    for (uint32_t n : {10u, 100u, 1000u, 10000u})
    {
        const Scaling t = ServerScaling(n, true, 100);
        const Scaling p = ServerScaling(n, false, 100);
        const std::string at = std::to_string(n) + " endpoints";
        rows.push_back(SanPaperRow::Unpapered("beyond_tripwire_scaling",
                                              "tripwire_rtt_" + std::to_string(n) + "_us",
                                              "us",
                                              t.rttUs,
                                              "Event-based server with Tripwires, " + at));
        rows.push_back(SanPaperRow::Unpapered("beyond_tripwire_scaling",
                                              "tripwire_cpu_per_req_" + std::to_string(n) + "_us",
                                              "us",
                                              t.cpuPerRequestUs,
                                              "Server CPU per request (polling window counts), " +
                                                  at + ", requests 20 us apart"));
        rows.push_back(SanPaperRow::Unpapered("beyond_tripwire_scaling",
                                              "poll_rtt_" + std::to_string(n) + "_us",
                                              "us",
                                              p.rttUs,
                                              "Server polling every request word, " + at));
        rows.push_back(SanPaperRow::Unpapered("beyond_tripwire_scaling",
                                              "poll_cpu_per_req_" + std::to_string(n) + "_us",
                                              "us",
                                              p.cpuPerRequestUs,
                                              "Polling server's CPU per request (it never "
                                              "sleeps), " +
                                                  at + ", requests 20 us apart"));
    }
    for (uint32_t hosts : {8u, 16u, 32u, 64u})
    {
        for (uint32_t threshold : {0u, 128u})
        {
            const Background b = SmallUnderDma(hosts, threshold, 0.3, 200);
            const std::string tag = std::to_string(hosts) + "h_" +
                                    (threshold ? "split" + std::to_string(threshold) : "unsplit");
            const std::string what = std::to_string(hosts) +
                                     " hosts on one wormhole switch, 8 KB DMA transfers to "
                                     "random hosts offering 30% of every link (the PCI bus carries "
                                     "both directions), switch "
                                     "SplitThreshold " +
                                     std::to_string(threshold);
            rows.push_back(
                SanPaperRow::Unpapered("beyond_switched_split",
                                       "probe_mean_" + tag + "_us",
                                       "us",
                                       b.meanUs,
                                       "Mean one-way latency of a DWORD store, " + what));
            rows.push_back(SanPaperRow::Unpapered("beyond_switched_split",
                                                  "probe_max_" + tag + "_us",
                                                  "us",
                                                  b.maxUs,
                                                  "Largest one-way latency, " + what));
            rows.push_back(SanPaperRow::Unpapered("beyond_switched_split",
                                                  "splits_" + tag,
                                                  "bursts",
                                                  double(b.splits),
                                                  "Bursts the switch split, " + what));
        }
    }
    return rows;
}

} // namespace ns3
