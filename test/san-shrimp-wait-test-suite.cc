/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-shrimp-wait": the libraries' switch between polling and blocking (SHRIMP 1996
 * section 6; VmmcEndpoint "WaitPolicy").
 *
 *  - a long wait sleeps and is woken by a notification: an interrupt, the process off the
 *    CPU meanwhile, the polled pages' IPT flags off again afterwards;
 *  - without the sender's flag the words change but the sleeping process never wakes (the
 *    notification rule: both flags);
 *  - a wait shorter than the CPU's PollBeforeBlock never sleeps;
 *  - SHRIMP RPC: a caller blocks through a long procedure and still gets its results; under
 *    POLL it spins through it;
 *  - NX: a receive sleeps until a one-copy message, a zero-copy message (scout, then the data
 *    flag) and a message behind full buffers (the request page still interrupts) arrive.
 */

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-words.h"
#include "ns3/nx-group.h"
#include "ns3/shrimp-rpc-binding.h"
#include "ns3/shrimp-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <vector>

using namespace ns3;

namespace
{

/// Host 3 exports a page that host 0 imports; host 3 waits on its first word.
struct WaitPair
{
    ShrimpScenario s{ShrimpScenario::Configure(2, 2)};
    Ptr<VmmcEndpoint> a;
    Ptr<VmmcEndpoint> b;
    uint64_t recv{0};
    uint64_t user{0};
    uint32_t exportId{0};
    int32_t handle{-1};

    explicit WaitPair(VmmcEndpoint::WaitPolicy policy)
    {
        a = s.CreateEndpoint(0);
        b = s.CreateEndpoint(3);
        b->SetAttribute("WaitPolicy", EnumValue(policy));
        recv = b->Allocate(4096, HostMemorySystem::WRITE_THROUGH);
        user = a->Allocate(4096);
        b->Export(recv, 4096, {}, Callback<void, uint32_t>([this](uint32_t id) {
                      exportId = id;
                      a->Import(3, id, Callback<void, int32_t>([this](int32_t h) { handle = h; }));
                  }));
    }

    /// \brief At \p at, host 0 writes \p value to the word by deliberate update.
    void SendAt(Time at, uint32_t value, bool notify)
    {
        Simulator::Schedule(at, [this, value, notify]() {
            a->StoreWord(user, value, Callback<void>([this, notify]() {
                             a->SendDeliberate(handle,
                                               0,
                                               user,
                                               4,
                                               notify,
                                               Callback<void, bool>([](bool) {}));
                         }));
        });
    }

    /// \brief At \p at, host 3 starts waiting for the word to be \p value.
    void WaitAt(Time at, uint32_t value, Time* resumed)
    {
        Simulator::Schedule(at, [this, value, resumed]() {
            VmmcEndpoint* ep = PeekPointer(b);
            const uint64_t w = recv;
            b->Poll(w,
                    4,
                    Callback<bool>([ep, w, value]() { return ep->ReadWord(w) == value; }),
                    Callback<void>([resumed]() { *resumed = Simulator::Now(); }));
        });
    }
};

} // namespace

/// A long wait sleeps, a flagged update wakes it by interrupt, the flags go back off.
class WaitSleepsTestCase : public TestCase
{
  public:
    WaitSleepsTestCase()
        : TestCase("a long wait sleeps and a notification wakes it")
    {
    }

