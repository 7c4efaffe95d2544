/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-xon-xoff-buffer.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

void
SanXonXoffBuffer::Setup(uint32_t nVcs, uint32_t xoffBytes, uint32_t xonBytes)
{
    m_xoff.assign(nVcs, 0);
    m_xoffBytes = xoffBytes;
    m_xonBytes = xonBytes;
    m_entries.clear();
    m_free.clear();
}

uint32_t
SanXonXoffBuffer::Admit(uint32_t vc, uint32_t bytes, int64_t arriveTs, int64_t now)
{
    // Entries whose packet has left are reused; a few packets per buffer, so a scan is cheap.
    for (uint32_t i = 0; i < m_entries.size(); ++i)
    {
        Entry& e = m_entries[i];
        if (e.vc != FREE && e.releaseTs != HELD && e.releaseTs <= now)
        {
            e.vc = FREE;
            m_free.push_back(i);
        }
    }
    uint32_t id;
    if (m_free.empty())
    {
        id = static_cast<uint32_t>(m_entries.size());
        m_entries.push_back(Entry{});
    }
    else
    {
        id = m_free.back();
        m_free.pop_back();
    }
    m_entries[id] = Entry{arriveTs, HELD, bytes, vc};
    return id;
}

uint32_t
SanXonXoffBuffer::SetRelease(uint32_t id, int64_t ts)
{
    NS_ABORT_MSG_IF(id >= m_entries.size() || m_entries[id].vc == FREE,
                    "SanXonXoffBuffer: release of unknown entry " << id);
    m_entries[id].releaseTs = ts;
    return m_entries[id].vc;
}

uint64_t
SanXonXoffBuffer::GetOccupancy(uint32_t vc, int64_t t) const
{
    uint64_t occ = 0;
    for (const Entry& e : m_entries)
    {
        if (e.vc == vc && e.arriveTs <= t && e.releaseTs > t)
        {
            occ += e.bytes;
        }
    }
    return occ;
}

int64_t
SanXonXoffBuffer::NextDecision(uint32_t vc, int64_t now, uint32_t limit) const
{
    // Sweep the known future changes of vc's occupancy in time order.
    int64_t cur = 0;
    m_steps.clear();
    for (const Entry& e : m_entries)
    {
        if (e.vc != vc || e.releaseTs <= now)
        {
            continue;
        }
        if (e.arriveTs <= now)
        {
            cur += e.bytes;
        }
        else
        {
            m_steps.emplace_back(e.arriveTs, static_cast<int64_t>(e.bytes));
        }
        if (e.releaseTs != HELD)
        {
            m_steps.emplace_back(e.releaseTs, -static_cast<int64_t>(e.bytes));
        }
    }
    const bool xoff = IsXoff(vc);
    auto due = [&]() {
        return (limit != 0 && cur > static_cast<int64_t>(limit)) ||
               (!xoff && cur >= static_cast<int64_t>(m_xoffBytes)) ||
               (xoff && cur <= static_cast<int64_t>(m_xonBytes));
    };
    if (due())
    {
        return now;
    }
    std::sort(m_steps.begin(), m_steps.end());
    for (size_t i = 0; i < m_steps.size();)
    {
        const int64_t t = m_steps[i].first;
        for (; i < m_steps.size() && m_steps[i].first == t; ++i)
        {
            cur += m_steps[i].second;
        }
        if (due())
        {
            return t;
        }
    }
    return HELD;
}

} // namespace ns3
