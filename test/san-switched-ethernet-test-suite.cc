/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanSwitchedEthernet as a user's program sets it up (the helper, ns-3's internet stack, UDP
// sockets): each datagram's arrival at the time the frames' sizes, the cables and the switch's
// output port give, computed here from IEEE 802.3's framing; drops for no such host; and a
// second run in the same process.

#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/san-ip-net-device.h"
#include "ns3/san-switched-ethernet-helper.h"
#include "ns3/san-switched-ethernet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"

#include <vector>

using namespace ns3;

namespace
{

/// Hosts on one switched Ethernet, each with a UDP socket on port 9 that notes arrivals.
struct Lan
{
    NodeContainer hosts;
    NetDeviceContainer devices;
    Ptr<SanSwitchedEthernet> ethernet;
    std::vector<Ipv4Address> address;         //!< each host's
    std::vector<Ptr<Socket>> sockets;         //!< each host's
    std::vector<std::vector<Time>> arrivals;  //!< by receiving host
    std::vector<std::vector<uint32_t>> bytes; //!< sizes, same order

    /// \param n hosts
    explicit Lan(uint32_t n)
    {
        hosts.Create(n);
        SanSwitchedEthernetHelper helper;
        devices = helper.Install(hosts);
        ethernet = helper.GetEthernet();
        InternetStackHelper internet;
        internet.SetIpv6StackInstall(false);
        internet.SetRoutingHelper(Ipv4StaticRoutingHelper());
        internet.Install(hosts);
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0");
        const Ipv4InterfaceContainer a = addresses.Assign(devices);
        arrivals.resize(n);
        bytes.resize(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            address.push_back(a.GetAddress(i));
            Ptr<Socket> s = Socket::CreateSocket(hosts.Get(i), UdpSocketFactory::GetTypeId());
            s->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            s->SetRecvCallback(MakeCallback(&Lan::Receive, this));
            sockets.push_back(s);
        }
    }

    /// \param s a socket with data
    void Receive(Ptr<Socket> s)
    {
        const uint32_t host = s->GetNode()->GetId() - hosts.Get(0)->GetId();
        while (Ptr<Packet> p = s->Recv())
        {
            arrivals[host].push_back(Simulator::Now());
            bytes[host].push_back(p->GetSize());
        }
    }

    /// \param from a host \param to an address \param size payload bytes \param at when
    void SendAt(uint32_t from, Ipv4Address to, uint32_t size, Time at)
    {
        Ptr<Socket> s = sockets[from];
        Simulator::Schedule(at, [s, to, size]() {
            s->SendTo(Create<Packet>(size), 0, InetSocketAddress(to, 9));
        });
    }
};

/// \param udpPayload bytes \return their frame's time on a 10 Mbit/s link: UDP's 8 and IP's 20
/// header bytes, Ethernet's 18 of header and FCS (at least 64 in all) and 20 of preamble and gap
Time
FrameTime(uint32_t udpPayload)
{
    const uint32_t frame = std::max<uint32_t>(udpPayload + 8 + 20 + 18, 64) + 20;
    return NanoSeconds(frame * 800); // 800 ns a byte at 10 Mbit/s
}

} // namespace

/**
 * \ingroup san-tests
 * One datagram, then two at once to one host, then one to a host that is not there.
 */
class SwitchedEthernetTimingTestCase : public TestCase
{
  public:
    SwitchedEthernetTimingTestCase()
        : TestCase("a datagram crosses in two frame times and two cables; a busy output port "
                   "queues; no such host is a drop; twice in one process")
    {
    }

