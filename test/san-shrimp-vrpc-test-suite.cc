/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-shrimp-vrpc": VRPC (SHRIMP 1996, section 4.2): XDR encoding and Sun RPC headers
// (RFC 1014, RFC 1057), calls whose arguments and results cross the simulated SHRIMP with
// real values, xid matching, RPC errors, and the null call's round trip from its pieces.

#include "ns3/enum.h"
#include "ns3/shrimp-paper-experiments.h"
#include "ns3/shrimp-scenario.h"
#include "ns3/shrimp-socket-experiments.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/vrpc.h"

#include <functional>
#include <vector>

using namespace ns3;

namespace
{

/// XDR and RPC headers, byte for byte.
class VrpcXdrTestCase : public TestCase
{
  public:
    VrpcXdrTestCase()
        : TestCase("XDR encoding and RPC headers")
    {
    }

  private:
    void DoRun() override
    {
        XdrEncoder e;
        e.PutInt32(-2);
        e.PutUint64(0x0102030405060708ull);
        const uint8_t five[] = {9, 8, 7, 6, 5};
        e.PutOpaque(five, 5);
        const std::vector<uint8_t> expect = {0xff, 0xff, 0xff, 0xfe, 1, 2, 3, 4, 5, 6, 7, 8,
                                             0,    0,    0,    5,    9, 8, 7, 6, 5, 0, 0, 0};
        NS_TEST_ASSERT_MSG_EQ((e.GetBytes() == expect), true, "big-endian units, zero padding");
        XdrDecoder d(e.GetBytes().data(), e.GetSize());
        int32_t i = 0;
        uint64_t h = 0;
        std::vector<uint8_t> o;
        NS_TEST_ASSERT_MSG_EQ(d.GetInt32(i) && d.GetUint64(h) && d.GetOpaque(o), true, "decodes");
        NS_TEST_ASSERT_MSG_EQ(i, -2, "int");
        NS_TEST_ASSERT_MSG_EQ(h, 0x0102030405060708ull, "hyper");
        NS_TEST_ASSERT_MSG_EQ((o == std::vector<uint8_t>(five, five + 5)), true, "opaque");
        NS_TEST_ASSERT_MSG_EQ(d.GetRemaining(), 0, "all consumed");
        uint32_t u = 0;
        NS_TEST_ASSERT_MSG_EQ(d.GetUint32(u), false, "reading past the end fails");
        XdrDecoder shortOpaque(expect.data() + 12, 8); // length 5, only 4 bytes follow
        NS_TEST_ASSERT_MSG_EQ(shortOpaque.GetOpaque(o), false, "a short opaque fails");
        NS_TEST_ASSERT_MSG_EQ(shortOpaque.GetPosition(), 0, "and leaves the position");

        RpcHeader call;
        call.xid = 0xdeadbeef;
        call.prog = 100003;
        call.vers = 2;
        call.proc = 7;
        XdrEncoder ce;
        call.Encode(ce);
        NS_TEST_ASSERT_MSG_EQ(ce.GetSize(), 40, "a call header with AUTH_NULL is 10 units");
        XdrDecoder cd(ce.GetBytes().data(), ce.GetSize());
        RpcHeader back;
        NS_TEST_ASSERT_MSG_EQ(back.Decode(cd), true, "decodes");
        NS_TEST_ASSERT_MSG_EQ(back.xid, 0xdeadbeef, "xid");
        NS_TEST_ASSERT_MSG_EQ(back.prog, 100003, "prog");
        NS_TEST_ASSERT_MSG_EQ(back.proc, 7, "proc");
        std::vector<uint8_t> bad = ce.GetBytes();
        bad[11] = 3; // rpcvers 3
        XdrDecoder bd(bad.data(), static_cast<uint32_t>(bad.size()));
        NS_TEST_ASSERT_MSG_EQ(back.Decode(bd), false, "rpcvers other than 2 is refused");
        RpcHeader reply;
        reply.xid = 5;
        reply.msgType = RpcHeader::REPLY;
        reply.acceptStat = RpcHeader::PROC_UNAVAIL;
        XdrEncoder re;
        reply.Encode(re);
        NS_TEST_ASSERT_MSG_EQ(re.GetSize(), 24, "an accepted reply header is 6 units");
        XdrDecoder rd(re.GetBytes().data(), re.GetSize());
        NS_TEST_ASSERT_MSG_EQ(back.Decode(rd) && back.msgType == RpcHeader::REPLY &&
                                  back.acceptStat == RpcHeader::PROC_UNAVAIL,
                              true,
                              "reply round trip");
    }
};

/// A bound client and server on hosts 0 and 3 with procedure 1: (int a, int b, opaque s) ->
/// (int a + b, opaque s reversed).
struct RpcRig
{
    ShrimpScenario scenario{ShrimpScenario::Configure(2, 2)};
    Ptr<VrpcServer> server;
    Ptr<VrpcClient> client;

