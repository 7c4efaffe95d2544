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
    for (bool busy : {false, true})
    {
        for (uint32_t e : {1u, 10u, 100u})
        {
            auto r = TripwirePaperExperiments::ServerRoundTrip(e, busy, 200);
            std::cout << (busy ? "busy" : "idle") << " e=" << e << " rtt " << r.rttUs << " cpu "
                      << r.serverCpuUs << " irq " << r.interruptsPerRequest << " sleeps "
                      << r.sleepsPerRequest << "\n";
        }
    }
    for (uint32_t e : {1u, 2u, 4u, 8u, 16u, 32u, 64u})
    {
        std::cout << "req/s e=" << e << " "
                  << TripwirePaperExperiments::ServerRequestsPerSecond(e, 50) << "\n";
    }
    return 0;
}
