/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-paper.h"

#include "ns3/dart-paper-experiments.h"
#include "ns3/san-output-file.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(DartPaper);

TypeId
DartPaper::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DartPaper")
                            .SetParent<SanPaper>()
                            .SetGroupName("San")
                            .AddConstructor<DartPaper>()
                            .AddAttribute("BreakdownBytes",
                                          "Message size of the latency breakdown by stage.",
                                          UintegerValue(32),
                                          MakeUintegerAccessor(&DartPaper::m_breakdownBytes),
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

std::string
DartPaper::GetName() const
{
    return DartPaperExperiments::PAPER;
}

std::string
DartPaper::GetTitle() const
{
    return "dart-paper: Osborne 1994 (DART) on a simulated ATM fabric";
}

std::vector<SanPaper::Experiment>
DartPaper::GetExperiments() const
{
    return {
        {"latencies", &DartPaperExperiments::Latencies, false},
        {"beyond the paper (64 hosts)", &DartPaperExperiments::BeyondPaper, true},
    };
}

void
DartPaper::WriteFigures(const std::string& prefix) const
{
    const DartScenario::Config configs[] = {DartScenario::SOFTWARE_SWITCHLESS,
                                            DartScenario::SOFTWARE_SWITCH,
                                            DartScenario::HARDWARE_155,
                                            DartScenario::HARDWARE_622};
    // Message size vs one-way latency, every configuration.
    {
        SanOutputStream out(prefix + "dart-latency-vs-size.csv");
        out << "size_bytes";
        for (auto c : configs)
        {
            out << "," << DartScenario::GetName(c) << "_us";
        }
        out << "\n";
        for (uint32_t d = 4; d <= 4000; d = d < 32 ? d * 2 : (d < 512 ? d + 96 : d * 2))
        {
            out << d;
            for (auto c : configs)
            {
                out << "," << DartPaperExperiments::OneWay(c, d).totalUs;
            }
            out << "\n";
        }
    }
    // The latency of a BreakdownBytes message by stage, every configuration.
    {
        SanOutputStream out(prefix + "dart-latency-breakdown.csv");
        out << "config,size_bytes,send_us,fabric_us,receive_us,notice_us,total_us\n";
        for (auto c : configs)
        {
            const auto l = DartPaperExperiments::OneWay(c, m_breakdownBytes);
            out << DartScenario::GetName(c) << "," << m_breakdownBytes << "," << l.sendUs << ","
                << l.fabricUs << "," << l.receiveUs << "," << l.noticeUs << "," << l.totalUs
                << "\n";
        }
    }
}

} // namespace ns3
