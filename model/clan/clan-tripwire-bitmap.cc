/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-tripwire-bitmap.h"

#include "ns3/abort.h"

namespace ns3
{

ClanTripwireBitmap::ClanTripwireBitmap(Ptr<HostMemory> memory,
                                       uint32_t nTripwires,
                                       const std::string& name)
    : m_memory(memory),
      m_nTripwires(nTripwires),
      m_base(0)
{
    NS_ABORT_MSG_IF(memory == nullptr, "ClanTripwireBitmap: no host memory");
    NS_ABORT_MSG_IF(nTripwires == 0, "ClanTripwireBitmap: needs at least one Tripwire");
    m_base = m_memory->Allocate(GetBytes(), name);
    if (m_memory->IsVirtualPayload())
    {
        m_copy.assign(GetBytes(), 0);
    }
}

void
ClanTripwireBitmap::Set(uint32_t id)
{
    Check(id, "Set");
    Write(id, true);
}

bool
ClanTripwireBitmap::Test(uint32_t id) const
{
    Check(id, "Test");
    uint8_t byte = 0;
    bool ok = m_memory->Read(GetByteAddress(id), &byte, 1);
    NS_ABORT_MSG_UNLESS(ok, "ClanTripwireBitmap: bitmap read refused by host memory (freed?)");
    if (m_memory->IsVirtualPayload())
    {
        byte = m_copy[id / 8];
    }
    return (byte >> (id % 8)) & 1;
}

void
ClanTripwireBitmap::Clear(uint32_t id)
{
    Check(id, "Clear");
    Write(id, false);
}

uint64_t
ClanTripwireBitmap::GetBase() const
{
    return m_base;
}

uint32_t
ClanTripwireBitmap::GetBytes() const
{
    return static_cast<uint32_t>((uint64_t(m_nTripwires) + 7) / 8);
}

uint32_t
ClanTripwireBitmap::GetNTripwires() const
{
    return m_nTripwires;
}

uint64_t
ClanTripwireBitmap::GetByteAddress(uint32_t id) const
{
    Check(id, "GetByteAddress");
    return m_base + id / 8;
}

void
ClanTripwireBitmap::Check(uint32_t id, const char* what) const
{
    NS_ABORT_MSG_IF(id >= m_nTripwires,
                    "ClanTripwireBitmap::" << what << ": Tripwire " << id
                                           << " has no bit (bitmap of " << m_nTripwires << ")");
}

void
ClanTripwireBitmap::Write(uint32_t id, bool on)
{
    uint64_t addr = GetByteAddress(id);
    uint8_t byte = 0;
    bool ok = m_memory->Read(addr, &byte, 1);
    if (m_memory->IsVirtualPayload())
    {
        byte = m_copy[id / 8];
    }
    uint8_t mask = static_cast<uint8_t>(1u << (id % 8));
    byte = on ? static_cast<uint8_t>(byte | mask) : static_cast<uint8_t>(byte & ~mask);
    ok = ok && m_memory->Write(addr, &byte, 1);
    NS_ABORT_MSG_UNLESS(ok, "ClanTripwireBitmap: bitmap write refused by host memory (freed?)");
    if (m_memory->IsVirtualPayload())
    {
        m_copy[id / 8] = byte;
    }
}

} // namespace ns3
