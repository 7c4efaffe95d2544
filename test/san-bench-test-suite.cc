/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The benchmark workloads as a user's program runs them: the ping-pong (SanPingPongHelper) and
// the stream (SanStreamHelper) over every interface's messenger, on the testbeds nic-shootout
// uses (SanBenchTestbed, SanBenchRuns), under each preset. (Each messenger's own cases, many peers
// and bad input, are in san-messenger-*-test-suite.cc.) What can be known without the simulation:
// every message is echoed (counts conserved), a round trip is longer than the wire's serialization
// of the message both ways, a larger message takes longer, and a second run in the same process
// (after Simulator::Destroy) gives the same round trips.

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-bench-runs.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Tests of the benchmark workloads over every interface.
 */

using namespace ns3;

namespace
{

/// The ping-pong over one library: conserved, above the wire's minimum, growing with size,
/// the same twice.
class PingPongTestCase : public TestCase
{
  public:
    /// \param bed a SanBenchTestbed interface and preset
    explicit PingPongTestCase(const SanBenchRuns::Testbed& bed)
        : TestCase("ping-pong over " + bed.GetName() +
                   ": every message echoed, above the wire's time, "
                   "the same in a second run"),
          m_bed(bed)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<Time> previous;
        for (uint32_t bytes : {8u, 4096u})
        {
            const SanBenchRuns::PingPong a = SanBenchRuns::RunPingPong(m_bed, bytes, 5, 2);
            const SanBenchRuns::PingPong b = SanBenchRuns::RunPingPong(m_bed, bytes, 5, 2);
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

    SanBenchRuns::Testbed m_bed; //!< the interface and preset
};

/// Streaming over one library: every message arrives whole, the stream is slower than the
/// link and faster than the ping-pong's one message at a time, the same twice.
class StreamTestCase : public TestCase
{
  public:
    /// \param bed a SanBenchTestbed interface and preset
    explicit StreamTestCase(const SanBenchRuns::Testbed& bed)
        : TestCase("stream over " + bed.GetName() +
                   ": every message arrives, below the link's rate (over sockets above the "
                   "ping-pong's), the same in a second run"),
          m_bed(bed)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t bytes = 4096;
        const uint32_t messages = 24;
        const SanBenchRuns::Stream a = SanBenchRuns::RunStream(m_bed, bytes, messages, 4);
        const SanBenchRuns::Stream b = SanBenchRuns::RunStream(m_bed, bytes, messages, 4);
        NS_TEST_EXPECT_MSG_EQ(a.sent, messages, "the library took every message");
        NS_TEST_EXPECT_MSG_EQ(a.received, messages, "every message arrived");
        NS_TEST_EXPECT_MSG_EQ(a.bytes, uint64_t{bytes} * messages, "every byte arrived");
        NS_TEST_EXPECT_MSG_GT(a.mbps, 0.0, "a bandwidth");
        NS_TEST_EXPECT_MSG_LT(a.mbps * 1e6, a.linkBps / 8, "below the link's rate");
        NS_TEST_EXPECT_MSG_EQ(a.mbps, b.mbps, "a second run in the same process gives the same");
        // Over a socket's buffers streaming overlaps what ping-pong serializes (sender, wire,
        // receiver, and back). NX is no such law: a large message waits for the receiver's
        // buffer address (zero-copy), which a receiver busy with the last message gives later
        // than one already waiting in crecv, as the ping-pong's is.
        if (SanBenchTestbed(m_bed.iface, 2, m_bed.preset).GetMessengerType() ==
            "ns3::SanSocketMessenger")
        {
            Simulator::Destroy();
            const SanBenchRuns::PingPong p = SanBenchRuns::RunPingPong(m_bed, bytes, 5, 2);
            NS_TEST_EXPECT_MSG_GT(a.mbps, p.mbps, "streaming beats one message at a time");
        }
        Simulator::Destroy();
    }

    SanBenchRuns::Testbed m_bed; //!< the interface and preset
};

/// The same-hosts and modern presets build every interface on one host and one fabric: the same
/// processor, the same I/O bus, the same link rate (TCP: its own Ethernet).
class SameHostsTestCase : public TestCase
{
  public:
    SameHostsTestCase()
        : TestCase("same-hosts and modern: every interface on the same CPU, bus and links; an "
                   "unknown preset stops with one line")
    {
    }

