/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_EVENT_QUEUE_H
#define CLAN_EVENT_QUEUE_H

#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/san-event-queue.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup san
 * \brief One event of CLAN's asynchronous event queue (Tripwire paper, section 4.3): its kind,
 * the object it concerns (a Tripwire, a DMA request, an endpoint) and the cookie the application
 * registered with its interest. 16 bytes in the queue's ring.
 */
struct ClanEvent
{
    /// What happened.
    enum Kind : uint8_t
    {
        TRIPWIRE = 1,    //!< a Tripwire fired
        DMA_DONE = 2,    //!< a DMA request completed
        OOB_MESSAGE = 3, //!< an out-of-band message arrived at an endpoint
    };

    Kind kind{TRIPWIRE}; //!< kind
    uint32_t id{0};      //!< the Tripwire, DMA request or endpoint
    uint64_t cookie{0};  //!< the application's value, given with its interest

    /// Bytes of an entry.
    static constexpr uint32_t BYTES = 16;
    /// \param out BYTES bytes
    void Encode(uint8_t* out) const;
    /// \param in BYTES bytes \return the event
    static ClanEvent Decode(const uint8_t* in);
};

/**
 * \ingroup san
 * \brief CLAN's asynchronous event queue (Tripwire paper, section 4.3): the device driver
 * delivers Tripwire, DMA-completion and out-of-band-message events into a circular queue in
 * memory shared with the application, in O(1) per event; the application registers and
 * unregisters its interest in individual events, polls, or blocks until the queue is
 * non-empty, and can watch the queue inside a select-style wait beside other sources
 * (SanSelect::AddQueue(GetRing())).
 *
 * It is the shared SanEventQueue (ring in HostMemory; interrupts only for a blocked reader,
 * coalesced; a full ring loses events, counted) plus the interest table. Time is the caller's:
 * the driver's interrupt routine that calls Deliver() is charged by the device.
 */
class ClanEventQueue : public SimpleRefCount<ClanEventQueue>
{
  public:
    /**
     * \param memory the application's host memory (the ring)
     * \param cpu the application's CPU
     * \param capacity events in the ring
     */
    ClanEventQueue(Ptr<HostMemory> memory, Ptr<HostCpu> cpu, uint32_t capacity);

    /**
     * \brief Ask for events of one object.
     * \param kind the kind
     * \param id the object
     * \param cookie returned with each event
     */
    void Register(ClanEvent::Kind kind, uint32_t id, uint64_t cookie);
    /// \param kind the kind \param id the object: no more events of it
    void Unregister(ClanEvent::Kind kind, uint32_t id);
    /// \param kind the kind \param id the object \return true if interest is registered
    bool IsRegistered(ClanEvent::Kind kind, uint32_t id) const;

    /**
     * \brief The driver: deliver an event, in O(1). Events nobody registered for are dropped
     * (counted).
     * \param kind the kind
     * \param id the object
     * \return true if it was queued
     */
    bool Deliver(ClanEvent::Kind kind, uint32_t id);

    /**
     * \brief The application: take the oldest event.
     * \param[out] event the event
     * \return false if the queue is empty
     */
    bool Poll(ClanEvent& event);
    /**
     * \brief Wait until the queue is non-empty.
     * \param mode poll, block, or poll then block
     * \param resumed continuation
     */
    void Wait(HostCpuWait::Mode mode, Callback<void> resumed);
    /// \return the ring (for SanSelect, statistics)
    Ptr<SanEventQueue> GetRing() const;
    /// \return events delivered into the ring
    uint64_t GetNDelivered() const;
    /// \return events dropped: no interest registered
    uint64_t GetNUnwanted() const;

  private:
    /// \param kind kind \param id object \return the interest table's key
    static uint64_t Key(ClanEvent::Kind kind, uint32_t id);

    Ptr<SanEventQueue> m_ring;                         //!< the circular queue
    std::unordered_map<uint64_t, uint64_t> m_interest; //!< (kind, id) -> cookie
    uint64_t m_delivered{0};                           //!< events queued
    uint64_t m_unwanted{0};                            //!< events nobody wanted
};

} // namespace ns3

#endif /* CLAN_EVENT_QUEUE_H */
