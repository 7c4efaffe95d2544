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
 * The pages are laid out one after another in one HostMemory region (page p at GetPageAddress(p);
 * a region per page cost each host a region's bookkeeping per pinned page, ~0.5 MB for Hamlyn's
 * 10 MB of pinned areas). Data is still written and read one page piece at a time, so a
 * transfer that crosses page boundaries is one HostMemory access (trace, snoop, watch) per
 * page piece, as a device that walks a page table makes it.
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
     * \param name the region's name ("" for an anonymous area)
     */
    HostPinnedRegion(Ptr<HostMemory> memory,
                     uint64_t size,
                     uint32_t pageSize,
                     const std::string& name = "");

    /// \return size in bytes
    uint64_t GetSize() const;
    /// \return page size
    uint32_t GetPageSize() const;
    /// \param index a page of the area \return its address (aborts past the last page)
    uint64_t GetPageAddress(uint64_t index) const;

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
    Ptr<HostMemory> m_memory; //!< the host memory holding the pages
    uint64_t m_size;          //!< size in bytes
    uint32_t m_pageSize;      //!< page size
    uint64_t m_base;          //!< address of the first page
};

} // namespace ns3

#endif /* HOST_PINNED_REGION_H */
