/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-shrimp-nx": the NX/2 library over SHRIMP's VMMC (model/vmmc/nx/, SHRIMP 1996
 * section 4.1).
 *
 *  - data: byte-exact delivery in every variant (AU, DU-1copy, DU-2copy) and size, across the
 *    one-copy/zero-copy threshold, with odd sizes and nothing written past the message;
 *  - credits: a credit names the packet buffer that was freed (consumed out of order);
 *  - full buffers: the sender interrupts an idle receiver, whose handler moves the messages
 *    into library memory and returns credits; the blocked send proceeds only after them;
 *    a receiver polling inside the library serves the request itself;
 *  - tags: out-of-order consumption by tag, send order among equal tags;
 *  - zero copy: the reply stops the background copy (data sent from user memory); a late
 *    receiver lets the send return early, and the safe copy is what arrives;
 *  - bad input is refused with a clear message.
 */

#include "san-test-util.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/nx-group.h"
#include "ns3/nx-process.h"
#include "ns3/shrimp-nx-experiments.h"
#include "ns3/shrimp-paper-experiments.h"
#include "ns3/shrimp-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <memory>
#include <vector>

using namespace ns3;

namespace
{

/// Two NX processes on opposite corners of the 2x2 prototype.
struct NxPair
{
    ShrimpScenario scenario{ShrimpScenario::Configure(2, 2)};
    Ptr<NxGroup> group{CreateObject<NxGroup>()};
    Ptr<NxProcess> a;
    Ptr<NxProcess> b;
    bool ready{false};

    void Build()
    {
        group->Create({scenario.CreateEndpoint(0), scenario.CreateEndpoint(3)});
        a = group->Get(0);
        b = group->Get(1);
        group->Initialize(Callback<void>([this]() { ready = true; }));
    }

    ~NxPair()
    {
        a = nullptr;
        b = nullptr;
        group->Dispose();
    }
};

std::vector<uint8_t>
NxPattern(uint32_t len, uint32_t seed)
{
    std::vector<uint8_t> v(len);
    for (uint32_t i = 0; i < len; ++i)
    {
        v[i] = static_cast<uint8_t>(seed * 13 + i * 7 + (i >> 8) + 1);
    }
    return v;
}

uint64_t
PutPattern(Ptr<NxProcess> p, uint32_t len, uint32_t seed)
{
    const uint64_t addr = p->GetEndpoint()->Allocate(std::max<uint32_t>(len, 4));
    std::vector<uint8_t> v = NxPattern(len, seed);
    if (len > 0)
    {
        p->GetEndpoint()->GetMemory()->Write(addr, v.data(), len);
    }
    return addr;
}

std::vector<uint8_t>
ReadBytes(Ptr<NxProcess> p, uint64_t addr, uint32_t len)
{
    std::vector<uint8_t> v(len);
    if (len > 0)
    {
        p->GetEndpoint()->GetMemory()->Read(addr, v.data(), len);
    }
    return v;
}

} // namespace

/// Byte-exact delivery for one variant over many sizes, one-copy and zero-copy.
class NxDataTestCase : public TestCase
{
  public:
    NxDataTestCase(NxProcess::Variant v)
        : TestCase("data arrives byte-exact, " + ShrimpNxExperiments::VariantName(v)),
          m_variant(v)
    {
    }

