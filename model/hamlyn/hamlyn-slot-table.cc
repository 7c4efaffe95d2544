/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-slot-table.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynSlotTable");

HamlynSlotTable::HamlynSlotTable(uint32_t cacheSize)
    : m_cacheSize(0),
      m_hits(0),
      m_misses(0)
{
    SetCacheSize(cacheSize);
}

void
HamlynSlotTable::SetCacheSize(uint32_t cacheSize)
{
    NS_ABORT_MSG_IF(cacheSize == 0, "HamlynSlotTable: the slot cache needs at least one entry");
    m_cacheSize = cacheSize;
    m_lru.clear();
    m_cached.clear();
}

uint32_t
HamlynSlotTable::GetCacheSize() const
{
    return m_cacheSize;
}

void
HamlynSlotTable::Define(uint16_t number, const HamlynSlot& slot)
{
    NS_ABORT_MSG_IF(slot.limit <= slot.base,
                    "HamlynSlotTable: slot " << number << " has an empty window [" << slot.base
                                             << ", " << slot.limit << ")");
    m_slots[number] = slot;
    // The OS writes a new slot's descriptor to the interface: it starts out cached.
    auto c = m_cached.find(number);
    if (c != m_cached.end())
    {
        m_lru.splice(m_lru.begin(), m_lru, c->second);
        return;
    }
    if (m_lru.size() >= m_cacheSize)
    {
        m_cached.erase(m_lru.back());
        m_lru.pop_back();
    }
    m_lru.push_front(number);
    m_cached[number] = m_lru.begin();
}

void
HamlynSlotTable::Revoke(uint16_t number)
{
    m_slots.erase(number);
    auto it = m_cached.find(number);
    if (it != m_cached.end())
    {
        m_lru.erase(it->second);
        m_cached.erase(it);
    }
}

bool
HamlynSlotTable::IsDefined(uint16_t number) const
{
    return m_slots.count(number) != 0;
}

const HamlynSlot*
HamlynSlotTable::Lookup(uint16_t number, bool& hit)
{
    auto s = m_slots.find(number);
    if (s == m_slots.end())
    {
        hit = false;
        return nullptr;
    }
    auto c = m_cached.find(number);
    if (c != m_cached.end())
    {
        hit = true;
        ++m_hits;
        m_lru.splice(m_lru.begin(), m_lru, c->second);
        return &s->second;
    }
    hit = false;
    ++m_misses;
    if (m_lru.size() >= m_cacheSize)
    {
        m_cached.erase(m_lru.back());
        m_lru.pop_back();
    }
    m_lru.push_front(number);
    m_cached[number] = m_lru.begin();
    return &s->second;
}

const HamlynSlot*
HamlynSlotTable::Find(uint16_t number) const
{
    auto s = m_slots.find(number);
    return s == m_slots.end() ? nullptr : &s->second;
}

uint32_t
HamlynSlotTable::GetNSlots() const
{
    return static_cast<uint32_t>(m_slots.size());
}

uint64_t
HamlynSlotTable::GetHits() const
{
    return m_hits;
}

uint64_t
HamlynSlotTable::GetMisses() const
{
    return m_misses;
}

} // namespace ns3
