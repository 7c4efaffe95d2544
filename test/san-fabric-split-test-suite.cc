/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Splittable packets (CLAN 1999, section 2.2): a switch splits a long write burst under
// contention so a short packet gets the output between its pieces, may coalesce the pieces
// again, and the receiver gets every data byte once at its address, piece by piece or
// reassembled. Non-splittable packets and SplitThreshold 0 behave exactly as before.

#include "san-fabric-test-util.h"

#include "ns3/boolean.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <map>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// Header of the test's write bursts: a 4-byte destination address and 4 spare bytes, as a
/// CLAN write packet's header holds the address its data goes to.
constexpr uint32_t HEADER = 8;

/// Link timing used by the timing tests: 80 MB/s (12.5 ns per byte), 10 ns per link, no
/// framing, 500 ns routing delay.
constexpr double NS_PER_BYTE = 12.5;
constexpr int64_t PROP = 10;
constexpr int64_t ROUTING = 500;

/// \return serialization time of a packet of the given size, in ns
int64_t
Ser(uint32_t bytes)
{
    return static_cast<int64_t>(bytes * NS_PER_BYTE + 0.5);
}

/// \return the data byte at position i of the burst with the given address
uint8_t
DataByte(uint32_t address, uint32_t i)
{
    return static_cast<uint8_t>((address * 131u + i * 7u + (i >> 8)) & 0xff);
}

/// \return a write burst to address: header (address, spare) then dataBytes of data
Ptr<Packet>
MakeBurst(uint32_t address, uint32_t dataBytes)
{
    std::vector<uint8_t> buf(HEADER + dataBytes, 0);
    buf[0] = static_cast<uint8_t>(address >> 24);
    buf[1] = static_cast<uint8_t>(address >> 16);
    buf[2] = static_cast<uint8_t>(address >> 8);
    buf[3] = static_cast<uint8_t>(address);
    for (uint32_t i = 0; i < dataBytes; ++i)
    {
        buf[HEADER + i] = DataByte(address, i);
    }
    return Create<Packet>(buf.data(), static_cast<uint32_t>(buf.size()));
}

/// \return the address in a burst's header
uint32_t
ReadAddress(Ptr<const Packet> p)
{
    uint8_t h[4];
    p->CopyData(h, 4);
    return (uint32_t(h[0]) << 24) | (uint32_t(h[1]) << 16) | (uint32_t(h[2]) << 8) | h[3];
}

/**
 * The receivers' memory, as a CLAN NIC writes it: each piece's data lands at the header's
 * address plus the piece's offset, and every byte's writes are counted.
 */
struct Memory
{
    std::vector<uint8_t> bytes;  //!< contents
    std::vector<uint32_t> count; //!< writes per byte

    explicit Memory(uint32_t size)
        : bytes(size, 0),
          count(size, 0)
    {
    }

    /// Write a piece: data [offset, offset + length) of burst p.
    void Write(Ptr<const Packet> p, uint32_t offset, uint32_t length)
    {
        const uint32_t address = ReadAddress(p);
        std::vector<uint8_t> buf(length);
        p->CreateFragment(HEADER + offset, length)->CopyData(buf.data(), length);
        for (uint32_t i = 0; i < length; ++i)
        {
            bytes.at(address + offset + i) = buf[i];
            ++count.at(address + offset + i);
        }
    }

    /// \return the number of bytes of [address, address + length) that do not hold the burst's
    /// data exactly once
    uint32_t Errors(uint32_t address, uint32_t length) const
    {
        uint32_t bad = 0;
        for (uint32_t i = 0; i < length; ++i)
        {
            bad += bytes[address + i] != DataByte(address, i) || count[address + i] != 1;
        }
        return bad;
    }
};

/// A fabric built the way a user builds one.
struct Net
{
    SanFabricHelper fabric;
    NodeContainer hosts;
    NetDeviceContainer endpoints;

