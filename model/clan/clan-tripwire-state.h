/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_TRIPWIRE_STATE_H
#define CLAN_TRIPWIRE_STATE_H

#include "clan-tripwire-bitmap.h"

#include "ns3/callback.h"
#include "ns3/host-memory.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief What CLAN's device driver and an application share about Tripwires (Pope et al.
 * 1999, section 3.3): the fired-bitmap in host memory, the processes waiting for each
 * Tripwire, and Tripsets.
 *
 * The interrupt service routine takes each id from the NIC's FIFO and calls Fire(): it "wakes
 * any process(es) waiting for that Tripwire, and sets a bit in a bitmap". The bit is set
 * first, so a woken process that tests it sees it. A process tests and clears bits itself
 * (Test, Clear: no system call) or waits (Wait). A Tripset "groups a number of Tripwires ...
 * so that the application can wait for any of a number of events to occur": WaitAny() on a
 * Tripset is woken by the firing of any member, and a Tripwire in several Tripsets wakes the
 * waiters of each of them.
 *
 * No time passes here: a wake-up is a Callback run at once; the device charges the interrupt,
 * the routine and each wake-up on the HostCpu (Fire returns how many it woke). Tripset
 * membership is not checked against endpoints: the paper's Tripsets group Tripwires "from a
 * single endpoint", which the driver above enforces.
 *
 * Lost wake-ups. Between a process's test of its flag and its wait, the Tripwire may fire
 * (section 4.1's loop "while (!rx_ready) tripwire_wait(rx_ready_trip)"). So a wait on a
 * Tripwire whose bit is set returns at once (NOT_WAITING) and registers nothing. The process
 * keeps the bit meaningful by clearing it before it re-tests its flag; the bit is never
 * cleared here except by Clear() and Release(). (Modelling choice: the paper does not spell
 * out tripwire_wait's semantics.)
 *
 * Waiters are one-shot: woken once, then forgotten. They are woken in the order they waited:
 * the Tripwire's own waiters first, then those of its Tripsets in increasing Tripset id.
 */
class ClanTripwireState : public SimpleRefCount<ClanTripwireState>
{
  public:
    /// Wakes a waiter; the argument is the id of the Tripwire that fired.
    typedef Callback<void, uint32_t> WakeCallback;

    /// Returned by Wait/WaitAny when a bit was already set: nothing was registered.
    static constexpr uint64_t NOT_WAITING = 0;

    /**
     * \param memory host memory for the fired-bitmap (shared by driver and application)
     * \param nTripwires Tripwire ids 0 .. nTripwires-1 (the table's capacity, > 0)
     * \param name name of the bitmap's memory region ("" for anonymous)
     */
    ClanTripwireState(Ptr<HostMemory> memory, uint32_t nTripwires, const std::string& name = "");

    /**
     * \brief Interrupt service routine, for one id taken from the NIC's FIFO: set the bit,
     * then wake the Tripwire's waiters and those of every Tripset containing it.
     * \param id the Tripwire that fired
     * \return number of waiters woken
     */
    uint32_t Fire(uint32_t id);

    /// \param id a Tripwire \return true if its bit is set (process side, reads host memory)
    bool Test(uint32_t id) const;
    /// \brief Clear a Tripwire's bit (process side). \param id a Tripwire
    void Clear(uint32_t id);

    /**
     * \brief Block until Tripwire \p id fires ("block until a Tripwire fires", section 3.3).
     * \param id a Tripwire
     * \param wake run once when it fires
     * \return a token for Cancel (> 0), or NOT_WAITING if its bit is set already
     */
    uint64_t Wait(uint32_t id, WakeCallback wake);
    /**
     * \brief Block until any member of a Tripset fires.
     * \param tripset a Tripset with at least one member
     * \param wake run once, with the id of the member that fired
     * \return a token for Cancel (> 0), or NOT_WAITING if a member's bit is set already
     */
    uint64_t WaitAny(uint32_t tripset, WakeCallback wake);
    /**
     * \brief Stop waiting (a timeout or a signal in the library above).
     * \param token from Wait or WaitAny
     * \return true if the waiter was still waiting and is now removed
     */
    bool Cancel(uint64_t token);

    /// \return a new, empty Tripset's id (the lowest free one)
    uint32_t CreateTripset();
    /**
     * \brief Destroy a Tripset; its waiters are dropped without being woken.
     * \param tripset an existing Tripset
     */
    void DestroyTripset(uint32_t tripset);
    /// \brief Add a Tripwire (no effect if a member). \param tripset a Tripset \param id Tripwire
    void AddToTripset(uint32_t tripset, uint32_t id);
    /// \brief Remove a member (no effect if not). \param tripset a Tripset \param id Tripwire
    void RemoveFromTripset(uint32_t tripset, uint32_t id);
    /// \param tripset a Tripset \param id a Tripwire \return true if it is a member
    bool IsInTripset(uint32_t tripset, uint32_t id) const;
    /// \param tripset a Tripset \return its members, in the order they were added
    const std::vector<uint32_t>& GetTripsetMembers(uint32_t tripset) const;

    /**
     * \brief The Tripwire was freed: drop its waiters without waking them, take it out of
     * every Tripset and clear its bit, so a new owner of the id starts clean.
     * \param id a Tripwire
     */
    void Release(uint32_t id);

    /// \param id a Tripwire \return processes waiting for it alone
    uint32_t GetNWaiters(uint32_t id) const;
    /// \param tripset a Tripset \return processes waiting on it
    uint32_t GetNTripsetWaiters(uint32_t tripset) const;
    /// \return live Tripsets
    uint32_t GetNTripsets() const;
    /// \return Fire() calls so far
    uint64_t GetNFires() const;
    /// \return waiters woken so far
    uint64_t GetNWakeups() const;
    /// \return the fired-bitmap
    Ptr<ClanTripwireBitmap> GetBitmap() const;

  private:
    /// A blocked process.
    struct Waiter
    {
        uint64_t token;    //!< its Cancel token
        WakeCallback wake; //!< its wake-up
    };

    /// A Tripset.
    struct Tripset
    {
        bool live{false};              //!< created and not destroyed
        std::vector<uint32_t> members; //!< Tripwire ids
        std::vector<Waiter> waiters;   //!< processes waiting on it
    };

    /// Where a token's waiter is.
    struct Place
    {
        bool inTripset; //!< in a Tripset's list (else a Tripwire's)
        uint32_t index; //!< the Tripset or Tripwire
    };

    /// Abort unless \p id is a Tripwire id. \param id id \param what calling operation
    void CheckTripwire(uint32_t id, const char* what) const;
    /// Abort unless \p tripset is live. \param tripset id \param what calling operation
    void CheckTripset(uint32_t tripset, const char* what) const;
    /// Run and forget \p waiters. \param waiters taken from a list \param id the firing
    /// \return number woken
    uint32_t WakeAll(std::vector<Waiter>& waiters, uint32_t id);
    /// Forget the tokens of \p waiters. \param waiters a list about to be dropped
    void ForgetTokens(const std::vector<Waiter>& waiters);

    Ptr<ClanTripwireBitmap> m_bitmap; //!< fired bits in host memory
    /// Per Tripwire that has had any (thousands of Tripwires, few in use)
    std::unordered_map<uint32_t, std::vector<Waiter>> m_waiters;
    /// Per Tripwire that has had any: Tripsets containing it
    std::unordered_map<uint32_t, std::vector<uint32_t>> m_setsOf;
    uint32_t m_nTripwires;                        //!< Tripwires
    std::vector<Tripset> m_tripsets;              //!< by Tripset id
    std::unordered_map<uint64_t, Place> m_tokens; //!< waiting tokens
    uint64_t m_nextToken{1};                      //!< next token (0 is NOT_WAITING)
    uint64_t m_fires{0};                          //!< Fire() calls
    uint64_t m_wakeups{0};                        //!< waiters woken
};

} // namespace ns3

#endif /* CLAN_TRIPWIRE_STATE_H */
