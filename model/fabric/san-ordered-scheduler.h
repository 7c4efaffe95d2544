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
 * \brief An ns-3 scheduler that runs simultaneous fabric events in an order every MPI rank
 * computes alike, kept in a radix heap.
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
 * it).
 *
 * The store is a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, 1990), which suits a discrete
 * event simulator because no event is ever scheduled before the last one removed: an event
 * goes into the bucket named by the highest bit in which its time differs from that time, an
 * append; when the events of the current time run out, the first non-empty bucket is spread
 * over the lower ones around its smallest time. Every event moves at most 64 times, in
 * sequential passes over small blocks, where a binary heap of a fabric's tens of thousands of
 * pending events pays a cache miss at most of its ~16 levels on every removal. The events of
 * the current time wait in a small binary heap ordered by class, key and scheduling order.
 * Only removing an event advances the heap's time: PeekNext looks without spreading, since
 * ns-3's distributed engines peek at the next event and then schedule arrivals before it.
 *
 * A bucket is a list of fixed 4 KiB blocks drawn from one free list, and a bucket being spread
 * gives each block back as soon as it has been read. The store so holds little more than its
 * events: buckets that were growing vectors held up to about three times as much (their
 * doubling room, and a spread's source and destinations at full size at once).
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
    /// The bits of an entry's event pointer that hold its class.
    static constexpr uintptr_t CLASS_MASK = 3;

    /// A heap entry: the event and its full ordering key (32 bytes: the class, 0 to 3, is kept
    /// in the low bits of the event's pointer, which its alignment leaves zero).
    struct Entry
    {
        uint64_t ts;       //!< time
        uint64_t key;      //!< key within the class
        uintptr_t implCls; //!< the event's address, with the class in the two low bits
        uint32_t uid;      //!< ns-3's scheduling order
        uint32_t context;  //!< the event's context

        /// \return the event
        EventImpl* Impl() const
        {
            return reinterpret_cast<EventImpl*>(implCls & ~uintptr_t(CLASS_MASK));
        }

        /// \return the class
        uint32_t Class() const
        {
            return static_cast<uint32_t>(implCls & CLASS_MASK);
        }

        /// \return the event as ns-3 knows it
        Event ToEvent() const
        {
            Event ev;
            ev.impl = Impl();
            ev.key.m_ts = ts;
            ev.key.m_uid = uid;
            ev.key.m_context = context;
            return ev;
        }
    };

    /// The order: a is after b.
    struct After
    {
        bool operator()(const Entry& a, const Entry& b) const
        {
            if (a.ts != b.ts)
            {
                return a.ts > b.ts;
            }
            if (a.Class() != b.Class())
            {
                return a.Class() > b.Class();
            }
            if (a.key != b.key)
            {
                return a.key > b.key;
            }
            return a.uid > b.uid;
        }
    };

    /// Entries of a bucket, a block of them (4 KiB; the order within a bucket does not matter).
    struct Block
    {
        static constexpr uint32_t ENTRIES = 127; //!< entries a block holds
        Block* next;                             //!< the bucket's next block
        uint32_t n;                              //!< entries in use
        Entry e[ENTRIES];                        //!< the entries
    };

    /// A bucket: its blocks, appended to at the tail.
    struct Bucket
    {
        Block* head{nullptr}; //!< first block (nullptr: empty)
        Block* tail{nullptr}; //!< last block, the one appended to
    };

    /// \param ts a time not before m_last \return its bucket (0: m_last itself)
    uint32_t BucketOf(uint64_t ts) const;
    /// \brief Make m_now hold the earliest events, if there are any (spread a bucket).
    void Refill();
    /// Start fetching the next events' memory (see the .cc)
    void PrefetchAhead() const;

    /// \param bucket a bucket \param e an entry to add to it (inline: once per move)
    void Append(Bucket& bucket, const Entry& e)
    {
        Block* t = bucket.tail;
        if (__builtin_expect(t == nullptr || t->n == Block::ENTRIES, 0))
        {
            t = Grow(bucket);
        }
        t->e[t->n++] = e;
    }

    /// \param bucket a bucket whose tail block is full or missing \return its new tail block
    Block* Grow(Bucket& bucket);
    /// \return an empty block, from the free list if it has one
    Block* NewBlock();
    /// \param block a block no bucket holds any more, for the free list
    void FreeBlock(Block* block);

    static constexpr uint32_t BUCKETS = 65; //!< one per bit of a time, and 0 for m_last
    /// Entries m_now may keep room for once empty (see Refill)
    static constexpr size_t RETAINED_NOW_CAPACITY = 16384;

    std::vector<Entry> m_now;  //!< events at m_last: a min-heap by After
    Bucket m_buckets[BUCKETS]; //!< later events by highest differing bit
    Block* m_free{nullptr};    //!< blocks no bucket holds, for reuse
    uint64_t m_nonEmpty{0};    //!< bit b-1 set: bucket b has events
    uint64_t m_last{0};        //!< time of the last event removed
    uint64_t m_size{0};        //!< events held
};

} // namespace ns3

#endif /* SAN_ORDERED_SCHEDULER_H */
