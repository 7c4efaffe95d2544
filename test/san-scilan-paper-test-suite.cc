/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-scilan-paper": the SCILAN paper's rows (ScilanPaperExperiments), each judged
// against the paper with its own tolerance (SanPaperTestCase), and the relations its figures
// show: memset above memcpy, the receiver copy costing SCILAN its throughput, MTU mattering
// only without the receiver copy, polling below interrupts.

#include "san-paper-misses.h"

#include "ns3/san-paper-test-case.h"
#include "ns3/scilan-paper-experiments.h"
#include "ns3/scilan-tcp-baselines.h"
#include "ns3/test.h"

#include <map>
#include <string>

using namespace ns3;

namespace
{

/// Section 4.2: the copies that calibrate the memory system; Figure 7's memset above memcpy.
class ScilanCopyTestCase : public SanPaperTestCase
{
  public:
    ScilanCopyTestCase()
        : SanPaperTestCase("section 4.2: Xt 55, Xr 36 MB per s (fitted); remote load 2 us",
                           ScilanPaperExperiments::PAPER,
                           &ScilanPaperExperiments::CopyRows,
                           3)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        const double memset = ScilanPaperExperiments::RemoteCopyMBps(65536, false);
        NS_TEST_ASSERT_MSG_GT(memset, ByMetric(rows)["xt_MBps"], "memset skips the loads");
    }
};

/// Sections 4.2 and 4.5: SCILAN's stream is bounded by the receiver's bus; without the
/// receiver copy it is faster, and then a larger MTU helps (Figure 8).
class ScilanStreamTestCase : public SanPaperTestCase
{
  public:
    ScilanStreamTestCase()
        : SanPaperTestCase("sections 4.2, 4.5: SCILAN streams, Figure 8's shape",
                           ScilanPaperExperiments::PAPER,
                           &ScilanPaperExperiments::StreamRows)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        auto v = ByMetric(rows);
        NS_TEST_ASSERT_MSG_LT(v["scilan_large_bw_MBps"], 36, "below the receiver copy alone");
        ScilanPaperExperiments::Config copy;
        ScilanPaperExperiments::Config nocopy;
        nocopy.receiverCopy = false;
        const double withCopy = ScilanPaperExperiments::StreamMBps(copy, 16384);
        const double without = ScilanPaperExperiments::StreamMBps(nocopy, 16384);
        NS_TEST_ASSERT_MSG_GT(without, withCopy, "the receiver copy costs throughput");
        nocopy.mtu = 16384;
        NS_TEST_ASSERT_MSG_GT(ScilanPaperExperiments::StreamMBps(nocopy, 16384),
                              without,
                              "without the copy, a larger MTU checks less often");
    }
};

/// Section 4.3 and Table 3.
class ScilanUltraAndLatencyTestCase : public SanPaperTestCase
{
  public:
    ScilanUltraAndLatencyTestCase()
        : SanPaperTestCase(
              "section 4.3: UltraSPARC copies 178 and 214, stream 67 MB per s; Table 3",
              ScilanPaperExperiments::PAPER,
              []() {
                  auto r = ScilanPaperExperiments::UltraSparcRows();
                  const auto l = ScilanPaperExperiments::LatencyRows();
                  r.insert(r.end(), l.begin(), l.end());
                  return r;
              },
              3)
    {
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        auto v = ByMetric(rows);
        NS_TEST_ASSERT_MSG_LT(v["latency_scilan_polling_us"],
                              v["latency_scilan_interrupt_us"],
                              "polling beats sleeping on the flag");
    }
};

/// Section 4.6: SCI/NDIS's throughput (documented deviations are printed).
class ScilanNdisTestCase : public SanPaperTestCase
{
  public:
    ScilanNdisTestCase()
        : SanPaperTestCase("section 4.6: SCI-NDIS large-message throughput",
                           ScilanPaperExperiments::PAPER,
                           &ScilanTcpBaselines::NdisThroughput)
    {
        SetRequirePositive(true);
    }
};

} // namespace

/// The suite.
class SanScilanPaperTestSuite : public TestSuite
{
  public:
    SanScilanPaperTestSuite()
        : TestSuite("san-scilan-paper", UNIT)
    {
        AddTestCase(new ScilanCopyTestCase(), TestCase::QUICK);
        AddTestCase(new ScilanStreamTestCase(), TestCase::QUICK);
        AddTestCase(new ScilanUltraAndLatencyTestCase(), TestCase::QUICK);
        AddTestCase(new ScilanNdisTestCase(), TestCase::QUICK);
    }
};

static SanScilanPaperTestSuite g_sanScilanPaperTestSuite; //!< registers the suite
