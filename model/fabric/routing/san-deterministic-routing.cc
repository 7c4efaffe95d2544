/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-deterministic-routing.h"

#include "ns3/abort.h"
#include "ns3/san-fabric-packet.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanDeterministicRouting);

TypeId
SanDeterministicRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanDeterministicRouting")
                            .SetParent<SanRouting>()
                            .SetGroupName("San")
                            .AddConstructor<SanDeterministicRouting>();
    return tid;
}

uint32_t
SanDeterministicRouting::GetNVcs() const
{
    return m_nDateline;
}

bool
SanDeterministicRouting::IsDeterministic() const
{
    return true;
}

void
SanDeterministicRouting::Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice)
{
    choice.nCandidates = 0;
    RouteDeterministic(sw, p.dstSwitch, 0, p, choice);
}

} // namespace ns3
