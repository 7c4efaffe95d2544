/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_OUTPUT_OCCUPANCY_H
#define SAN_OUTPUT_OCCUPANCY_H

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What a routing function may see of the switches: how full an output port is. A
 * narrow interface, so that routing depends on nothing of the fabric's switches and ports
 * (SanFabric provides it; a test can give its own).
 */
class SanOutputOccupancy
{
  public:
    virtual ~SanOutputOccupancy() = default;
    /**
     * \param sw a switch \param port one of its output ports
     * \param vcMask the virtual channels counted (bit v: channel v)
     * \return the packets waiting at that port plus the credit slots in use on those
     * channels, plus one if its link is busy (SanPort::GetOccupancy); 0 for a switch or port
     * this process does not have
     */
    virtual uint32_t GetOutputOccupancy(uint32_t sw, uint32_t port, uint32_t vcMask) const = 0;
};

} // namespace ns3

#endif /* SAN_OUTPUT_OCCUPANCY_H */
