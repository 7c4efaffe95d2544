/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-switch-ports": a fabric whose switch ports are plain records and whose links
// between switches are bare (SanFabricHelper::SetSwitchPortDevices(false)) behaves exactly as
// one whose every port has its NetDevice and every link its channel; a port's device is made
// on first use, once, on its switch's node, and the switch's "Ports" attribute reaches it by
// topology port number in Config paths. Switches without nodes (SetSwitchNodes(false)) behave
// the same too, and refuse what needs a node with a clear message. A port's 32-bit counters
// carry past 32 bits, and its framed times hold far beyond a frame; SetHostNodeReceive(false)
// leaves a host's node without packets; a port's link handle finds its link.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// One delivery: uid, source, destination, bytes, latency (ns), hops.
using PortDelivery = std::tuple<uint64_t, uint32_t, uint32_t, uint32_t, int64_t, uint32_t>;

/// What one run of the scenario saw.
struct PortsOutcome
{
    std::vector<PortDelivery> deliveries; //!< in delivery order
    std::vector<uint64_t> portTx;         //!< departures of every switch port, by switch and port
    uint32_t switchDevices{0};            //!< devices on the switch nodes after Install
    uint64_t tracedTx{0};                 //!< PacketTx seen through the switches' Ports paths
    uint32_t switchNodes{0};              //!< switch nodes made by Install
    std::vector<uint32_t> contexts;       //!< the switches' event contexts, by switch
};

/// Record a delivery. \param log where \param dst host \param uid uid \param src source
/// \param bytes size \param latency latency \param hops switch-hops
void
Rx(std::vector<PortDelivery>* log,
   uint32_t dst,
   uint64_t uid,
   uint32_t src,
   uint32_t bytes,
   Time latency,
   uint32_t hops)
{
    log->emplace_back(uid, src, dst, bytes, latency.GetNanoSeconds(), hops);
}

/**
 * Every host sends to several others on a 4-ary 2-tree with adaptive up*-down* routing, so
 * packets contend, queue and choose among ports.
 * \param devices SanFabricHelper::SetSwitchPortDevices
 * \param traceByPorts connect PacketTx of every switch port through the Ports attribute
 * \param nodes SanFabricHelper::SetSwitchNodes
 * \return what was seen
 */
PortsOutcome
RunScenario(bool devices, bool traceByPorts, bool nodes = true)
{
    PortsOutcome out;
    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
    fabric.SetRouting("ns3::SanUpDownRouting");
    fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
    fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(512));
    fabric.SetFabricAttribute("BufferSize", UintegerValue(1024));
    fabric.SetSwitchPortDevices(devices);
    fabric.SetSwitchNodes(nodes);
    NodeContainer hosts;
    hosts.Create(fabric.GetTopology()->GetNHosts());
    NetDeviceContainer nics = fabric.Install(hosts);
    fabric.AssignStreams(7);
    NodeContainer switches = fabric.GetSwitchNodes();
    out.switchNodes = switches.GetN();
    for (uint32_t s = 0; s < switches.GetN(); ++s)
    {
        out.switchDevices += switches.Get(s)->GetNDevices();
    }
    if (traceByPorts)
    {
        Config::ConnectWithoutContext(
            "/NodeList/*/$ns3::SanSwitch/Ports/*/PacketTx",
            MakeCallback(+[](uint64_t* n, uint64_t, uint32_t, uint32_t, uint32_t, uint32_t) {
                ++*n;
            }).Bind(&out.tracedTx));
    }
    const uint32_t n = nics.GetN();
    for (uint32_t h = 0; h < n; ++h)
    {
        Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(nics.Get(h));
        ep->TraceConnectWithoutContext("PacketRx", MakeBoundCallback(&Rx, &out.deliveries, h));
        for (uint32_t k = 1; k <= 6; ++k)
        {
            const uint32_t dst = (h * 5 + k * 3) % n;
            if (dst != h)
            {
                Simulator::Schedule(NanoSeconds(100 * k),
                                    [ep, dst, k]() { ep->SendTo(dst, 64 * k); });
            }
        }
    }
    Simulator::Run();
    Ptr<SanFabric> san = fabric.GetFabric();
    for (uint32_t s = 0; s < fabric.GetTopology()->GetNSwitches(); ++s)
    {
        Ptr<SanSwitch> sw = san->GetSwitch(s);
        out.contexts.push_back(sw->GetNodeId());
        for (uint32_t p = 0; p < fabric.GetTopology()->GetNPorts(s); ++p)
        {
            const SanSwitchPort* port = sw->GetPort(p);
            out.portTx.push_back(port != nullptr ? port->GetTxPackets() : 0);
        }
    }
    Simulator::Destroy();
    return out;
}

