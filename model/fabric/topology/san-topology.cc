/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-topology.h"

#include "san-topology-graph.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanTopology");

NS_OBJECT_ENSURE_REGISTERED(SanTopology);

TypeId
SanTopology::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanTopology").SetParent<Object>().SetGroupName("San");
    return tid;
}

SanTopology::SanTopology()
{
    NS_LOG_FUNCTION(this);
}

SanTopology::~SanTopology()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
SanTopology::GetDeterministicPortFor(uint32_t sw, uint32_t dst, uint32_t /* dstHost */) const
{
    return GetDeterministicPort(sw, dst);
}

bool
SanTopology::IsMinimalRoutingDeadlockFree() const
{
    return false;
}

uint32_t
SanTopology::GetPortDimension(uint32_t /* sw */, uint32_t /* port */) const
{
    return NO_PORT;
}

bool
SanTopology::IsWrapPort(uint32_t /* sw */, uint32_t /* port */) const
{
    return false;
}

uint32_t
SanTopology::GetNDatelineClasses() const
{
    return 1;
}

uint32_t
SanTopology::GetSwitchPart(uint32_t sw, uint32_t parts) const
{
    return static_cast<uint32_t>(static_cast<uint64_t>(sw) * parts / GetNSwitches());
}

SanTopologyGraph
BuildSanTopologyGraph(const SanTopology& topology)
{
    NS_LOG_FUNCTION(&topology);
    const uint32_t nSwitches = topology.GetNSwitches();
    const uint32_t nHosts = topology.GetNHosts();
    NS_ABORT_MSG_IF(static_cast<uint64_t>(nSwitches) + nHosts >
                        std::numeric_limits<uint32_t>::max(),
                    "SanTopology: " << topology.GetName() << " has too many switches and hosts ("
                                    << nSwitches << " + " << nHosts << ") for one graph");

    SanTopologyGraph g(nSwitches + nHosts);
    g[boost::graph_bundle].nSwitches = nSwitches;
    g[boost::graph_bundle].nHosts = nHosts;
    for (uint32_t v = 0; v < nSwitches + nHosts; ++v)
    {
        g[v].isHost = v >= nSwitches;
        g[v].index = v < nSwitches ? v : v - nSwitches;
    }

    for (uint32_t sw = 0; sw < nSwitches; ++sw)
    {
        const uint32_t nPorts = topology.GetNPorts(sw);
        for (uint32_t port = 0; port < nPorts; ++port)
        {
            const SanPortPeer peer = topology.GetPeer(sw, port);
            if (peer.kind == SanPortPeer::SWITCH)
            {
                NS_ABORT_MSG_IF(peer.index >= nSwitches,
                                "SanTopology: " << topology.GetName() << " switch " << sw
                                                << " port " << port << " leads to switch "
                                                << peer.index << ", but there are only "
                                                << nSwitches << " switches");
                NS_ABORT_MSG_IF(peer.index == sw && peer.port == port,
                                "SanTopology: " << topology.GetName() << " switch " << sw
                                                << " port " << port << " is linked to itself");
                NS_ABORT_MSG_IF(peer.port >= topology.GetNPorts(peer.index),
                                "SanTopology: " << topology.GetName() << " switch " << sw
                                                << " port " << port << " leads to port "
                                                << peer.port << " of switch " << peer.index
                                                << ", which has only "
                                                << topology.GetNPorts(peer.index) << " ports");
                const SanPortPeer back = topology.GetPeer(peer.index, peer.port);
                NS_ABORT_MSG_IF(
                    back.kind != SanPortPeer::SWITCH || back.index != sw || back.port != port,
                    "SanTopology: " << topology.GetName() << " switch " << sw << " port " << port
                                    << " leads to switch " << peer.index << " port " << peer.port
                                    << ", which does not lead back");
                if (peer.index > sw || (peer.index == sw && peer.port > port))
                {
                    SanTopologyEdge edge;
                    edge.portA = port;
                    edge.portB = peer.port;
                    boost::add_edge(sw, peer.index, edge, g);
                }
            }
            else if (peer.kind == SanPortPeer::HOST)
            {
                NS_ABORT_MSG_IF(peer.index >= nHosts,
                                "SanTopology: " << topology.GetName() << " switch " << sw
                                                << " port " << port << " leads to host "
                                                << peer.index << ", but there are only " << nHosts
                                                << " hosts");
                NS_ABORT_MSG_IF(topology.GetHostSwitch(peer.index) != sw ||
                                    topology.GetHostPort(peer.index) != port,
                                "SanTopology: " << topology.GetName() << " switch " << sw
                                                << " port " << port << " leads to host "
                                                << peer.index << ", but that host is said to be"
                                                << " on switch "
                                                << topology.GetHostSwitch(peer.index) << " port "
                                                << topology.GetHostPort(peer.index));
                SanTopologyEdge edge;
                edge.portA = port;
                edge.portB = SanTopology::NO_PORT;
                boost::add_edge(sw, nSwitches + peer.index, edge, g);
            }
        }
    }
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        NS_ABORT_MSG_IF(boost::out_degree(nSwitches + h, g) != 1,
                        "SanTopology: " << topology.GetName() << " host " << h
                                        << " is not attached to exactly one switch port");
    }
    return g;
}

