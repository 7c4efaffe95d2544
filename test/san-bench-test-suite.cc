/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The benchmark workloads as a user's program runs them: the ping-pong (SanPingPongHelper) and
// the stream (SanStreamHelper) over each stream-socket library through SanSocketMessenger, on
// the testbeds nic-shootout uses (SanBenchTestbed): ns-3's TCP on the host's stack,
// SCILAN's sockets over SCI, SHRIMP's sockets over VMMC. What can be known without the
// simulation: every message is echoed (counts conserved), a round trip is longer than the
// wire's serialization of the message both ways, a larger message takes longer, and a second
// run in the same process (after Simulator::Destroy) gives the same round trips.

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

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

/// What one ping-pong run gave.
struct PingPongOutcome
{
    std::vector<Time> roundTrips; //!< measured
    uint64_t echoed{0};           //!< messages the server echoed
    bool done{false};             //!< every round finished
    double mbps{0};               //!< the client's ping-pong bandwidth
    double linkBps{0};            //!< the slowest link's rate on the path
};

/// Run a ping-pong of \p bytes on a testbed of \p iface.
PingPongOutcome
RunPingPong(const std::string& iface, uint32_t bytes)
{
    PingPongOutcome out;
    SanBenchTestbed testbed(iface);
    out.linkBps = testbed.GetLinkBps();
    SanPingPongHelper pingPong(testbed.GetMessengerType());
    testbed.ConfigureMessenger(pingPong);
    pingPong.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    pingPong.SetClientAttribute("Rounds", UintegerValue(5));
    pingPong.SetClientAttribute("WarmupRounds", UintegerValue(2));
    ApplicationContainer apps =
        pingPong.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1));
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

/// What one streaming run gave.
struct StreamOutcome
{
    uint64_t sent{0};     //!< messages the library took
    uint64_t received{0}; //!< messages the sink took
    uint64_t bytes{0};    //!< bytes the sink took
    double mbps{0};       //!< the sink's bandwidth
    double linkBps{0};    //!< the slowest link's rate
};

/// Stream \p messages of \p bytes on a testbed of \p iface.
StreamOutcome
RunStream(const std::string& iface, uint32_t bytes, uint32_t messages)
{
    StreamOutcome out;
    SanBenchTestbed testbed(iface);
    out.linkBps = testbed.GetLinkBps();
    SanStreamHelper stream(testbed.GetMessengerType());
    testbed.ConfigureMessenger(stream);
    stream.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    stream.SetClientAttribute("Messages", UintegerValue(messages));
    stream.SetServerAttribute("WarmupMessages", UintegerValue(4));
    ApplicationContainer apps =
        stream.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1));
    apps.Start(MicroSeconds(10));
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    Ptr<SanStreamSink> sink = DynamicCast<SanStreamSink>(apps.Get(0));
    out.sent = DynamicCast<SanStreamSender>(apps.Get(1))->GetSent();
    out.received = sink->GetReceived();
    out.bytes = sink->GetReceivedBytes();
    out.mbps = sink->GetBandwidthMBps();
    Simulator::Destroy();
    return out;
}

/// The ping-pong over one library: conserved, above the wire's minimum, growing with size,
/// the same twice.
class PingPongTestCase : public TestCase
{
  public:
    /// \param iface a SanBenchTestbed interface
    explicit PingPongTestCase(const std::string& iface)
        : TestCase("ping-pong over " + iface +
                   ": every message echoed, above the wire's time, "
                   "the same in a second run"),
          m_iface(iface)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<Time> previous;
        for (uint32_t bytes : {8u, 4096u})
        {
            const PingPongOutcome a = RunPingPong(m_iface, bytes);
            const PingPongOutcome b = RunPingPong(m_iface, bytes);
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

    std::string m_iface; //!< the interface
};

/// Streaming over one library: every message arrives whole, the stream is slower than the
/// link and faster than the ping-pong's one message at a time, the same twice.
class StreamTestCase : public TestCase
{
  public:
    /// \param iface a SanBenchTestbed interface
    explicit StreamTestCase(const std::string& iface)
        : TestCase("stream over " + iface +
                   ": every message arrives, below the link's rate (over sockets above the "
                   "ping-pong's), the same in a second run"),
          m_iface(iface)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t bytes = 4096;
        const uint32_t messages = 24;
        const StreamOutcome a = RunStream(m_iface, bytes, messages);
        const StreamOutcome b = RunStream(m_iface, bytes, messages);
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
        if (SanBenchTestbed(m_iface).GetMessengerType() == "ns3::SanSocketMessenger")
        {
            Simulator::Destroy();
            const PingPongOutcome p = RunPingPong(m_iface, bytes);
            NS_TEST_EXPECT_MSG_GT(a.mbps, p.mbps, "streaming beats one message at a time");
        }
        Simulator::Destroy();
    }

