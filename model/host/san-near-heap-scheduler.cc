/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-near-heap-scheduler.h"

#include "ns3/abort.h"
#include "ns3/event-impl.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNearHeapScheduler");

NS_OBJECT_ENSURE_REGISTERED(SanNearHeapScheduler);

namespace
{

/// The heap's order for std::push_heap and std::pop_heap: a runs after b.
struct NearHeapLater
{
    bool operator()(const Scheduler::Event& a, const Scheduler::Event& b) const
    {
        return b.key < a.key;
    }
};

} // namespace

TypeId
SanNearHeapScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanNearHeapScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("San")
                            .AddConstructor<SanNearHeapScheduler>();
    return tid;
}

SanNearHeapScheduler::SanNearHeapScheduler() = default;

SanNearHeapScheduler::~SanNearHeapScheduler() = default;

void
SanNearHeapScheduler::HeapPush(const Event& ev)
{
    m_heap.push_back(ev);
    std::push_heap(m_heap.begin(), m_heap.end(), NearHeapLater());
    if (m_heap.size() >= m_sweepAt)
    {
        Sweep();
    }
}

void
SanNearHeapScheduler::Sweep()
{
    // Cancelled events to the other heap (a cancel is for good), the rest kept and re-heaped:
    // a pass over the heap each time it has doubled, so a few steps an insertion at most.
    size_t kept = 0;
    for (const Event& e : m_heap)
    {
        if (e.impl->IsCancelled())
        {
            m_cancelled.push_back(e);
            std::push_heap(m_cancelled.begin(), m_cancelled.end(), NearHeapLater());
        }
        else
        {
            m_heap[kept++] = e;
        }
    }
    m_heap.resize(kept);
    std::make_heap(m_heap.begin(), m_heap.end(), NearHeapLater());
    m_sweepAt = std::max<size_t>(SWEEP_MIN, 2 * kept);
}

bool
SanNearHeapScheduler::CancelledFirst() const
{
    if (m_cancelled.empty())
    {
        return false;
    }
    const Scheduler::EventKey& dead = m_cancelled.front().key;
    return m_laneLength > 0 ? dead < m_lane[m_laneLength - 1].key
                            : m_heap.empty() || dead < m_heap.front().key;
}

void
SanNearHeapScheduler::Insert(const Event& ev)
{
    if (!m_heap.empty() && !(ev.key < m_heap.front().key))
    {
        HeapPush(ev); // later than the whole lane
        return;
    }
    if (m_laneLength == LANE)
    {
        if (m_lane[0].key < ev.key)
        {
            HeapPush(ev); // later than the whole lane (and the heap is empty or later still)
            return;
        }
        // The lane's latest is still earlier than the heap's first: it becomes the first.
        HeapPush(m_lane[0]);
        std::copy(m_lane + 1, m_lane + LANE, m_lane);
        --m_laneLength;
    }
    uint32_t i = m_laneLength;
    while (i > 0 && m_lane[i - 1].key < ev.key)
    {
        m_lane[i] = m_lane[i - 1];
        --i;
    }
    m_lane[i] = ev;
    ++m_laneLength;
}

bool
SanNearHeapScheduler::IsEmpty() const
{
    return m_laneLength == 0 && m_heap.empty() && m_cancelled.empty();
}

Scheduler::Event
SanNearHeapScheduler::PeekNext() const
{
    NS_ASSERT(!IsEmpty());
    if (CancelledFirst())
    {
        return m_cancelled.front();
    }
    return m_laneLength > 0 ? m_lane[m_laneLength - 1] : m_heap.front();
}

Scheduler::Event
SanNearHeapScheduler::RemoveNext()
{
    NS_ASSERT(!IsEmpty());
    if (CancelledFirst())
    {
        // Handed back at its time like any other: the simulator advances to it, then skips it.
        const Event next = m_cancelled.front();
        std::pop_heap(m_cancelled.begin(), m_cancelled.end(), NearHeapLater());
        m_cancelled.pop_back();
        return next;
    }
    if (m_laneLength > 0)
    {
        return m_lane[--m_laneLength];
    }
    const Event next = m_heap.front();
    std::pop_heap(m_heap.begin(), m_heap.end(), NearHeapLater());
    m_heap.pop_back();
    return next;
}

void
SanNearHeapScheduler::Remove(const Event& ev)
{
    // Simulator::Remove only (a cancel leaves the event in place): a search, as ns-3's heap does.
    for (uint32_t i = 0; i < m_laneLength; ++i)
    {
        if (m_lane[i].key.m_uid == ev.key.m_uid)
        {
            std::copy(m_lane + i + 1, m_lane + m_laneLength, m_lane + i);
            --m_laneLength;
            return;
        }
    }
    const auto it = std::find_if(m_heap.begin(), m_heap.end(), [&ev](const Event& e) {
        return e.key.m_uid == ev.key.m_uid;
    });
    NS_ABORT_MSG_IF(it == m_heap.end(),
                    "SanNearHeapScheduler::Remove: event " << ev.key.m_uid << " is not pending");
    m_heap.erase(it);
    std::make_heap(m_heap.begin(), m_heap.end(), NearHeapLater());
}

} // namespace ns3
