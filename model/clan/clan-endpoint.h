/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_ENDPOINT_H
#define CLAN_ENDPOINT_H

#include "clan-event-queue.h"

#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/san-event-queue.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>

namespace ns3
{

/// An out-of-band message as an endpoint's owner reads it.
struct ClanOobMessage
{
    uint32_t srcHost{0};   //!< sender's host
    uint16_t srcPort{0};   //!< sender's port
    uint16_t dstPort{0};   //!< this endpoint's port
    uint8_t payload[40]{}; //!< the 40-byte payload (section 3.1, footnote 4)

    /// Bytes of an encoded record: source host (4), ports (2 + 2), payload (40).
    static constexpr uint32_t BYTES = 48;
    /// \param out BYTES bytes
    void Encode(uint8_t* out) const;
    /// \param in BYTES bytes \return the message
    static ClanOobMessage Decode(const uint8_t* in);
};

/**
 * \ingroup san
 * \brief A CLAN endpoint, "identified by host address and a port number" (Riddoch et al.
 * 1999, section 3.1), and its queue of out-of-band messages, into which the driver
 * demultiplexes. "The message queue resides in a segment of memory shared by the application
 * and device driver, and so messages can be dequeued without a system call": a SanEventQueue
 * ring in host memory, pushed from the driver's interrupt routine.
 *
 * An endpoint may also have its out-of-band arrivals announced on an asynchronous event queue
 * (OOB_MESSAGE events with the endpoint's id), for a server's select loop.
 */
class ClanEndpoint : public SimpleRefCount<ClanEndpoint>
{
  public:
    /**
     * \param port the port \param id the driver's id for it (its events' id)
     * \param memory host memory (the queue) \param cpu the owner's CPU \param entries queue
     * entries (> 0)
     */
    ClanEndpoint(uint16_t port,
                 uint32_t id,
                 Ptr<HostMemory> memory,
                 Ptr<HostCpu> cpu,
                 uint32_t entries);

    /// \return the port
    uint16_t GetPort() const;
    /// \return the driver's id for the endpoint
    uint32_t GetId() const;

    /// \brief Process side: take the oldest message (no system call).
    /// \param out the message \return false if none waits
    bool Receive(ClanOobMessage& out);
    /// \return the queue (to wait on it, or put it in a SanSelect)
    Ptr<SanEventQueue> GetQueue() const;
    /// \param events queue to announce arrivals on (null: none)
    void SetEventQueue(Ptr<ClanEventQueue> events);

    /// \brief Driver side: reuse a cached endpoint under another port (its old messages are
    /// discarded). \param port the new port
    void Rebind(uint16_t port);

    /// \brief Driver side: queue a record. \param record BYTES bytes \return false if full
    bool Deliver(const uint8_t* record);

  private:
    uint16_t m_port;              //!< port
    uint32_t m_id;                //!< id
    Ptr<SanEventQueue> m_queue;   //!< messages
    Ptr<ClanEventQueue> m_events; //!< announcements
};

} // namespace ns3

#endif /* CLAN_ENDPOINT_H */
