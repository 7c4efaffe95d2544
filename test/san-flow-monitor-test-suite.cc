/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-flow-monitor": per-flow statistics of the fabric (SanFlowMonitor and its helper)
// agree with the endpoints' own PacketSent and PacketRx traces flow by flow, conserve packets
// (sent = received + in flight, in flight = what the fabric holds), count a split burst once,
// write FlowMonitor-shaped XML and CSV, name each flow's NIC, and survive Simulator::Destroy
// and a second run in one process.

#include "san-run-capture.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// What the endpoints' traces say of one flow.
struct Traced
{
    uint64_t txPackets{0}; //!< PacketSent
    uint64_t txBytes{0};   //!< PacketSent
    uint64_t rxPackets{0}; //!< PacketRx
    uint64_t rxBytes{0};   //!< PacketRx
    int64_t delaySum{0};   //!< PacketRx latencies, time steps
    int64_t jitterSum{0};  //!< |delay - previous delay|, time steps
    int64_t lastDelay{-1}; //!< previous delay
    uint64_t hopsSum{0};   //!< PacketRx hops
    Time firstRx;          //!< first PacketRx
    Time lastTx;           //!< last PacketSent
};

/// (src, dst) -> traced figures.
typedef std::map<std::pair<uint32_t, uint32_t>, Traced> TracedFlows;

/// PacketSent, bound to the source host. \param log flows \param src source
/// \param uid packet \param dst destination \param bytes size
void
OnSent(TracedFlows* log, uint32_t src, uint64_t uid, uint32_t dst, uint32_t bytes)
{
    Traced& t = (*log)[{src, dst}];
    ++t.txPackets;
    t.txBytes += bytes;
    t.lastTx = Simulator::Now();
}

/// PacketRx, bound to the destination host. \param log flows \param dst destination
/// \param uid packet \param src source \param bytes size \param latency delay \param hops hops
void
OnRx(TracedFlows* log,
     uint32_t dst,
     uint64_t uid,
     uint32_t src,
     uint32_t bytes,
     Time latency,
     uint32_t hops)
{
    Traced& t = (*log)[{src, dst}];
    if (t.rxPackets == 0)
    {
        t.firstRx = Simulator::Now();
    }
    else
    {
        t.jitterSum += std::llabs(latency.GetTimeStep() - t.lastDelay);
    }
    t.lastDelay = latency.GetTimeStep();
    ++t.rxPackets;
    t.rxBytes += bytes;
    t.delaySum += latency.GetTimeStep();
    t.hopsSum += hops;
}

/// Uniform traffic on a 4-ary 2-tree (16 hosts), stopped while packets are still inside: every
/// flow's figures against the traces, and conservation.
class SanFlowMonitorTracesTestCase : public TestCase
{
  public:
    SanFlowMonitorTracesTestCase()
        : TestCase("flows agree with the endpoints' traces and conserve packets")
    {
    }