/// Compact ports give the same packets, times and port counts as ports with devices.
class SanSwitchPortsSameResultsTestCase : public TestCase
{
  public:
    SanSwitchPortsSameResultsTestCase()
        : TestCase("switch ports without devices give the same deliveries and departures")
    {
    }

  private:
    void DoRun() override
    {
        const PortsOutcome full = RunScenario(true, false);
        const PortsOutcome compact = RunScenario(false, false);
        NS_TEST_ASSERT_MSG_GT(full.deliveries.size(), 60u, "the scenario delivers its packets");
        NS_TEST_EXPECT_MSG_EQ(full.switchDevices, 48u, "4 leaves x 8 ports + 4 roots x 4");
        NS_TEST_EXPECT_MSG_EQ(compact.switchDevices, 0u, "no switch port device made");
        NS_TEST_ASSERT_MSG_EQ(compact.deliveries.size(),
                              full.deliveries.size(),
                              "as many deliveries");
        for (std::size_t i = 0; i < full.deliveries.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ((compact.deliveries[i] == full.deliveries[i]),
                                  true,
                                  "delivery " << i << " (uid, src, dst, bytes, latency, hops)");
        }
        NS_TEST_EXPECT_MSG_EQ((compact.portTx == full.portTx), true, "departures per port");
        // Tracing every port through the Ports attribute makes their devices and counts every
        // departure, without changing what happens.
        const PortsOutcome traced = RunScenario(false, true);
        uint64_t departures = 0;
        for (uint64_t tx : full.portTx)
        {
            departures += tx;
        }
        NS_TEST_EXPECT_MSG_EQ(traced.tracedTx, departures, "every switch departure traced");
        NS_TEST_EXPECT_MSG_EQ((traced.deliveries == full.deliveries), true, "same deliveries");
        // Switches without nodes: none made, the same contexts (the ids their nodes would have
        // had), the same packets and departures.
        const PortsOutcome nodeless = RunScenario(false, false, false);
        NS_TEST_EXPECT_MSG_EQ(full.switchNodes, 8u, "a node per switch by default");
        NS_TEST_EXPECT_MSG_EQ(nodeless.switchNodes, 0u, "no switch node");
        NS_TEST_EXPECT_MSG_EQ((nodeless.contexts == full.contexts), true, "the same contexts");
        NS_TEST_EXPECT_MSG_EQ((nodeless.deliveries == full.deliveries), true, "same deliveries");
        NS_TEST_EXPECT_MSG_EQ((nodeless.portTx == full.portTx), true, "same departures");
    }
};

/// A port's device: made once on first use, on its switch's node, named in Config paths by its
/// topology port number.
class SanSwitchPortDeviceTestCase : public TestCase
{
  public:
    SanSwitchPortDeviceTestCase()
        : TestCase("a switch port's device is made once, on its node, and found by port number")
    {
    }

