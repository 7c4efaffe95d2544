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
 *
 * It is examples/san-paper with --paper=ns3::ScilanPaper (helper/paper/scilan-paper.h); the
 * paper's own options are attributes of ns3::ScilanPaper.
 */

#include "ns3/san-paper.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    return SanPaper::Main(argc, argv, "ns3::ScilanPaper");
}
