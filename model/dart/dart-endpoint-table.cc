/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-endpoint-table.h"

#include "ns3/abort.h"

namespace ns3
{

uint32_t
DartEndpointTable::Add(const DartEndpoint& e)
{
    NS_ABORT_MSG_IF(!e.frames || e.size == 0 || e.size > e.frames->GetSize(),
                    "DartEndpointTable: an endpoint needs frames covering its " << e.size
                                                                                << " bytes");
    m_entries.push_back(e);
    m_entries.back().valid = true;
    return static_cast<uint32_t>(m_entries.size() - 1);
}

const DartEndpoint*
DartEndpointTable::Find(uint32_t index) const
{
    return index < m_entries.size() && m_entries[index].valid ? &m_entries[index] : nullptr;
}

bool
DartEndpointTable::InBounds(uint32_t index, uint64_t offset, uint64_t len) const
{
    const DartEndpoint* e = Find(index);
    return e != nullptr && offset <= e->size && len <= e->size - offset;
}

uint32_t
DartEndpointTable::GetN() const
{
    return static_cast<uint32_t>(m_entries.size());
}

DartTlb::DartTlb(uint32_t entries)
    : m_capacity(entries)
{
    NS_ABORT_MSG_IF(entries == 0, "DartTlb: a TLB needs at least one entry");
}

bool
DartTlb::Lookup(uint32_t endpoint, uint64_t vpn, uint64_t& frame)
{
    for (auto& e : m_entries)
    {
        if (e.valid && e.endpoint == endpoint && e.vpn == vpn)
        {
            e.used = ++m_clock;
            frame = e.frame;
            ++m_hits;
            return true;
        }
    }
    ++m_misses;
    return false;
}

void
DartTlb::Insert(uint32_t endpoint, uint64_t vpn, uint64_t frame)
{
    Entry* victim = nullptr;
    for (auto& e : m_entries)
    {
        if (!e.valid || (e.endpoint == endpoint && e.vpn == vpn))
        {
            victim = &e;
            break;
        }
        if (victim == nullptr || e.used < victim->used)
        {
            victim = &e;
        }
    }
    const bool found = victim != nullptr &&
                       (!victim->valid || (victim->endpoint == endpoint && victim->vpn == vpn));
    if (!found && m_entries.size() < m_capacity)
    {
        // The first slot never filled: the whole table's first invalid one.
        m_entries.push_back(Entry{true, endpoint, vpn, frame, ++m_clock});
        return;
    }
    *victim = Entry{true, endpoint, vpn, frame, ++m_clock};
}

void
DartTlb::Invalidate(uint32_t endpoint)
{
    for (auto& e : m_entries)
    {
        if (e.endpoint == endpoint)
        {
            e.valid = false;
        }
    }
}

uint64_t
DartTlb::GetHits() const
{
    return m_hits;
}

uint64_t
DartTlb::GetMisses() const
{
    return m_misses;
}

} // namespace ns3
