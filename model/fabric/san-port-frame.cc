/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanPort's frame (see "The port's frame" in san-port.h), in which a small credit table's release
// times, the pending wake-up time and the time the link is busy until are kept as 32-bit
// offsets: moving it to now, and what a time beyond it takes (a heap table, the extras). The
// credit table's scans are the policy SanPort::CreditFlow's (san-port-flow-control.cc).

#include "san-channel.h"
#include "san-port-flow-control.h"
#include "san-port.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

#include <limits>

namespace ns3
{

void
SanPort::Reframe(int64_t now)
{
    const int64_t frame = now >> s_frameShift;
    if (frame == m_frame)
    {
        return;
    }
    NS_ABORT_MSG_IF(frame > std::numeric_limits<uint32_t>::max(),
                    "SanPort: time step " << now << " is past what a port's frame counts");
    // Decode with the old frame, encode with the new one: a time before its base is past
    // (the base is at most now), and any later time fits, since the frame only moves forward.
    int64_t slots[INLINE_SLOTS];
    const bool framedSlots =
        !m_heapSlots && WithFlow([](auto flow) { return decltype(flow)::FRAMED_SLOTS; });
    for (uint32_t i = 0; framedSlots && i < INLINE_SLOTS; ++i)
    {
        slots[i] = FrameDecode(m_slotStore.framed[i]);
    }
    const int64_t wake = PendingWake();
    const int64_t busyUntil = BusyUntil();
    m_frame = static_cast<uint32_t>(frame);
    for (uint32_t i = 0; framedSlots && i < INLINE_SLOTS; ++i)
    {
        FrameEncode(slots[i], m_slotStore.framed[i]);
    }
    FrameEncode(wake, m_wake);           // a far wake-up stays far unless it now fits
    FrameEncode(busyUntil, m_busyUntil); // so does a far busy-until time
}

void
SanPort::SetFrameShift(int shift)
{
    NS_ABORT_MSG_IF(shift < 1 || shift > 30,
                    "SanPort::SetFrameShift: a frame of 2^" << shift
                                                            << " time steps (1 to 30, please)");
    s_frameShift = shift;
    s_framedMax = static_cast<uint32_t>((uint64_t{4} << shift) - 3);
}

void
SanPort::SetSlotSlow(uint32_t slot, int64_t ts)
{
    // ts is past the frame: move the frame to now and try again; a time still beyond it (more
    // than three frames ahead) moves the table to the heap for good.
    Reframe(Simulator::Now().GetTimeStep());
    if (!m_heapSlots && FrameEncode(ts, m_slotStore.framed[slot]))
    {
        return;
    }
    if (!m_heapSlots)
    {
        auto* heap = new int64_t[INLINE_SLOTS];
        for (uint32_t i = 0; i < INLINE_SLOTS; ++i)
        {
            heap[i] = FrameDecode(m_slotStore.framed[i]);
        }
        m_slotStore.heap = heap;
        m_heapSlots = 1;
    }
    m_slotStore.heap[slot] = ts;
}

int64_t
SanPort::FarBusyUntil() const
{
    return FindExtras().farBusyUntil;
}

void
SanPort::SetBusyUntilSlow(int64_t ts)
{
    Reframe(Simulator::Now().GetTimeStep());
    if (!FrameEncode(ts, m_busyUntil))
    {
        GetExtras().farBusyUntil = ts; // more than three frames ahead
        m_busyUntil = FRAMED_FAR;
    }
}

int64_t
SanPort::PendingWake() const
{
    if (m_wake == FRAMED_FAR)
    {
        return FindExtras().farWake;
    }
    return FrameDecode(m_wake);
}

void
SanPort::SetPendingWake(int64_t ts, int64_t now)
{
    if (FrameEncode(ts, m_wake))
    {
        return;
    }
    Reframe(now);
    if (!FrameEncode(ts, m_wake))
    {
        GetExtras().farWake = ts; // more than three frames ahead
        m_wake = FRAMED_FAR;
    }
}

} // namespace ns3