    RpcRig()
    {
        server = CreateObject<VrpcServer>();
        server->Setup(scenario.CreateEndpoint(3), 0x20000001, 1);
        server->Register(1, [](XdrDecoder& args, XdrEncoder& results) {
            int32_t a = 0;
            int32_t b = 0;
            std::vector<uint8_t> s;
            if (!args.GetInt32(a) || !args.GetInt32(b) || !args.GetOpaque(s, 100000))
            {
                return false;
            }
            results.PutInt32(a + b);
            std::vector<uint8_t> r(s.rbegin(), s.rend());
            results.PutOpaque(r.data(), static_cast<uint32_t>(r.size()));
            return true;
        });
    }
};

/// Calls carry real values both ways; xids match; errors are reported, not crashes.
class VrpcCallTestCase : public TestCase
{
  public:
    /// \param transfer how records travel \param receiverCopy copy out of the queue
    VrpcCallTestCase(VrpcConnection::Transfer transfer, bool receiverCopy)
        : TestCase(std::string("calls carry real values, xids match, errors are reported, ") +
                   (transfer == VrpcConnection::AUTOMATIC_UPDATE ? "automatic" : "deliberate") +
                   " update, " + (receiverCopy ? "receiver copy" : "decoded in place")),
          m_transfer(transfer),
          m_receiverCopy(receiverCopy)
    {
    }

  private:
    VrpcConnection::Transfer m_transfer; //!< variant
    bool m_receiverCopy;                 //!< variant

