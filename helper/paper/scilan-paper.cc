/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-paper.h"

#include "ns3/scilan-beyond-paper.h"
#include "ns3/scilan-paper-experiments.h"
#include "ns3/scilan-tcp-baselines.h"

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
    return {
        {"copies", &ScilanPaperExperiments::CopyRows, false},
        {"streams", &ScilanPaperExperiments::StreamRows, false},
        {"UltraSPARC", &ScilanPaperExperiments::UltraSparcRows, false},
        {"latencies", &ScilanPaperExperiments::LatencyRows, false},
        {"Table 3 (TCP/IP)", &ScilanTcpBaselines::Table3, false},
        {"SCI/NDIS throughput", &ScilanTcpBaselines::NdisThroughput, false},
        {"socket buffer sweep", &ScilanTcpBaselines::SocketBufferSweep, false},
        {"prices", &ScilanPaperExperiments::PriceRows, false},
        {"beyond the paper", &ScilanBeyondPaper::Rows, true},
    };
}

void
ScilanPaper::WriteFigures(const std::string& prefix) const
{
    ScilanPaperExperiments::WriteFigures(prefix);
}

} // namespace ns3
