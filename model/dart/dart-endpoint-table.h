/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_ENDPOINT_TABLE_H
#define DART_ENDPOINT_TABLE_H

#include "ns3/host-pinned-region.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One endpoint: a contiguous region of a process's virtual memory (base and bound,
 * Osborne 1994, section 3), backed by page frames of host memory that the host's page table
 * (the region's page vector) knows and the interface learns through its TLB.
 */
struct DartEndpoint
{
    bool valid{false};            //!< entry in use
    uint64_t virtualBase{0};      //!< first virtual address
    uint64_t size{0};             //!< bound - base, in bytes
    Ptr<HostPinnedRegion> frames; //!< the page frames (the host's page table for it)
};

/**
 * \ingroup san
 * \brief DART's Endpoint Table: base and bound of each endpoint; offsets from a message are
 * checked against the bound before the TLB translates them.
 */
class DartEndpointTable
{
  public:
    /**
     * \brief Add an endpoint.
     * \param e the endpoint (valid is set)
     * \return its index
     */
    uint32_t Add(const DartEndpoint& e);
    /// \param index an endpoint \return it, or null
    const DartEndpoint* Find(uint32_t index) const;
    /**
     * \param index an endpoint
     * \param offset an offset from its base
     * \param len bytes from there
     * \return true if [offset, offset + len) lies inside the endpoint
     */
    bool InBounds(uint32_t index, uint64_t offset, uint64_t len) const;
    /// \return endpoints in the table
    uint32_t GetN() const;

  private:
    std::vector<DartEndpoint> m_entries; //!< endpoints
};

/**
 * \ingroup san
 * \brief The interface's TLB: (endpoint, virtual page) to page frame, fully associative with
 * least-recently-used replacement. A miss is not an error: the interface raises an exception,
 * the host loads the entry (DartNetDevice) and the operation completes.
 */
class DartTlb
{
  public:
    /// \param entries capacity (> 0)
    explicit DartTlb(uint32_t entries);

    /**
     * \param endpoint an endpoint
     * \param vpn a virtual page number
     * \param[out] frame the page frame's host address on a hit
     * \return true on a hit
     */
    bool Lookup(uint32_t endpoint, uint64_t vpn, uint64_t& frame);
    /// \param endpoint endpoint \param vpn page \param frame its frame (evicts the LRU entry)
    void Insert(uint32_t endpoint, uint64_t vpn, uint64_t frame);
    /// \param endpoint drop every entry of this endpoint (the host remapped it)
    void Invalidate(uint32_t endpoint);
    /// \return hits so far
    uint64_t GetHits() const;
    /// \return misses so far
    uint64_t GetMisses() const;

  private:
    /// One entry.
    struct Entry
    {
        bool valid{false};    //!< in use
        uint32_t endpoint{0}; //!< endpoint
        uint64_t vpn{0};      //!< virtual page
        uint64_t frame{0};    //!< frame address
        uint64_t used{0};     //!< LRU stamp
    };

    /// The entries filled so far, in slot order: a slot is stored once first filled (the
    /// TLB's lookups and choices are those of the whole table, whose unfilled slots are
    /// invalid), so an idle card at thousands of hosts costs none.
    std::vector<Entry> m_entries;
    uint32_t m_capacity{0}; //!< slots
    uint64_t m_clock{0};    //!< LRU clock
    uint64_t m_hits{0};     //!< hits
    uint64_t m_misses{0};   //!< misses
};

} // namespace ns3

#endif /* DART_ENDPOINT_TABLE_H */
