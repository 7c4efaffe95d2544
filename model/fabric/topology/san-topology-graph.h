/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TOPOLOGY_GRAPH_H
#define SAN_TOPOLOGY_GRAPH_H

#include "san-topology.h"

#include <boost/graph/adjacency_list.hpp>
#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * Vertex property of a SanTopologyGraph.
 */
struct SanTopologyVertex
{
    bool isHost{false}; //!< true for a host vertex, false for a switch vertex
    uint32_t index{0};  //!< switch index or host index
};

/**
 * \ingroup san
 * Edge property of a SanTopologyGraph: the port at each end of a link.
 *
 * End A is the lower-numbered vertex, which is always a switch (switches come
 * first in the vertex numbering); end B is the higher-numbered vertex.
 */
struct SanTopologyEdge
{
    uint32_t portA{SanTopology::NO_PORT}; //!< port on the switch at end A
    /// port on the switch at end B, or SanTopology::NO_PORT if end B is a host
    uint32_t portB{SanTopology::NO_PORT};
};

/**
 * \ingroup san
 * Graph-level property of a SanTopologyGraph.
 */
struct SanTopologyGraphInfo
{
    uint32_t nSwitches{0}; //!< S: vertices 0..S-1 are switches
    uint32_t nHosts{0};    //!< H: vertices S..S+H-1 are hosts
};

/**
 * \ingroup san
 * The Boost.Graph form of a SanTopology: an undirected graph whose vertices
 * 0..S-1 are the switches and S..S+H-1 the hosts (host h is vertex S+h), with
 * one edge per link carrying the port numbers of both ends. Parallel links
 * would be parallel edges (no built-in topology has any).
 */
using SanTopologyGraph = boost::adjacency_list<boost::vecS,
                                               boost::vecS,
                                               boost::undirectedS,
                                               SanTopologyVertex,
                                               SanTopologyEdge,
                                               SanTopologyGraphInfo>;

/**
 * \ingroup san
 * Build the Boost.Graph form of a topology by asking GetPeer() about every
 * port of every switch. Aborts with a message naming the switch and port if
 * the answers are inconsistent (a peer that does not point back, a host seen
 * at a port other than GetHostSwitch()/GetHostPort(), an index out of range).
 *
 * \param topology the topology
 * \return its graph
 */
SanTopologyGraph BuildSanTopologyGraph(const SanTopology& topology);

} // namespace ns3

#endif /* SAN_TOPOLOGY_GRAPH_H */
