/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// CLAN's DMA request queues (Tripwire paper, section 4.2): the driver is entered only when an
// application queues onto an empty queue; completions are interrupts; non-empty queues are
// served round-robin.

#include "ns3/clan-dma-scheduler.h"
#include "ns3/host-cpu.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

/// Round-robin service, system calls only onto empty queues, an interrupt per completion.
class ClanDmaSchedulerTestCase : public TestCase
{
  public:
    ClanDmaSchedulerTestCase()
        : TestCase("DMA queues: round-robin, driver entered only onto an empty queue")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        cpu->SetAttribute("SyscallCost", TimeValue(NanoSeconds(750)));
        cpu->SetAttribute("InterruptLatency", TimeValue(MicroSeconds(3)));
        std::vector<uint64_t> order;
        Ptr<ClanDmaScheduler> s;
        // The engine: every transfer takes 10 us.
        auto start = [&order, &s](const ClanDmaRequest& r, uint32_t queue) {
            order.push_back(r.tag);
            Simulator::Schedule(MicroSeconds(10), [&s]() { s->Completed(); });
        };
        s = Create<ClanDmaScheduler>(cpu, ClanDmaScheduler::StartCallback(start), NanoSeconds(500));
        const uint32_t a = s->AddQueue(8);
        const uint32_t b = s->AddQueue(8);
        const uint32_t c = s->AddQueue(1);
        std::vector<uint64_t> doneB;
        s->SetDoneCallback(
            b,
            ClanDmaScheduler::DoneCallback(
                [&doneB](const ClanDmaRequest& r, uint32_t) { doneB.push_back(r.tag); }));
        for (uint64_t t : {10u, 11u, 12u})
        {
            NS_TEST_ASSERT_MSG_EQ(s->Enqueue(a, ClanDmaRequest{0, 0, 64, t}, Callback<void>()),
                                  true,
                                  "queued");
        }
        s->Enqueue(b, ClanDmaRequest{0, 0, 64, 20}, Callback<void>());
        s->Enqueue(b, ClanDmaRequest{0, 0, 64, 21}, Callback<void>());
        s->Enqueue(c, ClanDmaRequest{0, 0, 64, 30}, Callback<void>());
        NS_TEST_ASSERT_MSG_EQ(s->Enqueue(c, ClanDmaRequest{0, 0, 64, 31}, Callback<void>()),
                              false,
                              "a full queue refuses");
        NS_TEST_ASSERT_MSG_EQ(s->GetNSyscalls(), 3u, "one system call per queue");
        Simulator::Run();
        const std::vector<uint64_t> want = {10, 20, 30, 11, 21, 12};
        NS_TEST_ASSERT_MSG_EQ((order == want), true, "served round-robin");
        NS_TEST_ASSERT_MSG_EQ(s->GetNInterrupts(), 6u, "an interrupt per completion");
        NS_TEST_ASSERT_MSG_EQ(s->GetNServed(a), 3u, "all of a");
        NS_TEST_ASSERT_MSG_EQ(doneB.size(), 2u, "b told of both");
        NS_TEST_ASSERT_MSG_EQ(s->IsBusy(), false, "idle");
        // Queueing onto the now-empty queue enters the driver again.
        s->Enqueue(a, ClanDmaRequest{0, 0, 64, 13}, Callback<void>());
        NS_TEST_ASSERT_MSG_EQ(s->GetNSyscalls(), 4u, "empty again: a system call");
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(order.back(), 13u, "served");
        Simulator::Destroy();
    }
};

} // namespace

/// The CLAN DMA suite.
class SanClanDmaTestSuite : public TestSuite
{
  public:
    SanClanDmaTestSuite()
        : TestSuite("san-clan-dma", UNIT)
    {
        AddTestCase(new ClanDmaSchedulerTestCase, TestCase::QUICK);
    }
};

static SanClanDmaTestSuite g_sanClanDmaTestSuite; //!< registers the suite
