/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-source-routing.h"

#include "ns3/abort.h"
#include "ns3/san-fabric-packet.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanSourceRouting);

TypeId
SanSourceRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanSourceRouting")
                            .SetParent<SanRouting>()
                            .SetGroupName("San")
                            .AddConstructor<SanSourceRouting>();
    return tid;
}

uint32_t
SanSourceRouting::GetNVcs() const
{
    return m_nDateline;
}

bool
SanSourceRouting::IsDeterministic() const
{
    return true;
}

uint32_t
SanSourceRouting::PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch)
{
    uint32_t sw = srcSwitch;
    SanFabricPacketExtra& e = p.Extra(); // the route travels in the packet's extra record
    e.routeLen = 0;
    e.routeIdx = 0;
    while (sw != p.dstSwitch)
    {
        NS_ABORT_MSG_IF(e.routeLen >= SanFabricPacket::MAX_ROUTE,
                        "SanSourceRouting: the route from switch "
                            << srcSwitch << " to switch " << p.dstSwitch << " is longer than "
                            << SanFabricPacket::MAX_ROUTE << " hops");
        uint32_t port = m_topo->GetDeterministicPortFor(sw, p.dstSwitch, p.dst);
        e.route[e.routeLen++] = static_cast<uint8_t>(port);
        NS_ABORT_MSG_IF(port > 0xff,
                        "SanSourceRouting: port numbers above 255 do not fit a route byte");
        SanPortPeer peer = m_topo->GetPeer(sw, port);
        NS_ABORT_MSG_IF(peer.kind != SanPortPeer::SWITCH,
                        "SanSourceRouting: deterministic route leaves switch "
                            << sw << " by port " << port << " that leads to no switch");
        sw = peer.index;
    }
    return 1;
}

void
SanSourceRouting::Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice)
{
    SanFabricPacketExtra& e = p.Extra();
    NS_ABORT_MSG_IF(e.routeIdx >= e.routeLen,
                    "SanSourceRouting: packet " << p.uid << " ran out of route at switch " << sw);
    uint32_t port = e.route[e.routeIdx++];
    choice.nCandidates = 0;
    choice.escapePort = port;
    choice.escapeMask = 1u << GetDatelineClass(sw, port, p);
}

} // namespace ns3