    /// Fixed link timing (see NS_PER_BYTE, PROP, ROUTING).
    void UseTestLinks()
    {
        fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("640Mbps")));
        fabric.SetChannelAttribute("Delay", TimeValue(NanoSeconds(PROP)));
        fabric.SetChannelAttribute("FramingBytes", UintegerValue(0));
        fabric.SetSwitchAttribute("RoutingDelay", TimeValue(NanoSeconds(ROUTING)));
    }

    void Build()
    {
        hosts.Create(fabric.GetTopology()->GetNHosts());
        endpoints = fabric.Install(hosts);
        fabric.AssignStreams(2000);
    }

    Ptr<SanEndpointDevice> Ep(uint32_t h) const
    {
        return DynamicCast<SanEndpointDevice>(endpoints.Get(h));
    }
};

} // namespace

/**
 * \ingroup san-tests
 * A 64-byte message queued behind a 4096-byte DMA burst at one switch output: with splitting
 * it leaves after the burst's first 256-byte piece, not after the whole burst.
 *
 * Crossbar, four hosts. Host 3 sends 1024 bytes to host 2 at t = 0 (it holds the output to
 * host 2 from r + prop = 510 ns to 510 + ser(1024) = 13310 ns). Host 0's burst to host 2
 * (4096 bytes, 8 of them header) is routed at 1510 ns and waits; host 1's message to host 2
 * is routed at 2510 ns and waits behind it. When the output frees at 13310 ns:
 * - unsplit: the burst takes ser(4096) = 51200 ns, then the message ser(64) = 800 ns; the
 *   message arrives at 13310 + 51200 + 800 + 10 = 65320 ns, 63320 ns after it was sent;
 * - SplitThreshold 256: a piece of 8 + 248 bytes (ser 3200 ns) goes, then the message, then
 *   the rest (8 + 3840 bytes): the message arrives at 13310 + 3200 + 800 + 10 = 17320 ns,
 *   15320 ns after it was sent, and the burst, reassembled, at 17310 + ser(3848) + 10 =
 *   65420 ns (100 ns, its second header, plus the message's 800 ns later than unsplit).
 */
class SanSplitLatencyTestCase : public TestCase
{
  public:
    /// \param mode switching mode
    SanSplitLatencyTestCase(std::string mode)
        : TestCase("split: a short message behind a long burst at one output (" + mode + ")"),
          m_mode(mode)
    {
    }

  private:
    /// What one run measured.
    struct Result
    {
        Time message;                  //!< the short message's latency
        std::vector<Time> burstAt;     //!< arrivals of the burst (whole)
        uint64_t splits{0};            //!< splits in the fabric
        uint32_t errors{0};            //!< bytes of the burst not in memory exactly once
        Ptr<const Packet> delivered;   //!< what arrived for the burst
        std::vector<uint32_t> sniffed; //!< sizes the switch's sniffers saw (san header + packet)
    };