    void DoRun() override
    {
        RpcRig rig;
        rig.server->SetStaleReplies(true); // every reply is preceded by a wrong-xid one
        std::vector<int32_t> sums;
        std::vector<std::vector<uint8_t>> strings;
        std::vector<uint32_t> stats;
        std::vector<bool> oks;
        bool overlapRefused = false;
        std::function<void(int)> next;
        auto callAdd = [&](int k) {
            XdrEncoder a;
            a.PutInt32(1000 * k);
            a.PutInt32(-7 - k);
            std::vector<uint8_t> s(3 + 101 * k);
            for (size_t i = 0; i < s.size(); ++i)
            {
                s[i] = static_cast<uint8_t>(i * 3 + k);
            }
            a.PutOpaque(s.data(), static_cast<uint32_t>(s.size()));
            rig.client->Call(1, a, [&, k](bool ok, uint32_t stat, std::vector<uint8_t> r) {
                oks.push_back(ok);
                stats.push_back(stat);
                XdrDecoder d(r.data(), static_cast<uint32_t>(r.size()));
                int32_t sum = 0;
                std::vector<uint8_t> str;
                if (d.GetInt32(sum) && d.GetOpaque(str))
                {
                    sums.push_back(sum);
                    strings.push_back(str);
                }
                next(k + 1);
            });
            if (k == 0)
            {
                // A second call while the first is outstanding: refused, not queued.
                rig.client->Call(1, a, [&](bool ok, uint32_t, std::vector<uint8_t>) {
                    overlapRefused = !ok;
                });
            }
        };
        next = [&](int k) {
            if (k < 3)
            {
                callAdd(k);
                return;
            }
            if (k == 3) // an unknown procedure
            {
                rig.client->Call(9,
                                 XdrEncoder(),
                                 [&](bool ok, uint32_t stat, std::vector<uint8_t>) {
                                     oks.push_back(ok);
                                     stats.push_back(stat);
                                     next(4);
                                 });
                return;
            }
            if (k == 4) // garbage arguments
            {
                XdrEncoder g;
                g.PutInt32(1);
                rig.client->Call(1, g, [&](bool ok, uint32_t stat, std::vector<uint8_t>) {
                    oks.push_back(ok);
                    stats.push_back(stat);
                    next(5);
                });
                return;
            }
            if (k == 5) // arguments larger than the queue
            {
                XdrEncoder big;
                std::vector<uint8_t> b(70000);
                big.PutOpaque(b.data(), 70000);
                rig.client->Call(1, big, [&](bool ok, uint32_t stat, std::vector<uint8_t>) {
                    oks.push_back(ok);
                    stats.push_back(stat);
                });
            }
        };
        Ptr<VmmcEndpoint> ep = rig.scenario.CreateEndpoint(0);
        VrpcClient::Bind(
            ep,
            rig.server,
            [&](Ptr<VrpcClient> c) {
                rig.client = c;
                next(0);
            },
            m_transfer,
            m_receiverCopy);
        Simulator::Run();
        const uint64_t stale = rig.client->GetNStaleReplies();
        const uint32_t lastXid = rig.client->GetLastXid();
        const uint64_t served = rig.server->GetNCalls();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(overlapRefused, true, "an overlapping call is refused");
        NS_TEST_ASSERT_MSG_EQ(sums.size(), 3, "three results decoded");
        for (int k = 0; k < 3 && sums.size() == 3; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(sums[k], 1000 * k - 7 - k, "the sum computed at the server");
            std::vector<uint8_t> s(3 + 101 * k);
            for (size_t i = 0; i < s.size(); ++i)
            {
                s[i] = static_cast<uint8_t>(i * 3 + k);
            }
            NS_TEST_ASSERT_MSG_EQ((strings[k] == std::vector<uint8_t>(s.rbegin(), s.rend())),
                                  true,
                                  "the opaque came back reversed");
        }
        NS_TEST_ASSERT_MSG_EQ(stale, 5, "each of the five replies had a stale twin, discarded");
        NS_TEST_ASSERT_MSG_EQ(lastXid, 6, "xids 1..6 for the six calls made (the refused one too)");
        NS_TEST_ASSERT_MSG_EQ(served, 5, "the server served five calls");
        NS_TEST_ASSERT_MSG_EQ(stats.size(), 6, "six results");
        NS_TEST_ASSERT_MSG_EQ(stats[3], RpcHeader::PROC_UNAVAIL, "unknown procedure");
        NS_TEST_ASSERT_MSG_EQ(stats[4], RpcHeader::GARBAGE_ARGS, "garbage arguments");
        NS_TEST_ASSERT_MSG_EQ(oks[5], false, "too large for the queue: refused");
    }
};

/// The null call's round trip: the paper's pieces plus simulated transfers.
class VrpcNullCallTestCase : public TestCase
{
  public:
    VrpcNullCallTestCase()
        : TestCase("null call round trip from its pieces")
    {
    }

  private:
    void DoRun() override
    {
        const double rtt = ShrimpSocketExperiments::VrpcNullRttUs(0);
        const double au =
            ShrimpPaperExperiments::VmmcPingPong(ShrimpPaperExperiments::AU_1COPY, 4).oneWayUs;
        // 7 + 1.5 + 5.5 us of processor work (section 4.2's pieces) and two transfers of a
        // header, each at least the hardware's one-word latency.
        NS_TEST_ASSERT_MSG_GT(rtt, 14 + 2 * au, "the pieces and two transfers at least");
        NS_TEST_ASSERT_MSG_LT(rtt, 60, "tens of microseconds, not more");
        const auto big = ShrimpSocketExperiments::VrpcCall(4096, 5);
        NS_TEST_ASSERT_MSG_GT(big.rttUs, rtt + 2 * 4096 / 40.0, "4 KB each way costs its bytes");
        NS_TEST_ASSERT_MSG_GT(big.mbps, 2 * 4.0 / rtt * 10, "bandwidth grows with size");
    }
};

/// Figure 5's versions: deliberate update sends without the snoop, decoding in place saves
/// the receiver's copy, and a deliberate update refuses a record that is not whole words.
class VrpcVersionsTestCase : public TestCase
{
  public:
    VrpcVersionsTestCase()
        : TestCase("Figure 5's versions: AU and DU, with and without the receiver copy")
    {
    }

