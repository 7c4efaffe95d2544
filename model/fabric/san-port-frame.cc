/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanPort's credit table, wake-up and busy-until times (see "The port's frame" in san-port.h):
// the scans of the table other than CreditFlow::Grant (inline in san-port-flow-control.h), and
// the frame in which a small table's release times, the pending wake-up time and the time the
// link is busy until are kept as 32-bit offsets -- moving it to now, and what a time beyond it
// takes (a heap table, the extras).

#include "san-channel.h"
#include "san-port.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

#include <limits>

namespace ns3
{

int64_t
SanPort::EarliestRelease(uint32_t vcMask, int64_t ts) const
{
    const SanLinkTiming& t = Timing();
    auto scan = [&](const auto* slots, auto limit, auto none) {
        auto best = none;
        for (uint32_t vc = 0; vc < t.nVcs; ++vc)
        {
            if ((vcMask & (1u << vc)) == 0)
            {
                continue;
            }
            const uint32_t base = vc * t.slotsPerVc;
            for (uint32_t i = 0; i < t.slotsPerVc; ++i)
            {
                const auto r = slots[base + i];
                if (r > limit && r < best)
                {
                    best = r;
                }
            }
        }
        return best;
    };
    if (m_heapSlots)
    {
        return scan(m_slotStore.heap, ts, HELD);
    }
    return FrameDecode(scan(m_slotStore.framed, FrameQuery(ts), FRAMED_NONE));
}

uint32_t
SanPort::CountInUse(uint32_t firstVc, uint32_t vcMask, int64_t now) const
{
    const SanLinkTiming& t = Timing();
    auto count = [&](const auto* slots, auto limit) {
        uint32_t n = 0;
        for (uint32_t vc = firstVc; vc < t.nVcs; ++vc)
        {
            if ((vcMask & (1u << vc)) == 0)
            {
                continue;
            }
            const uint32_t base = vc * t.slotsPerVc;
            for (uint32_t i = 0; i < t.slotsPerVc; ++i)
            {
                n += slots[base + i] > limit ? 1 : 0;
            }
        }
        return n;
    };
    return m_heapSlots ? count(m_slotStore.heap, now) : count(m_slotStore.framed, FrameQuery(now));
}

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
    const bool framedSlots = !m_heapSlots && !m_xonXoff;
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