    Result Run(uint32_t threshold, bool splittable)
    {
        Net n;
        n.fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(4));
        n.fabric.SetRouting("ns3::SanDimensionOrderRouting");
        n.fabric.SetFabricAttribute("SwitchingMode", StringValue(m_mode));
        n.fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(4096));
        n.fabric.SetFabricAttribute("BufferSize",
                                    UintegerValue(m_mode == "Wormhole" ? 64 : 2 * 4096));
        n.fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(threshold));
        n.UseTestLinks();
        n.Build();
        Result r;
        Memory mem(8192);
        Ptr<Packet> burst = MakeBurst(0, 4096 - HEADER);
        // The receiver as a NIC sees it: whole packets (splittable ones reassembled).
        SanFabricPort* rx = PeekPointer(n.Ep(2));
        rx->SetPacketArrivalCallback(
            MakeCallback(+[](Result* r, Memory* mem, Ptr<const Packet> p, uint32_t src) {
                if (src == 1)
                {
                    r->message = Simulator::Now() - MicroSeconds(2);
                }
                else if (src == 0)
                {
                    r->burstAt.push_back(Simulator::Now());
                    r->delivered = p;
                    mem->Write(p, 0, p->GetSize() - HEADER);
                }
            }).Bind(&r, &mem));
        // The traces' view (pcap's records, ASCII's '-' lines): every packet leaving the
        // switch, pieces included.
        Ptr<Node> sw = n.fabric.GetSwitchNodes().Get(0);
        for (uint32_t i = 0; i < sw->GetNDevices(); ++i)
        {
            sw->GetDevice(i)->TraceConnectWithoutContext(
                "PacketEvent",
                MakeCallback(+[](std::vector<uint32_t>* log,
                                 char kind,
                                 Ptr<const Packet> p,
                                 uint32_t) {
                    if (kind == '-')
                    {
                        log->push_back(p->GetSize());
                    }
                }).Bind(&r.sniffed));
        }
        Simulator::Schedule(Seconds(0), [&n]() { n.Ep(3)->SendTo(2, 1024); });
        Simulator::Schedule(MicroSeconds(1), [&n, burst, splittable]() {
            SanFabricPort* tx = PeekPointer(n.Ep(0));
            if (splittable)
            {
                tx->SendSplittablePacket(2, burst, HEADER, Seconds(0));
            }
            else
            {
                tx->SendPacket(2, burst);
            }
        });
        Simulator::Schedule(MicroSeconds(2), [&n]() { n.Ep(1)->SendTo(2, 64); });
        Simulator::Run();
        r.splits = n.fabric.GetFabric()->GetSplits();
        r.errors = mem.Errors(0, 4096 - HEADER);
        NS_TEST_EXPECT_MSG_EQ(n.fabric.GetFabric()->GetInFlight(), 0, "fabric empty");
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        const int64_t outputFree = PROP + ROUTING + Ser(1024); // 13310 ns
        const int64_t sent = 2000;

        Result split = Run(256, true);
        NS_TEST_ASSERT_MSG_EQ(split.splits, 1, "one split");
        NS_TEST_EXPECT_MSG_EQ(split.message.GetNanoSeconds(),
                              outputFree + Ser(256) + Ser(64) + PROP - sent,
                              "message after the burst's first piece");
        NS_TEST_ASSERT_MSG_EQ(split.burstAt.size(), 1, "burst reassembled, delivered once");
        NS_TEST_EXPECT_MSG_EQ(split.burstAt[0].GetNanoSeconds(),
                              outputFree + Ser(256) + Ser(64) + Ser(4096 - 248) + PROP,
                              "burst's rest after the message");
        NS_TEST_EXPECT_MSG_EQ(split.errors, 0, "every byte of the burst once, in place");
        // The san header (16 bytes), then: the first packet, the burst's first piece, the
        // message, the burst's rest.
        const std::vector<uint32_t> wire{16 + 1024, 16 + 256, 16 + 64, 16 + HEADER + 3840};
        NS_TEST_EXPECT_MSG_EQ((split.sniffed == wire), true, "pcap sees the pieces");

        Result whole = Run(0, true);
        NS_TEST_EXPECT_MSG_EQ(whole.splits, 0, "threshold 0: no split");
        NS_TEST_EXPECT_MSG_EQ(whole.message.GetNanoSeconds(),
                              outputFree + Ser(4096) + Ser(64) + PROP - sent,
                              "message after the whole burst");
        NS_TEST_ASSERT_MSG_EQ(whole.burstAt.size(), 1, "burst delivered once");
        NS_TEST_EXPECT_MSG_EQ(whole.burstAt[0].GetNanoSeconds(),
                              outputFree + Ser(4096) + PROP,
                              "burst whole");
        NS_TEST_EXPECT_MSG_EQ(whole.errors, 0, "every byte of the burst once, in place");
        NS_TEST_EXPECT_MSG_GT(whole.message, split.message * 4, "splitting: far earlier");

        Result plain = Run(256, false);
        NS_TEST_EXPECT_MSG_EQ(plain.splits, 0, "a non-splittable packet is never split");
        NS_TEST_EXPECT_MSG_EQ(plain.message, whole.message, "non-splittable: as unsplit");
        NS_TEST_EXPECT_MSG_EQ(plain.burstAt[0], whole.burstAt[0], "non-splittable: as unsplit");
    }

    std::string m_mode; //!< switching mode
};

