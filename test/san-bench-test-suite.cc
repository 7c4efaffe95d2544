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
            const SanBenchRuns::PingPong a = SanBenchRuns::RunPingPong(m_iface, bytes, 5, 2);
            const SanBenchRuns::PingPong b = SanBenchRuns::RunPingPong(m_iface, bytes, 5, 2);
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
        const SanBenchRuns::Stream a = SanBenchRuns::RunStream(m_iface, bytes, messages, 4);
        const SanBenchRuns::Stream b = SanBenchRuns::RunStream(m_iface, bytes, messages, 4);
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
            const SanBenchRuns::PingPong p = SanBenchRuns::RunPingPong(m_iface, bytes, 5, 2);
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

/// DART's messenger as a many-process program uses it: one receiver, three senders.
class DartManyPeersTestCase : public TestCase
{
  public:
    DartManyPeersTestCase()
        : TestCase("dart: one process receives mixed sizes from three others (senders told "
                   "apart, bytes intact, answers back), polled or interrupted, the same twice")
    {
    }

  private:
    /// One arrival at the receiver.
    struct Arrival
    {
        int64_t at;     //!< time step
        uint32_t peer;  //!< sender's node id
        uint32_t bytes; //!< size

        bool operator==(const Arrival& o) const
        {
            return at == o.at && peer == o.peer && bytes == o.bytes;
        }
    };

    /// What one run gave.
    struct Outcome
    {
        std::vector<Arrival> arrivals; //!< at the receiver, in order
        std::vector<uint32_t> senders; //!< the senders' node ids
        std::vector<uint32_t> answers; //!< answers each sender took
        uint64_t corrupt{0};           //!< pieces whose bytes differed, everywhere
        uint64_t credits{0};           //!< credit messages, everywhere
    };

    /// \param i a sender (0..2) \return the sizes it sends, in order
    static std::vector<uint32_t> SizesOf(uint32_t i)
    {
        std::vector<uint32_t> sizes = {8, 4096 + i, 100 + i, 70000, 32, 12};
        if (i == 0)
        {
            sizes.push_back(1 << 20); // the largest message
        }
        return sizes;
    }

