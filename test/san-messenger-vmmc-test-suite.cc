/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanVmmcMessenger as a user's program drives it: one process receiving from three on the
// "shrimp-vmmc" testbed, each transfer and notification, and its refusals of bad input.

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
 * Tests of raw VMMC's messenger (SanVmmcMessenger).
 */

using namespace ns3;

namespace
{

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
class SanMessengerVmmcTestSuite : public TestSuite
{
  public:
    SanMessengerVmmcTestSuite()
        : TestSuite("san-messenger-vmmc", UNIT)
    {
        AddTestCase(new VmmcIncastTestCase, TestCase::QUICK);
        AddTestCase(new VmmcInputTestCase, TestCase::QUICK);
    }
};

static SanMessengerVmmcTestSuite g_sanMessengerVmmcTestSuite; //!< registers the suite

} // namespace
