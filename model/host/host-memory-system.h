/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_MEMORY_SYSTEM_H
#define HOST_MEMORY_SYSTEM_H

#include "san-duration-memo.h"
#include "san-resource.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace ns3
{

class HostCpu;
class HostMemory;

/**
 * \ingroup san
 * \brief The system bus between processor, memory and the I/O bridge, and the processor's
 * copy loops over it (SCILAN 1998, section 4.2 and Figure 6).
 *
 * On hosts whose memory system is the bottleneck, every byte a processor copies and every
 * byte a device writes into memory occupies one shared resource, the system bus:
 * - a processor copy reads the source one cache line at a time ("LineReadCycles" per line,
 *   the processor stalls on each miss) and writes it with "StoreBytes"-sized stores, each
 *   "MemoryStoreCycles" into memory or "BridgeStoreCycles" into the I/O bridge when the
 *   destination is a device window (a store to remote memory over SCI);
 * - a device write into memory (inbound DMA) costs "InboundLineCycles" per line.
 * Each line read and each line's stores is one step on the bus, so concurrent copies and
 * device writes interleave line by line, and a throughput limit where they meet emerges from
 * the contention rather than from a formula.
 *
 * The processor is held during a copy (an in-order processor stalls on its loads); a copy
 * into a device window also waits when the bridge's posted-write buffer
 * ("PostedWriteBufferBytes") is full, which is how a slow I/O path pushes back on the loop.
 *
 * Pages can be cached write-back (the default), write-through or not at all (SHRIMP 1996,
 * section 3.1: chosen per virtual page in the page tables). The policy changes what a
 * processor's loads and a device's writes cost: a device write into a cacheable page also
 * pays "SnoopLineCycles" per line (the caches are snooped and the line invalidated), a
 * process polling a cached word spins in its cache and pays one line read when it finally
 * misses, while a process polling an uncached word reads memory every iteration
 * ("UncachedReadCycles"). Processor stores cost "MemoryStoreCycles" whatever the policy (the
 * Pentium does not allocate a line on a write miss, and write-through stores reach the bus);
 * the policy decides whether a device snooping the bus sees them, which WriteMemory's
 * callers check.
 */
class HostMemorySystem : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostMemorySystem();
    ~HostMemorySystem() override;

    /// A device window's side of a copy: store \p len bytes at \p offset of the copy
    /// (0-based), calling \p landed when the device has them.
    typedef Callback<void, uint64_t, const uint8_t*, uint32_t, Callback<void>> StoreSink;

    /// How a page is cached.
    enum CachePolicy : uint8_t
    {
        WRITE_BACK,    //!< cached; stores stay in the cache
        WRITE_THROUGH, //!< cached; every store also goes to memory over the bus
        UNCACHED,      //!< every load and store goes to memory
    };

    /// \param cpu the processor whose copy loops run here
    void Setup(Ptr<HostCpu> cpu);

    /**
     * \brief Set the caching of the pages that hold [base, base+len) (whole pages).
     * \param base first address
     * \param len bytes (> 0)
     * \param policy the policy
     */
    void SetCachePolicy(uint64_t base, uint64_t len, CachePolicy policy);
    /// \param addr an address \return the policy of its page (write-back unless set)
    CachePolicy GetCachePolicy(uint64_t addr) const;
    /// \return bytes per page ("PageBytes")
    uint32_t GetPageBytes() const;

    /**
     * \brief Processor stores of \p len bytes into \p memory at \p dst, in program order,
     * line by line: each line (after reading its source line when \p readSource: a memcpy)
     * is one step on the bus, at whose end its bytes are in memory (so a device snooping the
     * page sees them then). With \p data null the bytes are read from \p memory at \p src
     * now (a memcpy within memory); otherwise \p data holds them (a store of values).
     * \param memory the memory written
     * \param dst first address written (every line must lie in one region: aborts otherwise)
     * \param data the bytes, or null to copy from \p src
     * \param src source address when \p data is null
     * \param len bytes (0: \p done runs at once, as a new event)
     * \param readSource the loop loads each source line first
     * \param done called when the last line is in memory
     * \param cpuHeld the caller holds the processor already
     */
    void WriteMemory(Ptr<HostMemory> memory,
                     uint64_t dst,
                     const uint8_t* data,
                     uint64_t src,
                     uint32_t len,
                     bool readSource,
                     Callback<void> done,
                     bool cpuHeld = false);

    /**
     * \param addr a polled word's address
     * \return one iteration of a loop polling it: zero for a cached page (the CPU's own poll
     *         loop time applies), an uncached read for an uncached page
     */
    Time GetPollReadTime(uint64_t addr) const;
    /**
     * \param addr a polled word's address
     * \return what the load that finds a changed word costs beyond the loop: a line read for a
     *         cached page (its line was invalidated), nothing for an uncached one
     */
    Time GetPollMissTime(uint64_t addr) const;

    /**
     * \brief A device's write of \p bytes at \p addr into memory (after it crossed the I/O
     * bus): InboundWrite, plus the cache snoop on cacheable pages.
     * \param addr first address
     * \param bytes bytes written
     * \param done called when the last line is in memory
     */
    void InboundWriteAt(uint64_t addr, uint64_t bytes, Callback<void> done);

    /**
     * \brief A device's read of \p bytes of memory (DMA from memory), line by line.
     * \param bytes bytes read
     * \param done called when the last line has been read
     */
    void InboundRead(uint64_t bytes, Callback<void> done);

    /**
     * \brief Processor copy of \p bytes from memory to memory (a receiver copy: flows 3 and
     * 4 of Figure 6). The processor is acquired for the copy unless \p cpuHeld.
     * \param bytes bytes to copy (0: \p done runs at once, as a new event)
     * \param done called when the last line is written
     * \param cpuHeld the caller holds the processor already
     */
    void Copy(uint64_t bytes, Callback<void> done, bool cpuHeld = false);

    /**
     * \brief Processor copy of \p len bytes from memory into a device window (a transmitter
     * copy: flows 1 and 2 of Figure 6), or a fill when \p readSource is false (memset: no
     * reads). The bytes reach \p sink line by line in order; \p done runs when the last store
     * has landed in the device.
     * \param data the bytes (copied now; may be null for a virtual payload)
     * \param len bytes to store
     * \param readSource the loop loads each line first (memcpy) or not (memset)
     * \param sink the window
     * \param done called when every store has landed
     * \param cpuHeld the caller holds the processor already
     */
    void CopyToDevice(const uint8_t* data,
                      uint32_t len,
                      bool readSource,
                      StoreSink sink,
                      Callback<void> done,
                      bool cpuHeld = false);

    /**
     * \brief A device's write of \p bytes into memory crossing the system bus (after it has
     * crossed the I/O bus).
     * \param bytes bytes written
     * \param done called when the last line is in memory
     */
    void InboundWrite(uint64_t bytes, Callback<void> done);

    /// \param bytes copy size \return the time of a memory-to-memory copy on an idle system
    Time GetCopyTime(uint64_t bytes) const;

    /// \return the system bus (for statistics)
    Ptr<SanResource> GetBus() const;
    /// \return duration of one system-bus cycle
    Time GetCycleTime() const;
    /// \return bytes per cache line
    uint32_t GetLineBytes() const;
    /// \return bytes per processor store ("StoreBytes")
    uint32_t GetStoreBytes() const;
    /// \return bytes copied by the processor so far
    uint64_t GetBytesCopied() const;
    /// \return bytes written into memory by devices so far
    uint64_t GetBytesInbound() const;

  protected:
    void DoDispose() override;

  private:
    /// One copy in progress (there is at most one per processor, which it holds). Jobs are
    /// pooled: one that has finished serves the next copy, with the callbacks it made once.
    struct Job;
    /// One store to a device that has not landed yet (pooled, with its callback made once).
    struct Landing;

    /// \return a job from the pool (or a new one), reset
    Job* TakeJob();
    /// Start \p job: at once when the caller holds the processor, else once it is granted.
    void Launch(Job* job);
    /// Start \p job once the processor is held.
    void Begin(Job* job);
    /// Next line of \p job (or its end).
    void NextLine(Job* job);
    /// The source line of \p job has been read: store it.
    void StoreLine(Job* job);
    /// The store of \p landing has landed in the device.
    void Landed(Landing* landing);
    /// \p job may be complete: finish it.
    void MaybeFinish(Job* job);
    /// \param cycles system-bus cycles \return their duration
    Time Cycles(double cycles) const;

    Ptr<SanResource> m_bus;               //!< the system bus
    Ptr<HostCpu> m_cpu;                   //!< the processor
    double m_clock{66.67e6};              //!< system-bus clock, Hz
    uint32_t m_lineBytes{32};             //!< cache line
    uint32_t m_storeBytes{4};             //!< bytes per processor store
    double m_lineReadCycles{11};          //!< a line read on a miss
    double m_memoryStoreCycles{2};        //!< a store into memory
    double m_bridgeStoreCycles{2};        //!< a store into the I/O bridge
    double m_inboundLineCycles{8};        //!< a device's line write into memory
    uint32_t m_postedWriteBufferBytes{0}; //!< bridge posting buffer (0: unbounded)
    double m_uncachedReadCycles{6};       //!< a load from an uncached page
    double m_snoopLineCycles{0};          //!< snoop of a device's line into cacheable memory
    uint32_t m_pageBytes{4096};           //!< page size

    /// A run of pages with one policy other than write-back.
    struct PolicyRun
    {
        uint64_t last;      //!< its last page number
        CachePolicy policy; //!< their policy
    };

    /// Non-default pages, as runs by first page number (a run per buffer set, not a map node
    /// per page: a receive ring of 130 pages is one)
    std::map<uint64_t, PolicyRun> m_policies;
    uint64_t m_bytesCopied{0};  //!< processor copies
    uint64_t m_bytesInbound{0}; //!< device writes

    std::vector<std::unique_ptr<Job>> m_jobs;         //!< every job made (the pool's storage)
    std::vector<Job*> m_freeJobs;                     //!< jobs free for the next copy
    std::vector<std::unique_ptr<Landing>> m_landings; //!< every landing made
    std::vector<Landing*> m_freeLandings;             //!< landings free for the next store
    /// Durations already formed by Cycles, shared by every memory system at m_memoClock: a
    /// few distinct step lengths recur for every line.
    mutable SanDurationMemo::Table* m_cycleTimes{nullptr};
    mutable double m_memoClock{0}; //!< the clock m_cycleTimes holds durations for
};

} // namespace ns3

#endif /* HOST_MEMORY_SYSTEM_H */
