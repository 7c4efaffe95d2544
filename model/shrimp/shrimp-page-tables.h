/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_PAGE_TABLES_H
#define SHRIMP_PAGE_TABLES_H

#include "ns3/nstime.h"

#include <array>
#include <cstdint>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup san
 * \brief One entry of SHRIMP's Outgoing Page Table (SHRIMP 1996, section 3.2): the binding
 * of a source page (a bound page for automatic update, or a proxy page a deliberate update
 * names) to a remote destination page, with the page's packetizing options.
 */
struct ShrimpOutgoingEntry
{
    uint32_t dstHost{0};   //!< destination node (fabric host number)
    uint64_t dstPage{0};   //!< destination page's base physical address
    bool combine{false};   //!< consecutive automatic updates append to an open packet
    bool timer{false};     //!< a combined packet leaves when no update follows in time
    bool interrupt{false}; //!< sender-specified destination interrupt
};

/**
 * \ingroup san
 * \brief One entry of SHRIMP's Incoming Page Table: may the network interface write the page,
 * and does the receiver want an interrupt for packets that ask for one.
 */
struct ShrimpIncomingEntry
{
    bool enabled{false};   //!< packets may land in the page
    bool interrupt{false}; //!< receiver-specified interrupt flag
};

/**
 * \ingroup san
 * \brief A page table indexed by page number, as the hardware indexes it directly by the
 * page-number bits of an address. Only blocks of pages that hold an entry use memory (a hash
 * map of blocks), so a host's state grows with its mappings, not with its memory.
 */
template <typename Entry>
class ShrimpPageTable
{
  public:
    /// \param pageBytes bytes per page (a power of two)
    explicit ShrimpPageTable(uint32_t pageBytes = 4096)
        : m_pageBytes(pageBytes)
    {
    }

    /// \param addr an address \return its page number
    uint64_t PageOf(uint64_t addr) const
    {
        return addr / m_pageBytes;
    }

    /// \param addr an address \return its offset in its page
    uint32_t OffsetOf(uint64_t addr) const
    {
        return static_cast<uint32_t>(addr % m_pageBytes);
    }

    /// \return bytes per page
    uint32_t GetPageBytes() const
    {
        return m_pageBytes;
    }

    /// \param page a page number \param entry its entry
    void Set(uint64_t page, const Entry& entry)
    {
        Slot& slot = m_blocks[page / BLOCK_PAGES][page % BLOCK_PAGES];
        m_used += slot.used ? 0 : 1;
        slot.entry = entry;
        slot.used = true;
    }

    /// \param page a page number \return its entry, or null if it has none
    const Entry* Find(uint64_t page) const
    {
        auto it = m_blocks.find(page / BLOCK_PAGES);
        if (it == m_blocks.end())
        {
            return nullptr;
        }
        const Slot& slot = it->second[page % BLOCK_PAGES];
        return slot.used ? &slot.entry : nullptr;
    }

    /// \param page a page number \return its entry, or null if it has none
    Entry* Find(uint64_t page)
    {
        return const_cast<Entry*>(static_cast<const ShrimpPageTable*>(this)->Find(page));
    }

    /// \param page a page number: remove its entry
    void Clear(uint64_t page)
    {
        auto it = m_blocks.find(page / BLOCK_PAGES);
        if (it == m_blocks.end() || !it->second[page % BLOCK_PAGES].used)
        {
            return;
        }
        it->second[page % BLOCK_PAGES] = Slot();
        if (--m_used == 0)
        {
            m_blocks.clear();
        }
    }

    /// \return entries in use
    size_t GetSize() const
    {
        return m_used;
    }

  private:
    /// Pages per block of the table: a buffer's pages are consecutive, so a block is
    /// allocated for a run of them, not a hash node per page (VMMC's rings of 130 pages cost
    /// ~35 KiB a host that way at thousands of hosts).
    static constexpr uint64_t BLOCK_PAGES = 64;

    /// A page's place in a block.
    struct Slot
    {
        Entry entry{};    //!< its entry
        bool used{false}; //!< it has one
    };

    uint32_t m_pageBytes; //!< page size
    /// Blocks of BLOCK_PAGES pages with an entry, by page number / BLOCK_PAGES
    std::unordered_map<uint64_t, std::array<Slot, BLOCK_PAGES>> m_blocks;
    size_t m_used{0}; //!< entries in use
};

} // namespace ns3

#endif /* SHRIMP_PAGE_TABLES_H */