  private:
    void DoRun() override
    {
        WaitPair p(VmmcEndpoint::POLL_THEN_BLOCK);
        Time resumed;
        uint64_t interrupts = 0;
        Time busy;
        bool flagWhileAsleep = false;
        Simulator::Schedule(MilliSeconds(10), [&]() {
            interrupts = p.b->GetCpu()->GetInterrupts();
            busy = p.b->GetCpu()->GetResource()->GetBusyTime();
        });
        p.WaitAt(MilliSeconds(10), 7, &resumed);
        p.SendAt(MilliSeconds(12), 7, true);
        const uint32_t page = p.b->GetPageBytes();
        Simulator::Schedule(MilliSeconds(11), [&]() {
            flagWhileAsleep = p.b->GetDaemon()->GetPageInterrupt(p.recv / page);
        });
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(resumed.IsStrictlyPositive(), true, "the process woke");
        NS_TEST_EXPECT_MSG_GT(resumed, MilliSeconds(12), "not before the update");
        NS_TEST_EXPECT_MSG_LT(resumed, MilliSeconds(12) + MicroSeconds(200), "woken promptly");
        NS_TEST_EXPECT_MSG_EQ(p.b->GetNWaitsBlocked(), 1, "the wait slept once");
        NS_TEST_EXPECT_MSG_EQ(flagWhileAsleep, true, "IPT flag on while asleep");
        NS_TEST_EXPECT_MSG_EQ(p.b->GetDaemon()->GetPageInterrupt(p.recv / page),
                              false,
                              "IPT flag off again once the library polls");
        NS_TEST_EXPECT_MSG_GT(p.b->GetCpu()->GetInterrupts(), interrupts, "an interrupt woke it");
        // Asleep for 2 ms: the CPU did a system call or two, an interrupt and a wake-up.
        const Time used = p.b->GetCpu()->GetResource()->GetBusyTime() - busy;
        NS_TEST_EXPECT_MSG_LT(used, MicroSeconds(300), "the CPU was free while it slept");
        Simulator::Destroy();
    }
};

/// The words change, but without the sender's flag nothing wakes the sleeping process.
class WaitNeedsSenderFlagTestCase : public TestCase
{
  public:
    WaitNeedsSenderFlagTestCase()
        : TestCase("a sleeping wait needs the sender's notification flag")
    {
    }

  private:
    void DoRun() override
    {
        WaitPair p(VmmcEndpoint::POLL_THEN_BLOCK);
        Time resumed;
        p.WaitAt(MilliSeconds(10), 7, &resumed);
        p.SendAt(MilliSeconds(12), 7, false);
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(p.b->ReadWord(p.recv), 7, "the word was written");
        NS_TEST_EXPECT_MSG_EQ(p.b->GetNWaitsBlocked(), 1, "the wait slept");
        NS_TEST_EXPECT_MSG_EQ(resumed.IsZero(), true, "nothing woke it");
        Simulator::Destroy();
    }
};

/// A wait that ends within PollBeforeBlock polls, as under POLL.
class WaitShortPollsTestCase : public TestCase
{
  public:
    WaitShortPollsTestCase()
        : TestCase("a short wait does not sleep")
    {
    }

  private:
    void DoRun() override
    {
        Time resumed[2];
        for (int i = 0; i < 2; ++i)
        {
            WaitPair p(i == 0 ? VmmcEndpoint::POLL : VmmcEndpoint::POLL_THEN_BLOCK);
            const Time limit = p.b->GetCpu()->GetPollBeforeBlock();
            NS_TEST_ASSERT_MSG_GT(limit, MicroSeconds(10), "a poll limit longer than a DU");
            uint64_t interrupts = 0;
            Simulator::Schedule(MilliSeconds(10),
                                [&]() { interrupts = p.b->GetCpu()->GetInterrupts(); });
            p.WaitAt(MilliSeconds(10), 7, &resumed[i]);
            p.SendAt(MilliSeconds(10), 7, true);
            Simulator::Stop(MilliSeconds(20));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(p.b->GetNWaitsBlocked(), 0, "never slept");
            NS_TEST_EXPECT_MSG_EQ(p.b->GetCpu()->GetInterrupts(), interrupts, "no interrupt");
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_EQ(resumed[0], resumed[1], "same as polling");
        NS_TEST_EXPECT_MSG_GT(resumed[0], MilliSeconds(10), "woke after the update");
    }
};

/// A SHRIMP RPC caller blocks through a long procedure, and still gets its result.
class WaitRpcCallerBlocksTestCase : public TestCase
{
  public:
    WaitRpcCallerBlocksTestCase()
        : TestCase("an RPC caller blocks through a long procedure")
    {
    }

