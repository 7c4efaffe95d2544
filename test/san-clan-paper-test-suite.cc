/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The Tripwire paper's reproduction (Riddoch et al. 1999, CLAN): sections 5.2, 5.3 and 6.3
// within their tolerances, and the figures' shapes (Figure 8 flat; Figure 9 rising to a
// plateau; Figure 10 streaming above one-in-flight).

#include "san-paper-misses.h"

#include "ns3/san-paper-test-case.h"
#include "ns3/test.h"
#include "ns3/tripwire-paper-experiments.h"

#include <cmath>
#include <map>

using namespace ns3;

namespace
{

/// Section 5.2: the round trip and the DMA peak.
class ClanSharedMemoryTestCase : public SanPaperTestCase
{
  public:
    ClanSharedMemoryTestCase()
        : SanPaperTestCase("section 5.2: 3.7 us round trip, 1.9 us one way, 910 Mbps peak",
                           TripwirePaperExperiments::PAPER,
                           &TripwirePaperExperiments::SharedMemoryRows,
                           3)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        auto v = ByMetric(rows);
        // Section 5.2: the receiving V3's 16-DWORD bursts limit PIO below DMA.
        NS_TEST_ASSERT_MSG_LT(v["pio_peak_bw_Mbps"], v["dma_peak_bw_Mbps"], "PIO below DMA");
    }
};

/// Section 5.3.1: the server's round trips; Figure 8 flat.
class ClanPaperServerTestCase : public SanPaperTestCase
{
  public:
    ClanPaperServerTestCase()
        : SanPaperTestCase("section 5.3.1: idle 16.8 us, busy 7.9 us, flat in endpoints",
                           TripwirePaperExperiments::PAPER,
                           &TripwirePaperExperiments::ServerRows,
                           2)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        auto v = ByMetric(rows);
        NS_TEST_ASSERT_MSG_EQ_TOL(v["busy_rtt_ratio_many_to_one"], 1.0, 0.02, "Figure 8 is flat");
        NS_TEST_ASSERT_MSG_EQ(v["interrupts_per_request_busy"], 1.0, "one Tripwire interrupt");
        // Draining the FIFO makes the loaded server faster than one interrupt per request.
        NS_TEST_ASSERT_MSG_GT(v["drain_req_per_s"], v["server_max_req_per_s"], "draining pays");
    }
};

/// Figure 9 rises with the requests in flight; Figure 10's streaming beats one in flight.
class ClanCurvesTestCase : public TestCase
{
  public:
    ClanCurvesTestCase()
        : TestCase("figures 9 and 10: shapes")
    {
    }

  private:
    void DoRun() override
    {
        // Figure 9 rises and flattens ("tending towards" its limit): with one interrupt per
        // request the server's CPU saturates at a few requests in flight (about 1.7x one).
        const double r1 = TripwirePaperExperiments::ServerRequestsPerSecond(1, 20);
        const double r4 = TripwirePaperExperiments::ServerRequestsPerSecond(4, 20);
        const double r16 = TripwirePaperExperiments::ServerRequestsPerSecond(16, 20);
        NS_TEST_ASSERT_MSG_GT(r4, 1.3 * r1, "more requests in flight, more throughput");
        NS_TEST_ASSERT_MSG_GT(r16, r4, "still rising at 16 in flight");
        NS_TEST_ASSERT_MSG_LT(r16 - r4, r4 - r1, "flattening");
        for (uint32_t b : {256u, 4096u})
        {
            const double a = TripwirePaperExperiments::DmaBandwidthMbps(b, false, 20);
            const double s = TripwirePaperExperiments::DmaBandwidthMbps(b, true, 40);
            NS_TEST_ASSERT_MSG_GT(s, a, "streaming beats one in flight at " << b << " bytes");
            NS_TEST_ASSERT_MSG_LT(s, 1056, "below the PCI bus's 1056 Mbit/s");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(
            TripwirePaperExperiments::HalfBandwidthSize({100, 1000}, {10, 30}),
            100 * std::pow(10.0, 0.25),
            1e-9,
            "15 is a quarter of the way from 10 to 30: log-linear");
    }
};

/// Section 6.3: the MPI round trip (its call cost is the fitted parameter).
class ClanMpiTestCase : public SanPaperTestCase
{
  public:
    ClanMpiTestCase()
        : SanPaperTestCase("section 6.3: MPI round trip 16 us (fitted), half-bandwidth size",
                           TripwirePaperExperiments::PAPER,
                           &TripwirePaperExperiments::StreamingRows,
                           1)
    {
        SetRequirePositive(true);
    }
};

class SanClanPaperTestSuite : public TestSuite
{
  public:
    SanClanPaperTestSuite()
        : TestSuite("san-clan-paper", UNIT)
    {
        AddTestCase(new ClanSharedMemoryTestCase(), TestCase::QUICK);
        AddTestCase(new ClanPaperServerTestCase(), TestCase::QUICK);
        AddTestCase(new ClanCurvesTestCase(), TestCase::QUICK);
        AddTestCase(new ClanMpiTestCase(), TestCase::QUICK);
    }
};

SanClanPaperTestSuite g_sanClanPaperTestSuite;

} // namespace
