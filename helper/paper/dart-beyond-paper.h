/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_BEYOND_PAPER_H
#define DART_BEYOND_PAPER_H

#include "dart-scenario.h"
#include "san-paper-row.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief DART beyond Osborne 1994, on the fabric's 64-host fat tree: what the hybrid deposit
 * model's filtering buys (host interrupts under a hot spot with and without conditional
 * interrupts; remote reads served while the host's CPU is saturated). Rows without paper
 * values, in results/dart.csv.
 */
class DartBeyondPaper
{
  public:
    /// How the hot spot's host hears of arrivals.
    enum Notify
    {
        EVERY_MESSAGE, //!< every message's conditional holds: an interrupt each
        CONDITIONAL,   //!< the conditional holds once a round's last message has arrived
        DELAYABLE,     //!< as CONDITIONAL, on a delayable queue: no interrupt at all
    };

    /// What a hot-spot run measured at the hot host.
    struct HotSpot
    {
        uint64_t messages{0};   //!< messages deposited
        uint64_t interrupts{0}; //!< interrupts taken by the hot host
        uint64_t actions{0};    //!< actions posted
        double cpuBusyUs{0};    //!< the hot host's CPU time
        double elapsedUs{0};    //!< first send to the last message's deposit
    };

    /**
     * \brief 63 hosts each send \p rounds writes to host 0; each write counts itself in a
     * register shared by the 63 connections' overlapping windows.
     * \param notify how host 0 hears of them
     * \param rounds messages per sender
     * \return what host 0 saw
     */
    static HotSpot RunHotSpot(Notify notify, uint32_t rounds);

    /**
     * \brief 8 clients read 32-byte blocks from one server, one read at a time each.
     * \param config the paper configuration (its engine and costs)
     * \param busy the server's CPU runs user work all along (in 100 us slices)
     * \param reads reads per client
     * \return the mean read round trip in microseconds
     */
    static double ReadRoundTripUs(DartScenario::Config config, bool busy, uint32_t reads);

    /// \return every beyond-paper row
    static std::vector<SanPaperRow> Rows();
};

} // namespace ns3

#endif /* DART_BEYOND_PAPER_H */
