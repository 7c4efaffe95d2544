/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-hamlyn-context": Hamlyn and Rats behaviour through the per-process context
 * (HamlynContext) and its notification queue:
 *
 *  - tagged writes from one sender, reordered (packets captured at the receiving port and
 *    handed to HamlynNetDevice::Receive shuffled): every notification carries its own tag,
 *    through RatsTaggedWriteServer::GetTag and through HamlynContext::PopNotification;
 *  - revocation in the middle of a multi-packet DMA message (HamlynContext::RevokeSlot,
 *    HamlynNetDevice::RevokeSlot, HamlynContext::ReleaseMessageArea) at every moment of the
 *    message: after the call returns no byte of host memory changes, each packet lands whole
 *    or is dropped (REVOKED, or UNKNOWN_SLOT / UNKNOWN_AREA), every packet is counted;
 *  - notification queue overflow: entries written = ring capacity = GetNNotifications, the
 *    rest counted by GetNNotificationsLost, the "Notification" trace only for written ones;
 *  - "sent" from the completion word: the context's completion callback sees the handle read
 *    from host memory, and the device writes the word only for requests that ask;
 *  - Config::Set after HamlynHelper::Install: PacketSize changes how a message is cut,
 *    SendBuffers its overlap (the same times as set before Install), and CompletionWordBytes
 *    works for termini created at Install (Rats).
 */

#include "protection-fuzz/san-protection-fuzzer.h"
#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/hamlyn-context.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-helper.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-notification.h"
#include "ns3/hamlyn-scenario.h"
#include "ns3/network-module.h"
#include "ns3/rats-hardware-interface.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-send-handle.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/san-scenario.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \param hosts hosts \param rats with Rats \param packetSize PacketSize (0: default)
/// \return a crossbar spec with fabric defaults
HamlynScenario::Spec
ContextCrossbar(uint32_t hosts, bool rats = false, uint32_t packetSize = 0)
{
    HamlynScenario::Spec spec;
    spec.hosts = hosts;
    spec.rats = rats;
    spec.packetSize = packetSize;
    spec.paperCables = false;
    return spec;
}

/// \param n bytes \param seed first value \return a recognisable pattern
std::vector<uint8_t>
HamlynPattern(uint32_t n, uint8_t seed)
{
    std::vector<uint8_t> v(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        v[i] = static_cast<uint8_t>(seed + 7 * i + 1);
    }
    return v;
}

/// \param v a 4-byte big-endian word \return its value
uint32_t
Word(const std::vector<uint8_t>& v)
{
    NS_ABORT_MSG_IF(v.size() < 4, "test: no word");
    return (uint32_t(v[0]) << 24) | (uint32_t(v[1]) << 16) | (uint32_t(v[2]) << 8) | v[3];
}

/// A permutation that puts every packet somewhere else (and the last first).
std::vector<uint32_t>
Shuffled(uint32_t n)
{
    std::vector<uint32_t> order(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        order[i] = (i * 5 + n - 1) % n; // 5 is coprime with the sizes used here
    }
    return order;
}

} // namespace

/**
 * \ingroup san-tests
 * Tagged writes reordered: each notification carries its own tag.
 */
