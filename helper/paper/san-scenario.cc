/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-scenario.h"

#include "ns3/boolean.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

SanScenario::SanScenario(const SanScenarioSpec& spec)
{
    if (spec.topology == "ns3::SanFatTreeTopology")
    {
        m_fabric.SetTopology(spec.topology,
                             "K",
                             UintegerValue(spec.fatTreeK),
                             "N",
                             UintegerValue(spec.fatTreeLevels));
    }
    else if (spec.topology == "ns3::SanMeshTopology")
    {
        m_fabric.SetTopology(spec.topology,
                             "X",
                             UintegerValue(spec.meshX),
                             "Y",
                             UintegerValue(spec.meshY));
    }
    else if (spec.topology == "ns3::SanRingTopology")
    {
        // One host per ring stop (an SCI ringlet: each adapter is a stop).
        m_fabric.SetTopology(spec.topology,
                             "NSwitches",
                             UintegerValue(spec.hosts),
                             "HostsPerSwitch",
                             UintegerValue(1));
    }
    else
    {
        m_fabric.SetTopology(spec.topology, "NHosts", UintegerValue(spec.hosts));
    }
    m_fabric.SetRouting(spec.routing);
    if (spec.paperCables)
    {
        // Hamlyn Tables 3 and 4 account 20 cycles ("switch", 0.5 us) between the sender's
        // "send packet" and the receiver's "link to interface", and nothing for the cables: the
        // switch's RoutingDelay is the whole term, so the links have no propagation delay of
        // their own (the fabric default is 10 ns per link).
        m_fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    }
    if (spec.cutThroughPacketBytes > 0)
    {
        // Room for four packets per input buffer, so that congestion queues in the switches
        // instead of stalling whole paths.
        m_fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
        m_fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(spec.cutThroughPacketBytes));
        m_fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * spec.cutThroughPacketBytes));
    }
    if (!spec.switchingMode.empty())
    {
        m_fabric.SetFabricAttribute("SwitchingMode", StringValue(spec.switchingMode));
    }
    if (spec.bufferSize > 0)
    {
        m_fabric.SetFabricAttribute("BufferSize", UintegerValue(spec.bufferSize));
    }
    if (!spec.linkRate.empty())
    {
        m_fabric.SetChannelAttribute("DataRate", StringValue(spec.linkRate));
    }
    if (!spec.switchRoutingDelay.IsStrictlyNegative())
    {
        m_fabric.SetSwitchAttribute("RoutingDelay", TimeValue(spec.switchRoutingDelay));
    }
    if (spec.cutThroughCells)
    {
        m_fabric.SetSwitchAttribute("CutThroughCells", BooleanValue(true));
    }
    if (!spec.flowControl.empty())
    {
        m_fabric.SetFlowControl(spec.flowControl);
    }
    if (spec.splitThreshold > 0)
    {
        m_fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(spec.splitThreshold));
    }
    SanHostHelper hosts;
    hosts.SetPreset(spec.hostPreset);
    const uint32_t n = m_fabric.GetTopology()->GetNHosts();
    m_hosts.Create(n);
    hosts.Install(m_hosts);
    m_endpoints = m_fabric.Install(m_hosts);
}

const NodeContainer&
SanScenario::GetHosts() const
{
    return m_hosts;
}

const NetDeviceContainer&
SanScenario::GetEndpoints() const
{
    return m_endpoints;
}

Ptr<SanHost>
SanScenario::GetHost(uint32_t i) const
{
    return SanHost::Of(m_hosts.Get(i));
}

uint32_t
SanScenario::GetNHosts() const
{
    return m_hosts.GetN();
}

SanFabricHelper&
SanScenario::GetFabricHelper()
{
    return m_fabric;
}

void
SanScenario::RunAndDestroy()
{
    Simulator::Run();
    Simulator::Destroy();
}

} // namespace ns3
