/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_UP_DOWN_ROUTING_H
#define SAN_UP_DOWN_ROUTING_H

#include "san-deterministic-routing.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Up*\/down* routing (Autonet) on fat trees (arithmetic: up to the
 * nearest common ancestor on a port chosen by the destination's digits,
 * then down) and on arbitrary graphs (tables over switches).
 */
class SanUpDownRouting : public SanDeterministicRouting
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    std::string CheckTopology(const SanTopology& topology) const override;
};

} // namespace ns3

#endif /* SAN_UP_DOWN_ROUTING_H */
