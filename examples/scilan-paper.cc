/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
/*
 * scilan-paper: the results of Ryan and Bryhni 1998 (SCI for Local Area Networks) simulated on
 * 200 MHz Pentium / 430HX hosts with Dolphin PCI/SCI adapters and SCILAN sockets, printed
 * beside the paper's values and written to results/scilan.csv (DESIGN.md, Results contract),
 * with the data of Figures 7-11 beside it (scilan-fig*.csv, scilan-tcp-*.csv).
 *
 * The experiments are ScilanPaperExperiments (helper/paper/scilan-paper-experiments.h) and,
 * for the TCP/IP rows, ScilanTcpBaselines.
 *
 *   ./scilan-paper [--output=results/scilan.csv] [--figures=1] [--beyond=1]
 */

#include "ns3/core-module.h"
#include "ns3/san-results-writer.h"
#include "ns3/scilan-beyond-paper.h"
#include "ns3/scilan-paper-experiments.h"

#include <cstdio>
#include <filesystem>
#include <string>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string output = "results/scilan.csv";
    bool figures = true;
    bool beyond = true;
    CommandLine cmd(__FILE__);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments", beyond);
    cmd.AddValue("output", "CSV file to write", output);
    cmd.AddValue("figures", "Also write the figures' data beside it", figures);
    cmd.Parse(argc, argv);

    std::printf("scilan-paper: Ryan and Bryhni 1998 (SCILAN) on simulated Pentium PCs\n");
    std::vector<SanPaperRow> rows = ScilanPaperExperiments::AllRows();
    if (beyond)
    {
        const auto more = ScilanBeyondPaper::Rows();
        rows.insert(rows.end(), more.begin(), more.end());
    }
    SanResultsWriter writer(ScilanPaperExperiments::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figures)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        ScilanPaperExperiments::WriteFigures(dir.empty() ? "" : dir + "/");
        std::printf("wrote the figures' data beside %s\n", output.c_str());
    }
    return 0;
}
