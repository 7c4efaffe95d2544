/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PORT_FLOW_CONTROL_H
#define SAN_PORT_FLOW_CONTROL_H

// A port's link-level flow control as a policy: what a packet's entry, the queue's service and
// a departure (SanPort's templates ForwardWith, ServeQueueWith, Depart) ask of it, and how the
// port sets up and counts its side of the link. A port's policy is chosen once, by its link's
// FlowControl as it attaches (the m_xonXoff bit), and the port's entry points dispatch on it
// once (SanPort::WithFlow); the only other test of the bit is SanPort::ReturnCredit's (inline
// in san-channel.h, once per credit), which sends a released slot to the credit table or to the
// Xon/Xoff receiver. The policies keep their state in the port's packed record (m_slotStore:
// the credit table, or the Xon/Xoff gate), so a port costs no more than before; an Xon/Xoff
// link's receiving end keeps its buffers in a SanXonXoffReceiver among the port's extras.

#include "san-channel.h"
#include "san-port.h"

#include <algorithm>

namespace ns3
{

/**
 * \ingroup san
 * Credits (the default): a packet takes a free slot of the far end's buffer, whose release
 * times the port's credit table keeps, so a packet may be committed to follow the one on the
 * link.
 */
struct SanPort::CreditFlow
{
    /// A packet that finds a slot free may be committed to follow the packet on the link.
    static constexpr bool COMMITS_TO_BUSY_LINK = true;
    /// A small credit table keeps framed release times (SanPort::Reframe re-encodes them).
    static constexpr bool FRAMED_SLOTS = true;
    /// Not Xon/Xoff (SanPort::IsXonXoff).
    static constexpr bool XON_XOFF = false;

    /// Size the credit table for the fabric's channels and slots (all free).
    /// \param port the port \param fabric its fabric
    static void Prepare(SanPort& port, const SanFabric& fabric);

    /// Nothing to set up once the link is connected. \param port the port
    static void Connect(SanPort& /* port */)
    {
    }

    /**
     * \param port the port \param vcMask acceptable channels \param ts the time
     * \param slot set to the slot granted \param vc set to its channel
     * \return true if a slot of those channels is free at ts
     */
    static bool Grant(const SanPort& port,
                      uint32_t vcMask,
                      int64_t ts,
                      uint32_t& slot,
                      uint32_t& vc)
    {
        const SanLinkTiming& t = port.Timing();
        auto scan = [&](const auto* slots, auto limit) {
            for (uint32_t c = 0; c < t.nVcs; ++c)
            {
                if ((vcMask & (1u << c)) == 0)
                {
                    continue;
                }
                const uint32_t base = c * t.slotsPerVc;
                for (uint32_t i = 0; i < t.slotsPerVc; ++i)
                {
                    if (slots[base + i] <= limit)
                    {
                        vc = c;
                        slot = base + i;
                        return true;
                    }
                }
            }
            return false;
        };
        return port.m_heapSlots ? scan(port.m_slotStore.heap, ts)
                                : scan(port.m_slotStore.framed, port.FrameQuery(ts));
    }

    /// \param port the port \param vcMask channels \param ts the time
    /// \return when a slot of a refused packet's channels is known to free (HELD: a credit
    /// will wake the port)
    static int64_t NextChance(const SanPort& port, uint32_t vcMask, int64_t ts)
    {
        return EarliestRelease(port, vcMask, ts);
    }

    /// \param port the port \param vcMask channels \param ts time
    /// \return the earliest known release time of a slot in vcMask after ts (HELD if none)
    static int64_t EarliestRelease(const SanPort& port, uint32_t vcMask, int64_t ts);

    /**
     * \param port the port
     * \param firstVc the first virtual channel to look at
     * \param vcMask the channels to count
     * \param now the time now
     * \return slots of those channels in use at now (released later, or HELD)
     */
    static uint32_t CountInUse(const SanPort& port, uint32_t firstVc, uint32_t vcMask, int64_t now);

    /// \param port the port \param vc a channel (below the link's) \param now the time
    /// \return slots of that channel at the far end in use now
    static uint32_t SlotsInUse(const SanPort& port, uint32_t vc, int64_t now)
    {
        return CountInUse(port, vc, 1u << vc, now);
    }

