/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-hamlyn": the Hamlyn network interface (model/hamlyn/).
 *
 *  - header serialization;
 *  - delta arithmetic modulo 2^32: reassembly, static group receive with initial values summing
 *    to 2^32, dynamic group delegation;
 *  - every order of a 4-packet message's packets gives exactly one notification, after the
 *    last packet, with the data in place;
 *  - protection: bad key, offset outside the slot, unknown slot, unknown notification area,
 *    released area: dropped, counted, traced, nothing written; a garbage burst from a failing
 *    node does not disturb other traffic;
 *  - round-robin between termini: a short message is not starved behind a long one;
 *  - component timings on a Myrinet crossbar (fabric defaults) against Hamlyn 1995 Tables 3, 4
 *    and 5: the totals emerge from the simulated stages;
 *  - the projected state-machine preset (section 4.2, cut-through): per-packet time against
 *    "46+18d/32 LANai cycles, or 1.15 + 0.014d us", GSC+-limited streaming, and the same
 *    protection and reassembly guarantees with packets streamed in chunks.
 */

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-lanai3-cost-model.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-notification-assembly.h"
#include "ns3/hamlyn-packet-counter.h"
#include "ns3/hamlyn-scenario.h"
#include "ns3/hamlyn-state-machine-cost-model.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/network-module.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-fabric-helper.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

using namespace ns3;

namespace
{

/**
 * A direct-I/O request filled with one byte value (the tests' common message).
 * \param dst destination node \param slot slot \param key its key \param offset in the slot
 * \param notify notification area \param bytes length \param fill the byte value
 * \return the request
 */
HamlynSendRequest
DirectRequest(uint32_t dst,
              uint16_t slot,
              uint64_t key,
              uint32_t offset,
              uint32_t notify,
              uint32_t bytes,
              uint8_t fill)
{
    HamlynSendRequest r;
    r.dstNode = dst;
    r.slot = slot;
    r.key = key;
    r.offset = offset;
    r.notifyIndex = static_cast<uint16_t>(notify);
    r.data = std::vector<uint8_t>(bytes, fill);
    return r;
}

/// 25 ns LANai cycles (Hamlyn 1995, Table 3 caption).
double
ToCycles(Time t)
{
    return t.GetSeconds() * 40e6;
}

/// \param n hosts \param packetSize Hamlyn PacketSize \param stateMachine the projected
/// state-machine preset (else the LANai 3 default) \return a crossbar with fabric defaults
HamlynScenario::Spec
HamlynCrossbar(uint32_t n, uint32_t packetSize = 512, bool stateMachine = false)
{
    HamlynScenario::Spec spec;
    spec.hosts = n;
    spec.packetSize = packetSize;
    spec.stateMachine = stateMachine;
    spec.paperCables = false; // fabric defaults: 10 ns per link
    return spec;
}

/// \param x mesh width \param y mesh height \param packetSize PacketSize \param stateMachine
/// preset \return an adaptive mesh with fabric defaults
HamlynScenario::Spec
AdaptiveMesh(uint32_t x, uint32_t y, uint32_t packetSize, bool stateMachine)
{
    HamlynScenario::Spec spec = HamlynCrossbar(x * y, packetSize, stateMachine);
    spec.topology = "ns3::SanMeshTopology";
    spec.routing = "ns3::SanMinimalAdaptiveRouting";
    spec.meshX = x;
    spec.meshY = y;
    return spec;
}

/// Reads a whole message area.
std::vector<uint8_t>
ReadArea(Ptr<HostPinnedRegion> area)
{
    std::vector<uint8_t> out(area->GetSize());
    area->Read(0, out.data(), out.size());
    return out;
}

} // namespace

/**
 * \ingroup san-tests
 * Header serialization and size.
 */
class HamlynHeaderTestCase : public TestCase
{
  public:
    HamlynHeaderTestCase()
        : TestCase("header fields survive serialization; size counts on the wire")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t bits : {32u, 64u})
        {
            HamlynHeader h;
            h.SetSlot(0xfffe);
            h.SetOffset(123456);
            h.SetKey(bits == 32 ? 0xdeadbeefULL : 0x0123456789abcdefULL, bits);
            h.SetDelta(0xfffffffdu);
            h.SetNotifyIndex(7);
            h.SetSourceNode(70000);
            h.SetSourceTerminus(3);
            Ptr<Packet> p = Create<Packet>(100);
            p->AddHeader(h);
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), 100 + 20 + bits / 8, "header counts on wire");
            HamlynHeader r;
            p->RemoveHeader(r);
            NS_TEST_EXPECT_MSG_EQ(r.GetSlot(), 0xfffe, "slot");
            NS_TEST_EXPECT_MSG_EQ(r.GetOffset(), 123456u, "offset");
            NS_TEST_EXPECT_MSG_EQ(r.GetKey(), h.GetKey(), "key");
            NS_TEST_EXPECT_MSG_EQ(r.GetKeyBits(), bits, "key bits");
            NS_TEST_EXPECT_MSG_EQ(r.GetDelta(), 0xfffffffdu, "delta");
            NS_TEST_EXPECT_MSG_EQ(r.GetNotifyIndex(), 7, "notify index");
            NS_TEST_EXPECT_MSG_EQ(r.GetSourceNode(), 70000u, "source node");
            NS_TEST_EXPECT_MSG_EQ(r.GetSourceTerminus(), 3, "terminus");
        }
        std::string msg;
        bool died = santest::DiesWithMessage(
            []() {
                HamlynHeader h;
                h.SetKey(0x100000000ULL, 32);
            },
            "does not fit in 32 bits",
            msg);
        NS_TEST_EXPECT_MSG_EQ(died, true, "oversized 32-bit key is refused: " << msg);
    }
};

