/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-scenario.h"

#include "ns3/boolean.h"
#include "ns3/clan-helper.h"

namespace ns3
{

ClanScenario::Spec
ClanScenario::Configure(uint32_t hosts)
{
    Spec s;
    s.hosts = hosts;
    s.hostPreset = "ns3::AlphaLinuxHostPreset";
    s.topology = "ns3::SanCrossbarTopology";
    s.switchingMode = "Wormhole";
    s.linkRate = "1.2Gbps";
    s.switchRoutingDelay = Seconds(0);
    s.paperCables = true;
    // Section 2.2: "Hardware flow control is based on the Xon/Xoff scheme".
    s.flowControl = "XonXoff";
    return s;
}

ClanScenario::ClanScenario(const Spec& spec)
    : SanScenario(spec)
{
    ClanHelper clan;
    clan.SetDeviceAttribute("ReceiveCheck", BooleanValue(spec.receiveCheck));
    NetDeviceContainer devs = clan.Install(GetHosts(), GetEndpoints());
    for (uint32_t i = 0; i < GetNHosts(); ++i)
    {
        nics.push_back(DynamicCast<ClanNetDevice>(devs.Get(i)));
        ctx.push_back(ClanHelper::CreateContext(GetHosts().Get(i)));
    }
}

} // namespace ns3
