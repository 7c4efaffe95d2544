/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-versus-hamlyn.h"

#include "ns3/abort.h"
#include "ns3/dart-compound.h"
#include "ns3/dart-cost-model.h"
#include "ns3/dart-helper.h"
#include "ns3/enum.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/rats-simple-datagram.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/san-callback.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <functional>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartVersusHamlyn");

namespace
{

/// \param v a word \return its 4 bytes, big-endian (as the hosts store it)
std::vector<uint8_t>
Word(uint32_t v)
{
    return {static_cast<uint8_t>(v >> 24),
            static_cast<uint8_t>(v >> 16),
            static_cast<uint8_t>(v >> 8),
            static_cast<uint8_t>(v)};
}

/// \param b 4 bytes, big-endian \return the word
uint32_t
Word(const std::vector<uint8_t>& b)
{
    return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
}

/// The server's (coordinator's) host.
const uint32_t SERVER = 0;
/// When the clients start.
const Time START = MicroSeconds(10);

/// \param cpu a CPU \return its busy time, from its resource's statistics
Time
BusyTime(Ptr<HostCpu> cpu)
{
    return cpu->GetResource()->GetBusyTime();
}

/// One episode's arrival and release times.
struct Episode
{
    std::vector<Time> arrived;  //!< by participant
    std::vector<Time> released; //!< by participant
    uint32_t nReleased{0};      //!< participants released
};

/**
 * \param participants participants
 * \param j a participant
 * \param e an episode
 * \return j's arrival after the episode's start: 0 to 6.2 us in 100 ns steps, a different
 *         order in every episode (29 and 17 are prime to 63)
 */
Time
Skew(uint32_t participants, uint32_t j, uint32_t e)
{
    return NanoSeconds(100 * ((j * 29 + e * 17) % participants));
}

/// \param r a barrier result \param eps its episodes: fills the latency means
void
Summarize(DartVersusHamlyn::Barrier& r, const std::vector<Episode>& eps)
{
    r.noneEarly = true;
    double lastToLast = 0;
    double firstToLast = 0;
    double lastToFirst = 0;
    r.episodes = 0;
    for (const Episode& e : eps)
    {
        if (e.nReleased != r.participants)
        {
            continue;
        }
        ++r.episodes;
        const Time firstArrival = *std::min_element(e.arrived.begin(), e.arrived.end());
        const Time lastArrival = *std::max_element(e.arrived.begin(), e.arrived.end());
        const Time firstRelease = *std::min_element(e.released.begin(), e.released.end());
        const Time lastRelease = *std::max_element(e.released.begin(), e.released.end());
        r.noneEarly = r.noneEarly && firstRelease > lastArrival;
        lastToLast += SanMicroseconds(lastRelease - lastArrival);
        firstToLast += SanMicroseconds(lastRelease - firstArrival);
        lastToFirst += SanMicroseconds(firstRelease - lastArrival);
    }
    if (r.episodes > 0)
    {
        r.lastArrivalToLastReleaseUs = lastToLast / r.episodes;
        r.firstArrivalToLastReleaseUs = firstToLast / r.episodes;
        r.lastArrivalToFirstReleaseUs = lastToFirst / r.episodes;
    }
    r.noneEarly = r.noneEarly && r.episodes > 0;
}

// ---- the shared counter -----------------------------------------------------------------

/// DART: fetch-and-add on a register of the server's card.
DartVersusHamlyn::Counter
DartCounter(uint32_t clients, uint32_t perClient)
{
    DartScenario s(DartVersusHamlyn::DartSpec());
    const uint32_t n = s.GetNHosts();
    const uint32_t first = n - clients; // the clients are the last hosts
    Ptr<DartNetDevice> server = s.nics[SERVER];
    // The counter is register 207; client i's window is [200 + i % 8, 208 + i % 8): eight
    // different windows that overlap on it, each naming it by another index.
    const uint32_t counter = 207;
    server->SetRegister(counter, 0);
    std::vector<uint16_t> vcis(n, 0);
    std::vector<uint8_t> index(n, 0);
    for (uint32_t i = first; i < n; ++i)
    {
        const uint32_t base = 200 + i % 8;
        vcis[i] =
            DartHelper::Connect(s.ctx[i], s.ctx[SERVER], DartWindow{0, 0}, DartWindow{base, 8})
                .first;
        index[i] = static_cast<uint8_t>(counter - base);
    }
    // The reply block: a 32-byte block of each client's endpoint (its TLB entry is loaded).
    const uint32_t reply = 1024;
    Ptr<HostCpu> cpu = s.GetHost(SERVER)->GetCpu();
    std::vector<uint32_t> olds;
    Time latency;
    Time last;
    std::vector<std::function<void(uint32_t)>> loop(n);
    for (uint32_t i = first; i < n; ++i)
    {
        loop[i] = [&, i](uint32_t r) {
            if (r == perClient)
            {
                return;
            }
            const Time t0 = Simulator::Now();
            DartCompound::FetchAndAdd(s.ctx[i],
                                      vcis[i],
                                      index[i],
                                      1,
                                      reply,
                                      (i << 16) + r + 1, // never BLOCK (32): r + 1 > 0, i > 0
                                      DartCompound::FetchCallback([&, i, r, t0](uint32_t old) {
                                          olds.push_back(old);
                                          latency += Simulator::Now() - t0;
                                          last = Simulator::Now();
                                          loop[i](r + 1);
                                      }));
        };
        Simulator::Schedule(START, [&loop, i]() { loop[i](0); });
    }
    uint64_t interrupts0 = 0;
    Simulator::Schedule(START, [&]() {
        cpu->GetResource()->ResetStatistics();
        interrupts0 = cpu->GetInterrupts();
    });
    Simulator::Run();
    DartVersusHamlyn::Counter c;
    c.clients = clients;
    c.perClient = perClient;
    c.increments = olds.size();
    c.finalValue = server->GetRegister(counter);
    std::sort(olds.begin(), olds.end());
    c.distinct = true;
    for (uint32_t k = 0; k < olds.size(); ++k)
    {
        c.distinct = c.distinct && olds[k] == k;
    }
    c.meanLatencyUs = olds.empty() ? 0 : SanMicroseconds(latency) / olds.size();
    c.totalUs = SanMicroseconds(last - START);
    c.perSecond = c.totalUs > 0 ? c.increments / c.totalUs * 1e6 : 0;
    // The run is over: the busy time is read at its end (the server's CPU had nothing to do).
    c.serverCpuUs = SanMicroseconds(BusyTime(cpu));
    c.serverInterrupts = cpu->GetInterrupts() - interrupts0;
    Simulator::Destroy();
    return c;
}

/// Hamlyn: a tagged-write request answered by the server process with a tagged write.
DartVersusHamlyn::Counter
HamlynCounter(bool polling, uint32_t clients, uint32_t perClient)
{
    HamlynScenario s(DartVersusHamlyn::HamlynSpec());
    const uint32_t n = s.GetNHosts();
    const uint32_t first = n - clients; // the clients are the last hosts
    Ptr<RatsInterfaceManager> sm = s.rats[SERVER];
    // The server process sleeps until a request arrives (an interrupt and a wake-up), or spins.
    sm->SetAttribute("WaitMode", EnumValue(polling ? HostCpuWait::POLL : HostCpuWait::BLOCK));
    // Requests: 4 bytes (the increment) into client i's 16-byte part of the server's buffer;
    // the tag names the request.
    const uint32_t part = 16;
    Ptr<RatsTaggedWriteServer> requests = RatsTaggedWriteServer::Create(sm, n * part);
    std::vector<Ptr<RatsTaggedWriteServer>> replies(n);   // at each client
    std::vector<Ptr<RatsTaggedWriteClient>> requester(n); // client -> server
    std::vector<Ptr<RatsTaggedWriteClient>> replier(n);   // server -> client
    std::vector<RatsBuffer> request(n);                   // the client's request data
    std::vector<RatsBuffer> answer(n);                    // the server's reply data
    for (uint32_t i = first; i < n; ++i)
    {
        replies[i] = RatsTaggedWriteServer::Create(s.rats[i], part);
        requester[i] = Create<RatsTaggedWriteClient>(s.rats[i], requests->MakeSeed());
        replier[i] = Create<RatsTaggedWriteClient>(sm, replies[i]->MakeSeed());
        request[i] = s.rats[i]->Malloc(4);
        s.rats[i]->Write(request[i].offset, Word(1));
        answer[i] = sm->Malloc(4);
    }
    Ptr<HostCpu> cpu = s.cpus[SERVER];
    // The server process: take the next request, add its increment to the counter (a word of
    // the server's memory), answer with the old value, loop.
    uint32_t counter = 0;
    std::function<void()> serve = [&]() {
        requests->GetTag([&](RatsTaggedWriteServer::Tag t) {
            cpu->ExecuteInstructions(
                DartVersusHamlyn::SERVER_INCREMENT_INSTRUCTIONS,
                MakeSanCallback<void>([&, t]() {
                    const uint32_t i = t.node;
                    NS_ABORT_MSG_IF(i < first || i >= n,
                                    "DartVersusHamlyn: a request from host " << i);
                    const uint32_t inc = Word(sm->Read(requests->GetBuffer().offset + i * part, 4));
                    sm->Write(answer[i].offset, Word(counter));
                    counter += inc;
                    // The next get_tag once this call has returned.
                    replier[i]->Write(answer[i].offset, 4, 0, t.tag, [&]() { serve(); });
                }));
        });
    };
    serve();
    std::vector<uint32_t> olds;
    Time latency;
    Time last;
    const uint64_t total = uint64_t(clients) * perClient;
    uint64_t interrupts0 = 0;
    Time busy;
    uint64_t interrupts = 0;
    std::vector<std::function<void(uint32_t)>> loop(n);
    for (uint32_t i = first; i < n; ++i)
    {
        loop[i] = [&, i](uint32_t r) {
            if (r == perClient)
            {
                return;
            }
            const Time t0 = Simulator::Now();
            requester[i]->Write(request[i].offset, 4, i * part, r);
            replies[i]->GetTag([&, i, r, t0](RatsTaggedWriteServer::Tag t) {
                NS_ABORT_MSG_IF(t.tag != r, "DartVersusHamlyn: reply " << t.tag << " for " << r);
                olds.push_back(Word(s.rats[i]->Read(replies[i]->GetBuffer().offset, 4)));
                latency += Simulator::Now() - t0;
                last = Simulator::Now();
                if (olds.size() == total)
                {
                    busy = BusyTime(cpu);
                    interrupts = cpu->GetInterrupts() - interrupts0;
                }
                loop[i](r + 1);
            });
        };
        Simulator::Schedule(START, [&loop, i]() { loop[i](0); });
    }
    Simulator::Schedule(START, [&]() {
        cpu->GetResource()->ResetStatistics();
        interrupts0 = cpu->GetInterrupts();
    });
    Simulator::Run();
    // A blocking server's work ends with the run; a polling one spins on after the last result
    // (without events): its CPU was read then.
    if (!polling)
    {
        busy = BusyTime(cpu);
        interrupts = cpu->GetInterrupts() - interrupts0;
    }
    DartVersusHamlyn::Counter c;
    c.clients = clients;
    c.perClient = perClient;
    c.increments = olds.size();
    c.finalValue = counter;
    std::sort(olds.begin(), olds.end());
    c.distinct = true;
    for (uint32_t k = 0; k < olds.size(); ++k)
    {
        c.distinct = c.distinct && olds[k] == k;
    }
    c.meanLatencyUs = olds.empty() ? 0 : SanMicroseconds(latency) / olds.size();
    c.totalUs = SanMicroseconds(last - START);
    c.perSecond = c.totalUs > 0 ? c.increments / c.totalUs * 1e6 : 0;
    c.serverCpuUs = SanMicroseconds(busy);
    c.serverInterrupts = interrupts;
    Simulator::Destroy();
    return c;
}

// ---- the barrier ------------------------------------------------------------------------

/// The start of episode \p e.
Time
EpisodeStart(uint32_t e)
{
    return START + MicroSeconds(DartVersusHamlyn::EPISODE_PERIOD_US) * e;
}

/**
 * \brief Read the coordinator's CPU at the start of every episode (and once after the last):
 * the work of episode e is the busy time between its start and the next one's.
 * \param cpu the coordinator's CPU
 * \param episodes episodes
 * \param busy filled: busy time at each boundary
 * \param interrupts filled: interrupts at each boundary
 */
void
SampleCpu(Ptr<HostCpu> cpu,
          uint32_t episodes,
          std::vector<Time>& busy,
          std::vector<uint64_t>& interrupts)
{
    busy.assign(episodes + 1, Time());
    interrupts.assign(episodes + 1, 0);
    for (uint32_t e = 0; e <= episodes; ++e)
    {
        Simulator::Schedule(EpisodeStart(e), [cpu, e, &busy, &interrupts]() {
            busy[e] = BusyTime(cpu);
            interrupts[e] = cpu->GetInterrupts();
        });
    }
}

/// \param r a result \param busy samples \param interrupts samples: fills the per-episode CPU
void
SummarizeCpu(DartVersusHamlyn::Barrier& r,
             const std::vector<Time>& busy,
             const std::vector<uint64_t>& interrupts,
             uint32_t episodes)
{
    r.coordinatorCpuUsPerEpisode = SanMicroseconds(busy[episodes] - busy[0]) / episodes;
    r.interruptsPerEpisode = double(interrupts[episodes] - interrupts[0]) / episodes;
}

/// DART: DartBarrier, coordinated by host 0's card and its action handler.
DartVersusHamlyn::Barrier
DartBarrierRun(uint32_t episodes)
{
    DartScenario s(DartVersusHamlyn::DartSpec());
    const uint32_t n = s.GetNHosts();
    const uint32_t participants = n - 1;
    Ptr<DartContext> coord = s.ctx[SERVER];
    Ptr<DartNetDevice> nic = s.nics[SERVER];
    const uint32_t counter = 500;
    const uint32_t releaseOffset = 2048;
    Ptr<DartBarrier> barrier = Create<DartBarrier>(coord, counter, 0);
    for (uint32_t j = 0; j < participants; ++j)
    {
        // Windows that end at the counter, of one to four registers: they overlap on it.
        barrier->Join(s.ctx[j + 1], static_cast<uint8_t>(j % 4), releaseOffset);
    }
    std::vector<Episode> eps(episodes);
    for (uint32_t e = 0; e < episodes; ++e)
    {
        eps[e].arrived.assign(participants, Time());
        eps[e].released.assign(participants, Time());
        for (uint32_t j = 0; j < participants; ++j)
        {
            Simulator::Schedule(EpisodeStart(e) + Skew(participants, j, e), [&, e, j]() {
                eps[e].arrived[j] = Simulator::Now();
                barrier->Arrive(j, MakeSanCallback<void>([&, e, j]() {
                                    eps[e].released[j] = Simulator::Now();
                                    ++eps[e].nReleased;
                                }));
            });
        }
    }
    Ptr<HostCpu> cpu = s.GetHost(SERVER)->GetCpu();
    std::vector<Time> busy;
    std::vector<uint64_t> interrupts;
    SampleCpu(cpu, episodes, busy, interrupts);
    Simulator::Run();
    DartVersusHamlyn::Barrier r;
    r.participants = participants;
    Summarize(r, eps);
    SummarizeCpu(r, busy, interrupts, episodes);
    r.notificationsPerEpisode = double(nic->GetNActions()) / episodes;
    Simulator::Destroy();
    return r;
}

/// Hamlyn: static group receive at host 0, then a tagged write to each participant.
DartVersusHamlyn::Barrier
HamlynBarrierRun(bool polling, uint32_t episodes)
{
    HamlynScenario s(DartVersusHamlyn::HamlynSpec());
    const uint32_t n = s.GetNHosts();
    const uint32_t participants = n - 1;
    Ptr<RatsInterfaceManager> cm = s.rats[SERVER];
    cm->SetAttribute("WaitMode", EnumValue(polling ? HostCpuWait::POLL : HostCpuWait::BLOCK));
    // The coordinator's receive buffer, one 64-byte part per participant (a 44-byte header and
    // the 4 data bytes each sends); its seed split into 63 parts whose deltas Y_j sum to 0
    // modulo 2^32 (Rats split_seed): the area's counter returns to 0, and one notification is
    // posted, only when every part's datagram has arrived. It is 0 again afterwards, so the same
    // parts serve every episode.
    const uint32_t part = 64;
    Ptr<RatsSimpleDatagramServer> group = RatsSimpleDatagramServer::Create(cm, participants * part);
    RatsTicket seed = group->MakeSeed();
    std::vector<RatsTicket> parts;
    for (uint32_t j = 1; j < participants; ++j)
    {
        parts.push_back(RatsSimpleDatagramServer::SplitSeed(seed, part));
    }
    parts.push_back(seed);
    // The releases: a 4-byte tagged write of the epoch to each participant.
    std::vector<Ptr<RatsTaggedWriteServer>> release(participants);
    std::vector<Ptr<RatsTaggedWriteClient>> releaser(participants);
    std::vector<RatsBuffer> arrival(participants);
    for (uint32_t j = 0; j < participants; ++j)
    {
        Ptr<RatsInterfaceManager> m = s.rats[j + 1];
        release[j] = RatsTaggedWriteServer::Create(m, 16);
        releaser[j] = Create<RatsTaggedWriteClient>(cm, release[j]->MakeSeed());
        arrival[j] = m->Malloc(4);
        m->Write(arrival[j].offset, Word(j));
    }
    RatsBuffer epochWord = cm->Malloc(4);
    uint64_t notifications = 0;
    s.nics[SERVER]->TraceConnectWithoutContext(
        "Notification",
        MakeSanCallback<void, uint32_t, uint64_t>(
            [&notifications](uint32_t, uint64_t) { ++notifications; }));
    // The coordinator process: recv (returns once per episode), release everyone, recv again.
    uint32_t epoch = 0;
    std::function<void()> coordinate = [&]() {
        group->Recv([&](RatsSimpleDatagramMessage) {
            cm->Write(epochWord.offset, Word(++epoch));
            for (uint32_t j = 0; j < participants; ++j)
            {
                // Each write's call returns before the next one starts (the CPU is one queue);
                // the last one's return starts the next recv.
                if (j + 1 < participants)
                {
                    releaser[j]->Write(epochWord.offset, 4, 0, epoch);
                }
                else
                {
                    releaser[j]->Write(epochWord.offset, 4, 0, epoch, [&]() { coordinate(); });
                }
            }
        });
    };
    coordinate();
    std::vector<Episode> eps(episodes);
    for (uint32_t e = 0; e < episodes; ++e)
    {
        eps[e].arrived.assign(participants, Time());
        eps[e].released.assign(participants, Time());
        for (uint32_t j = 0; j < participants; ++j)
        {
            Simulator::Schedule(EpisodeStart(e) + Skew(participants, j, e), [&, e, j]() {
                eps[e].arrived[j] = Simulator::Now();
                Ptr<RatsInterfaceManager> m = s.rats[j + 1];
                RatsSimpleDatagramClient::SendWithSeed(m, parts[j], arrival[j].offset, 4);
                release[j]->GetTag([&, e, j](RatsTaggedWriteServer::Tag t) {
                    NS_ABORT_MSG_IF(t.tag != e + 1,
                                    "DartVersusHamlyn: release " << t.tag << " in episode "
                                                                 << e + 1);
                    eps[e].released[j] = Simulator::Now();
                    ++eps[e].nReleased;
                });
            });
        }
    }
    Ptr<HostCpu> cpu = s.cpus[SERVER];
    std::vector<Time> busy;
    std::vector<uint64_t> interrupts;
    SampleCpu(cpu, episodes, busy, interrupts);
    Simulator::Run();
    DartVersusHamlyn::Barrier r;
    r.participants = participants;
    Summarize(r, eps);
    SummarizeCpu(r, busy, interrupts, episodes);
    r.notificationsPerEpisode = double(notifications) / episodes;
    Simulator::Destroy();
    return r;
}

} // namespace

