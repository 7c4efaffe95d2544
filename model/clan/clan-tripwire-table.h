/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_TRIPWIRE_TABLE_H
#define CLAN_TRIPWIRE_TABLE_H

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One Tripwire as the NIC's content-addressable memory holds it (Pope et al. 1999,
 * sections 2.5 and 3.3): an address range, the accesses it detects, and its state.
 */
struct ClanTripwire
{
    bool allocated{false}; //!< handed out by Allocate() and not yet freed
    bool hasRange{false};  //!< Set() has given it a range and flags
    bool enabled{false};   //!< it takes part in matching
    uint64_t lo{0};        //!< first address of the range (bus/network address)
    uint64_t hi{0};        //!< last address of the range, inclusive (lo == hi: one address)
    uint32_t flags{0};     //!< ClanTripwireTable::Flag bits
    uint64_t fired{0};     //!< times it has fired since it was allocated
};

/**
 * \ingroup san
 * \brief CLAN's Tripwire CAM: the NIC compares the address of every access crossing it with
 * the Tripwires' addresses "without hindrance to the passing stream" and fires the matching
 * ones (Pope et al. 1999, section 2.5; 4096 entries in "the current incarnation", footnote 2).
 *
 * A Tripwire detects reads, writes or both (section 2.5, "It is also possible to setup
 * Tripwires to detect reads, or to specify a range of memory locations"), on the local side
 * (this host's processor or DMA engine accessing remote memory through the NIC: "completion of
 * an outgoing asynchronous DMA transfer"), the remote side (accesses arriving from the network
 * into local memory), or both (section 3.3, "detect local and remote reads and writes"). A
 * once-only Tripwire is disabled when it fires (section 3.3).
 *
 * Ids are the small integers 0 .. capacity-1 that the NIC places in its FIFO (section 3.3).
 *
 * Data structure. The hardware compares all entries in parallel; the model must not scan them
 * all for every burst. Enabled Tripwires are kept in an interval tree: a treap keyed by
 * (lo, id) whose nodes carry the largest hi of their subtree. Its nodes are the table's own
 * entries (child links are ids), so nothing is allocated after construction. With n enabled
 * Tripwires and k of them overlapping the access, Match() visits O((k + 1) log n) nodes
 * (expected; the treap's priorities come from a fixed hash, so runs are reproducible) and
 * does not allocate once the caller's output vector has grown to the largest match set;
 * Enable, Disable, Set and Free of an enabled Tripwire cost O(log n) expected. Match() counts
 * the nodes it visits (GetNExamined) so tests can check that it does not scan the table.
 *
 * Modelling choice, not from the paper: a Tripwire fires at most once per burst (per Match
 * call) even if several words of the burst fall in its range; the ids of one burst are
 * reported in the order the burst reaches them (first matching address, then id, as a
 * priority encoder would).
 */
class ClanTripwireTable : public Object
{
  public:
    /// Bits of a Tripwire's flags.
    enum Flag : uint32_t
    {
        READ = 1u << 0,      //!< detect reads
        WRITE = 1u << 1,     //!< detect writes
        LOCAL = 1u << 2,     //!< detect accesses by this host through the NIC (outgoing)
        REMOTE = 1u << 3,    //!< detect accesses arriving from the network (incoming)
        ONCE_ONLY = 1u << 4, //!< disable when it fires (section 3.3)
    };

    /// Returned by Allocate() when every entry is in use.
    static constexpr uint32_t NO_TRIPWIRE = 0xffffffffu;
    /// Default number of entries: the paper's "current incarnation" (section 2.5, footnote 2).
    static constexpr uint32_t DEFAULT_CAPACITY = 4096;
    /// Largest capacity accepted (a sanity bound, far above any CAM of the period).
    static constexpr uint32_t MAX_CAPACITY = 1u << 24;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * A table of DEFAULT_CAPACITY entries. Set another size with the "Capacity" attribute
     * (CreateObjectWithAttributes) or SetCapacity(); there is no size constructor, because
     * CreateObject would reset it to the attribute's default.
     */
    ClanTripwireTable();
    ~ClanTripwireTable() override;

    /**
     * \brief Change the number of entries; only while no Tripwire is allocated.
     * \param capacity number of entries (1 .. MAX_CAPACITY)
     */
    void SetCapacity(uint32_t capacity);
    /// \return the number of entries
    uint32_t GetCapacity() const;

    /**
     * \brief Allocate a Tripwire (section 3.3, "An API is provided to allocate Tripwires"): no
     * range yet, disabled. The lowest-numbered free id is used first; a freed id is reused.
     * \return its id, or NO_TRIPWIRE if all entries are in use (counted: GetNAllocFailures)
     */
    uint32_t Allocate();
    /**
     * \brief Free a Tripwire (it stops matching at once); aborts if \p id is not allocated.
     * \param id an allocated Tripwire
     */
    void Free(uint32_t id);
    /**
     * \brief Set up a Tripwire's range and flags (section 3.3, "setup and enable"). Its enabled
     * state is kept: an enabled Tripwire matches its new range from now on.
     * \param id an allocated Tripwire
     * \param lo first address
     * \param hi last address, inclusive (>= lo)
     * \param flags at least one of READ/WRITE and one of LOCAL/REMOTE, optionally ONCE_ONLY
     */
    void Set(uint32_t id, uint64_t lo, uint64_t hi, uint32_t flags);
    /**
     * \brief Enable a Tripwire (no effect if enabled); aborts if it has no range yet.
     * \param id an allocated Tripwire
     */
    void Enable(uint32_t id);
    /**
     * \brief Disable a Tripwire (no effect if disabled).
     * \param id an allocated Tripwire
     */
    void Disable(uint32_t id);

