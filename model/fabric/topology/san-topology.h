/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TOPOLOGY_H
#define SAN_TOPOLOGY_H

#include "ns3/object.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * The far end of a switch port: another switch's port, a host, or nothing.
 */
struct SanPortPeer
{
    /// What lies at the far end of a port.
    enum Kind : uint8_t
    {
        NONE,   //!< the port is not connected (e.g. the edge of a mesh)
        SWITCH, //!< another switch
        HOST    //!< a host (end node)
    };

    Kind kind{NONE};   //!< what is there
    uint32_t index{0}; //!< switch index or host index
    uint32_t port{0};  //!< port on the peer switch (SWITCH only)
};

/**
 * \ingroup san
 * An undirected link of the topology, as listed by SanTopology::GetLinks.
 */
struct SanTopologyLink
{
    uint32_t switchA; //!< switch at one end
    uint32_t portA;   //!< its port
    bool toHost;      //!< true if the other end is a host
    uint32_t b;       //!< switch index (toHost false) or host index (toHost true)
    uint32_t portB;   //!< port on switch b (toHost false only)
};

/**
 * \ingroup san
 * \brief The shape of a switch fabric: switches, ports, hosts and the
 * arithmetic that routing functions need.
 *
 * Switches are numbered 0..S-1 and hosts 0..H-1. Each switch has ports
 * numbered 0..GetNPorts(sw)-1; a port may be unconnected. Regular
 * topologies answer routing questions arithmetically, so the fabric holds
 * no per-destination state; only SanGraphTopology keeps tables (over
 * switches, never over hosts).
 *
 * The Boost.Graph form of a topology (SanTopologyGraph, built by
 * BuildSanTopologyGraph() in san-topology-graph.h; GetLinks() is derived from
 * it) is what SanFabricHelper turns into nodes, port devices and channels.
 *
 * The routing calls (GetDeterministicPort, GetMinimalPorts) and GetHostSwitch /
 * GetHostPort sit on the per-hop fast path: implementations do no allocation,
 * no logging and no range checks there (arguments must be valid switch and
 * host indices). Concrete classes take their attributes at construction time;
 * changing one afterwards re-validates at once.
 */
class SanTopology : public Object
{
  public:
    /// Most candidate ports a routing question can return.
    static constexpr uint32_t MAX_CANDIDATES = 64;
    /// Marker for "no such port".
    static constexpr uint32_t NO_PORT = 0xffffffff;
    /// Most ports a switch can have: a switch numbers its ports in 16 bits, 0xffff meaning
    /// none (SanPort::NOT_IN_SWITCH).
    static constexpr uint32_t MAX_SWITCH_PORTS = 0xffff;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanTopology();
    ~SanTopology() override;

    /// \return a short name ("crossbar", "ring", "mesh", "torus", "fat-tree", "dragonfly", "graph")
    virtual std::string GetName() const = 0;
    /// \return the number of switches
    virtual uint32_t GetNSwitches() const = 0;
    /// \return the number of hosts
    virtual uint32_t GetNHosts() const = 0;
    /**
     * \param sw a switch
     * \return the number of ports of that switch (its radix, host ports included)
     */
    virtual uint32_t GetNPorts(uint32_t sw) const = 0;
    /**
     * \param host a host
     * \return the switch the host is attached to
     */
    virtual uint32_t GetHostSwitch(uint32_t host) const = 0;
    /**
     * \param host a host
     * \return the port of GetHostSwitch(host) that leads to the host
     */
    virtual uint32_t GetHostPort(uint32_t host) const = 0;
    /**
     * \param sw a switch
     * \param port one of its ports
     * \return what is at the far end of that port
     */
    virtual SanPortPeer GetPeer(uint32_t sw, uint32_t port) const = 0;

    /**
     * Deterministic route: the next port from sw toward switch dst (sw != dst).
     * Dimension order on meshes, tori and rings; up*\/down* on fat trees
     * (up port chosen from the destination's digits, so a pair always takes
     * the same path) and on graphs.
     * \param sw current switch
     * \param dst destination switch
     * \return the output port
     */
    virtual uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const = 0;

    /**
     * Deterministic route toward a given host: as GetDeterministicPort, but a
     * topology with several equal-cost paths may use the destination host to
     * spread pairs over them (a fat tree picks its up ports from the host's
     * digits, so the k hosts of a leaf are reached over k different links).
     * \param sw current switch
     * \param dst destination switch (or an intermediate one)
     * \param dstHost the packet's destination host
     * \return the output port
     */
    virtual uint32_t GetDeterministicPortFor(uint32_t sw, uint32_t dst, uint32_t dstHost) const;

    /**
     * Minimal (productive) ports from sw toward switch dst (sw != dst): every
     * port that lies on some shortest path.
     * \param sw current switch
     * \param dst destination switch
     * \param ports array of at least MAX_CANDIDATES entries, filled in
     * \return how many ports were written (at least 1; 0 only if sw == dst, which is
     * the only case a single-switch crossbar has)
     */
    virtual uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const = 0;

    /**
     * \return true if routing along arbitrary minimal paths cannot deadlock
     * (fat tree, crossbar), so adaptive routing needs no escape channel.
     */
    virtual bool IsMinimalRoutingDeadlockFree() const;

    /**
     * Dateline support for rings and tori: the dimension a port moves along
     * (0 for x, 1 for y), or NO_PORT for host ports and non-cartesian topologies.
     * \param sw a switch
     * \param port one of its ports
     * \return the dimension
     */
    virtual uint32_t GetPortDimension(uint32_t sw, uint32_t port) const;
    /**
     * \param sw a switch
     * \param port one of its ports
     * \return true if the link out of that port is a wrap-around link (the
     * dateline of its ring)
     */
    virtual bool IsWrapPort(uint32_t sw, uint32_t port) const;
    /// \return 2 if deterministic routes need dateline virtual channels, else 1
    virtual uint32_t GetNDatelineClasses() const;

    /**
     * The part of a partition into \p parts that switch \p sw belongs to, for distributed
     * runs (one part per MPI rank; hosts go with their switch, only links are cut). The
     * default cuts the switch indices into \p parts contiguous blocks of nearly equal size:
     * stripes of rows on meshes and tori (index y * X + x), whole groups on dragonflies, and a
     * simple balanced cut of a graph. A fat tree overrides it to keep sub-trees together.
     * \param sw a switch
     * \param parts the number of parts (at least 1)
     * \return its part, in [0, parts)
     */
    virtual uint32_t GetSwitchPart(uint32_t sw, uint32_t parts) const;

    /**
     * \return every link once, sorted by (switchA, portA); a switch-switch link is
     * listed from its lower switch index (switchA < b). Derived from the Boost.Graph
     * form (BuildSanTopologyGraph() in san-topology-graph.h).
     */
    std::vector<SanTopologyLink> GetLinks() const;
    /**
     * \return the largest number of switch-to-switch links on a shortest path
     * between two switches that have hosts (breadth-first search over the
     * Boost.Graph form); 0 for a single switch, UINT32_MAX if two switches with
     * hosts cannot reach each other
     */
    uint32_t ComputeDiameter() const;
    /// \return the number of connected switch ports (host ports included)
    uint64_t CountConnectedPorts() const;
};

} // namespace ns3

#endif /* SAN_TOPOLOGY_H */