    /// \param notification "POLLING" or "INTERRUPT" \return the run
    static Outcome Run(const std::string& notification)
    {
        Outcome out;
        SanBenchTestbed testbed("dart", 4);
        NodeContainer hosts = testbed.GetHosts();
        std::vector<Ptr<SanMessenger>> m;
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            Ptr<SanMessenger> x = testbed.CreateMessenger();
            x->SetAttribute("CheckPayload", BooleanValue(true));
            x->SetAttribute("Notification", StringValue(notification));
            m.push_back(x);
        }
        auto state = std::make_shared<Outcome>();
        state->answers.assign(3, 0);
        for (uint32_t i = 1; i < hosts.GetN(); ++i)
        {
            state->senders.push_back(hosts.Get(i)->GetId());
        }
        // The receiver: takes every message from any peer; a sender's last one is answered.
        auto expected = std::make_shared<std::map<uint32_t, uint32_t>>();
        for (uint32_t i = 0; i < 3; ++i)
        {
            (*expected)[hosts.Get(i + 1)->GetId()] = static_cast<uint32_t>(SizesOf(i).size());
        }
        auto take = std::make_shared<std::function<void(uint32_t, uint32_t)>>();
        Ptr<SanMessenger> server = m[0];
        *take = [state, server, take, expected](uint32_t peer, uint32_t bytes) {
            state->arrivals.push_back({Simulator::Now().GetTimeStep(), peer, bytes});
            if (--(*expected)[peer] == 0)
            {
                server->Send(peer, 64, Callback<void>());
            }
            server->Receive(
                SanMessenger::ReceiveCallback([take](uint32_t p, uint32_t b) { (*take)(p, b); }));
        };
        Simulator::Schedule(MicroSeconds(5), [server, hosts, take]() {
            server->Open(hosts.Get(0));
            server->Receive(
                SanMessenger::ReceiveCallback([take](uint32_t p, uint32_t b) { (*take)(p, b); }));
        });
        for (uint32_t i = 0; i < 3; ++i)
        {
            Ptr<SanMessenger> sender = m[i + 1];
            Ptr<Node> node = hosts.Get(i + 1);
            Ptr<Node> peer = hosts.Get(0);
            Simulator::Schedule(MicroSeconds(10), [sender, node, peer, i, state]() {
                sender->Open(node);
                sender->Connect(peer, Callback<void>([sender, peer, i, state]() {
                                    for (uint32_t bytes : SizesOf(i))
                                    {
                                        sender->Send(peer->GetId(), bytes, Callback<void>());
                                    }
                                    sender->Receive(SanMessenger::ReceiveCallback(
                                        [state, i](uint32_t, uint32_t) { ++state->answers[i]; }));
                                }));
            });
        }
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        for (const Ptr<SanMessenger>& x : m)
        {
            Ptr<SanDartMessenger> d = DynamicCast<SanDartMessenger>(x);
            state->corrupt += d->GetNCorrupt();
            state->credits += d->GetNCreditMessages();
        }
        out = *state;
        *take = nullptr; // the lambda holds itself
        Simulator::Destroy();
        return out;
    }

    void DoRun() override
    {
        for (const std::string notification : {"POLLING", "INTERRUPT"})
        {
            const Outcome a = Run(notification);
            const Outcome b = Run(notification);
            uint64_t messages = 0;
            for (uint32_t i = 0; i < 3; ++i)
            {
                std::vector<uint32_t> got;
                for (const Arrival& x : a.arrivals)
                {
                    if (x.peer == a.senders[i])
                    {
                        got.push_back(x.bytes);
                    }
                }
                NS_TEST_EXPECT_MSG_EQ((got == SizesOf(i)),
                                      true,
                                      notification << ": sender " << i
                                                   << "'s messages arrive whole, in order, "
                                                      "told apart from the others'");
                NS_TEST_EXPECT_MSG_EQ(a.answers[i],
                                      1u,
                                      notification << ": sender " << i << " got its answer");
                messages += SizesOf(i).size();
            }
            NS_TEST_EXPECT_MSG_EQ(a.arrivals.size(), messages, notification << ": conserved");
            NS_TEST_EXPECT_MSG_EQ(a.corrupt, uint64_t{0}, notification << ": every byte as sent");
            NS_TEST_EXPECT_MSG_GT(a.credits,
                                  uint64_t{0},
                                  notification << ": the rings filled: credits");
            NS_TEST_EXPECT_MSG_EQ((a.arrivals == b.arrivals),
                                  true,
                                  notification << ": a second run gives the same arrivals");
            // The senders' messages interleave at the receiver: it takes them from any peer.
            bool interleaved = false;
            for (size_t k = 1; k < a.arrivals.size(); ++k)
            {
                interleaved |= a.arrivals[k].peer != a.arrivals[k - 1].peer &&
                               a.arrivals[k].peer == a.arrivals[0].peer;
            }
            NS_TEST_EXPECT_MSG_EQ(interleaved, true, notification << ": arrivals interleave");
        }
    }
};

/// DART's messenger refuses a message over "MaxMessageBytes" and a send to an unconnected
/// peer, each with one line.
class DartBadInputTestCase : public TestCase
{
  public:
    DartBadInputTestCase()
        : TestCase("dart: a message over MaxMessageBytes, or to a peer not connected, stops "
                   "with one line")
    {
    }