/**
 * \ingroup san-tests
 * Pieces of one burst meet again in a later switch's queue and are coalesced (virtual
 * cut-through).
 *
 * A line of three switches, three hosts each (hosts 0-2 on s0, 3-5 on s1, 6-8 on s2). Host 1
 * holds s0's +x link from 510 ns to 13310 ns (1024 bytes to host 3). Host 0's 2048-byte burst
 * to host 6 waits there, then host 2's 64-byte message to host 4 waits behind it: at
 * 13310 ns the burst's first piece (8 + 248 bytes) goes, then the message, then the rest (8 +
 * 1792 bytes, leaving s0 from 17310 ns to 39810 ns). Host 5 holds s1's +x link from 13510 ns
 * to 39110 ns (2048 bytes to host 7), so the first piece waits at s1 and the rest joins it
 * there, nothing between them:
 * - Coalesce: the two are one 2048-byte packet again; it leaves s1 at 39110 ns, crosses s2
 *   cut-through (head 39620 ns) and arrives whole at 39620 + ser(2048) + 10 = 65230 ns;
 * - no Coalesce: the first piece leaves s1 at 39110 ns and arrives at 39620 + ser(256) (its
 *   tail reaches s2 at 42320 ns) + 510 = 42830 ns; the rest leaves s1 at 42310 ns and
 *   arrives at 42820 + ser(1800) + 10 = 65330 ns.
 */
class SanSplitCoalesceTestCase : public TestCase
{
  public:
    SanSplitCoalesceTestCase()
        : TestCase("split pieces are coalesced at a later switch (virtual cut-through)")
    {
    }

  private:
    /// One piece delivered.
    struct Piece
    {
        uint32_t offset; //!< data offset
        uint32_t length; //!< data bytes
        Time at;         //!< arrival
    };

