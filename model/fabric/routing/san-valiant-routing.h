/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_VALIANT_ROUTING_H
#define SAN_VALIANT_ROUTING_H

#include "san-routing.h"

#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Valiant's randomized oblivious routing: each packet first goes to
 * a switch chosen uniformly at random, then to its destination, both legs
 * along the deterministic route, each leg on its own set of virtual
 * channels so the two legs cannot form a cycle. On fat trees the
 * equivalent is used: every up-going hop picks an up port at random.
 * Packets of one pair may arrive out of order.
 */
class SanValiantRouting : public SanRouting
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanValiantRouting();

    uint32_t GetNVcs() const override;
    bool IsDeterministic() const override;
    uint32_t PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch) override;
    void Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice) override;

    /**
     * Use a fixed random stream.
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) override;

  private:
    /// \return true on topologies where random up ports replace intermediates
    bool IsTree() const;
};

} // namespace ns3

#endif /* SAN_VALIANT_ROUTING_H */