  private:
    void DoRun() override
    {
        NxPair pair;
        pair.group->SetProcessAttribute("Variant", EnumValue(m_variant));
        pair.Build();
        // Around the word size, the packet buffer's capacity (2032) and the zero-copy
        // threshold, with sizes that are not whole words.
        const std::vector<uint32_t> sizes =
            {0, 1, 3, 4, 5, 17, 64, 255, 1000, 2031, 2032, 2033, 2035, 4096, 5001, 10240};
        const uint32_t slack = 8;
        std::vector<uint64_t> src;
        std::vector<uint64_t> dst;
        for (uint32_t i = 0; i < sizes.size(); ++i)
        {
            src.push_back(PutPattern(pair.a, sizes[i], i));
            // Receive buffers whole pages, pre-filled with a marker to see stray writes.
            const uint32_t room = sizes[i] + slack;
            const uint64_t d = pair.b->GetEndpoint()->Allocate(room);
            std::vector<uint8_t> marker(room, 0xee);
            pair.b->GetEndpoint()->GetMemory()->Write(d, marker.data(), room);
            dst.push_back(d);
        }
        std::vector<uint32_t> got(sizes.size(), 0xffffffff);
        std::vector<uint32_t> tags(sizes.size(), 0);
        Simulator::Schedule(MilliSeconds(20), [&]() {
            NS_TEST_ASSERT_MSG_EQ(pair.ready, true, "the group is not initialized");
            for (uint32_t i = 0; i < sizes.size(); ++i)
            {
                pair.a->Send(1, 100 + i, src[i], sizes[i], Callback<void>());
                pair.b->Receive(
                    0,
                    100 + i,
                    dst[i],
                    sizes[i] + slack,
                    NxProcess::ReceiveCallback([&, i](uint32_t n, uint32_t s, uint32_t t) {
                        got[i] = n;
                        tags[i] = t;
                        NS_TEST_EXPECT_MSG_EQ(s, 0, "wrong source");
                    }));
            }
            // Sends that returned early complete at the library's next entry.
            pair.a->Flush(Callback<void>());
        });
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        for (uint32_t i = 0; i < sizes.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(got[i], sizes[i], "size of message " << i);
            NS_TEST_EXPECT_MSG_EQ(tags[i], 100 + i, "tag of message " << i);
            const std::vector<uint8_t> in = ReadBytes(pair.b, dst[i], sizes[i] + slack);
            const std::vector<uint8_t> want = NxPattern(sizes[i], i);
            NS_TEST_EXPECT_MSG_EQ((std::vector<uint8_t>(in.begin(), in.begin() + sizes[i]) == want),
                                  true,
                                  "bytes of the " << sizes[i] << "-byte message");
            for (uint32_t k = sizes[i]; k < sizes[i] + slack; ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(uint32_t(in[k]),
                                      0xeeu,
                                      "byte " << k << " past a " << sizes[i]
                                              << "-byte message was written");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(pair.a->GetNZeroCopySends(), 5, "zero-copy sends (> 2032 bytes)");
        Simulator::Destroy();
    }

    NxProcess::Variant m_variant;
};

/**
 * AnnounceReady: four processes learn by messages that every peer is connected, each starts on
 * its own (not before the launcher would have seen every pair connected), and each, as soon as
 * it starts, sends every peer a message that arrives intact, though the peer may start later.
 */
class NxAnnounceReadyTestCase : public TestCase
{
  public:
    NxAnnounceReadyTestCase()
        : TestCase("AnnounceReady: each process starts on its own; sends at once arrive intact")
    {
    }

  private:
    /// \param announce AnnounceReady \param[out] started each rank's start (launcher: the
    /// group's) \return messages that arrived intact
    uint32_t Run(bool announce, std::vector<Time>& started)
    {
        ShrimpScenario scenario{ShrimpScenario::Configure(2, 2)};
        Ptr<NxGroup> group = CreateObject<NxGroup>();
        group->SetAttribute("AnnounceReady", BooleanValue(announce));
        const uint32_t n = 4;
        std::vector<Ptr<VmmcEndpoint>> eps;
        for (uint32_t h = 0; h < n; ++h)
        {
            eps.push_back(scenario.CreateEndpoint(h));
        }
        group->Create(eps);
        const uint32_t bytes = 1000; // within a packet buffer: buffered at the receiver
        std::vector<uint64_t> src(n);
        std::vector<std::vector<uint64_t>> dst(n, std::vector<uint64_t>(n));
        for (uint32_t i = 0; i < n; ++i)
        {
            src[i] = PutPattern(group->Get(i), bytes, i);
            for (uint32_t j = 0; j < n; ++j)
            {
                dst[i][j] = group->Get(i)->GetEndpoint()->Allocate(bytes);
            }
        }
        started.assign(n, Time(0));
        uint32_t intact = 0;
        group->Initialize(Callback<void>());
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(group->IsReady(i), false, "rank " << i << " before the run");
            group->WhenReady(
                i,
                Callback<void>([&, i]() {
                    started[i] = Simulator::Now();
                    Ptr<NxProcess> p = group->Get(i);
                    // Buffered sends first (a receive is a blocking call), then receives.
                    for (uint32_t j = 0; j < n; ++j)
                    {
                        if (j != i)
                        {
                            p->Send(j, 7, src[i], bytes, Callback<void>());
                        }
                    }
                    for (uint32_t j = 0; j < n; ++j)
                    {
                        if (j == i)
                        {
                            continue;
                        }
                        p->Receive(
                            j,
                            7,
                            dst[i][j],
                            bytes,
                            NxProcess::ReceiveCallback([&, i, j](uint32_t got, uint32_t, uint32_t) {
                                if (got == bytes && ReadBytes(group->Get(i), dst[i][j], bytes) ==
                                                        NxPattern(bytes, j))
                                {
                                    ++intact;
                                }
                            }));
                    }
                    p->Flush(Callback<void>());
                }));
        }
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(group->IsReady(i), true, "rank " << i << " started");
        }
        NS_TEST_EXPECT_MSG_EQ(group->IsReady(), true, "the group is ready");
        group->Dispose();
        Simulator::Destroy();
        return intact;
    }

