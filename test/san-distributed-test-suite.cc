/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Distributed-run tests, in one process: a fabric cut into parts (SanFabricHelper::
// SetPartitions) has SanRemoteChannels on its cut links, which encode every message, deliver it
// one lead later through the scheduler (as ns-3's MPI engines would on another rank) and
// decode it into a fresh descriptor. The same traffic must then give exactly the same
// deliveries (time, host, uid, source, latency, hops) as the uncut fabric, whatever the number
// of parts: what makes a run on 1, 2 or 4 MPI ranks give the same results. Also: the
// partitions themselves (fat-tree pods, mesh stripes, hosts with their switch), payloads that
// cross a cut intact, and the merge of statistics.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Tests of partitioned fabrics (the basis of distributed runs).
 */

using namespace ns3;

namespace
{

/// One scenario: a topology, routing and switching, traffic.
struct DistributedScenario
{
    std::string name;                                            //!< for messages
    std::string topology;                                        //!< TypeId
    std::vector<std::pair<std::string, std::string>> attributes; //!< topology attributes
    std::string routing{"ns3::SanDimensionOrderRouting"};        //!< TypeId
    std::string switching{"VirtualCutThrough"};                  //!< SwitchingMode
    std::string flowControl{"Credits"};                          //!< Credits or XonXoff
    std::string pattern{"Uniform"};                              //!< traffic pattern
    double load{0.6};                                            //!< offered load
    uint32_t minPacket{64};   //!< MinPacketSize (0: no promise, cut links deliver after Delay)
    std::string routingDelay; //!< the switches' RoutingDelay (empty: the default)
};

/// What a run produced.
struct DistributedOutcome
{
    std::vector<std::string> deliveries; //!< one line per delivered packet, in time order
    std::vector<uint64_t> counts;        //!< merged statistics (SanTrafficStats::GetCounts)
    uint64_t remote{0};                  //!< messages that crossed a cut
    uint32_t cutLinks{0};                //!< links cut
    Time lookahead;                      //!< the helper's lookahead
    Time expectedLead;                   //!< what a cut link's lead should be
};

/// Log one delivery.
void
LogRx(std::vector<std::string>* log,
      uint32_t h,
      uint64_t uid,
      uint32_t src,
      uint32_t bytes,
      Time latency,
      uint32_t hops)
{
    std::ostringstream os;
    os << Simulator::Now().GetTimeStep() << " " << h << " " << uid << " " << src << " " << bytes
       << " " << latency.GetTimeStep() << " " << hops;
    log->push_back(os.str());
}

/// Build the scenario's fabric in \p parts parts, run it, return what it delivered.
DistributedOutcome
RunScenario(const DistributedScenario& s, uint32_t parts)
{
    RngSeedManager::SetSeed(3);
    RngSeedManager::SetRun(2);
    ObjectFactory scheduler;
    scheduler.SetTypeId("ns3::SanOrderedScheduler");
    Simulator::SetScheduler(scheduler);
    ObjectFactory topo;
    topo.SetTypeId(s.topology);
    for (const auto& [name, value] : s.attributes)
    {
        topo.Set(name, StringValue(value));
    }
    SanFabricHelper fabric;
    fabric.SetTopology(topo.Create<SanTopology>());
    fabric.SetRouting(s.routing);
    fabric.SetFabricAttribute("SwitchingMode", StringValue(s.switching));
    fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(64));
    fabric.SetFabricAttribute("BufferSize", UintegerValue(s.switching == "Wormhole" ? 64 : 256));
    fabric.SetFabricAttribute("MinPacketSize", UintegerValue(s.minPacket));
    if (!s.routingDelay.empty())
    {
        fabric.SetSwitchAttribute("RoutingDelay", StringValue(s.routingDelay));
    }
    fabric.SetFlowControl(s.flowControl);
    fabric.SetPartitions(parts);
    NodeContainer hosts = fabric.CreateHosts();
    NetDeviceContainer endpoints = fabric.Install(hosts);
    fabric.AssignStreams(5);
    const uint32_t nHosts = hosts.GetN();

    DistributedOutcome out;
    out.cutLinks = fabric.GetCutLinks();
    out.lookahead = fabric.GetLookahead();
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        endpoints.Get(h)->TraceConnectWithoutContext("PacketRx",
                                                     MakeBoundCallback(&LogRx, &out.deliveries, h));
    }
    Ptr<SanEndpointDevice> ep0 = DynamicCast<SanEndpointDevice>(endpoints.Get(0));
    // The shortest packet on a link: 64 bytes, or a cell (all are cells in Cell mode).
    const Time pt = TimeStep(ep0->GetSerializationSteps(s.switching == "Cell" ? 53 : 64));
    // A credit link's lead, given 64-byte packets: the Delay plus the routing delay or a
    // packet's serialization on a link (every link alike here), whichever is less, for a
    // packet; a serialization for a credit; the smaller of the two.
    TimeValue delay;
    TimeValue routing;
    DynamicCast<SanChannel>(ep0->GetChannel())->GetAttribute("Delay", delay);
    fabric.GetSwitchNodes().Get(0)->GetObject<SanSwitch>()->GetAttribute("RoutingDelay", routing);
    out.expectedLead = s.minPacket > 0 && s.flowControl == "Credits"
                           ? std::min(delay.Get() + std::min(routing.Get(), pt), pt)
                           : delay.Get();
    auto stats = std::make_shared<SanTrafficStats>(nHosts);
    SanTrafficHelper traffic;
    traffic.SetAttribute("Pattern", StringValue(s.pattern));
    traffic.SetAttribute("PacketSize", UintegerValue(64));
    traffic.SetAttribute("OfferedLoad", DoubleValue(s.load));
    traffic.SetAttribute("MeasureStart", TimeValue(pt * 50));
    traffic.SetAttribute("MeasureStop", TimeValue(pt * 250));
    traffic.SetStats(stats);
    ApplicationContainer apps = traffic.Install(endpoints);
    SanTrafficHelper::AssignStreams(apps, 9);
    apps.Start(Seconds(0));
    apps.Stop(pt * 250);
    Simulator::Stop(pt * 600);
    Simulator::Run();
    // Deliveries at the same time at different hosts may be logged in either order (their
    // events are independent): compare them as sets.
    std::sort(out.deliveries.begin(), out.deliveries.end());
    out.counts = stats->GetCounts();
    for (uint32_t sw = 0; sw < fabric.GetTopology()->GetNSwitches(); ++sw)
    {
        Ptr<Node> node = fabric.GetSwitchNodes().Get(sw);
        for (uint32_t d = 0; d < node->GetNDevices(); ++d)
        {
            Ptr<SanRemoteChannel> c =
                DynamicCast<SanRemoteChannel>(node->GetDevice(d)->GetChannel());
            if (c != nullptr && c->GetPort(0)->GetNodeId() == node->GetId())
            {
                out.remote += c->GetLocalMessages() + c->GetRemoteMessages();
            }
        }
    }
    Simulator::Destroy();
    return out;
}

} // namespace

