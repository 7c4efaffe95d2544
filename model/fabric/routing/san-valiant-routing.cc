/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-valiant-routing.h"

#include "ns3/san-fabric-packet.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanValiantRouting);

TypeId
SanValiantRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanValiantRouting")
                            .SetParent<SanRouting>()
                            .SetGroupName("San")
                            .AddConstructor<SanValiantRouting>();
    return tid;
}

SanValiantRouting::SanValiantRouting()
{
    SetDrawStream(0);
}

int64_t
SanValiantRouting::AssignStreams(int64_t stream)
{
    SetDrawStream(stream);
    return 1;
}

bool
SanValiantRouting::IsTree() const
{
    return m_topo->IsMinimalRoutingDeadlockFree();
}

uint32_t
SanValiantRouting::GetNVcs() const
{
    return IsTree() ? 1 : 2 * m_nDateline;
}

bool
SanValiantRouting::IsDeterministic() const
{
    return false;
}

uint32_t
SanValiantRouting::PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch)
{
    if (IsTree())
    {
        return 1;
    }
    uint32_t n = m_topo->GetNSwitches();
    p.intermediate = DrawFor(p, 0, n);
    p.phase = (p.intermediate == srcSwitch || p.intermediate == p.dstSwitch) ? 1 : 0;
    return 1u << (p.phase * m_nDateline);
}

void
SanValiantRouting::Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice)
{
    choice.nCandidates = 0;
    if (IsTree())
    {
        uint32_t ports[SanTopology::MAX_CANDIDATES];
        uint32_t n = m_topo->GetMinimalPorts(sw, p.dstSwitch, ports);
        choice.escapePort = ports[n == 1 ? 0 : DrawFor(p, 1, n)];
        choice.escapeMask = 1;
        return;
    }
    if (p.phase == 0 && sw == p.intermediate)
    {
        p.phase = 1;
        p.dim = 0xff; // the second leg starts its dateline bookkeeping afresh
        p.dateline = 0;
    }
    uint32_t target = p.phase == 0 ? p.intermediate : p.dstSwitch;
    RouteDeterministic(sw, target, p.phase, p, choice);
}

} // namespace ns3
