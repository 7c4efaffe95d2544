/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Link-level flow control: Xon/Xoff (CLAN 1999, section 2.2) against the default credits.
// Xon/Xoff loses nothing and keeps per-pair order under overload, its symbols cross the links
// through SanChannel::Transmit and are seen, a saturated link with a big enough buffer carries
// as much as under credits, and a buffer too small for a link's round trip is refused.

#include "san-fabric-test-util.h"
#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-channel.h"
#include "ns3/san-module.h"
#include "ns3/san-xon-xoff-buffer.h"
#include "ns3/test.h"

#include <map>
#include <vector>

using namespace ns3;

namespace
{

/**
 * A SanChannel that overrides only Transmit(), as a remote (MPI) channel would, and counts the
 * messages by kind.
 */
class SanFlowCountingChannel : public SanChannel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::SanFlowCountingChannel")
                                .SetParent<SanChannel>()
                                .SetGroupName("San")
                                .AddConstructor<SanFlowCountingChannel>();
        return tid;
    }

    void Transmit(const SanLinkMessage& msg) override
    {
        const SanLinkMessage copy = msg; // what a remote channel would serialize
        ++g_counts[copy.kind];
        Deliver(copy);
    }

    static std::map<int, uint64_t> g_counts; //!< messages by kind, all links
};

std::map<int, uint64_t> SanFlowCountingChannel::g_counts;

NS_OBJECT_ENSURE_REGISTERED(SanFlowCountingChannel);

/// Sends `count` packets of `bytes` from each source to one sink at time zero; returns when the
/// last one was delivered.
Time
RunFanIn(SanFabricHelper& fabric,
         const std::vector<uint32_t>& sources,
         uint32_t sink,
         uint32_t count,
         uint32_t bytes)
{
    NodeContainer hosts;
    hosts.Create(fabric.GetTopology()->GetNHosts());
    NetDeviceContainer nics = fabric.Install(hosts);
    Time last;
    uint64_t received = 0;
    Ptr<SanEndpointDevice> dst = DynamicCast<SanEndpointDevice>(nics.Get(sink));
    dst->SetDeliverCallback(
        MakeCallback(+[](std::pair<Time*, uint64_t*> out, const SanFabricPacket&) {
            *out.first = Simulator::Now();
            ++*out.second;
        }).Bind(std::make_pair(&last, &received)));
    for (uint32_t src : sources)
    {
        Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(nics.Get(src));
        Simulator::Schedule(NanoSeconds(1), [ep, sink, count, bytes]() {
            for (uint32_t i = 0; i < count; ++i)
            {
                ep->SendTo(sink, bytes, nullptr, i);
            }
        });
    }
    Simulator::Run();
    if (received != count * sources.size())
    {
        last = Seconds(-1); // lost or stuck: the caller's checks fail
    }
    Simulator::Destroy();
    return last;
}

/// Crossbar of `n` hosts with the given mode and flow control.
void
UseCrossbar(SanFabricHelper& f, uint32_t n, uint32_t maxPacket, uint32_t buffer, Time delay)
{
    f.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(n));
    f.SetRouting("ns3::SanDimensionOrderRouting");
    f.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
    f.SetFabricAttribute("MaxPacketSize", UintegerValue(maxPacket));
    f.SetFabricAttribute("BufferSize", UintegerValue(buffer));
    f.SetChannelAttribute("Delay", TimeValue(delay));
}

} // namespace

/**
 * \ingroup san-tests
 * The receiving end's bookkeeping: occupancy from head arrival to release, and the first time a
 * mark may be crossed as known now.
 */
class SanXonXoffBufferTestCase : public TestCase
{
  public:
    SanXonXoffBufferTestCase()
        : TestCase("XonXoff buffer: occupancy and the next decision")
    {
    }

