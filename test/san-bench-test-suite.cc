/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The benchmark workloads as a user's program runs them: the ping-pong (SanPingPongHelper)
// over each stream-socket library through SanSocketMessenger: ns-3's TCP on the host's stack,
// SCILAN's sockets over SCI, SHRIMP's sockets over VMMC. What can be known without the
// simulation: every message is echoed (counts conserved), a round trip is longer than the
// wire's serialization of the message both ways, a larger message takes longer, and a second
// run in the same process (after Simulator::Destroy) gives the same round trips.

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Tests of the benchmark workloads over every interface.
 */

using namespace ns3;

namespace
{

/// What one ping-pong run gave.
struct PingPongOutcome
{
    std::vector<Time> roundTrips; //!< measured
    uint64_t echoed{0};           //!< messages the server echoed
    bool done{false};             //!< every round finished
    double mbps{0};               //!< the client's ping-pong bandwidth
    double linkBps{0};            //!< the slowest link's rate on the path
};

/// Builds two hosts with an interface and its library; returns the two nodes, the socket
/// factory's TypeId name, the link rate; keeps what it built alive in \p keep.
using Build = std::function<
    NodeContainer(std::string& factory, double& linkBps, std::shared_ptr<void>& keep)>;

/// Run a ping-pong of \p bytes on what \p build makes.
PingPongOutcome
RunPingPong(const Build& build, uint32_t bytes)
{
    std::string factory;
    PingPongOutcome out;
    std::shared_ptr<void> keep;
    NodeContainer nodes = build(factory, out.linkBps, keep);
    SanPingPongHelper pingPong;
    pingPong.SetMessengerAttribute("SocketFactory", StringValue(factory));
    pingPong.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    pingPong.SetClientAttribute("Rounds", UintegerValue(5));
    pingPong.SetClientAttribute("WarmupRounds", UintegerValue(2));
    ApplicationContainer apps = pingPong.Install(nodes.Get(0), nodes.Get(1));
    apps.Start(MicroSeconds(10));
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    Ptr<SanPingPongClient> client = DynamicCast<SanPingPongClient>(apps.Get(1));
    Ptr<SanPingPongServer> server = DynamicCast<SanPingPongServer>(apps.Get(0));
    out.roundTrips = client->GetRoundTrips();
    out.done = client->IsDone();
    out.mbps = client->GetBandwidthMBps();
    out.echoed = server->GetEchoed();
    Simulator::Destroy();
    return out;
}

/// TCP over 100 Mbit/s Ethernet between two hosts with their operating system's costs.
NodeContainer
BuildTcp(std::string& factory, double& linkBps, std::shared_ptr<void>& keep)
{
    const TcpBaselineExperiments::Link link = TcpBaselineExperiments::Ethernet100();
    auto pair =
        std::make_shared<TcpBaselineExperiments::Pair>(TcpBaselineExperiments::BuildPair(link));
    keep = pair;
    factory = "ns3::TcpSocketFactory";
    linkBps = link.rateBps;
    return pair->nodes;
}

/// SCILAN's sockets over SCI adapters on a two-host fabric.
NodeContainer
BuildScilan(std::string& factory, double& linkBps, std::shared_ptr<void>& keep)
{
    NodeContainer hosts;
    hosts.Create(2);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::PentiumNtHostPreset");
    hostHelper.Install(hosts);
    auto fabric = std::make_shared<SanFabricHelper>();
    fabric->SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
    NetDeviceContainer endpoints = fabric->Install(hosts);
    SciHelper sci;
    sci.Install(hosts, endpoints);
    ScilanHelper scilan;
    scilan.Install(hosts);
    keep = fabric;
    factory = "ns3::ScilanSocketFactory";
    DataRateValue rate;
    endpoints.Get(0)->GetChannel()->GetAttribute("DataRate", rate);
    linkBps = rate.Get().GetBitRate();
    return hosts;
}

/// SHRIMP's sockets over VMMC (connections set up over the Ethernet), hosts 0 and 3 of a 2x2
/// mesh.
NodeContainer
BuildShrimp(std::string& factory, double& linkBps, std::shared_ptr<void>& keep)
{
    ShrimpScenario::Spec spec = ShrimpScenario::Configure(2, 2);
    spec.ethernet = true;
    auto s = std::make_shared<ShrimpScenario>(spec);
    ShrimpSocketFactory::Install(s->GetHosts());
    keep = s;
    factory = "ns3::ShrimpSocketFactory";
    DataRateValue rate;
    s->GetEndpoints().Get(0)->GetChannel()->GetAttribute("DataRate", rate);
    linkBps = rate.Get().GetBitRate();
    NodeContainer two;
    two.Add(s->GetHosts().Get(0));
    two.Add(s->GetHosts().Get(3));
    return two;
}

/// The ping-pong over one library: conserved, above the wire's minimum, growing with size,
/// the same twice.
class PingPongTestCase : public TestCase
{
  public:
    /// \param name the library \param build what it runs on
    PingPongTestCase(const std::string& name, Build build)
        : TestCase("ping-pong over " + name +
                   ": every message echoed, above the wire's time, "
                   "the same in a second run"),
          m_build(std::move(build))
    {
    }

