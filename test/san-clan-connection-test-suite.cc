/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// CLAN connection set-up and tear-down over out-of-band messages (section 3.1): the cookies
// travel through the fabric, each end maps the other's aperture, data written through the
// mapping lands, and CLOSE tears both ends down.

#include "ns3/clan-connection.h"
#include "ns3/clan-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

class ClanConnectionTestCase : public TestCase
{
  public:
    ClanConnectionTestCase()
        : TestCase("connection: CONNECT and ACCEPT exchange cookies, data flows, CLOSE ends it")
    {
    }

  private:
    void DoRun() override
    {
        ClanScenario s(ClanScenario::Configure(2));
        Ptr<ClanContext> client = s.ctx[0];
        Ptr<ClanContext> server = s.ctx[1];
        const uint64_t clientArea = client->Allocate(4096, "client-area");
        const uint64_t serverArea = server->Allocate(4096, "server-area");
        Ptr<ClanConnection> c = CreateObject<ClanConnection>();
        Ptr<ClanConnection> a = CreateObject<ClanConnection>();
        Time clientUp;
        Time serverUp;
        bool serverSawClose = false;
        a->SetClosedCallback(Callback<void>([&serverSawClose]() { serverSawClose = true; }));
        a->Accept(server, 7, server->Export(serverArea, 4096), Callback<void>([&serverUp]() {
                      serverUp = Simulator::Now();
                  }));
        Simulator::Schedule(MicroSeconds(500), [&]() {
            c->Connect(client, 9, 1, 7, client->Export(clientArea, 4096), Callback<void>([&]() {
                           clientUp = Simulator::Now();
                           // Write through the server's offered aperture, then close.
                           client->WriteWord(c->GetPeerMapping() + 8, 0xabcd1234, Callback<void>());
                           Simulator::Schedule(MicroSeconds(50), [c]() { c->Close(); });
                       }));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(a->GetPeerCookie().host, 0u, "the server learnt the client's cookie");
        NS_TEST_ASSERT_MSG_EQ(a->GetPeerCookie().base, clientArea, "its aperture");
        NS_TEST_ASSERT_MSG_EQ(c->GetPeerCookie().base, serverArea, "and the client the server's");
        NS_TEST_ASSERT_MSG_GT(clientUp, serverUp, "ACCEPT follows CONNECT");
        NS_TEST_ASSERT_MSG_GT(serverUp, MicroSeconds(500), "through the fabric, not at once");
        NS_TEST_ASSERT_MSG_EQ(server->ReadLocalWord(serverArea + 8), 0xabcd1234u, "data landed");
        NS_TEST_ASSERT_MSG_EQ(serverSawClose, true, "CLOSE reached the server");
        NS_TEST_ASSERT_MSG_EQ(a->GetState(), ClanConnection::CLOSED, "server end closed");
        NS_TEST_ASSERT_MSG_EQ(c->GetState(), ClanConnection::CLOSED, "client end closed");
        NS_TEST_ASSERT_MSG_EQ(s.nics[1]->GetNOobDelivered(), 2u, "CONNECT and CLOSE delivered");
        NS_TEST_ASSERT_MSG_EQ(s.nics[0]->GetNOobDelivered(), 1u, "ACCEPT delivered");
        // Both endpoints went into their processes' caches: reopening reuses them.
        client->OpenEndpoint(11);
        NS_TEST_ASSERT_MSG_EQ(client->GetNEndpointCacheHits(), 1u, "a cached endpoint reused");
        Simulator::Destroy();
    }
};

class SanClanConnectionTestSuite : public TestSuite
{
  public:
    SanClanConnectionTestSuite()
        : TestSuite("san-clan-connection", UNIT)
    {
        AddTestCase(new ClanConnectionTestCase(), TestCase::QUICK);
    }
};

SanClanConnectionTestSuite g_sanClanConnectionTestSuite;

} // namespace
