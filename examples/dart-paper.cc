/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * dart-paper: the results of Osborne 1994 (DART, MERL TR94-09) simulated on a Cell-mode
 * (ATM) fabric, printed beside the paper's values and written to results/dart.csv (DESIGN.md,
 * Results contract), plus the data of two figures:
 *
 *  - results/dart-latency-vs-size.csv: message size vs one-way application-to-application
 *    latency, for the software DART (switchless and through one ASX-100) and the projected
 *    hardware DART at 155 and 622 Mbit/s;
 *  - results/dart-latency-breakdown.csv: the 32-byte latency of each configuration by stage
 *    (--breakdownBytes for another size).
 *
 * The experiments are DartPaperExperiments (helper/paper/dart-paper-experiments.h), which the
 * san-dart-paper test runs too.
 *
 *   ./dart-paper [--output=results/dart.csv] [--sweeps=1] [--beyond=1]
 */

#include "ns3/core-module.h"
#include "ns3/dart-paper-experiments.h"
#include "ns3/san-results-writer.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

const DartScenario::Config CONFIGS[] = {DartScenario::SOFTWARE_SWITCHLESS,
                                        DartScenario::SOFTWARE_SWITCH,
                                        DartScenario::HARDWARE_155,
                                        DartScenario::HARDWARE_622};

/// Message size vs one-way latency, every configuration.
void
LatencySweep(const std::string& path)
{
    SanOutputStream out(path);
    out << "size_bytes";
    for (auto c : CONFIGS)
    {
        out << "," << DartScenario::GetName(c) << "_us";
    }
    out << "\n";
    for (uint32_t d = 4; d <= 4000; d = d < 32 ? d * 2 : (d < 512 ? d + 96 : d * 2))
    {
        out << d;
        for (auto c : CONFIGS)
        {
            out << "," << DartPaperExperiments::OneWay(c, d).totalUs;
        }
        out << "\n";
    }
    std::printf("wrote %s\n", path.c_str());
}

/// The latency of a \p bytes message by stage, every configuration.
void
Breakdown(const std::string& path, uint32_t bytes)
{
    SanOutputStream out(path);
    out << "config,size_bytes,send_us,fabric_us,receive_us,notice_us,total_us\n";
    for (auto c : CONFIGS)
    {
        const auto l = DartPaperExperiments::OneWay(c, bytes);
        out << DartScenario::GetName(c) << "," << bytes << "," << l.sendUs << "," << l.fabricUs
            << "," << l.receiveUs << "," << l.noticeUs << "," << l.totalUs << "\n";
    }
    std::printf("wrote %s\n", path.c_str());
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string output = "results/dart.csv";
    bool sweeps = true;
    bool beyond = true;
    uint32_t breakdownBytes = 32;
    CommandLine cmd(__FILE__);
    cmd.AddValue("breakdownBytes", "Message size of the breakdown by stage", breakdownBytes);
    cmd.AddValue("output", "CSV file to write", output);
    cmd.AddValue("sweeps", "Also write the latency sweep and the breakdown beside it", sweeps);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments (64 hosts)", beyond);
    cmd.Parse(argc, argv);

    std::printf("dart-paper: Osborne 1994 (DART) on a simulated ATM fabric\n");
    std::vector<SanPaperRow> rows = DartPaperExperiments::Latencies();
    if (beyond)
    {
        const auto more = DartPaperExperiments::BeyondPaper();
        rows.insert(rows.end(), more.begin(), more.end());
    }
    SanResultsWriter writer(DartPaperExperiments::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (sweeps)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        const std::string prefix = dir.empty() ? "" : dir + "/";
        LatencySweep(prefix + "dart-latency-vs-size.csv");
        Breakdown(prefix + "dart-latency-breakdown.csv", breakdownBytes);
    }
    return 0;
}