  private:
    void DoRun() override
    {
        std::vector<Time> previous;
        for (uint32_t bytes : {8u, 4096u})
        {
            const PingPongOutcome a = RunPingPong(m_build, bytes);
            const PingPongOutcome b = RunPingPong(m_build, bytes);
            NS_TEST_ASSERT_MSG_EQ(a.done, true, "every round finished (" << bytes << " B)");
            NS_TEST_EXPECT_MSG_EQ(a.roundTrips.size(), 5u, "five measured rounds");
            NS_TEST_EXPECT_MSG_EQ(a.echoed, 7u, "warm-up and measured messages echoed");
            NS_TEST_EXPECT_MSG_EQ((a.roundTrips == b.roundTrips),
                                  true,
                                  "a second run in the same process gives the same round trips");
            const Time wire = Seconds(2.0 * bytes * 8 / a.linkBps);
            for (const Time& rtt : a.roundTrips)
            {
                NS_TEST_EXPECT_MSG_GT(rtt,
                                      wire,
                                      "a round trip outlasts the message's serialization both "
                                      "ways ("
                                          << bytes << " B)");
            }
            // Ping-pong moves one message at a time, each crossing the link: the stream of
            // measured rounds cannot beat the link's rate.
            NS_TEST_EXPECT_MSG_GT(a.mbps, 0.0, "a ping-pong bandwidth");
            NS_TEST_EXPECT_MSG_LT(a.mbps * 1e6,
                                  a.linkBps / 8,
                                  "the ping-pong bandwidth is below the link's rate");
            if (!previous.empty())
            {
                NS_TEST_EXPECT_MSG_GT(a.roundTrips.front(),
                                      previous.front(),
                                      "4096 bytes take longer than 8");
            }
            previous = a.roundTrips;
        }
    }

    Build m_build; //!< what it runs on
};

/// Bad input: a messenger TypeId that is no SanMessenger, and a message smaller than the
/// messenger carries, each stop the program with one line naming it.
class PingPongInputTestCase : public TestCase
{
  public:
    PingPongInputTestCase()
        : TestCase("ping-pong: a wrong messenger TypeId or too small a message stops with one "
                   "line")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith([]() { SanPingPongHelper bad("ns3::SanPingPongClient"); },
                                "SanPingPongClient"),
            true,
            "a TypeId that is no SanMessenger is refused with its name");
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith(
                []() {
                    std::string factory;
                    double rate = 0;
                    std::shared_ptr<void> keep;
                    NodeContainer nodes = BuildTcp(factory, rate, keep);
                    SanPingPongHelper pingPong;
                    pingPong.SetMessengerAttribute("SocketFactory", StringValue(factory));
                    pingPong.SetClientAttribute("MessageBytes", UintegerValue(4));
                    pingPong.Install(nodes.Get(0), nodes.Get(1)).Start(MicroSeconds(10));
                    Simulator::Run();
                },
                "is below the smallest message"),
            true,
            "a 4-byte message over sockets (8 at least) is refused");
    }
};

/// The suite.
class SanBenchTestSuite : public TestSuite
{
  public:
    SanBenchTestSuite()
        : TestSuite("san-bench", UNIT)
    {
        AddTestCase(new PingPongTestCase("TCP (host stack, 100 Mbit per s Ethernet)", &BuildTcp),
                    TestCase::QUICK);
        AddTestCase(new PingPongTestCase("SCILAN sockets (SCI)", &BuildScilan), TestCase::QUICK);
        AddTestCase(new PingPongTestCase("SHRIMP sockets (VMMC)", &BuildShrimp), TestCase::QUICK);
        AddTestCase(new PingPongInputTestCase, TestCase::QUICK);
    }
};

static SanBenchTestSuite g_sanBenchTestSuite; //!< registers the suite

} // namespace
