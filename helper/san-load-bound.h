/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_LOAD_BOUND_H
#define SAN_LOAD_BOUND_H

#include "ns3/san-traffic-generator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class SanFabricHelper;

/**
 * \ingroup san
 * \brief The most load a traffic pattern can put on a fabric: the offered load (packets per
 * sending host per packet-time, as SanLoadSweep measures it) at which some channel would have
 * to carry more than one packet per packet-time. No measurement can be above it.
 *
 * With a deterministic routing the bound is the channel-load bound (Dally and Towles,
 * Principles and Practices of Interconnection Networks, section 3.3.1): every source-destination
 * pair's route is walked through the routing function itself, each channel (switch to switch,
 * switch to host) adds up the shares of the packets it carries, and the busiest channel
 * decides. Otherwise (adaptive or randomized routing, whose paths depend on the run), or when a
 * fabric is too large to walk every pair, it is the bisection bound: the traffic that crosses
 * from one half of the switches to the other (SanTopology::GetSwitchPart with two parts) over
 * the channels that cross; besides, no host's link may receive more than one packet per
 * packet-time. Both assume that every link runs at the host links' rate, as SanFabricHelper's
 * single channel setting gives.
 */
class SanLoadBound
{
  public:
    /// How the bound was found.
    enum Kind
    {
        NONE,      //!< no bound (see reason)
        CHANNEL,   //!< channel load of the walked routes
        BISECTION, //!< the bisection and the hosts' links
    };

    Kind kind{NONE};     //!< how it was found
    double load{0};      //!< the bound (packets per sending host per packet-time)
    std::string channel; //!< what limits it: "switch 3 port 1 -> switch 7", "the bisection ..."
    std::string reason;  //!< NONE: why there is none; else a remark ("" usually)

    /// \return "channel-load bound" or "bisection bound" (or "no bound")
    std::string GetKindName() const;

    /**
     * \param fabric a configured helper (topology and routing; nothing is installed)
     * \param spec the traffic pattern
     * \param permutation the Permutation pattern's destination per host (else empty)
     * \param maxWalkSteps route steps to walk at most before falling back to the bisection
     * \return the bound
     */
    static SanLoadBound Compute(SanFabricHelper& fabric,
                                const SanTrafficGenerator::PatternSpec& spec,
                                const std::vector<uint32_t>& permutation,
                                uint64_t maxWalkSteps = 50000000);
};

} // namespace ns3

#endif /* SAN_LOAD_BOUND_H */