  private:
    /// \param bytes what host 0 sends to host 1 \param connect whether it connects first
    static void SendOne(uint32_t bytes, bool connect)
    {
        SanBenchTestbed testbed("dart", 3);
        NodeContainer hosts = testbed.GetHosts();
        Ptr<SanMessenger> a = testbed.CreateMessenger();
        Ptr<SanMessenger> b = testbed.CreateMessenger();
        Simulator::Schedule(MicroSeconds(10), [=]() {
            b->Open(hosts.Get(1));
            a->Open(hosts.Get(0));
            if (connect)
            {
                a->Connect(hosts.Get(1), Callback<void>([=]() {
                               a->Send(hosts.Get(1)->GetId(), bytes, Callback<void>());
                           }));
            }
            else
            {
                a->Send(hosts.Get(2)->GetId(), bytes, Callback<void>());
            }
        });
        Simulator::Run();
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(santest::AbortsWith([]() { SendOne((1 << 20) + 1, true); },
                                                  "more than \"MaxMessageBytes\""),
                              true,
                              "a message of 1 MiB + 1 is refused");
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith([]() { SendOne(64, false); }, "is not connected to node"),
            true,
            "a send to a peer never connected is refused");
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

/// What one many-to-one run over CLAN's message channels gave.
struct ClanManyOutcome
{
    std::vector<std::pair<uint32_t, uint32_t>> arrivals; //!< (sender node, bytes), in order
    std::vector<Time> times;                             //!< when each arrived
    std::vector<uint32_t> senders;                       //!< the senders' node ids
    uint64_t checked{0};                                 //!< payload bytes checked
    uint64_t pieces{0};                                  //!< channel messages received
};

/// The messages each sender sends, in order (mixed sizes; 70,000 B is three 32 KB pieces).
std::vector<uint32_t>
ClanManySizes(uint32_t sender)
{
    std::vector<uint32_t> sizes{8, 100, 4096, 70000, 8, 33000};
    if (sender == 1)
    {
        sizes.push_back(1048576); // the largest message, 32 pieces
    }
    return sizes;
}

/// Hosts 1..n-1 of a "clan" testbed each send ClanManySizes to host 0, which receives them
/// all, as a user's program would (messengers made and driven directly).
ClanManyOutcome
RunClanMany(uint32_t hosts, const std::string& notification)
{
    ClanManyOutcome out;
    SanBenchTestbed testbed("clan", hosts);
    NodeContainer nodes = testbed.GetHosts();
    std::vector<Ptr<SanClanMessenger>> m;
    for (uint32_t i = 0; i < hosts; ++i)
    {
        m.push_back(CreateObject<SanClanMessenger>());
        m.back()->SetAttribute("Notification", StringValue(notification));
    }
    const uint32_t server = nodes.Get(0)->GetId();
    uint32_t expected = 0;
    for (uint32_t i = 1; i < hosts; ++i)
    {
        out.senders.push_back(nodes.Get(i)->GetId());
        expected += static_cast<uint32_t>(ClanManySizes(i).size());
    }
    auto receive = std::make_shared<std::function<void()>>();
    *receive = [&out, &m, receive, expected]() {
        m[0]->Receive(
            SanMessenger::ReceiveCallback([&out, receive, expected](uint32_t peer, uint32_t bytes) {
                out.arrivals.emplace_back(peer, bytes);
                out.times.push_back(Simulator::Now());
                if (out.arrivals.size() < expected)
                {
                    (*receive)();
                }
            }));
    };
    Simulator::Schedule(MicroSeconds(10), [&m, &nodes, receive]() {
        m[0]->Open(nodes.Get(0));
        (*receive)();
    });
    for (uint32_t i = 1; i < hosts; ++i)
    {
        auto next = std::make_shared<std::function<void(uint32_t)>>();
        *next = [&m, i, server, next](uint32_t k) {
            const std::vector<uint32_t> sizes = ClanManySizes(i);
            if (k == sizes.size())
            {
                *next = nullptr; // the last send: release the loop
                return;
            }
            m[i]->Send(server, sizes[k], Callback<void>([next, k]() { (*next)(k + 1); }));
        };
        Simulator::Schedule(MicroSeconds(10), [&m, &nodes, i, next]() {
            m[i]->Open(nodes.Get(i));
            m[i]->Connect(nodes.Get(0), Callback<void>([next]() { (*next)(0); }));
        });
    }
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    out.checked = m[0]->GetNCheckedBytes();
    out.pieces = m[0]->GetNPiecesReceived();
    *receive = nullptr;
    for (auto& messenger : m)
    {
        messenger->Dispose();
    }
    Simulator::Destroy();
    return out;
}

/// CLAN's message channels as a user's program uses them: one process receiving from three
/// others, messages of mixed sizes (pieces of different senders interleaved), counts and
/// senders right, bytes intact, the same in a second run; the Block notification the same
/// messages.
class ClanManyToOneTestCase : public TestCase
{
  public:
    ClanManyToOneTestCase()
        : TestCase("clan: one process receives from three, mixed sizes to 1 MB, bytes intact, "
                   "the same twice, polling or blocking")
    {
    }

