/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-nic": unit tests of the NIC layer (model/nic/) and of the host pieces it relies on
 * (model/host/):
 *
 *  - SanEventQueue: entries are written into and read back from host memory; the ring wraps;
 *    a full ring loses entries (counted apart, nothing written; GetNPushed counts written
 *    entries only); an interrupt only for a blocked reader, coalesced until it resumes;
 *  - SanRoundRobinArbiter: round-robin from after the last served, priorities first, Peek does
 *    not take a turn;
 *  - SanDmaEngine: FIFO transfers whose times are the bus's DMA times, and contention with
 *    another bus master grant by grant;
 *  - SanOperation: AddWait and AddParallel (both pieces start together, the join waits for the
 *    later one; synchronous work; done never called from inside Start);
 *  - HostBus::Transaction and IsIdle (and GetTransactions counting completed transactions);
 *  - HostPioWindow: landing time = PIO time, offsets and bytes reach the sink in order;
 *  - HostMemory::SetWriteSnoop;
 *  - SanHostHelper: the preset, then the helper's attributes on top; clear errors for an
 *    unknown preset, a TypeId that is not a preset, an unknown attribute, a second install;
 *  - SanNicDevice: Attach errors, the drop convention's bounds, and two NICs (two
 *    HamlynNetDevices on two fabrics) sharing one host's CPU, bus and memory.
 */

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/hamlyn-context.h"
#include "ns3/hamlyn-helper.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/host-pio-window.h"
#include "ns3/network-module.h"
#include "ns3/san-dma-engine.h"
#include "ns3/san-event-queue.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-host.h"
#include "ns3/san-operation.h"
#include "ns3/san-round-robin-arbiter.h"
#include "ns3/san-scenario.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

using santest::AbortsWith;

/// \param n bytes \param seed first value \return a pattern
std::vector<uint8_t>
NicPattern(uint32_t n, uint8_t seed)
{
    std::vector<uint8_t> v(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        v[i] = static_cast<uint8_t>(seed + 31 * i);
    }
    return v;
}

/// \param memory memory \param addr address \param n bytes \return the bytes there
std::vector<uint8_t>
ReadBytes(Ptr<HostMemory> memory, uint64_t addr, uint32_t n)
{
    std::vector<uint8_t> v(n);
    bool ok = memory->Read(addr, v.data(), n);
    NS_ABORT_MSG_IF(!ok, "test: unreadable memory");
    return v;
}

} // namespace

/**
 * \ingroup san-tests
 * SanEventQueue: entries go through host memory; the ring wraps.
 */
class SanEventQueueRingTestCase : public TestCase
{
  public:
    SanEventQueueRingTestCase()
        : TestCase("event queue: entries written to and read back from host memory; ring wraps")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        mem->Allocate(100, "before");
        Ptr<SanEventQueue> q = Create<SanEventQueue>(mem, cpu, 4, 8, "ring");
        mem->Allocate(100, "after");
        const HostMemoryRegion* ring = mem->FindRegion("ring");
        NS_TEST_ASSERT_MSG_NE(ring, nullptr, "the ring is a region of host memory");
        if (ring == nullptr)
        {
            return; // (ASSERT goes on unless the runner stops on failure)
        }
        NS_TEST_EXPECT_MSG_EQ(ring->size, 32u, "capacity x entry bytes");
        NS_TEST_EXPECT_MSG_EQ(q->GetCapacity(), 4u, "capacity");
        NS_TEST_EXPECT_MSG_EQ(q->GetEntryBytes(), 8u, "entry bytes");
        NS_TEST_EXPECT_MSG_EQ(q->IsEmpty(), true, "empty");
        uint8_t out[8];
        NS_TEST_EXPECT_MSG_EQ(q->Pop(out), false, "nothing to pop");

