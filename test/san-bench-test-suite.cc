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

/// What one many-to-one VMMC run gave: per arrival, the sender, the size and the time.
struct VmmcIncastOutcome
{
    std::vector<uint32_t> from;  //!< sender's node id, per message in arrival order
    std::vector<uint32_t> bytes; //!< size, likewise
    std::vector<Time> at;        //!< arrival, likewise
    uint64_t corrupt{0};         //!< messages with wrong bytes
    uint64_t creditUpdates{0};   //!< the receiver's credit updates
    uint64_t creditWaits{0};     //!< sends that waited for a slot, all senders
    uint32_t connected{0};       //!< senders whose Connect completed
};

/// Three senders on hosts 1-3 of a "shrimp-vmmc" testbed of 4 hosts send \p perSender messages
/// of mixed sizes each to the process on host 0, which receives from any of them.
VmmcIncastOutcome
RunVmmcIncast(const std::string& transfer, const std::string& notification, uint32_t perSender)
{
    VmmcIncastOutcome out;
    SanBenchTestbed testbed("shrimp-vmmc", 4);
    NodeContainer hosts = testbed.GetHosts();
    auto make = [&]() {
        Ptr<SanVmmcMessenger> m = CreateObject<SanVmmcMessenger>();
        m->SetAttribute("MaxMessageBytes", UintegerValue(8192));
        m->SetAttribute("Slots", UintegerValue(4));
        m->SetAttribute("CreditBatch", UintegerValue(2));
        m->SetAttribute("CheckPayload", BooleanValue(true));
        m->SetAttribute("Transfer", StringValue(transfer));
        m->SetAttribute("Notification", StringValue(notification));
        return m;
    };
    Ptr<SanVmmcMessenger> server = make();
    std::vector<Ptr<SanVmmcMessenger>> clients;
    const uint32_t sizes[] = {4, 8, 1000, 4096, 8192, 13};
    auto receive = std::make_shared<std::function<void(uint32_t, uint32_t)>>();
    *receive = [&out, server, receive](uint32_t peer, uint32_t bytes) {
        out.from.push_back(peer);
        out.bytes.push_back(bytes);
        out.at.push_back(Simulator::Now());
        server->Receive(SanMessenger::ReceiveCallback(*receive));
    };
    Simulator::Schedule(MicroSeconds(1), [&]() {
        server->Open(hosts.Get(0));
        server->Receive(SanMessenger::ReceiveCallback(*receive));
    });
    for (uint32_t c = 1; c <= 3; ++c)
    {
        Ptr<SanVmmcMessenger> client = make();
        clients.push_back(client);
        Ptr<Node> me = hosts.Get(c);
        Ptr<Node> to = hosts.Get(0);
        Simulator::Schedule(MicroSeconds(10 + c), [&out, client, me, to, perSender, sizes]() {
            client->Open(me);
            client->Connect(to, Callback<void>([&out, client, to, perSender, sizes]() {
                                ++out.connected;
                                // Send them all back to back: the library takes them in turn.
                                for (uint32_t i = 0; i < perSender; ++i)
                                {
                                    client->Send(to->GetId(), sizes[i % 6], Callback<void>());
                                }
                            }));
        });
    }
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    out.corrupt = server->GetNCorrupt();
    out.creditUpdates = server->GetNCreditUpdates();
    for (const auto& c : clients)
    {
        out.creditWaits += c->GetNCreditWaits();
        out.corrupt += c->GetNCorrupt();
    }
    // The server's loop keeps a receive posted: drop it with the objects.
    *receive = nullptr;
    server->Dispose();
    for (const auto& c : clients)
    {
        c->Dispose();
    }
    Simulator::Destroy();
    return out;
}

