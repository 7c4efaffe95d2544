/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-window-table.h"

#include "ns3/abort.h"

namespace ns3
{

ClanWindowTable::ClanWindowTable(uint64_t base, uint64_t end)
    : m_next(base),
      m_end(end)
{
}

uint64_t
ClanWindowTable::Import(const ClanCookie& cookie)
{
    const uint64_t base = m_next;
    // Windows are page-aligned (8 KB Alpha pages): mappings are made a page at a time.
    const uint64_t page = 8192;
    const uint64_t span = (cookie.size + page - 1) / page * page;
    NS_ABORT_MSG_IF(base + span > m_end, "ClanNetDevice::Import: outgoing address space exhausted");
    m_next += span;
    m_windows.emplace(base, ClanWindow{base, cookie});
    return base;
}

std::map<uint64_t, ClanWindow>::const_iterator
ClanWindowTable::Below(uint64_t busAddress) const
{
    auto it = m_windows.upper_bound(busAddress);
    return it == m_windows.begin() ? m_windows.end() : std::prev(it);
}

const ClanWindow&
ClanWindowTable::Find(uint64_t busAddress, uint32_t len) const
{
    auto it = Below(busAddress);
    NS_ABORT_MSG_IF(it == m_windows.end(),
                    "ClanNetDevice: bus address 0x" << std::hex << busAddress
                                                    << " is in no window (segmentation fault)");
    const ClanWindow& w = it->second;
    NS_ABORT_MSG_IF(busAddress - w.busBase + len > w.remote.size,
                    "ClanNetDevice: access of " << len << " bytes at window offset "
                                                << busAddress - w.busBase
                                                << " beyond its aperture of " << w.remote.size
                                                << " bytes (segmentation fault)");
    return w;
}

bool
ClanWindowTable::Covers(uint64_t busAddress, uint32_t len) const
{
    auto it = Below(busAddress);
    return it != m_windows.end() && busAddress - it->second.busBase + len <= it->second.remote.size;
}

} // namespace ns3