        // Ten entries through a ring of four, popping as we go: addresses wrap, bytes land at
        // the address and come back.
        for (uint32_t i = 0; i < 10; ++i)
        {
            const uint64_t addr = q->GetNextEntryAddress();
            NS_TEST_EXPECT_MSG_EQ(addr, ring->base + (i % 4) * 8, "entry " << i << " address");
            std::vector<uint8_t> e = NicPattern(8, static_cast<uint8_t>(i));
            NS_TEST_EXPECT_MSG_EQ(q->Push(e.data()), true, "pushed");
            NS_TEST_EXPECT_MSG_EQ((ReadBytes(mem, addr, 8) == e), true, "entry in host memory");
            if (i % 2 == 1)
            {
                // The reader reads memory, not a copy: change the older entry in memory first.
                const uint64_t older = ring->base + ((i - 1) % 4) * 8;
                std::vector<uint8_t> changed = NicPattern(8, static_cast<uint8_t>(100 + i));
                mem->Write(older, changed.data(), 8);
                NS_TEST_EXPECT_MSG_EQ(q->GetNPending(), 2u, "two pending");
                NS_TEST_EXPECT_MSG_EQ(q->Pop(out), true, "pop");
                NS_TEST_EXPECT_MSG_EQ((std::vector<uint8_t>(out, out + 8) == changed),
                                      true,
                                      "read back from host memory");
                NS_TEST_EXPECT_MSG_EQ(q->Pop(out), true, "pop");
                NS_TEST_EXPECT_MSG_EQ((std::vector<uint8_t>(out, out + 8) == e), true, "in order");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(q->GetNPushed(), 10u, "pushed");
        NS_TEST_EXPECT_MSG_EQ(q->GetNLost(), 0u, "none lost");
        NS_TEST_EXPECT_MSG_EQ(q->IsEmpty(), true, "drained");
        // Nothing outside the ring was written.
        const HostMemoryRegion* before = mem->FindRegion("before");
        const HostMemoryRegion* after = mem->FindRegion("after");
        NS_TEST_EXPECT_MSG_EQ(before->bytesWritten + after->bytesWritten, 0u, "neighbours intact");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * SanEventQueue: a full ring loses entries, counted apart, writing nothing.
 */
class SanEventQueueFullTestCase : public TestCase
{
  public:
    SanEventQueueFullTestCase()
        : TestCase("event queue: a full ring counts lost entries apart and writes nothing")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<SanEventQueue> q = Create<SanEventQueue>(mem, CreateObject<HostCpu>(), 3, 4, "ring");
        const HostMemoryRegion* ring = mem->FindRegion("ring");
        std::vector<bool> ok;
        uint64_t written = 0;
        for (uint32_t i = 0; i < 5; ++i)
        {
            if (i == 3)
            {
                written = mem->GetBytesWritten();
            }
            std::vector<uint8_t> e = NicPattern(4, static_cast<uint8_t>(i + 1));
            ok.push_back(q->Push(e.data()));
        }
        NS_TEST_EXPECT_MSG_EQ((ok == std::vector<bool>{true, true, true, false, false}),
                              true,
                              "the fourth and fifth are refused");
        NS_TEST_EXPECT_MSG_EQ(q->GetNPushed(), 3u, "only written entries count as pushed");
        NS_TEST_EXPECT_MSG_EQ(q->GetNLost(), 2u, "lost apart");
        NS_TEST_EXPECT_MSG_EQ(q->GetNPending(), 3u, "three pending");
        NS_TEST_EXPECT_MSG_EQ(mem->GetBytesWritten(), written, "a lost entry writes nothing");
        std::vector<uint8_t> all = ReadBytes(mem, ring->base, 12);
        std::vector<uint8_t> expect;
        for (uint32_t i = 0; i < 3; ++i)
        {
            std::vector<uint8_t> e = NicPattern(4, static_cast<uint8_t>(i + 1));
            expect.insert(expect.end(), e.begin(), e.end());
        }
        NS_TEST_EXPECT_MSG_EQ((all == expect), true, "the ring holds the first three");
        // Reading one frees one place: the next entry goes where the oldest was.
        uint8_t out[4];
        q->Pop(out);
        NS_TEST_EXPECT_MSG_EQ(q->GetNextEntryAddress(), ring->base, "wraps to the freed place");
        std::vector<uint8_t> e6 = NicPattern(4, 60);
        NS_TEST_EXPECT_MSG_EQ(q->Push(e6.data()), true, "room again");
        NS_TEST_EXPECT_MSG_EQ((ReadBytes(mem, ring->base, 4) == e6), true, "written there");
        NS_TEST_EXPECT_MSG_EQ(q->GetNPushed(), 4u, "pushed");
        NS_TEST_EXPECT_MSG_EQ(q->GetNLost(), 2u, "lost unchanged");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * SanEventQueue: interrupts only for a blocked reader, coalesced.
 */
class SanEventQueueInterruptTestCase : public TestCase
{
  public:
    SanEventQueueInterruptTestCase()
        : TestCase("event queue: an interrupt only when the reader is blocked, coalesced")
    {
    }

  private:
    /// One scenario: the reader waits in \p mode from time 0; entries are pushed at \p pushes.
    struct Result
    {
        uint64_t interrupts{0};    //!< queue's interrupts
        uint64_t cpuInterrupts{0}; //!< CPU's interrupts
        uint32_t resumed{0};       //!< continuations run
        Time resumeTime;           //!< when
    };

    /// \param mode wait mode (or -1: nobody waits) \param pushes push times \return result
    static Result Run(int mode, const std::vector<Time>& pushes)
    {
        Result r;
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        Ptr<SanEventQueue> q = Create<SanEventQueue>(mem, cpu, 8, 4);
        if (mode >= 0)
        {
            q->Wait(static_cast<HostCpuWait::Mode>(mode), Callback<void>([&r]() {
                        ++r.resumed;
                        r.resumeTime = Simulator::Now();
                    }));
        }
        for (Time t : pushes)
        {
            Simulator::Schedule(t, [q]() {
                uint8_t e[4] = {1, 2, 3, 4};
                q->Push(e);
            });
        }
        Simulator::Run();
        r.interrupts = q->GetNInterrupts();
        r.cpuInterrupts = cpu->GetInterrupts();
        NS_ABORT_MSG_IF(q->IsWaiting(), "test: still waiting");
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        const std::vector<Time> burst = {MicroSeconds(5), MicroSeconds(5.1), MicroSeconds(6)};
        Result none = Run(-1, burst);
        NS_TEST_EXPECT_MSG_EQ(none.interrupts, 0u, "nobody waits: no interrupt");

        Result poll = Run(HostCpuWait::POLL, burst);
        NS_TEST_EXPECT_MSG_EQ(poll.interrupts, 0u, "a polling reader takes no interrupt");
        NS_TEST_EXPECT_MSG_EQ(poll.cpuInterrupts, 0u, "none on the CPU either");
        NS_TEST_EXPECT_MSG_EQ(poll.resumed, 1u, "resumed once");
        NS_TEST_EXPECT_MSG_EQ(poll.resumeTime, MicroSeconds(5), "at the first entry");

        Result block = Run(HostCpuWait::BLOCK, burst);
        NS_TEST_EXPECT_MSG_EQ(block.interrupts, 1u, "one interrupt for three entries");
        NS_TEST_EXPECT_MSG_EQ(block.cpuInterrupts, 1u, "taken once by the CPU");
        NS_TEST_EXPECT_MSG_EQ(block.resumed, 1u, "resumed once");
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(block.resumeTime,
                                    MicroSeconds(5) + cpu->GetInterruptLatency() +
                                        cpu->GetWakeupLatency(),
                                    "interrupt and wake-up paid");

        // Poll then block: an entry while still polling takes no interrupt; one after the
        // reader went to sleep takes one.
        const Time pollFor = cpu->GetPollBeforeBlock();
        Result early = Run(HostCpuWait::POLL_THEN_BLOCK, {pollFor / 2});
        NS_TEST_EXPECT_MSG_EQ(early.interrupts, 0u, "caught while polling");
        Result late =
            Run(HostCpuWait::POLL_THEN_BLOCK, {pollFor * 2, pollFor * 2 + MicroSeconds(1)});
        NS_TEST_EXPECT_MSG_EQ(late.interrupts, 1u, "asleep: one interrupt, coalesced");

        // A wait that finds an entry pending continues at once, as a new event, no interrupt.
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<SanEventQueue> q = Create<SanEventQueue>(mem, cpu, 2, 4);
        uint8_t e[4] = {9, 9, 9, 9};
        q->Push(e);
        bool inside = true;
        bool resumed = false;
        q->Wait(HostCpuWait::BLOCK, Callback<void>([&]() { resumed = !inside; }));
        inside = false;
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(resumed, true, "resumed, not from inside Wait");
        NS_TEST_EXPECT_MSG_EQ(q->GetNInterrupts(), 0u, "no interrupt for a pending entry");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * SanRoundRobinArbiter.
 */
class SanArbiterTestCase : public TestCase
{
  public:
    SanArbiterTestCase()
        : TestCase("round-robin arbiter: rotation, priorities first, Peek takes no turn")
    {
    }

  private:
    void DoRun() override
    {
        SanRoundRobinArbiter a;
        std::vector<bool> work = {true, true, true, true};
        std::vector<uint32_t> prio = {0, 0, 0, 0};
        auto has = [&work](uint32_t i) { return static_cast<bool>(work[i]); };
        auto pr = [&prio](uint32_t i) { return prio[i]; };
        std::vector<int32_t> order;
        for (int k = 0; k < 6; ++k)
        {
            order.push_back(a.Pick(4, has, pr));
        }
        NS_TEST_EXPECT_MSG_EQ((order == std::vector<int32_t>{0, 1, 2, 3, 0, 1}), true, "rotation");

        // Only 1 and 3 have work: after serving 1 the search starts at 2.
        work = {false, true, false, true};
        order.clear();
        for (int k = 0; k < 4; ++k)
        {
            order.push_back(a.Pick(4, has, pr));
        }
        NS_TEST_EXPECT_MSG_EQ((order == std::vector<int32_t>{3, 1, 3, 1}), true, "skips idle");

        // Peek does not advance.
        const int32_t p1 = a.Peek(4, has, pr);
        const int32_t p2 = a.Peek(4, has, pr);
        NS_TEST_EXPECT_MSG_EQ(p1, p2, "Peek twice: same");
        NS_TEST_EXPECT_MSG_EQ(a.Pick(4, has, pr), p1, "Pick takes what Peek showed");
        NS_TEST_EXPECT_MSG_NE(a.Peek(4, has, pr), p1, "then the turn has moved");

        // Priority: 2 is served while it has work, whatever the rotation; equal higher
        // priorities rotate among themselves.
        work = {true, true, true, true};
        prio = {0, 0, 5, 0};
        for (int k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(a.Pick(4, has, pr), 2, "highest priority first");
        }
        prio = {5, 0, 5, 0};
        order.clear();
        for (int k = 0; k < 4; ++k)
        {
            order.push_back(a.Pick(4, has, pr));
        }
        NS_TEST_EXPECT_MSG_EQ((order == std::vector<int32_t>{0, 2, 0, 2}), true, "rotate within");
        work[0] = false;
        work[2] = false;
        NS_TEST_EXPECT_MSG_EQ(a.Pick(4, has, pr), 3, "lower priority once the higher are idle");

        // No work: NONE, and the turn stays.
        work = {false, false, false, false};
        NS_TEST_EXPECT_MSG_EQ(a.Pick(4, has, pr), SanRoundRobinArbiter::NONE, "none");
        work = {true, true, true, true};
        prio = {0, 0, 0, 0};
        NS_TEST_EXPECT_MSG_EQ(a.Pick(4, has), 0, "after 3 comes 0 (equal priorities)");
        // Commit moves the turn explicitly.
        a.Commit(2, 4);
        NS_TEST_EXPECT_MSG_EQ(a.Peek(4, has, pr), 3, "after a commit of 2, 3 is next");
    }
};

/**
 * \ingroup san-tests
 * SanDmaEngine: FIFO over the bus, times from the bus.
 */
class SanDmaEngineTestCase : public TestCase
{
  public:
    SanDmaEngineTestCase()
        : TestCase("DMA engine: FIFO transfers take the bus's DMA times, contend grant by grant")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = CreateObject<HostBus>();
        Ptr<SanDmaEngine> dma = CreateObject<SanDmaEngine>();
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([dma]() { dma->Transfer(4, Callback<void>()); }, "no host bus"),
            true,
            "a transfer without a bus aborts clearly");
        dma->SetBus(bus);
        NS_TEST_EXPECT_MSG_EQ(dma->IsIdle(), true, "idle");
        std::vector<Time> started(4);
        std::vector<Time> ended(4);
        const std::vector<uint64_t> sizes = {64, 32, 100, 0};
        for (uint32_t i = 0; i < sizes.size(); ++i)
        {
            dma->Transfer(sizes[i],
                          Callback<void>([&ended, i]() { ended[i] = Simulator::Now(); }),
                          Callback<void>([&started, i]() { started[i] = Simulator::Now(); }));
        }
        NS_TEST_EXPECT_MSG_EQ(dma->IsIdle(), false, "busy");
        NS_TEST_EXPECT_MSG_EQ(dma->GetResource()->GetQueueLength(), 3u, "three wait");
        Simulator::Run();
        Time t = Seconds(0);
        for (uint32_t i = 0; i < sizes.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(started[i],
                                  t,
                                  "transfer " << i << " starts when the engine frees");
            t += bus->GetDmaTime(sizes[i]);
            NS_TEST_EXPECT_MSG_EQ(ended[i], t, "transfer " << i << " takes the bus's DMA time");
        }
        NS_TEST_EXPECT_MSG_EQ(dma->IsIdle(), true, "idle again");
        NS_TEST_EXPECT_MSG_EQ(dma->GetNTransfers(), 4u, "transfers");
        NS_TEST_EXPECT_MSG_EQ(dma->GetBytes(), 196u, "bytes");

        // Another bus master: the two 64-byte transfers (two transactions each) interleave
        // grant by grant, so one ends after three transactions and the other after four (which
        // one depends on who reached the bus first), where each alone would take two.
        const Time tx = bus->GetDmaTime(32);
        const Time t0 = Simulator::Now();
        Time engineEnd;
        Time otherEnd;
        dma->Transfer(64, Callback<void>([&engineEnd]() { engineEnd = Simulator::Now(); }));
        bus->Dma(64, Callback<void>([&otherEnd]() { otherEnd = Simulator::Now(); }));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(std::min(engineEnd, otherEnd) - t0, tx * 3, "interleaved grants");
        NS_TEST_EXPECT_MSG_EQ(std::max(engineEnd, otherEnd) - t0, tx * 4, "interleaved grants");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * SanDmaEngine's other kinds of transfer (reads, short bursts, one burst with its start on the
 * bus), and a card with two engines (two bus masters, each with its bus class).
 */
class SanDmaEngineKindsTestCase : public TestCase
{
  public:
    SanDmaEngineKindsTestCase()
        : TestCase("DMA engine: reads, short bursts and single bursts take the bus's times; "
                   "two engines are two masters; immediate start shares the bus")
    {
    }

  private:
    void DoRun() override
    {
        for (int run = 0; run < 2; ++run) // twice, with Destroy between
        {
            Ptr<HostBus> bus = CreateObject<HostBus>();
            Ptr<SanDmaEngine> dma = CreateObject<SanDmaEngine>();
            dma->SetBus(bus);
            const uint32_t burstBytes = bus->GetBurstLength() * bus->GetWidth();
            // One engine, three kinds queued at once: each starts when the one before ends.
            Time readEnd;
            Time burstsEnd;
            Time onBus;
            Time burstEnd;
            dma->Read(burstBytes + 8, 0, Callback<void>([&readEnd]() {
                          readEnd = Simulator::Now();
                      }));
            dma->TransferBursts(64, 4, Callback<void>([&burstsEnd]() {
                                    burstsEnd = Simulator::Now();
                                }));
            dma->Burst(16,
                       true,
                       Callback<void>([&onBus]() { onBus = Simulator::Now(); }),
                       Callback<void>([&burstEnd]() { burstEnd = Simulator::Now(); }));
            Simulator::Run();
            const Time read =
                bus->GetDmaBurstTime(burstBytes, true) + bus->GetDmaBurstTime(8, true);
            NS_TEST_EXPECT_MSG_EQ(readEnd, read, "a read pays the read latency in every burst");
            const uint32_t shortBurst = 4 * bus->GetWidth();
            Time bursts = Seconds(0);
            for (uint32_t left = 64; left > 0; left -= std::min(left, shortBurst))
            {
                bursts += bus->GetDmaBurstTime(std::min(left, shortBurst), false);
            }
            NS_TEST_EXPECT_MSG_EQ(burstsEnd - readEnd, bursts, "bursts of 4 beats, after the read");
            NS_TEST_EXPECT_MSG_EQ(onBus,
                                  burstsEnd,
                                  "the burst is on the bus when the engine frees");
            NS_TEST_EXPECT_MSG_EQ(burstEnd - onBus,
                                  bus->GetDmaBurstTime(16, true),
                                  "and ends one read burst later");
            NS_TEST_EXPECT_MSG_EQ(dma->GetNTransfers(), 3u, "three transfers");
            NS_TEST_EXPECT_MSG_EQ(dma->GetBytes(), burstBytes + 8 + 64 + 16, "bytes");

            // Two engines of one card on one bus, the second with the lower bus class: the
            // first's transfer takes its time alone, the second's waits at every grant.
            bus->SetNumPriorities(2);
            Ptr<SanDmaEngine> second = CreateObject<SanDmaEngine>();
            second->SetBus(bus);
            second->SetBusPriority(1);
            const Time t0 = Simulator::Now();
            Time firstEnd;
            Time secondEnd;
            second->Transfer(3 * burstBytes,
                             Callback<void>([&secondEnd]() { secondEnd = Simulator::Now(); }));
            dma->Transfer(3 * burstBytes,
                          Callback<void>([&firstEnd]() { firstEnd = Simulator::Now(); }));
            Simulator::Run();
            const Time one = bus->GetDmaBurstTime(burstBytes, false);
            NS_TEST_EXPECT_MSG_LT(firstEnd - t0, one * 5, "class 0 is served first at each grant");
            NS_TEST_EXPECT_MSG_EQ(secondEnd - t0,
                                  one * 6,
                                  "class 1 gets the bus between and after");
            NS_TEST_EXPECT_MSG_EQ(second->GetNTransfers(), 1u, "the second engine's own count");

            // Immediate start (a card that orders its own transfers): two transfers given at
            // once share the bus grant by grant instead of queueing at the engine.
            Ptr<SanDmaEngine> immediate = CreateObject<SanDmaEngine>();
            immediate->SetBus(bus);
            immediate->SetImmediateStart(true);
            const Time t1 = Simulator::Now();
            std::vector<Time> ends(2);
            for (uint32_t i = 0; i < 2; ++i)
            {
                immediate->Transfer(2 * burstBytes,
                                    Callback<void>([&ends, i]() { ends[i] = Simulator::Now(); }));
            }
            NS_TEST_EXPECT_MSG_EQ(immediate->IsIdle(), false, "both run");
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(ends[0] - t1, one * 3, "interleaved: the first ends third");
            NS_TEST_EXPECT_MSG_EQ(ends[1] - t1, one * 4, "and the second fourth");
            NS_TEST_EXPECT_MSG_EQ(immediate->IsIdle(), true, "idle again");
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup san-tests
 * SanOperation: AddWait and AddParallel.
 */
class SanOperationAsyncTestCase : public TestCase
{
  public:
    SanOperationAsyncTestCase()
        : TestCase("operation: AddWait waits for its work; AddParallel starts both, joins both")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SanResource> r = CreateObject<SanResource>();
        // Work that ends after a delay, recording its start.
        auto after = [](Time d, Time* startedAt) {
            return SanOperation::AsyncWork([d, startedAt](Callback<void> done) {
                *startedAt = Simulator::Now();
                Simulator::Schedule(d, [done]() { done(); });
            });
        };
        Time w0;
        Time p1;
        Time p2;
        Time actionAt;
        Time doneAt;
        Ptr<SanOperation> op = Create<SanOperation>();
        op->AddStep(r, MicroSeconds(1))
            .AddWait(after(MicroSeconds(5), &w0))
            .AddParallel(after(MicroSeconds(3), &p1), after(MicroSeconds(7), &p2))
            .AddAction(Callback<void>([&actionAt]() { actionAt = Simulator::Now(); }))
            .AddStep(r, MicroSeconds(1));
        NS_TEST_EXPECT_MSG_EQ(op->GetNSteps(), 5u, "steps");
        NS_TEST_EXPECT_MSG_EQ(op->GetUncontendedLatency(), MicroSeconds(2), "resource steps");
        op->Start(Callback<void>([&doneAt]() { doneAt = Simulator::Now(); }));
        NS_TEST_EXPECT_MSG_EQ(op->IsRunning(), true, "running");
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(w0, MicroSeconds(1), "wait starts after the first step");
        NS_TEST_EXPECT_MSG_EQ(p1, MicroSeconds(6), "parallel: first piece after the wait");
        NS_TEST_EXPECT_MSG_EQ(p2, MicroSeconds(6), "parallel: second piece at the same time");
        NS_TEST_EXPECT_MSG_EQ(actionAt, MicroSeconds(13), "join waits for the later piece");
        NS_TEST_EXPECT_MSG_EQ(doneAt, MicroSeconds(14), "then the last step");
        NS_TEST_EXPECT_MSG_EQ(op->IsFinished(), true, "finished");
        NS_TEST_EXPECT_MSG_EQ(op->GetFinishTime(), MicroSeconds(14), "finish time");

        // Work that ends at once (synchronously): the operation goes on, and done still runs
        // as a new event, never from inside Start.
        Ptr<SanOperation> sync = Create<SanOperation>();
        auto now = SanOperation::AsyncWork([](Callback<void> done) { done(); });
        sync->AddWait(now).AddParallel(now, now);
        bool inStart = true;
        bool doneOutside = false;
        sync->Start(Callback<void>([&]() { doneOutside = !inStart; }));
        inStart = false;
        NS_TEST_EXPECT_MSG_EQ(doneOutside, false, "not yet");
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(doneOutside, true, "done ran as its own event");

        // With real resources: a DMA and a bus transaction in parallel on one bus queue behind
        // each other; the join is at their sum.
        Ptr<HostBus> bus = CreateObject<HostBus>();
        Ptr<SanOperation> io = Create<SanOperation>();
        const Time t0 = Simulator::Now();
        Time ioDone;
        io->AddParallel(
            SanOperation::AsyncWork([bus](Callback<void> d) { bus->Dma(64, d); }),
            SanOperation::AsyncWork([bus](Callback<void> d) { bus->Transaction(4, d); }));
        io->Start(Callback<void>([&ioDone]() { ioDone = Simulator::Now(); }));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(ioDone - t0,
                              bus->GetDmaTime(64) + bus->GetCycleTime() * 4,
                              "both on one bus: the join is at their sum");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * HostBus::Transaction and IsIdle.
 */
class HostBusTransactionTestCase : public TestCase
{
  public:
    HostBusTransactionTestCase()
        : TestCase("host bus: Transaction is one grant of arbitration + cycles; IsIdle")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = CreateObject<HostBus>();
        bus->SetAttribute("ArbitrationCycles", UintegerValue(2));
        bus->SetNumPriorities(2);
        const Time cycle = bus->GetCycleTime();
        NS_TEST_EXPECT_MSG_EQ(bus->IsIdle(), true, "idle at first");
        Time end;
        bus->Transaction(5, Callback<void>([&end]() { end = Simulator::Now(); }));
        NS_TEST_EXPECT_MSG_EQ(bus->IsIdle(), false, "busy during a transaction");
        NS_TEST_EXPECT_MSG_EQ(bus->GetTransactions(), 0u, "counted once completed");
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(end, cycle * 7, "arbitration (2) + 5 cycles");
        NS_TEST_EXPECT_MSG_EQ(bus->IsIdle(), true, "idle after");
        NS_TEST_EXPECT_MSG_EQ(bus->GetTransactions(), 1u, "one transaction");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBytesTransferred(), 0u, "no payload counted");

        // Queued behind a DMA (FIFO within a class) it waits for the DMA's grants in progress;
        // a more urgent class takes the bus at the next grant boundary.
        const Time t0 = Simulator::Now();
        const Time grant = bus->GetDmaTime(32); // one 32-byte transaction + arbitration
        Time dmaEnd;
        Time lowEnd;
        Time highEnd;
        bus->Dma(96, Callback<void>([&dmaEnd]() { dmaEnd = Simulator::Now(); }), 1);
        bus->Transaction(3, Callback<void>([&lowEnd]() { lowEnd = Simulator::Now(); }), 1);
        NS_TEST_EXPECT_MSG_EQ(bus->IsIdle(), false, "busy");
        Simulator::Schedule(grant / 2, [&]() {
            bus->Transaction(3, Callback<void>([&highEnd]() { highEnd = Simulator::Now(); }), 0);
            NS_TEST_EXPECT_MSG_EQ(bus->IsIdle(), false, "busy while a transaction waits");
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(highEnd - t0,
                              grant + cycle * 5,
                              "urgent: after the grant in progress");
        NS_TEST_EXPECT_MSG_EQ(lowEnd - t0,
                              grant + cycle * 10,
                              "same class: before the DMA's next grant, queued after it (FIFO)");
        NS_TEST_EXPECT_MSG_EQ(dmaEnd - t0, grant * 3 + cycle * 10, "the DMA around them");
        NS_TEST_EXPECT_MSG_EQ(bus->IsIdle(), true, "idle after");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([bus]() { bus->Transaction(0, Callback<void>()); }, "at least one cycle"),
            true,
            "zero cycles aborts");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * HostPioWindow.
 */
class HostPioWindowTestCase : public TestCase
{
  public:
    HostPioWindowTestCase()
        : TestCase("PIO window: stores land after the PIO time, in order, with their offsets")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = CreateObject<HostBus>();

        struct Landing
        {
            Time at;
            uint64_t offset;
            std::vector<uint8_t> bytes;
        };

        std::vector<Landing> sink;
        Ptr<HostPioWindow> w = Create<HostPioWindow>(
            bus,
            64,
            HostPioWindow::SinkCallback([&sink](uint64_t off, const uint8_t* b, uint32_t n) {
                sink.push_back(Landing{Simulator::Now(), off, std::vector<uint8_t>(b, b + n)});
            }));
        NS_TEST_EXPECT_MSG_EQ(w->GetSize(), 64u, "size");
        NS_TEST_EXPECT_MSG_EQ(w->GetStoreTime(12), bus->GetPioTime(12), "store time = PIO time");
        std::vector<uint8_t> a = NicPattern(12, 1);
        std::vector<uint8_t> b = NicPattern(4, 50);
        std::vector<uint8_t> c = NicPattern(20, 90);
        std::vector<Time> landed;
        auto mark = [&landed]() {
            return Callback<void>([&landed]() { landed.push_back(Simulator::Now()); });
        };
        w->Store(8, a.data(), 12, mark());
        a[0] = 0xff; // the bytes were copied at the store
        w->Store(0, b.data(), 4, mark());
        w->Store(44, c.data(), 20, Callback<void>()); // up to the window's last byte
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(sink.size(), 3u, "three landings");
        if (sink.size() != 3)
        {
            return;
        }
        const Time ta = bus->GetPioTime(12);
        const Time tb = ta + bus->GetPioTime(4);
        const Time tc = tb + bus->GetPioTime(20);
        NS_TEST_EXPECT_MSG_EQ(sink[0].at, ta, "first lands after its PIO time");
        NS_TEST_EXPECT_MSG_EQ(sink[1].at, tb, "second after it");
        NS_TEST_EXPECT_MSG_EQ(sink[2].at, tc, "third after that");
        NS_TEST_EXPECT_MSG_EQ(sink[0].offset, 8u, "offset");
        NS_TEST_EXPECT_MSG_EQ(sink[1].offset, 0u, "offset");
        NS_TEST_EXPECT_MSG_EQ(sink[2].offset, 44u, "offset");
        NS_TEST_EXPECT_MSG_EQ((sink[0].bytes == NicPattern(12, 1)), true, "bytes as stored");
        NS_TEST_EXPECT_MSG_EQ((sink[1].bytes == b), true, "bytes");
        NS_TEST_EXPECT_MSG_EQ((sink[2].bytes == c), true, "bytes");
        NS_TEST_ASSERT_MSG_EQ(landed.size(), 2u, "landed callbacks");
        if (landed.size() != 2)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(landed[0], ta, "landed after the sink");
        NS_TEST_EXPECT_MSG_EQ(landed[1], tb, "landed");
        NS_TEST_EXPECT_MSG_EQ(w->GetBytesStored(), 36u, "bytes stored");
        NS_TEST_EXPECT_MSG_EQ(bus->GetTransactions(),
                              (12 + 4 + 20) / bus->GetPioStoreBytes(),
                              "one bus transaction per store");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  [w]() {
                                      uint8_t x[2] = {0, 0};
                                      w->Store(63, x, 2, Callback<void>());
                                  },
                                  "outside a window of 64 bytes"),
                              true,
                              "a store past the window aborts");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * HostMemory::SetWriteSnoop.
 */
class HostMemorySnoopTestCase : public TestCase
{
  public:
    HostMemorySnoopTestCase()
        : TestCase("host memory: write snooping sees successful writes to its region only")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        const uint64_t a = mem->Allocate(256, "a");
        const uint64_t b = mem->Allocate(256, "b");
        std::vector<std::pair<uint64_t, uint64_t>> seen;
        std::vector<std::vector<uint8_t>> bytes;
        mem->SetWriteSnoop(a + 100,
                           HostMemory::WriteSnoopCallback([&](uint64_t addr, uint64_t len) {
                               seen.emplace_back(addr, len);
                               bytes.push_back(ReadBytes(mem, addr, static_cast<uint32_t>(len)));
                           }));
        std::vector<uint8_t> p = NicPattern(16, 3);
        mem->Write(a + 10, p.data(), 16);
        mem->Fill(a + 200, 0x77, 8);
        mem->Write(b, p.data(), 16); // another region
        NS_TEST_EXPECT_MSG_EQ(mem->Write(a + 250, p.data(), 16), false, "crosses the end");
        uint8_t out[4];
        mem->Read(a, out, 4); // reads are not snooped
        NS_TEST_ASSERT_MSG_EQ(seen.size(), 2u, "two writes seen");
        if (seen.size() != 2)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(seen[0].first, a + 10, "address");
        NS_TEST_EXPECT_MSG_EQ(seen[0].second, 16u, "length");
        NS_TEST_EXPECT_MSG_EQ((bytes[0] == p), true, "the new bytes are readable in the snoop");
        NS_TEST_EXPECT_MSG_EQ(seen[1].first, a + 200, "fill address");
        NS_TEST_EXPECT_MSG_EQ((bytes[1] == std::vector<uint8_t>(8, 0x77)), true, "fill bytes");
        mem->SetWriteSnoop(a, HostMemory::WriteSnoopCallback());
        mem->Write(a, p.data(), 4);
        NS_TEST_EXPECT_MSG_EQ(seen.size(), 2u, "removed");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith(
                [mem, b]() { mem->SetWriteSnoop(b + 4096 * 16, HostMemory::WriteSnoopCallback()); },
                "is in no region"),
            true,
            "snooping no region aborts");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * SanHostHelper.
 */
class SanHostHelperTestCase : public TestCase
{
  public:
    SanHostHelperTestCase()
        : TestCase("host helper: preset first, helper attributes on top; clear errors")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        SanHostHelper h;
        h.SetPreset("ns3::HpJ200HostPreset");
        h.SetPresetAttribute("CpuClockRate", DoubleValue(200e6)); // preset only
        h.SetPresetAttribute("BusClockRate", DoubleValue(50e6));  // overridden below
        h.SetPresetAttribute("PioStoreBytes", UintegerValue(2));
        h.SetCpuAttribute("Cpi", DoubleValue(2.0));
        h.SetIoBusAttribute("ClockRate", DoubleValue(33e6));
        h.SetMemoryAttribute("BaseAddress", UintegerValue(0x200000));
        h.Install(nodes);
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            Ptr<SanHost> host = SanHost::Of(nodes.Get(i));
            NS_TEST_EXPECT_MSG_EQ(host->GetPresetName(), "hp-j200", "preset recorded");
            NS_TEST_EXPECT_MSG_EQ(host->GetCpu()->GetClockRate(), 200e6, "preset attribute");
            NS_TEST_EXPECT_MSG_EQ(host->GetCpu()->GetCpi(), 2.0, "helper over the preset");
            NS_TEST_EXPECT_MSG_EQ(host->GetIoBus()->GetClockRate(), 33e6, "helper wins");
            NS_TEST_EXPECT_MSG_EQ(host->GetIoBus()->GetPioStoreBytes(), 2u, "preset attribute");
            NS_TEST_EXPECT_MSG_EQ(host->GetIoBus()->GetWidth(), 4u, "preset default");
            NS_TEST_EXPECT_MSG_EQ(host->GetMemory()->GetBaseAddress(), 0x200000u, "memory");
        }
        NS_TEST_EXPECT_MSG_NE(SanHost::Of(nodes.Get(0))->GetCpu(),
                              SanHost::Of(nodes.Get(1))->GetCpu(),
                              "one CPU per host");

        // Errors name what was wrong.
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([]() { SanHostHelper().SetPreset("ns3::NoSuchPreset"); },
                                         "no TypeId named 'ns3::NoSuchPreset'"),
                              true,
                              "unknown preset");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([]() { SanHostHelper().SetPreset("ns3::HostCpu"); },
                                         "'ns3::HostCpu' is not a ns3::SanHostPreset"),
                              true,
                              "not a preset");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith(
                                  []() {
                                      SanHostHelper bad;
                                      bad.SetCpuAttribute("NoSuchAttribute", UintegerValue(1));
                                      bad.Install(CreateObject<Node>());
                                  },
                                  "no attribute 'NoSuchAttribute' in ns3::HostCpu"),
                              true,
                              "unknown attribute");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([nodes]() { SanHostHelper().Install(nodes.Get(1)); }, "is a host already"),
            true,
            "installing twice");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([]() { SanHost::Of(CreateObject<Node>()); },
                                         "install hosts with SanHostHelper first"),
                              true,
                              "a node without a host");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * SanNicDevice: Attach errors and the drop convention's bounds.
 */
class SanNicAttachTestCase : public TestCase
{
  public:
    SanNicAttachTestCase()
        : TestCase("NIC device: Attach refuses a non-port, a second attach, a missing host")
    {
    }

  private:
    void DoRun() override
    {
        SanScenarioSpec spec;
        spec.hosts = 2;
        SanScenario s(spec);
        Ptr<SanHost> host = s.GetHost(0);
        Ptr<NetDevice> port = s.GetEndpoints().Get(0);
        Ptr<Node> node = s.GetHosts().Get(0);

        Ptr<HamlynNetDevice> nic = CreateObject<HamlynNetDevice>();
        node->AddDevice(nic);
        NS_TEST_EXPECT_MSG_EQ(nic->IsAttached(), false, "not attached yet");
        NS_TEST_EXPECT_MSG_EQ(nic->IsLinkUp(), false, "no link before Attach");
        NS_TEST_EXPECT_MSG_EQ(nic->GetChannel(), nullptr, "no channel before Attach");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([nic]() { nic->OpenContext(1); }, "attach the device to a host first"),
            true,
            "use before Attach");
        Ptr<HamlynNetDevice> other = CreateObject<HamlynNetDevice>();
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([nic, host, other]() { nic->Attach(host, other); },
                                         "device ns3::HamlynNetDevice is not a fabric port"),
                              true,
                              "a NIC is not a port");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([nic, host]() { nic->Attach(host, nullptr); },
                                         "device (null) is not a fabric port"),
                              true,
                              "no port");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([nic, port]() { nic->Attach(nullptr, port); },
                                         "needs a host made by SanHostHelper"),
                              true,
                              "no host");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([nic, port]() { nic->Attach(CreateObject<SanHost>(), port); },
                       "needs a host made by SanHostHelper"),
            true,
            "a host without parts");
        nic->Attach(host, port);
        NS_TEST_EXPECT_MSG_EQ(nic->IsAttached(), true, "attached");
        NS_TEST_EXPECT_MSG_EQ(nic->IsLinkUp(), true, "link up");
        NS_TEST_EXPECT_MSG_EQ(nic->GetChannel(), port->GetChannel(), "the port's channel");
        NS_TEST_EXPECT_MSG_EQ(nic->GetAddress(), port->GetAddress(), "the port's address");
        NS_TEST_EXPECT_MSG_EQ(nic->GetCpu(), host->GetCpu(), "the host's CPU");
        NS_TEST_EXPECT_MSG_EQ(nic->GetIoBus(), host->GetIoBus(), "the host's bus");
        NS_TEST_EXPECT_MSG_EQ(nic->GetMemory(), host->GetMemory(), "the host's memory");
        NS_TEST_EXPECT_MSG_EQ(nic->GetHostNumber(), 0u, "host number from the port");
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([nic, host, port]() { nic->Attach(host, port); },
                                         "ns3::HamlynNetDevice::Attach: attached already"),
                              true,
                              "a second Attach");
        // A second interface on the same node may not take the same port.
        Ptr<HamlynNetDevice> second = CreateObject<HamlynNetDevice>();
        s.GetHosts().Get(0)->AddDevice(second);
        NS_TEST_EXPECT_MSG_EQ(AbortsWith([second, host, port]() { second->Attach(host, port); },
                                         "the fabric port is taken by another interface"),
                              true,
                              "one interface per port");

        // The drop convention's bounds.
        NS_TEST_EXPECT_MSG_EQ(nic->GetNDropReasons(),
                              uint32_t(HamlynNetDevice::N_DROP_REASONS),
                              "reasons");
        NS_TEST_EXPECT_MSG_EQ(nic->GetDropReasonName(HamlynNetDevice::REVOKED), "Revoked", "name");
        NS_TEST_EXPECT_MSG_EQ(nic->GetDropReasonName(99), "?", "unknown reason name");
        NS_TEST_EXPECT_MSG_EQ(
            AbortsWith([nic]() { nic->GetNDropped(uint32_t(99)); }, "no drop reason 99"),
            true,
            "unknown reason count");
        NS_TEST_EXPECT_MSG_EQ(nic->Send(Create<Packet>(10), Address(), 0),
                              false,
                              "plain Send is refused");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Two NICs on one host share its CPU, bus and memory.
 */