  private:
    /**
     * \brief Build \p iface's testbed under \p preset with two and three hosts: every host
     * has the CPU and bus of the first one seen, and (but TCP) the link rate too.
     * \param iface an interface \param preset a preset
     * \param clock \param bus \param link the first seen (0: none yet), updated
     */
    void CheckOneHostAndFabric(const std::string& iface,
                               const std::string& preset,
                               double& clock,
                               double& bus,
                               double& link)
    {
        for (uint32_t hosts : {2u, 3u})
        {
            SanBenchTestbed testbed(iface, hosts, preset);
            NS_TEST_EXPECT_MSG_EQ(testbed.GetHosts().GetN(), hosts, iface << ": hosts");
            for (uint32_t i = 0; i < hosts; ++i)
            {
                Ptr<SanHost> host = testbed.GetHosts().Get(i)->GetObject<SanHost>();
                NS_TEST_ASSERT_MSG_NE(host, nullptr, iface << ": a SanHost on each node");
                clock = clock > 0 ? clock : host->GetCpu()->GetClockRate();
                bus = bus > 0 ? bus : host->GetIoBus()->GetClockRate();
                NS_TEST_EXPECT_MSG_EQ(host->GetCpu()->GetClockRate(), clock, iface << ": CPU");
                NS_TEST_EXPECT_MSG_EQ(host->GetIoBus()->GetClockRate(), bus, iface << ": bus");
            }
            if (iface != "tcp")
            {
                link = link > 0 ? link : testbed.GetLinkBps();
                NS_TEST_EXPECT_MSG_EQ(testbed.GetLinkBps(), link, iface << ": link rate");
            }
            Simulator::Destroy();
        }
    }

    void DoRun() override
    {
        double clock = 0;
        for (const std::string preset : {"modern", "same-hosts"})
        {
            clock = 0;
            double bus = 0;
            double link = 0;
            for (const std::string& iface : SanBenchTestbed::GetInterfaces())
            {
                if (!SanBenchTestbed::GetMissing(iface, preset).empty())
                {
                    continue;
                }
                CheckOneHostAndFabric(iface, preset, clock, bus, link);
            }
            const double expected = preset == "modern" ? 100e9 : 640e6;
            NS_TEST_EXPECT_MSG_EQ(link, expected, preset << ": links");
        }
        // The as-published testbeds differ: CLAN's Alphas are not SCILAN's PCs.
        {
            SanBenchTestbed clan("clan");
            NS_TEST_EXPECT_MSG_NE(
                clan.GetHosts().Get(0)->GetObject<SanHost>()->GetCpu()->GetClockRate(),
                clock,
                "as published, CLAN's hosts are its paper's");
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith([]() { SanBenchTestbed bad("clan", 2, "same-host"); },
                                "no preset 'same-host' (known: as-published same-hosts modern)"),
            true,
            "an unknown preset is refused, the known ones listed");
        for (const std::string& preset : SanBenchTestbed::GetPresets())
        {
            for (const std::string& iface : SanBenchTestbed::GetInterfaces())
            {
                NS_TEST_EXPECT_MSG_EQ(SanBenchTestbed::GetMissing(iface, preset),
                                      "",
                                      iface << " has a " << preset << " testbed");
            }
        }
    }
};

/// TCP's modern testbed (ModernServerHostPreset, ModernLinuxStackCosts, ModernEthernetNicCosts,
/// 100 Gbit/s through a cut-through switch): its small-message latency is below the paper's
/// pair's.
class ModernTcpTestCase : public TestCase
{
  public:
    ModernTcpTestCase()
        : TestCase("tcp modern: the 8-byte ping-pong's latency is below as-published's (the "
                   "paper's pair), above a microsecond")
    {
    }

  private:
    void DoRun() override
    {
        const SanBenchRuns::PingPong modern = SanBenchRuns::RunPingPong({"tcp", "modern"}, 8, 5, 2);
        const SanBenchRuns::PingPong published =
            SanBenchRuns::RunPingPong({"tcp", "as-published"}, 8, 5, 2);
        NS_TEST_ASSERT_MSG_EQ(modern.done, true, "the modern ping-pong finished");
        NS_TEST_ASSERT_MSG_EQ(published.done, true, "the as-published ping-pong finished");
        NS_TEST_EXPECT_MSG_LT(modern.oneWay,
                              published.oneWay,
                              "a current server and NIC beat the 1999 Alphas");
        // A current host's TCP still pays system calls, interrupts and wake-ups: above a
        // microsecond one way, below the 1999 pair's tenth.
        NS_TEST_EXPECT_MSG_GT(modern.oneWay, MicroSeconds(1), "above a microsecond");
        NS_TEST_EXPECT_MSG_LT(modern.oneWay, published.oneWay / 10, "a tenth of 1999's");
        Simulator::Destroy();
    }
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
                    SanBenchTestbed testbed("tcp");
                    SanPingPongHelper pingPong;
                    testbed.ConfigureMessenger(pingPong);
                    pingPong.SetClientAttribute("MessageBytes", UintegerValue(4));
                    pingPong.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1))
                        .Start(MicroSeconds(10));
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
        for (const std::string& preset : SanBenchTestbed::GetPresets())
        {
            for (const std::string& iface : SanBenchTestbed::GetInterfaces())
            {
                if (!SanBenchTestbed::GetMissing(iface, preset).empty())
                {
                    continue;
                }
                AddTestCase(new PingPongTestCase({iface, preset}), TestCase::QUICK);
                AddTestCase(new StreamTestCase({iface, preset}), TestCase::QUICK);
            }
        }
        AddTestCase(new SameHostsTestCase, TestCase::QUICK);
        AddTestCase(new ModernTcpTestCase, TestCase::QUICK);
        AddTestCase(new PingPongInputTestCase, TestCase::QUICK);
    }
};

static SanBenchTestSuite g_sanBenchTestSuite; //!< registers the suite

} // namespace
