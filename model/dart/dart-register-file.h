/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_REGISTER_FILE_H
#define DART_REGISTER_FILE_H

#include "ns3/san-sparse-array.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief DART's address registers (Osborne 1994, Figure 5): one file of 32-bit registers on
 * the card. Connections name windows of it (DartConnection::regBase, regCount); the Operation
 * Logic reads a message's registers before it runs and writes them back only when the message
 * is accepted.
 */
class DartRegisterFile
{
  public:
    /// \param registers registers in the file (0: none yet, before the device is attached)
    explicit DartRegisterFile(uint32_t registers = 0);

    /// \param reg an absolute register number (aborts outside the file) \return its value
    uint32_t Get(uint32_t reg) const;
    /// \param reg an absolute register number (aborts outside the file) \param value its value
    void Set(uint32_t reg, uint32_t value);
    /// \return registers in the file
    uint32_t GetN() const;

  private:
    /// The registers: the file's size, storage for the pages of it in use.
    SanSparseArray<uint32_t> m_registers;
};

} // namespace ns3

#endif /* DART_REGISTER_FILE_H */
