/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_CONNECTION_TABLE_H
#define DART_CONNECTION_TABLE_H

#include "ns3/san-sparse-array.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One entry of DART's Connection Table (Osborne 1994, Figure 5), both directions of a
 * connection at one interface: where incoming messages go (an endpoint, a window of address
 * registers, an action queue) and where this side's messages go (the peer host and the VCI of
 * the connection there, which is also where read replies go).
 */
struct DartConnection
{
    static constexpr uint32_t NO_QUEUE = 0xffffffff; //!< no action queue

    bool valid{false};              //!< entry in use
    uint32_t endpoint{0};           //!< index in the Endpoint Table
    uint32_t regBase{0};            //!< first address register of the window
    uint32_t regCount{0};           //!< registers in the window
    uint32_t actionQueue{NO_QUEUE}; //!< queue for conditional actions and software exceptions
    uint32_t remoteHost{0};         //!< fabric host of the peer
    uint16_t remoteVci{0};          //!< the connection's VCI at the peer
};

/**
 * \ingroup san
 * \brief A window of a connection's address registers: [base, base + count) of the interface's
 * register file.
 */
struct DartWindow
{
    uint32_t base{0};  //!< first register
    uint32_t count{0}; //!< registers (0: none)
};

/**
 * \ingroup san
 * \brief DART's Connection Table. Each connection names a window [regBase, regBase +
 * regCount) of the interface's register file (DartRegisterFile); a message's register index i
 * names register regBase + i and must be below regCount. Windows may overlap and nest, which is
 * how connections share registers (a counter that many senders increment) or keep them apart.
 */
class DartConnectionTable
{
  public:
    /// An empty table (no connections, no registers): what a device has before it is attached.
    DartConnectionTable() = default;
    /**
     * \param connections VCIs (entries) in the table
     * \param registers address registers in the register file (windows must fit in it)
     */
    DartConnectionTable(uint32_t connections, uint32_t registers);

    /**
     * \brief Fill an entry. Aborts on an invalid VCI or a window outside the register file.
     * \param vci the entry
     * \param c its contents (valid is set)
     */
    void Set(uint16_t vci, const DartConnection& c);
    /// \param vci an entry to clear
    void Clear(uint16_t vci);
    /**
     * \param vci a VCI from a cell
     * \return its entry, or null if there is none (unknown connection)
     */
    const DartConnection* Find(uint16_t vci) const;
    /// \param vci a connection the process or the card uses \return its entry (the run
    /// stops with one line if there is none)
    const DartConnection& Get(uint16_t vci) const;
    /// \return the first VCI with no entry (aborts when the table is full)
    uint16_t AllocateVci() const;

    /**
     * \param c a connection
     * \param index a register index from a message
     * \return true if the index is inside the connection's window
     */
    static bool InWindow(const DartConnection& c, uint32_t index);
    /// \return registers in the file the windows are checked against
    uint32_t GetNRegisters() const;
    /// \return entries in the table
    uint32_t GetNConnections() const;

  private:
    /// By VCI: the table's size, storage for the pages of it in use.
    SanSparseArray<DartConnection> m_entries;
    uint32_t m_nRegisters{0}; //!< registers in the file
};

} // namespace ns3

#endif /* DART_CONNECTION_TABLE_H */