  private:
    void DoRun() override
    {
        SanXonXoffBuffer b;
        b.Setup(2, 300, 100);
        const uint32_t a = b.Admit(0, 200, 10, 0);
        NS_TEST_ASSERT_MSG_EQ(b.GetOccupancy(0, 9), 0u, "not arrived yet");
        NS_TEST_ASSERT_MSG_EQ(b.GetOccupancy(0, 10), 200u, "counted from its head's arrival");
        NS_TEST_ASSERT_MSG_EQ(b.GetOccupancy(1, 10), 0u, "channels are separate");
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 0, 0), SanXonXoffBuffer::HELD, "below the mark");
        const uint32_t c = b.Admit(0, 150, 20, 0);
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 0, 0), 20, "350 >= 300 when the second arrives");
        b.SetRelease(a, 15);
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 0, 0),
                              SanXonXoffBuffer::HELD,
                              "the first leaves before the second arrives");
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 0, 100), 10, "but 200 bytes exceed a limit of 100");
        b.SetRelease(a, SanXonXoffBuffer::HELD);
        b.SetXoff(0, true);
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 30, 0), SanXonXoffBuffer::HELD, "nothing leaves");
        b.SetRelease(c, 40);
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 30, 0), SanXonXoffBuffer::HELD, "200 > 100");
        b.SetRelease(a, 50);
        NS_TEST_ASSERT_MSG_EQ(b.NextDecision(0, 30, 0), 50, "Xon once both have left");
        // A gone entry is reused.
        const uint32_t d = b.Admit(1, 10, 60, 55);
        NS_TEST_ASSERT_MSG_LT(d, 2u, "entry reused");
    }
};

/**
 * \ingroup san-tests
 * Under overload every packet arrives, once and (with deterministic routing) in per-pair order,
 * and the receiving ends did stop their senders (Xoff) and restart them (Xon).
 */
class SanXonXoffDeliveryTestCase : public TestCase
{
  public:
    /**
     * \param topology "torus" or "fat-tree"
     * \param routing routing TypeId (deterministic)
     * \param mode switching mode
     */
    SanXonXoffDeliveryTestCase(std::string topology, std::string routing, std::string mode)
        : TestCase("XonXoff under overload: all delivered in order: " + topology + " + " + routing +
                   " (" + mode + ")"),
          m_topology(topology),
          m_routing(routing),
          m_mode(mode)
    {
    }

  private:
    void DoRun() override
    {
        SanFabricHelper fabric;
        santest::SetSmallTopology(fabric, m_topology);
        fabric.SetRouting(m_routing);
        fabric.SetFabricAttribute("SwitchingMode", StringValue(m_mode));
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(256));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(m_mode == "Wormhole" ? 64 : 1024));
        fabric.SetFlowControl("XonXoff");
        NodeContainer hosts;
        hosts.Create(fabric.GetTopology()->GetNHosts());
        NetDeviceContainer nics = fabric.Install(hosts);
        fabric.AssignStreams(3);
        SanTrafficHelper traffic;
        traffic.SetAttribute("Pattern", StringValue("Uniform"));
        traffic.SetAttribute("OfferedLoad", DoubleValue(1.0)); // past saturation here
        traffic.SetAttribute("PacketSize", UintegerValue(256));
        traffic.SetAttribute("TrackOrder", BooleanValue(true));
        ApplicationContainer apps = traffic.Install(nics);
        SanTrafficHelper::AssignStreams(apps, 5);
        apps.Start(Seconds(0));
        apps.Stop(MicroSeconds(300));
        const uint64_t liveBefore = SanFabricPacket::GetLiveCount();
        Simulator::Stop(Seconds(1)); // a guard; the drain ends far earlier
        Simulator::Run();
        SanTrafficHelper::Totals t = SanTrafficHelper::Sum(apps);
        Ptr<SanFabric> f = fabric.GetFabric();
        NS_TEST_ASSERT_MSG_GT(t.generated, 500u, "traffic was offered");
        NS_TEST_ASSERT_MSG_EQ(t.received, t.generated, "lost or stuck: " << f->GetInFlight());
        if (f->GetRouting()->IsDeterministic())
        {
            NS_TEST_ASSERT_MSG_EQ(t.reordered, 0u, "a pair was reordered");
        }
        NS_TEST_ASSERT_MSG_GT(f->GetXoffSymbols(), 0u, "no receiver ever stopped its sender");
        NS_TEST_ASSERT_MSG_EQ(f->GetXonSymbols(),
                              f->GetXoffSymbols(),
                              "every Xoff is followed by an Xon once the buffers drain");
        NS_TEST_ASSERT_MSG_EQ(SanFabricPacket::GetLiveCount(), liveBefore, "no descriptor left");
        Simulator::Destroy();
    }

    std::string m_topology; //!< topology
    std::string m_routing;  //!< routing TypeId
    std::string m_mode;     //!< switching mode
};