    void DoRun() override
    {
        std::vector<Time> launcher;
        std::vector<Time> announced;
        NS_TEST_EXPECT_MSG_EQ(Run(false, launcher), 12u, "launcher: every message intact");
        NS_TEST_EXPECT_MSG_EQ(Run(true, announced), 12u, "announced: every message intact");
        bool apart = false;
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_GT(launcher[i], Time(0), "launcher: rank " << i << " started");
            // A process hears ready from its last peer after that peer's last import, which is
            // when the launcher sees every pair connected.
            NS_TEST_EXPECT_MSG_GT(announced[i], launcher[i], "rank " << i << " after the launcher");
            apart = apart || announced[i] != announced[0];
        }
        NS_TEST_EXPECT_MSG_EQ(apart, true, "the processes start each on its own");
    }
};

/// A credit names the packet buffer that was freed, even out of order.
class NxCreditTestCase : public TestCase
{
  public:
    NxCreditTestCase()
        : TestCase("a credit names the freed packet buffer")
    {
    }

  private:
    void DoRun() override
    {
        NxPair pair;
        pair.group->SetProcessAttribute("PacketBuffers", UintegerValue(3));
        pair.Build();
        std::vector<std::pair<uint32_t, uint32_t>> returned;
        std::vector<std::pair<uint32_t, uint32_t>> received;
        pair.b->TraceConnectWithoutContext(
            "CreditReturned",
            MakeCallback(+[](std::vector<std::pair<uint32_t, uint32_t>>* v,
                             uint32_t peer,
                             uint32_t b) {
                v->emplace_back(peer, b);
            }).Bind(&returned));
        pair.a->TraceConnectWithoutContext(
            "CreditReceived",
            MakeCallback(+[](std::vector<std::pair<uint32_t, uint32_t>>* v,
                             uint32_t peer,
                             uint32_t b) {
                v->emplace_back(peer, b);
            }).Bind(&received));
        const uint64_t s1 = PutPattern(pair.a, 40, 1);
        const uint64_t s2 = PutPattern(pair.a, 40, 2);
        const uint64_t s3 = PutPattern(pair.a, 40, 3);
        const uint64_t s4 = PutPattern(pair.a, 40, 4);
        const uint64_t r = pair.b->GetEndpoint()->Allocate(64);
        uint32_t firstTag = 0;
        Simulator::Schedule(MilliSeconds(20), [&]() {
            // Three messages fill buffers 0, 1, 2; the receiver takes the middle one first.
            pair.a->Send(1, 1, s1, 40, Callback<void>());
            pair.a->Send(1, 2, s2, 40, Callback<void>());
            pair.a->Send(1, 3, s3, 40, Callback<void>());
        });
        Simulator::Schedule(MilliSeconds(21), [&]() {
            pair.b->Receive(0,
                            2,
                            r,
                            64,
                            NxProcess::ReceiveCallback([&](uint32_t, uint32_t, uint32_t t) {
                                firstTag = t;
                                // Once the credit is back, the fourth message must go into
                                // the freed buffer 1.
                                Simulator::Schedule(MicroSeconds(100), [&]() {
                                    pair.a->Send(1, 4, s4, 40, Callback<void>());
                                });
                            }));
        });
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(firstTag, 2, "the receive took the wrong message");
        NS_TEST_ASSERT_MSG_EQ(returned.size(), 1, "credits returned");
        NS_TEST_EXPECT_MSG_EQ(returned[0].first, 0, "credit's sender");
        NS_TEST_EXPECT_MSG_EQ(returned[0].second, 1, "the credit names buffer 1 (tag 2's)");
        NS_TEST_ASSERT_MSG_EQ(received.size(), 1, "credits seen by the sender");
        NS_TEST_EXPECT_MSG_EQ(received[0].second, 1, "the sender freed buffer 1");
        NS_TEST_EXPECT_MSG_EQ(pair.a->GetNBufferRequestsSent(), 0, "no request was needed");
        // The fourth message sits in buffer 1 of the receiver's chunk: its descriptor's tag.
        NS_TEST_EXPECT_MSG_EQ(pair.b->GetNMessagesOverflowed(), 0, "nothing overflowed");
        std::vector<uint32_t> tags;
        uint64_t rr = pair.b->GetEndpoint()->Allocate(64);
        for (uint32_t i = 0; i < 3; ++i)
        {
            pair.b->Receive(0,
                            NxProcess::ANY,
                            rr,
                            64,
                            NxProcess::ReceiveCallback(
                                [&](uint32_t, uint32_t, uint32_t t) { tags.push_back(t); }));
        }
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(tags.size(), 3, "remaining messages");
        NS_TEST_EXPECT_MSG_EQ(tags[0], 1, "send order among ANY-tag receives");
        NS_TEST_EXPECT_MSG_EQ(tags[1], 3, "send order among ANY-tag receives");
        NS_TEST_EXPECT_MSG_EQ(tags[2], 4, "send order among ANY-tag receives");
        NS_TEST_EXPECT_MSG_EQ((ReadBytes(pair.b, rr, 40) == NxPattern(40, 4)), true, "last bytes");
        Simulator::Destroy();
    }
};

