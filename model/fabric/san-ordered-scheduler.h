/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_ORDERED_SCHEDULER_H
#define SAN_ORDERED_SCHEDULER_H

#include "ns3/scheduler.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief An ns-3 scheduler (a binary heap, as ns3::PriorityQueueScheduler) that runs
 * simultaneous fabric events in an order every MPI rank computes alike.
 *
 * ns-3's schedulers order events by time, then by the order they were scheduled in. That second
 * key is not the same in a distributed run as in one process: a message from another rank is
 * handed over one lookahead after it was sent, so the events it causes are scheduled later
 * than the same events in one process, and two packets that reach a switch at the same time
 * may be routed in the other order (an adaptive choice, a place in an output queue). This
 * scheduler orders events by time, then by the class and key that fabric events carry
 * (SanFabricEventBase: port wake-ups by port, then packet arrivals by packet uid), and only
 * then by the order of scheduling. Events without a class (applications, ns-3's own MPI
 * receptions, traces) come first among simultaneous events, in ns-3's order; they carry
 * information that takes effect later, or act on hosts alone.
 *
 * Use it for runs whose results must not depend on the number of ranks (san-distributed sets
 * it); its speed is that of ns3::PriorityQueueScheduler plus one type check per event.
 *
 * Caveat inherited from ns-3: EventId::IsExpired assumes the order of scheduling among
 * simultaneous events; fabric events are never cancelled through EventIds.
 */
class SanOrderedScheduler : public Scheduler
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanOrderedScheduler();
    ~SanOrderedScheduler() override;

    void Insert(const Event& ev) override;
    bool IsEmpty() const override;
    Event PeekNext() const override;
    Event RemoveNext() override;
    void Remove(const Event& ev) override;

  private:
    /// A heap entry: the event and its full ordering key (40 bytes).
    struct Entry
    {
        uint64_t ts;      //!< time
        uint64_t key;     //!< key within the class
        EventImpl* impl;  //!< the event
        uint32_t uid;     //!< ns-3's scheduling order
        uint32_t context; //!< the event's context
        uint8_t cls;      //!< class

        /// \return the event as ns-3 knows it
        Event ToEvent() const
        {
            Event ev;
            ev.impl = impl;
            ev.key.m_ts = ts;
            ev.key.m_uid = uid;
            ev.key.m_context = context;
            return ev;
        }
    };

    /// The heap's order: a is after b.
    struct After
    {
        bool operator()(const Entry& a, const Entry& b) const
        {
            if (a.ts != b.ts)
            {
                return a.ts > b.ts;
            }
            if (a.cls != b.cls)
            {
                return a.cls > b.cls;
            }
            if (a.key != b.key)
            {
                return a.key > b.key;
            }
            return a.uid > b.uid;
        }
    };

    std::vector<Entry> m_heap; //!< min-heap by After
};

} // namespace ns3

#endif /* SAN_ORDERED_SCHEDULER_H */