/**
 * \ingroup san-tests
 * The symbols are seen: a switch input sends Xoff at or above its mark and Xon at or below the
 * lower one, every symbol crosses the link through Transmit() (which carries no credit on an
 * Xon/Xoff link), and the occupancy never passes the buffer.
 */
class SanXonXoffSymbolsTestCase : public TestCase
{
  public:
    SanXonXoffSymbolsTestCase()
        : TestCase("XonXoff symbols: sent at the marks, through Transmit, no credits")
    {
    }

  private:
    /// One symbol seen at a port.
    struct Seen
    {
        uint32_t vc;  //!< channel
        bool xoff;    //!< Xoff or Xon
        uint64_t occ; //!< occupancy then
    };

    void DoRun() override
    {
        SanFlowCountingChannel::g_counts.clear();
        // A crossbar of three hosts wired by hand, as SanFabricHelper wires it, with counting
        // channels: 500 ns each way at 80 MB/s is 80 bytes per round trip.
        Ptr<SanTopology> topo = CreateObject<SanCrossbarTopology>();
        topo->SetAttribute("NHosts", UintegerValue(3));
        Ptr<SanFabric> fabric = CreateObject<SanFabric>();
        fabric->SetAttribute("Topology", PointerValue(topo));
        fabric->SetAttribute("Routing", PointerValue(CreateObject<SanDimensionOrderRouting>()));
        fabric->SetAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
        fabric->SetAttribute("MaxPacketSize", UintegerValue(512));
        fabric->SetAttribute("BufferSize", UintegerValue(4096));
        fabric->Configure();
        Ptr<Node> swNode = CreateObject<Node>();
        Ptr<SanSwitch> sw = CreateObject<SanSwitch>();
        sw->SetNodeId(swNode->GetId());
        sw->Setup(fabric, 0);
        swNode->AggregateObject(sw);
        fabric->RegisterSwitch(0, sw);
        NodeContainer hosts;
        hosts.Create(3);
        std::vector<Ptr<SanEndpointDevice>> eps(3);
        ObjectFactory channels("ns3::SanFlowCountingChannel");
        channels.Set("Delay", TimeValue(NanoSeconds(500)));
        channels.Set("FlowControl", StringValue("XonXoff"));
        channels.Set("XonThreshold", UintegerValue(1000));
        for (const SanTopologyLink& link : topo->GetLinks())
        {
            Ptr<SanChannel> channel = channels.Create<SanChannel>();
            SanSwitchPort* port = sw->AddPort(link.portA);
            Ptr<SanEndpointDevice> ep = CreateObject<SanEndpointDevice>();
            hosts.Get(link.b)->AddDevice(ep);
            ep->SetHost(link.b, 0);
            fabric->RegisterEndpoint(link.b, ep);
            eps[link.b] = ep;
            port->Attach(fabric, channel);
            ep->Attach(fabric, channel);
        }
        std::vector<Seen> seen;
        SanSwitchPort* in0 = sw->GetPort(topo->GetHostPort(0));
        fabric->TraceConnectWithoutContext(
            "XonXoff",
            MakeCallback(+[](std::pair<std::vector<Seen>*, SanSwitchPort*> log,
                             uint32_t node,
                             uint32_t port,
                             uint32_t vc,
                             bool xoff,
                             uint64_t occ) {
                if (node == log.second->GetNodeId() && port == log.second->GetNumber())
                {
                    log.first->push_back(Seen{vc, xoff, occ});
                }
            }).Bind(std::make_pair(&seen, in0)));
        const uint32_t xoffMark = in0->GetXoffMark();
        const uint32_t xonMark = in0->GetXonMark();
        NS_TEST_ASSERT_MSG_EQ(xoffMark, 4096u - 512u - 80u, "automatic Xoff mark");
        NS_TEST_ASSERT_MSG_EQ(xonMark, 1000u, "Xon mark as set");
        for (uint32_t src : {0u, 1u})
        {
            Ptr<SanEndpointDevice> ep = eps[src];
            Simulator::Schedule(NanoSeconds(1), [ep]() {
                for (uint32_t i = 0; i < 100; ++i)
                {
                    ep->SendTo(2, 512);
                }
            });
        }
        Simulator::Run();
        const uint64_t received = eps[2]->GetReceivedPackets();
        const uint64_t symbols = in0->GetXoffSent() + in0->GetXonSent();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(received, 200u, "all delivered");
        NS_TEST_ASSERT_MSG_GT(seen.size(), 1u, "host 0's switch input sent symbols");
        NS_TEST_ASSERT_MSG_EQ(symbols, seen.size(), "counters");
        bool xoff = false;
        for (const Seen& s : seen)
        {
            NS_TEST_ASSERT_MSG_NE(s.xoff, xoff, "symbols alternate, starting with Xoff");
            xoff = s.xoff;
            if (s.xoff)
            {
                NS_TEST_ASSERT_MSG_GT_OR_EQ(s.occ, xoffMark, "Xoff at or above its mark");
                NS_TEST_ASSERT_MSG_LT_OR_EQ(s.occ, 4096u, "the buffer never overflows");
            }
            else
            {
                NS_TEST_ASSERT_MSG_LT_OR_EQ(s.occ, xonMark, "Xon at or below its mark");
            }
        }
        auto& n = SanFlowCountingChannel::g_counts;
        NS_TEST_ASSERT_MSG_EQ(n[SanLinkMessage::CREDIT], 0u, "no credits on Xon/Xoff links");
        NS_TEST_ASSERT_MSG_EQ(n[SanLinkMessage::XPACKET], 200u, "host to switch: into a buffer");
        NS_TEST_ASSERT_MSG_EQ(n[SanLinkMessage::PACKET], 200u, "switch to host: a host drains");
        NS_TEST_ASSERT_MSG_GT(n[SanLinkMessage::XOFF], 0u, "Xoff crossed a link");
        NS_TEST_ASSERT_MSG_EQ(n[SanLinkMessage::XON],
                              n[SanLinkMessage::XOFF],
                              "each Xoff undone by an Xon");
    }
};

