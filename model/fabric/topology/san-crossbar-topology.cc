/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-crossbar-topology.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanCrossbarTopology");

NS_OBJECT_ENSURE_REGISTERED(SanCrossbarTopology);

TypeId
SanCrossbarTopology::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanCrossbarTopology")
            .SetParent<SanTopology>()
            .SetGroupName("San")
            .AddConstructor<SanCrossbarTopology>()
            // Default: the Myrinet switch of the Hamlyn prototype is "a wormhole router
            // configured as a non-blocking 8x8 crossbar" (Hamlyn 1995, section 4.2).
            .AddAttribute("NHosts",
                          "Number of hosts, one per switch port (at least 1). Default 8: the "
                          "8x8 Myrinet crossbar of the Hamlyn prototype (Hamlyn 1995, 4.2).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanCrossbarTopology::SetNHosts),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanCrossbarTopology::SanCrossbarTopology()
{
    NS_LOG_FUNCTION(this);
}

SanCrossbarTopology::~SanCrossbarTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanCrossbarTopology::SetNHosts(uint32_t nHosts)
{
    NS_LOG_FUNCTION(this << nHosts);
    m_nHosts = nHosts;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanCrossbarTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    Configure();
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanCrossbarTopology::CheckAttributes(uint32_t nHosts)
{
    if (nHosts < 1 || nHosts > MAX_SWITCH_PORTS)
    {
        return "SanCrossbarTopology: NHosts must be between 1 and " +
               std::to_string(MAX_SWITCH_PORTS) + ", the ports a switch can have (got " +
               std::to_string(nHosts) + ")";
    }
    return "";
}

void
SanCrossbarTopology::Configure()
{
    NS_LOG_FUNCTION(this);
    const std::string error = CheckAttributes(m_nHosts);
    NS_ABORT_MSG_IF(!error.empty(), error);
    NS_LOG_INFO("crossbar with " << m_nHosts << " hosts");
}

std::string
SanCrossbarTopology::GetName() const
{
    return "crossbar";
}

uint32_t
SanCrossbarTopology::GetNSwitches() const
{
    return 1;
}

uint32_t
SanCrossbarTopology::GetNHosts() const
{
    return m_nHosts;
}

uint32_t
SanCrossbarTopology::GetNPorts(uint32_t /* sw */) const
{
    return m_nHosts;
}

uint32_t
SanCrossbarTopology::GetHostSwitch(uint32_t /* host */) const
{
    return 0;
}

uint32_t
SanCrossbarTopology::GetHostPort(uint32_t host) const
{
    return host;
}

SanPortPeer
SanCrossbarTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw != 0, "SanCrossbarTopology: no switch " << sw << " (there is only 0)");
    SanPortPeer peer;
    if (port < m_nHosts)
    {
        peer.kind = SanPortPeer::HOST;
        peer.index = port;
    }
    return peer;
}

uint32_t
SanCrossbarTopology::GetDeterministicPort(uint32_t /* sw */, uint32_t /* dst */) const
{
    return NO_PORT;
}

uint32_t
SanCrossbarTopology::GetMinimalPorts(uint32_t /* sw */,
                                     uint32_t /* dst */,
                                     uint32_t* /* ports */) const
{
    return 0;
}

bool
SanCrossbarTopology::IsMinimalRoutingDeadlockFree() const
{
    return true;
}

} // namespace ns3
