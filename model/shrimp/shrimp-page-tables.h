/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_PAGE_TABLES_H
#define SHRIMP_PAGE_TABLES_H

#include "ns3/nstime.h"

#include <cstdint>
#include <iterator>
#include <map>
#include <optional>

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

    /// \param o another \return the same binding
    bool operator==(const ShrimpOutgoingEntry& o) const
    {
        return dstHost == o.dstHost && dstPage == o.dstPage && combine == o.combine &&
               timer == o.timer && interrupt == o.interrupt;
    }
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

    /// \param o another \return the same entry
    bool operator==(const ShrimpIncomingEntry& o) const
    {
        return enabled == o.enabled && interrupt == o.interrupt;
    }
};

/**
 * \ingroup san
 * \brief How an entry changes from one page to the next along a run of pages bound alike
 * (ShrimpPageTable): by default not at all (an export id, an IPT entry).
 */
template <typename Entry>
struct ShrimpPageRunStep
{
    /// \param first a run's first entry \param pages pages on \param pageBytes page size
    /// \return the entry \p pages pages on
    static Entry After(const Entry& first, uint64_t pages, uint32_t pageBytes)
    {
        return first;
    }
};

/// An OPT run binds consecutive pages to consecutive destination pages.
template <>
struct ShrimpPageRunStep<ShrimpOutgoingEntry>
{
    /// \param first a run's first entry \param pages pages on \param pageBytes page size
    /// \return the entry \p pages pages on: its destination as many pages on
    static ShrimpOutgoingEntry After(const ShrimpOutgoingEntry& first,
                                     uint64_t pages,
                                     uint32_t pageBytes)
    {
        ShrimpOutgoingEntry e = first;
        e.dstPage += pages * pageBytes;
        return e;
    }
};

/**
 * \ingroup san
 * \brief A page table indexed by page number, as the hardware indexes it directly by the
 * page-number bits of an address. It is kept as runs of consecutive pages bound alike (each
 * page's entry the run's first one stepped on, ShrimpPageRunStep: an imported buffer's proxy
 * pages to the exporter's consecutive pages), so a host's state grows with its mappings, not
 * with their pages (VMMC's rings of 130 pages took ~10 KiB a host as blocks of page slots at
 * thousands of hosts).
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
        if (const auto found = Find(page); found && *found == entry)
        {
            return;
        }
        if (!Cut(page))
        {
            ++m_used;
        }
        auto it = m_runs.emplace(page, Run{1, entry}).first;
        // Join the run that ends here, and the one that starts next, where the entry follows.
        if (it != m_runs.begin())
        {
            auto before = std::prev(it);
            if (before->first + before->second.pages == page &&
                After(before->second, before->second.pages) == entry)
            {
                ++before->second.pages;
                m_runs.erase(it);
                it = before;
            }
        }
        auto after = std::next(it);
        if (after != m_runs.end() && after->first == it->first + it->second.pages &&
            After(it->second, it->second.pages) == after->second.first)
        {
            it->second.pages += after->second.pages;
            m_runs.erase(after);
        }
    }

    /// \param page a page number \return its entry, or none
    std::optional<Entry> Find(uint64_t page) const
    {
        auto it = m_runs.upper_bound(page);
        if (it == m_runs.begin())
        {
            return std::nullopt;
        }
        --it;
        const uint64_t into = page - it->first;
        if (into >= it->second.pages)
        {
            return std::nullopt;
        }
        return After(it->second, into);
    }

    /// \param page a page number: remove its entry
    void Clear(uint64_t page)
    {
        if (Cut(page))
        {
            --m_used;
        }
    }

    /// \return entries in use
    size_t GetSize() const
    {
        return m_used;
    }

    /// \return runs held (what the table's memory grows with)
    size_t GetRuns() const
    {
        return m_runs.size();
    }

  private:
    /// Consecutive pages bound alike.
    struct Run
    {
        uint64_t pages; //!< how many
        Entry first;    //!< the first page's entry
    };

    /// \param r a run \param pages pages on \return the entry there
    Entry After(const Run& r, uint64_t pages) const
    {
        return ShrimpPageRunStep<Entry>::After(r.first, pages, m_pageBytes);
    }

    /// Take \p page out of its run, if it is in one (the run split around it).
    /// \param page a page number \return it had an entry
    bool Cut(uint64_t page)
    {
        auto it = m_runs.upper_bound(page);
        if (it == m_runs.begin())
        {
            return false;
        }
        --it;
        const uint64_t start = it->first;
        const Run run = it->second;
        const uint64_t into = page - start;
        if (into >= run.pages)
        {
            return false;
        }
        if (into + 1 < run.pages)
        {
            m_runs.emplace(page + 1, Run{run.pages - into - 1, After(run, into + 1)});
        }
        if (into == 0)
        {
            m_runs.erase(it);
        }
        else
        {
            it->second.pages = into;
        }
        return true;
    }

    uint32_t m_pageBytes;           //!< page size
    std::map<uint64_t, Run> m_runs; //!< by first page
    size_t m_used{0};               //!< entries in use
};

} // namespace ns3

#endif /* SHRIMP_PAGE_TABLES_H */
