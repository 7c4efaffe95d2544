/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_GRAPH_ROUTING_TABLES_H
#define SAN_GRAPH_ROUTING_TABLES_H

#include "san-topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The routing tables of an arbitrary switch graph (SanGraphTopology; see
 * \ref san-graph-routing): two compact S x S tables indexed by (destination switch, current
 * switch), and nothing per destination host -- shortest-path distances modulo 3 (minimal
 * routes) and the up*\/down* next port (deterministic routes), with the switches' levels and
 * switch-to-switch links they are built from.
 *
 * Memory: S^2 / 4 bytes of distance residues and S^2 bytes of next ports (2 S^2 if a switch
 * has 255 ports or more), plus the links of every switch (GetTableBytes).
 */
class SanGraphRoutingTables
{
  public:
    /**
     * Build the tables of a connected graph.
     * \param portOffset the ports of switch s are peers[portOffset[s]..portOffset[s+1]) (S + 1
     * entries)
     * \param peers the far end of every port of every switch
     */
    void Build(const std::vector<uint32_t>& portOffset, const std::vector<SanPortPeer>& peers);

    /// \return the number of links between switches
    size_t GetNLinks() const
    {
        return m_links.size() / 2;
    }

    /**
     * \param nSwitches switches
     * \param maxPorts the most ports any switch has
     * \return bytes of the routing tables of such a graph
     */
    static uint64_t GetTableBytes(uint32_t nSwitches, uint32_t maxPorts);
    /// \return the default bound on the tables: three quarters of the machine's memory
    static uint64_t GetDefaultTableLimit();
    /**
     * \param sourceName the name used in error messages \param line the 'switches' line
     * \param nSwitches switches \param maxPorts the most ports of a switch
     * \param maxTableBytes the bound (0: GetDefaultTableLimit())
     * \return "" if the tables fit, else the message with the estimate
     */
    static std::string CheckTableSize(const std::string& sourceName,
                                      uint32_t line,
                                      uint32_t nSwitches,
                                      uint32_t maxPorts,
                                      uint64_t maxTableBytes);

    /// \param sw a switch \param dst a switch \return the up*\/down* next port, or NO_PORT
    uint32_t NextPort(uint32_t sw, uint32_t dst) const
    {
        const size_t cell = static_cast<size_t>(dst) * m_nSwitches + sw;
        if (!m_next16.empty())
        {
            return m_next16[cell] == NO_NEXT16 ? SanTopology::NO_PORT : m_next16[cell];
        }
        return m_next8[cell] == NO_NEXT8 ? SanTopology::NO_PORT : m_next8[cell];
    }

    /**
     * \param sw a switch \param dst a switch
     * \param ports filled with the ports whose neighbour is one hop closer to dst (at most
     * SanTopology::MAX_CANDIDATES, in port order)
     * \return their number
     */
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const;
    /**
     * \param sw a switch \param dst another switch
     * \return switch-to-switch hops on a shortest path (walked through the residues)
     */
    uint32_t GetDistance(uint32_t sw, uint32_t dst) const;
    /**
     * \param sw a switch \param peer what one of its ports leads to
     * \return true if the port leads to another switch that is the up end of the link
     */
    bool IsUpPort(uint32_t sw, const SanPortPeer& peer) const;

  private:
    /// A switch-to-switch link seen from one end.
    struct SwitchLink
    {
        uint32_t port;     //!< port on this switch
        uint32_t peer;     //!< switch at the other end
        uint32_t peerPort; //!< port on that switch
    };

    /// Compute the up*\/down* next-port table from the levels.
    /// \param portOffset the ports of each switch (Build's)
    void BuildUpDownTable(const std::vector<uint32_t>& portOffset);

    /**
     * \param from a switch
     * \param to a neighbour of from
     * \return true if the hop from -> to goes up (to is the up end of the link)
     */
    bool IsUpHop(uint32_t from, uint32_t to) const
    {
        const uint32_t lf = m_level[from];
        const uint32_t lt = m_level[to];
        return lt < lf || (lt == lf && to < from);
    }

    /// \param sw a switch \param dst a switch \return the distance from sw to dst, modulo 3
    uint32_t Residue(uint32_t sw, uint32_t dst) const
    {
        const size_t cell = static_cast<size_t>(dst) * m_nSwitches + sw;
        return (m_residue[cell >> 2] >> ((cell & 3) * 2)) & 3;
    }

    uint32_t m_nSwitches{0};               //!< number of switches S
    std::vector<uint32_t> m_linkOffset{0}; //!< links of switch s: m_links[m_linkOffset[s]..[s+1])
    std::vector<SwitchLink> m_links;       //!< switch-to-switch links of every switch, port order
    /// m_level[sw]: hops from switch 0 (the up*\/down* levels)
    std::vector<uint32_t> m_level;
    /// 2 bits per cell dst * S + sw: the distance from sw to dst modulo 3
    std::vector<uint8_t> m_residue;
    /// Cell dst * S + sw: up*\/down* output port of sw toward dst (NO_NEXT8 if sw == dst),
    /// when every switch has fewer than 255 ports; else m_next16
    std::vector<uint8_t> m_next8;
    std::vector<uint16_t> m_next16;               //!< as m_next8, for switches of more ports
    static constexpr uint8_t NO_NEXT8 = 0xff;     //!< m_next8 entry for "no port"
    static constexpr uint16_t NO_NEXT16 = 0xffff; //!< m_next16 entry for "no port"
};

} // namespace ns3

#endif /* SAN_GRAPH_ROUTING_TABLES_H */