  private:
    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(3), "Y", UintegerValue(1));
        fabric.SetSwitchPortDevices(false);
        NodeContainer hosts;
        hosts.Create(3);
        NetDeviceContainer nics = fabric.Install(hosts);
        Ptr<SanTopology> topo = fabric.GetTopology();
        Ptr<SanSwitch> middle = fabric.GetFabric()->GetSwitch(1);
        Ptr<Node> node = fabric.GetSwitchNodes().Get(1);
        NS_TEST_ASSERT_MSG_EQ(node->GetNDevices(), 0u, "no device before one is asked for");
        // The middle switch of a 3x1 line has its host port and two mesh ports connected.
        NS_TEST_ASSERT_MSG_EQ(middle->GetNConnectedPorts(), 3u, "three connected ports");
        uint32_t unconnected = topo->GetNPorts(1);
        for (uint32_t p = 0; p < topo->GetNPorts(1); ++p)
        {
            if (middle->GetPort(p) == nullptr)
            {
                unconnected = p;
                break;
            }
        }
        NS_TEST_ASSERT_MSG_LT(unconnected, topo->GetNPorts(1), "a mesh edge has an idle port");
        // Its ports are stored in the order they were made, not by number: each still finds
        // its switch, its context and its number from its place in the switch's array.
        for (uint32_t i = 0; i < middle->GetNConnectedPorts(); ++i)
        {
            SanSwitchPort* port = middle->GetConnectedPortAt(i);
            NS_TEST_EXPECT_MSG_EQ(port->GetSwitch(), PeekPointer(middle), "finds its switch");
            NS_TEST_EXPECT_MSG_EQ(port->GetNodeId(), node->GetId(), "runs in its node's context");
            NS_TEST_EXPECT_MSG_EQ(middle->GetPort(port->GetNumber()), port, "by its number");
        }
        // A host's interface is the other kind of port: its own node's context, no switch.
        SanPort* hostEnd = PeekPointer(DynamicCast<SanEndpointDevice>(nics.Get(1)));
        NS_TEST_EXPECT_MSG_EQ(hostEnd->IsSwitchPort(), false, "a host's interface");
        NS_TEST_EXPECT_MSG_EQ(middle->GetConnectedPortAt(0)->IsSwitchPort(), true, "a switch's");
        NS_TEST_EXPECT_MSG_EQ(hostEnd->GetNodeId(), hosts.Get(1)->GetId(), "its host's context");
        NS_TEST_EXPECT_MSG_EQ(middle->GetPortDevice(unconnected),
                              nullptr,
                              "an unconnected port has no device");

        const uint32_t hostPort = topo->GetHostPort(1);
        Ptr<SanSwitchPortDevice> dev = middle->GetPortDevice(hostPort);
        NS_TEST_ASSERT_MSG_NE(dev, nullptr, "a connected port's device");
        NS_TEST_EXPECT_MSG_EQ(middle->GetPortDevice(hostPort), dev, "made once");
        NS_TEST_EXPECT_MSG_EQ(node->GetNDevices(), 1u, "added to the switch's node");
        NS_TEST_EXPECT_MSG_EQ(dev->GetNode(), node, "on the switch's node");
        NS_TEST_EXPECT_MSG_EQ(dev->GetPort(), middle->GetPort(hostPort), "showing that port");
        NS_TEST_EXPECT_MSG_EQ(dev->IsLinkUp(), true, "its link is up");
        NS_TEST_EXPECT_MSG_NE(dev->GetChannel(), nullptr, "a host's link has its channel");
        const uint32_t meshPort = hostPort == 0 ? 1 : 0;
        NS_TEST_ASSERT_MSG_NE(middle->GetPort(meshPort), nullptr, "a port toward a switch");
        NS_TEST_EXPECT_MSG_EQ(middle->GetPortDevice(meshPort)->GetChannel(),
                              nullptr,
                              "a link between switches is bare: no channel object");
        NS_TEST_EXPECT_MSG_EQ(middle->GetPortDevice(meshPort)->IsLinkUp(), true, "but it is up");
        NS_TEST_EXPECT_MSG_EQ(dev->GetPort()->GetPortName(),
                              "switch-1-port-" + std::to_string(hostPort),
                              "named by switch and topology port");

        // By Config path, the port number is the topology's: host 0 to host 2 crosses the
        // middle switch once, through the port toward switch 2 (not its host port).
        std::map<uint32_t, uint32_t> seen;
        for (uint32_t p = 0; p < topo->GetNPorts(1); ++p)
        {
            if (middle->GetPort(p) == nullptr)
            {
                continue;
            }
            std::ostringstream path;
            path << "/NodeList/" << node->GetId() << "/$ns3::SanSwitch/Ports/" << p << "/PacketTx";
            Config::ConnectWithoutContext(
                path.str(),
                MakeCallback(
                    +[](uint32_t* count, uint64_t, uint32_t, uint32_t, uint32_t, uint32_t) {
                        ++*count;
                    })
                    .Bind(&seen[p]));
        }
        NS_TEST_EXPECT_MSG_EQ(node->GetNDevices(), 3u, "a device per connected port now");
        NS_TEST_EXPECT_MSG_EQ(ChannelList::GetNChannels(),
                              4u,
                              "three host links and the bare links' attributes");
        Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(0));
        Simulator::Schedule(MicroSeconds(1), [src]() { src->SendTo(2, 64); });
        Simulator::Run();
        uint32_t total = 0;
        for (const auto& [p, count] : seen)
        {
            total += count;
            NS_TEST_EXPECT_MSG_EQ(count,
                                  middle->GetPort(p)->GetTxPackets(),
                                  "port " << p << ": traced departures are the port's own");
        }
        NS_TEST_EXPECT_MSG_EQ(total, 1u, "one departure from the middle switch");
        NS_TEST_EXPECT_MSG_EQ(seen[hostPort], 0u, "not through its host port");
        Simulator::Destroy();
    }
};

