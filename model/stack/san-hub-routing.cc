/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-hub-routing.h"

#include "ns3/ipv4-route.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/output-stream-wrapper.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanHubRouting");

NS_OBJECT_ENSURE_REGISTERED(SanHubRouting);

TypeId
SanHubRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanHubRouting")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("San")
                            .AddConstructor<SanHubRouting>();
    return tid;
}

SanHubRouting::SanHubRouting() = default;

SanHubRouting::~SanHubRouting() = default;

void
SanHubRouting::DoDispose()
{
    m_ipv4 = nullptr;
    m_subnets.clear();
    m_local.clear();
    Ipv4RoutingProtocol::DoDispose();
}

void
SanHubRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_ABORT_MSG_IF(m_ipv4 != nullptr && m_ipv4 != ipv4, "SanHubRouting: already on a node");
    m_ipv4 = ipv4;
    Rebuild();
}

void
SanHubRouting::Add(uint32_t interface, const Ipv4InterfaceAddress& address)
{
    const uint32_t mask = address.GetMask().Get();
    const uint32_t local = address.GetLocal().Get();
    m_local.insert(local);
    auto it = std::find_if(m_subnets.begin(), m_subnets.end(), [mask](const Subnets& s) {
        return s.mask == mask;
    });
    if (it == m_subnets.end())
    {
        // Longest mask first: the most specific subnet wins, as with network routes.
        it = m_subnets.insert(std::find_if(m_subnets.begin(),
                                           m_subnets.end(),
                                           [mask](const Subnets& s) { return s.mask < mask; }),
                              Subnets{mask, {}});
    }
    // The first interface on a subnet keeps it, as the first network route found would.
    it->iface.emplace(local & mask, interface);
}

void
SanHubRouting::Rebuild()
{
    m_subnets.clear();
    m_local.clear();
    if (m_ipv4 == nullptr)
    {
        return;
    }
    for (uint32_t i = 0; i < m_ipv4->GetNInterfaces(); ++i)
    {
        if (!m_ipv4->IsUp(i))
        {
            continue;
        }
        for (uint32_t j = 0; j < m_ipv4->GetNAddresses(i); ++j)
        {
            Add(i, m_ipv4->GetAddress(i, j));
        }
    }
}

void
SanHubRouting::NotifyInterfaceUp(uint32_t interface)
{
    for (uint32_t j = 0; j < m_ipv4->GetNAddresses(interface); ++j)
    {
        Add(interface, m_ipv4->GetAddress(interface, j));
    }
}

void
SanHubRouting::NotifyInterfaceDown(uint32_t /* interface */)
{
    Rebuild();
}

void
SanHubRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    if (m_ipv4->IsUp(interface))
    {
        Add(interface, address);
    }
}

void
SanHubRouting::NotifyRemoveAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
    Rebuild();
}

bool
SanHubRouting::Lookup(Ipv4Address destination, uint32_t& interface) const
{
    const uint32_t d = destination.Get();
    for (const Subnets& s : m_subnets)
    {
        auto it = s.iface.find(d & s.mask);
        if (it != s.iface.end())
        {
            interface = it->second;
            return true;
        }
    }
    return false;
}

Ptr<Ipv4Route>
SanHubRouting::MakeRoute(Ipv4Address destination, uint32_t interface) const
{
    // On the link itself: no gateway, as a network route gives.
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(destination);
    route->SetGateway(Ipv4Address::GetZero());
    route->SetSource(m_ipv4->GetAddress(interface, 0).GetLocal());
    route->SetOutputDevice(m_ipv4->GetNetDevice(interface));
    return route;
}

Ptr<Ipv4Route>
SanHubRouting::RouteOutput(Ptr<Packet> /* p */,
                           const Ipv4Header& header,
                           Ptr<NetDevice> oif,
                           Socket::SocketErrno& sockerr)
{
    uint32_t interface = 0;
    if (!header.GetDestination().IsMulticast() && Lookup(header.GetDestination(), interface) &&
        (oif == nullptr || oif == m_ipv4->GetNetDevice(interface)))
    {
        sockerr = Socket::ERROR_NOTERROR;
        return MakeRoute(header.GetDestination(), interface);
    }
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
SanHubRouting::RouteInput(Ptr<const Packet> p,
                          const Ipv4Header& header,
                          Ptr<const NetDevice> idev,
                          UnicastForwardCallback ucb,
                          MulticastForwardCallback /* mcb */,
                          LocalDeliverCallback lcb,
                          ErrorCallback /* ecb */)
{
    const Ipv4Address destination = header.GetDestination();
    if (destination.IsMulticast())
    {
        return false;
    }
    const int32_t iif = m_ipv4->GetInterfaceForDevice(idev);
    NS_ASSERT(iif >= 0);
    bool local = destination.IsBroadcast() || m_local.count(destination.Get()) > 0;
    for (uint32_t j = 0; !local && j < m_ipv4->GetNAddresses(iif); ++j)
    {
        local = destination == m_ipv4->GetAddress(iif, j).GetBroadcast();
    }
    if (local)
    {
        if (lcb.IsNull())
        {
            return false;
        }
        lcb(p, header, iif);
        return true;
    }
    uint32_t interface = 0;
    if (!m_ipv4->IsForwarding(iif) || !Lookup(destination, interface))
    {
        NS_LOG_LOGIC("no route to " << destination);
        return false;
    }
    ucb(MakeRoute(destination, interface), p, header);
    return true;
}

uint32_t
SanHubRouting::GetNSubnets() const
{
    uint32_t n = 0;
    for (const Subnets& s : m_subnets)
    {
        n += static_cast<uint32_t>(s.iface.size());
    }
    return n;
}

void
SanHubRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    os << "SanHubRouting: " << GetNSubnets() << " connected subnets\n";
    for (const Subnets& s : m_subnets)
    {
        std::vector<std::pair<uint32_t, uint32_t>> sorted(s.iface.begin(), s.iface.end());
        std::sort(sorted.begin(), sorted.end());
        for (const auto& [subnet, interface] : sorted)
        {
            os << Ipv4Address(subnet) << "/" << Ipv4Mask(s.mask).GetPrefixLength() << " interface "
               << interface << "\n";
        }
    }
}

} // namespace ns3
