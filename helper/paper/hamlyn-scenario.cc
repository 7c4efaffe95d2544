/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-scenario.h"

#include "ns3/hamlyn-helper.h"
#include "ns3/uinteger.h"

namespace ns3
{

HamlynScenario::HamlynScenario(const Spec& spec)
    : SanScenario(spec)
{
    HamlynHelper hamlyn;
    if (spec.stateMachine)
    {
        hamlyn.SetCostModel("ns3::HamlynStateMachineCostModel");
    }
    if (spec.packetSize > 0)
    {
        hamlyn.SetDeviceAttribute("PacketSize", UintegerValue(spec.packetSize));
    }
    hamlyn.EnableRats(spec.rats);
    hamlyn.SetRatsAttribute("Headroom", UintegerValue(spec.ratsHeadroom));
    hamlyn.Install(GetHosts(), GetEndpoints());
    HamlynHelper::AssignStreams(GetHosts(), spec.stream);
    for (uint32_t i = 0; i < GetNHosts(); ++i)
    {
        Ptr<Node> n = GetHosts().Get(i);
        nics.push_back(HamlynHelper::GetDevice(n));
        cpus.push_back(GetHost(i)->GetCpu());
        buses.push_back(GetHost(i)->GetIoBus());
        memories.push_back(GetHost(i)->GetMemory());
        if (spec.rats)
        {
            rats.push_back(HamlynHelper::GetRats(n));
        }
    }
}

} // namespace ns3