/// A port keeps the low 32 bits of its counters and carries the rest into its extras: a busy
/// time past 2^32 time steps is still counted in full.
class SanSwitchPortCountersTestCase : public TestCase
{
  public:
    SanSwitchPortCountersTestCase()
        : TestCase("a port's busy time and departures carry past 32 bits")
    {
    }

  private:
    void DoRun() override
    {
        // A line of two switches on 100 kb/s links: a 512-byte packet keeps a link busy for
        // about 41 ms, so 120 of them for about 4.9 s, past 2^32 nanoseconds.
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(2), "Y", UintegerValue(1));
        fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("100kbps")));
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(512));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(2048));
        fabric.SetSwitchPortDevices(false);
        NodeContainer hosts;
        hosts.Create(2);
        NetDeviceContainer nics = fabric.Install(hosts);
        Ptr<SanTopology> topo = fabric.GetTopology();
        const SanSwitchPort* out = nullptr; // switch 0's port toward switch 1
        Ptr<SanSwitch> first = fabric.GetFabric()->GetSwitch(0);
        for (uint32_t i = 0; i < first->GetNConnectedPorts(); ++i)
        {
            if (first->GetConnectedPortAt(i)->GetNumber() != topo->GetHostPort(0))
            {
                out = first->GetConnectedPortAt(i);
            }
        }
        NS_TEST_ASSERT_MSG_NE(out, nullptr, "a port toward the other switch");
        const uint32_t packets = 120;
        Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(0));
        for (uint32_t i = 0; i < packets; ++i)
        {
            Simulator::Schedule(NanoSeconds(i), [src]() { src->SendTo(1, 512); });
        }
        Simulator::Run();
        const int64_t each = out->GetSerializationSteps(512);
        NS_TEST_ASSERT_MSG_GT(each * packets, int64_t{1} << 32, "the scenario passes 2^32 steps");
        NS_TEST_EXPECT_MSG_EQ(out->GetTxPackets(), packets, "every departure counted");
        NS_TEST_EXPECT_MSG_EQ(out->GetBusySteps(), each * packets, "all of the busy time");
        Simulator::Destroy();
    }
};

/// A port keeps small credit tables and its wake-up time in a frame of 2^30 time steps. With
/// frames of a few steps nothing changes; on links a thousand times slower (with no delays but
/// serialization, so every time scales exactly), times cross frames and lie beyond them (a
/// 3584-byte packet at 1 kb/s takes 28.7 s), and the same packets arrive a thousand times later.
class SanSwitchPortFrameTestCase : public TestCase
{
  public:
    SanSwitchPortFrameTestCase()
        : TestCase("a port's framed times: small frames or slow links, the same packets")
    {
    }