class TaggedWriteReorderTestCase : public TestCase
{
  public:
    TaggedWriteReorderTestCase()
        : TestCase("tagged writes from one sender, reordered: each notification carries its tag")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(ContextCrossbar(2, true));
        Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[1], 4096);
        Ptr<RatsTaggedWriteClient> client =
            Create<RatsTaggedWriteClient>(s.rats[0], srv->MakeSeed());
        // Capture what arrives at the receiving port instead of giving it to the NIC.
        std::vector<Ptr<const Packet>> captured;
        std::vector<uint32_t> from;
        s.nics[1]->GetFabricPort()->SetPacketArrivalCallback(
            SanFabricPort::PacketArrivalCallback([&](Ptr<const Packet> p, uint32_t src) {
                captured.push_back(p);
                from.push_back(src);
            }));
        const uint32_t n = 8;
        std::vector<RatsBuffer> bufs;
        for (uint32_t i = 0; i < n; ++i)
        {
            // Short writes go by direct I/O, long ones by DMA: both single-packet.
            const uint32_t len = i % 2 == 0 ? 16 : 400;
            RatsBuffer b = s.rats[0]->Malloc(len);
            s.rats[0]->Write(b.offset, HamlynPattern(len, static_cast<uint8_t>(i * 16)));
            bufs.push_back(b);
        }
        std::vector<Ptr<RatsSendHandle>> handles;
        for (uint32_t i = 0; i < n; ++i)
        {
            Simulator::Schedule(MicroSeconds(1 + i), [&, i]() {
                handles.push_back(client->Write(bufs[i].offset, bufs[i].length, i * 500, 1000 + i));
            });
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(captured.size(), n, "every write is one packet");
        if (captured.size() != n)
        {
            return;
        }
        // In the order they were sent, packets carry tags 1000, 1001, ...
        for (uint32_t i = 0; i < n; ++i)
        {
            HamlynHeader h;
            captured[i]->PeekHeader(h);
            NS_TEST_EXPECT_MSG_EQ(Word(h.GetOutOfBand()), 1000 + i, "tag on the wire");
        }
        // Hand them to the receive path all at once, shuffled. Packets of different sizes
        // also finish in another order than they start (short ones need no DMA set-up), so the
        // landing order is recorded from the "PacketRx" trace, with each packet's own tag.
        const std::vector<uint32_t> order = Shuffled(n);
        for (uint32_t k = 0; k < n; ++k)
        {
            const uint32_t i = order[k];
            Simulator::Schedule(MicroSeconds(1),
                                &HamlynNetDevice::Receive,
                                s.nics[1],
                                captured[i],
                                from[i]);
        }
        std::vector<uint32_t> landed;
        s.nics[1]->TraceConnectWithoutContext("PacketRx",
                                              Callback<void, const HamlynHeader&, uint32_t>(
                                                  [&landed](const HamlynHeader& h, uint32_t) {
                                                      landed.push_back(Word(h.GetOutOfBand()));
                                                  }));
        std::vector<uint32_t> tags;
        std::vector<uint32_t> nodes;
        std::function<void()> next = [&]() {
            srv->GetTag([&](RatsTaggedWriteServer::Tag t) {
                tags.push_back(t.tag);
                nodes.push_back(t.node);
                if (tags.size() < n)
                {
                    next();
                }
            });
        };
        next();
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(tags.size(), n, "every tag retrieved");
        NS_TEST_ASSERT_MSG_EQ(landed.size(), n, "every write landed");
        if (tags.size() != n || landed.size() != n)
        {
            return;
        }
        std::vector<uint32_t> sent(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            sent[i] = 1000 + i;
        }
        NS_TEST_EXPECT_MSG_EQ((landed != sent), true, "the writes landed out of their order");
        for (uint32_t k = 0; k < n; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(tags[k], landed[k], "notification " << k << ": its write's tag");
            NS_TEST_EXPECT_MSG_EQ(nodes[k], 0u, "the writer's node");
        }
        std::vector<uint32_t> sorted = tags;
        std::sort(sorted.begin(), sorted.end());
        NS_TEST_EXPECT_MSG_EQ((sorted == sent), true, "each tag exactly once");
        RatsBuffer dst = srv->GetBuffer();
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ((s.rats[1]->Read(dst.offset + i * 500, bufs[i].length) ==
                                   HamlynPattern(bufs[i].length, static_cast<uint8_t>(i * 16))),
                                  true,
                                  "write " << i << " in place");
        }
        NS_TEST_EXPECT_MSG_EQ(s.nics[1]->GetNDropped(), 0u, "no drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The same at the context level, with a multi-packet message among single-packet ones.
 */
class ContextOutOfBandReorderTestCase : public TestCase
{
  public:
    ContextOutOfBandReorderTestCase()
        : TestCase("context: notifications popped from host memory carry each message's tag")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(ContextCrossbar(2, false, 64));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        Ptr<HamlynContext> ctx = rx->OpenContext(4);
        const uint32_t area = ctx->CreateMessageArea(8192);
        ctx->DefineSlot(3, area, 0, 8192, 0xabcdef);
        std::vector<Ptr<Packet>> packets;
        auto packet = [&](uint32_t offset,
                          uint16_t notify,
                          uint32_t delta,
                          std::vector<uint8_t> oob,
                          uint32_t len,
                          uint8_t seed) {
            HamlynHeader h;
            h.SetSlot(3);
            h.SetOffset(offset);
            h.SetKey(0xabcdef, 32);
            h.SetNotifyIndex(notify);
            h.SetDelta(delta);
            h.SetSourceNode(0);
            h.SetSourceTerminus(7);
            h.SetOutOfBand(oob);
            std::vector<uint8_t> data = HamlynPattern(len, seed);
            Ptr<Packet> p = Create<Packet>(data.data(), len);
            p->AddHeader(h);
            return p;
        };
        auto tag = [](uint32_t t) {
            return std::vector<uint8_t>{uint8_t(t >> 24),
                                        uint8_t(t >> 16),
                                        uint8_t(t >> 8),
                                        uint8_t(t)};
        };
        // Six single-packet tagged writes on area 0 (delta 0), and a 3-packet message on
        // area 1 whose first packet carries its tag (deltas 1, 1, -2).
        for (uint32_t i = 0; i < 6; ++i)
        {
            packets.push_back(packet(i * 64, 0, 0, tag(500 + i), 64, uint8_t(i)));
        }
        packets.push_back(packet(1024, 1, 1, tag(777), 64, 50));
        packets.push_back(packet(1088, 1, 1, {}, 64, 51));
        packets.push_back(packet(1152, 1, 0xfffffffeu, {}, 64, 52));
        // Delivery order: the 3-packet message's first packet early, its last in the middle,
        // its second last; the single writes reversed.
        const std::vector<uint32_t> order = {6, 5, 4, 8, 3, 2, 1, 0, 7};
        std::vector<uint64_t> traced;
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>(
                [&traced](uint32_t, uint64_t a) { traced.push_back(a); }));
        for (uint32_t i : order)
        {
            Simulator::Schedule(MicroSeconds(1), &HamlynNetDevice::Receive, rx, packets[i], 0u);
        }
        Simulator::Run();
        std::vector<HamlynNotification> entries;
        HamlynNotification e;
        while (ctx->PopNotification(e))
        {
            entries.push_back(e);
        }
        NS_TEST_ASSERT_MSG_EQ(entries.size(), 7u, "six writes and one message");
        if (entries.size() != 7)
        {
            return;
        }
        // Expected: arrivals 5, 4, 3, 2, 1, 0 notify at once; the message after its last
        // packet to arrive (packet 7, delivered last).
        const std::vector<uint32_t> expect = {505, 504, 503, 502, 501, 500, 777};
        for (uint32_t k = 0; k < entries.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(Word(entries[k].outOfBand), expect[k], "entry " << k << " tag");
            NS_TEST_EXPECT_MSG_EQ(entries[k].sequence, k, "sequence");
            NS_TEST_EXPECT_MSG_EQ(entries[k].slot, 3u, "slot");
            NS_TEST_EXPECT_MSG_EQ(entries[k].terminus, 7u, "sender's terminus");
            NS_TEST_EXPECT_MSG_EQ(entries[k].area, (k < 6 ? 0u : 1u), "area");
        }
        NS_TEST_EXPECT_MSG_EQ(traced.size(), 7u, "traced");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Revocation in the middle of a multi-packet DMA message.
 */
class RevokeMidMessageTestCase : public TestCase
{
  public:
    /// How access is taken away.
    enum How
    {
        CONTEXT_REVOKE, //!< HamlynContext::RevokeSlot
        DEVICE_REVOKE,  //!< HamlynNetDevice::RevokeSlot
        RELEASE_AREA,   //!< HamlynContext::ReleaseMessageArea
    };

    /// \param how how
    explicit RevokeMidMessageTestCase(How how)
        : TestCase(std::string("a multi-packet DMA message, ") +
                   (how == CONTEXT_REVOKE  ? "slot revoked through the context"
                    : how == DEVICE_REVOKE ? "slot revoked on the device"
                                           : "area released") +
                   " mid-message: nothing lands afterwards"),
          m_how(how)
    {
    }

  private:
    static constexpr uint32_t PACKET = 256;    //!< PacketSize
    static constexpr uint32_t PACKETS = 16;    //!< packets of the message
    static constexpr uint32_t OFFSET = 1000;   //!< slot offset of the message
    static constexpr uint32_t AREA = 3 * 4096; //!< area bytes

    /// One run's outcome.
    struct Outcome
    {
        uint32_t delivered{0};              //!< packets landed (PacketRx)
        std::map<uint32_t, uint32_t> drops; //!< per reason
        uint32_t notifications{0};          //!< notifications
        uint64_t changedAfter{0};           //!< bytes changed after the call returned
        uint32_t whole{0};                  //!< packets whose bytes are all there
        uint32_t none{0};                   //!< packets of which no byte is there
        Time first;                         //!< first landing
        Time last;                          //!< last landing
        bool canaries{true};                //!< the area outside the message untouched
    };

    /// \param at when to take access away (negative: never) \return the outcome
    Outcome RunOnce(Time at)
    {
        Outcome o;
        HamlynScenario s(ContextCrossbar(2, false, PACKET));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        Ptr<HamlynContext> rctx = rx->OpenContext(1);
        const uint32_t area = rctx->CreateMessageArea(AREA);
        Ptr<HostPinnedRegion> region = rctx->GetMessageArea(area);
        rctx->DefineSlot(5, area, 0, AREA, 0x5151);
        Ptr<HamlynContext> tctx = s.nics[0]->OpenContext(0);
        const uint32_t src = tctx->CreateMessageArea(AREA);
        const std::vector<uint8_t> data = HamlynPattern(PACKET * PACKETS, 3);
        tctx->GetMessageArea(src)->Write(0, data.data(), data.size());
        HamlynSendRequest r;
        r.kind = HamlynSendRequest::DMA;
        r.dstNode = 1;
        r.slot = 5;
        r.key = 0x5151;
        r.offset = OFFSET;
        r.notifyIndex = 0;
        r.area = src;
        r.length = PACKET * PACKETS;
        Ptr<HamlynSendTerminus> t = tctx->GetTerminus();
        Simulator::Schedule(MicroSeconds(1), [t, r]() { t->Post(r); });

        rx->TraceConnectWithoutContext(
            "PacketRx",
            Callback<void, const HamlynHeader&, uint32_t>([&o](const HamlynHeader&, uint32_t) {
                if (o.delivered++ == 0)
                {
                    o.first = Simulator::Now();
                }
                o.last = Simulator::Now();
            }));
        rx->TraceConnectWithoutContext(
            "Drop",
            Callback<void, Ptr<const Packet>, uint32_t, uint32_t>(
                [&o](Ptr<const Packet>, uint32_t reason, uint32_t) { ++o.drops[reason]; }));
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>([&o](uint32_t, uint64_t) { ++o.notifications; }));
        Ptr<HostMemory> memory = s.memories[1];
        const HostMemoryRegion* ring =
            memory->FindRegion(rctx->GetNotificationQueue()->GetNextEntryAddress());
        const uint64_t ringBase = ring->base;
        const uint64_t ringEnd = ring->base + ring->size;
        SanMemoryShadow after;
        if (!at.IsNegative())
        {
            Simulator::Schedule(at, [this, rctx, rx, area, memory, &after]() {
                switch (m_how)
                {
                case CONTEXT_REVOKE:
                    rctx->RevokeSlot(5);
                    break;
                case DEVICE_REVOKE:
                    rx->RevokeSlot(5);
                    break;
                case RELEASE_AREA:
                    rctx->ReleaseMessageArea(area);
                    break;
                }
                after.Take(memory);
            });
        }
        Simulator::Run();
        if (!at.IsNegative())
        {
            after.ForEachDifference(memory,
                                    [&o, ringBase, ringEnd](const SanMemoryShadow::Difference& d) {
                                        if (d.address < ringBase || d.address >= ringEnd)
                                        {
                                            ++o.changedAfter;
                                        }
                                    });
        }
        std::vector<uint8_t> now(AREA);
        region->Read(0, now.data(), AREA);
        for (uint32_t k = 0; k < PACKETS; ++k)
        {
            const auto b = now.begin() + OFFSET + k * PACKET;
            if (std::equal(b, b + PACKET, data.begin() + k * PACKET))
            {
                ++o.whole;
            }
            else if (std::all_of(b, b + PACKET, [](uint8_t x) { return x == 0; }))
            {
                ++o.none;
            }
        }
        o.canaries =
            std::all_of(now.begin(), now.begin() + OFFSET, [](uint8_t x) { return x == 0; }) &&
            std::all_of(now.begin() + OFFSET + PACKET * PACKETS, now.end(), [](uint8_t x) {
                return x == 0;
            });
        Simulator::Destroy();
        return o;
    }

    void DoRun() override
    {
        const Outcome base = RunOnce(Seconds(-1));
        NS_TEST_ASSERT_MSG_EQ(base.delivered, PACKETS, "all packets land without a revocation");
        NS_TEST_ASSERT_MSG_EQ(base.whole, PACKETS, "all of them");
        NS_TEST_ASSERT_MSG_EQ(base.notifications, 1u, "one notification");
        const uint32_t early =
            m_how == RELEASE_AREA ? HamlynNetDevice::UNKNOWN_AREA : HamlynNetDevice::UNKNOWN_SLOT;
        uint32_t midMessage = 0;
        uint64_t revoked = 0;
        uint64_t refused = 0;
        const uint32_t steps = 48;
        const int64_t span = (base.last - base.first).GetNanoSeconds();
        for (uint32_t k = 0; k <= steps; ++k)
        {
            // From just before the first landing to the last.
            const Time at = base.first + NanoSeconds(span * k / steps) - NanoSeconds(200);
            const Outcome o = RunOnce(at);
            const std::string when = "at " + std::to_string(at.GetNanoSeconds()) + " ns";
            NS_TEST_EXPECT_MSG_EQ(o.changedAfter, 0u, when << ": a byte changed after the call");
            NS_TEST_EXPECT_MSG_EQ(o.whole + o.none, PACKETS, when << ": packets whole or absent");
            NS_TEST_EXPECT_MSG_EQ(o.whole, o.delivered, when << ": landed = delivered");
            NS_TEST_EXPECT_MSG_EQ(o.canaries, true, when << ": nothing around the message");
            uint32_t dropped = 0;
            for (const auto& d : o.drops)
            {
                NS_TEST_EXPECT_MSG_EQ((d.first == early || d.first == HamlynNetDevice::REVOKED),
                                      true,
                                      when << ": drop reason " << d.first);
                dropped += d.second;
            }
            NS_TEST_EXPECT_MSG_EQ(o.delivered + dropped, PACKETS, when << ": every packet counted");
            NS_TEST_EXPECT_MSG_EQ(o.notifications,
                                  (o.delivered == PACKETS ? 1u : 0u),
                                  when << ": a notification only for the whole message");
            if (o.delivered > 0 && o.delivered < PACKETS)
            {
                ++midMessage;
            }
            revoked +=
                o.drops.count(HamlynNetDevice::REVOKED) ? o.drops.at(HamlynNetDevice::REVOKED) : 0;
            refused += o.drops.count(early) ? o.drops.at(early) : 0;
        }
        NS_TEST_EXPECT_MSG_GT(midMessage, steps / 2, "most runs cut the message in the middle");
        NS_TEST_EXPECT_MSG_GT(revoked, 0u, "some deposits were cut off in flight (REVOKED)");
        NS_TEST_EXPECT_MSG_GT(refused, 0u, "later packets were refused at the header");
    }

    How m_how; //!< how access is taken away
};

