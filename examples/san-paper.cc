/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * san-paper: reproduce one paper, chosen by its SanPaper TypeId (helper/paper/san-paper.h):
 * run its experiments, print each row beside the paper's value, write results/<paper>.csv
 * (DESIGN.md, Results contract) and the data of its figures beside it.
 *
 *   ./san-paper --paper=ns3::TripwirePaper [--output=FILE] [--figures=1] [--beyond=1]
 *   ./san-paper                       lists the papers
 *   ./san-paper --paper=ns3::DartPaper --ns3::DartPaper::BreakdownBytes=64
 *
 * The <paper>-paper programs are this one with the paper fixed. A new paper is one class
 * deriving from SanPaper; this program and the san-paper-interface test find it by its TypeId.
 */

#include "ns3/san-paper.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    return SanPaper::Main(argc, argv, "");
}
