/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tripwire-paper.h"

#include "ns3/tcp-baseline-experiments.h"
#include "ns3/tripwire-beyond-paper.h"
#include "ns3/tripwire-paper-experiments.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TripwirePaper);

TypeId
TripwirePaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TripwirePaper")
                            .SetParent<SanPaper>()
                            .SetGroupName("San")
                            .AddConstructor<TripwirePaper>();
    return tid;
}

std::string
TripwirePaper::GetName() const
{
    return TripwirePaperExperiments::PAPER;
}

std::string
TripwirePaper::GetTitle() const
{
    return "tripwire-paper: Riddoch et al. 1999 (CLAN, Tripwires) on simulated Alphas";
}

std::vector<SanPaper::Experiment>
TripwirePaper::GetExperiments() const
{
    return {
        {"shared memory", &TripwirePaperExperiments::SharedMemoryRows, false},
        {"server", &TripwirePaperExperiments::ServerRows, false},
        {"streaming", &TripwirePaperExperiments::StreamingRows, false},
        {"Table 1 (TCP/IP over Ethernet)", &TcpBaselineExperiments::Table1, false},
        {"beyond the paper", &TripwireBeyondPaper::Rows, true},
    };
}

void
TripwirePaper::WriteFigures(const std::string& prefix) const
{
    TripwirePaperExperiments::WriteFigures(prefix);
}

} // namespace ns3