/**
 * \ingroup san-tests
 * A scenario cut into 2, 3 and 4 parts delivers exactly what the uncut fabric delivers.
 */
class SanDistributedEquivalenceTestCase : public TestCase
{
  public:
    /// \param s the scenario
    explicit SanDistributedEquivalenceTestCase(DistributedScenario s)
        : TestCase("cut fabric = uncut fabric: " + s.name),
          m_s(std::move(s))
    {
    }

  private:
    void DoRun() override
    {
        const DistributedOutcome whole = RunScenario(m_s, 1);
        NS_TEST_ASSERT_MSG_GT(whole.deliveries.size(), 1000u, "enough traffic to mean something");
        NS_TEST_ASSERT_MSG_EQ(whole.cutLinks, 0u, "one part cuts nothing");
        for (uint32_t parts : {2u, 3u, 4u})
        {
            const DistributedOutcome cut = RunScenario(m_s, parts);
            NS_TEST_ASSERT_MSG_GT(cut.cutLinks, 0u, parts << " parts cut links");
            NS_TEST_ASSERT_MSG_EQ(cut.lookahead,
                                  cut.expectedLead,
                                  parts << " parts: the cut links' lead");
            NS_TEST_ASSERT_MSG_GT(cut.remote, 100u, parts << " parts: messages crossed the cuts");
            NS_TEST_ASSERT_MSG_EQ(cut.deliveries.size(),
                                  whole.deliveries.size(),
                                  parts << " parts: deliveries");
            uint32_t shown = 0;
            for (size_t i = 0;
                 i < whole.deliveries.size() && i < cut.deliveries.size() && shown < 10;
                 ++i)
            {
                shown += cut.deliveries[i] != whole.deliveries[i] ? 1 : 0;
                NS_TEST_EXPECT_MSG_EQ(cut.deliveries[i],
                                      whole.deliveries[i],
                                      parts << " parts: delivery " << i
                                            << " (time host uid src bytes latency hops)");
            }
            NS_TEST_ASSERT_MSG_EQ((cut.counts == whole.counts), true, parts << " parts: stats");
        }
    }