class SanTwoNicsOneHostTestCase : public TestCase
{
  public:
    SanTwoNicsOneHostTestCase()
        : TestCase("two Hamlyn NICs on one host (two fabrics): shared CPU, bus and memory")
    {
    }

  private:
    /// \param both send through both NICs (else through the first only)
    /// \param[out] lastDelivery when the last message landed \return true if all data landed
    static bool Run(bool both, Time& lastDelivery)
    {
        SanScenarioSpec spec;
        spec.hosts = 2;
        spec.paperCables = false;
        SanScenario s(spec);
        SanFabricHelper second;
        second.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        NetDeviceContainer eps2 = second.Install(s.GetHosts());
        HamlynHelper hamlyn;
        NetDeviceContainer a = hamlyn.Install(s.GetHosts(), s.GetEndpoints());
        NetDeviceContainer b = hamlyn.Install(s.GetHosts(), eps2);
        std::vector<Ptr<HamlynNetDevice>> tx = {DynamicCast<HamlynNetDevice>(a.Get(0)),
                                                DynamicCast<HamlynNetDevice>(b.Get(0))};
        std::vector<Ptr<HamlynNetDevice>> rx = {DynamicCast<HamlynNetDevice>(a.Get(1)),
                                                DynamicCast<HamlynNetDevice>(b.Get(1))};
        bool shared = tx[0]->GetCpu() == tx[1]->GetCpu() &&
                      tx[0]->GetIoBus() == tx[1]->GetIoBus() &&
                      tx[0]->GetMemory() == tx[1]->GetMemory() && tx[0] != tx[1];
        NS_ABORT_MSG_IF(!shared, "test: the two NICs do not share the host");
        const uint32_t bytes = 16 * 1024;
        std::vector<Ptr<HamlynContext>> rctx;
        std::vector<uint32_t> areas;
        lastDelivery = Seconds(0);
        const uint32_t n = both ? 2 : 1;
        for (uint32_t k = 0; k < n; ++k)
        {
            Ptr<HamlynContext> r = rx[k]->OpenContext(1);
            const uint32_t area = r->CreateMessageArea(bytes);
            r->DefineSlot(1, area, 0, bytes, 0x1234 + k);
            rctx.push_back(r);
            areas.push_back(area);
            rx[k]->TraceConnectWithoutContext(
                "Notification",
                Callback<void, uint32_t, uint64_t>(
                    [&lastDelivery](uint32_t, uint64_t) { lastDelivery = Simulator::Now(); }));
            Ptr<HamlynContext> t = tx[k]->OpenContext(0);
            const uint32_t src = t->CreateMessageArea(bytes);
            std::vector<uint8_t> data = NicPattern(bytes, static_cast<uint8_t>(10 + k));
            t->GetMessageArea(src)->Write(0, data.data(), bytes);
            HamlynSendRequest req;
            req.kind = HamlynSendRequest::DMA;
            req.dstNode = 1;
            req.slot = 1;
            req.key = 0x1234 + k;
            req.notifyIndex = 0;
            req.area = src;
            req.length = bytes;
            Ptr<HamlynSendTerminus> term = t->GetTerminus();
            Simulator::Schedule(MicroSeconds(1), [term, req]() { term->Post(req); });
        }
        Simulator::Run();
        bool ok = true;
        for (uint32_t k = 0; k < n; ++k)
        {
            std::vector<uint8_t> got(bytes);
            rctx[k]->GetMessageArea(areas[k])->Read(0, got.data(), bytes);
            ok = ok && got == NicPattern(bytes, static_cast<uint8_t>(10 + k)) &&
                 rctx[k]->GetNotificationQueue()->GetNPending() == 1;
        }
        Simulator::Destroy();
        return ok;
    }