  private:
    /// \param rate the links' rate \return (uid, src, latency in ns) of each delivery
    static std::vector<std::tuple<uint64_t, uint32_t, int64_t>> Run(const std::string& rate)
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(4), "Y", UintegerValue(1));
        fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate(rate)));
        fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
        fabric.SetSwitchAttribute("RoutingDelay", TimeValue(Seconds(0)));
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(4096));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(8192)); // two slots: credits bind
        fabric.SetSwitchPortDevices(false);
        NodeContainer hosts;
        hosts.Create(4);
        NetDeviceContainer nics = fabric.Install(hosts);
        std::vector<std::tuple<uint64_t, uint32_t, int64_t>> seen;
        DynamicCast<SanEndpointDevice>(nics.Get(3))
            ->TraceConnectWithoutContext(
                "PacketRx",
                MakeCallback(+[](std::vector<std::tuple<uint64_t, uint32_t, int64_t>>* log,
                                 uint64_t uid,
                                 uint32_t src,
                                 uint32_t,
                                 Time latency,
                                 uint32_t) {
                    log->emplace_back(uid, src, latency.GetNanoSeconds());
                }).Bind(&seen));
        // Hosts 0, 1 and 2 send to host 3: they contend for the links toward switch 3.
        for (uint32_t h = 0; h < 3; ++h)
        {
            Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(h));
            for (uint32_t i = 0; i < 6; ++i)
            {
                Simulator::Schedule(NanoSeconds(0), [src, i]() { src->SendTo(3, 1024 + 512 * i); });
            }
        }
        Simulator::Run();
        Simulator::Destroy();
        return seen;
    }

    void DoRun() override
    {
        // Small frames: the contended 4-ary 2-tree and the line below, with times crossing
        // frames and lying beyond them at nearly every packet (frames of 16 steps, 2^4) or
        // often (2^10, 2^16).
        const PortsOutcome normal = RunScenario(false, false, false);
        const auto fast = Run("1Mbps");
        for (int shift : {4, 10, 16})
        {
            SanPort::SetFrameShift(shift);
            const PortsOutcome framed = RunScenario(false, false, false);
            const auto framedFast = Run("1Mbps");
            SanPort::SetFrameShift(30);
            NS_TEST_EXPECT_MSG_EQ((framedFast == fast),
                                  true,
                                  "frames of 2^" << shift << " steps, credits bound: the same");
            NS_TEST_EXPECT_MSG_EQ((framed.deliveries == normal.deliveries),
                                  true,
                                  "frames of 2^" << shift << " steps: the same deliveries");
            NS_TEST_EXPECT_MSG_EQ((framed.portTx == normal.portTx),
                                  true,
                                  "frames of 2^" << shift << " steps: the same departures");
        }
        const auto slow = Run("1kbps");
        NS_TEST_ASSERT_MSG_EQ(fast.size(), 18u, "every packet arrives");
        NS_TEST_ASSERT_MSG_EQ(slow.size(), fast.size(), "every packet arrives, slowly too");
        NS_TEST_ASSERT_MSG_GT(std::get<2>(slow.back()),
                              int64_t{3} << 30,
                              "times beyond a frame of 2^30 steps");
        for (std::size_t i = 0; i < fast.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(std::get<0>(slow[i]), std::get<0>(fast[i]), "same order " << i);
            NS_TEST_EXPECT_MSG_EQ(std::get<1>(slow[i]), std::get<1>(fast[i]), "same source " << i);
            NS_TEST_EXPECT_MSG_EQ(std::get<2>(slow[i]),
                                  1000 * std::get<2>(fast[i]),
                                  "a thousand times the latency " << i);
        }
    }
};

/// SetHostNodeReceive(false): a host's device no longer hands packets to its node's protocol
/// handlers, which by default get them.
class SanHostNodeReceiveTestCase : public TestCase
{
  public:
    SanHostNodeReceiveTestCase()
        : TestCase("SetHostNodeReceive(false) drops the node's receive callback")
    {
    }

