/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCHING_POLICY_H
#define SAN_SWITCHING_POLICY_H

#include <cstdint>
#include <limits>
#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief A fabric's switching mode as a policy: the answers to what a port, a switch and an
 * endpoint ask of the mode (may a packet's head move on before its tail has come, is a packet
 * cut into cells, does a packet longer than a buffer hold the links behind it, may a burst be
 * split or its pieces merged, what a buffer slot holds).
 *
 * SanFabric's SwitchingMode attribute names the mode; SanFabric::Configure makes the policy
 * once from the mode and the fabric's sizes (For), and every question after that is a field
 * read: no test of the mode and no virtual call on the per-packet path. The modes differ only
 * in data (one row each of a table in san-switching-policy.cc), so adding a mode is adding a
 * row and its checks.
 */
class SanSwitchingPolicy
{
  public:
    /// The modes, in the order of SanFabric::SwitchingMode (whose values they are).
    enum Mode : uint8_t
    {
        WORMHOLE,
        VIRTUAL_CUT_THROUGH,
        STORE_AND_FORWARD,
        CELL,
        N_MODES
    };

    /// Sizes the policy's answers depend on (SanFabric's attributes of the same names).
    struct Sizes
    {
        uint32_t bufferSize{64};      //!< bytes per virtual-channel buffer
        uint32_t maxPacketSize{4096}; //!< largest packet in bytes
        uint32_t cellSize{53};        //!< bytes of one cell on the wire
        uint32_t cellPayload{48};     //!< payload bytes of one cell
    };

    /// Wormhole with SanFabric's default sizes (what a fabric holds before Configure).
    SanSwitchingPolicy();

    /**
     * \param mode the mode (a SanFabric::SwitchingMode value)
     * \param sizes the fabric's sizes
     * \return the policy; GetError says whether the sizes fit the mode
     */
    static SanSwitchingPolicy For(uint32_t mode, const Sizes& sizes);

    /// \return "" if the sizes fit the mode, else one line saying what does not fit
    std::string GetError() const;

    /// \return the mode
    Mode GetMode() const
    {
        return m_mode;
    }

    /// \return the mode's attribute value ("Wormhole", "VirtualCutThrough", ...)
    const char* GetName() const;

    /// \return packet slots per virtual-channel buffer (a worm owns its channel: one)
    uint32_t GetSlotsPerVc() const
    {
        return m_slotsPerVc;
    }

    /// \return true if a switch routes a packet only once its tail has arrived
    /// (store-and-forward, cells)
    bool RoutesOnTail() const
    {
        return m_routesOnTail;
    }

    /// \return true if an endpoint cuts every packet into cells and reassembles them (Cell)
    bool CutsIntoCells() const
    {
        return m_cells;
    }

    /**
     * \param bytes a packet's size
     * \return true if the packet is a worm: longer than a buffer in wormhole mode, so a
     * blocked head holds every buffer (and link) its body spans
     */
    bool IsWorm(uint32_t bytes) const
    {
        return bytes > m_wormAbove;
    }

    /// \return true if a switch port may cut a splittable burst under contention (the
    /// cut-through modes without cells: a store-and-forward switch has the whole packet)
    bool MaySplit() const
    {
        return m_splits;
    }

    /// \return true if a switch port may merge consecutive pieces of one burst in its queue
    /// (virtual cut-through: a wormhole buffer holds one packet per channel)
    bool MayCoalesce() const
    {
        return m_coalesces;
    }

    /// \return the bytes one packet may bring into an Xon/Xoff buffer beyond a round trip
    /// of the link (0 in wormhole mode: the sender stops between bytes of a worm)
    uint32_t GetXonXoffUnit() const
    {
        return m_xonXoffUnit;
    }

    /// \return the most an Xon/Xoff buffer may count (0 in wormhole mode: no limit, a worm
    /// counts as a full buffer)
    uint32_t GetXonXoffLimit() const
    {
        return m_xonXoffLimit;
    }

    /// \return the bytes per virtual-channel buffer (BufferSize)
    uint32_t GetBufferSize() const
    {
        return m_bufferSize;
    }

    /// \return the cell size on the wire
    uint32_t GetCellSize() const
    {
        return m_cellSize;
    }

    /// \return the cell payload
    uint32_t GetCellPayload() const
    {
        return m_cellPayload;
    }

  private:
    /// \param mode the mode \param sizes the fabric's sizes
    SanSwitchingPolicy(uint32_t mode, const Sizes& sizes);

    Mode m_mode{WORMHOLE};                                      //!< the mode
    bool m_routesOnTail{false};                                 //!< see RoutesOnTail
    bool m_cells{false};                                        //!< see CutsIntoCells
    bool m_splits{true};                                        //!< see MaySplit
    bool m_coalesces{false};                                    //!< see MayCoalesce
    uint32_t m_wormAbove{std::numeric_limits<uint32_t>::max()}; //!< see IsWorm
    uint32_t m_slotsPerVc{1};                                   //!< see GetSlotsPerVc
    uint32_t m_xonXoffUnit{0};                                  //!< see GetXonXoffUnit
    uint32_t m_xonXoffLimit{0};                                 //!< see GetXonXoffLimit
    uint32_t m_bufferSize{64};                                  //!< BufferSize
    uint32_t m_maxPacketSize{4096};                             //!< MaxPacketSize
    uint32_t m_cellSize{53};                                    //!< CellSize
    uint32_t m_cellPayload{48};                                 //!< CellPayload
    uint32_t m_rawMode{WORMHOLE};                               //!< the mode asked for
};

} // namespace ns3

#endif /* SAN_SWITCHING_POLICY_H */
