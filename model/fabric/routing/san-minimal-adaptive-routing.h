/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MINIMAL_ADAPTIVE_ROUTING_H
#define SAN_MINIMAL_ADAPTIVE_ROUTING_H

#include "san-routing.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Minimal adaptive routing: the switch takes the least-occupied
 * productive output port that has a free adaptive virtual channel.
 *
 * Where minimal routing alone could deadlock (meshes, tori, rings, graphs)
 * the deterministic route on its own virtual channels is an escape path
 * (Duato): a packet that finds no adaptive channel free waits for the
 * deterministic port, on either its escape channel or its adaptive one. On
 * graphs a packet that has once taken an escape channel stays on escape
 * channels, since up*\/down* routes cannot be re-entered midway. On fat
 * trees every minimal path goes up then down, so no escape is needed.
 * Packets of one pair may arrive out of order.
 */
class SanMinimalAdaptiveRouting : public SanRouting
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
    void OnDepart(uint32_t sw, uint32_t port, uint32_t vc, SanFabricPacket& p) override;

  protected:
    std::string CheckTopology(const SanTopology& topology) const override;

  private:
    /// \return true if the topology's minimal routes need no escape channel
    bool NeedsNoEscape() const;
    bool m_stickyEscape{false}; //!< graphs: once on an escape channel, stay there
};

} // namespace ns3

#endif /* SAN_MINIMAL_ADAPTIVE_ROUTING_H */
