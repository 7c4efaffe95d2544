/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-ring-topology.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanRingTopology");

NS_OBJECT_ENSURE_REGISTERED(SanRingTopology);

TypeId
SanRingTopology::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanRingTopology")
                            .SetParent<SanTopology>()
                            .SetGroupName("San")
                            .AddConstructor<SanRingTopology>()
                            .AddAttribute("NSwitches",
                                          "Number of switches in the ring (at least 3).",
                                          UintegerValue(8),
                                          MakeUintegerAccessor(&SanRingTopology::SetNSwitches),
                                          MakeUintegerChecker<uint32_t>())
                            .AddAttribute("HostsPerSwitch",
                                          "Number of hosts attached to each switch (at least 1).",
                                          UintegerValue(1),
                                          MakeUintegerAccessor(&SanRingTopology::SetHostsPerSwitch),
                                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanRingTopology::SanRingTopology()
{
    NS_LOG_FUNCTION(this);
}

SanRingTopology::~SanRingTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanRingTopology::SetNSwitches(uint32_t n)
{
    NS_LOG_FUNCTION(this << n);
    m_n = n;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanRingTopology::SetHostsPerSwitch(uint32_t c)
{
    NS_LOG_FUNCTION(this << c);
    m_c = c;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanRingTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    Configure();
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanRingTopology::CheckAttributes(uint32_t nSwitches, uint32_t hostsPerSwitch)
{
    if (nSwitches < 3)
    {
        return "SanRingTopology: NSwitches must be at least 3 (got " + std::to_string(nSwitches) +
               "); with 2 switches both ring links would join the same pair";
    }
    if (hostsPerSwitch < 1)
    {
        return "SanRingTopology: HostsPerSwitch must be at least 1 (got " +
               std::to_string(hostsPerSwitch) + ")";
    }
    if (static_cast<uint64_t>(nSwitches) * hostsPerSwitch >= std::numeric_limits<uint32_t>::max() ||
        hostsPerSwitch > MAX_SWITCH_PORTS - FIRST_HOST_PORT)
    {
        return "SanRingTopology: " + std::to_string(nSwitches) + " switches x " +
               std::to_string(hostsPerSwitch) + " hosts per switch is too many hosts";
    }
    return "";
}

void
SanRingTopology::Configure()
{
    NS_LOG_FUNCTION(this);
    const std::string error = CheckAttributes(m_n, m_c);
    NS_ABORT_MSG_IF(!error.empty(), error);
    NS_LOG_INFO("ring of " << m_n << " switches with " << m_c << " hosts each");
}

std::string
SanRingTopology::GetName() const
{
    return "ring";
}

uint32_t
SanRingTopology::GetNSwitches() const
{
    return m_n;
}

uint32_t
SanRingTopology::GetNHosts() const
{
    return m_n * m_c;
}

uint32_t
SanRingTopology::GetNPorts(uint32_t /* sw */) const
{
    return FIRST_HOST_PORT + m_c;
}

uint32_t
SanRingTopology::GetHostsPerSwitch() const
{
    return m_c;
}

uint32_t
SanRingTopology::GetHostSwitch(uint32_t host) const
{
    return host / m_c;
}

uint32_t
SanRingTopology::GetHostPort(uint32_t host) const
{
    return FIRST_HOST_PORT + host % m_c;
}

SanPortPeer
SanRingTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw >= m_n, "SanRingTopology: no switch " << sw << " (ring of " << m_n << ")");
    SanPortPeer peer;
    if (port == PORT_PLUS)
    {
        peer.kind = SanPortPeer::SWITCH;
        peer.index = sw + 1 == m_n ? 0 : sw + 1;
        peer.port = PORT_MINUS;
    }
    else if (port == PORT_MINUS)
    {
        peer.kind = SanPortPeer::SWITCH;
        peer.index = sw == 0 ? m_n - 1 : sw - 1;
        peer.port = PORT_PLUS;
    }
    else if (port - FIRST_HOST_PORT < m_c)
    {
        peer.kind = SanPortPeer::HOST;
        peer.index = sw * m_c + (port - FIRST_HOST_PORT);
    }
    return peer;
}

uint32_t
SanRingTopology::GetDeterministicPort(uint32_t sw, uint32_t dst) const
{
    // Hops in the + direction; the - direction takes m_n - plus.
    const uint32_t plus = dst >= sw ? dst - sw : dst + m_n - sw;
    return plus <= m_n - plus ? PORT_PLUS : PORT_MINUS;
}

uint32_t
SanRingTopology::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    const uint32_t plus = dst >= sw ? dst - sw : dst + m_n - sw;
    if (plus == 0)
    {
        return 0;
    }
    const uint32_t minus = m_n - plus;
    if (plus < minus)
    {
        ports[0] = PORT_PLUS;
        return 1;
    }
    if (plus > minus)
    {
        ports[0] = PORT_MINUS;
        return 1;
    }
    ports[0] = PORT_PLUS;
    ports[1] = PORT_MINUS;
    return 2;
}

uint32_t
SanRingTopology::GetPortDimension(uint32_t /* sw */, uint32_t port) const
{
    return port < FIRST_HOST_PORT ? 0 : NO_PORT;
}

bool
SanRingTopology::IsWrapPort(uint32_t sw, uint32_t port) const
{
    return (port == PORT_PLUS && sw + 1 == m_n) || (port == PORT_MINUS && sw == 0);
}

uint32_t
SanRingTopology::GetNDatelineClasses() const
{
    return 2;
}

} // namespace ns3
