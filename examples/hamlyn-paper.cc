/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * hamlyn-paper: the results of Hamlyn 1995 (Buzzard et al., HPL-95-86), simulated on a Myrinet
 * crossbar (fabric defaults), printed beside the paper's values and written to
 * results/hamlyn.csv (DESIGN.md, Results contract), plus two sweeps for the figures:
 *
 *  - results/hamlyn-latency-vs-size.csv: message size vs one-way latency, direct I/O and DMA;
 *  - results/hamlyn-bandwidth-vs-size.csv: transfer size vs bandwidth (DMA).
 *
 * The experiments themselves are HamlynPaperExperiments (helper/paper/hamlyn-paper-experiments.h),
 * which the san-hamlyn-paper system test runs too; the harness's SanResultsWriter records the
 * run's provenance (commit, date, quick or full, seeds, the options given here) in the CSV's
 * leading comment lines.
 *
 *   ./hamlyn-paper [--output=results/hamlyn.csv] [--figures=1] [--beyond=1]
 *
 * It is examples/san-paper with --paper=ns3::HamlynPaper (helper/paper/hamlyn-paper.h); the
 * paper's own options are attributes of ns3::HamlynPaper.
 */

#include "ns3/san-paper.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    return SanPaper::Main(argc, argv, "ns3::HamlynPaper");
}