/**
 * \ingroup san-tests
 * Delta arithmetic modulo 2^32 (Hamlyn 1995, section 2.5).
 */
class HamlynDeltaTestCase : public TestCase
{
  public:
    HamlynDeltaTestCase()
        : TestCase("delta fields: reassembly, static and dynamic group receive, wrap-around")
    {
    }

  private:
    /// Deltas of a message of \p packets packets from counter value \p y0.
    static std::vector<uint32_t> Deltas(uint32_t packets, uint32_t y0)
    {
        HamlynPacketCounter c(y0);
        std::vector<uint32_t> d;
        for (uint32_t i = 0; i < packets; ++i)
        {
            d.push_back(c.NextDelta(i + 1 == packets));
        }
        NS_ABORT_MSG_IF(c.Get() != 0, "counter not empty after the last packet");
        return d;
    }

    void DoRun() override
    {
        // A message's packet count does not wrap near 4 GiB (it once did, in 32 bits: one
        // packet for 0xFFFFFFFF bytes).
        NS_TEST_EXPECT_MSG_EQ(HamlynSendTerminus::PacketsFor(0xFFFFFFFFu, 4096),
                              1048576u,
                              "4 GiB - 1 in 4 KiB packets");
        NS_TEST_EXPECT_MSG_EQ(HamlynSendTerminus::PacketsFor(0xFFFFFFFFu, 1), 0xFFFFFFFFu, "bytes");
        NS_TEST_EXPECT_MSG_EQ(HamlynSendTerminus::PacketsFor(0, 512), 1u, "an empty message");
        // Reassembly: Y0 = 0.
        NS_TEST_EXPECT_MSG_EQ(Deltas(1, 0)[0], 0u, "a single packet carries delta 0");
        std::vector<uint32_t> four = Deltas(4, 0);
        NS_TEST_EXPECT_MSG_EQ((four == std::vector<uint32_t>{1, 1, 1, 0xfffffffdu}),
                              true,
                              "deltas 1, 1, 1, -(p-1)");
        for (uint32_t p : {1u, 2u, 7u, 2048u})
        {
            NS_TEST_EXPECT_MSG_EQ(HamlynPacketCounter::MessageDeltaSum(p, 0), 0u, "sum is Y0");
            NS_TEST_EXPECT_MSG_EQ(HamlynPacketCounter::MessageDeltaSum(p, 0x89abcdefu),
                                  0x89abcdefu,
                                  "sum is Y0 modulo 2^32");
        }

        // Static group receive: three senders with Y_i summing to 2^32; the running sum wraps
        // past 2^32 only when everything has arrived.
        std::vector<uint32_t> y = {0xc0000000u, 0x30000000u, 0x10000000u};
        NS_TEST_EXPECT_MSG_EQ(uint32_t(y[0] + y[1] + y[2]), 0u, "Y_i sum to 2^32");
        std::vector<uint32_t> all;
        for (uint32_t i = 0; i < 3; ++i)
        {
            for (uint32_t d : Deltas(3 + i, y[i]))
            {
                all.push_back(d);
            }
        }
        HamlynNotificationAssembly a(1);
        // Interleave: put every sender's last packet early (the hardest order).
        std::vector<uint32_t> order(all.size());
        std::iota(order.begin(), order.end(), 0);
        std::reverse(order.begin(), order.end());
        uint32_t zeros = 0;
        for (std::size_t k = 0; k < order.size(); ++k)
        {
            bool zero = a.Add(0, all[order[k]]);
            zeros += zero ? 1 : 0;
            if (zero)
            {
                NS_TEST_EXPECT_MSG_EQ(k + 1, order.size(), "zero only after the last packet");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(zeros, 1u, "exactly one notification for the group");

        // Dynamic group receive: sender 0 (Y = 0xc0000000) delegates two parts.
        HamlynPacketCounter c0(y[0]);
        uint32_t y01 = c0.Split(0x70000000u);
        uint32_t y02 = c0.Split(0x60000000u);
        NS_TEST_EXPECT_MSG_EQ(uint32_t(c0.Get() + y01 + y02), y[0], "Y_i1 + Y_i2 (+rest) = Y_i");
        std::vector<uint32_t> dyn;
        for (uint32_t v : {c0.Get(), y01, y02, y[1], y[2]})
        {
            for (uint32_t d : Deltas(2, v))
            {
                dyn.push_back(d);
            }
        }
        HamlynNotificationAssembly b(1);
        zeros = 0;
        for (std::size_t k = 0; k < dyn.size(); ++k)
        {
            if (b.Add(0, dyn[k]))
            {
                ++zeros;
                NS_TEST_EXPECT_MSG_EQ(k + 1, dyn.size(), "delegated group completes at the end");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(zeros, 1u, "one notification for the delegated group");
    }
};

/**
 * \ingroup san-tests
 * All 24 orders of a 4-packet message give one notification after the last packet.
 */
class HamlynReorderTestCase : public TestCase
{
  public:
    HamlynReorderTestCase()
        : TestCase("every order of a 4-packet message: one notification, after the last packet")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(HamlynCrossbar(2, 16));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        const uint32_t perms = 24;
        uint32_t app = rx->AddApplication(perms);
        uint32_t area = rx->CreateMessageArea(perms * 64);
        rx->DefineSlot(3, app, area, 0, perms * 64, 0xabcd1234u);

        std::map<uint64_t, Time> notifyTime; // area -> time
        std::map<uint64_t, uint32_t> notifyCount;
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>([&](uint32_t, uint64_t index) {
                notifyTime[index] = Simulator::Now();
                ++notifyCount[index];
            }));

        std::vector<uint32_t> perm = {0, 1, 2, 3};
        std::vector<Time> lastArrival(perms);
        uint32_t n = 0;
        do
        {
            HamlynPacketCounter counter(0);
            std::vector<Ptr<Packet>> packets;
            for (uint32_t k = 0; k < 4; ++k)
            {
                uint8_t data[16];
                for (uint32_t b = 0; b < 16; ++b)
                {
                    data[b] = static_cast<uint8_t>(n * 4 + k + 1);
                }
                HamlynHeader h;
                h.SetSlot(3);
                h.SetOffset(n * 64 + k * 16);
                h.SetKey(0xabcd1234u, 32);
                h.SetDelta(counter.NextDelta(k == 3));
                h.SetNotifyIndex(static_cast<uint16_t>(n));
                h.SetSourceNode(0);
                Ptr<Packet> p = Create<Packet>(data, 16);
                p->AddHeader(h);
                packets.push_back(p);
            }
            for (uint32_t j = 0; j < 4; ++j)
            {
                Time t = MicroSeconds(1 + n * 100 + j * 10);
                Simulator::Schedule(t, &HamlynNetDevice::Receive, rx, packets[perm[j]], 0u);
                lastArrival[n] = t;
            }
            ++n;
        } while (std::next_permutation(perm.begin(), perm.end()));
        NS_TEST_ASSERT_MSG_EQ(n, perms, "24 permutations");

        Simulator::Run();
        std::vector<uint8_t> bytes = ReadArea(rx->GetMessageArea(area));
        for (uint32_t i = 0; i < perms; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(notifyCount[i], 1u, "permutation " << i << ": one notification");
            NS_TEST_EXPECT_MSG_GT(notifyTime[i], lastArrival[i], "after the last packet");
            bool ok = true;
            for (uint32_t b = 0; b < 64; ++b)
            {
                ok = ok && bytes[i * 64 + b] == static_cast<uint8_t>(i * 4 + b / 16 + 1);
            }
            NS_TEST_EXPECT_MSG_EQ(ok, true, "permutation " << i << ": data reassembled");
            NS_TEST_EXPECT_MSG_EQ(rx->GetNotificationAssembly(app).GetCounter(i), 0u, "counter");
        }
        NS_TEST_EXPECT_MSG_EQ(rx->GetNotificationQueue(app)->GetNPending(), perms, "queue");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(), 0u, "no drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A message through the fabric with adaptive routing on a mesh, many packets, reordered.
 */
class HamlynFabricReorderTestCase : public TestCase
{
  public:
    HamlynFabricReorderTestCase()
        : TestCase("multi-packet messages over an adaptive fabric: one notification each")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(AdaptiveMesh(4, 4, 128, false)); // FedEx-sized packets
        std::vector<Ptr<HamlynNetDevice>> nics = s.nics;
        Ptr<HamlynNetDevice> rx = nics[15];
        uint32_t app = rx->AddApplication(16);
        uint32_t area = rx->CreateMessageArea(16 * 4096);
        rx->DefineSlot(1, app, area, 0, 16 * 4096, 77);
        uint32_t notified = 0;
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>([&notified](uint32_t, uint64_t) { ++notified; }));
        for (uint32_t s = 0; s < 15; ++s)
        {
            Ptr<HamlynSendTerminus> t = nics[s]->CreateTerminus();
            HamlynSendRequest r =
                DirectRequest(15, 1, 77, s * 4096, s, 4096, static_cast<uint8_t>(s + 1));
            Simulator::Schedule(MicroSeconds(1), [t, r]() { t->Post(r); });
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(notified, 15u, "one notification per message");
        std::vector<uint8_t> bytes = ReadArea(rx->GetMessageArea(area));
        bool ok = true;
        for (uint32_t s = 0; s < 15; ++s)
        {
            for (uint32_t b = 0; b < 4096; ++b)
            {
                ok = ok && bytes[s * 4096 + b] == s + 1;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(ok, true, "all data in place");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Protection: bad packets are dropped, counted, traced, and write nothing.
 */
class HamlynProtectionTestCase : public TestCase
{
  public:
    HamlynProtectionTestCase()
        : TestCase("protection: bad key, range, slot, notify area, released area write nothing")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(HamlynCrossbar(3));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        uint32_t app = rx->AddApplication(2);
        uint32_t area = rx->CreateMessageArea(256);
        uint32_t gone = rx->CreateMessageArea(256);
        rx->DefineSlot(5, app, area, 64, 192, 0x5eed);
        rx->DefineSlot(6, app, gone, 0, 256, 0x5eed);
        rx->ReleaseMessageArea(gone);

        std::map<uint8_t, uint32_t> traced;
        rx->TraceConnectWithoutContext(
            "Drop",
            Callback<void, Ptr<const Packet>, uint32_t, uint32_t>(
                [&traced](Ptr<const Packet>, uint32_t reason, uint32_t) { ++traced[reason]; }));

        Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
        auto req = [](uint16_t slot, uint64_t key, uint32_t offset, uint32_t len, uint16_t nfy) {
            HamlynSendRequest r = DirectRequest(1, slot, key, offset, nfy, len, 0xee);
            return r;
        };
        uint64_t written0 = s.memories[1]->GetBytesWritten();
        Simulator::Schedule(MicroSeconds(1), [&]() {
            t->Post(req(5, 0x5eee, 0, 16, 0));         // bad key
            t->Post(req(5, 0x5eed, 100, 64, 0));       // 100 + 64 > 128: out of range
            t->Post(req(5, 0x5eed, 0xffffffff, 1, 0)); // far out of range (no wrap-around)
            t->Post(req(9, 0x5eed, 0, 16, 0));         // unknown slot
            t->Post(req(5, 0x5eed, 0, 16, 9));         // unknown notification area
            t->Post(req(6, 0x5eed, 0, 16, 0));         // released area
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::BAD_KEY), 1u, "bad key");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::OUT_OF_RANGE), 2u, "range");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::UNKNOWN_SLOT), 1u, "slot");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::UNKNOWN_NOTIFY_AREA), 1u, "nfy");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::UNKNOWN_AREA), 1u, "area");
        NS_TEST_EXPECT_MSG_EQ(traced[HamlynNetDevice::BAD_KEY], 1u, "traced: bad key");
        NS_TEST_EXPECT_MSG_EQ(traced[HamlynNetDevice::OUT_OF_RANGE], 2u, "traced: range");
        NS_TEST_EXPECT_MSG_EQ(traced[HamlynNetDevice::UNKNOWN_SLOT], 1u, "traced: slot");
        NS_TEST_EXPECT_MSG_EQ(s.memories[1]->GetBytesWritten(), written0, "no byte written");
        std::vector<uint8_t> bytes = ReadArea(rx->GetMessageArea(area));
        NS_TEST_EXPECT_MSG_EQ(std::count(bytes.begin(), bytes.end(), 0), 256, "area untouched");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNPacketsDelivered(), 0u, "nothing delivered");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotifications(), 0u, "no notification");

        // A DMA request naming an area the terminus does not own is refused at the sender.
        uint32_t rejects = 0;
        s.nics[0]->TraceConnectWithoutContext(
            "RequestReject",
            Callback<void, uint32_t, uint64_t>([&rejects](uint32_t, uint64_t) { ++rejects; }));
        Ptr<HostPinnedRegion> mine = Create<HostPinnedRegion>(s.memories[0], 128, 4096);
        t->AddMessageArea(0, mine);
        HamlynSendRequest r = req(5, 0x5eed, 0, 1, 0); // (inline data unused by DMA)
        r.kind = HamlynSendRequest::DMA;
        r.area = 0;
        r.areaOffset = 100;
        r.length = 64; // past the end of the 128-byte area
        Simulator::Schedule(MicroSeconds(1), [&]() {
            t->Post(r);
            HamlynSendRequest r2 = r;
            r2.area = 4; // not the terminus' area
            r2.areaOffset = 0;
            t->Post(r2);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rejects, 2u, "bad DMA requests refused");
        NS_TEST_EXPECT_MSG_EQ(s.nics[0]->GetNRequestsRejected(), 2u, "counted");

        // Slot cache of one entry: alternating slots miss and fetch the descriptor.
        uint64_t misses0 = rx->GetSlotTable().GetMisses();
        rx->SetAttribute("SlotCacheSize", UintegerValue(1));
        uint32_t area2 = rx->CreateMessageArea(64);
        rx->DefineSlot(8, app, area2, 0, 64, 0x5eed); // evicts slot 5 from the cache
        Simulator::Schedule(MicroSeconds(1), [&]() {
            t->Post(req(5, 0x5eed, 0, 16, HamlynHeader::NO_NOTIFY));
            t->Post(req(8, 0x5eed, 0, 16, HamlynHeader::NO_NOTIFY));
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(rx->GetSlotTable().GetMisses(), misses0, "slot-cache misses");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNPacketsDelivered(), 2u, "delivered after the fetch");

        // Bad configuration gets a clear error.
        std::string msg;
        bool died = santest::DiesWithMessage([&]() { rx->DefineSlot(7, app, area, 0, 257, 1); },
                                             "outside its area",
                                             msg);
        NS_TEST_EXPECT_MSG_EQ(died, true, "slot past its area: " << msg);
        died = santest::DiesWithMessage([&]() { rx->DefineSlot(7, app, area, 0, 16, 1ULL << 40); },
                                        "does not fit in 32",
                                        msg);
        NS_TEST_EXPECT_MSG_EQ(died, true, "key too long: " << msg);
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A failing node's garbage burst does not disturb other traffic.
 */
class HamlynGarbageBurstTestCase : public TestCase
{
  public:
    HamlynGarbageBurstTestCase()
        : TestCase("a garbage burst from a failing node leaves other traffic intact")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(HamlynCrossbar(3));
        Ptr<HamlynNetDevice> rx = s.nics[2];
        uint32_t app = rx->AddApplication(20);
        uint32_t area = rx->CreateMessageArea(20 * 1024);
        rx->DefineSlot(1, app, area, 0, 20 * 1024, 0x600d);
        Ptr<HamlynSendTerminus> good = s.nics[0]->CreateTerminus();
        Ptr<HamlynSendTerminus> bad = s.nics[1]->CreateTerminus();
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(1);
        Simulator::Schedule(MicroSeconds(1), [&]() {
            for (uint32_t m = 0; m < 20; ++m)
            {
                HamlynSendRequest r =
                    DirectRequest(2, 1, 0x600d, m * 1024, m, 1024, static_cast<uint8_t>(m + 1));
                good->Post(r);
            }
            for (uint32_t g = 0; g < 60; ++g)
            {
                HamlynSendRequest r;
                r.dstNode = 2;
                r.slot = static_cast<uint16_t>(rng->GetInteger(0, 3));
                r.key = rng->GetInteger(0, 0xffff) == 0x600d ? 1 : rng->GetInteger(0, 0xffff);
                r.offset = rng->GetInteger(0, 1u << 20);
                r.y0 = rng->GetInteger(0, 0xffffffffu);
                r.notifyIndex = static_cast<uint16_t>(rng->GetInteger(0, 30));
                r.data = std::vector<uint8_t>(rng->GetInteger(1, 600), 0x66);
                bad->Post(r);
            }
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotifications(), 20u, "every good message notified");
        NS_TEST_EXPECT_MSG_GT(rx->GetNDropped(), 59u, "garbage dropped");
        std::vector<uint8_t> bytes = ReadArea(rx->GetMessageArea(area));
        bool ok = true;
        for (uint32_t b = 0; b < bytes.size(); ++b)
        {
            ok = ok && bytes[b] == b / 1024 + 1;
        }
        NS_TEST_EXPECT_MSG_EQ(ok, true, "good data intact, no garbage written");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Round-robin between termini.
 */
class HamlynRoundRobinTestCase : public TestCase
{
  public:
    HamlynRoundRobinTestCase()
        : TestCase("round-robin: a short message is not starved behind a long one")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(HamlynCrossbar(2));
        Ptr<HamlynNetDevice> tx = s.nics[0];
        Ptr<HamlynNetDevice> rx = s.nics[1];
        uint32_t app = rx->AddApplication(2);
        uint32_t area = rx->CreateMessageArea(65536 + 64);
        rx->DefineSlot(1, app, area, 0, 65536 + 64, 9);
        Ptr<HamlynSendTerminus> longT = tx->CreateTerminus();
        Ptr<HamlynSendTerminus> shortT = tx->CreateTerminus();
        Ptr<HostPinnedRegion> src = Create<HostPinnedRegion>(s.memories[0], 65536, 4096);
        longT->AddMessageArea(0, src);
        std::vector<uint16_t> order; // terminus of each packet sent
        tx->TraceConnectWithoutContext("PacketTx",
                                       Callback<void, const HamlynHeader&, uint32_t>(
                                           [&order](const HamlynHeader& h, uint32_t) {
                                               order.push_back(h.GetSourceTerminus());
                                           }));
        std::map<uint32_t, Time> done;
        tx->TraceConnectWithoutContext(
            "SendComplete",
            Callback<void, uint32_t, uint64_t>(
                [&done](uint32_t t, uint64_t) { done[t] = Simulator::Now(); }));
        HamlynSendRequest big;
        big.kind = HamlynSendRequest::DMA;
        big.dstNode = 1;
        big.slot = 1;
        big.key = 9;
        big.notifyIndex = 0;
        big.area = 0;
        big.length = 65536; // 128 packets
        HamlynSendRequest small = DirectRequest(1, 1, 9, 65536, 1, 16, 1);
        Simulator::Schedule(MicroSeconds(1), [&]() { longT->Post(big); });
        Simulator::Schedule(MicroSeconds(20), [&]() { shortT->Post(small); });
        Simulator::Run();
        auto pos = std::find(order.begin(), order.end(), shortT->GetId()) - order.begin();
        NS_TEST_EXPECT_MSG_LT(pos, 4, "the short message goes within a couple of packets");
        NS_TEST_EXPECT_MSG_LT(done[shortT->GetId()], MicroSeconds(40), "short send is quick");
        NS_TEST_EXPECT_MSG_GT(done[longT->GetId()], MicroSeconds(500), "long send is long");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotifications(), 2u, "both delivered");

        // Priorities: a higher-priority terminus goes first when both wait.
        Ptr<HamlynSendTerminus> low = tx->CreateTerminus(0);
        Ptr<HamlynSendTerminus> high = tx->CreateTerminus(5);
        order.clear();
        Simulator::Schedule(MicroSeconds(1), [&]() {
            for (int i = 0; i < 3; ++i)
            {
                low->Post(small);
            }
            for (int i = 0; i < 3; ++i)
            {
                high->Post(small);
            }
        });
        Simulator::Run();
        // The first low packet took the empty card at once; separate messages do not overlap on
        // the card (Tables 4 and 5: no cut-through on sending), so the high ones went next.
        std::vector<uint16_t> expect =
            {low->GetId(), high->GetId(), high->GetId(), high->GetId(), low->GetId(), low->GetId()};
        NS_TEST_EXPECT_MSG_EQ((order == expect), true, "higher priority served first");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Work queue full: the poster spin-waits on its CPU.
 */
class HamlynWorkQueueTestCase : public TestCase
{
  public:
    HamlynWorkQueueTestCase()
        : TestCase("a full work queue refuses Post; PostOrSpin spins until space frees")
    {
    }

  private:
    void DoRun() override
    {
        HamlynScenario s(HamlynCrossbar(2));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        uint32_t app = rx->AddApplication(1);
        uint32_t area = rx->CreateMessageArea(1024);
        rx->DefineSlot(1, app, area, 0, 1024, 9);
        Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
        HamlynSendRequest r;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 9;
        r.data = std::vector<uint8_t>(16, 1);
        uint32_t accepted = 0;
        Time spunUntil;
        Simulator::Schedule(MicroSeconds(1), [&]() {
            for (uint32_t i = 0; i < 70; ++i)
            {
                accepted += t->Post(r) ? 1 : 0;
            }
            t->PostOrSpin(r, Callback<void>([&spunUntil]() { spunUntil = Simulator::Now(); }));
        });
        Simulator::Run();
        // 1 request leaves at once for the card (separate messages do not overlap on it); 64
        // fit in the queue.
        NS_TEST_EXPECT_MSG_EQ(accepted, 65u, "64 queued + 1 taken by the card");
        NS_TEST_EXPECT_MSG_EQ(t->GetNFull(), 5u, "refused when full");
        NS_TEST_EXPECT_MSG_GT(spunUntil, MicroSeconds(1), "spun until space freed");
        NS_TEST_EXPECT_MSG_GT(s.cpus[0]->GetResource()->GetBusyTime(), Time(0), "CPU spun");
        NS_TEST_EXPECT_MSG_EQ(s.nics[0]->GetNPacketsSent(), 66u, "everything sent");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Component timings of Tables 3, 4 and 5 (Hamlyn 1995) on a Myrinet crossbar.
 */
class HamlynTimingTestCase : public TestCase
{
  public:
    HamlynTimingTestCase()
        : TestCase("timings: Tables 3 (16 B direct), 4 (512 B DMA), 5 (1 MB) within 2%")
    {
    }

  private:
    /// Stage durations (cycles) and the end-to-end results of one message.
    struct Result
    {
        std::map<std::string, double> stage;    //!< stage -> cycles (last occurrence)
        std::map<std::string, Time> stageStart; //!< stage -> start
        std::map<std::string, Time> stageEnd;   //!< stage -> end
        Time posted;                            //!< request posted
        Time delivered;                         //!< last payload in host memory
        Time notified;                          //!< notification entry written
    };

    /// Send one message of \p bytes from host 0 to host 1 and time it.
    static Result Run(bool dma, uint32_t bytes, bool notify, bool notifySent)
    {
        HamlynScenario s(HamlynCrossbar(2));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        uint32_t app = rx->AddApplication(1);
        uint32_t area = rx->CreateMessageArea(bytes);
        rx->DefineSlot(1, app, area, 0, bytes, 0x1234);
        Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
        Result res;
        auto hook = [&res](const std::string& stage, Time start, Time end) {
            if (res.stageStart.count(stage) == 0)
            {
                res.stageStart[stage] = start;
            }
            res.stageEnd[stage] = end;
            res.stage[stage] = ToCycles(end - start);
        };
        for (auto& nic : s.nics)
        {
            nic->TraceConnectWithoutContext("Stage",
                                            Callback<void, const std::string&, Time, Time>(hook));
        }
        rx->TraceConnectWithoutContext(
            "PacketRx",
            Callback<void, const HamlynHeader&, uint32_t>(
                [&res](const HamlynHeader&, uint32_t) { res.delivered = Simulator::Now(); }));
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>(
                [&res](uint32_t, uint64_t) { res.notified = Simulator::Now(); }));
        HamlynSendRequest r;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 0x1234;
        r.notifyIndex = notify ? 0 : HamlynHeader::NO_NOTIFY;
        r.notifySent = notifySent;
        if (dma)
        {
            Ptr<HostPinnedRegion> src = Create<HostPinnedRegion>(s.memories[0], bytes, 4096);
            t->AddMessageArea(0, src);
            r.kind = HamlynSendRequest::DMA;
            r.area = 0;
            r.length = bytes;
        }
        else
        {
            r.data = std::vector<uint8_t>(bytes, 0x42);
        }
        res.posted = MicroSeconds(10);
        Simulator::Schedule(res.posted, [t, r]() { t->Post(r); });
        Simulator::Run();
        Simulator::Destroy();
        return res;
    }

    /// Check \p sim against \p paper within \p tol (relative).
    void Near(double sim, double paper, const std::string& what, double tol = 0.02)
    {
        NS_TEST_EXPECT_MSG_EQ_TOL(sim / paper,
                                  1.0,
                                  tol,
                                  what << ": simulated " << sim << " vs paper " << paper);
    }

    void DoRun() override
    {
        // Table 3: 16-byte direct I/O (d = 16), with the sender's notify-host word.
        Result a = Run(false, 16, true, true);
        Near(a.stage["send.packet"], 81 + 16 / 2.0, "T3 send packet 81 + d/2");
        Near(a.stage["send.notify"], 102, "T3 sender notify host [102]");
        double sw = ToCycles(a.stageStart["recv.link"] - a.stageEnd["send.packet"]);
        // The switch row also holds the two links' 10 ns propagation (SanChannel "Delay"):
        // within one cycle of 20.
        NS_TEST_EXPECT_MSG_EQ_TOL(sw, 20.0, 1.0, "T3 switch 20: simulated " << sw);
        Near(a.stage["recv.link"], 71 + 16 / 4.0, "T3 link to interface 71 + d/4");
        Near(a.stage["recv.host"], 14 * 16 / 16.0, "T3 interface to host 14d/16");
        Near(a.stage["recv.notify"], 89, "T3 receiver notify host [89]");
        Near(ToCycles(a.stageEnd["send.packet"] - a.posted), 89, "T3 sender total 89");
        Near((a.delivered - a.posted).GetNanoSeconds() / 1000.0, 4.96, "T3 total (no recv notify)");
        Near((a.notified - a.posted).GetNanoSeconds() / 1000.0, 7.18, "T3 total (with notify)");
        // The sender's notify is off the receiver's critical path.
        Result b = Run(false, 16, true, false);
        NS_TEST_EXPECT_MSG_EQ(b.notified, a.notified, "sender notify is off the path");

        // Table 4: 512-byte DMA (d = 512).
        Result c = Run(true, 512, true, false);
        Near(c.stage["send.start"], 106, "T4 start data to card 106");
        Near(c.stage["send.load"], 18 * 512 / 32.0, "T4 load payload 18d/32");
        Near(c.stage["send.packet"], 21 + 512 / 2.0, "T4 send packet 21 + d/2");
        Near(ToCycles(c.stageEnd["send.packet"] - c.posted), 671, "T4 sender total 671");
        Near(c.stage["recv.link"], 71 + 71, "T4 link to interface 71 + min(71, d/4)");
        Near(c.stage["recv.host"], 59 + 18 * 512 / 32.0, "T4 interface to host 59 + 18d/32");
        Near(c.stage["recv.notify"], 89, "T4 notify host 89");
        Near(ToCycles(c.notified - c.stageStart["recv.link"]), 578, "T4 receiver total 578");
        Near((c.notified - c.posted).GetNanoSeconds() / 1000.0, 31.73, "T4 total 31.73 us");

        // Table 5: 1 MB in 512-byte packets (N = 2048).
        Result d = Run(true, 1 << 20, true, false);
        Near((d.notified - d.posted).GetNanoSeconds() / 1e6, 14.75, "T5 total 14.75 ms");
        Near(ToCycles(d.notified - d.posted) / 1000.0, 590.1, "T5 total 590.1k cycles");
    }
};

/**
 * \ingroup san-tests
 * The projected state-machine implementation (Hamlyn 1995, section 4.2).
 */
class HamlynStateMachineTestCase : public TestCase
{
  public:
    HamlynStateMachineTestCase()
        : TestCase(
              "state machine: 46+18d over 32 cycles per packet, GSC+-limited, cut-through safe")
    {
    }

  private:
    /// One DMA message of \p bytes from host 0 to host 1; returns post-to-delivery time.
    /// \p vct: virtual cut-through switches instead of the fabric's default wormhole.
    Time OneMessage(uint32_t bytes,
                    uint32_t packetSize,
                    bool& dataOk,
                    uint32_t& notified,
                    bool vct = false)
    {
        HamlynScenario::Spec spec = HamlynCrossbar(2, packetSize, true);
        spec.cutThroughPacketBytes = vct ? 600 : 0;
        HamlynScenario s(spec);
        Ptr<HamlynNetDevice> rx = s.nics[1];
        uint32_t app = rx->AddApplication(1);
        uint32_t area = rx->CreateMessageArea(bytes);
        rx->DefineSlot(1, app, area, 0, bytes, 0x5a5a);
        Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
        Ptr<HostPinnedRegion> src = Create<HostPinnedRegion>(s.memories[0], bytes, 4096);
        std::vector<uint8_t> pattern(bytes);
        for (uint32_t i = 0; i < bytes; ++i)
        {
            pattern[i] = static_cast<uint8_t>(i * 7 + 3);
        }
        src->Write(0, pattern.data(), bytes);
        t->AddMessageArea(0, src);
        Time delivered;
        notified = 0;
        rx->TraceConnectWithoutContext(
            "PacketRx",
            Callback<void, const HamlynHeader&, uint32_t>(
                [&delivered](const HamlynHeader&, uint32_t) { delivered = Simulator::Now(); }));
        rx->TraceConnectWithoutContext(
            "Notification",
            Callback<void, uint32_t, uint64_t>([&notified](uint32_t, uint64_t) { ++notified; }));
        HamlynSendRequest r;
        r.kind = HamlynSendRequest::DMA;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 0x5a5a;
        r.notifyIndex = 0;
        r.area = 0;
        r.length = bytes;
        const Time posted = MicroSeconds(10);
        Simulator::Schedule(posted, [t, r]() { t->Post(r); });
        Simulator::Run();
        dataOk = ReadArea(rx->GetMessageArea(area)) == pattern;
        Simulator::Destroy();
        return delivered - posted;
    }

    void DoRun() override
    {
        bool ok = false;
        uint32_t notified = 0;
        // Section 4.2: "about 46+18d/32 LANai cycles, or 1.15 + 0.014d us". For 16 bytes the
        // simulation gives ~56.8 cycles (+3.3%): the packet's tail path (1-cycle request,
        // 1-cycle header assembly, the 40-byte packet's 20 link cycles, switch 20 + 2 x 10 ns
        // link propagation, then the 14-cycle GSC+ deposit of its only burst, Table 3 note a)
        // is longer than the paper's header-path sum plus 18d/32. For 512 bytes the header
        // path (request, assembly, switch, propagation, the header's 12 link cycles, check)
        // plus the 288-cycle deposit gives ~323.8 cycles (-3.1%). Tolerances 6% and 5% (not
        // tuned away: see HamlynStateMachineCostModel).
        Time t16 = OneMessage(16, 512, ok, notified);
        double us16 = t16.GetSeconds() * 1e6;
        NS_TEST_EXPECT_MSG_EQ_TOL(us16 / (1.15 + 0.014 * 16),
                                  1.0,
                                  0.06,
                                  "16-byte packet: simulated " << us16 << " us vs 1.15 + 0.014d");
        NS_TEST_EXPECT_MSG_EQ(ok, true, "16 bytes in place");
        NS_TEST_EXPECT_MSG_EQ(notified, 1u, "one notification");
        Time t512 = OneMessage(512, 512, ok, notified);
        double c512 = ToCycles(t512);
        NS_TEST_EXPECT_MSG_EQ_TOL(c512 / (46 + 18 * 512 / 32.0),
                                  1.0,
                                  0.05,
                                  "512-byte packet: simulated " << c512 << " cycles vs 46+18d/32");
        NS_TEST_EXPECT_MSG_EQ(ok, true, "512 bytes in place");
        // One fabric packet per Hamlyn packet, streamed: an uncontended packet's timing does
        // not depend on the switching mode.
        Time t512vct = OneMessage(512, 512, ok, notified, true);
        NS_TEST_EXPECT_MSG_EQ(t512vct, t512, "512-byte packet: same time under VirtualCutThrough");
        NS_TEST_EXPECT_MSG_EQ(ok, true, "512 bytes in place (VirtualCutThrough)");
        // Much faster than the LANai 3 (Table 4: 1269 cycles with notification).
        NS_TEST_EXPECT_MSG_LT(c512, 600.0, "cut-through beats the LANai's store-and-forward");

        // "GSC+ limited for large transmissions": a 256 KB message streams at the GSC+ rate,
        // 32 bytes per 18 bus cycles (HostBus defaults, Table 3 note a), within 5%.
        const uint32_t big = 256 * 1024;
        Time tb = OneMessage(big, 512, ok, notified);
        double rate = big / tb.GetSeconds();
        double gsc = 32.0 / 18.0 * 40e6;
        NS_TEST_EXPECT_MSG_EQ_TOL(rate / gsc, 1.0, 0.05, "streaming rate " << rate << " B/s");
        NS_TEST_EXPECT_MSG_EQ(ok, true, "256 KB in place");
        NS_TEST_EXPECT_MSG_EQ(notified, 1u, "one notification for 512 packets");

        // Protection with cut-through: a wrong key or a range outside the slot is dropped once
        // per packet, at its header, and nothing of the packet is written.
        HamlynScenario s(HamlynCrossbar(2, 128, true));
        Ptr<HamlynNetDevice> rx = s.nics[1];
        uint32_t app = rx->AddApplication(2);
        uint32_t area = rx->CreateMessageArea(1024);
        rx->DefineSlot(1, app, area, 0, 512, 0x77);
        Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
        HamlynSendRequest bad;
        bad.dstNode = 1;
        bad.slot = 1;
        bad.key = 0x78; // wrong key
        bad.notifyIndex = 0;
        bad.data = std::vector<uint8_t>(300, 0xee); // 3 packets of 128
        HamlynSendRequest range = bad;
        range.key = 0x77;
        range.offset = 400; // 400 + 300 > 512
        HamlynSendRequest good = bad;
        good.key = 0x77;
        good.offset = 0;
        good.notifyIndex = 1;
        good.data = std::vector<uint8_t>(300, 0x11);
        Simulator::Schedule(MicroSeconds(1), [&]() {
            t->Post(bad);
            t->Post(range);
            t->Post(good);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::BAD_KEY), 3u, "bad key x3");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNDropped(HamlynNetDevice::OUT_OF_RANGE),
                              3u,
                              "every packet of the range request ends past the slot");
        std::vector<uint8_t> bytes = ReadArea(rx->GetMessageArea(area));
        bool clean = true;
        for (uint32_t b = 0; b < bytes.size(); ++b)
        {
            const uint8_t expect = b < 300 ? 0x11 : 0;
            clean = clean && bytes[b] == expect;
        }
        NS_TEST_EXPECT_MSG_EQ(clean, true, "dropped packets wrote nothing");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNNotifications(), 1u, "only the good message notifies");
        Simulator::Destroy();

        // Reassembly over an adaptive mesh (packets may reorder), fabric defaults.
        HamlynScenario mesh(AdaptiveMesh(3, 3, 256, true));
        std::vector<Ptr<HamlynNetDevice>> nics = mesh.nics;
        Ptr<HamlynNetDevice> sink = nics[8];
        uint32_t sapp = sink->AddApplication(8);
        uint32_t sarea = sink->CreateMessageArea(8 * 2048);
        sink->DefineSlot(1, sapp, sarea, 0, 8 * 2048, 5);
        for (uint32_t i = 0; i < 8; ++i)
        {
            Ptr<HamlynSendTerminus> term = nics[i]->CreateTerminus();
            HamlynSendRequest r =
                DirectRequest(8, 1, 5, i * 2048, i, 2048, static_cast<uint8_t>(i + 1));
            Simulator::Schedule(MicroSeconds(1), [term, r]() { term->Post(r); });
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(sink->GetNNotifications(), 8u, "one notification per message");
        std::vector<uint8_t> all = ReadArea(sink->GetMessageArea(sarea));
        bool placed = true;
        for (uint32_t b = 0; b < all.size(); ++b)
        {
            placed = placed && all[b] == b / 2048 + 1;
        }
        NS_TEST_EXPECT_MSG_EQ(placed, true, "all data in place");
        NS_TEST_EXPECT_MSG_EQ(sink->GetNDropped(), 0u, "no drops");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanHamlynTestSuite : public TestSuite
{
  public:
    SanHamlynTestSuite()
        : TestSuite("san-hamlyn", UNIT)
    {
        AddTestCase(new HamlynHeaderTestCase, TestCase::QUICK);
        AddTestCase(new HamlynDeltaTestCase, TestCase::QUICK);
        AddTestCase(new HamlynReorderTestCase, TestCase::QUICK);
        AddTestCase(new HamlynFabricReorderTestCase, TestCase::QUICK);
        AddTestCase(new HamlynProtectionTestCase, TestCase::QUICK);
        AddTestCase(new HamlynGarbageBurstTestCase, TestCase::QUICK);
        AddTestCase(new HamlynRoundRobinTestCase, TestCase::QUICK);
        AddTestCase(new HamlynWorkQueueTestCase, TestCase::QUICK);
        AddTestCase(new HamlynTimingTestCase, TestCase::QUICK);
        AddTestCase(new HamlynStateMachineTestCase, TestCase::QUICK);
    }
};

static SanHamlynTestSuite g_sanHamlynTestSuite; //!< static instance
