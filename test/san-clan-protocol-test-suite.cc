/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-clan-protocol": the Tripwire paper's protocols over ClanContext on two Alpha hosts
// (ClanScenario): Example 1, message transfer (ClanMessageChannel), and Example 2, the
// distributed queue (ClanDistributedQueue), for every pair of sender and receiver wait modes
// (section 4.3: "this choice can be made independently in the transmitter and receiver"); and
// the event-based server (ClanRequestService over ClanEventServer, section 5.3).
//
// What "takes interrupts" means here: the NIC raises an interrupt for every matching Tripwire
// whoever waits (the protocols' Tripwires stay enabled in every mode), so
// ClanNetDevice::GetNTripwireInterrupts and the CPU's interrupt count do not tell the modes
// apart. What does is whether a process slept on the Tripwire and was woken by the interrupt
// routine: ClanTripwireState::GetNWakeups of the waiting side's NIC. A spinning process is
// never woken (0); a process in TRIPWIRE mode is, whenever it had to wait.

#include "san-test-util.h"

#include "ns3/clan-context.h"
#include "ns3/clan-distributed-queue.h"
#include "ns3/clan-message-channel.h"
#include "ns3/clan-request-service.h"
#include "ns3/clan-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <functional>
#include <memory>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{

/// \param m a wait mode \return its name
std::string
ModeName(ClanContext::WaitMode m)
{
    switch (m)
    {
    case ClanContext::SPIN:
        return "spin";
    case ClanContext::TRIPWIRE:
        return "tripwire";
    case ClanContext::SPIN_THEN_TRIPWIRE:
        return "spin-then-tripwire";
    }
    return "?";
}

/// \param i message number \param bytes length \return its contents
std::vector<uint8_t>
Message(uint32_t i, uint32_t bytes)
{
    std::vector<uint8_t> v(bytes);
    for (uint32_t k = 0; k < bytes; ++k)
    {
        v[k] = static_cast<uint8_t>(i * 7 + k * 13 + (k >> 4));
    }
    return v;
}

/// What a protocol run saw.
struct ProtocolOutcome
{
    uint32_t received{0};     //!< messages or elements taken
    uint32_t wrong{0};        //!< taken out of order or with wrong bytes
    uint64_t txWakeups{0};    //!< sender woken by the Tripwire interrupt routine
    uint64_t rxWakeups{0};    //!< receiver woken likewise
    uint64_t full{0};         //!< (queue) times q_put found it full
    uint64_t rxInterrupts{0}; //!< Tripwire interrupts at the receiver's NIC
};

/// Number of messages or elements.
const uint32_t N = 50;

/**
 * Run Example 1 or 2 for one pair of modes. The sender sends as fast as it can; the receiver
 * starts later and, for the queue, takes each element only after some work, so the queue fills
 * and the sender must wait for room; for the message channel the receiver is late for the
 * first messages, so the sender waits for tx_ready.
 * \param queue Example 2 (else Example 1) \param txMode sender \param rxMode receiver
 * \return what happened
 */
ProtocolOutcome
RunProtocol(bool queue, ClanContext::WaitMode txMode, ClanContext::WaitMode rxMode)
{
    ClanScenario s(ClanScenario::Configure(2));
    Ptr<ClanContext> tx = s.ctx[0];
    Ptr<ClanContext> rx = s.ctx[1];
    const uint32_t bytes = 64;
    Ptr<ClanMessageChannel> channel;
    Ptr<ClanDistributedQueue> q;
    if (queue)
    {
        q = CreateObject<ClanDistributedQueue>();
        q->Setup(tx, rx, bytes, 4, txMode, rxMode);
    }
    else
    {
        channel = CreateObject<ClanMessageChannel>();
        channel->Setup(tx, rx, bytes, txMode, rxMode);
    }
    ProtocolOutcome o;
    const uint64_t txWake0 = s.nics[0]->GetTripwireState()->GetNWakeups();
    const uint64_t rxWake0 = s.nics[1]->GetTripwireState()->GetNWakeups();
    const uint64_t rxIrq0 = s.nics[1]->GetNTripwireInterrupts();
    std::function<void(uint32_t)> send = [&](uint32_t i) {
        if (i == N)
        {
            return;
        }
        Callback<void> next([&send, i]() { send(i + 1); });
        if (queue)
        {
            q->Put(Message(i, bytes), next);
        }
        else
        {
            channel->Send(Message(i, bytes), next);
        }
    };
    std::function<void(uint32_t)> receive = [&](uint32_t i) {
        if (i == N)
        {
            return;
        }
        auto check = [&o, &receive, i, bytes](const std::vector<uint8_t>& m) {
            ++o.received;
            o.wrong += m != Message(i, bytes);
            // Some work between messages (every tenth takes long), so the sender meets a
            // full queue or a busy receiver now and then, in every mode.
            const Time work = MicroSeconds(i % 10 == 0 ? 60 : 1);
            Simulator::Schedule(work, [&receive, i]() { receive(i + 1); });
        };
        if (queue)
        {
            q->Get(ClanDistributedQueue::GetCallback(check));
        }
        else
        {
            channel->Receive(ClanMessageChannel::ReceiveCallback(check));
        }
    };
    Simulator::Schedule(MicroSeconds(200), [&send]() { send(0); });
    Simulator::Schedule(MicroSeconds(300), [&receive]() { receive(0); });
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    o.txWakeups = s.nics[0]->GetTripwireState()->GetNWakeups() - txWake0;
    o.rxWakeups = s.nics[1]->GetTripwireState()->GetNWakeups() - rxWake0;
    o.rxInterrupts = s.nics[1]->GetNTripwireInterrupts() - rxIrq0;
    if (queue)
    {
        o.full = q->GetNFull();
        q->Dispose();
    }
    else
    {
        channel->Dispose();
    }
    Simulator::Destroy();
    return o;
}

