/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_XON_XOFF_BUFFER_H
#define SAN_XON_XOFF_BUFFER_H

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The receiving end's view of its input buffers on an Xon/Xoff link: which packets
 * occupy each virtual channel's buffer, from when, until when, and whether the sender has been
 * told to stop (Xoff) on that channel.
 *
 * Plain bookkeeping, no events: the port that owns it (SanPort) asks it when a decision
 * may be due and schedules its own check for that time. A packet counts in full from the arrival
 * of its head until its tail leaves the switch (its release), an upper bound on the bytes really
 * in the buffer, so the receiver errs towards stopping the sender early, never late. Both times
 * are known before they happen (a head arrives one propagation delay after it left the sender;
 * a release is known when the packet leaves by an output), except that a blocked wormhole
 * packet's release is "held" (unknown) until its head moves again.
 */
class SanXonXoffBuffer
{
  public:
    /// A release time not yet known (the packet's tail has not started to leave).
    static constexpr int64_t HELD = std::numeric_limits<int64_t>::max();

    /**
     * \param nVcs virtual channels (one buffer each)
     * \param xoffBytes occupancy at or above which the sender is stopped
     * \param xonBytes occupancy at or below which a stopped sender is restarted
     */
    void Setup(uint32_t nVcs, uint32_t xoffBytes, uint32_t xonBytes);

    /**
     * A packet's head will arrive at arriveTs on channel vc; forget packets gone by now.
     * \param vc virtual channel
     * \param bytes the bytes it counts for
     * \param arriveTs head arrival (time steps)
     * \param now current time
     * \return its entry, to name it in SetRelease
     */
    uint32_t Admit(uint32_t vc, uint32_t bytes, int64_t arriveTs, int64_t now);
    /**
     * The packet in an entry leaves the buffer at ts (or is HELD again).
     * \param id entry
     * \param ts release time, or HELD
     * \return its virtual channel
     */
    uint32_t SetRelease(uint32_t id, int64_t ts);

    /// \param vc channel \param t time \return bytes in vc's buffer at t, as known now (a HELD
    /// packet counts as present)
    uint64_t GetOccupancy(uint32_t vc, int64_t t) const;
    /**
     * \param vc channel
     * \param now current time
     * \return the earliest time after now at which, as known now, vc's occupancy reaches the
     * Xoff mark (vc running) or falls to the Xon mark (vc stopped), or exceeds limit; HELD if
     * none
     * \param limit bytes the buffer holds (0: no limit checked)
     */
    int64_t NextDecision(uint32_t vc, int64_t now, uint32_t limit) const;

    /// \param vc channel \return true if its sender has been told Xoff
    bool IsXoff(uint32_t vc) const
    {
        return m_xoff[vc] != 0;
    }

    /// \param vc channel \param xoff new state
    void SetXoff(uint32_t vc, bool xoff)
    {
        m_xoff[vc] = xoff ? 1 : 0;
    }

    /// \return the Xoff mark
    uint32_t GetXoffBytes() const
    {
        return m_xoffBytes;
    }

    /// \return the Xon mark
    uint32_t GetXonBytes() const
    {
        return m_xonBytes;
    }

    /// \return the number of virtual channels
    uint32_t GetNVcs() const
    {
        return static_cast<uint32_t>(m_xoff.size());
    }

    // What the owning port keeps only on Xon/Xoff links (here, so that a credit port is no
    // larger than before).

    /// \param limit bytes a buffer holds, checked as the port runs (0: unchecked)
    void SetLimit(uint32_t limit)
    {
        m_limit = limit;
    }

    /// \return bytes a buffer holds (0: unchecked)
    uint32_t GetLimit() const
    {
        return m_limit;
    }

    /// \return the time of the owner's pending check (HELD: none)
    int64_t GetCheckTs() const
    {
        return m_checkTs;
    }

    /// \param ts the time of the owner's pending check (HELD: none)
    void SetCheckTs(int64_t ts)
    {
        m_checkTs = ts;
    }

    /// Count a symbol sent. \param xoff true for Xoff
    void CountSymbol(bool xoff)
    {
        ++(xoff ? m_xoffSent : m_xonSent);
    }

    /// \return Xoff symbols sent
    uint64_t GetXoffSent() const
    {
        return m_xoffSent;
    }

    /// \return Xon symbols sent
    uint64_t GetXonSent() const
    {
        return m_xonSent;
    }

  private:
    /// One packet in a buffer.
    struct Entry
    {
        int64_t arriveTs;  //!< its head arrives
        int64_t releaseTs; //!< its tail leaves (HELD: not known)
        uint32_t bytes;    //!< what it counts for
        uint32_t vc;       //!< its channel (FREE: entry unused)
    };

    static constexpr uint32_t FREE = 0xffffffff; //!< Entry::vc of an unused entry

    std::vector<Entry> m_entries; //!< packets, by entry id
    std::vector<uint32_t> m_free; //!< unused entry ids
    std::vector<uint8_t> m_xoff;  //!< per channel: the sender has been told Xoff
    uint32_t m_xoffBytes{0};      //!< Xoff mark
    uint32_t m_xonBytes{0};       //!< Xon mark
    uint32_t m_limit{0};          //!< bytes a buffer holds (0: unchecked)
    int64_t m_checkTs{HELD};      //!< owner's pending check
    uint64_t m_xoffSent{0};       //!< counter
    uint64_t m_xonSent{0};        //!< counter
    mutable std::vector<std::pair<int64_t, int64_t>> m_steps; //!< scratch: (time, +-bytes)
};

} // namespace ns3

#endif /* SAN_XON_XOFF_BUFFER_H */
