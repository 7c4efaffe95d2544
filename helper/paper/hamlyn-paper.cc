/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-paper.h"

#include "ns3/hamlyn-paper-experiments.h"
#include "ns3/san-output-file.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HamlynPaper);

TypeId
HamlynPaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HamlynPaper")
                            .SetParent<SanPaper>()
                            .SetGroupName("San")
                            .AddConstructor<HamlynPaper>();
    return tid;
}

std::string
HamlynPaper::GetName() const
{
    return HamlynPaperExperiments::PAPER;
}

std::string
HamlynPaper::GetTitle() const
{
    return "hamlyn-paper: Hamlyn 1995 on a simulated Myrinet crossbar";
}

std::vector<SanPaper::Experiment>
HamlynPaper::GetExperiments() const
{
    return {
        {"Table 1", &HamlynPaperExperiments::Table1, false},
        {"Table 2", &HamlynPaperExperiments::Table2, false},
        {"Table 3", &HamlynPaperExperiments::Table3, false},
        {"Table 4", &HamlynPaperExperiments::Table4, false},
        {"Table 5", &HamlynPaperExperiments::Table5, false},
        {"Rats end to end", &HamlynPaperExperiments::RatsEndToEnd, false},
        {"bandwidths", &HamlynPaperExperiments::Bandwidths, false},
        {"DMA break-even", &HamlynPaperExperiments::Breakeven, false},
        {"hardware state machine", &HamlynPaperExperiments::StateMachine, false},
        {"beyond the paper (64-host fabrics)", &HamlynPaperExperiments::BeyondPaper, true},
    };
}

void
HamlynPaper::WriteFigures(const std::string& prefix) const
{
    // Message size vs one-way latency (post to the receiver's notification, NIC level).
    {
        SanOutputStream out(prefix + "hamlyn-latency-vs-size.csv");
        out << "size_bytes,direct_io_us,dma_us\n";
        for (uint32_t d = 16; d <= 1024; d += (d < 128 ? 16 : 64))
        {
            out << d << "," << HamlynPaperExperiments::OneWayUs(d, false) << ","
                << HamlynPaperExperiments::OneWayUs(d, true) << "\n";
        }
    }
    // Transfer size vs bandwidth (one DMA transfer, post to notification, 10^6-byte MB/s).
    {
        SanOutputStream out(prefix + "hamlyn-bandwidth-vs-size.csv");
        out << "transfer_bytes,bandwidth_MBps\n";
        for (uint32_t s = 64; s <= (1u << 20); s *= 2)
        {
            out << s << "," << HamlynPaperExperiments::TransferBandwidthMBps(s) << "\n";
        }
    }
}

void
HamlynPaper::Prepare() const
{
    Time::SetResolution(Time::PS);
}

} // namespace ns3