    std::vector<Piece> Run(bool coalesce, uint64_t& splits, uint64_t& coalesced, uint32_t& errors)
    {
        Net n;
        n.fabric.SetTopology("ns3::SanMeshTopology",
                             "X",
                             UintegerValue(3),
                             "Y",
                             UintegerValue(1),
                             "HostsPerSwitch",
                             UintegerValue(3));
        n.fabric.SetRouting("ns3::SanDimensionOrderRouting");
        n.fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
        n.fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(2048));
        n.fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * 2048));
        n.fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(256));
        n.fabric.SetSwitchAttribute("Coalesce", BooleanValue(coalesce));
        n.UseTestLinks();
        n.Build();
        std::vector<Piece> pieces;
        Memory mem(4096);
        // The receiver as CLAN's NIC: each piece written at its address as it arrives.
        PeekPointer(n.Ep(6))->SetPieceArrivalCallback(
            MakeCallback(+[](std::vector<Piece>* log,
                             Memory* mem,
                             Ptr<const Packet> p,
                             uint32_t src,
                             uint32_t offset,
                             uint32_t length) {
                log->push_back(Piece{offset, length, Simulator::Now()});
                mem->Write(p, offset, length);
            }).Bind(&pieces, &mem));
        Ptr<Packet> burst = MakeBurst(0, 2048 - HEADER);
        Simulator::Schedule(Seconds(0), [&n]() { n.Ep(1)->SendTo(3, 1024); });
        Simulator::Schedule(MicroSeconds(1), [&n, burst]() {
            PeekPointer(n.Ep(0))->SendSplittablePacket(6, burst, HEADER, Seconds(0));
        });
        Simulator::Schedule(MicroSeconds(2), [&n]() { n.Ep(2)->SendTo(4, 64); });
        Simulator::Schedule(MicroSeconds(13), [&n]() { n.Ep(5)->SendTo(7, 2048); });
        Simulator::Run();
        splits = n.fabric.GetFabric()->GetSplits();
        coalesced = n.fabric.GetFabric()->GetCoalesced();
        errors = mem.Errors(0, 2048 - HEADER);
        NS_TEST_EXPECT_MSG_EQ(n.fabric.GetFabric()->GetInFlight(), 0, "fabric empty");
        Simulator::Destroy();
        return pieces;
    }

    void DoRun() override
    {
        uint64_t splits = 0;
        uint64_t coalesced = 0;
        uint32_t errors = 0;
        std::vector<Piece> merged = Run(true, splits, coalesced, errors);
        NS_TEST_EXPECT_MSG_EQ(splits, 1, "split at s0");
        NS_TEST_EXPECT_MSG_EQ(coalesced, 1, "coalesced at s1");
        NS_TEST_ASSERT_MSG_EQ(merged.size(), 1, "one piece: the whole burst");
        NS_TEST_EXPECT_MSG_EQ(merged[0].offset, 0, "from offset 0");
        NS_TEST_EXPECT_MSG_EQ(merged[0].length, 2048 - HEADER, "all its data");
        NS_TEST_EXPECT_MSG_EQ(merged[0].at.GetNanoSeconds(),
                              39110 + PROP + ROUTING + Ser(2048) + PROP,
                              "coalesced burst's arrival");
        NS_TEST_EXPECT_MSG_EQ(errors, 0, "every byte once, in place (coalesced)");

        std::vector<Piece> apart = Run(false, splits, coalesced, errors);
        NS_TEST_EXPECT_MSG_EQ(splits, 1, "split at s0");
        NS_TEST_EXPECT_MSG_EQ(coalesced, 0, "not coalesced");
        NS_TEST_ASSERT_MSG_EQ(apart.size(), 2, "two pieces");
        NS_TEST_EXPECT_MSG_EQ(apart[0].offset, 0, "first piece's offset");
        NS_TEST_EXPECT_MSG_EQ(apart[0].length, 248, "first piece: a whole number of words");
        NS_TEST_EXPECT_MSG_EQ(apart[1].offset, 248, "second piece's offset");
        NS_TEST_EXPECT_MSG_EQ(apart[1].length, 2048 - HEADER - 248, "second piece: the rest");
        NS_TEST_EXPECT_MSG_EQ(apart[0].at.GetNanoSeconds(),
                              39110 + Ser(256) + PROP + ROUTING + PROP,
                              "first piece's arrival");
        NS_TEST_EXPECT_MSG_EQ(apart[1].at.GetNanoSeconds(),
                              39110 + Ser(256) + PROP + ROUTING + Ser(8 + 1792) + PROP,
                              "second piece's arrival");
        NS_TEST_EXPECT_MSG_EQ(errors, 0, "every byte once, in place (pieces)");
    }
};

/**
 * \ingroup san-tests
 * Many hosts send splittable bursts and short messages in waves at once: switches split (and
 * coalesce), and still every data byte lands once at its address, under deterministic routing
 * each pair's bursts and pieces arrive in order, nothing is left in the fabric and no
 * descriptor leaks. Pieces are handed up one by one (a CLAN-like NIC) or reassembled.
 */
class SanSplitStressTestCase : public TestCase
{
  public:
    SanSplitStressTestCase(std::string topology, std::string routing, std::string mode, bool pieces)
        : TestCase("split stress: " + topology + " + " + routing + " (" + mode + ", " +
                   (pieces ? "pieces" : "reassembled") + ")"),
          m_topology(topology),
          m_routing(routing),
          m_mode(mode),
          m_pieces(pieces)
    {
    }

  private:
    /// One delivery seen by a receiver's descriptor-level callback.
    struct Seen
    {
        uint64_t tag;    //!< per-pair message number
        uint32_t offset; //!< data offset (0 for whole packets)
        uint32_t length; //!< data bytes
    };