    std::string m_iface; //!< the interface
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

/// What one many-peer Rats run gave.
struct ManyPeersOutcome
{
    /// Arrivals at the receiving process: (time, sender's node id, bytes).
    std::vector<std::tuple<Time, uint32_t, uint32_t>> arrivals;
    std::vector<std::vector<uint32_t>> echoes; //!< echo sizes each sender got, in order
    uint64_t corrupt{0};                       //!< messages with wrong bytes, all processes
    std::vector<uint32_t> nodes;               //!< node ids of hosts 0..3
};

/**
 * Host 0's process receives from the processes on hosts 1-3 (each connects to it during the
 * run) and echoes every message to its sender; hosts 1 and 2 send one message at a time and
 * wait for its echo, host 3 sends all its messages back to back (flow control) and takes the
 * echoes as they come. Messages of mixed sizes, one to the largest.
 * \param sizes the message sizes each sender sends, in order
 * \param notification the messengers' "Notification"
 * eturn what arrived
 */
ManyPeersOutcome
RunRatsManyPeers(const std::vector<uint32_t>& sizes, const std::string& notification)
{
    ManyPeersOutcome out;
    const uint32_t n = 4;
    SanBenchTestbed testbed("hamlyn", n);
    ObjectFactory factory;
    factory.SetTypeId(testbed.GetMessengerType());
    testbed.ConfigureMessenger(factory);
    factory.Set("Notification", StringValue(notification));
    std::vector<Ptr<SanMessenger>> m;
    for (uint32_t i = 0; i < n; ++i)
    {
        m.push_back(factory.Create<SanMessenger>());
        out.nodes.push_back(testbed.GetHosts().Get(i)->GetId());
    }
    out.echoes.resize(n);
    const uint32_t server = out.nodes[0];
    // The server: receive from anyone, echo, receive again.
    auto serve = std::make_shared<std::function<void(uint32_t, uint32_t)>>();
    *serve = [&out, &m, serve](uint32_t peer, uint32_t bytes) {
        out.arrivals.emplace_back(Simulator::Now(), peer, bytes);
        m[0]->Send(peer, bytes, Callback<void>());
        m[0]->Receive(SanMessenger::ReceiveCallback(*serve));
    };
    Simulator::Schedule(MicroSeconds(10), [&m, &testbed, serve]() {
        m[0]->Open(testbed.GetHosts().Get(0));
        m[0]->Receive(SanMessenger::ReceiveCallback(*serve));
    });
    // Hosts 1 and 2: one message at a time.
    std::vector<std::shared_ptr<std::function<void()>>> next(n);
    std::vector<uint32_t> at(n, 0);
    for (uint32_t i = 1; i <= 2; ++i)
    {
        next[i] = std::make_shared<std::function<void()>>();
        std::function<void()>* step = next[i].get();
        *step = [&out, &m, &at, &sizes, i, server, step]() {
            if (at[i] == sizes.size())
            {
                return;
            }
            m[i]->Send(server, sizes[at[i]++], Callback<void>());
            m[i]->Receive(SanMessenger::ReceiveCallback([&out, i, step](uint32_t, uint32_t b) {
                out.echoes[i].push_back(b);
                (*step)();
            }));
        };
    }
    // Host 3: all at once, as the library takes them; echoes as they come.
    auto take = std::make_shared<std::function<void(uint32_t, uint32_t)>>();
    *take = [&out, &m, &sizes, take](uint32_t, uint32_t b) {
        out.echoes[3].push_back(b);
        if (out.echoes[3].size() < sizes.size())
        {
            m[3]->Receive(SanMessenger::ReceiveCallback(*take));
        }
    };
    auto burst = std::make_shared<std::function<void()>>();
    *burst = [&m, &at, &sizes, server, burst]() {
        if (at[3] < sizes.size())
        {
            m[3]->Send(server, sizes[at[3]++], Callback<void>([burst]() {
                           Simulator::ScheduleNow(*burst);
                       }));
        }
    };
    for (uint32_t i = 1; i < n; ++i)
    {
        Simulator::Schedule(MicroSeconds(10 + i), [&m, &testbed, &next, take, burst, i]() {
            m[i]->Open(testbed.GetHosts().Get(i));
            m[i]->Connect(testbed.GetHosts().Get(0), Callback<void>([&m, &next, take, burst, i]() {
                              if (i < 3)
                              {
                                  (*next[i])();
                                  return;
                              }
                              m[3]->Receive(SanMessenger::ReceiveCallback(*take));
                              (*burst)();
                          }));
        });
    }
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    for (auto& messenger : m)
    {
        out.corrupt += DynamicCast<SanRatsMessenger>(messenger)->GetCorruptMessages();
        messenger->Dispose();
    }
    *serve = nullptr; // the lambdas hold each other
    *take = nullptr;
    *burst = nullptr;
    for (auto& f : next)
    {
        if (f)
        {
            *f = nullptr;
        }
    }
    Simulator::Destroy();
    return out;
}

/// Rats' messenger as a program uses it: one process receives from three others, which
/// connect to it during the run; mixed sizes, counts and bytes conserved, senders named
/// right, the same twice; blocking notification slower than polling, same messages.
class RatsManyPeersTestCase : public TestCase
{
  public:
    RatsManyPeersTestCase()
        : TestCase("hamlyn: one Rats process receives from three (mixed sizes, flow control), "
                   "bytes intact, the same in a second run; Block as Poll but slower")
    {
    }