    DistributedScenario m_s; //!< the scenario
};

/**
 * \ingroup san-tests
 * Partitions: a fat tree's parts are whole pods with their hosts; a mesh's are stripes of
 * rows; the user's own partition is used and checked.
 */
class SanDistributedPartitionTestCase : public TestCase
{
  public:
    SanDistributedPartitionTestCase()
        : TestCase("partitions: fat-tree pods, mesh stripes, hosts with their switch")
    {
    }

  private:
    void DoRun() override
    {
        // 4-ary 3-tree: 16 switches per level, 64 hosts; 4 parts = the 4 pods of 16 hosts.
        SanFabricHelper tree;
        tree.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(3));
        tree.SetRouting("ns3::SanUpDownRouting");
        tree.SetPartitions(4);
        for (uint32_t h = 0; h < 64; ++h)
        {
            NS_TEST_ASSERT_MSG_EQ(tree.GetHostPart(h), h / 16, "host " << h << " in its pod");
        }
        for (uint32_t level = 0; level < 3; ++level)
        {
            for (uint32_t w = 0; w < 16; ++w)
            {
                NS_TEST_ASSERT_MSG_EQ(tree.GetSwitchPart(level * 16 + w),
                                      w / 4,
                                      "switch <" << w << "," << level << ">");
            }
        }
        // The only cut links are between the top two levels.
        NodeContainer hosts = tree.CreateHosts();
        tree.Install(hosts);
        NS_TEST_ASSERT_MSG_EQ(tree.GetCutLinks(), 48u, "3 of every root's 4 down links are cut");
        NS_TEST_ASSERT_MSG_EQ(tree.GetLookahead(), NanoSeconds(10), "lookahead: the link delay");
        Simulator::Destroy();

        // 6x4 mesh in 2 parts: rows 0-1 and rows 2-3.
        SanFabricHelper mesh;
        mesh.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(6), "Y", UintegerValue(4));
        mesh.SetPartitions(2);
        for (uint32_t sw = 0; sw < 24; ++sw)
        {
            NS_TEST_ASSERT_MSG_EQ(mesh.GetSwitchPart(sw), sw / 12, "mesh switch " << sw);
        }
        NodeContainer meshHosts = mesh.CreateHosts();
        mesh.Install(meshHosts);
        NS_TEST_ASSERT_MSG_EQ(mesh.GetCutLinks(), 6u, "one row of vertical links is cut");
        Simulator::Destroy();

        // The user's own partition.
        SanFabricHelper own;
        own.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(2), "Y", UintegerValue(2));
        own.SetPartitions(2);
        own.SetSwitchParts({1, 0, 0, 1});
        NS_TEST_ASSERT_MSG_EQ(own.GetSwitchPart(0), 1u, "given part");
        NS_TEST_ASSERT_MSG_EQ(own.GetHostPart(3), 1u, "host 3 with switch 3");
        NodeContainer ownHosts = own.CreateHosts();
        own.Install(ownHosts);
        NS_TEST_ASSERT_MSG_EQ(own.GetCutLinks(), 4u, "a checkerboard cuts every link");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A cut link's lead: the Delay alone without a MinPacketSize or on an Xon/Xoff link; with one,
 * the smaller of a packet's (the Delay plus the routing delay, or its serialization if that is
 * less) and a credit's (the shortest packet's serialization). A
 * link with a longer lead hides its devices from ns-3's search for point-to-point links; a host
 * refuses a packet shorter than MinPacketSize.
 */
class SanDistributedLeadTestCase : public TestCase
{
  public:
    SanDistributedLeadTestCase()
        : TestCase("a cut link's lead: Delay, routing delay, shortest packet")
    {
    }

