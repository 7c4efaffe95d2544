/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-paper-experiments.h"

#include "dart-beyond-paper.h"
#include "dart-versus-hamlyn.h"

#include "ns3/dart-helper.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <cstdio>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartPaperExperiments");

DartPaperExperiments::Latency
DartPaperExperiments::OneWay(DartScenario::Config config, uint32_t bytes)
{
    DartScenario s(DartScenario::Configure(config));
    auto vcis = DartHelper::Connect(s.ctx[0], s.ctx[1], DartWindow{0, 8}, DartWindow{0, 8});
    std::vector<uint8_t> data(bytes, 0x5a);
    s.ctx[0]->Write(0, data.data(), bytes);
    DartControl ctl;
    ctl.opcode = bytes > 32 ? DartOpcode::WRITE_MULTIPLE : DartOpcode::WRITE;
    ctl.addressing = DartAddressing::DIRECT;
    ctl.operand = 32768;
    if (bytes < 32)
    {
        ctl.mask = static_cast<uint8_t>((1u << ((bytes + 3) / 4)) - 1);
    }
    // A first message warms everything that a best case assumes warm, then the measured one.
    s.ctx[0]->Send(vcis.first, ctl, 0, bytes);
    Simulator::Run();

    Time t0;
    Time handed;
    Time arrived;
    Time deposited;
    Time noticed;
    s.nics[0]->TraceConnectWithoutContext(
        "PacketTx",
        MakeSanCallback<void, Ptr<const Packet>>(
            [&handed](Ptr<const Packet>) { handed = Simulator::Now(); }));
    s.nics[1]->TraceConnectWithoutContext(
        "Stage",
        MakeSanCallback<void, const std::string&, Time, Time>(
            [&arrived, &deposited](const std::string& stage, Time start, Time end) {
                if (stage == "receive")
                {
                    arrived = start;
                    deposited = end;
                }
            }));
    t0 = Simulator::Now();
    s.ctx[1]->WaitForDeposit(32768, bytes, MakeSanCallback<void>([&noticed]() {
                                 noticed = Simulator::Now();
                             }));
    s.ctx[0]->Send(vcis.first, ctl, 0, bytes);
    Simulator::Run();
    Simulator::Destroy();
    Latency l;
    l.totalUs = SanMicroseconds(noticed - t0);
    l.sendUs = SanMicroseconds(handed - t0);
    l.fabricUs = SanMicroseconds(arrived - handed);
    l.receiveUs = SanMicroseconds(deposited - arrived);
    l.noticeUs = SanMicroseconds(noticed - deposited);
    return l;
}

std::vector<SanPaperRow>
DartPaperExperiments::Latencies()
{
    std::vector<SanPaperRow> rows;

    struct Case
    {
        DartScenario::Config config;
        const char* prefix;
        SanPaperValue paper;
        SanPaperRow::Role role;
        const char* source;
    };

    const Case cases[] = {
        {DartScenario::SOFTWARE_SWITCHLESS,
         "sw",
         SanPaperValue::Value(24.5),
         SanPaperRow::FITTED,
         "Osborne 1994 sec. 3 (abstract); FITTED to this figure: DartSoftwareCostModel "
         "ReceiveWork"},
        {DartScenario::SOFTWARE_SWITCH,
         "sw",
         SanPaperValue::Value(30),
         SanPaperRow::PREDICTION,
         "Osborne 1994 sec. 3; switch: one ASX-100 (SanSwitch RoutingDelay 1 us ASSUMED)"},
        {DartScenario::HARDWARE_155,
         "hw155",
         SanPaperValue::Under(10),
         SanPaperRow::PREDICTION,
         "Osborne 1994 sec. 3 (projection, one fast switch)"},
        {DartScenario::HARDWARE_622,
         "hw622",
         SanPaperValue::Under(3),
         SanPaperRow::PREDICTION,
         "Osborne 1994 sec. 3 (projection, one fast switch)"},
    };
    for (const Case& c : cases)
    {
        const Latency l = OneWay(c.config, 32);
        std::string id = c.prefix;
        std::string suffix;
        if (c.config == DartScenario::SOFTWARE_SWITCHLESS)
        {
            suffix = "_switchless";
        }
        else if (c.config == DartScenario::SOFTWARE_SWITCH)
        {
            suffix = "_switch";
        }
        const std::string experiment = "latency-" + DartScenario::GetName(c.config);
        SanPaperRow total;
        total.experiment = experiment;
        total.metric = id + "_32B_latency" + suffix + "_us";
        total.unit = "us";
        total.paper = c.paper;
        total.simulated = l.totalUs;
        total.source = c.source;
        total.tolerance = c.paper.GetKind() == SanPaperValue::VALUE ? SAN_END_TO_END_TOLERANCE : 0;
        total.role = c.role;
        if (c.paper.GetKind() == SanPaperValue::UNDER && !total.Passes())
        {
            // Reported as simulated, not tuned: the projection gives no components, and the
            // ones modeled (Send Register stores and DMA over PCI, the i960's work) do not
            // shrink with the link rate.
            char text[256];
            std::snprintf(text,
                          sizeof(text),
                          "the projected bound is not met by the modeled components: %.2f us "
                          "of PCI transfers and i960 work (ASSUMED instruction counts) besides "
                          "the fabric's %.2f us",
                          l.sendUs + l.receiveUs,
                          l.fabricUs);
            total.deviation = text;
            total.missing =
                "the projected card's component costs: its PCI transactions and the i960's "
                "instructions per cell and clock (section 3 names only 'the PCI bus' and 'a cheap "
                "i960'). Searched: Osborne, MERL TR94-09v2 (the same projections, no "
                "breakdown); Osborne et al., 'DART - A Low Overhead ATM Network Interface Chip', "
                "Hot Interconnects IV 1996 / MERL TR96-18 (not found); 'Network Latency in DART "
                "and Windows NT' (listed, text not found)";
        }
        rows.push_back(total);
        const std::pair<const char*, double> stages[] = {{"send", l.sendUs},
                                                         {"fabric", l.fabricUs},
                                                         {"receive", l.receiveUs},
                                                         {"notice", l.noticeUs}};
        for (const auto& st : stages)
        {
            rows.push_back(
                SanPaperRow::Unpapered(experiment,
                                       id + "_32B" + suffix + "_" + st.first + "_us",
                                       "us",
                                       st.second,
                                       "stage of the 32-byte latency (not in the paper)"));
        }
    }
    return rows;
}

std::vector<SanPaperRow>
DartPaperExperiments::BeyondPaper()
{
    std::vector<SanPaperRow> rows = DartBeyondPaper::Rows();
    const std::vector<SanPaperRow> versus = DartVersusHamlyn::Rows();
    rows.insert(rows.end(), versus.begin(), versus.end());
    return rows;
}

} // namespace ns3
