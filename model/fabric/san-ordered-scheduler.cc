/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ordered-scheduler.h"

#include "san-fabric-event.h"

#include "ns3/abort.h"
#include "ns3/event-impl.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanOrderedScheduler");

NS_OBJECT_ENSURE_REGISTERED(SanOrderedScheduler);

TypeId
SanOrderedScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanOrderedScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("San")
                            .AddConstructor<SanOrderedScheduler>();
    return tid;
}

SanOrderedScheduler::SanOrderedScheduler() = default;

SanOrderedScheduler::~SanOrderedScheduler() = default;

uint32_t
SanOrderedScheduler::BucketOf(uint64_t ts) const
{
    return ts == m_last ? 0 : 64 - static_cast<uint32_t>(__builtin_clzll(ts ^ m_last));
}

void
SanOrderedScheduler::Insert(const Event& ev)
{
    Entry e{ev.key.m_ts,
            0,
            ev.impl,
            ev.key.m_uid,
            ev.key.m_context,
            SanFabricEventBase::CLASS_NONE};
    // Every fabric event is ordered in the expression that schedules it, so the event ordered
    // last is the one arriving here; any other event keeps class 0 (ns-3's own order), as an
    // unordered fabric event would. (A dynamic_cast per event cost 2% of a large run.)
    if (const SanFabricEventBase* fe = SanFabricEventBase::TakeOrdered(ev.impl))
    {
        e.cls = fe->GetOrderClass();
        e.key = fe->GetOrderKey();
    }
    NS_ABORT_MSG_IF(e.ts < m_last,
                    "SanOrderedScheduler::Insert: an event at "
                        << e.ts << " before the current time " << m_last);
    ++m_size;
    const uint32_t b = BucketOf(e.ts);
    if (b == 0)
    {
        m_now.push_back(e);
        std::push_heap(m_now.begin(), m_now.end(), After());
        return;
    }
    m_buckets[b].push_back(e);
    m_nonEmpty |= uint64_t(1) << (b - 1);
}

void
SanOrderedScheduler::Refill()
{
    if (!m_now.empty() || m_nonEmpty == 0)
    {
        return;
    }
    // The events of one time are a few hundred at most, but those of time 0 (every device's
    // and application's initialization) may be millions: that room is given back once empty.
    if (m_now.capacity() > RETAINED_NOW_CAPACITY)
    {
        std::vector<Entry>().swap(m_now);
    }
    // The first non-empty bucket holds the earliest events; around its smallest time, every
    // one of its events belongs to a lower bucket, and those of that time to m_now.
    const uint32_t b = 1 + static_cast<uint32_t>(__builtin_ctzll(m_nonEmpty));
    std::vector<Entry>& from = m_buckets[b];
    uint64_t least = from.front().ts;
    for (const Entry& e : from)
    {
        least = std::min(least, e.ts);
    }
    m_last = least;
    m_nonEmpty &= ~(uint64_t(1) << (b - 1));
    for (const Entry& e : from)
    {
        const uint32_t to = BucketOf(e.ts);
        if (to == 0)
        {
            m_now.push_back(e);
        }
        else
        {
            m_buckets[to].push_back(e);
            m_nonEmpty |= uint64_t(1) << (to - 1);
        }
    }
    // Each bucket would otherwise keep the capacity of the most events it ever held, and over a
    // run nearly every event passes through most buckets: memory would be a multiple of the
    // events pending (3 KiB more per host on a 1,024-host tree). A large bucket, just spread,
    // gives its memory back; growing it again later costs no more than this spreading did.
    if (from.capacity() > RETAINED_CAPACITY)
    {
        std::vector<Entry>().swap(from);
    }
    else
    {
        from.clear();
    }
    std::make_heap(m_now.begin(), m_now.end(), After());
    PrefetchAhead();
}

void
SanOrderedScheduler::PrefetchAhead() const
{
    // On a large fabric each event's first touch of its object and packet misses the caches
    // (a microsecond a hop at 65,536 hosts, most of it waiting for memory). The next event is
    // m_now's top; the one after it is one of the top's children. Their event blocks were
    // fetched one removal ago, so asking the next event for its object and packet is cheap.
    if (m_now.empty())
    {
        return;
    }
    const Entry& next = m_now.front();
    if (next.cls != SanFabricEventBase::CLASS_NONE)
    {
        static_cast<const SanFabricEventBase*>(next.impl)->Prefetch();
    }
    for (size_t i = 1; i < 3 && i < m_now.size(); ++i)
    {
        __builtin_prefetch(m_now[i].impl);
    }
}

bool
SanOrderedScheduler::IsEmpty() const
{
    return m_size == 0;
}

Scheduler::Event
SanOrderedScheduler::PeekNext() const
{
    NS_ABORT_MSG_IF(m_size == 0, "SanOrderedScheduler::PeekNext: no event");
    if (!m_now.empty())
    {
        return m_now.front().ToEvent();
    }
    const std::vector<Entry>& first =
        m_buckets[1 + static_cast<uint32_t>(__builtin_ctzll(m_nonEmpty))];
    return std::min_element(first.begin(),
                            first.end(),
                            [](const Entry& a, const Entry& b) { return After()(b, a); })
        ->ToEvent();
}

Scheduler::Event
SanOrderedScheduler::RemoveNext()
{
    NS_ABORT_MSG_IF(m_size == 0, "SanOrderedScheduler::RemoveNext: no event");
    Refill();
    std::pop_heap(m_now.begin(), m_now.end(), After());
    Event ev = m_now.back().ToEvent();
    m_now.pop_back();
    --m_size;
    PrefetchAhead();
    return ev;
}

void
SanOrderedScheduler::Remove(const Event& ev)
{
    auto same = [&ev](const Entry& e) { return e.impl == ev.impl && e.uid == ev.key.m_uid; };
    auto it = std::find_if(m_now.begin(), m_now.end(), same);
    if (it != m_now.end())
    {
        m_now.erase(it);
        std::make_heap(m_now.begin(), m_now.end(), After());
        --m_size;
        return;
    }
    for (uint32_t b = 1; b < BUCKETS; ++b)
    {
        auto at = std::find_if(m_buckets[b].begin(), m_buckets[b].end(), same);
        if (at != m_buckets[b].end())
        {
            m_buckets[b].erase(at);
            if (m_buckets[b].empty())
            {
                m_nonEmpty &= ~(uint64_t(1) << (b - 1));
            }
            --m_size;
            return;
        }
    }
    NS_ABORT_MSG("SanOrderedScheduler::Remove: no such event");
}

} // namespace ns3
