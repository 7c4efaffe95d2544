/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-shrimp-paper": the SHRIMP paper's rows (ShrimpPaperExperiments), each judged
// against the paper with its own tolerance (SanPaperTestCase), and the relations Figure 3
// shows: automatic update faster for small messages, deliberate update for large ones, and
// every extra copy costing bandwidth.

#include "san-paper-misses.h"

#include "ns3/san-paper-test-case.h"
#include "ns3/shrimp-nx-experiments.h"
#include "ns3/shrimp-paper-experiments.h"
#include "ns3/shrimp-socket-experiments.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Section 3.4 and Figure 3.
class ShrimpVmmcPaperTestCase : public SanPaperTestCase
{
  public:
    ShrimpVmmcPaperTestCase()
        : SanPaperTestCase("section 3.4: one-word latencies 4.75, 3.7 and 7.6 us; Figure 3's shape",
                           ShrimpPaperExperiments::PAPER,
                           &ShrimpPaperExperiments::VmmcRows,
                           3)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        using E = ShrimpPaperExperiments;
        auto v = ByMetric(rows);
        NS_TEST_EXPECT_MSG_LT(v["au_1word_latency_uncached_us"],
                              v["au_1word_latency_wt_us"],
                              "uncached is faster for one word");
        NS_TEST_EXPECT_MSG_LT(E::VmmcPingPong(E::AU_1COPY, 64).oneWayUs,
                              E::VmmcPingPong(E::DU_0COPY, 64).oneWayUs,
                              "automatic update wins for small messages");
        const double au = E::VmmcPingPong(E::AU_1COPY, 10240).mbps;
        const double du = E::VmmcPingPong(E::DU_0COPY, 10240).mbps;
        NS_TEST_EXPECT_MSG_GT(du, au, "deliberate update wins for large messages");
        NS_TEST_EXPECT_MSG_GT(au, E::VmmcPingPong(E::AU_2COPY, 10240).mbps, "a copy costs");
        NS_TEST_EXPECT_MSG_GT(du, E::VmmcPingPong(E::DU_1COPY, 10240).mbps, "a copy costs");
        // The buses bound the zero-copy bandwidth: EISA's 33 MB/s burst.
        NS_TEST_EXPECT_MSG_LT(v["du_0copy_max_bw_MBps"], 33, "below EISA's burst rate");
    }
};

/// Sections 4.1 and 5: NX's small-message overhead and SHRIMP RPC's null call.
class ShrimpNxPaperTestCase : public SanPaperTestCase
{
  public:
    ShrimpNxPaperTestCase()
        : SanPaperTestCase("sections 4.1 and 5: NX overhead just over 6 us, SHRIMP RPC 9.5 us",
                           ShrimpPaperExperiments::PAPER,
                           &ShrimpNxExperiments::PaperRows,
                           1)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        // Figure 8: SHRIMP RPC well below VRPC ("more than a factor of three").
        NS_TEST_EXPECT_MSG_LT(3 * ByMetric(rows)["shrimp_rpc_null_rtt_us"],
                              ShrimpSocketExperiments::VrpcCall(4).rttUs * 1.2,
                              "SHRIMP RPC about three times faster than VRPC");
        // Figure 4's bump: zero copy above the threshold beats one copy below it.
        NS_TEST_EXPECT_MSG_GT(ShrimpNxExperiments::NxPingPong(NxProcess::AU, 2048).mbps,
                              ShrimpNxExperiments::NxPingPong(NxProcess::AU, 2032).mbps,
                              "the protocol switch shows");
    }
};

/// Sections 4.2 and 4.3: VRPC's null call, the sockets' overhead, ttcp.
class ShrimpSocketPaperTestCase : public SanPaperTestCase
{
  public:
    ShrimpSocketPaperTestCase()
        : SanPaperTestCase("sections 4.2 and 4.3: VRPC 29 us, sockets, ttcp",
                           ShrimpPaperExperiments::PAPER,
                           &ShrimpPaperExperiments::SocketRows,
                           1)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        auto v = ByMetric(rows);
        // Large transfers come close to the hardware's one-copy limit (section 4.3).
        const double sock =
            ShrimpSocketExperiments::SocketPingPong(ShrimpSocket::AU_2COPY, 10240).mbps;
        const double vmmc =
            ShrimpPaperExperiments::VmmcPingPong(ShrimpPaperExperiments::AU_2COPY, 10240).mbps;
        NS_TEST_EXPECT_MSG_GT(sock, 0.9 * vmmc, "sockets near the VMMC one-copy limit");
        NS_TEST_EXPECT_MSG_GT(v["ttcp_7KB_bw_MBps"], v["ttcp_70B_bw_MBps"], "small writes cost");
    }
};

/// The suite.
class SanShrimpPaperTestSuite : public TestSuite
{
  public:
    SanShrimpPaperTestSuite()
        : TestSuite("san-shrimp-paper", UNIT)
    {
        AddTestCase(new ShrimpVmmcPaperTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpNxPaperTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpSocketPaperTestCase, TestCase::QUICK);
    }
};

static SanShrimpPaperTestSuite g_sanShrimpPaperTestSuite; //!< registers the suite

} // namespace
