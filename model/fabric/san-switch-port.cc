/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switch-port.h"

#include "san-fabric-event.h"
#include "san-switch.h"

#include "ns3/simulator.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanSwitchPort);

TypeId
SanSwitchPort::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanSwitchPort")
                            .SetParent<SanPortDevice>()
                            .SetGroupName("San")
                            .AddConstructor<SanSwitchPort>();
    return tid;
}

SanSwitchPort::SanSwitchPort() = default;

SanSwitchPort::~SanSwitchPort() = default;

void
SanSwitchPort::DoDispose()
{
    m_switch = nullptr;
    SanPortDevice::DoDispose();
}

void
SanSwitchPort::SetSwitch(SanSwitch* sw, uint32_t port)
{
    m_switch = sw;
    m_port = port;
}

uint32_t
SanSwitchPort::GetPortNumber() const
{
    return m_port;
}

std::string
SanSwitchPort::GetPortName() const
{
    const uint32_t sw = m_switch != nullptr ? m_switch->GetIndex() : 0;
    return "switch-" + std::to_string(sw) + "-port-" + std::to_string(m_port);
}

void
SanSwitchPort::SetReceiveCallback(NetDevice::ReceiveCallback /* cb */)
{
}

void
SanSwitchPort::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback /* cb */)
{
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
    m_switch->NotifyDepart(m_port, vc, p);
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