  private:
    /// \param transfer how records travel \return packets the client's snoop formed in calls
    static uint64_t SnoopedUpdates(VrpcConnection::Transfer transfer)
    {
        RpcRig rig;
        uint32_t calls = 0;
        std::function<void()> call = [&]() {
            XdrEncoder a;
            a.PutInt32(1);
            a.PutInt32(2);
            const uint8_t text[] = {'a', 'b', 'c'};
            a.PutOpaque(text, 3);
            rig.client->Call(1, a, [&](bool ok, uint32_t, std::vector<uint8_t>) {
                if (ok && ++calls < 3)
                {
                    call();
                }
            });
        };
        VrpcClient::Bind(
            rig.scenario.CreateEndpoint(0),
            rig.server,
            [&](Ptr<VrpcClient> c) {
                rig.client = c;
                call();
            },
            transfer);
        Simulator::Run();
        const uint64_t snooped = rig.scenario.nics[0]->GetNUpdatesSnooped();
        Simulator::Destroy();
        NS_ABORT_MSG_UNLESS(calls == 3, "the three calls completed");
        return snooped;
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_GT(SnoopedUpdates(VrpcConnection::AUTOMATIC_UPDATE),
                              0,
                              "automatic update: the client's stores are snooped");
        NS_TEST_ASSERT_MSG_EQ(SnoopedUpdates(VrpcConnection::DELIBERATE_UPDATE),
                              0,
                              "deliberate update: nothing is snooped");
        using S = ShrimpSocketExperiments;
        const auto au2 = S::VrpcCall(4096, 4, VrpcConnection::AUTOMATIC_UPDATE, true);
        const auto au1 = S::VrpcCall(4096, 4, VrpcConnection::AUTOMATIC_UPDATE, false);
        const auto du1 = S::VrpcCall(4096, 4, VrpcConnection::DELIBERATE_UPDATE, true);
        const auto du0 = S::VrpcCall(4096, 4, VrpcConnection::DELIBERATE_UPDATE, false);
        NS_TEST_ASSERT_MSG_LT(au1.rttUs, au2.rttUs, "AU: in place beats the receiver's copy");
        NS_TEST_ASSERT_MSG_LT(du0.rttUs, du1.rttUs, "DU: in place beats the receiver's copy");
        NS_TEST_ASSERT_MSG_GT(au2.rttUs - au1.rttUs,
                              2 * 4096 / 100.0,
                              "two 4 KB copies cost more than 100 MB/s would");

        // A record that is not whole words, sent by deliberate update: refused, nothing sent.
        ShrimpScenario scenario(ShrimpScenario::Configure(2, 2));
        Ptr<VrpcConnection> a = CreateObject<VrpcConnection>();
        Ptr<VrpcConnection> b = CreateObject<VrpcConnection>();
        for (const Ptr<VrpcConnection>& c : {a, b})
        {
            c->SetAttribute("Transfer", EnumValue(VrpcConnection::DELIBERATE_UPDATE));
        }
        Ptr<VmmcEndpoint> ea = scenario.CreateEndpoint(0);
        Ptr<VmmcEndpoint> eb = scenario.CreateEndpoint(1);
        int result = -1;
        a->Open(ea, [&](uint32_t idA) {
            b->Open(eb, [&, idA](uint32_t idB) {
                a->Attach(1, idB, [&](bool okA) {
                    NS_ABORT_MSG_UNLESS(okA, "attached");
                    a->Send({1, 2, 3, 4, 5}, [&](bool ok) { result = ok ? 1 : 0; });
                });
                (void)idA;
            });
        });
        Simulator::Run();
        const uint64_t sent = scenario.nics[0]->GetNPacketsSent();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(result, 0, "a 5-byte record is refused");
        NS_TEST_ASSERT_MSG_EQ(sent, 0, "and nothing was sent");
    }
};

/// The suite.
class SanShrimpVrpcTestSuite : public TestSuite
{
  public:
    SanShrimpVrpcTestSuite()
        : TestSuite("san-shrimp-vrpc", UNIT)
    {
        AddTestCase(new VrpcXdrTestCase, TestCase::QUICK);
        AddTestCase(new VrpcCallTestCase(VrpcConnection::AUTOMATIC_UPDATE, true), TestCase::QUICK);
        AddTestCase(new VrpcCallTestCase(VrpcConnection::AUTOMATIC_UPDATE, false), TestCase::QUICK);
        AddTestCase(new VrpcCallTestCase(VrpcConnection::DELIBERATE_UPDATE, true), TestCase::QUICK);
        AddTestCase(new VrpcCallTestCase(VrpcConnection::DELIBERATE_UPDATE, false),
                    TestCase::QUICK);
        AddTestCase(new VrpcVersionsTestCase, TestCase::QUICK);
        AddTestCase(new VrpcNullCallTestCase, TestCase::QUICK);
    }
};

static SanShrimpVrpcTestSuite g_sanShrimpVrpcTestSuite; //!< registers the suite

} // namespace
