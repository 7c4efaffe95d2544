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

SanOrderedScheduler::SanOrderedScheduler()
{
    static_assert(sizeof(void*) != 8 || sizeof(Entry) == 32, "an entry is 32 bytes");
    static_assert(sizeof(void*) != 8 ||
                      (sizeof(Block) <= 4096 && sizeof(Block) + sizeof(Entry) > 4096),
                  "a block is one 4 KiB allocation");
    static_assert(SanFabricEventBase::CLASS_PACKET <= CLASS_MASK, "a class takes two bits");
}

SanOrderedScheduler::~SanOrderedScheduler()
{
    for (Bucket& bucket : m_buckets)
    {
        for (Block* b = bucket.head; b != nullptr;)
        {
            Block* next = b->next;
            delete b;
            b = next;
        }
    }
    while (m_free != nullptr)
    {
        Block* next = m_free->next;
        delete m_free;
        m_free = next;
    }
}

SanOrderedScheduler::Block*
SanOrderedScheduler::NewBlock()
{
    Block* b = m_free;
    if (b != nullptr)
    {
        m_free = b->next;
    }
    else
    {
        b = new Block;
    }
    b->next = nullptr;
    b->n = 0;
    return b;
}

void
SanOrderedScheduler::FreeBlock(Block* block)
{
    block->next = m_free;
    m_free = block;
}

SanOrderedScheduler::Block*
SanOrderedScheduler::Grow(Bucket& bucket)
{
    Block* b = NewBlock();
    if (bucket.tail == nullptr)
    {
        bucket.head = b;
    }
    else
    {
        bucket.tail->next = b;
    }
    bucket.tail = b;
    return b;
}

uint32_t
SanOrderedScheduler::BucketOf(uint64_t ts) const
{
    return ts == m_last ? 0 : 64 - static_cast<uint32_t>(__builtin_clzll(ts ^ m_last));
}

void
SanOrderedScheduler::Insert(const Event& ev)
{
    const auto addr = reinterpret_cast<uintptr_t>(ev.impl);
    NS_ASSERT_MSG((addr & CLASS_MASK) == 0, "SanOrderedScheduler: an event on an odd address");
    Entry e{ev.key.m_ts, 0, addr, ev.key.m_uid, ev.key.m_context}; // class 0: CLASS_NONE
    // Every fabric event is ordered in the expression that schedules it, so the event ordered
    // last is the one arriving here; any other event keeps class 0 (ns-3's own order), as an
    // unordered fabric event would. (A dynamic_cast per event cost 2% of a large run.)
    if (const SanFabricEventBase* fe = SanFabricEventBase::TakeOrdered(ev.impl))
    {
        e.implCls |= fe->GetOrderClass();
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
    Append(m_buckets[b], e);
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
    const Bucket from = m_buckets[b];
    m_buckets[b] = Bucket{};
    uint64_t least = from.head->e[0].ts;
    for (const Block* blk = from.head; blk != nullptr; blk = blk->next)
    {
        for (uint32_t i = 0; i < blk->n; ++i)
        {
            least = std::min(least, blk->e[i].ts);
        }
    }
    m_last = least;
    m_nonEmpty &= ~(uint64_t(1) << (b - 1));
    for (Block* blk = from.head; blk != nullptr;)
    {
        for (uint32_t i = 0; i < blk->n; ++i)
        {
            const Entry& e = blk->e[i];
            const uint32_t to = BucketOf(e.ts);
            if (to == 0)
            {
                m_now.push_back(e);
            }
            else
            {
                Append(m_buckets[to], e);
                m_nonEmpty |= uint64_t(1) << (to - 1);
            }
        }
        // Read: the block can take the entries of the buckets below at once.
        Block* next = blk->next;
        FreeBlock(blk);
        blk = next;
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
    if (next.Class() != SanFabricEventBase::CLASS_NONE)
    {
        static_cast<const SanFabricEventBase*>(next.Impl())->Prefetch();
    }
    for (size_t i = 1; i < 3 && i < m_now.size(); ++i)
    {
        __builtin_prefetch(m_now[i].Impl());
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
    const Bucket& first = m_buckets[1 + static_cast<uint32_t>(__builtin_ctzll(m_nonEmpty))];
    const Entry* best = &first.head->e[0];
    for (const Block* blk = first.head; blk != nullptr; blk = blk->next)
    {
        for (uint32_t i = 0; i < blk->n; ++i)
        {
            if (After()(*best, blk->e[i]))
            {
                best = &blk->e[i];
            }
        }
    }
    return best->ToEvent();
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
    auto same = [&ev](const Entry& e) { return e.Impl() == ev.impl && e.uid == ev.key.m_uid; };
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
        Bucket& bucket = m_buckets[b];
        for (Block* blk = bucket.head; blk != nullptr; blk = blk->next)
        {
            Entry* at = std::find_if(blk->e, blk->e + blk->n, same);
            if (at == blk->e + blk->n)
            {
                continue;
            }
            // The bucket's last entry takes its place; a tail block left empty goes.
            Block* tail = bucket.tail;
            *at = tail->e[--tail->n];
            if (tail->n == 0)
            {
                Block* prev = nullptr;
                for (Block* x = bucket.head; x != tail; x = x->next)
                {
                    prev = x;
                }
                if (prev == nullptr)
                {
                    bucket = Bucket{};
                    m_nonEmpty &= ~(uint64_t(1) << (b - 1));
                }
                else
                {
                    prev->next = nullptr;
                    bucket.tail = prev;
                }
                FreeBlock(tail);
            }
            --m_size;
            return;
        }
    }
    NS_ABORT_MSG("SanOrderedScheduler::Remove: no such event");
}

} // namespace ns3