    void DoRun() override
    {
        Net n;
        santest::SetSmallTopology(n.fabric, m_topology);
        n.fabric.SetRouting(m_routing);
        n.fabric.SetFabricAttribute("SwitchingMode", StringValue(m_mode));
        n.fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(1200));
        n.fabric.SetFabricAttribute("BufferSize", UintegerValue(m_mode == "Wormhole" ? 64 : 2400));
        n.fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(128));
        n.Build();
        const uint32_t hosts = n.fabric.GetTopology()->GetNHosts();

        Memory mem(1 << 20);
        std::map<std::pair<uint32_t, uint32_t>, std::vector<Seen>> seen;
        for (uint32_t h = 0; h < hosts; ++h)
        {
            n.Ep(h)->SetDeliverCallback(
                MakeCallback(+[](decltype(seen)* log, uint32_t dst, const SanFabricPacket& p) {
                    const uint32_t offset = p.splittable ? p.PeekExtra()->burstOffset : 0;
                    (*log)[{p.src, dst}].push_back(Seen{p.GetTag(), offset, p.GetPieceBytes()});
                }).Bind(&seen, h));
            SanFabricPort* port = PeekPointer(n.Ep(h));
            if (m_pieces)
            {
                port->SetPieceArrivalCallback(MakeCallback(+[](Memory* mem,
                                                               Ptr<const Packet> p,
                                                               uint32_t src,
                                                               uint32_t offset,
                                                               uint32_t length) {
                                                  mem->Write(p, offset, length);
                                              }).Bind(&mem));
            }
            else
            {
                port->SetPacketArrivalCallback(
                    MakeCallback(+[](Memory* mem, Ptr<const Packet> p, uint32_t src) {
                        if (p != nullptr)
                        {
                            mem->Write(p, 0, p->GetSize() - HEADER);
                        }
                    }).Bind(&mem));
            }
        }

        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(91);
        std::map<std::pair<uint32_t, uint32_t>, uint64_t> sent;
        std::vector<std::pair<uint32_t, uint32_t>> bursts; // address, data bytes
        uint32_t address = 0;
        uint64_t messages = 0;
        for (uint32_t wave = 0; wave < 12; ++wave)
        {
            for (uint32_t h = 0; h < hosts; ++h)
            {
                for (uint32_t k = 0; k < 3; ++k)
                {
                    uint32_t dst = rng->GetInteger(0, hosts - 1);
                    uint64_t tag = sent[{h, dst}]++;
                    ++messages;
                    Time at = MicroSeconds(wave * 60);
                    if (rng->GetInteger(0, 2) != 0)
                    {
                        // A burst of 13..1192 data bytes (not always whole words).
                        uint32_t data = rng->GetInteger(13, 1200 - HEADER);
                        Ptr<Packet> b = MakeBurst(address, data);
                        bursts.emplace_back(address, data);
                        address += data;
                        Simulator::Schedule(at, [&n, h, dst, b, tag]() {
                            n.Ep(h)->SendSplittable(dst, b->GetSize(), HEADER, b, tag);
                        });
                    }
                    else
                    {
                        uint32_t bytes = rng->GetInteger(8, 60);
                        Simulator::Schedule(at, [&n, h, dst, bytes, tag]() {
                            n.Ep(h)->SendTo(dst, bytes, nullptr, tag);
                        });
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_LT(address, mem.bytes.size(), "memory large enough");
        const uint64_t liveBefore = SanFabricPacket::GetLiveCount();
        Simulator::Run();

        Ptr<SanFabric> fabric = n.fabric.GetFabric();
        NS_TEST_EXPECT_MSG_GT(fabric->GetSplits(), 20, "switches split bursts");
        NS_TEST_EXPECT_MSG_EQ(fabric->GetInFlight(), 0, "fabric empty");
        NS_TEST_EXPECT_MSG_EQ(SanFabricPacket::GetLiveCount(), liveBefore, "no descriptor left");
        uint32_t errors = 0;
        for (const auto& [a, len] : bursts)
        {
            errors += mem.Errors(a, len);
        }
        NS_TEST_EXPECT_MSG_EQ(errors, 0, "every data byte once, at its address");

        // Every message complete; under deterministic routing in order, pieces included.
        const bool deterministic = fabric->GetRouting()->IsDeterministic();
        uint64_t complete = 0;
        for (const auto& [pair, log] : seen)
        {
            std::map<uint64_t, uint32_t> next; // per message: next expected offset
            uint64_t current = 0;
            for (const Seen& s : log)
            {
                if (deterministic)
                {
                    const bool inOrder = s.tag >= current;
                    const uint32_t expected = s.tag == current ? next[s.tag] : 0;
                    NS_TEST_EXPECT_MSG_EQ(inOrder, true, "pair order");
                    NS_TEST_EXPECT_MSG_EQ(s.offset, expected, "pieces of a burst in order");
                    current = s.tag;
                }
                next[s.tag] += s.length;
            }
            complete += next.size();
        }
        NS_TEST_EXPECT_MSG_EQ(complete, messages, "every message arrived");
        Simulator::Destroy();
    }

    std::string m_topology; //!< topology
    std::string m_routing;  //!< routing TypeId
    std::string m_mode;     //!< switching mode
    bool m_pieces;          //!< hand pieces up (else reassemble)
};

/**
 * \ingroup san-tests
 * SplitThreshold 0, or packets that are not splittable, change nothing: the same traffic
 * (bursts and short messages in waves) delivers every packet at exactly the same time whether
 * it is sent with SendTo under SplitThreshold 0 (the behaviour before splitting existed), with
 * SendTo under SplitThreshold 128, or with SendSplittable under SplitThreshold 0.
 */
class SanSplitUnchangedTestCase : public TestCase
{
  public:
    SanSplitUnchangedTestCase(std::string mode)
        : TestCase("split: threshold 0 and non-splittable packets unchanged (" + mode + ")"),
          m_mode(mode)
    {
    }

  private:
    /// \return delivery time of every message, by (source, destination, tag)
    std::map<std::tuple<uint32_t, uint32_t, uint64_t>, Time> Run(uint32_t threshold,
                                                                 bool splittable)
    {
        Net n;
        n.fabric.SetTopology("ns3::SanMeshTopology",
                             "X",
                             UintegerValue(4),
                             "Y",
                             UintegerValue(3),
                             "Wrap",
                             BooleanValue(true));
        n.fabric.SetRouting("ns3::SanDimensionOrderRouting");
        n.fabric.SetFabricAttribute("SwitchingMode", StringValue(m_mode));
        n.fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(1200));
        n.fabric.SetFabricAttribute("BufferSize", UintegerValue(m_mode == "Wormhole" ? 64 : 2400));
        n.fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(threshold));
        n.Build();
        const uint32_t hosts = n.fabric.GetTopology()->GetNHosts();
        std::map<std::tuple<uint32_t, uint32_t, uint64_t>, Time> at;
        for (uint32_t h = 0; h < hosts; ++h)
        {
            n.Ep(h)->SetDeliverCallback(
                MakeCallback(+[](decltype(at)* log, uint32_t dst, const SanFabricPacket& p) {
                    (*log)[{p.src, dst, p.GetTag()}] = Simulator::Now();
                }).Bind(&at, h));
        }
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(17);
        std::map<std::pair<uint32_t, uint32_t>, uint64_t> sent;
        for (uint32_t wave = 0; wave < 10; ++wave)
        {
            for (uint32_t h = 0; h < hosts; ++h)
            {
                for (uint32_t k = 0; k < 3; ++k)
                {
                    uint32_t dst = rng->GetInteger(0, hosts - 1);
                    uint64_t tag = sent[{h, dst}]++;
                    uint32_t bytes = rng->GetInteger(0, 2) != 0 ? rng->GetInteger(100, 1200)
                                                                : rng->GetInteger(8, 60);
                    Simulator::Schedule(
                        MicroSeconds(wave * 50),
                        [&n, h, dst, bytes, tag, splittable]() {
                            if (splittable && bytes > HEADER)
                            {
                                n.Ep(h)->SendSplittable(dst, bytes, HEADER, nullptr, tag);
                            }
                            else
                            {
                                n.Ep(h)->SendTo(dst, bytes, nullptr, tag);
                            }
                        });
                }
            }
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(n.fabric.GetFabric()->GetSplits(), 0, "nothing split");
        Simulator::Destroy();
        return at;
    }

    void DoRun() override
    {
        auto before = Run(0, false);
        NS_TEST_ASSERT_MSG_GT(before.size(), 300, "traffic delivered");
        auto plain = Run(128, false);
        auto zero = Run(0, true);
        NS_TEST_EXPECT_MSG_EQ((plain == before), true, "non-splittable under a threshold");
        NS_TEST_EXPECT_MSG_EQ((zero == before), true, "splittable under threshold 0");
    }

    std::string m_mode; //!< switching mode
};

/**
 * \ingroup san-tests
 * Bad splittable sends are refused.
 */
class SanSplitErrorsTestCase : public TestCase
{
  public:
    SanSplitErrorsTestCase()
        : TestCase("split: a splittable packet needs a data byte after its header")
    {
    }

  private:
    void DoRun() override
    {
        Net n;
        n.fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        n.fabric.SetRouting("ns3::SanDimensionOrderRouting");
        n.Build();
        uint32_t rejects = 0;
        n.Ep(0)->TraceConnectWithoutContext(
            "SendReject",
            MakeCallback(+[](uint32_t* r, uint32_t, uint32_t) { ++*r; }).Bind(&rejects));
        NS_TEST_EXPECT_MSG_EQ(n.Ep(0)->SendSplittable(1, 8, 8), false, "header only");
        NS_TEST_EXPECT_MSG_EQ(n.Ep(0)->SendSplittable(1, 8, 9), false, "header too long");
        NS_TEST_EXPECT_MSG_EQ(PeekPointer(n.Ep(0))->SendSplittablePacket(1, nullptr, 8, Seconds(0)),
                              false,
                              "no packet");
        NS_TEST_EXPECT_MSG_EQ(n.Ep(0)->SendSplittable(1, 9, 8), true, "one data byte");
        NS_TEST_EXPECT_MSG_EQ(rejects, 3, "three rejects traced");
        Simulator::Run();
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanFabricSplitTestSuite : public TestSuite
{
  public:
    SanFabricSplitTestSuite()
        : TestSuite("san-fabric-split", UNIT)
    {
        AddTestCase(new SanSplitLatencyTestCase("Wormhole"), TestCase::QUICK);
        AddTestCase(new SanSplitLatencyTestCase("VirtualCutThrough"), TestCase::QUICK);
        AddTestCase(new SanSplitCoalesceTestCase, TestCase::QUICK);
        AddTestCase(new SanSplitUnchangedTestCase("Wormhole"), TestCase::QUICK);
        AddTestCase(new SanSplitUnchangedTestCase("VirtualCutThrough"), TestCase::QUICK);
        AddTestCase(new SanSplitErrorsTestCase, TestCase::QUICK);
        for (std::string mode : {"Wormhole", "VirtualCutThrough"})
        {
            for (bool pieces : {true, false})
            {
                AddTestCase(new SanSplitStressTestCase("torus",
                                                       "ns3::SanDimensionOrderRouting",
                                                       mode,
                                                       pieces),
                            TestCase::QUICK);
                AddTestCase(
                    new SanSplitStressTestCase("fat-tree", "ns3::SanUpDownRouting", mode, pieces),
                    TestCase::QUICK);
            }
            AddTestCase(
                new SanSplitStressTestCase("torus", "ns3::SanMinimalAdaptiveRouting", mode, true),
                TestCase::QUICK);
            AddTestCase(
                new SanSplitStressTestCase("fat-tree", "ns3::SanValiantRouting", mode, false),
                TestCase::QUICK);
        }
    }
};

/// Static instance.
static SanFabricSplitTestSuite g_sanFabricSplitTestSuite;