std::vector<SanTopologyLink>
SanTopology::GetLinks() const
{
    NS_LOG_FUNCTION(this);
    const SanTopologyGraph g = BuildSanTopologyGraph(*this);
    const uint32_t nSwitches = g[boost::graph_bundle].nSwitches;
    std::vector<SanTopologyLink> links;
    links.reserve(boost::num_edges(g));
    for (auto [it, end] = boost::edges(g); it != end; ++it)
    {
        const uint32_t u = boost::source(*it, g);
        const uint32_t v = boost::target(*it, g);
        const uint32_t a = std::min(u, v);
        const uint32_t b = std::max(u, v);
        SanTopologyLink link;
        link.switchA = a;
        link.portA = g[*it].portA;
        link.toHost = b >= nSwitches;
        link.b = link.toHost ? b - nSwitches : b;
        link.portB = g[*it].portB;
        links.push_back(link);
    }
    std::sort(links.begin(), links.end(), [](const SanTopologyLink& x, const SanTopologyLink& y) {
        return x.switchA != y.switchA ? x.switchA < y.switchA : x.portA < y.portA;
    });
    return links;
}

uint32_t
SanTopology::ComputeDiameter() const
{
    NS_LOG_FUNCTION(this);
    const SanTopologyGraph g = BuildSanTopologyGraph(*this);
    const uint32_t nSwitches = g[boost::graph_bundle].nSwitches;
    const uint32_t nVertices = boost::num_vertices(g);
    constexpr uint32_t UNREACHED = std::numeric_limits<uint32_t>::max();

    // The switches that have hosts: the neighbours of host vertices.
    std::vector<bool> hasHost(nSwitches, false);
    for (uint32_t v = nSwitches; v < nVertices; ++v)
    {
        for (auto [it, end] = boost::adjacent_vertices(v, g); it != end; ++it)
        {
            hasHost[*it] = true;
        }
    }

    // Hosts are leaves of the graph (degree 1), so they never shorten a path between
    // two switches: a search over the whole graph gives switch-to-switch hop counts.
    std::vector<uint32_t> dist(nVertices);
    uint32_t diameter = 0;
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        if (!hasHost[s])
        {
            continue;
        }
        std::fill(dist.begin(), dist.end(), UNREACHED);
        dist[s] = 0;
        boost::breadth_first_search(
            g,
            s,
            boost::visitor(boost::make_bfs_visitor(
                boost::record_distances(dist.data(), boost::on_tree_edge()))));
        for (uint32_t t = s + 1; t < nSwitches; ++t)
        {
            if (!hasHost[t])
            {
                continue;
            }
            if (dist[t] == UNREACHED)
            {
                NS_LOG_WARN("switch " << t << " cannot be reached from switch " << s);
                return UNREACHED;
            }
            diameter = std::max(diameter, dist[t]);
        }
    }
    return diameter;
}

uint64_t
SanTopology::CountConnectedPorts() const
{
    NS_LOG_FUNCTION(this);
    uint64_t count = 0;
    const uint32_t nSwitches = GetNSwitches();
    for (uint32_t sw = 0; sw < nSwitches; ++sw)
    {
        const uint32_t nPorts = GetNPorts(sw);
        for (uint32_t port = 0; port < nPorts; ++port)
        {
            if (GetPeer(sw, port).kind != SanPortPeer::NONE)
            {
                ++count;
            }
        }
    }
    return count;
}

} // namespace ns3
