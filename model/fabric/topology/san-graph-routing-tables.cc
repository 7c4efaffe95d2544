/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-graph-routing-tables.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <iomanip>
#include <limits>
#include <sstream>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanGraphRoutingTables");

uint64_t
SanGraphRoutingTables::GetTableBytes(uint32_t nSwitches, uint32_t maxPorts)
{
    const uint64_t cells = static_cast<uint64_t>(nSwitches) * nSwitches;
    const uint64_t nextBytes = maxPorts < NO_NEXT8 ? 1 : 2;
    return (cells + 3) / 4 + cells * nextBytes + 4ull * nSwitches;
}

uint64_t
SanGraphRoutingTables::GetDefaultTableLimit()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
    {
        return 8ull << 30; // the machine does not say: 8 GiB
    }
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize) / 4 * 3;
}

std::string
SanGraphRoutingTables::CheckTableSize(const std::string& sourceName,
                                      uint32_t line,
                                      uint32_t nSwitches,
                                      uint32_t maxPorts,
                                      uint64_t maxTableBytes)
{
    const uint64_t bytes = GetTableBytes(nSwitches, std::max(maxPorts, 1u));
    const uint64_t limit = maxTableBytes != 0 ? maxTableBytes : GetDefaultTableLimit();
    if (bytes <= limit)
    {
        return "";
    }
    std::ostringstream msg;
    msg << sourceName << ":" << line << ": the routing tables of " << nSwitches << " switches";
    if (maxPorts != 0)
    {
        msg << " (up to " << maxPorts << " ports each) would take ";
    }
    else
    {
        msg << " would take at least ";
    }
    msg << bytes << " bytes (" << std::fixed << std::setprecision(2) << bytes / 1073741824.0
        << " GiB), more than the " << limit << " bytes allowed (MaxTableBytes; by default three "
        << "quarters of this machine's memory)";
    return msg.str();
}

void
SanGraphRoutingTables::Build(const std::vector<uint32_t>& portOffset,
                             const std::vector<SanPortPeer>& peers)
{
    NS_LOG_FUNCTION(this);
    const auto nSwitches = static_cast<uint32_t>(portOffset.size() - 1);
    m_nSwitches = nSwitches;

    // Each switch's switch-to-switch links, in port order.
    m_linkOffset.assign(nSwitches + 1, 0);
    m_links.clear();
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        m_linkOffset[s] = static_cast<uint32_t>(m_links.size());
        for (uint32_t p = 0; p < portOffset[s + 1] - portOffset[s]; ++p)
        {
            const SanPortPeer& peer = peers[portOffset[s] + p];
            if (peer.kind == SanPortPeer::SWITCH)
            {
                m_links.push_back(SwitchLink{p, peer.index, peer.port});
            }
        }
    }
    m_linkOffset[nSwitches] = static_cast<uint32_t>(m_links.size());

    // All-pairs distances: a Boost.Graph breadth-first search from every switch over the
    // switch-only graph. The graph is undirected, so the search from d gives row d.
    using SwitchGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    SwitchGraph g(nSwitches);
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        for (uint32_t i = m_linkOffset[s]; i < m_linkOffset[s + 1]; ++i)
        {
            if (m_links[i].peer > s)
            {
                boost::add_edge(s, m_links[i].peer, g);
            }
        }
    }
    const size_t cells = static_cast<size_t>(nSwitches) * nSwitches;
    m_residue.assign((cells + 3) / 4, 0);
    std::vector<uint32_t> dist(nSwitches);
    for (uint32_t d = 0; d < nSwitches; ++d)
    {
        std::fill(dist.begin(), dist.end(), std::numeric_limits<uint32_t>::max());
        dist[d] = 0;
        boost::breadth_first_search(
            g,
            d,
            boost::visitor(boost::make_bfs_visitor(
                boost::record_distances(dist.data(), boost::on_tree_edge()))));
        // Parse() checked that the graph is connected, so every distance is below S.
        const size_t base = static_cast<size_t>(d) * nSwitches;
        for (uint32_t s = 0; s < nSwitches; ++s)
        {
            const size_t cell = base + s;
            m_residue[cell >> 2] |= static_cast<uint8_t>((dist[s] % 3) << ((cell & 3) * 2));
        }
        if (d == 0)
        {
            m_level = dist; // the up*\/down* levels
        }
    }

    BuildUpDownTable(portOffset);
}