    /// A packet leaves on slot: it holds it until a credit says otherwise.
    /// \param port the port \param slot the slot
    static void Take(SanPort& port, uint32_t slot)
    {
        port.SetSlot(slot, HELD);
    }

    /// The far end is a host, which drains at link speed: the slot frees with the tail.
    /// \param port the port \param slot the slot \param end the tail's departure
    static void DrainAtSink(SanPort& port, uint32_t slot, int64_t end)
    {
        port.SetSlot(slot, end);
    }

    /// \param port the port \param vcMask channels \param now the time
    /// \return what the far end's buffers add to the port's occupancy: slots in use
    static uint32_t Occupancy(const SanPort& port, uint32_t vcMask, int64_t now)
    {
        return port.m_link == 0 ? 0 : CountInUse(port, 0, vcMask, now);
    }
};

/**
 * \ingroup san
 * Xon/Xoff (CLAN 1999, section 2.2): no credits; a packet takes a channel the far end has not
 * stopped, and only when the link is idle (an Xoff may come before the link frees).
 */
struct SanPort::XonXoffFlow
{
    /// A packet starts only on an idle link.
    static constexpr bool COMMITS_TO_BUSY_LINK = false;
    /// The slot store keeps the gate, no times.
    static constexpr bool FRAMED_SLOTS = false;
    /// Xon/Xoff (SanPort::IsXonXoff).
    static constexpr bool XON_XOFF = true;

    /// Open every channel's gate. \param port the port \param fabric its fabric
    static void Prepare(SanPort& port, const SanFabric& fabric);

    /// The link is connected: a port sending into a switch's buffers sends XPACKETs, and a
    /// switch port receiving on the link makes its SanXonXoffReceiver (checking the marks).
    /// \param port the port
    static void Connect(SanPort& port);

    /**
     * \param port the port \param vcMask acceptable channels \param ts the time (unused)
     * \param slot set to the channel granted (the far end counts the packet in its buffer)
     * \param vc set to the channel granted
     * \return true if one of those channels is open
     */
    static bool Grant(const SanPort& port,
                      uint32_t vcMask,
                      int64_t /* ts */,
                      uint32_t& slot,
                      uint32_t& vc)
    {
        const uint32_t open = vcMask & ~port.m_slotStore.xoffMask;
        if (open == 0)
        {
            return false;
        }
        slot = vc = static_cast<uint32_t>(__builtin_ctz(open));
        return true;
    }

    /// \return HELD: an Xon will serve the queue again
    static int64_t NextChance(const SanPort& /* port */, uint32_t /* vcMask */, int64_t /* ts */)
    {
        return HELD;
    }

    /// Nothing to note: the far end's buffer counts the packet.
    static void Take(SanPort& /* port */, uint32_t /* slot */)
    {
    }

    /// Nothing to note: a host keeps no Xon/Xoff buffer.
    static void DrainAtSink(SanPort& /* port */, uint32_t /* slot */, int64_t /* end */)
    {
    }

    /// \param port the port \param vcMask channels \param now the time (unused)
    /// \return no credits to count: a stopped channel counts as one more packet ahead
    static uint32_t Occupancy(const SanPort& port, uint32_t vcMask, int64_t /* now */)
    {
        return static_cast<uint32_t>(__builtin_popcount(vcMask & port.m_slotStore.xoffMask));
    }

    /// \return 0: an Xon/Xoff link keeps no credits
    static uint32_t SlotsInUse(const SanPort& /* port */, uint32_t /* vc */, int64_t /* now */)
    {
        return 0;
    }
};

template <class F>
decltype(auto)
SanPort::WithFlow(F&& f)
{
    return m_xonXoff ? f(XonXoffFlow{}) : f(CreditFlow{});
}

template <class F>
decltype(auto)
SanPort::WithFlow(F&& f) const
{
    return m_xonXoff ? f(XonXoffFlow{}) : f(CreditFlow{});
}

} // namespace ns3

#endif /* SAN_PORT_FLOW_CONTROL_H */
