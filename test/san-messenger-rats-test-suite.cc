/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanRatsMessenger as a user's program drives it: one process receiving from three that connect
// during the run on the "hamlyn" testbed, polling or blocking, and its refusals of bad input.

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
 * Tests of Rats' messenger on Hamlyn (SanRatsMessenger).
 */

using namespace ns3;

namespace
{

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
    // The three connect while the others' messages flow, and a request the busy server misses
    // is sent again: at a fixed time-out here (no back-off), so that the connections' timers
    // do not reorder the two runs' traffic and the notification alone tells them apart.
    factory.Set("RequestTimeout", TimeValue(MicroSeconds(100)));
    factory.Set("RequestTimeoutMax", TimeValue(MicroSeconds(100)));
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
class SanMessengerRatsTestSuite : public TestSuite
{
  public:
    SanMessengerRatsTestSuite()
        : TestSuite("san-messenger-rats", UNIT)
    {
        AddTestCase(new RatsManyPeersTestCase, TestCase::QUICK);
        AddTestCase(new RatsInputTestCase, TestCase::QUICK);
    }
};

static SanMessengerRatsTestSuite g_sanMessengerRatsTestSuite; //!< registers the suite

} // namespace
