/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// CLAN's asynchronous event queue (Tripwire paper, section 4.3) and the select-style wait it is
// used in (SanSelect): interest, FIFO delivery, unwanted and lost events, blocking, and a
// select over the queue and another source.

#include "ns3/clan-event-queue.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/san-select.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Interest, FIFO order, unwanted and lost events.
class ClanEventQueueDeliveryTestCase : public TestCase
{
  public:
    ClanEventQueueDeliveryTestCase()
        : TestCase("event queue: only registered events, in order, a full ring loses")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        Ptr<ClanEventQueue> q = Create<ClanEventQueue>(mem, cpu, 4);
        q->Register(ClanEvent::TRIPWIRE, 7, 0x1111);
        q->Register(ClanEvent::DMA_DONE, 7, 0x2222);
        q->Register(ClanEvent::OOB_MESSAGE, 3, 0x3333);
        NS_TEST_ASSERT_MSG_EQ(q->Deliver(ClanEvent::TRIPWIRE, 8), false, "not registered");
        NS_TEST_ASSERT_MSG_EQ(q->Deliver(ClanEvent::DMA_DONE, 7), true, "queued");
        NS_TEST_ASSERT_MSG_EQ(q->Deliver(ClanEvent::TRIPWIRE, 7), true, "queued");
        NS_TEST_ASSERT_MSG_EQ(q->Deliver(ClanEvent::OOB_MESSAGE, 3), true, "queued");
        q->Unregister(ClanEvent::OOB_MESSAGE, 3);
        NS_TEST_ASSERT_MSG_EQ(q->Deliver(ClanEvent::OOB_MESSAGE, 3), false, "unregistered");
        NS_TEST_ASSERT_MSG_EQ(q->GetNUnwanted(), 2u, "two unwanted");
        ClanEvent e;
        NS_TEST_ASSERT_MSG_EQ(q->Poll(e), true, "first");
        NS_TEST_ASSERT_MSG_EQ(static_cast<int>(e.kind),
                              static_cast<int>(ClanEvent::DMA_DONE),
                              "FIFO");
        NS_TEST_ASSERT_MSG_EQ(e.cookie, 0x2222u, "cookie");
        NS_TEST_ASSERT_MSG_EQ(q->Poll(e), true, "second");
        NS_TEST_ASSERT_MSG_EQ(e.id, 7u, "id");
        NS_TEST_ASSERT_MSG_EQ(e.cookie, 0x1111u, "cookie");
        NS_TEST_ASSERT_MSG_EQ(q->Poll(e), true, "third");
        NS_TEST_ASSERT_MSG_EQ(e.cookie, 0x3333u, "cookie");
        NS_TEST_ASSERT_MSG_EQ(q->Poll(e), false, "empty");
        for (int i = 0; i < 5; ++i)
        {
            q->Deliver(ClanEvent::TRIPWIRE, 7);
        }
        NS_TEST_ASSERT_MSG_EQ(q->GetRing()->GetNLost(), 1u, "the fifth finds the ring full");
        NS_TEST_ASSERT_MSG_EQ(q->GetNDelivered(), 7u, "3 + 4 delivered");
        Simulator::Destroy();
    }
};

/// A blocked application is woken by a delivery from the driver's interrupt routine (whose
/// interrupt the device charges): the scheduler's wake-up only; a select over the queue and
/// another source continues on either.
class ClanEventQueueWaitTestCase : public TestCase
{
  public:
    ClanEventQueueWaitTestCase()
        : TestCase("event queue: blocking wait; select over the queue and another source")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostMemory> mem = CreateObject<HostMemory>();
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        cpu->SetAttribute("InterruptLatency", TimeValue(MicroSeconds(3)));
        cpu->SetAttribute("WakeupLatency", TimeValue(MicroSeconds(8)));
        Ptr<ClanEventQueue> q = Create<ClanEventQueue>(mem, cpu, 16);
        q->Register(ClanEvent::TRIPWIRE, 1, 42);
        Time woke;
        q->Wait(HostCpuWait::BLOCK, Callback<void>([&woke]() { woke = Simulator::Now(); }));
        Simulator::Schedule(MicroSeconds(10), [q]() { q->Deliver(ClanEvent::TRIPWIRE, 1); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(woke, MicroSeconds(18), "10 + wake-up 8 (no second interrupt)");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetInterrupts(), 0u, "the routine's interrupt is the device's");
        ClanEvent e;
        q->Poll(e);

        // select: the queue and a flag source.
        Ptr<SanSelect> sel = Create<SanSelect>(cpu);
        const uint32_t qi = sel->AddQueue(q->GetRing());
        bool flag = false;
        const uint32_t fi = sel->AddSource(Callback<bool>([&flag]() { return flag; }));
        Time t1;
        std::vector<uint32_t> ready1;
        const Time s1 = Simulator::Now();
        sel->Wait(HostCpuWait::POLL, Callback<void>([&]() {
                      t1 = Simulator::Now();
                      ready1 = sel->GetReady();
                  }));
        Simulator::Schedule(MicroSeconds(5), [&flag, sel]() {
            flag = true;
            sel->Notify();
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(t1 - s1, MicroSeconds(5), "woken by the other source");
        NS_TEST_ASSERT_MSG_EQ(ready1.size(), 1u, "one ready");
        NS_TEST_ASSERT_MSG_EQ(ready1[0], fi, "the flag");
        flag = false;
        Time t2;
        std::vector<uint32_t> ready2;
        const Time s2 = Simulator::Now();
        sel->Wait(HostCpuWait::BLOCK, Callback<void>([&]() {
                      t2 = Simulator::Now();
                      ready2 = sel->GetReady();
                  }));
        Simulator::Schedule(MicroSeconds(2), [q]() { q->Deliver(ClanEvent::TRIPWIRE, 1); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(t2 - s2, MicroSeconds(13), "2 + interrupt + wake-up");
        NS_TEST_ASSERT_MSG_EQ(ready2.size(), 1u, "one ready");
        NS_TEST_ASSERT_MSG_EQ(ready2[0], qi, "the queue");
        // Ready already: continue at once.
        bool now = false;
        sel->Wait(HostCpuWait::BLOCK, Callback<void>([&now]() { now = true; }));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(now, true, "continued without a wait");
        Simulator::Destroy();
    }
};

} // namespace

/// The CLAN event queue suite.
class SanClanEventQueueTestSuite : public TestSuite
{
  public:
    SanClanEventQueueTestSuite()
        : TestSuite("san-clan-event-queue", UNIT)
    {
        AddTestCase(new ClanEventQueueDeliveryTestCase, TestCase::QUICK);
        AddTestCase(new ClanEventQueueWaitTestCase, TestCase::QUICK);
    }
};

static SanClanEventQueueTestSuite g_sanClanEventQueueTestSuite; //!< registers the suite
