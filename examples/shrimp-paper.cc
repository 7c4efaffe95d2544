/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
/*
 * shrimp-paper: the results of Felten et al. 1996 (Early Experience with Message-Passing on
 * the SHRIMP Multicomputer) simulated on DEC 560ST PCs with SHRIMP interfaces on an iMRC mesh,
 * printed beside the paper's values and written to results/shrimp.csv (DESIGN.md, Results
 * contract).
 *
 * The experiments are ShrimpPaperExperiments (helper/paper/shrimp-paper-experiments.h) and,
 * beyond the paper, ShrimpBeyondPaper.
 *
 *   ./shrimp-paper [--output=results/shrimp.csv] [--figures=1] [--beyond=1]
 */
#include "ns3/core-module.h"
#include "ns3/san-results-writer.h"
#include "ns3/shrimp-beyond-paper.h"
#include "ns3/shrimp-paper-experiments.h"

#include <cstdio>
#include <filesystem>
#include <string>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string output = "results/shrimp.csv";
    bool figures = true;
    bool beyond = true;
    CommandLine cmd(__FILE__);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments", beyond);
    cmd.AddValue("output", "CSV file to write", output);
    cmd.AddValue("figures", "Also write the figures' data beside it", figures);
    cmd.Parse(argc, argv);

    std::printf("shrimp-paper: Felten et al. 1996 (SHRIMP) on simulated DEC 560ST PCs\n");
    std::vector<SanPaperRow> rows = ShrimpPaperExperiments::Rows();
    if (beyond)
    {
        const auto more = ShrimpBeyondPaper::Rows();
        rows.insert(rows.end(), more.begin(), more.end());
    }
    SanResultsWriter writer(ShrimpPaperExperiments::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figures)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        ShrimpPaperExperiments::WriteFigures(dir.empty() ? "" : dir + "/");
        std::printf("wrote the figures' data beside %s\n", output.c_str());
    }
    return 0;
}
