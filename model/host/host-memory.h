/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_MEMORY_H
#define HOST_MEMORY_H

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A region of HostMemory, as returned by HostMemory::FindRegion.
 */
struct HostMemoryRegion
{
    std::string name;      //!< name given to Allocate ("" for an anonymous region)
    uint64_t base;         //!< first address
    uint64_t size;         //!< size in bytes
    uint64_t bytesWritten; //!< bytes written into the region so far
    uint64_t writes;       //!< successful Write/Fill calls on the region so far
};

/**
 * \ingroup san
 * \brief Byte-addressable host memory made of allocated regions.
 *
 * Regions are allocated at increasing, aligned addresses and never overlap; there is a gap of at
 * least one byte between regions only if alignment leaves one. Address 0 is never valid.
 *
 * Access checking: Write, Fill and Read succeed only if the whole range [addr, addr+len) lies in
 * one region. Otherwise (outside every region, in a gap, across a region boundary, in a freed
 * region) they change nothing, log a warning, fire "AccessError", count the error and return
 * false. NIC models use this to drop and count protection faults; code for which a bad access is
 * a bug should wrap the call in NS_ABORT_MSG_UNLESS. Allocation errors (size 0, duplicate name,
 * address-space exhaustion) and freeing an address that is not a region base are fatal.
 *
 * Storage is allocated when written, a 256-byte chunk at a time: a region reads as zeros until
 * written, and a host that pins megabytes for buffers it never fills (a ring for every peer of
 * thousands) holds only the chunks its messages touched, as an operating system's demand paging
 * does (at a finer grain: the storage is the simulator's, not the modelled host's).
 *
 * With "VirtualPayload" true, regions get no storage (for scaling runs): writes are checked,
 * counted and traced but their data is dropped, and reads return zeros.
 */
