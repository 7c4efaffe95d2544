/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Reproduces the Tripwire paper (Riddoch et al. 1999, CLAN) into results/tripwire.csv.

#include "ns3/command-line.h"
#include "ns3/tripwire-paper-experiments.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);
    std::cout << "mpi rtt " << TripwirePaperExperiments::MpiRoundTripUs(50) << " us\n";
    for (uint32_t b : {64u, 256u, 512u, 1024u, 2048u, 4096u, 16384u, 65536u})
    {
        std::cout << b << " a " << TripwirePaperExperiments::DmaBandwidthMbps(b, false, 50) << " b "
                  << TripwirePaperExperiments::DmaBandwidthMbps(b, true, 100) << "\n";
    }
    return 0;
}
