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
 *
 * It is examples/san-paper with --paper=ns3::ShrimpPaper (helper/paper/shrimp-paper.h); the
 * paper's own options are attributes of ns3::ShrimpPaper.
 */

#include "ns3/san-paper.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    return SanPaper::Main(argc, argv, "ns3::ShrimpPaper");
}
