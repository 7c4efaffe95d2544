/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_SLOT_TABLE_H
#define HAMLYN_SLOT_TABLE_H

#include <cstdint>
#include <list>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup san
 * \brief A slot: a window [base, limit) over a receiver message area guarded by a protection
 * key, owned by one receiving application (Hamlyn 1995, section 2.4).
 */
struct HamlynSlot
{
    uint32_t area{0};        //!< the message area's id at the receiver
    uint64_t base{0};        //!< first byte of the window in the area
    uint64_t limit{0};       //!< one past the last byte of the window
    uint64_t key{0};         //!< protection key
    uint32_t application{0}; //!< owning application (its notification queue and areas)
    uint64_t generation{0};  //!< which definition this is (a revoked and redefined slot differs)
};

/**
 * \ingroup san
 * \brief The receiving interface's slot table: up to 2^16 slots, of which the interface keeps
 * "cache size" in its own memory (the prototype held about a thousand, section 2.4). The rest
 * live in host memory; using one costs a miss, which the device charges as a host-bus read of
 * the slot descriptor. Replacement is least recently used.
 */
class HamlynSlotTable
{
  public:
    /// \param cacheSize slots held on the interface (> 0)
    explicit HamlynSlotTable(uint32_t cacheSize = 1000);

    /// \param cacheSize slots held on the interface (> 0); empties the cache
    void SetCacheSize(uint32_t cacheSize);
    /// \return slots held on the interface
    uint32_t GetCacheSize() const;

    /**
     * \brief Define (or redefine) a slot; it enters the cache (the OS writes its descriptor to
     * the interface), evicting the least recently used one if the cache is full. Aborts on an
     * empty window.
     * \param number slot number
     * \param slot the slot
     */
    void Define(uint16_t number, const HamlynSlot& slot);

    /// \brief Revoke a slot (later packets for it are dropped as unknown).
    /// \param number slot number
    void Revoke(uint16_t number);

    /// \param number slot number \return true if the slot is defined
    bool IsDefined(uint16_t number) const;

    /**
     * \brief Look a slot up as the interface does for an incoming packet.
     * \param number slot number
     * \param[out] hit true if the slot was in the interface's cache (it is afterwards)
     * \return the slot, or nullptr if it is not defined (no cache change)
     */
    const HamlynSlot* Lookup(uint16_t number, bool& hit);

    /// \param number slot number \return the slot, or nullptr (no cache effect)
    const HamlynSlot* Find(uint16_t number) const;

    /// \return number of defined slots
    uint32_t GetNSlots() const;
    /// \return lookups that hit the cache
    uint64_t GetHits() const;
    /// \return lookups that missed the cache
    uint64_t GetMisses() const;

  private:
    std::unordered_map<uint16_t, HamlynSlot> m_slots; //!< all defined slots
    std::list<uint16_t> m_lru;                        //!< cached slots, most recent first
    std::unordered_map<uint16_t, std::list<uint16_t>::iterator> m_cached; //!< cache index
    uint32_t m_cacheSize;                                                 //!< capacity
    uint64_t m_hits;                                                      //!< counter
    uint64_t m_misses;                                                    //!< counter
};

} // namespace ns3

#endif /* HAMLYN_SLOT_TABLE_H */
