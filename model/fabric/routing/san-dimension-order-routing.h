/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DIMENSION_ORDER_ROUTING_H
#define SAN_DIMENSION_ORDER_ROUTING_H

#include "san-deterministic-routing.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Dimension-order routing on meshes, tori and rings (x then y; the
 * shorter way round on a torus, with dateline virtual channels so that the
 * wrap-around links cannot close a cycle). Also accepted on a crossbar.
 */
class SanDimensionOrderRouting : public SanDeterministicRouting
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

#endif /* SAN_DIMENSION_ORDER_ROUTING_H */