/**
 * \ingroup san-tests
 * A saturated link (two hosts sending to a third over 10 us links) with a buffer that covers the
 * round trip carries as much under Xon/Xoff as under credits; with an Xon mark of 1 byte a sender
 * restarts only once its buffer is empty, and the output idles while the Xon and the next data
 * cross the link (20 us against 6.4 us for the other input's last packet).
 */
class SanXonXoffThroughputTestCase : public TestCase
{
  public:
    SanXonXoffThroughputTestCase()
        : TestCase("XonXoff saturated link: throughput equals credits' with enough buffer")
    {
    }

  private:
    Time Run(std::string mode, uint32_t xon)
    {
        SanFabricHelper fabric;
        UseCrossbar(fabric, 3, 512, 8192, MicroSeconds(10));
        fabric.SetFlowControl(mode, 0, xon);
        return RunFanIn(fabric, {0, 1}, 2, 200, 512);
    }

    void DoRun() override
    {
        const Time credits = Run("Credits", 0);
        const Time xonXoff = Run("XonXoff", 0);
        const Time starved = Run("XonXoff", 1);
        // 400 packets of 512 bytes at 80 MB/s: 2.56 ms on the sink's link.
        NS_TEST_ASSERT_MSG_GT(credits, MicroSeconds(2560), "credits: the sink's link is the limit");
        NS_TEST_ASSERT_MSG_LT(credits, MicroSeconds(2600), "credits: the link is kept busy");
        NS_TEST_ASSERT_MSG_EQ_TOL(xonXoff.GetSeconds(),
                                  credits.GetSeconds(),
                                  credits.GetSeconds() * 0.001,
                                  "Xon/Xoff with automatic marks: same throughput");
        NS_TEST_ASSERT_MSG_GT(starved,
                              credits + MicroSeconds(100),
                              "an Xon mark of 1 byte lets the output idle for round trips");
    }
};