  private:
    void DoRun() override
    {
        for (auto policy : {VmmcEndpoint::POLL, VmmcEndpoint::POLL_THEN_BLOCK})
        {
            ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
            Ptr<VmmcEndpoint> client = scenario.CreateEndpoint(0);
            Ptr<VmmcEndpoint> server = scenario.CreateEndpoint(3);
            client->SetAttribute("WaitPolicy", EnumValue(policy));
            server->SetAttribute("WaitPolicy", EnumValue(policy));
            Ptr<ShrimpRpcBinding> rpc = CreateObject<ShrimpRpcBinding>();
            ShrimpRpcBinding::Argument out;
            out.type = ShrimpRpcBinding::INT32;
            out.dir = ShrimpRpcBinding::OUT;
            out.bytes = 4;
            // 2 ms of work, then the result.
            ShrimpRpcBinding::Procedure slow(
                [](Ptr<VmmcEndpoint> ep, std::vector<uint64_t> a, Callback<void> done) {
                    const Time one = ep->GetCpu()->InstructionsToTime(1);
                    ep->Compute(MilliSeconds(2).GetSeconds() / one.GetSeconds(),
                                Callback<void>([ep, a, done]() { ep->StoreWord(a[0], 42, done); }));
                });
            const uint64_t result = client->Allocate(4);
            Time start;
            Time end;
            Time busyBefore;
            uint64_t interruptsBefore = 0;
            rpc->Setup(client, server, {out}, slow, Callback<void>([&]() {
                           start = Simulator::Now();
                           busyBefore = client->GetCpu()->GetResource()->GetBusyTime();
                           interruptsBefore = client->GetCpu()->GetInterrupts();
                           rpc->Call({result}, Callback<void>([&]() { end = Simulator::Now(); }));
                       }));
            Simulator::Stop(MilliSeconds(100));
            Simulator::Run();
            const bool block = policy == VmmcEndpoint::POLL_THEN_BLOCK;
            NS_TEST_ASSERT_MSG_EQ(end.IsStrictlyPositive(), true, "the call returned");
            NS_TEST_EXPECT_MSG_EQ(client->ReadWord(result), 42, "the OUT result");
            NS_TEST_EXPECT_MSG_GT(end - start, MilliSeconds(2), "the procedure's time");
            NS_TEST_EXPECT_MSG_EQ(client->GetNWaitsBlocked(), block ? 1 : 0, "caller slept");
            const Time busy = client->GetCpu()->GetResource()->GetBusyTime() - busyBefore;
            const uint64_t interrupts = client->GetCpu()->GetInterrupts() - interruptsBefore;
            if (block)
            {
                NS_TEST_EXPECT_MSG_LT(busy, MicroSeconds(500), "the caller's CPU was free");
                NS_TEST_EXPECT_MSG_GT(interrupts, 0, "woken by a notification");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(busy, MilliSeconds(2), "the caller spun through it");
                NS_TEST_EXPECT_MSG_EQ(interrupts, 0, "polling takes no interrupt");
            }
            Simulator::Destroy();
            rpc->Dispose();
        }
    }
};

/// NX receives that sleep: one-copy, zero-copy, and behind full buffers.
class WaitNxReceiveSleepsTestCase : public TestCase
{
  public:
    WaitNxReceiveSleepsTestCase()
        : TestCase("NX receives sleep and wake: one copy, zero copy, full buffers")
    {
    }