/// Example 1 or 2 for one pair of wait modes.
class ClanProtocolModesTestCase : public TestCase
{
  public:
    /// \param queue Example 2 (else 1) \param txMode sender \param rxMode receiver
    ClanProtocolModesTestCase(bool queue,
                              ClanContext::WaitMode txMode,
                              ClanContext::WaitMode rxMode)
        : TestCase(std::string(queue ? "Distributed queue" : "Message channel") + ", sender " +
                   ModeName(txMode) + ", receiver " + ModeName(rxMode)),
          m_queue(queue),
          m_tx(txMode),
          m_rx(rxMode)
    {
    }

  private:
    void DoRun() override
    {
        const ProtocolOutcome o = RunProtocol(m_queue, m_tx, m_rx);
        NS_TEST_EXPECT_MSG_EQ(o.received, N, "every message arrived");
        NS_TEST_EXPECT_MSG_EQ(o.wrong, 0u, "intact and in order");
        // A Tripwire is set only where an end waits on one (an enabled Tripwire interrupts its
        // host on every firing): a spinning receiver's NIC takes no Tripwire interrupts.
        if (m_rx == ClanContext::SPIN)
        {
            NS_TEST_EXPECT_MSG_EQ(o.rxInterrupts, 0u, "a spinning receiver: no Tripwire");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(o.rxInterrupts, 0u, "the receiver's Tripwire interrupts");
        }
        if (m_queue)
        {
            NS_TEST_EXPECT_MSG_GT(o.full, 0u, "the queue filled");
        }
        // The receiver waits for the sender (it starts later but takes one message at a time;
        // the messages after a long piece of work are waiting, the others are not).
        CheckWakeups(m_rx, o.rxWakeups, "receiver");
        CheckWakeups(m_tx, o.txWakeups, "sender");
    }

    /// \param mode a side's mode \param wakeups its wake-ups \param who which side
    void CheckWakeups(ClanContext::WaitMode mode, uint64_t wakeups, const std::string& who)
    {
        if (mode == ClanContext::SPIN)
        {
            NS_TEST_EXPECT_MSG_EQ(wakeups, 0u, who << " spins: never woken by an interrupt");
        }
        else if (mode == ClanContext::TRIPWIRE)
        {
            NS_TEST_EXPECT_MSG_GT(wakeups, 0u, who << " blocks: woken by the interrupt routine");
        }
        // SPIN_THEN_TRIPWIRE: blocks only when a wait outlasts PollBeforeBlock; either is right.
    }

    bool m_queue;               //!< Example 2
    ClanContext::WaitMode m_tx; //!< sender's mode
    ClanContext::WaitMode m_rx; //!< receiver's mode
};

/// Request round trips to the event-based server.
struct ServerOutcome
{
    double rttUs{0};        //!< mean round trip
    uint64_t served{0};     //!< requests answered
    uint32_t replies{0};    //!< replies the client saw
    double sleepsPerReq{0}; //!< server sleeps per request
};

/**
 * \param gap the client's pause between a reply and its next request
 * \param requests how many (on 4 connections in turn) \return what it saw
 */
ServerOutcome
ServeRequests(Time gap, uint32_t requests)
{
    ClanScenario s(ClanScenario::Configure(2));
    Ptr<ClanRequestService> service = CreateObject<ClanRequestService>();
    service->Setup(s.ctx[0], s.ctx[1], 4);
    ServerOutcome o;
    Time total;
    uint64_t sleeps0 = 0;
    std::function<void(uint32_t)> one = [&](uint32_t n) {
        if (n == 0)
        {
            sleeps0 = service->GetServer()->GetNSleeps();
        }
        const uint32_t c = n % 4;
        const uint32_t seq = n / 4 + 1;
        const Time sent = Simulator::Now();
        service->Send(c, seq, Callback<void>());
        service->AwaitReply(c, seq, Callback<void>([&, n, sent]() {
                                total += Simulator::Now() - sent;
                                ++o.replies;
                                if (n + 1 < requests)
                                {
                                    Simulator::Schedule(gap, [&one, n]() { one(n + 1); });
                                }
                            }));
    };
    Simulator::Schedule(MicroSeconds(500), [&one]() { one(0); });
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    o.served = service->GetNServed();
    o.rttUs = o.replies ? total.GetSeconds() * 1e6 / o.replies : 0;
    o.sleepsPerReq = double(service->GetServer()->GetNSleeps() - sleeps0) / requests;
    service->Dispose();
    Simulator::Destroy();
    return o;
}

