/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-aperture.h"

#include "ns3/abort.h"

namespace ns3
{

namespace
{

void
Put(uint8_t* out, uint64_t v, uint32_t bytes)
{
    for (uint32_t i = 0; i < bytes; ++i)
    {
        out[i] = static_cast<uint8_t>(v >> (8 * (bytes - 1 - i)));
    }
}

uint64_t
Get(const uint8_t* in, uint32_t bytes)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < bytes; ++i)
    {
        v = (v << 8) | in[i];
    }
    return v;
}

} // namespace

void
ClanCookie::Encode(uint8_t* out) const
{
    Put(out, host, 4);
    Put(out + 4, aperture, 4);
    Put(out + 8, base, 8);
    Put(out + 16, size, 8);
}

ClanCookie
ClanCookie::Decode(const uint8_t* in)
{
    ClanCookie c;
    c.host = static_cast<uint32_t>(Get(in, 4));
    c.aperture = static_cast<uint32_t>(Get(in + 4, 4));
    c.base = Get(in + 8, 8);
    c.size = Get(in + 16, 8);
    return c;
}

bool
ClanCookie::IsValid() const
{
    return host != 0xffffffffu && size > 0;
}

ClanApertureTable::ClanApertureTable(uint32_t host)
    : m_host(host)
{
}

void
ClanApertureTable::SetHost(uint32_t host)
{
    m_host = host;
}

ClanCookie
ClanApertureTable::Create(uint64_t base, uint64_t size)
{
    NS_ABORT_MSG_IF(size == 0, "ClanApertureTable::Create: an empty aperture");
    NS_ABORT_MSG_IF(base + size < base, "ClanApertureTable::Create: range wraps");
    ClanCookie c;
    c.host = m_host;
    c.aperture = static_cast<uint32_t>(m_apertures.size());
    c.base = base;
    c.size = size;
    m_apertures.push_back(Aperture{base, size, true});
    m_byBase.emplace(base, c.aperture);
    ++m_live;
    return c;
}

bool
ClanApertureTable::IsLive(const ClanCookie& cookie) const
{
    if (cookie.host != m_host || cookie.aperture >= m_apertures.size())
    {
        return false;
    }
    const Aperture& a = m_apertures[cookie.aperture];
    return a.live && a.base == cookie.base && a.size == cookie.size;
}

bool
ClanApertureTable::Destroy(const ClanCookie& cookie)
{
    if (!IsLive(cookie))
    {
        return false;
    }
    m_apertures[cookie.aperture].live = false;
    auto range = m_byBase.equal_range(cookie.base);
    for (auto it = range.first; it != range.second; ++it)
    {
        if (it->second == cookie.aperture)
        {
            m_byBase.erase(it);
            break;
        }
    }
    --m_live;
    return true;
}

bool
ClanApertureTable::Covers(uint64_t address, uint64_t len) const
{
    // Apertures are regions of host memory, which never overlap: the one that can hold the
    // range is the last starting at or below its first byte (O(log n), a server may export
    // thousands).
    auto it = m_byBase.upper_bound(address);
    if (it == m_byBase.begin())
    {
        return false;
    }
    --it;
    const Aperture& a = m_apertures[it->second];
    return len <= a.size && address - a.base <= a.size - len;
}

uint32_t
ClanApertureTable::GetNLive() const
{
    return m_live;
}

} // namespace ns3
