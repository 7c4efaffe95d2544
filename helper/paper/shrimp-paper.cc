/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-paper.h"

#include "ns3/shrimp-beyond-paper.h"
#include "ns3/shrimp-nx-experiments.h"
#include "ns3/shrimp-paper-experiments.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ShrimpPaper);

TypeId
ShrimpPaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ShrimpPaper")
                            .SetParent<SanPaper>()
                            .SetGroupName("San")
                            .AddConstructor<ShrimpPaper>();
    return tid;
}

std::string
ShrimpPaper::GetName() const
{
    return ShrimpPaperExperiments::PAPER;
}

std::string
ShrimpPaper::GetTitle() const
{
    return "shrimp-paper: Felten et al. 1996 (SHRIMP) on simulated DEC 560ST PCs";
}

std::vector<SanPaper::Experiment>
ShrimpPaper::GetExperiments() const
{
    return {
        {"VMMC", &ShrimpPaperExperiments::VmmcRows, false},
        {"NX", &ShrimpNxExperiments::Rows, false},
        {"sockets", &ShrimpPaperExperiments::SocketRows, false},
        {"beyond the paper", &ShrimpBeyondPaper::Rows, true},
    };
}

void
ShrimpPaper::WriteFigures(const std::string& prefix) const
{
    ShrimpPaperExperiments::WriteFigures(prefix);
}

} // namespace ns3
