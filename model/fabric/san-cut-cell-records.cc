/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-cut-cell-records.h"

#include "ns3/abort.h"
#include "ns3/san-fabric-packet.h"

namespace ns3
{

SanCutCellRecords::SanCutCellRecords(std::vector<uint32_t> switchPart)
    : m_switchPart(std::move(switchPart))
{
}

SanCutCellRecords::~SanCutCellRecords()
{
    // What is left belongs to cells whose events went with the simulator: back to the pool.
    for (auto& entry : m_records)
    {
        SanFabricPacket::Free(entry.second);
    }
}

uint32_t
SanCutCellRecords::GetSwitchPart(uint32_t sw) const
{
    NS_ABORT_MSG_IF(sw >= m_switchPart.size(),
                    "SanCutCellRecords: switch " << sw << " has no part");
    return m_switchPart[sw];
}

uint32_t
SanCutCellRecords::DestinationPart(const SanFabricPacket* record) const
{
    return GetSwitchPart(record->dstSwitch);
}

void
SanCutCellRecords::CellLeft(SanFabricPacket* record, uint32_t part)
{
    // The source's packet is in the table from its first cell that leaves, so that one that
    // comes back finds it.
    const Key key{part, record->uid};
    m_records.emplace(key, record);
    if (part == DestinationPart(record))
    {
        return; // it counts deliveries, and this cell is not delivered yet
    }
    NS_ABORT_MSG_IF(record->Extra().cellsLeft == 0,
                    "SanCutCellRecords: packet " << record->uid << " has no cell in part " << part
                                                 << " to leave");
    if (--record->Extra().cellsLeft == 0)
    {
        m_records.erase(key);
        SanFabricPacket::Free(record);
    }
}

SanFabricPacket*
SanCutCellRecords::CellArrived(SanFabricPacket* copy, uint32_t part, uint32_t cells)
{
    const Key key{part, copy->uid};
    const bool atDestination = part == DestinationPart(copy);
    auto it = m_records.find(key);
    if (it != m_records.end())
    {
        SanFabricPacket::Free(copy);
        if (!atDestination)
        {
            ++it->second->Extra().cellsLeft;
        }
        return it->second;
    }
    copy->Extra().cellsLeft = atDestination ? cells : 1;
    m_records.emplace(key, copy);
    return copy;
}

void
SanCutCellRecords::Reassembled(const SanFabricPacket* record)
{
    auto it = m_records.find(Key{DestinationPart(record), record->uid});
    if (it != m_records.end() && it->second == record)
    {
        m_records.erase(it);
    }
}

size_t
SanCutCellRecords::GetRecords() const
{
    return m_records.size();
}

} // namespace ns3
