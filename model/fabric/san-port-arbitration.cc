/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// What a switch port's round-robin arbitration (SanOutputArbiter) needs of the port: the input a
// waiting packet came through and the input served last. The choice itself is made in
// ServeQueueWith, with the flow control's grant.

#include "san-channel.h"
#include "san-port.h"
#include "san-switch.h"

namespace ns3
{

uint32_t
SanPort::InputOf(const SanFabricPacket* p) const
{
    const SanPort* up = p->holdPort;
    if (up == nullptr)
    {
        return 0;
    }
    // The far end of the upstream port's link is this switch's input port.
    const SanPort* in = up->m_peer != nullptr ? up->m_peer : up->Link()->GetPort(up->m_end ^ 1);
    return in != nullptr ? in->m_number : 0;
}

uint32_t
SanPort::GetLastInput() const
{
    return GetSwitchBlock()->owner->GetLastInput(m_storeIndex);
}

void
SanPort::SetLastInput(uint32_t input)
{
    GetSwitchBlock()->owner->SetLastInput(m_storeIndex, input);
}

} // namespace ns3
