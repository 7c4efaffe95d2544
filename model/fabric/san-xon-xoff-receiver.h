/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_XON_XOFF_RECEIVER_H
#define SAN_XON_XOFF_RECEIVER_H

#include "san-xon-xoff-buffer.h"

#include <cstdint>

namespace ns3
{

class SanPort;
struct SanFabricPacket;

/**
 * \ingroup san
 * \brief The receiving end of an Xon/Xoff link (SanChannel FlowControl XonXoff; CLAN 1999,
 * section 2.2): its input buffers' bookkeeping (SanXonXoffBuffer) and its decisions to send
 * Xoff or Xon as a buffer crosses a mark.
 *
 * A port that receives on an Xon/Xoff link (a switch port; a host drains at link speed and
 * needs none) has one, kept in the port's extras, so a credit port carries nothing of it. The
 * marks are checked at set-up against the link's round trip and the switching mode's
 * per-packet headroom (SanSwitchingPolicy::GetXonXoffUnit), so that nothing sent after an
 * Xoff can overflow a buffer. The decisions cost one event each (the port's HandleCheck), at
 * the times the buffer's known contents say a mark may be crossed, not one per byte. The
 * sender's side, the gate the far end's symbols set, is the flow-control policy
 * SanPort::XonXoffFlow.
 */
class SanXonXoffReceiver
{
  public:
    /**
     * Check the marks of the port's link against its buffer and round trip (aborts if data
     * could be lost) and set up the buffers' bookkeeping.
     * \param port the receiving port, connected
     */
    explicit SanXonXoffReceiver(const SanPort& port);

    /**
     * An XPACKET's head arrives at headTs on the channel its sender chose (p->holdSlot):
     * count it, then let p's holdSlot name its entry.
     * \param port the receiving port
     * \param p the packet
     * \param headTs its head's arrival
     */
    void Admit(SanPort& port, SanFabricPacket* p, int64_t headTs);
    /**
     * An entry's packet leaves the buffer at ts (or is HELD again).
     * \param port the receiving port
     * \param slot the entry
     * \param ts release time, or HELD
     */
    void OnRelease(SanPort& port, uint32_t slot, int64_t ts);
    /**
     * The check the port scheduled is due: send Xoff or Xon where a mark has been crossed,
     * then schedule the next check.
     * \param port the receiving port
     */
    void Check(SanPort& port);

    /// \return the buffers' bookkeeping
    const SanXonXoffBuffer& GetBuffer() const
    {
        return m_buffer;
    }

  private:
    /// Make sure the port checks its buffers at ts. \param port the port \param ts time
    /// (HELD: never)
    void ScheduleCheck(SanPort& port, int64_t ts);

    SanXonXoffBuffer m_buffer; //!< the input buffers
};

} // namespace ns3

#endif /* SAN_XON_XOFF_RECEIVER_H */
