/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-paper.h"

#include "ns3/scilan-beyond-paper.h"
#include "ns3/scilan-paper-experiments.h"
#include "ns3/scilan-tcp-baselines.h"

#include <map>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ScilanPaper);

TypeId
ScilanPaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ScilanPaper")
                            .SetParent<SanPaper>()
                            .SetGroupName("San")
                            .AddConstructor<ScilanPaper>();
    return tid;
}

std::string
ScilanPaper::GetName() const
{
    return ScilanPaperExperiments::PAPER;
}

std::string
ScilanPaper::GetTitle() const
{
    return "scilan-paper: Ryan and Bryhni 1998 (SCILAN) on simulated Pentium PCs";
}

void
ScilanPaper::Prepare() const
{
    // Rows and figures ask for many of the same runs; nothing here changes a default.
    ScilanPaperExperiments::SetReuse(true);
}

std::vector<SanPaper::Experiment>
ScilanPaper::GetExperiments() const
{
    // The costs (seconds on one core, measured here) only order the worker processes
    // (SanPaper::Run), the highest first. Five of SCI/NDIS throughput's sixteen runs (2-3 s of
    // its 8) are also the TCP/IP throughput figure's, which keeps them only if it starts once
    // they have ended: SCI/NDIS throughput first, beside the 64-node ring, and the figure
    // (13 s without those runs) after it, on the worker that frees first.
    std::vector<Experiment> e = {
        {"copies", &ScilanPaperExperiments::CopyRows, false},
        {"streams", &ScilanPaperExperiments::StreamRows, false, 1.5},
        {"UltraSPARC", &ScilanPaperExperiments::UltraSparcRows, false},
        {"latencies", &ScilanPaperExperiments::LatencyRows, false},
        {"Table 3 (TCP/IP)", &ScilanTcpBaselines::Table3, false},
        {"SCI/NDIS throughput", &ScilanTcpBaselines::NdisThroughput, false, 13},
        {"socket buffer sweep", &ScilanTcpBaselines::SocketBufferSweep, false},
        {"prices", &ScilanPaperExperiments::PriceRows, false, 1.5},
    };
    // One core's seconds of the all-to-all runs, by nodes (ring; a switch's about 0.6 of it).
    const std::map<uint32_t, double> allToAll = {{16, 1}, {32, 1.7}, {64, 12}};
    // ScilanBeyondPaper::Rows, cut into its runs so that worker processes share them out (the
    // 64-node all-to-all runs are the longest); the same rows in the same order.
    for (uint32_t n : {4u, 8u, 16u, 32u, 64u})
    {
        for (bool ring : {true, false})
        {
            const auto cost = allToAll.find(n);
            e.push_back({"beyond the paper: all-to-all, " + std::to_string(n) + " nodes, " +
                             (ring ? "ring" : "switch"),
                         [n, ring]() { return ScilanBeyondPaper::AllToAllRows(n, ring); },
                         true,
                         cost == allToAll.end() ? 0 : cost->second * (ring ? 1 : 0.6)});
        }
    }
    e.push_back({"beyond the paper: interrupts", &ScilanBeyondPaper::InterruptRows, true});
    e.push_back({"beyond the paper: 64 clients connect", &ScilanBeyondPaper::Listen64Rows, true});
    return e;
}

void
ScilanPaper::WriteFigures(const std::string& prefix) const
{
    ScilanPaperExperiments::WriteFigures(prefix);
}

std::vector<SanPaper::Figure>
ScilanPaper::GetFigures() const
{
    // Costs as GetExperiments' (Figures 9 and 10 reuse Figure 7's runs).
    return {
        {"Figure 7", &ScilanPaperExperiments::WriteFigure7, 2},
        {"Figure 8", &ScilanPaperExperiments::WriteFigure8, 3},
        {"Figures 9 and 10", &ScilanPaperExperiments::WriteFigures9And10},
        {"Figure 11", &ScilanPaperExperiments::WriteFigure11},
        {"TCP/IP throughput by size", &ScilanTcpBaselines::WriteThroughputFigure, 11},
        {"TCP/IP transfer time by size", &ScilanTcpBaselines::WriteTransferTimeFigure},
    };
}

std::map<std::string, double>
ScilanPaper::GetKept() const
{
    return ScilanPaperExperiments::GetKept();
}

void
ScilanPaper::Keep(const std::map<std::string, double>& kept) const
{
    ScilanPaperExperiments::Keep(kept);
}

} // namespace ns3