void
SanGraphRoutingTables::BuildUpDownTable(const std::vector<uint32_t>& portOffset)
{
    NS_LOG_FUNCTION(this);
    const uint32_t nSwitches = m_nSwitches;
    uint32_t maxPorts = 0;
    for (uint32_t sw = 0; sw < nSwitches; ++sw)
    {
        maxPorts = std::max(maxPorts, portOffset[sw + 1] - portOffset[sw]);
    }
    const size_t cells = static_cast<size_t>(nSwitches) * nSwitches;
    m_next8.clear();
    m_next16.clear();
    if (maxPorts < NO_NEXT8)
    {
        m_next8.assign(cells, NO_NEXT8);
    }
    else
    {
        m_next16.assign(cells, NO_NEXT16);
    }
    constexpr uint32_t UNREACHED = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> hops(nSwitches);
    std::vector<uint8_t> allDown(nSwitches);
    std::vector<uint32_t> queue;
    queue.reserve(nSwitches);

    // For each destination d, a breadth-first search outward from d. When switch y (whose
    // route is known) is taken from the queue, each neighbour x may route through y if the
    // route stays legal: an up hop x -> y may be followed by anything; a down hop x -> y
    // only by a route that is all down. A switch keeps the first (shortest) legal route
    // found, upgraded to an all-down one of the same length if one turns up before the
    // switch is itself taken from the queue: an all-down route lets more switches above use
    // it. Routes built this way never go down then up, and each switch's table entry is
    // consistent with the entries of the switches after it.
    for (uint32_t d = 0; d < nSwitches; ++d)
    {
        const size_t base = static_cast<size_t>(d) * nSwitches;
        auto setNext = [this, base](uint32_t x, uint32_t port) {
            if (m_next8.empty())
            {
                m_next16[base + x] = static_cast<uint16_t>(port);
            }
            else
            {
                m_next8[base + x] = static_cast<uint8_t>(port);
            }
        };
        std::fill(hops.begin(), hops.end(), UNREACHED);
        std::fill(allDown.begin(), allDown.end(), 0);
        queue.clear();
        hops[d] = 0;
        allDown[d] = 1;
        queue.push_back(d);
        for (size_t head = 0; head < queue.size(); ++head)
        {
            const uint32_t y = queue[head];
            for (uint32_t i = m_linkOffset[y]; i < m_linkOffset[y + 1]; ++i)
            {
                const uint32_t x = m_links[i].peer;
                const bool up = IsUpHop(x, y);
                if (!up && !allDown[y])
                {
                    continue; // x -> y would be a down hop followed by an up hop
                }
                const uint32_t port = m_links[i].peerPort;
                if (hops[x] == UNREACHED)
                {
                    hops[x] = hops[y] + 1;
                    allDown[x] = up ? 0 : 1;
                    setNext(x, port);
                    queue.push_back(x);
                }
                else if (!up && !allDown[x] && hops[x] == hops[y] + 1)
                {
                    allDown[x] = 1;
                    setNext(x, port);
                }
            }
        }
        // Every switch is reached: switch 0 lies above every switch by a tree path of down
        // hops, and every other switch has an up hop toward switch 0.
        for (uint32_t s = 0; s < nSwitches; ++s)
        {
            NS_ABORT_MSG_IF(hops[s] == UNREACHED,
                            "SanGraphTopology: internal error: no up*/down* route from switch "
                                << s << " to switch " << d);
        }
    }
}

uint32_t
SanGraphRoutingTables::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    // A neighbour's distance is ours - 1, ours or ours + 1: its residue tells which. (At the
    // destination itself no neighbour is closer.)
    if (sw == dst)
    {
        return 0;
    }
    const uint32_t closer = (Residue(sw, dst) + 2) % 3;
    uint32_t n = 0;
    const uint32_t end = m_linkOffset[sw + 1];
    for (uint32_t i = m_linkOffset[sw]; i < end && n < SanTopology::MAX_CANDIDATES; ++i)
    {
        if (Residue(m_links[i].peer, dst) == closer)
        {
            ports[n++] = m_links[i].port;
        }
    }
    return n;
}

uint32_t
SanGraphRoutingTables::GetDistance(uint32_t sw, uint32_t dst) const
{
    NS_ABORT_MSG_IF(sw >= m_nSwitches || dst >= m_nSwitches,
                    "SanGraphTopology: no switch " << std::max(sw, dst) << " (" << m_nSwitches
                                                   << " switches)");
    // Walk a shortest path: each step to a neighbour one hop closer.
    uint32_t hops = 0;
    for (uint32_t cur = sw; cur != dst; ++hops)
    {
        const uint32_t closer = (Residue(cur, dst) + 2) % 3;
        uint32_t next = cur;
        for (uint32_t i = m_linkOffset[cur]; i < m_linkOffset[cur + 1]; ++i)
        {
            if (Residue(m_links[i].peer, dst) == closer)
            {
                next = m_links[i].peer;
                break;
            }
        }
        NS_ABORT_MSG_IF(next == cur, "SanGraphTopology: internal error: no closer neighbour");
        cur = next;
    }
    return hops;
}

bool
SanGraphRoutingTables::IsUpPort(uint32_t sw, const SanPortPeer& peer) const
{
    return peer.kind == SanPortPeer::SWITCH && IsUpHop(sw, peer.index);
}

} // namespace ns3
