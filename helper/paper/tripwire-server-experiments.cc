/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// TripwirePaperExperiments: the event-based server of section 5.3.1 (Figures 8 and 9).

#include "tripwire-paper-experiments.h"

#include "ns3/abort.h"
#include "ns3/clan-request-service.h"
#include "ns3/random-variable-stream.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <functional>
#include <memory>

namespace ns3
{

namespace
{

/// Client and server, the service between them, set up and past its set-up calls.
struct ServerRig
{
    ClanScenario s{ClanScenario::Configure(2)};
    Ptr<ClanRequestService> service{CreateObject<ClanRequestService>()};
    /// When the set-up's system calls are long over.
    const Time start{MilliSeconds(1) + MicroSeconds(1)};

    /// \param endpoints connections
    explicit ServerRig(uint32_t endpoints)
    {
        service->Setup(s.ctx[0], s.ctx[1], endpoints);
    }

    /// \return the server CPU's busy time so far
    Time ServerBusy() const
    {
        return s.GetHost(1)->GetCpu()->GetResource()->GetBusyTime();
    }
};

} // namespace

TripwirePaperExperiments::ServerResult
TripwirePaperExperiments::ServerRoundTrip(uint32_t endpoints, bool busy, uint32_t requests)
{
    NS_ABORT_MSG_IF(requests == 0, "ServerRoundTrip: no requests");
    ServerRig rig(endpoints);
    Ptr<UniformRandomVariable> pick = CreateObject<UniformRandomVariable>();
    pick->SetStream(1);
    // A few requests warm the loop before the measured ones.
    const uint32_t warm = 4;
    const Time gap = busy ? Seconds(0) : MicroSeconds(50);
    Time total;
    Time measureStart;
    Time busyAtStart;
    uint64_t interruptsAtStart = 0;
    uint64_t sleepsAtStart = 0;
    uint32_t done = 0;
    auto one = std::make_shared<std::function<void(uint32_t)>>();
    *one = [&, one](uint32_t n) {
        if (n == warm)
        {
            measureStart = Simulator::Now();
            busyAtStart = rig.ServerBusy();
            interruptsAtStart = rig.s.nics[1]->GetNTripwireInterrupts();
            sleepsAtStart = rig.service->GetServer()->GetNSleeps();
        }
        const uint32_t c = pick->GetInteger(0, endpoints - 1);
        const Time sent = Simulator::Now();
        rig.service->Send(c, n + 1, Callback<void>());
        rig.service->AwaitReply(c, n + 1, MakeSanCallback<void>([&, one, n, sent]() {
                                    if (n >= warm)
                                    {
                                        total += Simulator::Now() - sent;
                                        ++done;
                                    }
                                    if (n + 1 < warm + requests)
                                    {
                                        Simulator::Schedule(gap, [one, n]() { (*one)(n + 1); });
                                    }
                                }));
    };
    Simulator::Schedule(rig.start, [one]() { (*one)(0); });
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    ServerResult r;
    NS_ABORT_MSG_IF(done != requests, "ServerRoundTrip: " << done << " of " << requests);
    r.rttUs = total.GetSeconds() * 1e6 / requests;
    r.serverCpuUs = (rig.ServerBusy() - busyAtStart).GetSeconds() * 1e6 / requests;
    r.interruptsPerRequest =
        double(rig.s.nics[1]->GetNTripwireInterrupts() - interruptsAtStart) / requests;
    r.sleepsPerRequest = double(rig.service->GetServer()->GetNSleeps() - sleepsAtStart) / requests;
    *one = nullptr;
    Simulator::Destroy();
    return r;
}

double
TripwirePaperExperiments::ServerRequestsPerSecond(uint32_t endpoints, uint32_t rounds)
{
    NS_ABORT_MSG_IF(rounds < 2, "ServerRequestsPerSecond: at least two rounds");
    ServerRig rig(endpoints);
    Time first;
    Time last;
    auto round = std::make_shared<std::function<void(uint32_t)>>();
    auto collect = std::make_shared<std::function<void(uint32_t, uint32_t)>>();
    // Collect the replies of round r in connection order, then start the next round.
    *collect = [&, round, collect](uint32_t r, uint32_t c) {
        if (c == endpoints)
        {
            if (r == 0)
            {
                first = Simulator::Now(); // the first round warms up
            }
            last = Simulator::Now();
            if (r + 1 < rounds)
            {
                (*round)(r + 1);
            }
            return;
        }
        rig.service->AwaitReply(c, r + 1, MakeSanCallback<void>([collect, r, c]() {
                                    (*collect)(r, c + 1);
                                }));
    };
    // Send a request on every connection, one after another.
    *round = [&, collect](uint32_t r) {
        for (uint32_t c = 0; c < endpoints; ++c)
        {
            rig.service->Send(c, r + 1, Callback<void>());
        }
        (*collect)(r, 0);
    };
    Simulator::Schedule(rig.start, [round]() { (*round)(0); });
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    *round = nullptr;
    *collect = nullptr;
    Simulator::Destroy();
    const double seconds = (last - first).GetSeconds();
    NS_ABORT_MSG_IF(seconds <= 0, "ServerRequestsPerSecond: no measured rounds");
    return double(endpoints) * (rounds - 1) / seconds;
}

} // namespace ns3
