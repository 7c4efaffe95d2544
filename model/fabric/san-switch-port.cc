/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switch-port.h"

#include "san-fabric-event.h"
#include "san-switch-port-device.h"
#include "san-switch.h"

#include "ns3/simulator.h"

#include <algorithm>
#include <limits>

namespace ns3
{

// A port's layout (SanPort's members) is chosen by cache line: keep it at 64 bytes, with
// nothing of its own (the switch's block of ports is laid out in SanPort-sized records).
static_assert(sizeof(void*) != 8 || sizeof(SanSwitchPort) <= 64,
              "SanSwitchPort grew past 64 bytes");
static_assert(sizeof(SanSwitchPort) == sizeof(SanPort), "SanSwitchPort has members of its own");
// Every packet-hop's event: a 32-byte block.
static_assert(sizeof(void*) != 8 ||
                  sizeof(SanFabricPacketEvent<&SanSwitch::HandleReady, SanSwitch>) <=
                      SanFabricEventMemory::PACKET_BLOCK,
              "a packet-hop's event outgrew its block");

SanSwitchPort::SanSwitchPort(uint32_t storeIndex)
    : SanPort(true, storeIndex)
{
}

SanSwitchPort::~SanSwitchPort() = default;

void
SanSwitchPort::SetPortNumber(uint32_t port)
{
    SetNumber(port);
}

bool
SanSwitchPort::IsMade() const
{
    return IsNumbered();
}

SanSwitch*
SanSwitchPort::GetSwitch() const
{
    return GetSwitchBlock()->owner;
}

std::string
SanSwitchPort::GetPortName() const
{
    const uint32_t sw = GetSwitch()->GetIndex();
    return "switch-" + std::to_string(sw) + "-port-" + std::to_string(GetNumber());
}

Ptr<NetDevice>
SanSwitchPort::GetDevice()
{
    return GetSwitch()->GetPortDevice(GetNumber());
}

int64_t
SanSwitchPort::GetArrivalLeadSteps(uint32_t bytes) const
{
    // Routed RoutingDelay after its head arrives (after its tail in store-and-forward and Cell
    // mode: later still); its tail arrives one serialization after its head.
    return std::min(GetSwitch()->GetRoutingDelaySteps(), GetSerializationSteps(bytes));
}

int64_t
SanSwitchPort::GetCreditLeadSteps(uint32_t bytes) const
{
    int64_t lead = std::numeric_limits<int64_t>::max();
    for (uint32_t i = 0; i < GetSwitch()->GetNConnectedPorts(); ++i)
    {
        lead = std::min(lead, GetSwitch()->GetConnectedPortAt(i)->GetSerializationSteps(bytes));
    }
    return lead;
}

void
SanSwitchPort::ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs)
{
    SanSwitch* sw = GetSwitch();
    p->tailTs = tailTs;
    const int64_t ready = (sw->RoutesOnTail() ? tailTs : headTs) + sw->GetRoutingDelaySteps();
    Simulator::ScheduleWithContext(GetNodeId(),
                                   TimeStep(ready - Simulator::Now().GetTimeStep()),
                                   MakeSanPacketEvent<&SanSwitch::HandleReady>(sw, p));
}

void
SanSwitchPort::OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs)
{
    GetSwitch()->NotifyDepart(GetNumber(), vc, p);
}

uint32_t
SanSwitchPort::GetSplitThreshold() const
{
    // Read from the switch each time (only on the split path), so a later Config::Set counts.
    return GetSwitch()->GetSplitThreshold();
}

bool
SanSwitchPort::MayCoalesce() const
{
    return GetSwitch()->GetCoalesce();
}

} // namespace ns3