/// Full buffers: the idle receiver is interrupted, the blocked send waits for credits.
class NxFullBuffersTestCase : public TestCase
{
  public:
    NxFullBuffersTestCase(bool receiverPolling)
        : TestCase(receiverPolling ? "full buffers, receiver polling in the library"
                                   : "full buffers interrupt an idle receiver"),
          m_polling(receiverPolling)
    {
    }

  private:
    void DoRun() override
    {
        NxPair pair;
        pair.group->SetProcessAttribute("PacketBuffers", UintegerValue(2));
        pair.Build();
        const uint32_t n = 5;
        std::vector<uint64_t> src;
        for (uint32_t i = 0; i < n; ++i)
        {
            src.push_back(PutPattern(pair.a, 100, i));
        }
        std::vector<Time> sent(n);
        Time firstCredit;
        pair.a->TraceConnectWithoutContext("CreditReceived",
                                           MakeCallback(+[](Time* t, uint32_t, uint32_t) {
                                               if (t->IsZero())
                                               {
                                                   *t = Simulator::Now();
                                               }
                                           }).Bind(&firstCredit));
        const uint64_t last = pair.b->GetEndpoint()->Allocate(4);
        bool lastSeen = false;
        Simulator::Schedule(MilliSeconds(20), [&]() {
            if (m_polling)
            {
                // The receiver waits in the library for a message sent only at the end.
                pair.b->Receive(0,
                                99,
                                last,
                                4,
                                NxProcess::ReceiveCallback(
                                    [&](uint32_t, uint32_t, uint32_t) { lastSeen = true; }));
            }
            for (uint32_t i = 0; i < n; ++i)
            {
                pair.a->Send(1, 7, src[i], 100, Callback<void>([&, i]() {
                                 sent[i] = Simulator::Now();
                             }));
            }
            pair.a->Send(1, 99, src[0], 4, Callback<void>());
        });
        Simulator::Stop(MilliSeconds(25));
        Simulator::Run();
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(sent[i].IsStrictlyPositive(), true, "send " << i << " returned");
        }
        // The third send found both buffers full: it returned only after a credit.
        NS_TEST_EXPECT_MSG_EQ((pair.a->GetNBufferRequestsSent() >= 1), true, "a request was sent");
        NS_TEST_EXPECT_MSG_EQ(firstCredit.IsStrictlyPositive(), true, "a credit came back");
        NS_TEST_EXPECT_MSG_EQ((sent[2] > firstCredit),
                              true,
                              "the blocked send waited for a credit");
        NS_TEST_EXPECT_MSG_EQ((sent[1] < firstCredit), true, "the first sends did not wait");
        NS_TEST_EXPECT_MSG_EQ((pair.b->GetNBufferRequestsServed() >= 1), true, "request served");
        NS_TEST_EXPECT_MSG_EQ((pair.b->GetNMessagesOverflowed() >= 2), true, "messages moved");
        const uint64_t handled = pair.b->GetEndpoint()->GetNNotificationsHandled();
        if (m_polling)
        {
            NS_TEST_EXPECT_MSG_EQ(lastSeen, true, "the polling receive completed");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(handled, 0, "the receiver took the notification");
            // The blocked send waited at least for the signal's delivery (SignalCost).
            NS_TEST_EXPECT_MSG_GT((sent[2] - sent[1]).GetMicroSeconds(),
                                  20,
                                  "the blocked send waited for the handler");
        }
        // Every message arrives, in send order, byte-exact.
        const uint64_t r = pair.b->GetEndpoint()->Allocate(100);
        uint32_t k = 0;
        bool ok = true;
        std::function<void()> next = [&]() {
            if (k == n)
            {
                return;
            }
            pair.b->Receive(0,
                            7,
                            r,
                            100,
                            NxProcess::ReceiveCallback([&](uint32_t b, uint32_t, uint32_t) {
                                ok = ok && b == 100 &&
                                     ReadBytes(pair.b, r, 100) == NxPattern(100, k);
                                ++k;
                                next();
                            }));
        };
        next();
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(k, n, "messages received");
        NS_TEST_EXPECT_MSG_EQ(ok, true, "messages in order and byte-exact");
        Simulator::Destroy();
    }

    bool m_polling;
};

