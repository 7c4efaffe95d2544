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
    std::cout << "pio rtt " << TripwirePaperExperiments::PioRoundTripUs(100) << " us\n";
    for (uint32_t b : {256u, 1024u, 4096u, 16384u, 65536u})
    {
        std::cout << b << " dma " << TripwirePaperExperiments::RawBandwidthMbps(b, true)
                  << " pio " << TripwirePaperExperiments::RawBandwidthMbps(b, false) << "\n";
    }
    return 0;
}
