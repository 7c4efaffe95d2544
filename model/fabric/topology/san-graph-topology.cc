/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-graph-topology.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanGraphTopology");

NS_OBJECT_ENSURE_REGISTERED(SanGraphTopology);

TypeId
SanGraphTopology::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanGraphTopology")
            .SetParent<SanTopology>()
            .SetGroupName("San")
            .AddConstructor<SanGraphTopology>()
            .AddAttribute("FileName",
                          "Graph file to read ('switches N', 'link A B', 'hosts S C' lines; see "
                          "the SanGraphTopology documentation). Empty: no graph yet.",
                          StringValue(""),
                          MakeStringAccessor(&SanGraphTopology::SetFileName),
                          MakeStringChecker())
            .AddAttribute("MaxTableBytes",
                          "Most bytes the routing tables may take; a graph that needs more is "
                          "refused when read (0: three quarters of the machine's memory).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanGraphTopology::m_maxTableBytes),
                          MakeUintegerChecker<uint64_t>());
    return tid;
}

SanGraphTopology::SanGraphTopology()
    : m_portOffset(1, 0)
{
    NS_LOG_FUNCTION(this);
}

SanGraphTopology::~SanGraphTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanGraphTopology::SetFileName(std::string fileName)
{
    NS_LOG_FUNCTION(this << fileName);
    m_fileName = fileName;
    if (m_constructed && !m_fileName.empty())
    {
        LoadFromFile(m_fileName);
    }
}

void
SanGraphTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    if (!m_fileName.empty())
    {
        LoadFromFile(m_fileName);
    }
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanGraphTopology::ValidateFile(const std::string& fileName)
{
    std::string text;
    const std::string error = SanGraphFile::Read(fileName, text);
    return error.empty() ? Validate(text, fileName) : error;
}

void
SanGraphTopology::LoadFromFile(const std::string& fileName)
{
    NS_LOG_FUNCTION(this << fileName);
    std::string text;
    const std::string error = SanGraphFile::Read(fileName, text);
    if (!error.empty())
    {
        NS_FATAL_ERROR("SanGraphTopology: " << error);
    }
    LoadFromString(text, fileName);
}

void
SanGraphTopology::LoadFromString(const std::string& text, const std::string& sourceName)
{
    NS_LOG_FUNCTION(this << sourceName);
    SanGraphFile::Parsed parsed;
    const std::string error = SanGraphFile::Parse(text, sourceName, parsed, m_maxTableBytes);
    if (!error.empty())
    {
        NS_FATAL_ERROR("SanGraphTopology: " << error);
    }
    Build(parsed);
}

std::string
SanGraphTopology::Validate(const std::string& text,
                           const std::string& sourceName,
                           uint64_t maxTableBytes)
{
    SanGraphFile::Parsed parsed;
    return SanGraphFile::Parse(text, sourceName, parsed, maxTableBytes);
}

uint64_t
SanGraphTopology::GetTableBytes(uint32_t nSwitches, uint32_t maxPorts)
{
    return SanGraphRoutingTables::GetTableBytes(nSwitches, maxPorts);
}

uint64_t
SanGraphTopology::GetDefaultTableLimit()
{
    return SanGraphRoutingTables::GetDefaultTableLimit();
}

void
SanGraphTopology::Build(SanGraphFile::Parsed& parsed)
{
    NS_LOG_FUNCTION(this);
    const uint32_t nSwitches = parsed.nSwitches;
    m_nSwitches = nSwitches;
    m_hosts = std::move(parsed.hosts);

    // Flatten the ports; the routing tables list each switch's switch-to-switch links.
    m_portOffset.assign(nSwitches + 1, 0);
    m_peers.clear();
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        m_portOffset[s] = static_cast<uint32_t>(m_peers.size());
        m_peers.insert(m_peers.end(), parsed.ports[s].begin(), parsed.ports[s].end());
    }
    m_portOffset[nSwitches] = static_cast<uint32_t>(m_peers.size());
    parsed.ports.clear();

    m_tables.Build(m_portOffset, m_peers);
    NS_LOG_INFO("graph of " << nSwitches << " switches, " << m_tables.GetNLinks() << " links, "
                            << m_hosts.size() << " hosts");
}

std::string
SanGraphTopology::GetName() const
{
    return "graph";
}

uint32_t
SanGraphTopology::GetNSwitches() const
{
    return m_nSwitches;
}

uint32_t
SanGraphTopology::GetNHosts() const
{
    return static_cast<uint32_t>(m_hosts.size());
}

uint32_t
SanGraphTopology::GetNPorts(uint32_t sw) const
{
    NS_ABORT_MSG_IF(sw >= m_nSwitches,
                    "SanGraphTopology: no switch " << sw << " (" << m_nSwitches << " switches)");
    return m_portOffset[sw + 1] - m_portOffset[sw];
}

uint32_t
SanGraphTopology::GetHostSwitch(uint32_t host) const
{
    return m_hosts[host].sw;
}

uint32_t
SanGraphTopology::GetHostPort(uint32_t host) const
{
    return m_hosts[host].port;
}

SanPortPeer
SanGraphTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw >= m_nSwitches,
                    "SanGraphTopology: no switch " << sw << " (" << m_nSwitches << " switches)");
    if (port >= m_portOffset[sw + 1] - m_portOffset[sw])
    {
        return SanPortPeer();
    }
    return m_peers[m_portOffset[sw] + port];
}

uint32_t
SanGraphTopology::GetDeterministicPort(uint32_t sw, uint32_t dst) const
{
    return m_tables.NextPort(sw, dst);
}

uint32_t
SanGraphTopology::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    return m_tables.GetMinimalPorts(sw, dst, ports);
}

uint32_t
SanGraphTopology::GetDistance(uint32_t sw, uint32_t dst) const
{
    return m_tables.GetDistance(sw, dst);
}

bool
SanGraphTopology::IsUpPort(uint32_t sw, uint32_t port) const
{
    return m_tables.IsUpPort(sw, GetPeer(sw, port));
}

} // namespace ns3