/**
 * \ingroup san-tests
 * Wormhole: one worm holds a virtual channel at a time. Under credits the next worm leaves the
 * host the moment the channel frees (the model's credits take no time); under Xon/Xoff it leaves
 * when the Xon has crossed the link, one propagation delay later. A sender that ignored Xoff
 * would start it as soon as its link is idle, earlier than under credits.
 */
class SanXonXoffWormholeTestCase : public TestCase
{
  public:
    SanXonXoffWormholeTestCase()
        : TestCase("XonXoff wormhole: the next worm starts when the Xon arrives")
    {
    }

  private:
    Time Run(std::string mode)
    {
        SanFabricHelper fabric;
        // A 200-byte buffer: room for the 160 bytes of a round trip, and the packets are worms.
        UseCrossbar(fabric, 2, 256, 200, MicroSeconds(1));
        fabric.SetFabricAttribute("SwitchingMode", StringValue("Wormhole"));
        fabric.SetFlowControl(mode);
        return RunFanIn(fabric, {0}, 1, 2, 256);
    }

    void DoRun() override
    {
        const Time credits = Run("Credits");
        const Time xonXoff = Run("XonXoff");
        // Worm 1 leaves at 1 ns, reaches the switch 1 us later, is routed in 0.5 us and takes
        // 3.2 us to leave it: its channel frees at 4.701 us; worm 2 follows it by 4.7 us, plus
        // its own 1 + 0.5 + 3.2 + 1 us to the host.
        NS_TEST_ASSERT_MSG_EQ(credits, NanoSeconds(1 + 4700 + 5700), "credits");
        NS_TEST_ASSERT_MSG_EQ(xonXoff, credits + MicroSeconds(1), "Xon/Xoff: the Xon's flight");
    }
};

/**
 * \ingroup san-tests
 * A configuration that could lose data is refused at set-up with a clear message: a buffer that
 * cannot hold the Xoff mark plus a round trip of the link, an explicit mark too high, an Xon
 * mark not below the Xoff mark, a wormhole buffer shorter than the round trip.
 */
class SanXonXoffRefusedTestCase : public TestCase
{
  public:
    SanXonXoffRefusedTestCase()
        : TestCase("XonXoff: a buffer too small for the round trip is refused")
    {
    }

  private:
    static void Build(std::string mode, uint32_t buffer, Time delay, uint32_t xoff, uint32_t xon)
    {
        SanFabricHelper fabric;
        UseCrossbar(fabric, 2, 256, buffer, delay);
        fabric.SetFabricAttribute("SwitchingMode", StringValue(mode));
        fabric.SetFlowControl("XonXoff", xoff, xon);
        NodeContainer hosts;
        hosts.Create(2);
        fabric.Install(hosts);
        Simulator::Destroy();
    }