  private:
    void DoRun() override
    {
        for (int run = 0; run < 2; ++run)
        {
            Lan lan(3);
            const Time delay = MicroSeconds(5); // the Delay default
            NS_TEST_ASSERT_MSG_EQ(lan.ethernet->GetDelay(), delay, "Delay");
            // 100 bytes from host 0 to host 1: out of host 0, through the switch, in.
            lan.SendAt(0, lan.address[1], 100, Seconds(0));
            // At 1 ms, hosts 0 and 2 each send 1 byte to host 1 (a padded 64-byte frame): the
            // switch's port to host 1 sends one, then the other.
            lan.SendAt(0, lan.address[1], 1, MilliSeconds(1));
            lan.SendAt(2, lan.address[1], 1, MilliSeconds(1));
            // At 2 ms, a datagram for 10.2.0.10: host 9, not on this Ethernet (3 hosts).
            lan.SendAt(0, Ipv4Address("10.2.0.10"), 10, MilliSeconds(2));
            Simulator::Stop(MilliSeconds(10));
            Simulator::Run();

            const auto& at = lan.arrivals[1];
            NS_TEST_ASSERT_MSG_EQ(at.size(), 3u, "three datagrams at host 1");
            NS_TEST_EXPECT_MSG_EQ(lan.bytes[1][0], 100u, "the first intact");
            // (Rates give times through a double: a picosecond of rounding is allowed.)
            const Time ps = PicoSeconds(4);
            NS_TEST_EXPECT_MSG_EQ_TOL(at[0], FrameTime(100) * 2 + delay * 2, ps, "one datagram");
            const Time small = FrameTime(1);
            NS_TEST_EXPECT_MSG_EQ(small, NanoSeconds(67200), "padded to 64 bytes");
            NS_TEST_EXPECT_MSG_EQ_TOL(at[1],
                                      MilliSeconds(1) + small * 2 + delay * 2,
                                      ps,
                                      "first of two");
            NS_TEST_EXPECT_MSG_EQ_TOL(at[2],
                                      MilliSeconds(1) + small * 3 + delay * 2,
                                      ps,
                                      "the second waits one frame at the switch's port");
            NS_TEST_EXPECT_MSG_EQ(lan.arrivals[0].size() + lan.arrivals[2].size(),
                                  0u,
                                  "nothing elsewhere");
            Ptr<SanIpNetDevice> d0 = DynamicCast<SanIpNetDevice>(lan.devices.Get(0));
            NS_TEST_EXPECT_MSG_EQ(d0->GetDrops(), 1u, "the datagram for host 9 dropped");
            Ptr<SanEthernetIpTransport> p1 = lan.ethernet->GetPort(1);
            NS_TEST_EXPECT_MSG_EQ(p1->GetReceived(), 3u, "three frames in at host 1");
            NS_TEST_EXPECT_MSG_EQ(lan.ethernet->GetNDevices(), 3u, "a device a host");
            NS_TEST_EXPECT_MSG_EQ(lan.ethernet->GetDevice(2), lan.devices.Get(2), "in order");
            Simulator::Destroy();
        }
    }
};

/**
 * \ingroup san-tests
 * A datagram larger than a frame: IP fragments it, each fragment its own frame.
 */
class SwitchedEthernetFragmentTestCase : public TestCase
{
  public:
    SwitchedEthernetFragmentTestCase()
        : TestCase("a 4000-byte datagram arrives whole, in three frames")
    {
    }

  private:
    void DoRun() override
    {
        Lan lan(2);
        lan.SendAt(1, lan.address[0], 4000, Seconds(0));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(lan.bytes[0].size(), 1u, "one datagram");
        NS_TEST_EXPECT_MSG_EQ(lan.bytes[0][0], 4000u, "whole");
        NS_TEST_EXPECT_MSG_EQ(lan.ethernet->GetPort(1)->GetSent(), 3u, "three fragments");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanSwitchedEthernetTestSuite : public TestSuite
{
  public:
    SanSwitchedEthernetTestSuite()
        : TestSuite("san-switched-ethernet", UNIT)
    {
        AddTestCase(new SwitchedEthernetTimingTestCase(), TestCase::QUICK);
        AddTestCase(new SwitchedEthernetFragmentTestCase(), TestCase::QUICK);
    }
};

/// The suite's instance.
static SanSwitchedEthernetTestSuite g_sanSwitchedEthernetTestSuite;
