/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRIPWIRE_BEYOND_PAPER_H
#define TRIPWIRE_BEYOND_PAPER_H

#include "san-paper-row.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief CLAN beyond the Tripwire paper (issue: "Beyond the paper"):
 *
 *  - Tripwire scaling: a server's response time and CPU per request with 10 to 10,000
 *    endpoints, Tripwires and the event queue against a loop that polls every endpoint's
 *    request word in turn (what a select-style server does at user level);
 *  - CLAN hosts on a switched fabric (8 to 64 hosts on one wormhole switch): the latency of a
 *    small processor write to a host that also receives a background of large DMA transfers,
 *    with the switch splitting bursts or not (section 2.2).
 */
class TripwireBeyondPaper
{
  public:
    /// A server at one size.
    struct Scaling
    {
        double rttUs{0};           //!< mean round trip (client spins)
        double cpuPerRequestUs{0}; //!< server CPU per request, polling included
    };

    /**
     * \param endpoints connections (the CAM is enlarged past 4096 when needed: a projection)
     * \param tripwires the event-based server (else a loop polling every request word)
     * \param requests measured (one in flight, a random connection each, 20 us apart)
     * \return response time and CPU per request
     */
    static Scaling ServerScaling(uint32_t endpoints, bool tripwires, uint32_t requests);

    /// Small-message latency under DMA background.
    struct Background
    {
        double meanUs{0};   //!< mean one-way latency of the probe's DWORD
        double maxUs{0};    //!< its largest
        uint64_t splits{0}; //!< bursts the switch split
    };

    /**
     * \param hosts hosts on the switch (>= 4): host 1 probes host 0; every other host sends
     * 8 KB DMA transfers to random hosts, offering \p load of its link
     * \param splitThreshold SanSwitch "SplitThreshold" (0: never split)
     * \param load offered background load on host 0's link (0 to 1)
     * \param probes measured probes (20 us apart)
     * \return the probe's latency
     */
    static Background SmallUnderDma(uint32_t hosts,
                                    uint32_t splitThreshold,
                                    double load,
                                    uint32_t probes);

    /// \return the rows (experiments beyond_tripwire_scaling and beyond_switched_split)
    static std::vector<SanPaperRow> Rows();
};

} // namespace ns3

#endif /* TRIPWIRE_BEYOND_PAPER_H */