/// VMMC used as a program would: one process receiving from three others (any sender, mixed
/// sizes, intact bytes, the ring's credits), the same in a second run; each transfer and
/// notification.
class VmmcIncastTestCase : public TestCase
{
  public:
    VmmcIncastTestCase()
        : TestCase("shrimp-vmmc: one process receives from three, every message whole and "
                   "attributed, with each transfer and notification, the same twice")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t perSender = 12; // three times the ring's four slots: credits must flow
        for (const std::string transfer : {"DeliberateUpdate", "AutomaticUpdate"})
        {
            for (const std::string notification : {"Polling", "Notification"})
            {
                const std::string what = transfer + "/" + notification;
                const VmmcIncastOutcome a = RunVmmcIncast(transfer, notification, perSender);
                const VmmcIncastOutcome b = RunVmmcIncast(transfer, notification, perSender);
                NS_TEST_ASSERT_MSG_EQ(a.connected, 3u, what << ": every sender connected");
                NS_TEST_ASSERT_MSG_EQ(a.from.size(), 3u * perSender, what << ": every message");
                NS_TEST_EXPECT_MSG_EQ(a.corrupt, 0u, what << ": every byte as sent");
                NS_TEST_EXPECT_MSG_GT(a.creditUpdates, 0u, what << ": credits were returned");
                NS_TEST_EXPECT_MSG_GT(a.creditWaits, 0u, what << ": a sender waited for a slot");
                const uint32_t sizes[] = {4, 8, 1000, 4096, 8192, 13};
                std::map<uint32_t, uint32_t> count;
                bool ordered = true;
                for (size_t i = 0; i < a.from.size(); ++i)
                {
                    // Each sender's messages arrive in its order: its k-th has its k-th size.
                    const uint32_t k = count[a.from[i]]++;
                    ordered = ordered && a.bytes[i] == sizes[k % 6];
                }
                NS_TEST_EXPECT_MSG_EQ(ordered, true, what << ": each sender's sizes in order");
                NS_TEST_EXPECT_MSG_EQ(count.size(), 3u, what << ": three senders identified");
                for (const auto& [node, n] : count)
                {
                    NS_TEST_EXPECT_MSG_EQ(n, perSender, what << ": all of node " << node);
                }
                NS_TEST_EXPECT_MSG_EQ((a.from == b.from && a.bytes == b.bytes && a.at == b.at),
                                      true,
                                      what << ": a second run gives the same arrivals");
            }
        }
    }
};

/// Bad input to the VMMC messenger: a message over "MaxMessageBytes", a send to a peer never
/// connected; each stops with one line.
class VmmcInputTestCase : public TestCase
{
  public:
    VmmcInputTestCase()
        : TestCase("shrimp-vmmc: too large a message or an unconnected peer stops with one line")
    {
    }

  private:
    void DoRun() override
    {
        auto pair = [](uint32_t bytes, bool connect) {
            SanBenchTestbed testbed("shrimp-vmmc", 2);
            NodeContainer hosts = testbed.GetHosts();
            Ptr<SanVmmcMessenger> server = CreateObject<SanVmmcMessenger>();
            Ptr<SanVmmcMessenger> client = CreateObject<SanVmmcMessenger>();
            client->SetAttribute("MaxMessageBytes", UintegerValue(1024));
            server->Open(hosts.Get(0));
            client->Open(hosts.Get(1));
            const uint32_t to = hosts.Get(0)->GetId();
            if (!connect)
            {
                client->Send(to, bytes, Callback<void>());
            }
            client->Connect(hosts.Get(0), Callback<void>([client, to, bytes]() {
                                client->Send(to, bytes, Callback<void>());
                            }));
            Simulator::Run();
        };
        NS_TEST_EXPECT_MSG_EQ(santest::AbortsWith([&]() { pair(1025, true); },
                                                  "more than \"MaxMessageBytes\" (1024)"),
                              true,
                              "a message over MaxMessageBytes is refused");
        NS_TEST_EXPECT_MSG_EQ(santest::AbortsWith([&]() { pair(8, false); }, "is not connected"),
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
        AddTestCase(new VmmcIncastTestCase, TestCase::QUICK);
        AddTestCase(new VmmcInputTestCase, TestCase::QUICK);
    }
};

static SanBenchTestSuite g_sanBenchTestSuite; //!< registers the suite

} // namespace