std::string
DartVersusHamlyn::GetName(Interface i)
{
    switch (i)
    {
    case DART:
        return "dart";
    case HAMLYN:
        return "hamlyn";
    default:
        return "hamlyn-polling";
    }
}

DartScenario::Spec
DartVersusHamlyn::DartSpec()
{
    // As DartBeyondPaper's fat tree: the HARDWARE_155 configuration (PCI workstation, hardware
    // DART, 0.5 us switch transit, 64 cells per port and virtual channel) on the 4-ary 3-tree.
    return DartScenario::ConfigureFatTree(DartScenario::HARDWARE_155);
}

HamlynScenario::Spec
DartVersusHamlyn::HamlynSpec()
{
    const DartScenario::Spec d = DartSpec();
    HamlynScenario::Spec h;
    // The same hosts and fabric: everything but the interface.
    static_cast<SanScenarioSpec&>(h) = d;
    // What DartScenario adds to the fabric part: Cell mode, links at the DART preset's rate.
    ObjectFactory f(d.costModel);
    h.switchingMode = "Cell";
    h.linkRate = std::to_string(f.Create<DartCostModel>()->GetLinkRate().GetBitRate()) + "bps";
    h.stateMachine = true;
    h.rats = true;
    return h;
}

DartVersusHamlyn::Counter
DartVersusHamlyn::RunCounter(Interface i, uint32_t perClient, uint32_t clients)
{
    NS_ABORT_MSG_IF(perClient == 0, "DartVersusHamlyn::RunCounter: no increments");
    NS_ABORT_MSG_IF(clients == 0 || clients > 63,
                    "DartVersusHamlyn::RunCounter: " << clients << " clients (1 to 63)");
    return i == DART ? DartCounter(clients, perClient)
                     : HamlynCounter(i == HAMLYN_POLLING, clients, perClient);
}

