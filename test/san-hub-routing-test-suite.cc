/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanHubRouting at the centre of a star, as a user's program sets it up: the same echoes at the
// same times as ns-3's static routing there, drops for a destination on no link or a link down.

#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/san-hub-routing-helper.h"
#include "ns3/san-hub-routing.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-echo-helper.h"
#include "ns3/uinteger.h"

#include <vector>

using namespace ns3;

namespace
{

/// A star of four hosts around a hub, each link its own /30, echoes from host 0 to host 3.
struct Star
{
    NodeContainer hosts;
    Ptr<Node> hub;
    std::vector<Ipv4Address> address; //!< each host's
    uint32_t hubDrops{0};             //!< packets the hub dropped for want of a route
    std::vector<Time> echoes;         //!< when host 0 heard each echo

    /// \param hubRouting SanHubRouting at the hub (else ns-3's static routing)
    explicit Star(bool hubRouting)
    {
        hosts.Create(4);
        hub = CreateObject<Node>();
        InternetStackHelper stack;
        stack.Install(hosts);
        InternetStackHelper hubStack;
        if (hubRouting)
        {
            hubStack.SetRoutingHelper(SanHubRoutingHelper());
        }
        hubStack.Install(hub);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        link.SetChannelAttribute("Delay", StringValue("5us"));
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.252");
        Ipv4StaticRoutingHelper routing;
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            NetDeviceContainer d = link.Install(hosts.Get(i), hub);
            Ipv4InterfaceContainer a = addresses.Assign(d);
            addresses.NewNetwork();
            address.push_back(a.GetAddress(0));
            Ptr<Ipv4> ipv4 = hosts.Get(i)->GetObject<Ipv4>();
            routing.GetStaticRouting(ipv4)->SetDefaultRoute(a.GetAddress(1),
                                                            ipv4->GetInterfaceForDevice(d.Get(0)));
        }
        hub->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&Star::Dropped, this));
    }

    void Dropped(const Ipv4Header&,
                 Ptr<const Packet>,
                 Ipv4L3Protocol::DropReason reason,
                 Ptr<Ipv4>,
                 uint32_t)
    {
        hubDrops += reason == Ipv4L3Protocol::DROP_NO_ROUTE ? 1 : 0;
    }

    /// Echo \p n packets from host 0 to \p to, one every millisecond from 1 ms.
    void Echo(Ipv4Address to, uint32_t n)
    {
        UdpEchoServerHelper server(9);
        server.Install(hosts.Get(3)).Start(Seconds(0));
        UdpEchoClientHelper client(to, 9);
        client.SetAttribute("MaxPackets", UintegerValue(n));
        client.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
        client.SetAttribute("PacketSize", UintegerValue(200));
        ApplicationContainer c = client.Install(hosts.Get(0));
        c.Start(MilliSeconds(1));
        c.Get(0)->TraceConnectWithoutContext("Rx", MakeCallback(&Star::Heard, this));
    }

    void Heard(Ptr<const Packet>)
    {
        echoes.push_back(Simulator::Now());
    }

    void Run()
    {
        Simulator::Stop(Seconds(1));
        Simulator::Run();
    }
};

/**
 * \ingroup san-tests
 * The hub forwards as ns-3's static routing would: the same echoes at the same times.
 */
class HubRoutingEchoTestCase : public TestCase
{
  public:
    HubRoutingEchoTestCase()
        : TestCase("echoes across the hub at the times of ns-3's static routing")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<Time> reference;
        {
            Star star(false);
            star.Echo(star.address[3], 5);
            star.Run();
            reference = star.echoes;
            Simulator::Destroy();
        }
        Star star(true);
        Ptr<SanHubRouting> routing =
            DynamicCast<SanHubRouting>(star.hub->GetObject<Ipv4>()->GetRoutingProtocol());
        NS_TEST_ASSERT_MSG_NE(routing, nullptr, "the hub runs SanHubRouting");
        NS_TEST_EXPECT_MSG_EQ(routing->GetNSubnets(), 5u, "four links and the loopback");
        star.Echo(star.address[3], 5);
        star.Run();
        NS_TEST_EXPECT_MSG_EQ(reference.size(), 5u, "static routing: every echo");
        NS_TEST_EXPECT_MSG_EQ(star.echoes.size(), 5u, "hub routing: every echo");
        for (uint32_t i = 0; i < reference.size() && i < star.echoes.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(star.echoes[i], reference[i], "echo " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(star.hubDrops, 0u, "nothing dropped");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A destination on no link of the hub, or behind a link taken down, is dropped there (no
 * route), and a link brought back up carries again.
 */
class HubRoutingDropTestCase : public TestCase
{
  public:
    HubRoutingDropTestCase()
        : TestCase("no route: a destination on no link, a link down; back up, it carries")
    {
    }

  private:
    void DoRun() override
    {
        {
            Star star(true);
            star.Echo(Ipv4Address("10.9.9.9"), 3);
            star.Run();
            NS_TEST_EXPECT_MSG_EQ(star.echoes.size(), 0u, "no echo");
            NS_TEST_EXPECT_MSG_EQ(star.hubDrops, 3u, "each dropped at the hub, no route");
            Simulator::Destroy();
        }
        Star star(true);
        Ptr<Ipv4> hubIp = star.hub->GetObject<Ipv4>();
        // The hub's interface to host 3 (interfaces: loopback, then hosts 0..3).
        const uint32_t toHost3 = 4;
        Ptr<SanHubRouting> routing = DynamicCast<SanHubRouting>(hubIp->GetRoutingProtocol());
        uint32_t whileDown = 0;
        Simulator::Schedule(MicroSeconds(500), [hubIp, toHost3, routing, &whileDown]() {
            hubIp->SetDown(toHost3);
            whileDown = routing->GetNSubnets();
        });
        Simulator::Schedule(MilliSeconds(2) + MicroSeconds(500),
                            [hubIp, toHost3]() { hubIp->SetUp(toHost3); });
        star.Echo(star.address[3], 4); // at 1, 2 (dropped), then 3 and 4 ms
        star.Run();
        NS_TEST_EXPECT_MSG_EQ(whileDown, 4u, "host 3's subnet gone while its link is down");
        NS_TEST_EXPECT_MSG_EQ(star.hubDrops, 2u, "two sent while the link was down");
        NS_TEST_EXPECT_MSG_EQ(star.echoes.size(), 2u, "two echoes once it is up");
        NS_TEST_EXPECT_MSG_EQ(routing->GetNSubnets(), 5u, "host 3's subnet back");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanHubRoutingTestSuite : public TestSuite
{
  public:
    SanHubRoutingTestSuite()
        : TestSuite("san-hub-routing", UNIT)
    {
        AddTestCase(new HubRoutingEchoTestCase(), TestCase::QUICK);
        AddTestCase(new HubRoutingDropTestCase(), TestCase::QUICK);
    }
};

/// The suite's instance.
SanHubRoutingTestSuite g_sanHubRoutingTestSuite;

} // namespace
