/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CUT_CELL_RECORDS_H
#define SAN_CUT_CELL_RECORDS_H

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

class SanFabricPacket;

/**
 * \ingroup san
 * \brief Cell mode across cuts: each part of a cut fabric keeps its own record of a packet whose
 * cells pass through it.
 *
 * In Cell mode the source endpoint keeps the packet as its reassembly record and every cell
 * points at it (SanFabricPacketExtra::parent); the destination endpoint counts cells against it
 * and hands the packet up with the last one. A cell that crosses a cut carries a copy of its
 * packet's descriptor (SanLinkMessageCodec), and the receiving part looks it up here by the
 * packet's uid: the first cell of a packet to reach a part makes the copy that part's record,
 * later ones join it. A record counts (cellsLeft):
 * - in the part of the packet's destination: the cells not yet delivered (as at the source in
 *   an uncut fabric, whose record it replaces);
 * - in any other part: the cells in that part (sent there or arrived, not yet gone); it is freed
 *   when the last one leaves across a cut.
 * So a source whose cells all go to another part frees its packet once they have left, and a
 * cell that leaves a part and comes back (a ring cut in two places) finds its record again. The
 * table is touched only when a cell crosses a cut, and when a reassembled packet is handed up
 * in a cut fabric; it holds only packets with cells in flight across a cut.
 */
class SanCutCellRecords
{
  public:
    /// \param switchPart the part of each switch (by index)
    explicit SanCutCellRecords(std::vector<uint32_t> switchPart);
    ~SanCutCellRecords();

    /// \param sw a switch index \return its part
    uint32_t GetSwitchPart(uint32_t sw) const;

    /**
     * A cell leaves part across a cut.
     * \param record its packet's record in that part
     * \param part the part
     */
    void CellLeft(SanFabricPacket* record, uint32_t part);

    /**
     * A cell arrives in part across a cut, with a copy of its packet's descriptor.
     * \param copy the copy (this call takes it: it becomes the record, or is freed)
     * \param part the receiving part
     * \param cells the packet's number of cells
     * \return the packet's record in part, which the cell must point at
     */
    SanFabricPacket* CellArrived(SanFabricPacket* copy, uint32_t part, uint32_t cells);

    /**
     * The destination handed up a packet reassembled from its cells: forget its record.
     * \param record the packet
     */
    void Reassembled(const SanFabricPacket* record);

    /// \return records held now (packets with cells in flight across a cut)
    size_t GetRecords() const;

  private:
    /// \param record a packet \return the part of its destination's switch
    uint32_t DestinationPart(const SanFabricPacket* record) const;

    using Key = std::pair<uint32_t, uint64_t>; //!< part, packet uid
    std::vector<uint32_t> m_switchPart;        //!< part of each switch
    std::map<Key, SanFabricPacket*> m_records; //!< each part's record of a packet
};

} // namespace ns3

#endif /* SAN_CUT_CELL_RECORDS_H */