/// Zero copy: the reply stops the background copy, or the copy lets the send return early.
class NxZeroCopyTestCase : public TestCase
{
  public:
    NxZeroCopyTestCase(bool lateReceiver)
        : TestCase(lateReceiver ? "zero copy, early return from the safe copy"
                                : "zero copy, the reply stops the background copy"),
          m_late(lateReceiver)
    {
    }

  private:
    void DoRun() override
    {
        NxPair pair;
        pair.Build();
        const uint32_t size = 8192;
        const uint64_t src = PutPattern(pair.a, size, 5);
        const uint64_t dst = pair.b->GetEndpoint()->Allocate(size);
        Time returned;
        Time receiveStart;
        Time received;
        uint32_t got = 0;
        // A first exchange into the same buffers pays the export and the import (the
        // daemons' set-up), as a program's first large message does.
        uint32_t warm = 0;
        Simulator::Schedule(MilliSeconds(20), [&]() {
            pair.b->Receive(
                0,
                3,
                dst,
                size,
                NxProcess::ReceiveCallback([&](uint32_t n, uint32_t, uint32_t) { warm = n; }));
            pair.a->Send(1, 3, src, size, Callback<void>());
            pair.a->Flush(Callback<void>());
        });
        uint64_t copied0 = 0;
        uint64_t early0 = 0;
        uint64_t direct0 = 0;
        const Time t = MilliSeconds(30);
        Simulator::Schedule(t, [&]() {
            copied0 = pair.a->GetBackgroundBytesCopied();
            early0 = pair.a->GetNEarlyReturns();
            direct0 = pair.a->GetNDirectTransfers();
            pair.a->Send(1, 4, src, size, Callback<void>([&]() {
                             returned = Simulator::Now();
                             // The user reuses its buffer at once.
                             std::vector<uint8_t> junk(size, 0x55);
                             pair.a->GetEndpoint()->GetMemory()->Write(src, junk.data(), size);
                         }));
            pair.a->Flush(Callback<void>());
        });
        Simulator::Schedule(m_late ? t + MilliSeconds(2) : t - MicroSeconds(50), [&]() {
            receiveStart = Simulator::Now();
            pair.b->Receive(0,
                            4,
                            dst,
                            size,
                            NxProcess::ReceiveCallback([&](uint32_t n, uint32_t, uint32_t) {
                                got = n;
                                received = Simulator::Now();
                            }));
        });
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(warm, size, "warm-up message received");
        NS_TEST_ASSERT_MSG_EQ(got, size, "received");
        NS_TEST_EXPECT_MSG_EQ(pair.a->GetNZeroCopySends(), 2, "zero-copy sends");
        const uint64_t copied = pair.a->GetBackgroundBytesCopied() - copied0;
        if (m_late)
        {
            NS_TEST_EXPECT_MSG_EQ(pair.a->GetNEarlyReturns() - early0, 1, "early return");
            NS_TEST_EXPECT_MSG_EQ(copied, size, "a whole safe copy");
            NS_TEST_EXPECT_MSG_EQ((returned < receiveStart), true, "returned before the receive");
            NS_TEST_EXPECT_MSG_EQ(pair.a->GetNDirectTransfers() - direct0, 0, "from the safe copy");
            // The user's buffer was overwritten after the return: the safe copy arrived.
            NS_TEST_EXPECT_MSG_EQ((ReadBytes(pair.b, dst, size) == NxPattern(size, 5)),
                                  true,
                                  "the safe copy's bytes");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(pair.a->GetNEarlyReturns() - early0, 0, "no early return");
            NS_TEST_EXPECT_MSG_EQ(pair.a->GetNDirectTransfers() - direct0, 1, "from user memory");
            NS_TEST_EXPECT_MSG_LT(copied, size / 2, "the reply stopped the copy early");
            NS_TEST_EXPECT_MSG_GT((returned - t).GetMicroSeconds(),
                                  int64_t(size / 40),
                                  "the send returned after the data left (over 40 MB/s?)");
            NS_TEST_EXPECT_MSG_EQ((ReadBytes(pair.b, dst, size) == NxPattern(size, 5)),
                                  true,
                                  "the bytes");
        }
        Simulator::Destroy();
    }