  private:
    void DoRun() override
    {
        ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
        Ptr<NxGroup> group = CreateObject<NxGroup>();
        group->SetProcessAttribute("PacketBuffers", UintegerValue(2));
        Ptr<VmmcEndpoint> ea = scenario.CreateEndpoint(0);
        Ptr<VmmcEndpoint> eb = scenario.CreateEndpoint(3);
        for (auto& e : {ea, eb})
        {
            e->SetAttribute("WaitPolicy", EnumValue(VmmcEndpoint::POLL_THEN_BLOCK));
        }
        group->Create({ea, eb});
        Ptr<NxProcess> a = group->Get(0);
        Ptr<NxProcess> b = group->Get(1);
        group->Initialize(Callback<void>([]() {}));
        const uint32_t big = 8192; // above the zero-copy threshold
        const uint64_t src = ea->Allocate(big);
        const uint64_t dst = eb->Allocate(big);
        std::vector<uint8_t> pattern(big);
        for (uint32_t i = 0; i < big; ++i)
        {
            pattern[i] = static_cast<uint8_t>(i * 7 + 3);
        }
        ea->GetMemory()->Write(src, pattern.data(), big);
        std::vector<uint32_t> got;
        std::vector<bool> exact;
        auto check = [&](uint32_t bytes) {
            std::vector<uint8_t> v(bytes);
            eb->GetMemory()->Read(dst, v.data(), bytes);
            exact.push_back(std::equal(v.begin(), v.end(), pattern.begin()));
        };
        auto receive = [&](uint32_t tag) {
            b->Receive(0,
                       tag,
                       dst,
                       big,
                       NxProcess::ReceiveCallback([&](uint32_t n, uint32_t, uint32_t) {
                           got.push_back(n);
                           check(n);
                       }));
        };
        // 20 ms: a receive waits 2 ms for 100 bytes; 30 ms: 3 ms for 8 KB (zero copy).
        Simulator::Schedule(MilliSeconds(20), [&]() { receive(5); });
        Simulator::Schedule(MilliSeconds(22), [&]() { a->Send(1, 5, src, 100, Callback<void>()); });
        Simulator::Schedule(MilliSeconds(30), [&]() { receive(6); });
        Simulator::Schedule(MilliSeconds(33), [&]() { a->Send(1, 6, src, big, Callback<void>()); });
        // 40 ms: the receiver sleeps waiting for tag 99 while five tag-7 messages fill its two
        // buffers; the sender's request wakes it, and its poll loop moves them.
        uint32_t sent = 0;
        Simulator::Schedule(MilliSeconds(40), [&]() {
            b->Receive(0,
                       99,
                       dst,
                       big,
                       NxProcess::ReceiveCallback(
                           [&](uint32_t n, uint32_t, uint32_t) { got.push_back(n); }));
        });
        Simulator::Schedule(MilliSeconds(42), [&]() {
            for (uint32_t i = 0; i < 5; ++i)
            {
                a->Send(1, 7, src, 100, Callback<void>([&]() { ++sent; }));
            }
            a->Send(1, 99, src, 4, Callback<void>());
        });
        Simulator::Stop(MilliSeconds(60));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(got.size(), 3, "three receives completed");
        NS_TEST_EXPECT_MSG_EQ(got[0], 100, "one-copy size");
        NS_TEST_EXPECT_MSG_EQ(got[1], big, "zero-copy size");
        NS_TEST_EXPECT_MSG_EQ(got[2], 4, "the message behind full buffers");
        NS_TEST_EXPECT_MSG_EQ(exact[0] && exact[1], true, "byte-exact");
        NS_TEST_EXPECT_MSG_EQ(sent, 5, "every send behind the full buffers returned");
        NS_TEST_EXPECT_MSG_GT(a->GetNBufferRequestsSent(), 0, "buffers ran out");
        NS_TEST_EXPECT_MSG_GT(eb->GetNWaitsBlocked(), 2, "the receiver slept in each receive");
        Simulator::Destroy();
        group->Dispose();
    }
};

/// The suite.
class SanShrimpWaitTestSuite : public TestSuite
{
  public:
    SanShrimpWaitTestSuite()
        : TestSuite("san-shrimp-wait", UNIT)
    {
        AddTestCase(new WaitSleepsTestCase(), TestCase::QUICK);
        AddTestCase(new WaitNeedsSenderFlagTestCase(), TestCase::QUICK);
        AddTestCase(new WaitShortPollsTestCase(), TestCase::QUICK);
        AddTestCase(new WaitRpcCallerBlocksTestCase(), TestCase::QUICK);
        AddTestCase(new WaitNxReceiveSleepsTestCase(), TestCase::QUICK);
    }
};

/// Static instance.
static SanShrimpWaitTestSuite g_sanShrimpWaitTestSuite;