DartVersusHamlyn::Barrier
DartVersusHamlyn::RunBarrier(Interface i, uint32_t episodes)
{
    NS_ABORT_MSG_IF(episodes == 0, "DartVersusHamlyn::RunBarrier: no episodes");
    return i == DART ? DartBarrierRun(episodes) : HamlynBarrierRun(i == HAMLYN_POLLING, episodes);
}

std::vector<SanPaperRow>
DartVersusHamlyn::Rows()
{
    std::vector<SanPaperRow> rows;
    const uint32_t k = 10;
    const uint32_t episodes = 4;
    const std::string setting =
        "64-host 4-ary 3-tree, Cell mode, 155 Mbit/s links (the hardware DART preset's), "
        "up*/down* routing, PciWorkstationHostPreset hosts; host 0 is the server or "
        "coordinator, hosts 1-63 the clients; ";
    const std::string how[] = {
        "hardware DART (DartHardwareCostModel): the server's card serves the increment",
        "Hamlyn state-machine preset (HamlynStateMachineCostModel, chosen as the closest peer "
        "of the projected hardware DART) with Rats: the server process blocks between "
        "requests",
        "Hamlyn state-machine preset with Rats: the server process spins on its notification "
        "queue",
    };
    for (Interface i : {DART, HAMLYN, HAMLYN_POLLING})
    {
        const Counter c = RunCounter(i, k);
        const Counter one = RunCounter(i, k, 1);
        const std::string e = "beyond-counter-" + GetName(i);
        const std::string what =
            setting + how[i] +
            (i == DART ? " (DartCompound::FetchAndAdd: a READ returnValue with a register ADD, "
                         "on a register shared by overlapping windows)"
                       : " (a 4-byte tagged-write request; get_tag, an ASSUMED 10-instruction "
                         "increment, a 4-byte tagged-write reply; Rats Table 1 instruction "
                         "counts on the Pentium)");
        const std::string src = "beyond both papers: shared counter, 63 clients x " +
                                std::to_string(k) + " increments one after another; " + what;
        rows.push_back(
            SanPaperRow::Unpapered(e, "increment_latency_us", "us", c.meanLatencyUs, src));
        rows.push_back(SanPaperRow::Unpapered(e, "all_increments_us", "us", c.totalUs, src));
        rows.push_back(SanPaperRow::Unpapered(e, "increments_per_s", "1/s", c.perSecond, src));
        rows.push_back(SanPaperRow::Unpapered(e, "server_cpu_us", "us", c.serverCpuUs, src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "server_cpu_us_per_increment",
                                              "us",
                                              c.increments > 0 ? c.serverCpuUs / c.increments : 0,
                                              src));
        rows.push_back(
            SanPaperRow::Unpapered(e, "server_interrupts", "interrupts", c.serverInterrupts, src));
        rows.push_back(SanPaperRow::Unpapered(e, "final_counter", "increments", c.finalValue, src));
        const std::string src1 = "beyond both papers: shared counter, one client (host 63, five "
                                 "switches from the server) x " +
                                 std::to_string(k) + " increments one after another; " + what;
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "increment_latency_1_client_us",
                                              "us",
                                              one.meanLatencyUs,
                                              src1));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "server_interrupts_1_client",
                                              "interrupts",
                                              one.serverInterrupts,
                                              src1));
    }
    const std::string bhow[] = {
        "hardware DART, DartBarrier: each arrival increments a register at the coordinator's card, "
        "whose "
        "conditional raises one action (an interrupt) when all 63 have; the handler writes the "
        "epoch to each participant (its 63 sends' Send Register stores, 46 us of PCI stores, "
        "are charged to the bus, not to the CPU)",
        "Hamlyn state-machine preset with Rats, static group receive: each participant sends one "
        "simple datagram on its part "
        "of a seed split 63 ways (Y_j summing to 0 mod 2^32), so the coordinator, blocked in "
        "recv, gets one notification per episode; it then sends a 4-byte tagged write to each",
        "as hamlyn, with a coordinator that spins on its notification queue (its CPU is busy "
        "for the whole " +
            std::to_string(EPISODE_PERIOD_US) + " us between episode starts)",
    };
    for (Interface i : {DART, HAMLYN, HAMLYN_POLLING})
    {
        const Barrier b = RunBarrier(i, episodes);
        const std::string e = "beyond-barrier-" + GetName(i);
        const std::string src = "beyond both papers: barrier across 63 clients, mean of " +
                                std::to_string(episodes) +
                                " episodes (arrivals spread over 6.2 us); " + setting + bhow[i];
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "last_arrival_to_last_release_us",
                                              "us",
                                              b.lastArrivalToLastReleaseUs,
                                              src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "first_arrival_to_last_release_us",
                                              "us",
                                              b.firstArrivalToLastReleaseUs,
                                              src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "last_arrival_to_first_release_us",
                                              "us",
                                              b.lastArrivalToFirstReleaseUs,
                                              src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "coordinator_notifications_per_episode",
                                              "notifications",
                                              b.notificationsPerEpisode,
                                              src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "coordinator_interrupts_per_episode",
                                              "interrupts",
                                              b.interruptsPerEpisode,
                                              src));
        rows.push_back(SanPaperRow::Unpapered(e,
                                              "coordinator_cpu_us_per_episode",
                                              "us",
                                              b.coordinatorCpuUsPerEpisode,
                                              src));
    }
    return rows;
}

} // namespace ns3
