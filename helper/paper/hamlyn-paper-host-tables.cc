/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperExperiments: the host tables (Tables 1 and 2: Rats instruction counts and times).

#include "hamlyn-paper-experiments.h"
#include "hamlyn-paper-rigs.h"
#include "hamlyn-paper-rows.h"

#include <string>
#include <vector>

namespace ns3
{

std::vector<SanPaperRow>
HamlynPaperExperiments::Table1()
{
    HamlynPaperRows rows;
    const std::string src = "Table 1";
    // A 16-byte message: sendmsg direct I/O is 69 + 3d/4 = 81 on-cp at d = 16.
    const double d = 16;
    // Table 1 prints 0.24 us (direct) and 0.25 us (DMA) for the same 24 receive off-cp
    // instructions, and 0.48 us for the 47 direct-I/O off-cp instructions of both sides; at
    // CPI 1.27 and 120 MHz (section 4.1) 24 instructions take 0.254 us and 47 take 0.497 us.
    // The counts are the measured data, so the model follows them; the two printed times are
    // reported with that arithmetic (ExplainPrintedTime), not asserted.
    const double sendOffUs[2] = {0.24, 0.20}; // printed, [dma]
    const double recvOffUs[2] = {0.24, 0.25};
    const double recvOffInstr = 24;
    for (bool dma : {false, true})
    {
        const HamlynPaperRigs::HostCosts h = HamlynPaperRigs::TaggedWriteCosts(dma);
        const std::string e =
            dma ? "table1_tagged_write_dma_16B" : "table1_tagged_write_direct_16B";
        const std::string s = src + (dma ? " DMA" : " direct I/O");
        rows.AddHostRows(SanPaperRow::INPUT,
                         e,
                         "sender",
                         dma ? 98 : 79 + 3 * d / 4,
                         dma ? 19 : 23,
                         dma ? 1.03 : 0.96,
                         sendOffUs[dma],
                         h.sendOnUs,
                         h.sendOffUs,
                         s);
        rows.AddHostRows(
            SanPaperRow::INPUT,
            e,
            "receiver",
            62,
            recvOffInstr,
            0.66,
            recvOffUs[dma],
            h.recvOnUs,
            h.recvOffUs,
            s,
            HamlynPaperRows::Format("its %s column prints %.2f us for the same %g instructions",
                                    dma ? "direct I/O" : "DMA",
                                    recvOffUs[!dma],
                                    recvOffInstr));
        // "both" is the sum of the two sides' simulated costs: derived.
        rows.AddHostRows(SanPaperRow::DERIVED,
                         e,
                         "both",
                         dma ? 160 : 141 + 3 * d / 4,
                         dma ? 43 : 47,
                         dma ? 1.69 : 1.63,
                         dma ? 0.45 : 0.48,
                         h.sendOnUs + h.recvOnUs,
                         h.sendOffUs + h.recvOffUs,
                         s,
                         HamlynPaperRows::Format(
                             "it is the sum of the two sides' printed times, %.2f + %.2f = %.2f",
                             sendOffUs[dma],
                             recvOffUs[dma],
                             sendOffUs[dma] + recvOffUs[dma]));
    }
    return rows.Get();
}

std::vector<SanPaperRow>
HamlynPaperExperiments::Table2()
{
    HamlynPaperRows rows;
    const std::string src = "Table 2";
    // Receive side (same for all four cases): poll 28 + 4, process_arrival 39, recv 14 + 22.
    const double recvOffUs = 0.28; // printed
    bool receiverDone = false;
    for (bool reply : {false, true})
    {
        for (bool dma : {false, true})
        {
            const HamlynPaperRigs::HostCosts h = HamlynPaperRigs::DatagramCosts(reply, dma);
            const double m = reply ? 44 : 12;
            const double d = 16;
            const std::string size = reply ? "44+16" : "12+16";
            const std::string e = std::string("table2_simple_datagram_") +
                                  (dma ? "dma_" : "direct_") + (reply ? "44+16B" : "12+16B");
            const std::string s = src + (dma ? " DMA " : " direct I/O ") + size + " msg";
            // Sender: send 10 + sendmsg 67 + 3(m+d)/4 (+10 off) or 88 + 3m/4 (+7 off).
            const double sendOn = dma ? 98 + 3 * m / 4 : 77 + 3 * (m + d) / 4;
            const double sendOnUs[2][2] = {{1.04, 1.13}, {1.29, 1.39}}; // [reply][dma]
            const double sendOffUs = dma ? 0.07 : 0.11;                 // printed
            // The paper prints 0.11 us for sendmsg's 10 direct-I/O off-cp instructions (0.106
            // us) and 0.07 for the 7 DMA ones (0.074 us): its rounding (ExplainPrintedTime).
            rows.AddHostRows(SanPaperRow::INPUT,
                             e,
                             "sender",
                             sendOn,
                             dma ? 7 : 10,
                             sendOnUs[reply][dma],
                             sendOffUs,
                             h.sendOnUs,
                             h.sendOffUs,
                             s);
            if (!receiverDone)
            {
                rows.AddHostRows(SanPaperRow::INPUT,
                                 "table2_simple_datagram_receive",
                                 "receiver",
                                 81,
                                 26,
                                 0.86,
                                 recvOffUs,
                                 h.recvOnUs,
                                 h.recvOffUs,
                                 src + " receive total");
                receiverDone = true;
            }
            // Both: grand total 158 + 3(m+d)/4 (direct) or 179 + 3m/4 (DMA); off 36 / 33. The
            // sum of the two sides' simulated costs: derived.
            const double bothOnUs[2][2] = {{1.90, 1.99}, {2.15, 2.25}};
            const double bothOffUs[2][2] = {{0.39, 0.35}, {0.11, 0.35}};
            const std::string note =
                reply ? HamlynPaperRows::Format(
                            "its 12+16 row prints %.2f us for the same count: a misprint",
                            bothOffUs[0][dma])
                      : HamlynPaperRows::Format(
                            "it is the sum of the two sides' printed times, %.2f + %.2f = "
                            "%.2f",
                            sendOffUs,
                            recvOffUs,
                            sendOffUs + recvOffUs);
            rows.AddHostRows(SanPaperRow::DERIVED,
                             e,
                             "both",
                             dma ? 179 + 3 * m / 4 : 158 + 3 * (m + d) / 4,
                             dma ? 33 : 36,
                             bothOnUs[reply][dma],
                             bothOffUs[reply][dma],
                             h.sendOnUs + h.recvOnUs,
                             h.sendOffUs + h.recvOffUs,
                             s,
                             note);
        }
    }
    return rows.Get();
}

} // namespace ns3