  private:
    void DoRun() override
    {
        // 4 hosts: "MaxMessageBytes" is 256 KiB (SanBenchTestbed); 1 byte is the least.
        const std::vector<uint32_t> sizes = {8, 1, 300, 4096, 255, 65536, 262144, 8, 100000, 16};
        const ManyPeersOutcome a = RunRatsManyPeers(sizes, "Poll");
        const ManyPeersOutcome b = RunRatsManyPeers(sizes, "Poll");
        NS_TEST_ASSERT_MSG_EQ(a.arrivals.size(), 3 * sizes.size(), "every message arrived");
        std::map<uint32_t, std::vector<uint32_t>> bySender;
        for (const auto& [t, peer, bytes] : a.arrivals)
        {
            bySender[peer].push_back(bytes);
        }
        NS_TEST_EXPECT_MSG_EQ(bySender.size(), 3u, "three senders");
        for (uint32_t i = 1; i <= 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ((bySender[a.nodes[i]] == sizes),
                                  true,
                                  "host " << i << "'s messages, named by its node id, in order");
            NS_TEST_EXPECT_MSG_EQ((a.echoes[i] == sizes), true, "host " << i << "'s echoes");
        }
        NS_TEST_EXPECT_MSG_EQ(a.corrupt, 0u, "every byte as its sender wrote it");
        NS_TEST_EXPECT_MSG_EQ((a.arrivals == b.arrivals),
                              true,
                              "a second run in the same process gives the same arrivals");
        // Sleeping in poll costs the wake-up on every message, and changes nothing else.
        const ManyPeersOutcome c = RunRatsManyPeers(sizes, "Block");
        NS_TEST_ASSERT_MSG_EQ(c.arrivals.size(), a.arrivals.size(), "Block: every message");
        NS_TEST_EXPECT_MSG_EQ(c.corrupt, 0u, "Block: bytes intact");
        NS_TEST_EXPECT_MSG_GT(std::get<0>(c.arrivals.back()),
                              std::get<0>(a.arrivals.back()),
                              "blocking takes longer than busy-waiting");
    }
};

/// Bad input to Rats' messenger: a message over "MaxMessageBytes", a send to a process it
/// has not connected to; each stops with one line.
class RatsInputTestCase : public TestCase
{
  public:
    RatsInputTestCase()
        : TestCase("hamlyn: a message over MaxMessageBytes, or to an unconnected peer, stops "
                   "with one line")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith(
                []() {
                    SanBenchTestbed testbed("hamlyn");
                    SanPingPongHelper pingPong(testbed.GetMessengerType());
                    testbed.ConfigureMessenger(pingPong);
                    pingPong.SetClientAttribute("MessageBytes", UintegerValue((1u << 20) + 1));
                    pingPong.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1))
                        .Start(MicroSeconds(10));
                    Simulator::Run();
                },
                "more than \"MaxMessageBytes\""),
            true,
            "a message over MaxMessageBytes is refused");
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith(
                []() {
                    SanBenchTestbed testbed("hamlyn", 3);
                    ObjectFactory factory;
                    factory.SetTypeId(testbed.GetMessengerType());
                    testbed.ConfigureMessenger(factory);
                    Ptr<SanMessenger> m = factory.Create<SanMessenger>();
                    Simulator::Schedule(MicroSeconds(10), [m, &testbed]() {
                        m->Open(testbed.GetHosts().Get(0));
                        m->Send(testbed.GetHosts().Get(2)->GetId(), 8, Callback<void>());
                    });
                    Simulator::Run();
                },
                "is not connected to node"),
            true,
            "a send to an unconnected peer is refused");
    }
};

/// The suite.
class SanBenchTestSuite : public TestSuite
{
  public:
    SanBenchTestSuite()
        : TestSuite("san-bench", UNIT)
    {
        for (const std::string& iface : SanBenchTestbed::GetInterfaces())
        {
            AddTestCase(new PingPongTestCase(iface), TestCase::QUICK);
            AddTestCase(new StreamTestCase(iface), TestCase::QUICK);
        }
        AddTestCase(new PingPongInputTestCase, TestCase::QUICK);
        AddTestCase(new RatsManyPeersTestCase, TestCase::QUICK);
        AddTestCase(new RatsInputTestCase, TestCase::QUICK);
    }
};

static SanBenchTestSuite g_sanBenchTestSuite; //!< registers the suite

} // namespace
