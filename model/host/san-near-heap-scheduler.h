/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NEAR_HEAP_SCHEDULER_H
#define SAN_NEAR_HEAP_SCHEDULER_H

#include "ns3/scheduler.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An ns-3 scheduler with ns-3's own order (time, then the order of scheduling): a binary
 * heap with a short sorted lane in front of it for the events that will run next. The paper
 * examples' and the NIC benchmarks' scheduler.
 *
 * It runs every event exactly where ns-3's MapScheduler and PriorityQueueScheduler would (the
 * order is total: no two events share a uid), so a program's results are the same under any
 * of the three. What it saves: in san's NIC runs about two events in five are scheduled
 * before every event already pending (a host's next step, a packet's next hop), and a binary
 * heap sifts each of those from its bottom to its top, eight to eleven levels in a TCP run's
 * thousand or more pending timers and steps. Here such an event goes into the lane, a sorted
 * array of up to LANE events that are all earlier than the heap's first; the next event comes
 * from the lane while it has one. An event that is not earlier than the heap's first, or that
 * is later than a full lane's latest, goes into the heap (it is later than the whole lane); a
 * full lane takes an earlier one by handing its latest to the heap.
 *
 * Cancelled events (ns-3's TCP cancels and re-arms its retransmission timer on every
 * acknowledgement) stay in an ns-3 scheduler until their time: in a TCP stream about 1,990 of
 * 2,000 pending events are such timers, which make every sift of the heap three times as deep.
 * Each time the heap has doubled, a sweep moves its cancelled events to a heap of their own,
 * from which they are handed back at their times, as every scheduler must.
 *
 * For fabric runs whose results must not depend on the number of MPI ranks, use
 * SanOrderedScheduler (another order among simultaneous events, in a radix heap that suits a
 * large fabric's tens of thousands of pending events).
 */
class SanNearHeapScheduler : public Scheduler
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNearHeapScheduler();
    ~SanNearHeapScheduler() override;

    void Insert(const Event& ev) override;
    bool IsEmpty() const override;
    Event PeekNext() const override;
    Event RemoveNext() override;
    void Remove(const Event& ev) override;

    /// The lane's length: long enough for a burst of next steps, short enough to shift.
    static constexpr uint32_t LANE = 16;

    /// The heap's size at which it is first swept of cancelled events.
    static constexpr size_t SWEEP_MIN = 256;

  private:
    /// Push onto the heap (and sweep it, if it has grown enough). \param ev the event
    void HeapPush(const Event& ev);
    /// Move the heap's cancelled events to m_cancelled.
    void Sweep();
    /// \return m_cancelled's first runs before the lane's and the heap's
    bool CancelledFirst() const;

    /// The lane, latest first: m_lane[m_laneLength - 1] runs next; all before the heap's first.
    Event m_lane[LANE];
    uint32_t m_laneLength{0};  //!< events in the lane
    std::vector<Event> m_heap; //!< the rest, a binary heap, earliest at the front
    /// Cancelled events swept out of m_heap, a binary heap: still handed to the simulator at
    /// their time (which advances to it), but no longer in the way of the live ones.
    std::vector<Event> m_cancelled;
    size_t m_sweepAt{SWEEP_MIN}; //!< the heap's size at which it is next swept
};

} // namespace ns3

#endif /* SAN_NEAR_HEAP_SCHEDULER_H */
