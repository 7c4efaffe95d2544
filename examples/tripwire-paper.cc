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
 *
 * It is examples/san-paper with --paper=ns3::TripwirePaper (helper/paper/tripwire-paper.h); the
 * paper's own options are attributes of ns3::TripwirePaper.
 */

#include "ns3/san-paper.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    return SanPaper::Main(argc, argv, "ns3::TripwirePaper");
}