    /**
     * \brief The CAM's comparison, for one burst crossing the NIC: find every enabled Tripwire
     * whose range intersects [addr, addr + len) and that detects this kind of access on this
     * side; count it as fired and disable it if it is once-only.
     * \param addr first address of the burst
     * \param len bytes in the burst (> 0; addr + len - 1 must not wrap past 2^64 - 1)
     * \param isWrite true for a write burst, false for a read
     * \param isRemote true for a burst arriving from the network, false for one sent by this
     *        host
     * \param[out] out cleared, then filled with the ids that fired, in firing order
     * \return the number of ids in \p out
     */
    uint32_t Match(uint64_t addr,
                   uint64_t len,
                   bool isWrite,
                   bool isRemote,
                   std::vector<uint32_t>& out);

    /**
     * \param id a Tripwire id (any value)
     * \return its entry; aborts if \p id is not below the capacity
     */
    const ClanTripwire& Get(uint32_t id) const;
    /// \param id a Tripwire id (any value) \return true if it is allocated
    bool IsAllocated(uint32_t id) const;
    /// \param id a Tripwire id (any value) \return true if it is allocated and enabled
    bool IsEnabled(uint32_t id) const;
    /// \return Tripwires allocated
    uint32_t GetNAllocated() const;
    /// \return Tripwires enabled (in the match index)
    uint32_t GetNEnabled() const;
    /// \return Allocate() calls that found the table full
    uint64_t GetNAllocFailures() const;
    /// \return Match() calls so far
    uint64_t GetNMatches() const;
    /// \return firings so far (one per Tripwire per burst)
    uint64_t GetNFired() const;
    /// \return index nodes visited by all Match() calls so far
    uint64_t GetNExamined() const;
    /// \return index nodes visited by the last Match() call
    uint32_t GetLastExamined() const;
    /// \return height of the match index (0 when empty), for tests of its balance
    uint32_t GetIndexHeight() const;

    /**
     * TracedCallback signature for a firing.
     * \param [in] id the Tripwire
     * \param [in] address the first address of the burst inside its range
     */
    typedef void (*FiredTracedCallback)(uint32_t id, uint64_t address);

  private:
    /// Sentinel of the index's child links.
    static constexpr uint32_t NIL = 0xffffffffu;

    /// A table entry and its node in the match index.
    struct Entry
    {
        ClanTripwire tw;      //!< the Tripwire
        uint32_t left{NIL};   //!< left child (smaller keys)
        uint32_t right{NIL};  //!< right child (larger keys)
        uint32_t priority{0}; //!< treap priority (heap order: parent >= child)
        uint64_t maxHi{0};    //!< largest hi in the subtree rooted here
    };

    /// Abort unless \p id is allocated. \param id id \param what the calling operation
    void CheckAllocated(uint32_t id, const char* what) const;
    /// \return true if a's key (lo, id) is below b's \param a id \param b id
    bool KeyLess(uint32_t a, uint32_t b) const;
    /// Recompute a node's maxHi from its children. \param n a node
    void Update(uint32_t n);
    /// Insert node \p n under \p t. \param t subtree root \param n node \return new root
    uint32_t Insert(uint32_t t, uint32_t n);
    /// Remove node \p n from under \p t. \param t subtree root \param n node \return new root
    uint32_t Erase(uint32_t t, uint32_t n);
    /// Join two treaps, all keys of \p a below those of \p b. \param a \param b \return root
    uint32_t Merge(uint32_t a, uint32_t b);
    /// Collect matches under \p t. \param t subtree \param a first \param b last address
    /// \param need flags a match must have \param out ids found
    void Collect(uint32_t t, uint64_t a, uint64_t b, uint32_t need, std::vector<uint32_t>& out);
    /// \param t subtree root \return its height
    uint32_t Height(uint32_t t) const;
    /// Put an enabled Tripwire into the index. \param id id
    void IndexInsert(uint32_t id);
    /// Take a Tripwire out of the index. \param id id
    void IndexErase(uint32_t id);

    /// The CAM's entries, by id: as many as the highest id allocated so far needs (a CAM of
    /// thousands of entries on each of thousands of hosts costs only what is used)
    std::vector<Entry> m_entries;
    std::vector<uint32_t> m_free;  //!< freed ids below m_entries.size(), lowest last (popped first)
    uint32_t m_capacity{0};        //!< the CAM's entries
    uint32_t m_root{NIL};          //!< root of the match index
    uint32_t m_nEnabled{0};        //!< nodes in the index
    uint64_t m_priorityCounter{0}; //!< feeds the priority hash
    uint64_t m_allocFailures{0};   //!< Allocate() on a full table
    uint64_t m_matches{0};         //!< Match() calls
    uint64_t m_fired{0};           //!< firings
    uint64_t m_examined{0};        //!< nodes visited by Match()
    uint32_t m_lastExamined{0};    //!< nodes visited by the last Match()
    TracedCallback<uint32_t, uint64_t> m_firedTrace; //!< "Fired"
};

} // namespace ns3

#endif /* CLAN_TRIPWIRE_TABLE_H */
