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

// A port's layout (SanPort's members) is chosen by cache line: keep it two lines.
static_assert(sizeof(void*) != 8 || sizeof(SanSwitchPort) <= 128,
              "SanSwitchPort grew past two cache lines");

SanSwitchPort::SanSwitchPort() = default;

SanSwitchPort::~SanSwitchPort() = default;

void
SanSwitchPort::SetSwitch(SanSwitch* sw, uint32_t port)
{
    m_switch = sw;
    SetIdentity(sw->GetNodeId(), port);
}

SanSwitch*
SanSwitchPort::GetSwitch() const
{
    return m_switch;
}

std::string
SanSwitchPort::GetPortName() const
{
    const uint32_t sw = m_switch != nullptr ? m_switch->GetIndex() : 0;
    return "switch-" + std::to_string(sw) + "-port-" + std::to_string(GetNumber());
}

Ptr<NetDevice>
SanSwitchPort::GetDevice()
{
    return m_switch->GetPortDevice(GetNumber());
}

int64_t
SanSwitchPort::GetArrivalLeadSteps(uint32_t bytes) const
{
    // Routed RoutingDelay after its head arrives (after its tail in store-and-forward and Cell
    // mode: later still); its tail arrives one serialization after its head.
    return std::min(m_switch->GetRoutingDelaySteps(), GetSerializationSteps(bytes));
}

int64_t
SanSwitchPort::GetCreditLeadSteps(uint32_t bytes) const
{
    int64_t lead = std::numeric_limits<int64_t>::max();
    for (uint32_t i = 0; i < m_switch->GetNConnectedPorts(); ++i)
    {
        lead = std::min(lead, m_switch->GetConnectedPortAt(i)->GetSerializationSteps(bytes));
    }
    return lead;
}

void
SanSwitchPort::ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs)
{
    p->tailTs = tailTs;
    const int64_t ready =
        (m_switch->RoutesOnTail() ? tailTs : headTs) + m_switch->GetRoutingDelaySteps();
    Simulator::ScheduleWithContext(m_switch->GetNodeId(),
                                   TimeStep(ready - Simulator::Now().GetTimeStep()),
                                   MakeSanFabricEvent<&SanSwitch::HandleReady>(m_switch, p)
                                       ->Order(SanFabricEventBase::CLASS_PACKET, p->uid));
}

void
SanSwitchPort::OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs)
{
    m_switch->NotifyDepart(GetNumber(), vc, p);
}

uint32_t
SanSwitchPort::GetSplitThreshold() const
{
    // Read from the switch each time (only on the split path), so a later Config::Set counts.
    return m_switch->GetSplitThreshold();
}

bool
SanSwitchPort::MayCoalesce() const
{
    return m_switch->GetCoalesce();
}

} // namespace ns3
