/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-notification-assembly.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynNotificationAssembly");

HamlynNotificationAssembly::HamlynNotificationAssembly(uint32_t areas)
    : m_counters(areas, 0),
      m_packets(0)
{
}

void
HamlynNotificationAssembly::Resize(uint32_t areas)
{
    m_counters.assign(areas, 0);
    m_outOfBand.clear();
}

uint32_t
HamlynNotificationAssembly::GetNAreas() const
{
    return static_cast<uint32_t>(m_counters.size());
}

bool
HamlynNotificationAssembly::Has(uint32_t index) const
{
    return index < m_counters.size();
}

bool
HamlynNotificationAssembly::Add(uint32_t index, uint32_t delta)
{
    NS_ABORT_MSG_IF(!Has(index),
                    "HamlynNotificationAssembly: no area " << index << " (pool of "
                                                           << m_counters.size() << ")");
    ++m_packets;
    m_counters[index] += delta; // modulo 2^32
    return m_counters[index] == 0;
}

uint32_t
HamlynNotificationAssembly::GetCounter(uint32_t index) const
{
    NS_ABORT_MSG_IF(!Has(index),
                    "HamlynNotificationAssembly: no area " << index << " (pool of "
                                                           << m_counters.size() << ")");
    return m_counters[index];
}

uint64_t
HamlynNotificationAssembly::GetPacketsSummed() const
{
    return m_packets;
}

void
HamlynNotificationAssembly::SetOutOfBand(uint32_t index, const std::vector<uint8_t>& bytes)
{
    NS_ABORT_MSG_IF(index >= m_counters.size(), "HamlynNotificationAssembly: no area " << index);
    if (bytes.empty())
    {
        m_outOfBand.erase(index);
        return;
    }
    m_outOfBand[index] = bytes;
}

std::vector<uint8_t>
HamlynNotificationAssembly::TakeOutOfBand(uint32_t index)
{
    NS_ABORT_MSG_IF(index >= m_counters.size(), "HamlynNotificationAssembly: no area " << index);
    std::vector<uint8_t> out;
    auto it = m_outOfBand.find(index);
    if (it != m_outOfBand.end())
    {
        out.swap(it->second);
        m_outOfBand.erase(it);
    }
    return out;
}

} // namespace ns3