  private:
    void DoRun() override
    {
        // Twice in one process: the second run starts clean after Simulator::Destroy and gives
        // the same flows.
        uint64_t firstRunTx = 0;
        size_t firstRunFlows = 0;
        for (int run = 0; run < 2; ++run)
        {
            RngSeedManager::SetRun(1);
            SanFabricHelper fabric;
            fabric.SetTopology("ns3::SanFatTreeTopology",
                               "K",
                               UintegerValue(4),
                               "N",
                               UintegerValue(2));
            NodeContainer hosts;
            hosts.Create(16);
            NetDeviceContainer endpoints = fabric.Install(hosts);
            SanTrafficHelper traffic;
            traffic.SetAttribute("OfferedLoad", DoubleValue(0.4));
            traffic.SetAttribute("SizeDistribution", StringValue("64:0.7,512:0.3"));
            ApplicationContainer apps = traffic.Install(endpoints);
            SanTrafficHelper::AssignStreams(apps, 3);
            apps.Start(Seconds(0));

            SanFlowMonitorHelper flows;
            Ptr<SanFlowMonitor> monitor = flows.InstallAll();
            TracedFlows traced;
            for (uint32_t i = 0; i < endpoints.GetN(); ++i)
            {
                Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(endpoints.Get(i));
                ep->TraceConnectWithoutContext("PacketSent",
                                               MakeBoundCallback(&OnSent, &traced, ep->GetHost()));
                ep->TraceConnectWithoutContext("PacketRx",
                                               MakeBoundCallback(&OnRx, &traced, ep->GetHost()));
            }
            // Stopped with traffic under way, so some packets are inside the fabric.
            Simulator::Stop(MicroSeconds(200));
            Simulator::Run();

            const auto& stats = monitor->GetFlowStats();
            NS_TEST_ASSERT_MSG_GT(stats.size(), 100, "uniform traffic: most of the 240 flows");
            uint64_t tx = 0;
            uint64_t rx = 0;
            uint64_t inFlight = 0;
            uint32_t checked = 0;
            for (const SanFlowMonitor::FlowStats& f : stats)
            {
                const Traced& t = traced[{f.source, f.destination}];
                NS_TEST_EXPECT_MSG_EQ(f.txPackets, t.txPackets, "flow " << f.flowId << " sent");
                NS_TEST_EXPECT_MSG_EQ(f.txBytes, t.txBytes, "flow " << f.flowId << " bytes sent");
                NS_TEST_EXPECT_MSG_EQ(f.rxPackets, t.rxPackets, "flow " << f.flowId << " received");
                NS_TEST_EXPECT_MSG_EQ(f.rxBytes, t.rxBytes, "flow " << f.flowId << " bytes");
                NS_TEST_EXPECT_MSG_EQ(f.delaySum.GetTimeStep(), t.delaySum, "delay sum");
                NS_TEST_EXPECT_MSG_EQ(f.jitterSum.GetTimeStep(), t.jitterSum, "jitter sum");
                NS_TEST_EXPECT_MSG_EQ(f.hopsSum, t.hopsSum, "hops");
                NS_TEST_EXPECT_MSG_EQ(f.GetPacketsInFlight(),
                                      t.txPackets - t.rxPackets,
                                      "in flight");
                if (f.rxPackets > 0)
                {
                    NS_TEST_EXPECT_MSG_EQ(f.timeFirstRxPacket, t.firstRx, "first delivery");
                    uint64_t binned = 0;
                    for (const auto& b : f.delayHistogram)
                    {
                        binned += b.second;
                    }
                    NS_TEST_EXPECT_MSG_EQ(binned, f.rxPackets, "every delay in a bin");
                    NS_TEST_EXPECT_MSG_GT_OR_EQ(f.maxDelay, f.minDelay, "max >= min");
                    ++checked;
                }
                NS_TEST_EXPECT_MSG_EQ(f.timeLastTxPacket, t.lastTx, "last send");
                NS_TEST_EXPECT_MSG_EQ(f.interfaceIndex, 0, "one interface");
                tx += f.txPackets;
                rx += f.rxPackets;
                inFlight += f.GetPacketsInFlight();
            }
            NS_TEST_EXPECT_MSG_EQ(monitor->GetInterfaceName(0), "fabric", "no NIC: the fabric's");
            NS_TEST_EXPECT_MSG_GT(checked, 100, "flows with deliveries");
            Ptr<SanFabric> fab = fabric.GetFabric();
            NS_TEST_EXPECT_MSG_EQ(tx, rx + inFlight, "sent = received + in flight");
            // What is sent and not received is inside the fabric or still queued at its source
            // behind the host's link (accepted, not yet injected): nothing is lost.
            NS_TEST_EXPECT_MSG_GT(fab->GetInFlight(), 0, "stopped with packets inside");
            NS_TEST_EXPECT_MSG_EQ(inFlight,
                                  fab->GetInFlight() + (tx - fab->GetInjected()),
                                  "in flight = inside the fabric + waiting at sources");
            NS_TEST_EXPECT_MSG_EQ(rx, fab->GetDelivered(), "received = the fabric's deliveries");

            // XML in FlowMonitor's shape, with the classifier naming hosts.
            const std::string xml = flows.SerializeToXmlString(0, true);
            NS_TEST_EXPECT_MSG_NE(xml.find("<FlowMonitor>"), std::string::npos, "root");
            NS_TEST_EXPECT_MSG_NE(xml.find("<Flow flowId=\"1\" timeFirstTxPacket=\""),
                                  std::string::npos,
                                  "a flow's statistics");
            NS_TEST_EXPECT_MSG_NE(xml.find("lostPackets=\"0\""), std::string::npos, "no loss");
            NS_TEST_EXPECT_MSG_NE(xml.find("<delayHistogram nBins=\""), std::string::npos, "bins");
            NS_TEST_EXPECT_MSG_NE(xml.find("<SanFlowClassifier>"), std::string::npos, "hosts");
            NS_TEST_EXPECT_MSG_NE(xml.find("interface=\"fabric\""), std::string::npos, "NIC");
            size_t flowsInXml = 0;
            for (size_t at = xml.find("sourceHost="); at != std::string::npos;
                 at = xml.find("sourceHost=", at + 1))
            {
                ++flowsInXml;
            }
            NS_TEST_EXPECT_MSG_EQ(flowsInXml, stats.size(), "one classifier entry per flow");
            std::ostringstream csv;
            monitor->SerializeToCsvStream(csv);
            size_t lines = 0;
            for (char c : csv.str())
            {
                lines += c == '\n' ? 1 : 0;
            }
            NS_TEST_EXPECT_MSG_EQ(lines, stats.size() + 1, "CSV: a header and a row per flow");

            // One monitor per fabric: a second says so.
            Ptr<SanFlowMonitor> other = CreateObject<SanFlowMonitor>();
            NS_TEST_EXPECT_MSG_NE(other->Monitor(fab, 0), "", "a second monitor is refused");
            NS_TEST_EXPECT_MSG_NE(monitor->Monitor(fab, 16), "", "a host out of range");
            Simulator::Destroy();
            // The figures outlive the simulation.
            NS_TEST_EXPECT_MSG_EQ(monitor->GetFlowStats().size(), stats.size(), "kept");
            if (run == 0)
            {
                firstRunTx = tx;
                firstRunFlows = stats.size();
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(tx, firstRunTx, "the second run repeats the first");
                NS_TEST_EXPECT_MSG_EQ(stats.size(), firstRunFlows, "with the same flows");
            }
        }
    }
};

