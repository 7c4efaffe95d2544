/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DETERMINISTIC_ROUTING_H
#define SAN_DETERMINISTIC_ROUTING_H

#include "san-routing.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Deterministic routing along the topology's deterministic route:
 * the base of dimension-order and up*\/down* routing. Keeps per-pair order.
 */
class SanDeterministicRouting : public SanRouting
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    uint32_t GetNVcs() const override;
    bool IsDeterministic() const override;
    void Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice) override;
};

} // namespace ns3

#endif /* SAN_DETERMINISTIC_ROUTING_H */
