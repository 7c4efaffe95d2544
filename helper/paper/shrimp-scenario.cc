/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-scenario.h"

#include "ns3/abort.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/san-hub-routing-helper.h"
#include "ns3/shrimp-helper.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/vmmc-daemon.h"

namespace ns3
{

ShrimpScenario::Spec
ShrimpScenario::Configure(uint32_t x, uint32_t y)
{
    NS_ABORT_MSG_IF(x == 0 || y == 0, "ShrimpScenario: a " << x << "x" << y << " mesh");
    Spec s;
    s.hostPreset = "ns3::Dec560stHostPreset";
    s.topology = "ns3::SanMeshTopology";
    s.routing = "ns3::SanDimensionOrderRouting";
    s.meshX = x;
    s.meshY = y;
    s.hosts = x * y;
    // Section 3.1: "deadlock-free, oblivious wormhole routing".
    s.switchingMode = "Wormhole";
    // ASSUMED: the Paragon's mesh links carry 175 MB/s each way (Intel's Paragon XP/S
    // overview, the paper's [24]).
    s.linkRate = "1400Mbps";
    // ASSUMED: an iMRC routes a head in 40 ns (a "wider, faster" Caltech MRC, section 3.1).
    s.switchRoutingDelay = NanoSeconds(40);
    s.paperCables = true;
    return s;
}

ShrimpScenario::ShrimpScenario(const Spec& spec)
    : SanScenario(spec)
{
    ShrimpHelper shrimp;
    NetDeviceContainer devs = shrimp.Install(GetHosts(), GetEndpoints());
    for (uint32_t i = 0; i < GetNHosts(); ++i)
    {
        nics.push_back(DynamicCast<ShrimpNetDevice>(devs.Get(i)));
    }
    if (!spec.ethernet)
    {
        return;
    }
    // The Ethernet: a 10 Mbit/s link from every node to one switch node (a router in ns-3's
    // terms), which adds a hop but no contention the papers account; it carries only set-up
    // messages.
    NodeContainer hub;
    hub.Create(1);
    // IPv4 only: the set-up traffic is IPv4 (an IPv6 stack on every host cost ~5 KiB a host).
    InternetStackHelper internet;
    internet.SetIpv6StackInstall(false);
    // Static routes alone (set below): ns-3's default adds global routing, an object pair on
    // every host that nothing here populates.
    internet.SetRoutingHelper(Ipv4StaticRoutingHelper());
    internet.Install(GetHosts());
    // The hub's routes are its connected links, found in a table by subnet (ns-3's static
    // routing would scan all of them, and every interface's address, for each packet).
    InternetStackHelper hubStack;
    hubStack.SetRoutingHelper(SanHubRoutingHelper());
    hubStack.SetIpv6StackInstall(false);
    hubStack.Install(hub);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
    Ipv4AddressHelper addresses;
    addresses.SetBase("10.1.1.0", "255.255.255.252");
    // A star: a host reaches every other host's network through the hub, which has them all on
    // its own links. Static routes say so in O(1) per host; global routing (the routes it
    // would compute are the same: next hop the hub, out of the host's one link) runs a
    // shortest-path search from every node, O(hosts^2) to build and a table of every network
    // at every host, scanned per packet.
    Ipv4StaticRoutingHelper routing;
    for (uint32_t i = 0; i < GetNHosts(); ++i)
    {
        NetDeviceContainer d = link.Install(GetHosts().Get(i), hub.Get(0));
        Ipv4InterfaceContainer a = addresses.Assign(d);
        // A FIFO in each device, as a 1990s Ethernet driver had: not the fair-queueing
        // CoDel discipline that address assignment puts on both ends (3 KiB a host at rest).
        TrafficControlHelper().Uninstall(d);
        m_ethernet.push_back(a.GetAddress(0));
        addresses.NewNetwork();
        Ptr<Ipv4> ipv4 = GetHosts().Get(i)->GetObject<Ipv4>();
        routing.GetStaticRouting(ipv4)->SetDefaultRoute(a.GetAddress(1),
                                                        ipv4->GetInterfaceForDevice(d.Get(0)));
    }
}

Ipv4Address
ShrimpScenario::GetEthernetAddress(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_ethernet.size(),
                    "ShrimpScenario: host " << i << " has no Ethernet (Spec::ethernet)");
    return m_ethernet[i];
}

Ptr<VmmcEndpoint>
ShrimpScenario::CreateEndpoint(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= GetNHosts(), "ShrimpScenario: no host " << i);
    return VmmcDaemon::Of(GetHosts().Get(i))->CreateEndpoint();
}

} // namespace ns3
