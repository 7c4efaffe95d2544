/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-shrimp-paper": the SHRIMP paper's rows (ShrimpPaperExperiments), each judged
// against the paper with its own tolerance (SanPaperTestCase), and the relations Figure 3
// shows: automatic update faster for small messages, deliberate update for large ones, and
// every extra copy costing bandwidth.

#include "ns3/san-paper-test-case.h"
#include "ns3/shrimp-paper-experiments.h"
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

/// The suite.
class SanShrimpPaperTestSuite : public TestSuite
{
  public:
    SanShrimpPaperTestSuite()
        : TestSuite("san-shrimp-paper", UNIT)
    {
        AddTestCase(new ShrimpVmmcPaperTestCase, TestCase::QUICK);
    }
};

static SanShrimpPaperTestSuite g_sanShrimpPaperTestSuite; //!< registers the suite

} // namespace
