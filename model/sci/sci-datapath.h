/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_DATAPATH_H
#define SCI_DATAPATH_H

#include "sci-header.h"

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/san-resource.h"
#include "ns3/san-time-table.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One half (transmit or receive) of an SCI adapter's datapath (Ryan and Bryhni 1998,
 * section 4.2): packets cross it one at a time, in order, each for the time its size takes at
 * the adapter's rate (a SanResource). SciNetDevice owns one per direction and is told as each
 * packet has crossed.
 *
 * It is cheap per packet: the packets wait in pooled slots whose end-of-step callbacks are made
 * once (not per packet), and the crossing time of each packet size is formed once per rate.
 */
class SciDatapath
{
  public:
    /// A packet has crossed: (the packet, its header, the peer given with it).
    typedef Callback<void, Ptr<Packet>, const SciHeader&, uint32_t> CrossedCallback;

    SciDatapath();
    SciDatapath(const SciDatapath&) = delete;
    SciDatapath& operator=(const SciDatapath&) = delete;

    /// \param crossed called as each packet has crossed
    void SetCrossedCallback(CrossedCallback crossed);

    /**
     * \param rate the adapter's rate
     * \param bytes a packet's size
     * \return how long the packet takes at \p rate (DataRate::CalculateBytesTxTime, memoized)
     */
    Time GetCrossingTime(const DataRate& rate, uint32_t bytes) const;

    /**
     * \brief Queue a packet to cross after those before it.
     * \param duration how long it occupies the datapath
     * \param packet the packet
     * \param header its header (handed back with it; may be a default one)
     * \param peer handed back with it (a node or a host number)
     */
    void Cross(Time duration, Ptr<Packet> packet, const SciHeader& header, uint32_t peer);

    /// \return the datapath as a server (for statistics)
    Ptr<SanResource> GetResource() const;

    /// \brief Drop the waiting packets and dispose the server (the owner's DoDispose).
    void Dispose();

  private:
    /// A packet on the datapath.
    struct Slot
    {
        Ptr<Packet> packet;  //!< the packet
        SciHeader header;    //!< its header
        uint32_t peer{0};    //!< its peer
        Callback<void> done; //!< Crossed(this slot) (made once)
    };

    /// \param slot the slot whose packet has crossed
    void Crossed(uint32_t slot);

    Ptr<SanResource> m_resource;  //!< the datapath as a server
    CrossedCallback m_crossed;    //!< the owner
    std::vector<Slot> m_slots;    //!< the pool of slots
    std::vector<uint32_t> m_free; //!< free slots
    /// Packet sizes whose crossing time is memoized (an SCI packet is at most 64 bytes of data
    /// and its header).
    static constexpr uint32_t MEMO_SIZES = 1024;

    /// GetCrossingTime's times by size, shared by every datapath at m_bps (one per datapath
    /// cost ~0.6 KiB a host at scale)
    mutable SanTimeTable* m_crossingTimes{nullptr};
    mutable uint64_t m_bps{0}; //!< the rate m_crossingTimes is for
};

} // namespace ns3

#endif /* SCI_DATAPATH_H */