  private:
    void DoRun() override
    {
        const ClanManyOutcome a = RunClanMany(4, "Poll");
        const ClanManyOutcome b = RunClanMany(4, "Poll");
        uint64_t payload = 0;
        uint64_t pieces = 0;
        for (uint32_t i = 1; i < 4; ++i)
        {
            // Each sender's messages arrive whole, in its order, attributed to it.
            const std::vector<uint32_t> sizes = ClanManySizes(i);
            std::vector<uint32_t> got;
            for (const auto& [peer, bytes] : a.arrivals)
            {
                if (peer == a.senders[i - 1])
                {
                    got.push_back(bytes);
                }
            }
            NS_TEST_EXPECT_MSG_EQ((got == sizes),
                                  true,
                                  "sender " << i << "'s messages arrive whole and in order");
            for (uint32_t bytes : sizes)
            {
                payload += bytes - 8;
                pieces += (bytes + 32767) / 32768;
            }
        }
        uint32_t total = 0;
        for (uint32_t i = 1; i < 4; ++i)
        {
            total += static_cast<uint32_t>(ClanManySizes(i).size());
        }
        NS_TEST_EXPECT_MSG_EQ(a.arrivals.size(), total, "every message arrived, none twice");
        NS_TEST_EXPECT_MSG_EQ(a.checked,
                              payload,
                              "every payload byte checked against the sender's");
        NS_TEST_EXPECT_MSG_EQ(a.pieces, pieces, "each message in pieces of at most the buffer");
        NS_TEST_EXPECT_MSG_EQ((a.arrivals == b.arrivals),
                              true,
                              "the same arrivals in a second run");
        NS_TEST_EXPECT_MSG_EQ((a.times == b.times), true, "at the same times");
        // Interleaving: some sender's message arrived between two of another's.
        bool interleaved = false;
        for (size_t k = 1; k < a.arrivals.size(); ++k)
        {
            interleaved = interleaved || a.arrivals[k].first != a.arrivals[k - 1].first;
        }
        NS_TEST_EXPECT_MSG_EQ(interleaved, true, "the senders' messages interleave");

        const ClanManyOutcome c = RunClanMany(4, "Block");
        std::vector<std::pair<uint32_t, uint32_t>> sortedA = a.arrivals;
        std::vector<std::pair<uint32_t, uint32_t>> sortedC = c.arrivals;
        std::sort(sortedA.begin(), sortedA.end());
        std::sort(sortedC.begin(), sortedC.end());
        NS_TEST_EXPECT_MSG_EQ((sortedA == sortedC), true, "blocking receives the same messages");
        NS_TEST_EXPECT_MSG_EQ(c.checked, payload, "blocking: every payload byte checked");
    }
};

/// Bad input over CLAN's message channels: a message over MaxMessageBytes, or to a peer not
/// connected, stops the program with one line naming it.
class ClanInputTestCase : public TestCase
{
  public:
    ClanInputTestCase()
        : TestCase("clan: a message over MaxMessageBytes, or to an unconnected peer, stops with "
                   "one line")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(
            santest::AbortsWith(
                []() {
                    SanBenchTestbed testbed("clan");
                    SanPingPongHelper pingPong(testbed.GetMessengerType());
                    testbed.ConfigureMessenger(pingPong);
                    pingPong.SetClientAttribute("MessageBytes", UintegerValue(1048577));
                    pingPong.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1))
                        .Start(MicroSeconds(10));
                    Simulator::Run();
                },
                "more than \"MaxMessageBytes\" (1048576)"),
            true,
            "a message of 1 MiB + 1 is refused");
        NS_TEST_EXPECT_MSG_EQ(santest::AbortsWith(
                                  []() {
                                      SanBenchTestbed testbed("clan");
                                      Ptr<SanClanMessenger> m = CreateObject<SanClanMessenger>();
                                      Ptr<Node> a = testbed.GetHosts().Get(0);
                                      Ptr<Node> b = testbed.GetHosts().Get(1);
                                      Simulator::Schedule(MicroSeconds(10), [m, a, b]() {
                                          m->Open(a);
                                          m->Send(b->GetId(), 64, Callback<void>());
                                      });
                                      Simulator::Run();
                                  },
                                  "is not connected to node"),
                              true,
                              "a send to an unconnected peer is refused");
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
 *
eturn what arrived
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
        AddTestCase(new DartManyPeersTestCase, TestCase::QUICK);
        AddTestCase(new DartBadInputTestCase, TestCase::QUICK);
        AddTestCase(new ClanManyToOneTestCase, TestCase::QUICK);
        AddTestCase(new ClanInputTestCase, TestCase::QUICK);
        AddTestCase(new RatsManyPeersTestCase, TestCase::QUICK);
        AddTestCase(new RatsInputTestCase, TestCase::QUICK);
        AddTestCase(new VmmcIncastTestCase, TestCase::QUICK);
        AddTestCase(new VmmcInputTestCase, TestCase::QUICK);
    }
};

static SanBenchTestSuite g_sanBenchTestSuite; //!< registers the suite

} // namespace