/**
 * \ingroup san-tests
 * Notification queue overflow.
 */
class NotificationOverflowTestCase : public TestCase
{
  public:
    NotificationOverflowTestCase()
        : TestCase("notification queue overflow: written = capacity, the rest counted as lost")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(ContextCrossbar(2));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        const uint32_t capacity = 4;
        rx->SetAttribute("NotificationQueueEntries", UintegerValue(capacity));
        Ptr<HamlynContext> ctx = rx->OpenContext(16);
        const uint32_t area = ctx->CreateMessageArea(4096);
        ctx->DefineSlot(2, area, 0, 4096, 99);
        Ptr<SanEventQueue> q = ctx->GetNotificationQueue();
        NS_TEST_EXPECT_MSG_EQ(q->GetCapacity(), capacity, "ring capacity from the attribute");
        std::vector<uint64_t> traced;
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>(
                [&traced](uint32_t, uint64_t a) { traced.push_back(a); }));
        Ptr<HamlynSendTerminus> t = s.nics[0]->OpenContext(0)->GetTerminus();
        const uint32_t messages = 10;
        for (uint32_t i = 0; i < messages; ++i)
        {
            HamlynSendRequest r;
            r.dstNode = 1;
            r.slot = 2;
            r.key = 99;
            r.offset = i * 64;
            r.notifyIndex = static_cast<uint16_t>(i);
            r.data = HamlynPattern(64, static_cast<uint8_t>(i));
            Simulator::Schedule(MicroSeconds(1), [t, r]() { t->Post(r); });
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->GetNPacketsDelivered(), messages, "every message delivered");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotifications(), capacity, "entries written = capacity");
        NS_TEST_EXPECT_MSG_EQ(q->GetNPushed(), capacity, "the ring's count agrees");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotificationsLost(), messages - capacity, "the rest lost");
        NS_TEST_EXPECT_MSG_EQ(q->GetNLost(), messages - capacity, "the ring's count agrees");
        NS_TEST_EXPECT_MSG_EQ(traced.size(), capacity, "traced only when written");
        std::vector<HamlynNotification> entries;
        HamlynNotification e;
        while (ctx->PopNotification(e))
        {
            entries.push_back(e);
        }
        NS_TEST_ASSERT_MSG_EQ(entries.size(), capacity, "the ring holds the first ones");
        if (entries.size() != capacity || traced.size() != capacity)
        {
            return;
        }
        for (uint32_t k = 0; k < entries.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(entries[k].area, k, "messages in order");
            NS_TEST_EXPECT_MSG_EQ(entries[k].sequence, k, "sequence numbers of written entries");
            NS_TEST_EXPECT_MSG_EQ(traced[k], k, "trace names the written ones");
        }
        // Room again: the next one is written, numbered after the written ones.
        HamlynSendRequest r;
        r.dstNode = 1;
        r.slot = 2;
        r.key = 99;
        r.offset = 1024;
        r.notifyIndex = 12;
        r.data = HamlynPattern(8, 1);
        Simulator::Schedule(MicroSeconds(1), [t, r]() { t->Post(r); });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotifications(), capacity + 1, "written");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotificationsLost(), messages - capacity, "none lost");
        NS_TEST_EXPECT_MSG_EQ(ctx->PopNotification(e), true, "there");
        NS_TEST_EXPECT_MSG_EQ(e.area, 12u, "its area");
        NS_TEST_EXPECT_MSG_EQ(e.sequence, capacity, "numbered after the written ones");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * "Sent" from the completion word.
 */
