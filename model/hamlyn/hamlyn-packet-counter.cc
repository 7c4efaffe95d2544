/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-packet-counter.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynPacketCounter");

HamlynPacketCounter::HamlynPacketCounter(uint32_t y0)
    : m_value(y0)
{
}

void
HamlynPacketCounter::Set(uint32_t y0)
{
    m_value = y0;
}

uint32_t
HamlynPacketCounter::Get() const
{
    return m_value;
}

uint32_t
HamlynPacketCounter::NextDelta(bool last)
{
    if (last)
    {
        uint32_t delta = m_value;
        m_value = 0;
        return delta;
    }
    m_value -= 1u; // modulo 2^32
    return 1u;
}

uint32_t
HamlynPacketCounter::Split(uint32_t part)
{
    m_value -= part; // modulo 2^32
    return part;
}

uint32_t
HamlynPacketCounter::MessageDeltaSum(uint32_t packets, uint32_t y0)
{
    NS_ABORT_MSG_IF(packets == 0, "HamlynPacketCounter: a message has at least one packet");
    HamlynPacketCounter c(y0);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < packets; ++i)
    {
        sum += c.NextDelta(i + 1 == packets);
    }
    return sum;
}

} // namespace ns3
