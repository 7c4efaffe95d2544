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
#include "ns3/san-switched-ethernet-helper.h"
#include "ns3/shrimp-helper.h"
#include "ns3/string.h"
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
    // The Ethernet (section 3, "a commodity Ethernet"): every node on one switch
    // (SanSwitchedEthernet's defaults: 10 Mbit/s, store and forward); it carries only set-up
    // messages, so its switch adds a hop but no contention the papers account.
    SanSwitchedEthernetHelper ethernet;
    const NetDeviceContainer devices = ethernet.Install(GetHosts());
    // IPv4 only: the set-up traffic is IPv4 (an IPv6 stack on every host cost ~5 KiB a host).
    InternetStackHelper internet;
    internet.SetIpv6StackInstall(false);
    // One subnet: its interface route is every route (ns-3's default adds global routing, an
    // object pair on every host that nothing here populates).
    internet.SetRoutingHelper(Ipv4StaticRoutingHelper());
    internet.Install(GetHosts());
    // SanIpNetDevice's default "Network": host n is 10.2.0.0 + n + 1.
    Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0");
    const Ipv4InterfaceContainer assigned = addresses.Assign(devices);
    for (uint32_t i = 0; i < assigned.GetN(); ++i)
    {
        m_ethernet.push_back(assigned.GetAddress(i));
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