    bool m_late;
};

/// Out-of-order consumption by tag.
class NxTagOrderTestCase : public TestCase
{
  public:
    NxTagOrderTestCase()
        : TestCase("out-of-order consumption by tag")
    {
    }

  private:
    void DoRun() override
    {
        NxPair pair;
        pair.Build();
        std::vector<uint64_t> src;
        for (uint32_t i = 0; i < 4; ++i)
        {
            src.push_back(PutPattern(pair.a, 20 + i, i));
        }
        std::vector<std::pair<uint32_t, uint32_t>> got; // (tag, bytes)
        std::vector<bool> exact;
        const uint64_t r = pair.b->GetEndpoint()->Allocate(64);
        // Tags 1, 2, 5, 5; received as 5, 2, 1, 5.
        const uint32_t sendTags[4] = {1, 2, 5, 5};
        const uint32_t recvTags[4] = {5, 2, 1, 5};
        const uint32_t expect[4] = {2, 1, 0, 3}; // which message each receive gets
        Simulator::Schedule(MilliSeconds(20), [&]() {
            for (uint32_t i = 0; i < 4; ++i)
            {
                pair.a->Send(1, sendTags[i], src[i], 20 + i, Callback<void>());
            }
        });
        Simulator::Schedule(MilliSeconds(21), [&]() {
            for (uint32_t i = 0; i < 4; ++i)
            {
                pair.b->Receive(
                    0,
                    recvTags[i],
                    r,
                    64,
                    NxProcess::ReceiveCallback([&, i](uint32_t n, uint32_t, uint32_t t) {
                        got.emplace_back(t, n);
                        exact.push_back(ReadBytes(pair.b, r, n) ==
                                        NxPattern(20 + expect[i], expect[i]));
                    }));
            }
        });
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(got.size(), 4, "receives");
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(got[i].first, recvTags[i], "tag of receive " << i);
            NS_TEST_EXPECT_MSG_EQ(got[i].second, 20 + expect[i], "size of receive " << i);
            NS_TEST_EXPECT_MSG_EQ(exact[i], true, "bytes of receive " << i);
        }
        Simulator::Destroy();
    }
};

