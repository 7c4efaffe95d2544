/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-scenario.h"

#include "ns3/abort.h"
#include "ns3/sci-helper.h"

namespace ns3
{

SciScenario::Spec
SciScenario::Configure(uint32_t hosts, bool ring)
{
    NS_ABORT_MSG_IF(ring && hosts < 3,
                    "SciScenario: a ringlet of " << hosts << " hosts (at least 3)");
    Spec s;
    s.hosts = hosts;
    s.hostPreset = "ns3::PentiumNtHostPreset";
    s.topology = ring ? "ns3::SanRingTopology" : "ns3::SanCrossbarTopology";
    s.routing = ring ? "ns3::SanDimensionOrderRouting" : s.routing;
    // SCILAN 1998, section 4.4: "The current PCI/SCI adapters use the LC-1 chip with link
    // speed of 200 MByte/s."
    s.linkRate = "1.6Gbps";
    // SCI forwards a packet as its head arrives (a stop's bypass buffer): virtual
    // cut-through, with room for four of the largest packets (16 header + 64 data bytes).
    s.cutThroughPacketBytes = SciHeader::BYTES + SciNetDevice::MAX_REQUEST_BYTES;
    // ASSUMED: a ring stop's or the switch's routing decision adds no delay the papers
    // account (the adapter's own latency is SciCostModel "AdapterLatency").
    s.switchRoutingDelay = Seconds(0);
    s.paperCables = true;
    return s;
}

SciScenario::SciScenario(const Spec& spec)
    : SanScenario(spec)
{
    SciHelper sci;
    NetDeviceContainer devs = sci.Install(GetHosts(), GetEndpoints());
    for (uint32_t i = 0; i < GetNHosts(); ++i)
    {
        nics.push_back(DynamicCast<SciNetDevice>(devs.Get(i)));
    }
}

} // namespace ns3
