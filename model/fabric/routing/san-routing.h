/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_ROUTING_H
#define SAN_ROUTING_H

#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/san-topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class SanOutputOccupancy;
class SanFabricPacket;

/**
 * \ingroup san
 * The answer of a routing function at one switch.
 *
 * The packet may take any adaptive candidate on one of the virtual channels
 * in adaptiveMask if one is free now; otherwise it waits for the escape port
 * (the deterministic route) on a channel in escapeMask. Deterministic
 * routing functions return no adaptive candidates.
 */
struct SanRouteChoice
{
    uint32_t nCandidates{0};                          //!< adaptive candidates
    uint32_t candidates[SanTopology::MAX_CANDIDATES]; //!< their ports
    uint32_t adaptiveMask{0};                         //!< VCs usable on candidates
    uint32_t escapePort{SanTopology::NO_PORT};        //!< deterministic / escape port
    uint32_t escapeMask{0};                           //!< VCs usable on the escape port
};

/**
 * \ingroup san
 * \brief A routing function: a strategy object chosen by attribute
 * (SanFabric's "Routing").
 *
 * Virtual channels are numbered phase * D + c for the deterministic
 * (escape) classes, where D is the topology's number of dateline classes
 * and c the dateline class, and adaptive routing adds one more channel on
 * top. The strategy keeps its per-packet state in the SanFabricPacket.
 */
class SanRouting : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRouting();
    ~SanRouting() override;

    /**
     * Bind to a topology; aborts with a clear message if this routing
     * function cannot work on it.
     * \param topology the fabric's topology
     */
    void Setup(Ptr<SanTopology> topology);
    /// \return the topology bound by Setup
    Ptr<SanTopology> GetTopology() const;
    /**
     * Let the routing function see how full the switches' output ports are: SanFabric::Configure
     * gives itself (and DoDispose unbinds it), so a function that weighs queue occupancy (UGAL)
     * can read them through GetOutputOccupancy. A raw pointer: the fabric owns the routing
     * function, not the other way round.
     * \param occupancy the switches' occupancy, or nullptr (then every port reads empty)
     */
    void SetOccupancy(const SanOutputOccupancy* occupancy);

    /// \return the number of virtual channels each link needs
    virtual uint32_t GetNVcs() const = 0;
    /// \return true if each source-destination pair always takes the same path
    virtual bool IsDeterministic() const = 0;

    /**
     * Prepare a new packet at its source.
     * \param p the packet (src, dst and dstSwitch are set)
     * \param srcSwitch the switch the source host hangs off
     * \return the virtual channels it may use on the injection link
     */
    virtual uint32_t PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch);

    /**
     * Route a packet whose head is at switch sw (sw != p.dstSwitch).
     * \param sw the current switch
     * \param p the packet
     * \param choice filled in
     */
    virtual void Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice) = 0;

    /**
     * Update the packet's routing state as it leaves sw.
     * \param sw the switch
     * \param port the output port taken
     * \param vc the virtual channel acquired
     * \param p the packet
     */
    virtual void OnDepart(uint32_t sw, uint32_t port, uint32_t vc, SanFabricPacket& p);

    /**
     * Use fixed random streams (routing functions that draw numbers override this).
     * \param stream first stream index
     * \return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

    /**
     * \param topology a topology
     * \return "" if this routing function can route on it, else one line that names the
     * function and the topology and lists the registered routing functions that fit it
     */
    std::string GetTopologyError(const SanTopology& topology) const;
    /**
     * The routing function a topology gets when none is chosen (SanFabricHelper without
     * SetRouting, san-run's --routing=auto): dimension order on meshes, tori, rings and
     * crossbars; up*\/down* on fat trees and graphs; UGAL on dragonflies.
     * \param topology a topology
     * \return the routing function's TypeId name
     */
    static std::string GetDefaultTypeIdName(const SanTopology& topology);
    /**
     * \param topology a topology
     * \return the TypeId names of the registered routing functions that can route on it
     */
    static std::vector<std::string> GetFittingTypeIdNames(const SanTopology& topology);

  protected:
    /**
     * Whether this function can route on a topology (Setup aborts with the answer if not).
     * \param topology the topology
     * \return "" if it can, else why not
     */
    virtual std::string CheckTopology(const SanTopology& topology) const;

    /**
     * Dateline class of the link out of (sw, port) for packet p: 1 on a
     * wrap-around link and after it in the same dimension, else 0.
     * \param sw the switch
     * \param port the output port
     * \param p the packet
     * \return 0 or 1
     */
    uint32_t GetDatelineClass(uint32_t sw, uint32_t port, const SanFabricPacket& p) const;

    /**
     * Fill a deterministic (escape) choice toward switch dst.
     * \param sw current switch
     * \param dst target switch
     * \param phase Valiant phase (0 for single-phase functions)
     * \param p the packet
     * \param choice filled in (escapePort, escapeMask)
     */
    void RouteDeterministic(uint32_t sw,
                            uint32_t dst,
                            uint32_t phase,
                            const SanFabricPacket& p,
                            SanRouteChoice& choice) const;

    /**
     * Occupancy of an output port, as adaptive switches weigh it (SanPort::GetOccupancy:
     * packets waiting there, slots in use downstream on those channels, one if the link is busy).
     * \param sw the switch
     * \param port one of its ports
     * \param vcMask virtual channels to count
     * \return the occupancy; 0 if no fabric is bound or the port has no device yet
     */
    uint32_t GetOutputOccupancy(uint32_t sw, uint32_t port, uint32_t vcMask) const;

    /**
     * Set the seed of DrawFor from ns-3's seed, run number and a fixed stream index (what a
     * routing function's AssignStreams calls).
     * \param stream the stream index
     */
    void SetDrawStream(int64_t stream);
    /**
     * A random choice for one packet: uniform in [0, n), a function of the packet (its uid and
     * hops so far), \p salt, and the seed alone (a counter-based generator, SplitMix64), not
     * of what other packets drew before. So a packet draws the same number whichever process
     * or MPI rank routes it and in whatever order packets are routed: the draws of a
     * distributed run are those of one process.
     * \param p the packet
     * \param salt tells apart several draws for one packet at one hop
     * \param n the range (at least 1)
     * \return the draw
     */
    uint32_t DrawFor(const SanFabricPacket& p, uint32_t salt, uint32_t n) const;

    Ptr<SanTopology> m_topology;                    //!< bound topology
    const SanOutputOccupancy* m_occupancy{nullptr}; //!< what GetOutputOccupancy reads
    SanTopology* m_topo{nullptr};                   //!< raw pointer for the hot path
    uint32_t m_nDateline{1};                        //!< dateline classes of the topology
    uint64_t m_drawSeed{0};                         //!< seed of DrawFor
};

} // namespace ns3

#endif /* SAN_ROUTING_H */