    void DoRun() override
    {
        Time one;
        Time two;
        NS_TEST_EXPECT_MSG_EQ(Run(false, one), true, "one NIC: data and notification");
        NS_TEST_EXPECT_MSG_EQ(Run(true, two), true, "two NICs: both messages land");
        // Both NICs' DMA crosses the same host buses: two messages take clearly longer than
        // one (they would take the same time on separate hosts).
        NS_TEST_EXPECT_MSG_GT(two.GetSeconds(), one.GetSeconds() * 1.5, "the host bus is shared");
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanNicTestSuite : public TestSuite
{
  public:
    SanNicTestSuite()
        : TestSuite("san-nic", UNIT)
    {
        AddTestCase(new SanEventQueueRingTestCase, TestCase::QUICK);
        AddTestCase(new SanEventQueueFullTestCase, TestCase::QUICK);
        AddTestCase(new SanEventQueueInterruptTestCase, TestCase::QUICK);
        AddTestCase(new SanArbiterTestCase, TestCase::QUICK);
        AddTestCase(new SanDmaEngineTestCase, TestCase::QUICK);
        AddTestCase(new SanDmaEngineKindsTestCase, TestCase::QUICK);
        AddTestCase(new SanOperationAsyncTestCase, TestCase::QUICK);
        AddTestCase(new HostBusTransactionTestCase, TestCase::QUICK);
        AddTestCase(new HostPioWindowTestCase, TestCase::QUICK);
        AddTestCase(new HostMemorySnoopTestCase, TestCase::QUICK);
        AddTestCase(new SanHostHelperTestCase, TestCase::QUICK);
        AddTestCase(new SanNicAttachTestCase, TestCase::QUICK);
        AddTestCase(new SanTwoNicsOneHostTestCase, TestCase::QUICK);
    }
};

static SanNicTestSuite g_sanNicTestSuite; //!< the suite
