/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-paper-experiments.h"

namespace ns3
{

std::vector<SanPaperRow>
ShrimpPaperExperiments::Rows()
{
    std::vector<SanPaperRow> rows;
    // Section 3.4: one-word user-to-user latencies of the VMMC layer.
    rows.push_back(SanPaperRow::Compared(
        "vmmc_latency",
        "au_1word_latency_wt_us",
        "us",
        SanPaperValue::Value(4.75),
        VmmcPingPong(AU_1COPY, 4, false).oneWayUs,
        "section 3.4 (automatic update, one word, both sides cached write-through; half a "
        "ping-pong); FITTED: Dec560stHostPreset SnoopLineCycles",
        0.03,
        SanPaperRow::INPUT));
    rows.push_back(SanPaperRow::Compared(
        "vmmc_latency",
        "au_1word_latency_uncached_us",
        "us",
        SanPaperValue::Value(3.7),
        VmmcPingPong(AU_1COPY, 4, true).oneWayUs,
        "section 3.4 (automatic update, one word, caching disabled); FITTED: ShrimpNetDevice "
        "DatapathLatency",
        0.03,
        SanPaperRow::INPUT));
    rows.push_back(SanPaperRow::Compared("vmmc_latency",
                                         "du_1word_latency_us",
                                         "us",
                                         SanPaperValue::Value(7.6),
                                         VmmcPingPong(DU_0COPY, 4, false).oneWayUs,
                                         "section 3.4 (deliberate update, one word)",
                                         0.15));
    rows.push_back(SanPaperRow::Compared("vmmc_bandwidth",
                                         "du_0copy_max_bw_MBps",
                                         "MB/s (10^6)",
                                         SanPaperValue::None(),
                                         VmmcPingPong(DU_0COPY, 10240, false).mbps,
                                         "section 3.4 and Figure 3 (10 KB messages; withheld in "
                                         "our copy: a prediction from the EISA and Xpress buses)",
                                         0));
    return rows;
}

} // namespace ns3