class CompletionWordTestCase : public TestCase
{
  public:
    CompletionWordTestCase()
        : TestCase("completion word: written only when asked; the callback reads it from memory")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(ContextCrossbar(2));
        Ptr<HamlynContext> rctx = s.nics[1]->OpenContext(1);
        const uint32_t area = rctx->CreateMessageArea(8192);
        rctx->DefineSlot(1, area, 0, 8192, 7);
        Ptr<HamlynContext> ctx = s.nics[0]->OpenContext(0);
        const uint32_t src = ctx->CreateMessageArea(4096);
        Ptr<HostMemory> mem = ctx->GetMemory();
        const uint64_t word = ctx->GetCompletionWordAddress();
        const HostMemoryRegion* region = mem->FindRegion(word);
        NS_TEST_ASSERT_MSG_NE(region, nullptr, "the word is in host memory");

        std::vector<std::pair<Time, uint64_t>> seen;
        ctx->SetCompletionCallback(HamlynContext::CompletionCallback(
            [&seen](uint64_t h) { seen.emplace_back(Simulator::Now(), h); }));
        std::vector<std::pair<Time, uint64_t>> complete;
        s.nics[0]->TraceConnectWithoutContext(
            "SendComplete",
            Callback<void, uint32_t, uint64_t>(
                [&complete](uint32_t, uint64_t h) { complete.emplace_back(Simulator::Now(), h); }));
        auto request = [&](bool dma, bool notifySent, uint32_t offset) {
            HamlynSendRequest r;
            r.dstNode = 1;
            r.slot = 1;
            r.key = 7;
            r.offset = offset;
            r.notifySent = notifySent;
            if (dma)
            {
                r.kind = HamlynSendRequest::DMA;
                r.area = src;
                r.length = 1500;
            }
            else
            {
                r.data = HamlynPattern(32, 1);
            }
            return r;
        };
        Ptr<HamlynSendTerminus> t = ctx->GetTerminus();
        // A: not asked (DMA); B: asked (direct); C: not asked (direct); D: asked (DMA).
        Simulator::Schedule(MicroSeconds(1), [&]() {
            t->Post(request(true, false, 0));
            t->Post(request(false, true, 2000));
            t->Post(request(false, false, 3000));
            t->Post(request(true, true, 4000));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(complete.size(), 4u, "four sends complete");
        NS_TEST_ASSERT_MSG_EQ(seen.size(), 2u, "the word was written twice");
        if (complete.size() != 4 || seen.size() != 2)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(seen[0].second, complete[1].second, "B's handle");
        NS_TEST_EXPECT_MSG_EQ(seen[1].second, complete[3].second, "D's handle");
        NS_TEST_EXPECT_MSG_EQ(seen[0].first, complete[1].first, "seen when written");
        NS_TEST_EXPECT_MSG_EQ(seen[1].first, complete[3].first, "seen when written");
        NS_TEST_EXPECT_MSG_EQ(region->writes, 2u, "two writes of the word, no more");
        NS_TEST_EXPECT_MSG_EQ(ctx->ReadCompletionWord(), complete[3].second, "the last handle");
        NS_TEST_EXPECT_MSG_NE(complete[1].second, complete[3].second, "handles differ");

        // The callback reads memory: whatever is written into the word is what it sees.
        const uint8_t bytes[4] = {0x12, 0x34, 0x56, 0x78};
        mem->Write(word, bytes, 4);
        NS_TEST_EXPECT_MSG_EQ(seen.size(), 3u, "the write is seen");
        NS_TEST_EXPECT_MSG_EQ(seen.back().second, 0x12345678u, "read from host memory");
        ctx->SetCompletionCallback(HamlynContext::CompletionCallback());
        mem->Write(word, bytes, 4);
        NS_TEST_EXPECT_MSG_EQ(seen.size(), 3u, "no watcher, nothing seen");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A DMA source area released mid-message: the rest of the request is refused, nothing more is
 * read from it, and the receiver is not notified.
 */
class ReleaseSourceMidMessageTestCase : public TestCase
{
  public:
    ReleaseSourceMidMessageTestCase()
        : TestCase("a DMA source released mid-message: the rest is refused, no notification")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(ContextCrossbar(2));
        Ptr<HamlynContext> rctx = s.nics[1]->OpenContext(1);
        const uint32_t area = rctx->CreateMessageArea(16384);
        rctx->DefineSlot(1, area, 0, 16384, 7);
        Ptr<HamlynContext> ctx = s.nics[0]->OpenContext(0);
        const uint32_t src = ctx->CreateMessageArea(8192);
        HamlynSendRequest r;
        r.kind = HamlynSendRequest::DMA;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 7;
        r.notifyIndex = 0;
        r.area = src;
        r.length = 8192; // 16 packets of 512 bytes
        uint64_t rejected = 0;
        ctx->SetRejectCallback(
            HamlynContext::RejectCallback([&rejected](uint64_t) { ++rejected; }));
        Simulator::Schedule(MicroSeconds(1), [&]() { ctx->GetTerminus()->Post(r); });
        // After a few packets have gone (each takes about 14 us on the LANai 3).
        Simulator::Schedule(MicroSeconds(40), [&]() { ctx->ReleaseMessageArea(src); });
        Simulator::Run();
        const uint64_t sent = s.nics[0]->GetNPacketsSent();
        NS_TEST_EXPECT_MSG_GT(sent, 0u, "some packets left before the release");
        NS_TEST_EXPECT_MSG_LT(sent, 16u, "not all of them");
        NS_TEST_EXPECT_MSG_EQ(s.nics[0]->GetNRequestsRejected(), 1u, "the rest was refused");
        NS_TEST_EXPECT_MSG_EQ(rejected, 1u, "the process was told");
        NS_TEST_EXPECT_MSG_EQ(s.nics[1]->GetNNotifications(), 0u, "no notification");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Config::Set after Install takes effect.
 */
class ConfigAfterInstallTestCase : public TestCase
{
  public:
    ConfigAfterInstallTestCase()
        : TestCase("Config::Set after Install: PacketSize, SendBuffers, CompletionWordBytes")
    {
    }

  private:
    /**
     * Send one 4 KB DMA message from host 0 to host 1.
     * \param before device attributes set through the helper before Install
     * \param after paths set with Config::Set after Install
     * \param[out] packets packets the sender put on the fabric
     * \param[out] intact the data and one notification arrived
     * \return when the receiver's notification was written
     */
    static Time SendMessage(const std::vector<std::pair<std::string, uint32_t>>& before,
                            const std::vector<std::pair<std::string, uint32_t>>& after,
                            uint32_t& packets,
                            bool& intact)
    {
        SanScenarioSpec spec;
        spec.hosts = 2;
        spec.paperCables = false;
        SanScenario s(spec);
        HamlynHelper hamlyn;
        for (const auto& b : before)
        {
            hamlyn.SetDeviceAttribute(b.first, UintegerValue(b.second));
        }
        NetDeviceContainer nics = hamlyn.Install(s.GetHosts(), s.GetEndpoints());
        for (const auto& a : after)
        {
            Config::Set("/NodeList/*/DeviceList/*/$ns3::HamlynNetDevice/" + a.first,
                        UintegerValue(a.second));
        }
        Ptr<HamlynNetDevice> tx = DynamicCast<HamlynNetDevice>(nics.Get(0));
        Ptr<HamlynNetDevice> rx = DynamicCast<HamlynNetDevice>(nics.Get(1));
        Ptr<HamlynContext> rctx = rx->OpenContext(1);
        const uint32_t area = rctx->CreateMessageArea(4096);
        rctx->DefineSlot(1, area, 0, 4096, 42);
        Ptr<HamlynContext> tctx = tx->OpenContext(0);
        const uint32_t src = tctx->CreateMessageArea(4096);
        const std::vector<uint8_t> data = HamlynPattern(4096, 9);
        tctx->GetMessageArea(src)->Write(0, data.data(), 4096);
        HamlynSendRequest r;
        r.kind = HamlynSendRequest::DMA;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 42;
        r.notifyIndex = 0;
        r.area = src;
        r.length = 4096;
        Ptr<HamlynSendTerminus> t = tctx->GetTerminus();
        Simulator::Schedule(MicroSeconds(1), [t, r]() { t->Post(r); });
        Time notified;
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>(
                [&notified](uint32_t, uint64_t) { notified = Simulator::Now(); }));
        Simulator::Run();
        packets = static_cast<uint32_t>(tx->GetNPacketsSent());
        std::vector<uint8_t> got(4096);
        rctx->GetMessageArea(area)->Read(0, got.data(), 4096);
        intact = got == data && rctx->GetNotificationQueue()->GetNPending() == 1;
        Simulator::Destroy();
        return notified;
    }

    void DoRun() override
    {
        uint32_t packets = 0;
        bool intact = false;
        const Time base = SendMessage({}, {}, packets, intact);
        NS_TEST_EXPECT_MSG_EQ(packets, 8u, "512-byte packets by default");
        NS_TEST_EXPECT_MSG_EQ(intact, true, "message intact");

        SendMessage({}, {{"PacketSize", 128}}, packets, intact);
        NS_TEST_EXPECT_MSG_EQ(packets, 32u, "PacketSize set after Install cuts 128-byte packets");
        NS_TEST_EXPECT_MSG_EQ(intact, true, "message intact");

        // One send buffer: no load/send overlap, so the message takes longer; the same time
        // whether set before or after Install.
        const Time oneBefore = SendMessage({{"SendBuffers", 1}}, {}, packets, intact);
        const Time oneAfter = SendMessage({}, {{"SendBuffers", 1}}, packets, intact);
        NS_TEST_EXPECT_MSG_GT(oneBefore, base, "no overlap with one buffer");
        NS_TEST_EXPECT_MSG_EQ(oneAfter, oneBefore, "SendBuffers set after Install takes effect");
        NS_TEST_EXPECT_MSG_EQ(intact, true, "message intact");

        // Rats opens its context (and its send terminus with its completion word) at Install;
        // a wider completion word set afterwards must still give "sent".
        HamlynScenario::Spec spec = ContextCrossbar(2, true);
        HamlynScenario s(spec);
        Config::Set("/NodeList/*/DeviceList/*/$ns3::HamlynNetDevice/CompletionWordBytes",
                    UintegerValue(8));
        Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[1], 1024);
        Ptr<RatsTaggedWriteClient> c = Create<RatsTaggedWriteClient>(s.rats[0], srv->MakeSeed());
        RatsBuffer b = s.rats[0]->Malloc(16);
        Ptr<RatsSendHandle> h;
        Simulator::Schedule(MicroSeconds(1), [&]() { h = c->Write(b.offset, 16, 0, 5); });
        const uint64_t errors0 = s.memories[0]->GetAccessErrors();
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(h->GetStatus(), RatsSendHandle::SENT, "sent seen through the word");
        NS_TEST_EXPECT_MSG_EQ(s.memories[0]->GetAccessErrors(), errors0, "no refused write");
        NS_TEST_EXPECT_MSG_EQ(s.rats[0]->GetHardware()->GetNDirect(), 1u, "one send");
        // A terminus created afterwards gets the wider word, and a handle that needs it.
        Ptr<HamlynContext> late = s.nics[0]->OpenContext(0);
        const HostMemoryRegion* word = s.memories[0]->FindRegion(late->GetCompletionWordAddress());
        NS_TEST_EXPECT_MSG_EQ(word->size, 8u, "a new terminus has an 8-byte word");
        const uint8_t wide[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
        s.memories[0]->Write(late->GetCompletionWordAddress(), wide, 8);
        NS_TEST_EXPECT_MSG_EQ(late->ReadCompletionWord(), 0x0102030405060708ULL, "read as 8 bytes");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A request the interface could never send is refused when it is posted, with its reason:
 * an unknown destination host, an offset whose message passes 2^32, a key wider than
 * KeyBits, too many out-of-band bytes, a packet larger than the fabric carries (PacketSize
 * set after Install counts); and KeyBits refuses a width the header has no room for.
 */
class PostRefusesTestCase : public TestCase
{
  public:
    PostRefusesTestCase()
        : TestCase("Post refuses, with a reason, a request the interface could never send")
    {
    }

  private:
    /// \param error a GetRequestError result \param part expected text \param what the case
    void ExpectReason(const std::string& error, const std::string& part, const std::string& what)
    {
        NS_TEST_EXPECT_MSG_NE(error.find(part), std::string::npos, what << ": '" << error << "'");
    }

    void DoRun() override
    {
        SanScenarioSpec spec;
        spec.hosts = 2;
        spec.paperCables = false;
        SanScenario s(spec);
        HamlynHelper hamlyn;
        NetDeviceContainer nics = hamlyn.Install(s.GetHosts(), s.GetEndpoints());
        Ptr<HamlynNetDevice> tx = DynamicCast<HamlynNetDevice>(nics.Get(0));
        Ptr<HamlynSendTerminus> t = tx->OpenContext(0)->GetTerminus();

        HamlynSendRequest good;
        good.dstNode = 1;
        good.slot = 3;
        good.key = 0xffffffffULL;
        good.data.assign(64, 7);
        NS_TEST_EXPECT_MSG_EQ(t->GetRequestError(good), "", "a request that fits");

        HamlynSendRequest r = good;
        r.dstNode = 2;
        ExpectReason(t->GetRequestError(r), "host 2 is not on the fabric (it has 2 hosts", "host");

        r = good;
        r.kind = HamlynSendRequest::DMA;
        r.length = 4096;
        r.offset = 0xfffff001U;
        ExpectReason(t->GetRequestError(r), "passes the header's 32-bit offset", "offset");
        r.offset = 0xfffff000U; // its last byte is 0xffffffff: fits
        NS_TEST_EXPECT_MSG_EQ(t->GetRequestError(r), "", "a message that ends at 2^32 - 1");

        r = good;
        r.key = 0x100000000ULL;
        ExpectReason(t->GetRequestError(r), "wider than the device's KeyBits (32)", "key");
        Config::Set("/NodeList/*/DeviceList/*/$ns3::HamlynNetDevice/KeyBits", UintegerValue(64));
        NS_TEST_EXPECT_MSG_EQ(t->GetRequestError(r), "", "the same key after KeyBits = 64");

        r = good;
        r.outOfBand.assign(HamlynHeader::MAX_OUT_OF_BAND + 1, 1);
        ExpectReason(t->GetRequestError(r), "out-of-band bytes; a packet carries at most", "oob");

        Config::Set("/NodeList/*/DeviceList/*/$ns3::HamlynNetDevice/PacketSize",
                    UintegerValue(1000000));
        r = good;
        r.data.assign(100000, 1);
        ExpectReason(t->GetRequestError(r), "more than the fabric's MaxPacketSize", "packet");

        std::string msg;
        bool died = santest::DiesWithMessage(
            [t, r]() { t->Post(r); },
            "HamlynSendTerminus::Post: terminus request to host 1, slot 3: its first packet",
            msg);
        NS_TEST_EXPECT_MSG_EQ(died, true, "Post stops with the reason: " << msg);
        NS_TEST_EXPECT_MSG_EQ(t->GetNPosted(), 0u, "nothing was posted");

        died = santest::DiesWithMessage(
            []() {
                Config::Set("/NodeList/*/DeviceList/*/$ns3::HamlynNetDevice/KeyBits",
                            UintegerValue(48));
            },
            "HamlynNetDevice: KeyBits must be 32 or 64 (section 2.2), not 48",
            msg);
        NS_TEST_EXPECT_MSG_EQ(died, true, "KeyBits 48 is refused: " << msg);
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanHamlynContextTestSuite : public TestSuite
{
  public:
    SanHamlynContextTestSuite()
        : TestSuite("san-hamlyn-context", UNIT)
    {
        AddTestCase(new TaggedWriteReorderTestCase, TestCase::QUICK);
        AddTestCase(new ContextOutOfBandReorderTestCase, TestCase::QUICK);
        AddTestCase(new RevokeMidMessageTestCase(RevokeMidMessageTestCase::CONTEXT_REVOKE),
                    TestCase::QUICK);
        AddTestCase(new RevokeMidMessageTestCase(RevokeMidMessageTestCase::DEVICE_REVOKE),
                    TestCase::QUICK);
        AddTestCase(new RevokeMidMessageTestCase(RevokeMidMessageTestCase::RELEASE_AREA),
                    TestCase::QUICK);
        AddTestCase(new NotificationOverflowTestCase, TestCase::QUICK);
        AddTestCase(new CompletionWordTestCase, TestCase::QUICK);
        AddTestCase(new ReleaseSourceMidMessageTestCase, TestCase::QUICK);
        AddTestCase(new ConfigAfterInstallTestCase, TestCase::QUICK);
        AddTestCase(new PostRefusesTestCase, TestCase::QUICK);
    }
};

static SanHamlynContextTestSuite g_sanHamlynContextTestSuite; //!< the suite