/// A burst that switches split, taken piece by piece: one packet, all its bytes, once.
class SanFlowMonitorSplitTestCase : public TestCase
{
  public:
    SanFlowMonitorSplitTestCase()
        : TestCase("a split burst taken piece by piece counts as one packet")
    {
    }

  private:
    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology",
                           "X",
                           UintegerValue(3),
                           "Y",
                           UintegerValue(1),
                           "HostsPerSwitch",
                           UintegerValue(3));
        fabric.SetRouting("ns3::SanDimensionOrderRouting");
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(2048));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * 2048));
        fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(256));
        fabric.SetSwitchAttribute("Coalesce", BooleanValue(false));
        NodeContainer hosts;
        hosts.Create(9);
        NetDeviceContainer eps = fabric.Install(hosts);
        auto ep = [&eps](uint32_t i) { return DynamicCast<SanEndpointDevice>(eps.Get(i)); };
        uint32_t pieces = 0;
        PeekPointer(ep(6))->SetPieceArrivalCallback(
            MakeCallback(+[](uint32_t* n, Ptr<const Packet>, uint32_t, uint32_t, uint32_t) {
                ++*n;
            }).Bind(&pieces));
        SanFlowMonitorHelper flows;
        Ptr<SanFlowMonitor> monitor = flows.Install(hosts);
        const uint32_t header = 16;
        // A long packet crossing the burst's path makes a switch split the burst.
        Simulator::Schedule(Seconds(0), [&]() { ep(1)->SendTo(3, 1024); });
        Simulator::Schedule(MicroSeconds(1), [&]() {
            ep(0)->SendSplittable(6, 2048, header, Create<Packet>(2048));
        });
        Simulator::Schedule(MicroSeconds(2), [&]() { ep(2)->SendTo(4, 64); });
        Simulator::Schedule(MicroSeconds(13), [&]() { ep(5)->SendTo(7, 2048); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(fabric.GetFabric()->GetSplits(), 0, "the burst was split");
        NS_TEST_ASSERT_MSG_GT(pieces, 1, "and taken in pieces");
        bool found = false;
        for (const SanFlowMonitor::FlowStats& f : monitor->GetFlowStats())
        {
            NS_TEST_EXPECT_MSG_EQ(f.rxPackets, f.txPackets, "every flow delivered");
            NS_TEST_EXPECT_MSG_EQ(f.rxBytes, f.txBytes, "every byte once");
            if (f.source == 0 && f.destination == 6)
            {
                found = true;
                NS_TEST_EXPECT_MSG_EQ(f.rxPackets, 1, "the burst is one packet");
                NS_TEST_EXPECT_MSG_EQ(f.rxBytes, 2048, "header once, data once");
                NS_TEST_EXPECT_MSG_EQ(f.packetSizeHistogram.count(2048 / 64), 1, "its size");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(found, true, "the burst's flow");
        Simulator::Destroy();
    }
};

/// StartTime leaves out a warm-up; a node's other device names the flow's interface.
class SanFlowMonitorStartTestCase : public TestCase
{
  public:
    SanFlowMonitorStartTestCase()
        : TestCase("StartTime leaves out earlier packets; a host's NIC names its flows")
    {
    }

  private:
    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(4));
        NodeContainer hosts;
        hosts.Create(4);
        NetDeviceContainer eps = fabric.Install(hosts);
        // A device of another kind beside host 2's endpoint stands for its NIC.
        Ptr<SimpleNetDevice> nic = CreateObject<SimpleNetDevice>();
        hosts.Get(2)->AddDevice(nic);
        SanFlowMonitorHelper flows;
        flows.SetMonitorAttribute("StartTime", TimeValue(MicroSeconds(5)));
        Ptr<SanFlowMonitor> monitor = flows.Install(NodeContainer(hosts.Get(1), hosts.Get(2)));
        auto ep = [&eps](uint32_t i) { return DynamicCast<SanEndpointDevice>(eps.Get(i)); };
        Simulator::Schedule(MicroSeconds(1), [&]() { ep(2)->SendTo(1, 100); }); // before start
        Simulator::Schedule(MicroSeconds(6), [&]() { ep(2)->SendTo(1, 200); });
        Simulator::Schedule(MicroSeconds(7), [&]() { ep(0)->SendTo(3, 300); }); // unwatched
        Simulator::Schedule(MicroSeconds(8), [&]() { ep(0)->SendTo(1, 400); }); // rx watched
        Simulator::Run();
        const auto& stats = monitor->GetFlowStats();
        NS_TEST_ASSERT_MSG_EQ(stats.size(), 2, "2->1 and 0->1; 0->3 has no watched end");
        NS_TEST_EXPECT_MSG_EQ(stats[0].source, 2, "first flow seen");
        NS_TEST_EXPECT_MSG_EQ(stats[0].txPackets, 1, "the warm-up packet left out");
        NS_TEST_EXPECT_MSG_EQ(stats[0].rxBytes, 200, "and its delivery too");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetInterfaceName(stats[0].interfaceIndex),
                              "Simple",
                              "host 2's NIC");
        NS_TEST_EXPECT_MSG_EQ(stats[1].txPackets, 0, "host 0 is not watched: no sends");
        NS_TEST_EXPECT_MSG_EQ(stats[1].rxPackets, 1, "host 1 is: its delivery");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetInterfaceName(stats[1].interfaceIndex),
                              "fabric",
                              "host 0 has no NIC");
        Simulator::Destroy();
    }
};

