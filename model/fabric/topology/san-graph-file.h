/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_GRAPH_FILE_H
#define SAN_GRAPH_FILE_H

#include "san-topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The reader of SanGraphTopology's graph files (format: \ref san-graph-format): reads a
 * file or a string into switches, their ports in order and the hosts' places, or says on which
 * line and why it cannot. Every error names the file and line; errors about the whole graph
 * (no `switches` line, a disconnected graph, routing tables too large for the machine, checked
 * with SanGraphRoutingTables::CheckTableSize) point at the `switches` line, or at line 0 if
 * there is none.
 */
class SanGraphFile
{
  public:
    /// Most switches a graph may have (the tables' size, MaxTableBytes, is the real bound).
    static constexpr uint32_t MAX_SWITCHES = 16777215;
    /// Most ports a switch may have (the next-port table holds 16-bit entries).
    static constexpr uint32_t MAX_PORTS = 65535;
    /// Largest graph file read (256 MiB: some ten million 'link' lines), checked before
    /// reading, so that a wrong file name costs no memory.
    static constexpr uint64_t MAX_FILE_BYTES = uint64_t(256) << 20;

    /// Where a host is attached.
    struct HostPlace
    {
        uint32_t sw;   //!< switch
        uint32_t port; //!< port on that switch
    };

    /// The result of parsing a graph description.
    struct Parsed
    {
        uint32_t nSwitches{0};                       //!< number of switches
        std::vector<std::vector<SanPortPeer>> ports; //!< ports of each switch, in order
        std::vector<HostPlace> hosts;                //!< where each host is attached
    };

    /**
     * Read a file whole: it must be a regular file (not a directory) of at most
     * MAX_FILE_BYTES.
     * \param fileName a file \param text set to its contents
     * \return "" or a message (missing, a directory, too large, unreadable)
     */
    static std::string Read(const std::string& fileName, std::string& text);
    /**
     * Parse a graph description. A UTF-8 byte-order mark, CR-LF and CR-only line ends are
     * accepted; a NUL byte is an error. Messages quote at most a few dozen characters of the
     * input.
     * \param text the description
     * \param sourceName the name used in error messages
     * \param out filled in on success
     * \param maxTableBytes the bound on the routing tables (0: the machine's default,
     * SanGraphRoutingTables::GetDefaultTableLimit)
     * \return "" on success, else the error message
     */
    static std::string Parse(const std::string& text,
                             const std::string& sourceName,
                             Parsed& out,
                             uint64_t maxTableBytes);
};

} // namespace ns3

#endif /* SAN_GRAPH_FILE_H */