  private:
    /// Build a 4-ary 2-tree in 2 parts; return the helper's lookahead and check the cut ports.
    Time Build(uint32_t minPacket, const std::string& flowControl, const Time& routing)
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
        fabric.SetRouting("ns3::SanUpDownRouting");
        fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(256));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(1024));
        fabric.SetFabricAttribute("MinPacketSize", UintegerValue(minPacket));
        fabric.SetSwitchAttribute("RoutingDelay", TimeValue(routing));
        fabric.SetChannelAttribute("Delay", TimeValue(NanoSeconds(20)));
        fabric.SetFlowControl(flowControl);
        fabric.SetPartitions(2);
        NodeContainer hosts = fabric.CreateHosts();
        NetDeviceContainer nics = fabric.Install(hosts);
        NS_TEST_EXPECT_MSG_GT(fabric.GetCutLinks(), 0u, "links are cut");
        uint32_t cutPorts = 0;
        for (uint32_t sw = 0; sw < fabric.GetSwitchNodes().GetN(); ++sw)
        {
            Ptr<Node> node = fabric.GetSwitchNodes().Get(sw);
            for (uint32_t d = 0; d < node->GetNDevices(); ++d)
            {
                Ptr<NetDevice> dev = node->GetDevice(d);
                Ptr<SanRemoteChannel> c = DynamicCast<SanRemoteChannel>(dev->GetChannel());
                if (c == nullptr)
                {
                    NS_TEST_EXPECT_MSG_EQ(dev->IsPointToPoint(), true, "an uncut port");
                    continue;
                }
                ++cutPorts;
                NS_TEST_EXPECT_MSG_EQ(c->GetLead(), fabric.GetLookahead(), "every cut link alike");
                NS_TEST_EXPECT_MSG_EQ(dev->IsPointToPoint(),
                                      (c->GetLead() == c->GetDelay()),
                                      "a cut port is point-to-point unless its lead is longer");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(cutPorts, 2 * fabric.GetCutLinks(), "both ends of each cut link");
        if (minPacket > 1)
        {
            Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(nics.Get(0));
            NS_TEST_EXPECT_MSG_EQ(ep->SendTo(5, minPacket - 1), false, "shorter: refused");
            NS_TEST_EXPECT_MSG_EQ(ep->SendTo(5, minPacket), true, "as short as promised");
        }
        Simulator::Destroy();
        return fabric.GetLookahead();
    }

    void DoRun() override
    {
        // The switches' ports all run at the channel's default rate: a packet's serialization
        // is what a host interface computes.
        Time ser64;
        Time ser200;
        {
            SanFabricHelper probe;
            probe.SetTopology("ns3::SanFatTreeTopology",
                              "K",
                              UintegerValue(2),
                              "N",
                              UintegerValue(1));
            probe.SetRouting("ns3::SanUpDownRouting");
            NodeContainer hosts = probe.CreateHosts();
            Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(probe.Install(hosts).Get(0));
            ser64 = TimeStep(ep->GetSerializationSteps(64));
            ser200 = TimeStep(ep->GetSerializationSteps(200));
            Simulator::Destroy();
        }
        const Time delay = NanoSeconds(20);
        const Time routing = (ser64 + ser200) / 2; // between the two serializations
        NS_TEST_ASSERT_MSG_EQ(Build(0, "Credits", routing), delay, "no promise: the Delay");
        NS_TEST_ASSERT_MSG_EQ(Build(64, "Credits", routing),
                              ser64,
                              "64-byte packets: a credit's serialization is the shortest");
        NS_TEST_ASSERT_MSG_EQ(Build(200, "Credits", routing),
                              delay + routing,
                              "200-byte packets: a packet's routing delay is shorter");
        NS_TEST_ASSERT_MSG_EQ(Build(200, "Credits", ser200 * 2),
                              ser200,
                              "a routing delay longer than a serialization: the serialization");
        NS_TEST_ASSERT_MSG_EQ(Build(64, "XonXoff", routing),
                              delay,
                              "Xon/Xoff: a buffer counts from the head's arrival");
    }
};

/**
 * \ingroup san-tests
 * A payload crosses a cut intact, with its bytes, and the sender's descriptor goes back to
 * its pool; in Cell mode, every cell crosses three cuts, and each part's record of the packet
 * goes too.
 */