class HostMemory : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostMemory();
    ~HostMemory() override;

    /**
     * \brief Allocate a region, zero-filled.
     * \param size bytes (> 0)
     * \param name a unique name, or "" for an anonymous region
     * \return the base address of the region
     */
    uint64_t Allocate(uint64_t size, const std::string& name = "");

    /**
     * \brief Free the region that starts at \p base; its addresses are never reused.
     * \param base base address returned by Allocate
     */
    void Free(uint64_t base);

    /**
     * \brief Copy \p len bytes from \p data to [addr, addr+len).
     * \param addr first address
     * \param data source bytes (may be null in virtual-payload mode or if len is 0)
     * \param len number of bytes
     * \return true if the range lies in one region and was written
     */
    bool Write(uint64_t addr, const uint8_t* data, uint64_t len);

    /**
     * \brief Set [addr, addr+len) to \p value.
     * \param addr first address
     * \param value byte value
     * \param len number of bytes
     * \return true if the range lies in one region and was written
     */
    bool Fill(uint64_t addr, uint8_t value, uint64_t len);

    /**
     * \brief Copy [addr, addr+len) to \p out (zeros in virtual-payload mode).
     * \param addr first address
     * \param out destination, at least \p len bytes
     * \param len number of bytes
     * \return true if the range lies in one region and was read
     */
    bool Read(uint64_t addr, uint8_t* out, uint64_t len) const;

    /**
     * \param addr first address
     * \param len number of bytes (0 checks the single address \p addr)
     * \return true if [addr, addr+len) lies inside one region
     */
    bool Contains(uint64_t addr, uint64_t len = 1) const;

    /**
     * \param addr an address
     * \return the region containing \p addr, or nullptr. The pointer stays valid until the
     *         region is freed.
     */
    const HostMemoryRegion* FindRegion(uint64_t addr) const;

    /**
     * \param name a region name
     * \return the region with that name, or nullptr
     */
    const HostMemoryRegion* FindRegion(const std::string& name) const;

    /// Called after a successful write into a snooped region: (first address, length).
    typedef Callback<void, uint64_t, uint64_t> WriteSnoopCallback;

    /**
     * \brief Let a device snoop the memory-bus writes to the region that contains \p addr
     * (SHRIMP's automatic update watches the pages mapped out): after every successful Write
     * or Fill into that region, \p cb runs with the written range, whose bytes may then be
     * read. One snooper per region; a null callback removes it.
     *
     * Removing a snooper from a disposed memory does nothing (Simulator::Destroy may dispose
     * the memory before the device or library that forgets its snooper there).
     * \param addr an address inside the region (aborts if none contains it, unless the memory
     *        is disposed and \p cb is null)
     * \param cb the snooper
     */
    void SetWriteSnoop(uint64_t addr, WriteSnoopCallback cb);

    /**
     * \brief Call \p seen once, after the next successful write (by anyone: a device's DMA,
     * a processor store) that touches [addr, addr+len). A process spinning on memory words
     * uses it to learn when to look again, instead of an event per poll iteration.
     * \param addr first address
     * \param len bytes (> 0)
     * \param seen the callback (runs after the write; the bytes may be read)
     * \return a token for CancelWatch
     */
    uint64_t WatchWrites(uint64_t addr, uint64_t len, Callback<void> seen);
    /// \param token from WatchWrites \return false if it had fired or was cancelled
    bool CancelWatch(uint64_t token);

    /// \return number of live regions
    uint32_t GetNRegions() const;
    /// \return sum of the sizes of live regions
    uint64_t GetReservedBytes() const;
    /// \return bytes of storage allocated: the written chunks' (0 in virtual-payload mode)
    uint64_t GetStorageBytes() const;
    /// \return bytes written by successful Write/Fill calls
    uint64_t GetBytesWritten() const;
    /// \return successful Write/Fill calls
    uint64_t GetWrites() const;
    /// \return bytes read by successful Read calls
    uint64_t GetBytesRead() const;
    /// \return rejected accesses
    uint64_t GetAccessErrors() const;

    /// \param on virtual-payload mode; only before the first Allocate
    void SetVirtualPayload(bool on);
    /// \return true in virtual-payload mode
    bool IsVirtualPayload() const;
    /// \param base address of the first region (> 0); only before the first Allocate
    void SetBaseAddress(uint64_t base);
    /// \return address of the first region
    uint64_t GetBaseAddress() const;
    /// \param alignment alignment of region bases (a power of two); only before the first Allocate
    void SetAlignment(uint64_t alignment);
    /// \return alignment of region bases
    uint64_t GetAlignment() const;

    /**
     * TracedCallback signature for memory accesses.
     * \param [in] address first address
     * \param [in] length number of bytes
     */
    typedef void (*AccessTracedCallback)(uint64_t address, uint64_t length);

  protected:
    void DoDispose() override;

  private:
    /// Bytes of a page: storage is found by page.
    static constexpr uint64_t PAGE_BYTES = 4096;
    /// Bytes of a chunk, the unit of storage allocated when first written: a few words
    /// written into a large, sparsely used buffer (a receive ring slot's last words, a flag)
    /// cost a chunk, not a page.
    static constexpr uint64_t CHUNK_BYTES = 256;
    /// Chunks of a page.
    static constexpr uint64_t CHUNKS_PER_PAGE = PAGE_BYTES / CHUNK_BYTES;

    /// A written page's storage: its chunks, each null until written.
    struct Page
    {
        std::array<std::unique_ptr<uint8_t[]>, CHUNKS_PER_PAGE> chunks; //!< by chunk index
    };

    /// A region and its storage.
    struct Entry
    {
        HostMemoryRegion region; //!< public description
        /// Storage of the written pages, by page index from the region's base (a map, not a
        /// table: a large region written in a few places costs only those; none in virtual
        /// mode)
        std::unordered_map<uint64_t, Page> pages;
        uint64_t storageBytes{0}; //!< bytes of its chunks
        WriteSnoopCallback snoop; //!< device snooping writes here, if any
    };

    /**
     * \brief Visit the chunks under [addr, addr+len) of \p e, in order.
     * \param e the region \param addr first address (inside it) \param len bytes (inside it)
     * \param visit called with (the chunk's page index, its index in the page, offset into the
     * chunk, bytes, offset into the range)
     */
    template <typename Visit>
    static void ForEachChunk(const Entry& e, uint64_t addr, uint64_t len, Visit&& visit);
    /**
     * \brief Store into [addr, addr+len) of \p e, allocating (zeroed) the chunks not yet
     * written, but for zeros into a chunk not yet written (it reads as zeros already).
     * \param e the region \param addr first address (inside it) \param len bytes (inside it)
     * \param put called with (where in a chunk, bytes, offset into the range)
     * \param zeros called with (bytes, offset into the range): are they all zero?
     */
    template <typename Put, typename Zeros>
    void Store(Entry& e, uint64_t addr, uint64_t len, Put&& put, Zeros&& zeros);

    /// \return the entry holding all of [addr, addr+len), or nullptr
    const Entry* Locate(uint64_t addr, uint64_t len) const;
    /// A write into \p e succeeded: trace it, tell its snooper and the watches it touches.
    void Written(const Entry& e, uint64_t addr, uint64_t len);
    /// Record a rejected access.
    void Reject(const char* what, uint64_t addr, uint64_t len) const;
    /// Abort if a layout attribute is changed after the first allocation.
    void CheckUnallocated(const char* what) const;

    /// A one-shot watch on writes.
    struct Watch
    {
        uint64_t token;      //!< its token
        uint64_t address;    //!< first address
        uint64_t length;     //!< bytes
        Callback<void> seen; //!< the watcher
    };

    /// Sweep the cancelled and fired watches out once they are more than half the list (a write
    /// looks at every entry: the dead ones stay few).
    void CompactWatches();

    std::vector<Watch> m_watches;        //!< watches in token order (a null callback: gone)
    std::size_t m_deadWatches{0};        //!< gone watches still in m_watches
    uint64_t m_nextWatch{1};             //!< next token
    std::map<uint64_t, Entry> m_regions; //!< live regions by base address
    /// Slots of Locate's cache of regions found, by page of the address looked up.
    static constexpr size_t LOCATE_CACHE = 64;
    /// Regions Locate found, by page of the address (a cache: emptied when a region comes or
    /// goes; regions never overlap, so a cached region that holds an access is the answer).
    mutable std::array<const Entry*, LOCATE_CACHE> m_found{};
    std::unordered_map<std::string, uint64_t> m_names; //!< named regions: name -> base
    bool m_virtual;                                    //!< virtual-payload mode
    uint64_t m_baseAddress;                            //!< address of the first region
    uint64_t m_alignment;                              //!< alignment of region bases
    uint64_t m_nextAddress;                            //!< next free address
    bool m_allocated;                                  //!< Allocate() was called
    uint64_t m_reservedBytes;                          //!< sum of live region sizes
    uint64_t m_storageBytes;                           //!< allocated storage
    bool m_disposed{false};                            //!< DoDispose has run
    uint64_t m_bytesWritten;                           //!< bytes written
    uint64_t m_writes;                                 //!< successful writes
    mutable uint64_t m_bytesRead;                      //!< bytes read
    mutable uint64_t m_accessErrors;                   //!< rejected accesses

    TracedCallback<uint64_t, uint64_t> m_writeTrace;         //!< successful writes
    mutable TracedCallback<uint64_t, uint64_t> m_errorTrace; //!< rejected accesses
};

} // namespace ns3

#endif /* HOST_MEMORY_H */
