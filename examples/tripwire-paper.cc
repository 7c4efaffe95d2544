/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
/*
 * tripwire-paper: the results of Riddoch et al. 1999 (CLAN with Tripwires) simulated on 530 MHz
 * Alpha hosts with CLAN NICs, printed beside the paper's values and written to
 * results/tripwire.csv (DESIGN.md, Results contract), plus the data of Figures 7-10 and 12
 * beside it (tripwire-fig*.csv).
 *
 * The experiments are TripwirePaperExperiments (helper/paper/tripwire-paper-experiments.h) and,
 * for Table 1's Ethernet rows and Figure 12, TcpBaselineExperiments; the san-clan-paper test
 * runs them too.
 *
 *   ./tripwire-paper [--output=results/tripwire.csv] [--figures=1] [--beyond=1]
 */

#include "ns3/core-module.h"
#include "ns3/san-results-writer.h"
#include "ns3/tripwire-beyond-paper.h"
#include "ns3/tripwire-paper-experiments.h"

#include <cstdio>
#include <filesystem>
#include <string>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string output = "results/tripwire.csv";
    bool figures = true;
    bool beyond = true;
    CommandLine cmd(__FILE__);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments", beyond);
    cmd.AddValue("output", "CSV file to write", output);
    cmd.AddValue("figures", "Also write the figures' data beside it", figures);
    cmd.Parse(argc, argv);

    std::printf("tripwire-paper: Riddoch et al. 1999 (CLAN, Tripwires) on simulated Alphas\n");
    std::vector<SanPaperRow> rows = TripwirePaperExperiments::AllRows();
    if (beyond)
    {
        const auto more = TripwireBeyondPaper::Rows();
        rows.insert(rows.end(), more.begin(), more.end());
    }
    SanResultsWriter writer(TripwirePaperExperiments::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figures)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        TripwirePaperExperiments::WriteFigures(dir.empty() ? "" : dir + "/");
        std::printf("wrote the figures' data beside %s\n", output.c_str());
    }
    return 0;
}
