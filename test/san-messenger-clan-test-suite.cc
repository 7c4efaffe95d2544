/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanClanMessenger as a user's program drives it: one process receiving from three on the "clan"
// testbed, polling or blocking on Tripwires, and its refusals of bad input.

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
 * Tests of CLAN's message-channel messenger (SanClanMessenger).
 */

using namespace ns3;

namespace
{

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

/// The suite.
class SanMessengerClanTestSuite : public TestSuite
{
  public:
    SanMessengerClanTestSuite()
        : TestSuite("san-messenger-clan", UNIT)
    {
        AddTestCase(new ClanManyToOneTestCase, TestCase::QUICK);
        AddTestCase(new ClanInputTestCase, TestCase::QUICK);
    }
};

static SanMessengerClanTestSuite g_sanMessengerClanTestSuite; //!< registers the suite

} // namespace