    void DoRun() override
    {
        std::string msg;
        // 5 us each way at 80 MB/s: 800 bytes per round trip, more than 1024 - 256 leaves.
        NS_TEST_EXPECT_MSG_EQ(santest::DiesWithMessage(
                                  [] { Build("VirtualCutThrough", 1024, MicroSeconds(5), 0, 0); },
                                  "cannot hold the Xoff mark",
                                  msg),
                              true,
                              "long link, small buffer: " << msg);
        NS_TEST_EXPECT_MSG_EQ(
            santest::DiesWithMessage(
                [] { Build("VirtualCutThrough", 1024, NanoSeconds(10), 1000, 0); },
                "so data could be lost",
                msg),
            true,
            "Xoff mark too close to BufferSize: " << msg);
        NS_TEST_EXPECT_MSG_EQ(
            santest::DiesWithMessage(
                [] { Build("VirtualCutThrough", 1024, NanoSeconds(10), 500, 500); },
                "must be below the Xoff mark",
                msg),
            true,
            "Xon mark not below Xoff: " << msg);
        NS_TEST_EXPECT_MSG_EQ(
            santest::DiesWithMessage([] { Build("Wormhole", 64, MicroSeconds(1), 0, 0); },
                                     "one round trip of the link, 160 bytes",
                                     msg),
            true,
            "wormhole buffer shorter than the round trip: " << msg);
        NS_TEST_EXPECT_MSG_EQ(santest::DiesWithMessage(
                                  [] {
                                      SanFabricHelper f;
                                      f.SetFlowControl("Xon/Xoff");
                                  },
                                  "unknown mode",
                                  msg),
                              true,
                              "misspelt mode: " << msg);
        // The same buffer is fine on a short link, and in the credits mode on the long one.
        Build("VirtualCutThrough", 1024, NanoSeconds(10), 0, 0);
        SanFabricHelper credits;
        UseCrossbar(credits, 2, 256, 1024, MicroSeconds(5));
        NodeContainer hosts;
        hosts.Create(2);
        credits.Install(hosts);
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The flow-control suite.
 */
class SanFabricFlowControlTestSuite : public TestSuite
{
  public:
    SanFabricFlowControlTestSuite()
        : TestSuite("san-fabric-flow-control", UNIT)
    {
        AddTestCase(new SanXonXoffBufferTestCase, TestCase::QUICK);
        for (std::string mode : {"VirtualCutThrough", "Wormhole"})
        {
            AddTestCase(
                new SanXonXoffDeliveryTestCase("torus", "ns3::SanDimensionOrderRouting", mode),
                TestCase::QUICK);
            AddTestCase(new SanXonXoffDeliveryTestCase("fat-tree", "ns3::SanUpDownRouting", mode),
                        TestCase::QUICK);
        }
        // Adaptive routing with its escape channel: per-channel Xoff keeps the escape free.
        AddTestCase(new SanXonXoffDeliveryTestCase("torus",
                                                   "ns3::SanMinimalAdaptiveRouting",
                                                   "VirtualCutThrough"),
                    TestCase::QUICK);
        for (std::string mode : {"StoreAndForward", "Cell"})
        {
            AddTestCase(
                new SanXonXoffDeliveryTestCase("torus", "ns3::SanDimensionOrderRouting", mode),
                TestCase::QUICK);
        }
        AddTestCase(new SanXonXoffSymbolsTestCase, TestCase::QUICK);
        AddTestCase(new SanXonXoffThroughputTestCase, TestCase::QUICK);
        AddTestCase(new SanXonXoffWormholeTestCase, TestCase::QUICK);
        AddTestCase(new SanXonXoffRefusedTestCase, TestCase::QUICK);
    }
};

/// Static instance.
static SanFabricFlowControlTestSuite g_sanFabricFlowControlTestSuite;
