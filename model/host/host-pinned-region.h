/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_PINNED_REGION_H
#define HOST_PINNED_REGION_H

#include "ns3/host-memory.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Pinned host memory seen by a device as a vector of physical pages: a logically
 * contiguous range whose pages need not be contiguous (Hamlyn's message areas, section 2.2;
 * SHRIMP's exported and imported buffers; CLAN's and SCI's mapped apertures).
 *
 * The region is allocated in HostMemory as one region per page. Offsets are translated into
 * page addresses on the fly while data is written or read, so a transfer that crosses page
 * boundaries becomes one HostMemory access per page piece.
 *
 * The region checks bounds only: protection (keys, slots, page tables) belongs to the device.
 */
class HostPinnedRegion : public SimpleRefCount<HostPinnedRegion>
{
  public:
    /**
     * \brief Allocate an area of \p size bytes in \p memory.
     * \param memory the owner's host memory
     * \param size bytes (> 0)
     * \param pageSize page size in bytes (> 0)
     * \param name prefix of the page regions' names ("" for anonymous pages)
     */
    HostPinnedRegion(Ptr<HostMemory> memory,
                     uint64_t size,
                     uint32_t pageSize,
                     const std::string& name = "");

    /// \return size in bytes
    uint64_t GetSize() const;
    /// \return page size
    uint32_t GetPageSize() const;
    /// \return the physical page addresses, in order
    const std::vector<uint64_t>& GetPages() const;

    /**
     * \param offset byte offset into the area
     * \return the host address of that byte (aborts if outside the area)
     */
    uint64_t Translate(uint64_t offset) const;

    /**
     * \param offset first byte
     * \param len length
     * \return true if [offset, offset+len) lies inside the area
     */
    bool Contains(uint64_t offset, uint64_t len) const;

    /**
     * \brief Write \p len bytes at \p offset, page by page.
     * \param offset first byte (the range must lie inside the area: aborts otherwise)
     * \param data bytes (may be null in virtual-payload mode)
     * \param len length
     */
    void Write(uint64_t offset, const uint8_t* data, uint64_t len);

    /**
     * \brief Read \p len bytes at \p offset, page by page.
     * \param offset first byte (the range must lie inside the area: aborts otherwise)
     * \param out destination, at least \p len bytes
     * \param len length
     */
    void Read(uint64_t offset, uint8_t* out, uint64_t len) const;

    /**
     * \brief Call \p seen once, after the next successful write (by a device or a processor)
     * that touches [offset, offset+len) of the area: HostMemory::WatchWrites on every page the
     * range covers, the first to fire cancelling the others.
     * \param offset first byte (the range must lie inside the area: aborts otherwise)
     * \param len bytes (> 0)
     * \param seen the callback (runs after the write; the bytes may be read)
     */
    void WatchWrites(uint64_t offset, uint64_t len, Callback<void> seen);

  private:
    Ptr<HostMemory> m_memory;      //!< the host memory holding the pages
    uint64_t m_size;               //!< size in bytes
    uint32_t m_pageSize;           //!< page size
    std::vector<uint64_t> m_pages; //!< page addresses
};

} // namespace ns3

#endif /* HOST_PINNED_REGION_H */
