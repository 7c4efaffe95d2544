/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switch-port-device.h"

#include "san-switch-port.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanSwitchPortDevice);

TypeId
SanSwitchPortDevice::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanSwitchPortDevice")
                            .SetParent<SanPortDevice>()
                            .SetGroupName("San")
                            .AddConstructor<SanSwitchPortDevice>();
    return tid;
}

SanSwitchPortDevice::SanSwitchPortDevice() = default;

SanSwitchPortDevice::~SanSwitchPortDevice() = default;

void
SanSwitchPortDevice::SetSwitchPort(SanSwitchPort* port)
{
    SetPort(port);
}

SanSwitchPort*
SanSwitchPortDevice::GetSwitchPort() const
{
    return static_cast<SanSwitchPort*>(GetPort()); // SetSwitchPort set it
}

void
SanSwitchPortDevice::SetReceiveCallback(NetDevice::ReceiveCallback /* cb */)
{
}

void
SanSwitchPortDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback /* cb */)
{
}

} // namespace ns3