/**
 * Section 5.3: the server answers every request; a busy server (requests back to back: it is
 * still polling its event queue) answers faster than an idle one (it has gone to sleep and
 * must be woken by the Tripwire interrupt).
 */
class ClanServerTestCase : public TestCase
{
  public:
    ClanServerTestCase()
        : TestCase("Event-based server: every request answered, busy faster than idle")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 40;
        const ServerOutcome busy = ServeRequests(Seconds(0), n);
        const ServerOutcome idle = ServeRequests(MicroSeconds(500), n);
        NS_TEST_EXPECT_MSG_EQ(busy.replies, n, "busy: every reply");
        NS_TEST_EXPECT_MSG_EQ(busy.served, n, "busy: every request served");
        NS_TEST_EXPECT_MSG_EQ(idle.replies, n, "idle: every reply");
        NS_TEST_EXPECT_MSG_EQ(idle.served, n, "idle: every request served");
        NS_TEST_EXPECT_MSG_LT(busy.rttUs, idle.rttUs, "busy round trip < idle round trip");
        NS_TEST_EXPECT_MSG_GT(idle.sleepsPerReq, 0.9, "idle: the server sleeps each time");
        NS_TEST_EXPECT_MSG_LT(busy.sleepsPerReq, idle.sleepsPerReq, "busy: it sleeps less");
    }
};

/**
 * The protocols' two-ended Setup is start-up wiring: once simulated time has begun it stops
 * with a message that names it (during a run, ends are set up over the fabric).
 */
class ClanSetupAtStartUpTestCase : public TestCase
{
  public:
    ClanSetupAtStartUpTestCase()
        : TestCase("Two-ended Setup only before the run")
    {
    }

  private:
    void DoRun() override
    {
        for (bool queue : {false, true})
        {
            const std::string name =
                queue ? "ClanDistributedQueue::Setup" : "ClanMessageChannel::Setup";
            const bool aborted = santest::AbortsWith(
                [queue]() {
                    ClanScenario s(ClanScenario::Configure(2));
                    Simulator::Schedule(MicroSeconds(1), [&s, queue]() {
                        if (queue)
                        {
                            CreateObject<ClanDistributedQueue>()->Setup(s.ctx[0],
                                                                        s.ctx[1],
                                                                        64,
                                                                        4,
                                                                        ClanContext::SPIN,
                                                                        ClanContext::SPIN);
                        }
                        else
                        {
                            CreateObject<ClanMessageChannel>()->Setup(s.ctx[0],
                                                                      s.ctx[1],
                                                                      64,
                                                                      ClanContext::SPIN,
                                                                      ClanContext::SPIN);
                        }
                    });
                    Simulator::Run();
                },
                name + ": both ends wired at once is start-up configuration");
            NS_TEST_EXPECT_MSG_EQ(aborted, true, name << " during the run");
            // Before the run it builds (as every protocol test here does).
            ClanScenario s(ClanScenario::Configure(2));
            CreateObject<ClanMessageChannel>()->Setup(s.ctx[0],
                                                      s.ctx[1],
                                                      64,
                                                      ClanContext::SPIN,
                                                      ClanContext::SPIN);
            Simulator::Destroy();
        }
    }
};

} // namespace

/// CLAN's protocols.
class SanClanProtocolTestSuite : public TestSuite
{
  public:
    SanClanProtocolTestSuite()
        : TestSuite("san-clan-protocol", UNIT)
    {
        const ClanContext::WaitMode modes[] = {ClanContext::SPIN,
                                               ClanContext::TRIPWIRE,
                                               ClanContext::SPIN_THEN_TRIPWIRE};
        for (bool queue : {false, true})
        {
            for (auto tx : modes)
            {
                for (auto rx : modes)
                {
                    AddTestCase(new ClanProtocolModesTestCase(queue, tx, rx), TestCase::QUICK);
                }
            }
        }
        AddTestCase(new ClanServerTestCase, TestCase::QUICK);
        AddTestCase(new ClanSetupAtStartUpTestCase, TestCase::QUICK);
    }
};

static SanClanProtocolTestSuite g_sanClanProtocolTestSuite; //!< registers the suite
