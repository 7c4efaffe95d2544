/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-connection-table.h"

#include "ns3/abort.h"

namespace ns3
{

DartConnectionTable::DartConnectionTable(uint32_t connections, uint32_t registers)
    : m_entries(connections),
      m_nRegisters(registers)
{
    NS_ABORT_MSG_IF(connections == 0 || connections > 65536,
                    "DartConnectionTable: " << connections
                                            << " connections (1 to 65536: a VCI is 16 bits)");
}

void
DartConnectionTable::Set(uint16_t vci, const DartConnection& c)
{
    NS_ABORT_MSG_IF(vci >= m_entries.size(),
                    "DartConnectionTable: VCI " << vci << " outside the table (" << m_entries.size()
                                                << " entries)");
    NS_ABORT_MSG_IF(static_cast<uint64_t>(c.regBase) + c.regCount > m_nRegisters,
                    "DartConnectionTable: register window ["
                        << c.regBase << ", " << c.regBase + c.regCount
                        << ") outside the register file (" << m_nRegisters << ")");
    NS_ABORT_MSG_IF(c.regCount > 256,
                    "DartConnectionTable: a window of " << c.regCount
                                                        << " registers (an index is 8 bits)");
    DartConnection& e = m_entries.Ref(vci);
    e = c;
    e.valid = true;
}

void
DartConnectionTable::Clear(uint16_t vci)
{
    if (vci < m_entries.size() && m_entries.Get(vci).valid)
    {
        m_entries.Ref(vci) = DartConnection();
    }
}

const DartConnection*
DartConnectionTable::Find(uint16_t vci) const
{
    if (vci >= m_entries.size() || !m_entries.Get(vci).valid)
    {
        return nullptr;
    }
    return &m_entries.Get(vci);
}

const DartConnection&
DartConnectionTable::Get(uint16_t vci) const
{
    const DartConnection* c = Find(vci);
    NS_ABORT_MSG_IF(c == nullptr, "DartNetDevice: no connection with VCI " << vci);
    return *c;
}

uint16_t
DartConnectionTable::AllocateVci() const
{
    // VCI 0 is left unused, as ATM reserves the lowest VCIs.
    for (uint32_t v = 1; v < m_entries.size(); ++v)
    {
        if (!m_entries.Get(v).valid)
        {
            return static_cast<uint16_t>(v);
        }
    }
    NS_ABORT_MSG("DartConnectionTable: all " << m_entries.size() << " connections are in use");
    return 0;
}

bool
DartConnectionTable::InWindow(const DartConnection& c, uint32_t index)
{
    return index < c.regCount;
}

uint32_t
DartConnectionTable::GetNRegisters() const
{
    return m_nRegisters;
}

uint32_t
DartConnectionTable::GetNConnections() const
{
    return static_cast<uint32_t>(m_entries.size());
}

} // namespace ns3
