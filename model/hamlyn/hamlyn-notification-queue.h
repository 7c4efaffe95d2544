/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_NOTIFICATION_QUEUE_H
#define HAMLYN_NOTIFICATION_QUEUE_H

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <deque>
#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief One entry of a Hamlyn notification queue.
 */
struct HamlynNotification
{
    uint16_t area{0};     //!< notification assembly area whose counter returned to zero
    uint16_t slot{0};     //!< slot of the packet that completed it
    uint32_t node{0};     //!< sending node of that packet
    uint16_t terminus{0}; //!< sending terminus of that packet
    uint32_t sequence{0}; //!< entry number in this queue
    Time time;            //!< when the entry was written to host memory
};

/**
 * \ingroup san
 * \brief A receiving application's notification queue (Hamlyn 1995, section 2.5).
 *
 * The interface writes one ENTRY_BYTES entry per completed message (or group) into a ring of
 * "capacity" entries in the application's host memory, then tells the application:
 * - if the application is running (not waiting), nothing more: it finds the entry when it
 *   next looks (Pop);
 * - if it is waiting in HostCpu POLL mode, its poll loop notices the entry (no interrupt);
 * - if it is asleep (BLOCK), the interface raises an interrupt and the OS wakes it. Interrupts
 *   are coalesced: entries that arrive while a wake-up is already pending raise none.
 * A full ring drops the entry (counted): Rats sizes queues so that this does not happen.
 */
class HamlynNotificationQueue : public SimpleRefCount<HamlynNotificationQueue>
{
  public:
    /// Bytes per entry in host memory.
    static constexpr uint32_t ENTRY_BYTES = 16;

    /**
     * \param memory the application's host memory (a ring is allocated in it)
     * \param cpu the host CPU the application runs on
     * \param capacity entries in the ring (> 0)
     * \param name name of the ring's memory region ("" for anonymous)
     */
    HamlynNotificationQueue(Ptr<HostMemory> memory,
                            Ptr<HostCpu> cpu,
                            uint32_t capacity,
                            const std::string& name = "");

    /**
     * \brief The interface has written \p entry into host memory (called by the device when
     * the entry's bus write ends).
     * \param entry the notification
     * \return false if the ring was full and the entry was dropped
     */
    bool Push(HamlynNotification entry);

    /// \return host address where the next entry will be written
    uint64_t GetNextEntryAddress() const;

    /// \return true if an entry is waiting
    bool IsEmpty() const;
    /// \return entries waiting
    uint32_t GetNPending() const;

    /**
     * \brief Take the oldest entry (the application's get_notification_record).
     * \param[out] entry filled if there is one
     * \return false if the queue is empty
     */
    bool Pop(HamlynNotification& entry);

    /**
     * \brief The application waits for the next entry. If one is already waiting, \p resumed
     * runs at once (as a new event); otherwise the process polls or sleeps on its CPU (HostCpu
     * wait modes) until the interface pushes one. Aborts if a wait is already in progress.
     * \param mode how to wait
     * \param resumed called when the process continues
     */
    void Wait(HostCpuWait::Mode mode, Callback<void> resumed);

    /// \return true while a Wait() has not resumed
    bool IsWaiting() const;

    /**
     * \brief End a wait in progress without an entry: a timer expiring while the application
     * polls or sleeps (e.g. a library's retransmission time-out). The waiter resumes as for an
     * entry (at the next poll-loop boundary, or through interrupt and wake-up if asleep; not
     * counted in GetNInterrupts()) and finds the queue empty. No effect if no wait is in
     * progress or it is already signalled.
     */
    void Wake();

    /// \return entries written
    uint64_t GetNPushed() const;
    /// \return entries dropped because the ring was full
    uint64_t GetNOverflows() const;
    /// \return wake-ups that needed an interrupt (the process was asleep)
    uint64_t GetNInterrupts() const;

  private:
    /// A wait resumed.
    void OnResumed();

    Ptr<HostMemory> m_memory;               //!< host memory of the ring
    Ptr<HostCpu> m_cpu;                     //!< the application's CPU
    uint32_t m_capacity;                    //!< entries in the ring
    uint64_t m_ringBase;                    //!< host address of the ring
    std::deque<HamlynNotification> m_queue; //!< entries not yet popped
    uint64_t m_pushed;                      //!< entries written
    uint64_t m_overflows;                   //!< entries dropped
    uint64_t m_interrupts;                  //!< wake-ups by interrupt
    Ptr<HostCpuWait> m_wait;                //!< wait in progress
    Callback<void> m_resumed;               //!< its continuation
};

} // namespace ns3

#endif /* HAMLYN_NOTIFICATION_QUEUE_H */