  private:
    /// \param handUp SetHostNodeReceive \return packets the destination node's handler got
    static uint32_t Run(bool handUp)
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(2), "Y", UintegerValue(1));
        fabric.SetHostNodeReceive(handUp);
        NodeContainer hosts;
        hosts.Create(2);
        NetDeviceContainer nics = fabric.Install(hosts);
        uint32_t got = 0;
        hosts.Get(1)->RegisterProtocolHandler(MakeCallback(+[](uint32_t* n,
                                                               Ptr<NetDevice>,
                                                               Ptr<const Packet>,
                                                               uint16_t,
                                                               const Address&,
                                                               const Address&,
                                                               NetDevice::PacketType) {
                                                  ++*n;
                                              }).Bind(&got),
                                              0x0800,
                                              nullptr);
        Ptr<NetDevice> src = nics.Get(0);
        Simulator::Schedule(NanoSeconds(1), [src]() {
            src->Send(Create<Packet>(100), SanEndpointDevice::HostAddress(1), 0x0800);
        });
        Simulator::Run();
        Simulator::Destroy();
        return got;
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(Run(true), 1u, "by default the node's handler gets the packet");
        NS_TEST_EXPECT_MSG_EQ(Run(false), 0u, "without the callback it gets nothing");
    }
};

/// A port keeps its link as a handle: each live link has its own, 0 is none, and a destroyed
/// link's handle finds nothing until a new link takes it.
class SanLinkHandleTestCase : public TestCase
{
  public:
    SanLinkHandleTestCase()
        : TestCase("links by handle: one each, none for 0, reused after a link is gone")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(SanChannel::FromHandle(0), nullptr, "0 is no link");
        Ptr<SanChannel> a = CreateObject<SanChannel>();
        Ptr<SanChannel> b = CreateObject<SanChannel>();
        const uint32_t ha = a->GetHandle();
        NS_TEST_EXPECT_MSG_NE(ha, 0u, "a link's handle is not 0");
        NS_TEST_EXPECT_MSG_NE(ha, b->GetHandle(), "two links, two handles");
        NS_TEST_EXPECT_MSG_EQ(SanChannel::FromHandle(ha), PeekPointer(a), "a's handle finds a");
        NS_TEST_EXPECT_MSG_EQ(SanChannel::FromHandle(b->GetHandle()),
                              PeekPointer(b),
                              "b's handle finds b");
        const uint32_t hb = b->GetHandle();
        a = nullptr;
        b = nullptr;
        Simulator::Destroy(); // the channel list lets go of its channels: both are destroyed
        NS_TEST_EXPECT_MSG_EQ(SanChannel::FromHandle(ha), nullptr, "a gone, its handle is free");
        NS_TEST_EXPECT_MSG_EQ(SanChannel::FromHandle(hb), nullptr, "b gone, its handle is free");
        Ptr<SanChannel> c = CreateObject<SanChannel>();
        NS_TEST_EXPECT_MSG_EQ((c->GetHandle() == ha || c->GetHandle() == hb),
                              true,
                              "the next link takes a free handle");
        NS_TEST_EXPECT_MSG_EQ(SanChannel::FromHandle(c->GetHandle()),
                              PeekPointer(c),
                              "and is found by it");
        c = nullptr;
        Simulator::Destroy();
    }
};

/// The suite.
class SanSwitchPortsTestSuite : public TestSuite
{
  public:
    SanSwitchPortsTestSuite()
        : TestSuite("san-switch-ports", UNIT)
    {
        AddTestCase(new SanSwitchPortsSameResultsTestCase, TestCase::QUICK);
        AddTestCase(new SanSwitchPortDeviceTestCase, TestCase::QUICK);
        AddTestCase(new SanSwitchPortCountersTestCase, TestCase::QUICK);
        AddTestCase(new SanSwitchPortFrameTestCase, TestCase::QUICK);
        AddTestCase(new SanHostNodeReceiveTestCase, TestCase::QUICK);
        AddTestCase(new SanLinkHandleTestCase, TestCase::QUICK);
    }
};

static SanSwitchPortsTestSuite g_sanSwitchPortsTestSuite; //!< registers the suite

} // namespace
