/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_EVENT_QUEUE_H
#define SAN_EVENT_QUEUE_H

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief An event queue in host memory, written by a device and read by a process: Hamlyn's
 * notification queues, DART's conditional-interrupt events, CLAN's Tripwire event queue,
 * SHRIMP's notifications, SCI's interrupt flags.
 *
 * A ring of "capacity" fixed-size entries allocated in HostMemory. The device calls Push() when
 * its DMA of the entry has ended: the entry's bytes are written into the ring. The process
 * reads entries back from host memory with Pop(). An entry pushed into a full ring is lost: it
 * is counted apart (GetNLost) and nothing is written; GetNPushed() counts entries written only.
 *
 * Waiting: Wait() takes a HostCpuWait mode (poll, block, or poll then block). A push that finds
 * the process blocked raises one interrupt (the wait pays the host's interrupt and wake-up
 * costs); later pushes before the process resumes are coalesced into it; a polling process
 * sees the entry without an interrupt.
 */
class SanEventQueue : public SimpleRefCount<SanEventQueue>
{
  public:
    /**
     * \param memory host memory of the ring
     * \param cpu the reading process's CPU
     * \param capacity entries in the ring (> 0)
     * \param entryBytes bytes per entry (> 0)
     * \param name name of the ring's memory region ("" for anonymous)
     */
    SanEventQueue(Ptr<HostMemory> memory,
                  Ptr<HostCpu> cpu,
                  uint32_t capacity,
                  uint32_t entryBytes,
                  const std::string& name = "");

    /**
     * \brief Device side: write an entry (GetEntryBytes() bytes) into the ring.
     * \param entry the entry's bytes
     * \return false if the ring was full and the entry was lost
     */
    bool Push(const uint8_t* entry);

    /**
     * \brief Process side: read the oldest entry from host memory and free its place.
     * \param out GetEntryBytes() bytes
     * \return false if the ring is empty
     */
    bool Pop(uint8_t* out);

    /// \return true if no entry waits to be read
    bool IsEmpty() const;
    /// \return entries written and not yet read
    uint32_t GetNPending() const;
    /// \return the host address the next entry will be written to
    uint64_t GetNextEntryAddress() const;
    /// \return bytes per entry
    uint32_t GetEntryBytes() const;
    /// \return entries in the ring
    uint32_t GetCapacity() const;

    /**
     * \brief Wait for an entry; \p resumed runs when the process continues (at once, as a new
     * event, if an entry is pending already).
     * \param mode poll, block or poll-then-block
     * \param resumed continuation
     */
    void Wait(HostCpuWait::Mode mode, Callback<void> resumed);
    /// \return true while a Wait is in progress
    bool IsWaiting() const;
    /// \return true if the last finished Wait went to sleep (rather than polling or finding
    /// an entry at once)
    bool LastWaitBlocked() const;
    /// \brief End a wait without an entry (e.g. a timeout in the library above).
    void Wake();
    /// \brief Forget a wait in progress without resuming it (its process is gone: an endpoint
    /// closed or a device disposed while a process slept on it). For blocked waits: a poll
    /// loop would keep its CPU.
    void CancelWait();
    /**
     * \brief Say who pushes: the device itself (default: a push that finds the reader blocked
     * raises the interrupt that wakes it), or a driver's interrupt handler that has been
     * charged already (the blocked reader pays the scheduler's wake-up only).
     * \param inHandler pushes come from an interrupt handler
     */
    void SetPushedByHandler(bool inHandler);

    /**
     * \brief Be told of every entry written (a select-style wait over several sources, see
     * SanSelect); at most one listener.
     * \param cb called after each successful Push (null: none)
     */
    void SetPushCallback(Callback<void> cb);

    /// \return entries written
    uint64_t GetNPushed() const;
    /// \return entries lost to a full ring
    uint64_t GetNLost() const;
    /// \return interrupts raised (pushes that found the process blocked)
    uint64_t GetNInterrupts() const;

  private:
    /// The wait ended.
    void OnResumed();

    Ptr<HostMemory> m_memory;  //!< host memory of the ring
    Ptr<HostCpu> m_cpu;        //!< the reader's CPU
    uint32_t m_capacity;       //!< entries
    uint32_t m_entryBytes;     //!< bytes per entry
    uint64_t m_ringBase;       //!< host address of the ring
    uint64_t m_head{0};        //!< entries read
    uint64_t m_pushed{0};      //!< entries written
    uint64_t m_lost{0};        //!< entries lost
    uint64_t m_interrupts{0};  //!< interrupts raised
    Ptr<HostCpuWait> m_wait;   //!< wait in progress
    Callback<void> m_resumed;  //!< its continuation
    Callback<void> m_pushCb;   //!< listener of pushes
    bool m_inHandler{false};   //!< pushes come from an interrupt handler
    bool m_lastBlocked{false}; //!< the last wait slept
};

} // namespace ns3

#endif /* SAN_EVENT_QUEUE_H */
