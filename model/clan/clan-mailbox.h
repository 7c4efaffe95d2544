/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_MAILBOX_H
#define CLAN_MAILBOX_H

#include "clan-endpoint.h"

#include "ns3/callback.h"
#include "ns3/host-memory.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>

namespace ns3
{

/**
 * \ingroup san
 * \brief A CLAN driver's mailbox (Riddoch et al. 1999, section 3.1): the ring in host memory
 * where the NIC places every out-of-band record that arrives for this host, and the endpoints
 * the interrupt routine demultiplexes the records into. ClanNetDevice owns one; a kernel
 * Tripwire on the ring (the device's) tells the routine that records wait.
 */
class ClanMailbox
{
  public:
    /// Why a record was not delivered: (reason, source host).
    typedef Callback<void, uint32_t, uint32_t> RefusedCallback;

    /// The reasons RefusedCallback gives.
    enum Refusal : uint32_t
    {
        NO_ENDPOINT = 0, //!< no endpoint at its port
        QUEUE_FULL = 1,  //!< its endpoint's queue is full
    };

    /**
     * \brief Allocate the ring.
     * \param memory the host's memory
     * \param entries ring slots
     * \param recordBytes bytes of a record
     */
    void Setup(Ptr<HostMemory> memory, uint32_t entries, uint32_t recordBytes);
    /// \return the ring's first byte in host memory
    uint64_t GetBase() const;
    /// \return the ring's bytes
    uint64_t GetBytes() const;

    /// \param tripwire the kernel Tripwire on the ring
    void SetTripwire(uint32_t tripwire);
    /// \param id a Tripwire \return true if it is the ring's
    bool IsTripwire(uint32_t id) const;

    /**
     * \brief The NIC places a record: the first piece (\p first) takes the next slot.
     * \param first true for a record's first piece
     * \param slotAddress set to the host address of the slot the piece belongs to
     * \return false if the ring is full (the record is lost)
     */
    bool Place(bool first, uint64_t& slotAddress);
    /// \return records placed and not yet taken by the driver
    uint64_t GetWaiting() const;
    /**
     * \brief The interrupt routine takes every waiting record into its endpoint's queue.
     * \param refused told of each record that could not be delivered
     */
    void Drain(const RefusedCallback& refused);
    /// \return records delivered into endpoints' queues
    uint64_t GetNDelivered() const;

    /**
     * \brief Create an endpoint. Aborts if the port is taken.
     * \param port the port \param queueEntries its out-of-band queue's entries
     * \param cpu the host's CPU
     * \return the endpoint
     */
    Ptr<ClanEndpoint> CreateEndpoint(uint16_t port, uint32_t queueEntries, Ptr<HostCpu> cpu);
    /// \param endpoint an existing (cached) endpoint to bind under its port (aborts if taken)
    void AdoptEndpoint(Ptr<ClanEndpoint> endpoint);
    /// \param port a port \return false if it had no endpoint
    bool DestroyEndpoint(uint16_t port);
    /// \param port a port \return its endpoint (null if none)
    Ptr<ClanEndpoint> GetEndpoint(uint16_t port) const;

    /// \brief Forget the endpoints, breaking a waiting process's hold on its own.
    void Clear();

  private:
    Ptr<HostMemory> m_memory;                          //!< the host's memory
    uint64_t m_base{0};                                //!< the ring
    uint32_t m_entries{0};                             //!< its slots
    uint32_t m_recordBytes{0};                         //!< bytes of a slot
    uint32_t m_tripwire{0};                            //!< the kernel Tripwire on it
    uint64_t m_written{0};                             //!< records the NIC has placed
    uint64_t m_read{0};                                //!< records the driver has taken
    uint64_t m_delivered{0};                           //!< records delivered
    std::map<uint16_t, Ptr<ClanEndpoint>> m_endpoints; //!< by port
};

} // namespace ns3

#endif /* CLAN_MAILBOX_H */