class SanDistributedPayloadTestCase : public TestCase
{
  public:
    /// \param switching the fabric's SwitchingMode
    explicit SanDistributedPayloadTestCase(std::string switching)
        : TestCase("payloads cross a cut intact; descriptors are not leaked: " + switching),
          m_switching(std::move(switching))
    {
    }

  private:
    std::string m_switching; //!< SwitchingMode

    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(4), "Y", UintegerValue(4));
        fabric.SetFabricAttribute("SwitchingMode", StringValue(m_switching));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(4096));
        fabric.SetPartitions(4);
        NodeContainer hosts = fabric.CreateHosts();
        NetDeviceContainer nics = fabric.Install(hosts);
        auto nic = [&nics](uint32_t i) { return DynamicCast<SanEndpointDevice>(nics.Get(i)); };
        std::vector<uint8_t> sent(300);
        for (size_t i = 0; i < sent.size(); ++i)
        {
            sent[i] = static_cast<uint8_t>(i * 7 + 1);
        }
        std::vector<uint8_t> got;
        uint32_t hops = 0;
        nic(15)->SetDeliverCallback(MakeBoundCallback(
            +[](std::vector<uint8_t>* got, uint32_t* hops, const SanFabricPacket& p) {
                got->resize(p.PeekPayload()->GetSize());
                p.PeekPayload()->CopyData(got->data(), got->size());
                *hops = p.hops;
            },
            &got,
            &hops));
        const uint64_t liveBefore = SanFabricPacket::GetLiveCount();
        Simulator::Schedule(MicroSeconds(1), [&]() {
            nic(0)->SendTo(15, 316, Create<Packet>(sent.data(), sent.size()), 42);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(fabric.GetCutLinks(), 12u, "three rows of cuts");
        NS_TEST_ASSERT_MSG_EQ((got == sent), true, "the payload's bytes arrived");
        NS_TEST_ASSERT_MSG_EQ(hops, 7u, "over 7 switches");
        NS_TEST_ASSERT_MSG_EQ(SanFabricPacket::GetLiveCount(), liveBefore, "no descriptor leaked");
        SanCutCellRecords* records = fabric.GetFabric()->GetCutCellRecords();
        NS_TEST_ASSERT_MSG_NE(records, nullptr, "a cut fabric keeps cell records");
        NS_TEST_ASSERT_MSG_EQ(records->GetRecords(), 0u, "every part's record is gone");
        if (m_switching == "Cell")
        {
            uint64_t crossings = 0;
            for (uint32_t i = 0; fabric.GetFabric()->GetCutLink(i) != nullptr; ++i)
            {
                crossings += fabric.GetFabric()->GetCutLink(i)->GetLocalMessages();
            }
            // 316 bytes in 48-byte cells: 7 cells, each across three cuts, and their credits.
            NS_TEST_ASSERT_MSG_GT_OR_EQ(crossings, 21u, "every cell crossed three cuts");
        }
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * Statistics merged from parts equal the statistics of the whole.
 */
class SanDistributedMergeTestCase : public TestCase
{
  public:
    SanDistributedMergeTestCase()
        : TestCase("statistics of parts merge exactly into those of the whole")
    {
    }

  private:
    void DoRun() override
    {
        SanTrafficStats whole(8);
        SanTrafficStats a(8);
        SanTrafficStats b(8);
        for (uint32_t i = 0; i < 5000; ++i)
        {
            const int64_t v = (i * 7919) % 100000;
            whole.Record(i % 8, v);
            (i % 3 == 0 ? a : b).Record(i % 8, v);
        }
        std::vector<uint64_t> sum = a.GetCounts();
        const std::vector<uint64_t> cb = b.GetCounts();
        for (size_t i = 0; i < sum.size(); ++i)
        {
            sum[i] += cb[i];
        }
        a.SetCounts(sum, std::max(a.GetMax(), b.GetMax()));
        NS_TEST_ASSERT_MSG_EQ(a.GetCount(), whole.GetCount(), "count");
        NS_TEST_ASSERT_MSG_EQ(a.GetLatencySumSteps(), whole.GetLatencySumSteps(), "sum");
        NS_TEST_ASSERT_MSG_EQ(a.GetMax(), whole.GetMax(), "max");
        NS_TEST_ASSERT_MSG_EQ(a.GetQuantile(0.99), whole.GetQuantile(0.99), "p99");
        NS_TEST_ASSERT_MSG_EQ(a.GetDeliveredFrom(5), whole.GetDeliveredFrom(5), "per source");
        NS_TEST_ASSERT_MSG_EQ(SanDistributed::GetSize(), 1u, "no MPI in the test runner");
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanDistributedTestSuite : public TestSuite
{
  public:
    SanDistributedTestSuite()
        : TestSuite("san-distributed", UNIT)
    {
        AddTestCase(new SanDistributedPartitionTestCase, TestCase::QUICK);
        AddTestCase(new SanDistributedLeadTestCase, TestCase::QUICK);
        AddTestCase(new SanDistributedPayloadTestCase("VirtualCutThrough"), TestCase::QUICK);
        AddTestCase(new SanDistributedPayloadTestCase("Cell"), TestCase::QUICK);
        AddTestCase(new SanDistributedMergeTestCase, TestCase::QUICK);
        DistributedScenario tree{"4-ary 3-tree, uniform",
                                 "ns3::SanFatTreeTopology",
                                 {{"K", "4"}, {"N", "3"}}};
        tree.routing = "ns3::SanUpDownRouting";
        AddTestCase(new SanDistributedEquivalenceTestCase(tree), TestCase::QUICK);
        DistributedScenario delayOnly = tree;
        delayOnly.name = "4-ary 3-tree, no MinPacketSize (lead: the Delay)";
        delayOnly.minPacket = 0;
        AddTestCase(new SanDistributedEquivalenceTestCase(delayOnly), TestCase::QUICK);
        DistributedScenario slowRouting = tree;
        slowRouting.name = "4-ary 3-tree, routing slower than a packet (lead: a credit's)";
        slowRouting.routingDelay = "1us";
        AddTestCase(new SanDistributedEquivalenceTestCase(slowRouting), TestCase::QUICK);
        DistributedScenario torus{"6x6 torus, dimension order with datelines, transpose",
                                  "ns3::SanMeshTopology",
                                  {{"X", "6"}, {"Y", "6"}, {"Wrap", "true"}}};
        torus.pattern = "Transpose";
        torus.load = 0.3;
        AddTestCase(new SanDistributedEquivalenceTestCase(torus), TestCase::QUICK);
        DistributedScenario adaptive{"8x8 mesh, minimal adaptive, store-and-forward",
                                     "ns3::SanMeshTopology",
                                     {{"X", "8"}, {"Y", "8"}}};
        adaptive.routing = "ns3::SanMinimalAdaptiveRouting";
        adaptive.switching = "StoreAndForward";
        adaptive.load = 0.4;
        AddTestCase(new SanDistributedEquivalenceTestCase(adaptive), TestCase::QUICK);
        DistributedScenario worm{"8x8 mesh, wormhole with one-buffer packets",
                                 "ns3::SanMeshTopology",
                                 {{"X", "8"}, {"Y", "8"}}};
        worm.switching = "Wormhole";
        worm.load = 0.3;
        AddTestCase(new SanDistributedEquivalenceTestCase(worm), TestCase::QUICK);
        DistributedScenario cells{"8x8 mesh, Cell mode, Valiant (cells leave a part and return)",
                                  "ns3::SanMeshTopology",
                                  {{"X", "8"}, {"Y", "8"}}};
        cells.switching = "Cell";
        cells.routing = "ns3::SanValiantRouting";
        cells.load = 0.3;
        AddTestCase(new SanDistributedEquivalenceTestCase(cells), TestCase::QUICK);
        DistributedScenario xon{"8x8 mesh, Xon-Xoff links",
                                "ns3::SanMeshTopology",
                                {{"X", "8"}, {"Y", "8"}}};
        xon.flowControl = "XonXoff";
        xon.load = 0.4;
        AddTestCase(new SanDistributedEquivalenceTestCase(xon), TestCase::QUICK);
        DistributedScenario dfly{"dragonfly p=2 a=4 h=2, UGAL",
                                 "ns3::SanDragonflyTopology",
                                 {{"P", "2"}, {"A", "4"}, {"H", "2"}}};
        dfly.routing = "ns3::SanUgalRouting";
        dfly.load = 0.4;
        AddTestCase(new SanDistributedEquivalenceTestCase(dfly), TestCase::QUICK);
    }
};

/// The suite's one instance.
static SanDistributedTestSuite g_sanDistributedTestSuite;
