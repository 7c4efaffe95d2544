/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switching-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanSwitchingPolicy");

namespace
{

/// What a buffer slot (and an Xon/Xoff buffer's per-packet headroom) is counted in.
enum SanSwitchingUnit : uint8_t
{
    UNIT_NONE,       //!< a worm owns its channel: one slot, no per-packet headroom
    UNIT_MAX_PACKET, //!< whole packets of MaxPacketSize
    UNIT_CELL        //!< cells of CellSize
};

/// One switching mode: how it differs from the others, as data.
struct SanSwitchingRow
{
    const char* name;      //!< the attribute value
    SanSwitchingUnit unit; //!< what a slot holds
    bool routesOnTail;     //!< a switch routes on the tail's arrival
    bool cells;            //!< the endpoint cuts packets into cells
    bool worms;            //!< a packet longer than a buffer spans buffers upstream
    bool splits;           //!< a switch port may split a burst under contention
    bool coalesces;        //!< a switch port may merge pieces of a burst
};

/// The modes, by SanSwitchingPolicy::Mode.
constexpr SanSwitchingRow g_switchingRows[SanSwitchingPolicy::N_MODES] = {
    // Hamlyn 1995, section 4.1: "The Myrinet switch is a wormhole router".
    {"Wormhole", UNIT_NONE, false, false, true, true, false},
    {"VirtualCutThrough", UNIT_MAX_PACKET, false, false, false, true, true},
    {"StoreAndForward", UNIT_MAX_PACKET, true, false, false, false, false},
    // DART 1994, Figure 3: ATM cells, switched store-and-forward.
    {"Cell", UNIT_CELL, true, true, false, false, false},
};

} // namespace

SanSwitchingPolicy::SanSwitchingPolicy()
    : SanSwitchingPolicy(WORMHOLE, Sizes{})
{
}

SanSwitchingPolicy::SanSwitchingPolicy(uint32_t mode, const Sizes& sizes)
    : m_bufferSize(sizes.bufferSize),
      m_maxPacketSize(sizes.maxPacketSize),
      m_cellSize(sizes.cellSize),
      m_cellPayload(sizes.cellPayload),
      m_rawMode(mode)
{
    if (mode >= N_MODES)
    {
        return; // GetError says so
    }
    const SanSwitchingRow& row = g_switchingRows[mode];
    m_mode = static_cast<Mode>(mode);
    m_routesOnTail = row.routesOnTail;
    m_cells = row.cells;
    m_splits = row.splits;
    m_coalesces = row.coalesces;
    m_wormAbove = row.worms ? sizes.bufferSize : std::numeric_limits<uint32_t>::max();
    switch (row.unit)
    {
    case UNIT_MAX_PACKET:
        m_xonXoffUnit = sizes.maxPacketSize;
        m_xonXoffLimit = sizes.bufferSize;
        m_slotsPerVc = sizes.maxPacketSize != 0 ? sizes.bufferSize / sizes.maxPacketSize : 0;
        break;
    case UNIT_CELL:
        m_xonXoffUnit = sizes.cellSize;
        m_xonXoffLimit = sizes.bufferSize;
        m_slotsPerVc = sizes.cellSize != 0 ? sizes.bufferSize / sizes.cellSize : 0;
        break;
    default:
        // A worm owns its virtual channel until its tail passes; the sender stops between
        // bytes of a worm, and a worm counts as a full buffer.
        m_xonXoffUnit = 0;
        m_xonXoffLimit = 0;
        m_slotsPerVc = 1;
    }
}

SanSwitchingPolicy
SanSwitchingPolicy::For(uint32_t mode, const Sizes& sizes)
{
    return SanSwitchingPolicy(mode, sizes);
}

const char*
SanSwitchingPolicy::GetName() const
{
    return m_rawMode < N_MODES ? g_switchingRows[m_rawMode].name : "unknown";
}

std::string
SanSwitchingPolicy::GetError() const
{
    if (m_rawMode >= N_MODES)
    {
        return "SanFabric: unknown switching mode " + std::to_string(m_rawMode);
    }
    const std::string buffer = "BufferSize (" + std::to_string(m_bufferSize) + ")";
    switch (g_switchingRows[m_rawMode].unit)
    {
    case UNIT_MAX_PACKET:
        if (m_bufferSize < m_maxPacketSize)
        {
            return "SanFabric: virtual cut-through and store-and-forward need " + buffer +
                   " >= MaxPacketSize (" + std::to_string(m_maxPacketSize) +
                   "); use Wormhole for smaller buffers";
        }
        break;
    case UNIT_CELL:
        if (m_cellPayload > m_cellSize)
        {
            return "SanFabric: CellPayload (" + std::to_string(m_cellPayload) +
                   ") exceeds CellSize (" + std::to_string(m_cellSize) + ")";
        }
        if (m_bufferSize < m_cellSize)
        {
            return "SanFabric: Cell mode needs " + buffer + " >= CellSize (" +
                   std::to_string(m_cellSize) + ")";
        }
        break;
    default:
        break;
    }
    if (m_slotsPerVc > 256)
    {
        return "SanFabric: " + std::to_string(m_slotsPerVc) +
               " packet slots per virtual channel is more than the 256 supported; lower "
               "BufferSize";
    }
    return "";
}

} // namespace ns3
