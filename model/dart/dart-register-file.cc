/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-register-file.h"

#include "ns3/abort.h"

namespace ns3
{

DartRegisterFile::DartRegisterFile(uint32_t registers)
    : m_registers(registers)
{
}

uint32_t
DartRegisterFile::Get(uint32_t reg) const
{
    NS_ABORT_MSG_IF(reg >= m_registers.size(), "DartRegisterFile: register " << reg);
    return m_registers.Get(reg);
}

void
DartRegisterFile::Set(uint32_t reg, uint32_t value)
{
    NS_ABORT_MSG_IF(reg >= m_registers.size(), "DartRegisterFile: register " << reg);
    m_registers.Ref(reg) = value;
}

uint32_t
DartRegisterFile::GetN() const
{
    return static_cast<uint32_t>(m_registers.size());
}

} // namespace ns3
