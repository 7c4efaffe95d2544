/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_UGAL_ROUTING_H
#define SAN_UGAL_ROUTING_H

#include "san-routing.h"

#include "ns3/random-variable-stream.h"

namespace ns3
{

class SanDragonflyTopology;

/**
 * \ingroup san
 * \brief Dragonfly routing (Kim, Dally, Scott and Abts, ISCA 2008): minimal,
 * Valiant, or UGAL-L choosing between them at the source router.
 *
 * Works only on a SanDragonflyTopology. Attribute Decision selects:
 * - Minimal: local-global-local, the topology's deterministic route;
 * - Valiant: every packet first goes to a group chosen uniformly at random
 *   among those other than its source and destination groups (arriving at
 *   whichever router the global link lands on), then minimally to its
 *   destination: local-global-local-global-local, at most 5 switch-to-switch
 *   hops;
 * - Ugal (UGAL-L, the default): at the source router, draw a Valiant
 *   intermediate group as above, then compare q_min * H_min with
 *   q_nonmin * H_nonmin + Threshold, where q is the occupancy of the output
 *   port each route would take at this router (packets queued there, credits
 *   in use downstream, one if the link is busy; all virtual channels) and H
 *   its switch-to-switch hop count; take the minimal route unless it is the
 *   costlier. The decision is carried in the packet (its Valiant
 *   intermediate, SanFabricPacket::intermediate) and never revisited.
 *
 * Virtual channels. A packet's channel is the number of global links it has
 * crossed so far (SanFabricPacket::phase): a minimal route uses channels
 * 0, 0, 1 (local, global, local), a Valiant route 0, 0, 1, 1, 2. Channels
 * never decrease along a route and within one channel a packet takes at most
 * a local hop then a global hop: a local hop on channel c waits only for a
 * global link on channel c or the destination, a global hop on channel c only
 * for a local or global hop on channel c + 1 or the destination. The channel
 * dependency graph is therefore acyclic (Dally and Seitz), so minimal routing
 * needs 2 channels and Valiant and UGAL need 3, as Kim et al. state. Only
 * UGAL sees queue occupancy (through SanRouting::GetOutputOccupancy); every
 * hop after the source follows a fixed route, so it is the deterministic
 * route of the chosen path that is taken.
 *
 * Packets of one pair may arrive out of order under Valiant and UGAL.
 */
class SanUgalRouting : public SanRouting
{
  public:
    /// Which path a packet takes.
    enum Decision
    {
        UGAL,    //!< adaptive at the source router (UGAL-L)
        VALIANT, //!< always through a random intermediate group
        MINIMAL  //!< always local-global-local
    };

    /// Marker in SanFabricPacket::intermediate: UGAL has not decided yet.
    static constexpr uint32_t UNDECIDED = 0xfffffffe;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanUgalRouting();

    uint32_t GetNVcs() const override;
    bool IsDeterministic() const override;
    uint32_t PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch) override;
    void Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice) override;
    void OnDepart(uint32_t sw, uint32_t port, uint32_t vc, SanFabricPacket& p) override;

    /**
     * Use a fixed random stream.
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) override;

    /// \return packets sent on their minimal route so far (switch-to-switch packets only)
    uint64_t GetMinimalCount() const;
    /// \return packets sent through an intermediate group so far
    uint64_t GetNonMinimalCount() const;

  protected:
    std::string CheckTopology(const SanTopology& topology) const override;

  private:
    /// \return the bound topology as a dragonfly
    const SanDragonflyTopology& Df() const;
    /**
     * \param p the packet (its draw is its own: SanRouting::DrawFor)
     * \param srcGroup source group \param dstGroup destination group
     * \return a random group other than both, or SanFabricPacket::NONE if there is none
     */
    uint32_t PickIntermediate(const SanFabricPacket& p, uint32_t srcGroup, uint32_t dstGroup);
    /**
     * UGAL-L: choose minimal or non-minimal at the source router.
     * \param sw the source router
     * \param p the packet (intermediate set)
     */
    void Decide(uint32_t sw, SanFabricPacket& p);

    Decision m_decision;      //!< attribute Decision
    uint32_t m_threshold;     //!< attribute Threshold
    uint64_t m_minimal{0};    //!< counter
    uint64_t m_nonMinimal{0}; //!< counter
};

} // namespace ns3

#endif /* SAN_UGAL_ROUTING_H */
