/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanDartMessenger as a user's program drives it: one receiver and three senders on the "dart"
// testbed, polled or interrupted, and its refusals of bad input.

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
 * Tests of DART's messenger (SanDartMessenger).
 */

using namespace ns3;

namespace
{

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

/// The suite.
class SanMessengerDartTestSuite : public TestSuite
{
  public:
    SanMessengerDartTestSuite()
        : TestSuite("san-messenger-dart", UNIT)
    {
        AddTestCase(new DartManyPeersTestCase, TestCase::QUICK);
        AddTestCase(new DartBadInputTestCase, TestCase::QUICK);
    }
};

static SanMessengerDartTestSuite g_sanMessengerDartTestSuite; //!< registers the suite

} // namespace
