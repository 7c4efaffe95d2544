/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SOURCE_ROUTING_H
#define SAN_SOURCE_ROUTING_H

#include "san-routing.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Myrinet-style source routing: the source computes the whole path
 * (the topology's deterministic route) and writes one output port per
 * switch into the packet; each switch only consumes the next entry.
 */
class SanSourceRouting : public SanRouting
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    uint32_t GetNVcs() const override;
    bool IsDeterministic() const override;
    uint32_t PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch) override;
    void Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice) override;
};

} // namespace ns3

#endif /* SAN_SOURCE_ROUTING_H */