#ifdef SAN_BUILD_DIR
/// san-run --flows: a file per run, FlowMonitor-shaped, every packet of a drained run received.
class SanFlowMonitorSanRunTestCase : public TestCase
{
  public:
    SanFlowMonitorSanRunTestCase()
        : TestCase("san-run --flows writes every run's flows")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("san-run-flows");
        std::string out;
        const std::string cmd = std::string(SAN_BUILD_DIR) +
                                "/examples/san-run --topology=fat-tree --k=4 --n=2 "
                                "--load=0.2,0.4 --warmup=100 --measure=300 --drain=300 "
                                "--progress=false --flows=" +
                                santest::ShellQuote(dir + "/flows.xml");
        NS_TEST_ASSERT_MSG_EQ(santest::RunCapture(cmd, out), 0, cmd << " failed:\n" << out);
        for (const char* load : {"0.2", "0.4"})
        {
            const std::string file = dir + "/flows-load" + load + "-run1.xml";
            std::ifstream in(file);
            NS_TEST_ASSERT_MSG_EQ(in.good(), true, "no " << file << " after:\n" << out);
            const std::string xml((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
            const std::regex flow("<Flow flowId=\"[0-9]+\" [^>]* txBytes=\"([0-9]+)\" "
                                  "rxBytes=\"([0-9]+)\" txPackets=\"([0-9]+)\" "
                                  "rxPackets=\"([0-9]+)\" lostPackets=\"0\" "
                                  "packetsInFlight=\"0\"");
            uint32_t flows = 0;
            uint64_t packets = 0;
            for (auto it = std::sregex_iterator(xml.begin(), xml.end(), flow);
                 it != std::sregex_iterator();
                 ++it)
            {
                ++flows;
                NS_TEST_EXPECT_MSG_EQ((*it)[1].str(), (*it)[2].str(), "bytes: sent = received");
                NS_TEST_EXPECT_MSG_EQ((*it)[3].str(), (*it)[4].str(), "packets too");
                packets += std::stoull((*it)[4].str());
            }
            NS_TEST_EXPECT_MSG_GT(flows, 100, file << ": most of the 240 host pairs");
            NS_TEST_EXPECT_MSG_GT(packets, 1000, file << ": packets");
            NS_TEST_EXPECT_MSG_NE(xml.find("interface=\"fabric\""), std::string::npos, "names");
        }
    }
};
#endif

/// The suite.
class SanFlowMonitorTestSuite : public TestSuite
{
  public:
    SanFlowMonitorTestSuite()
        : TestSuite("san-flow-monitor", UNIT)
    {
        AddTestCase(new SanFlowMonitorTracesTestCase, TestCase::QUICK);
        AddTestCase(new SanFlowMonitorSplitTestCase, TestCase::QUICK);
        AddTestCase(new SanFlowMonitorStartTestCase, TestCase::QUICK);
#ifdef SAN_BUILD_DIR
        AddTestCase(new SanFlowMonitorSanRunTestCase, TestCase::QUICK);
#endif
    }
};

/// Registers the suite.
SanFlowMonitorTestSuite g_sanFlowMonitorTestSuite;

} // namespace
