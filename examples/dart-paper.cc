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
 *    (--ns3::DartPaper::BreakdownBytes=N for another size).
 *
 * The experiments are DartPaperExperiments (helper/paper/dart-paper-experiments.h), which the
 * san-dart-paper test runs too.
 *
 *   ./dart-paper [--output=results/dart.csv] [--figures=1] [--beyond=1]
 *
 * It is examples/san-paper with --paper=ns3::DartPaper (helper/paper/dart-paper.h); the
 * paper's own options are attributes of ns3::DartPaper.
 */

#include "ns3/san-paper.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    return SanPaper::Main(argc, argv, "ns3::DartPaper");
}
