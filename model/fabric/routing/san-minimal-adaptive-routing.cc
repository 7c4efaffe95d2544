/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-minimal-adaptive-routing.h"

#include "ns3/san-fabric-packet.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanMinimalAdaptiveRouting);

TypeId
SanMinimalAdaptiveRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanMinimalAdaptiveRouting")
                            .SetParent<SanRouting>()
                            .SetGroupName("San")
                            .AddConstructor<SanMinimalAdaptiveRouting>();
    return tid;
}

std::string
SanMinimalAdaptiveRouting::CheckTopology(const SanTopology& topology) const
{
    // Every topology answers GetMinimalPorts and GetDeterministicPort.
    return "";
}

bool
SanMinimalAdaptiveRouting::NeedsNoEscape() const
{
    return m_topo->IsMinimalRoutingDeadlockFree();
}

uint32_t
SanMinimalAdaptiveRouting::GetNVcs() const
{
    return NeedsNoEscape() ? 1 : m_nDateline + 1;
}

bool
SanMinimalAdaptiveRouting::IsDeterministic() const
{
    return false;
}

uint32_t
SanMinimalAdaptiveRouting::PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch)
{
    m_stickyEscape = (m_topo->GetName() == "graph");
    if (NeedsNoEscape())
    {
        return 1;
    }
    return 1u | (1u << m_nDateline); // escape class 0 or the adaptive channel
}

void
SanMinimalAdaptiveRouting::Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice)
{
    if (NeedsNoEscape())
    {
        choice.nCandidates = m_topo->GetMinimalPorts(sw, p.dstSwitch, choice.candidates);
        choice.adaptiveMask = 1;
        choice.escapePort = SanTopology::NO_PORT; // wait at the least occupied candidate
        choice.escapeMask = 1;
        return;
    }
    RouteDeterministic(sw, p.dstSwitch, 0, p, choice);
    if (m_stickyEscape && p.escaped)
    {
        choice.nCandidates = 0;
        return;
    }
    choice.nCandidates = m_topo->GetMinimalPorts(sw, p.dstSwitch, choice.candidates);
    choice.adaptiveMask = 1u << m_nDateline;
}

void
SanMinimalAdaptiveRouting::OnDepart(uint32_t sw, uint32_t port, uint32_t vc, SanFabricPacket& p)
{
    SanRouting::OnDepart(sw, port, vc, p);
    if (vc < m_nDateline && !NeedsNoEscape())
    {
        p.escaped = 1;
    }
}

} // namespace ns3
