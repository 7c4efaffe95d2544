/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_GRAPH_TOPOLOGY_H
#define SAN_GRAPH_TOPOLOGY_H

#include "san-graph-file.h"
#include "san-graph-routing-tables.h"
#include "san-topology.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An arbitrary switch graph read from a text file, routed by tables
 * over switches (up*\/down* for deterministic routes, shortest paths for
 * minimal ones).
 *
 * \section san-graph-format Graph file format
 *
 * A plain text file, one statement per line:
 *
 * \verbatim
   # an example: four switches in a square, two hosts on switch 0, one on 2
   switches 4
   link 0 1
   link 1 2
   link 2 3
   link 3 0
   hosts 0 2     # hosts 0 and 1, on ports 2 and 3 of switch 0
   hosts 2 1     # host 2, on port 2 of switch 2
   \endverbatim
 *
 * - `#` starts a comment that runs to the end of the line; blank lines are
 *   ignored; fields are separated by spaces or tabs; keywords are lower case.
 * - `switches N` declares switches 0..N-1 (1 <= N <= MAX_SWITCHES). It must
 *   appear exactly once, before any `link` or `hosts` line.
 * - `link A B` joins switch A and switch B with one full-duplex link. Each
 *   switch numbers its ports 0, 1, 2, ... in the order in which the `link`
 *   and `hosts` lines that mention it appear. A link from a switch to itself
 *   and a second link between the same two switches are errors (parallel
 *   links are rejected so that a link is named by its two switches).
 * - `hosts S C` attaches C >= 1 new hosts to switch S, on its next C ports.
 *   Hosts are numbered 0, 1, 2, ... in the order of appearance over the whole
 *   file. A switch may have several `hosts` lines, or none.
 * - Numbers are unsigned decimal integers (no sign).
 * - With more than one switch the switch graph must be connected (every
 *   switch has a link, and every switch can be reached from switch 0).
 * - A switch has at most MAX_PORTS ports.
 *
 * Every error names the file and line: `fabric.txt:7: duplicate link between
 * switches 0 and 1 (first given on line 3)`; errors about the whole graph
 * (no `switches` line, disconnected graph) point at the `switches` line or
 * at line 0 if there is none. LoadFromFile and LoadFromString abort with
 * NS_FATAL_ERROR on an error; Validate returns the message instead.
 *
 * \section san-graph-routing Routing
 *
 * The topology keeps two compact S x S tables (S = switches), indexed by
 * (destination switch, current switch), and nothing per destination host:
 * - shortest switch-to-switch distances modulo 3 (2 bits an entry), from a
 *   Boost.Graph breadth-first search from every switch. Neighbours' distances
 *   to a destination differ by at most one, so the residue tells a closer
 *   neighbour from an equal or farther one. GetMinimalPorts returns every
 *   port whose neighbour is one hop closer to the destination (shortest paths
 *   of the full graph, not necessarily up*\/down* legal), at most
 *   MAX_CANDIDATES of them, in port order;
 * - the up*\/down* next port (Autonet). A breadth-first spanning tree from
 *   switch 0 gives each switch a level; the "up" end of a link is the end
 *   closer to switch 0, or the lower-numbered switch if both are equally
 *   close. A legal route takes zero or more up hops and then zero or more
 *   down hops, never down then up.
 *
 * Because a route is chosen from (current switch, destination) only, with no
 * memory of how a packet arrived, the table must be consistent: a switch
 * entered by a down hop must itself route down. The table is therefore
 * built, per destination, by a breadth-first search outward from the
 * destination that gives each switch the first legal route it finds (a hop up
 * to a routed switch, or a hop down to a switch whose own route is all down),
 * preferring an all-down route among equally short ones. Every route is legal
 * and reaches its destination, and is as short as the shortest legal path in
 * most graphs; where the two goals conflict (a switch whose shortest route
 * goes up, entered by a down hop on another switch's only shortest route),
 * one of the two routes is longer than the shortest legal path. Up*\/down*
 * routes are deadlock free; arbitrary minimal routes on a graph are not, so
 * IsMinimalRoutingDeadlockFree() is false.
 *
 * Memory: S^2 / 4 bytes of distance residues and S^2 bytes of next ports (2 S^2 if a
 * switch has 255 ports or more), plus the ports of every switch: 5.4 GB for 65,535
 * switches, where full 16-bit tables took 17 GB. A graph whose tables would take more than
 * MaxTableBytes (by default three quarters of the machine's memory) is refused when it is
 * read, with the estimate in the message.
 *
 * The topology keeps the graph (ports and hosts); the file reader is SanGraphFile and the
 * tables are SanGraphRoutingTables.
 */
class SanGraphTopology : public SanTopology
{
  public:
    /// Most switches a graph may have (the tables' size, MaxTableBytes, is the real bound).
    static constexpr uint32_t MAX_SWITCHES = SanGraphFile::MAX_SWITCHES;
    /// Most ports a switch may have (the next-port table holds 16-bit entries).
    static constexpr uint32_t MAX_PORTS = SanGraphFile::MAX_PORTS;
    /// Largest graph file read (256 MiB: some ten million 'link' lines), checked before
    /// reading, so that a wrong file name costs no memory.
    static constexpr uint64_t MAX_FILE_BYTES = SanGraphFile::MAX_FILE_BYTES;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanGraphTopology();
    ~SanGraphTopology() override;

    /**
     * Replace the topology by the graph in a file (see the format above).
     * Aborts with a message naming the file and line on any error.
     * \param fileName the file to read
     */
    void LoadFromFile(const std::string& fileName);
    /**
     * Replace the topology by the graph in a string (see the format above).
     * Aborts with a message naming sourceName and the line on any error.
     * \param text the graph description
     * \param sourceName the name used in error messages
     */
    void LoadFromString(const std::string& text, const std::string& sourceName = "<string>");
    /**
     * Check a graph description without aborting.
     * \param text the graph description
     * \param sourceName the name used in error messages
     * \param maxTableBytes the bound on the routing tables (0: GetDefaultTableLimit())
     * \return "" if the text is valid, else the message LoadFromString would abort with
     * (for instance "<string>:3: unknown keyword 'lnk' ...")
     */
    static std::string Validate(const std::string& text,
                                const std::string& sourceName = "<string>",
                                uint64_t maxTableBytes = 0);

    /**
     * \param nSwitches switches
     * \param maxPorts the most ports any switch has
     * \return bytes of the routing tables of such a graph
     */
    static uint64_t GetTableBytes(uint32_t nSwitches, uint32_t maxPorts);
    /// \return the default bound on the tables: three quarters of the machine's memory
    static uint64_t GetDefaultTableLimit();
    /**
     * Check a graph file without aborting: it must be a regular file (not a directory) holding
     * a valid graph. A UTF-8 byte-order mark, CR-LF and CR-only line ends are accepted; a NUL
     * byte is an error. Messages quote at most a few dozen characters of the input.
     * \param fileName the file
     * \return "" if valid, else the message LoadFromFile would abort with
     */
    static std::string ValidateFile(const std::string& fileName);

    std::string GetName() const override;
    uint32_t GetNSwitches() const override;
    uint32_t GetNHosts() const override;
    uint32_t GetNPorts(uint32_t sw) const override;
    uint32_t GetHostSwitch(uint32_t host) const override;
    uint32_t GetHostPort(uint32_t host) const override;
    SanPortPeer GetPeer(uint32_t sw, uint32_t port) const override;
    /**
     * \copydoc SanTopology::GetDeterministicPort
     * Follows the up*\/down* table (see the class description).
     */
    uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const override;
    /**
     * \copydoc SanTopology::GetMinimalPorts
     * Shortest paths of the full graph; at most MAX_CANDIDATES ports.
     */
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const override;

    /**
     * \param sw a switch
     * \param dst another switch
     * \return the number of switch-to-switch hops on a shortest path (walked through the
     * residue table: for tests and set-up, not for a packet's path)
     */
    uint32_t GetDistance(uint32_t sw, uint32_t dst) const;
    /**
     * \param sw a switch
     * \param port one of its ports
     * \return true if the port leads to another switch and that switch is
     * the up end of the link (leaving through the port is an up hop)
     */
    bool IsUpPort(uint32_t sw, uint32_t port) const;

  protected:
    void NotifyConstructionCompleted() override;

  private:
    /**
     * Take a parsed graph and compute the routing tables.
     * \param parsed the graph (its ports are taken)
     */
    void Build(SanGraphFile::Parsed& parsed);
    /**
     * Set the file to read (attribute FileName).
     * \param fileName the file, or "" for none
     */
    void SetFileName(std::string fileName);

    std::string m_fileName;             //!< attribute FileName
    bool m_constructed{false};          //!< true once the attributes have all been set
    uint32_t m_nSwitches{0};            //!< number of switches S
    std::vector<uint32_t> m_portOffset; //!< ports of switch s: m_peers[m_portOffset[s]..[s+1])
    std::vector<SanPortPeer> m_peers;   //!< the far end of every port of every switch
    std::vector<SanGraphFile::HostPlace> m_hosts; //!< where each host is attached
    uint64_t m_maxTableBytes{0};                  //!< attribute MaxTableBytes (0: the default)
    SanGraphRoutingTables m_tables;               //!< distances and up*\/down* next ports
};

} // namespace ns3

#endif /* SAN_GRAPH_TOPOLOGY_H */
