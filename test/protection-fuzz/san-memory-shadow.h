/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_MEMORY_SHADOW_H
#define SAN_MEMORY_SHADOW_H

#include "ns3/host-memory.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A snapshot of every live region of a HostMemory, to prove afterwards that memory
 * changed where, and only where, it was allowed to.
 *
 * Regions are found by walking the memory's address space from its base address in steps of
 * its alignment (regions start aligned and never move); the walk stops once every live region
 * has been found.
 */
class SanMemoryShadow
{
  public:
    /// A byte that differs from the shadow.
    struct Difference
    {
        uint64_t address; //!< its host address
        uint8_t expected; //!< the shadow's value
        uint8_t actual;   //!< memory's value
    };

    SanMemoryShadow() = default;
    /// \param memory the memory to snapshot now
    explicit SanMemoryShadow(Ptr<HostMemory> memory);

    /// \brief Snapshot \p memory now (replaces an earlier snapshot). \param memory the memory
    void Take(Ptr<HostMemory> memory);
    /**
     * \brief Record bytes that are expected to land (aborts if they fall outside every
     * snapshotted region).
     * \param address first host address
     * \param bytes the bytes
     */
    void Expect(uint64_t address, const std::vector<uint8_t>& bytes);
    /**
     * \param memory the memory (the one snapshotted)
     * \param max at most this many differences are returned (their total is counted anyway)
     * \param[out] total number of differing bytes
     * \return the first differing bytes, in address order
     */
    std::vector<Difference> Compare(Ptr<HostMemory> memory, uint64_t max, uint64_t& total) const;
    /**
     * \param memory the memory (the one snapshotted)
     * \param visit called for every differing byte, in address order
     * \return bytes compared (a region freed since the snapshot reads as all different)
     */
    uint64_t ForEachDifference(Ptr<HostMemory> memory,
                               const std::function<void(const Difference&)>& visit) const;
    /// \return an FNV-1a hash of \p memory over the snapshotted regions \param memory memory
    uint64_t Hash(Ptr<HostMemory> memory) const;
    /// \return the snapshotted regions: base address -> bytes
    const std::map<uint64_t, std::vector<uint8_t>>& GetRegions() const;
    /// \return total bytes snapshotted
    uint64_t GetBytes() const;

    /**
     * \param memory a memory
     * \return every live region of it (base, size), in address order
     */
    static std::vector<std::pair<uint64_t, uint64_t>> ListRegions(Ptr<HostMemory> memory);

  private:
    std::map<uint64_t, std::vector<uint8_t>> m_regions; //!< base -> bytes
};

} // namespace ns3

#endif /* SAN_MEMORY_SHADOW_H */