/// Bad input is refused with a clear message.
class NxBadInputTestCase : public TestCase
{
  public:
    NxBadInputTestCase()
        : TestCase("bad input is refused clearly")
    {
    }

  private:
    void DoRun() override
    {
        std::string msg;
        NS_TEST_EXPECT_MSG_EQ(santest::DiesWithMessage(
                                  []() {
                                      NxPair pair;
                                      pair.Build();
                                      pair.a->Send(0, 1, 0, 0, Callback<void>());
                                  },
                                  "cannot send to 0",
                                  msg),
                              true,
                              "send to self: " << msg);
        NS_TEST_EXPECT_MSG_EQ(santest::DiesWithMessage(
                                  []() {
                                      NxPair pair;
                                      pair.group->SetProcessAttribute("ZeroCopyThreshold",
                                                                      UintegerValue(4000));
                                      pair.Build();
                                  },
                                  "does not fit a packet buffer",
                                  msg),
                              true,
                              "threshold too large: " << msg);
        Simulator::Destroy();
    }
};

/// Measurements: printed, with the relations they must keep.
class NxMeasurementTestCase : public TestCase
{
  public:
    NxMeasurementTestCase()
        : TestCase("ping-pong measurements keep their relations")
    {
    }

  private:
    void DoRun() override
    {
        const double au = ShrimpNxExperiments::NxPingPong(NxProcess::AU, 4).oneWayUs;
        const double du1 = ShrimpNxExperiments::NxPingPong(NxProcess::DU_1COPY, 4).oneWayUs;
        const double du2 = ShrimpNxExperiments::NxPingPong(NxProcess::DU_2COPY, 4).oneWayUs;
        const double overhead = ShrimpNxExperiments::NxSmallOverheadUs(4);
        std::cout << "NX one-way 4 B: AU " << au << " us, DU-1copy " << du1 << " us, DU-2copy "
                  << du2 << " us; NX small overhead " << overhead << " us (paper: just over 6)"
                  << std::endl;
        // Section 4.1: AU beats DU for small messages, and one DU beats two.
        NS_TEST_EXPECT_MSG_LT(au, du2, "AU is faster than DU-2copy for small messages");
        NS_TEST_EXPECT_MSG_LT(du2, du1, "one DU (2copy) beats two (1copy) for small messages");
        NS_TEST_EXPECT_MSG_GT(overhead, 0, "NX costs more than the raw VMMC layer");
        // Large messages: zero copy approaches the hardware (bandwidth grows with size).
        const double bw4k = ShrimpNxExperiments::NxPingPong(NxProcess::AU, 4096).mbps;
        const double bw16k = ShrimpNxExperiments::NxPingPong(NxProcess::AU, 16384).mbps;
        std::cout << "NX bandwidth AU: 4 KB " << bw4k << " MB/s, 16 KB " << bw16k << " MB/s"
                  << std::endl;
        NS_TEST_EXPECT_MSG_GT(bw16k, bw4k, "bandwidth grows with size");
    }
};

/// The whole table (EXTENSIVE): Figure 4's curves, the overhead, beyond-paper runs.
class NxReportTestCase : public TestCase
{
  public:
    NxReportTestCase()
        : TestCase("report of every measurement")
    {
    }

  private:
    void DoRun() override
    {
        const NxProcess::Variant vs[3] = {NxProcess::AU, NxProcess::DU_1COPY, NxProcess::DU_2COPY};
        std::cout << "size";
        for (auto v : vs)
        {
            std::cout << "\t" << ShrimpNxExperiments::VariantName(v) << "_us\t"
                      << ShrimpNxExperiments::VariantName(v) << "_MBps";
        }
        std::cout << std::endl;
        for (uint32_t size :
             {4u, 16u, 64u, 128u, 256u, 512u, 1024u, 2032u, 2048u, 4096u, 8192u, 10240u, 16384u})
        {
            std::cout << size;
            for (auto v : vs)
            {
                const ShrimpNxExperiments::PingPong r = ShrimpNxExperiments::NxPingPong(v, size);
                std::cout << "\t" << r.oneWayUs << "\t" << r.mbps;
            }
            std::cout << std::endl;
        }
        // The VMMC layer's own ping-pongs (Figure 3) at the same sizes, for reference.
        std::cout << "size\tVMMC_AU-1copy_us\tVMMC_AU-2copy_us\tVMMC_DU-0copy_us\tVMMC_DU-1copy_us"
                  << std::endl;
        for (uint32_t size : {4u, 64u, 256u, 1024u, 2048u, 8192u})
        {
            std::cout << size;
            for (auto v : {ShrimpPaperExperiments::AU_1COPY,
                           ShrimpPaperExperiments::AU_2COPY,
                           ShrimpPaperExperiments::DU_0COPY,
                           ShrimpPaperExperiments::DU_1COPY})
            {
                std::cout << "\t" << ShrimpPaperExperiments::VmmcPingPong(v, size).oneWayUs;
            }
            std::cout << std::endl;
        }
        for (uint32_t size : {4u, 64u, 256u})
        {
            std::cout << "nx_small_overhead_us(" << size
                      << ") = " << ShrimpNxExperiments::NxSmallOverheadUs(size) << std::endl;
        }
        for (uint32_t size : {0u, 4u, 64u, 256u, 1024u, 4096u})
        {
            std::cout << "shrimp_rpc_null_rtt_us(" << size
                      << ") = " << ShrimpNxExperiments::ShrimpRpcNullRttUs(size) << std::endl;
        }
        for (uint32_t side : {4u, 16u})
        {
            const ShrimpNxExperiments::AllToAll r =
                ShrimpNxExperiments::NxAllToAll(side, side, 64, 1);
            std::cout << "all-to-all " << side << "x" << side << " 64 B: " << r.messages
                      << " messages, " << r.totalUs << " us, " << r.aggregateMBps << " MB/s"
                      << std::endl;
            NS_TEST_EXPECT_MSG_EQ(r.messages, uint64_t(r.hosts) * (r.hosts - 1), "all delivered");
        }
        for (uint32_t side : {4u, 16u})
        {
            const ShrimpNxExperiments::Contention c =
                ShrimpNxExperiments::NxPingPongUnderContention(side, side, 4, 1008, 5);
            std::cout << "ping-pong under contention " << side << "x" << side << ": idle "
                      << c.idleOneWayUs << " us, loaded " << c.loadedOneWayUs << " us ("
                      << c.loadRounds << " load rounds)" << std::endl;
        }
    }
};

/// The suite.
class SanShrimpNxTestSuite : public TestSuite
{
  public:
    SanShrimpNxTestSuite()
        : TestSuite("san-shrimp-nx", UNIT)
    {
        AddTestCase(new NxDataTestCase(NxProcess::AU), TestCase::QUICK);
        AddTestCase(new NxDataTestCase(NxProcess::DU_1COPY), TestCase::QUICK);
        AddTestCase(new NxDataTestCase(NxProcess::DU_2COPY), TestCase::QUICK);
        AddTestCase(new NxAnnounceReadyTestCase(), TestCase::QUICK);
        AddTestCase(new NxCreditTestCase(), TestCase::QUICK);
        AddTestCase(new NxFullBuffersTestCase(false), TestCase::QUICK);
        AddTestCase(new NxFullBuffersTestCase(true), TestCase::QUICK);
        AddTestCase(new NxZeroCopyTestCase(false), TestCase::QUICK);
        AddTestCase(new NxZeroCopyTestCase(true), TestCase::QUICK);
        AddTestCase(new NxTagOrderTestCase(), TestCase::QUICK);
        AddTestCase(new NxBadInputTestCase(), TestCase::QUICK);
        AddTestCase(new NxMeasurementTestCase(), TestCase::QUICK);
        AddTestCase(new NxReportTestCase(), TestCase::EXTENSIVE);
    }
};

static SanShrimpNxTestSuite g_sanShrimpNxTestSuite; //!< the suite's instance
