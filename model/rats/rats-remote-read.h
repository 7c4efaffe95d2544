/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_REMOTE_READ_H
#define RATS_REMOTE_READ_H

#include "rats-interface-manager.h"
#include "rats-server.h"

#include <functional>
#include <map>

namespace ns3
{

/**
 * \ingroup san
 * \brief A remote-read seed: a ticket for a request area of the server, and the size of the
 * server's readable buffer.
 */
struct RatsRemoteReadSeed
{
    RatsTicket request; //!< where read requests go
    uint32_t bytes{0};  //!< readable bytes at the server
};

/**
 * \ingroup san
 * \brief Remote read, server side (Hamlyn 1995, section 3.2, "Remote Read").
 *
 * Hamlyn has no hardware read, so the server host's Rats code answers: a request (the
 * client's reply ticket, offset, length) arrives in a request area; poll dispatches it to
 * ProcessArrival, which sends the requested range of the readable buffer straight back into
 * the client's memory with one sendmsg (direct I/O when small, else the NIC's DMA reads it
 * from the server's pinned memory). Each MakeSeed() call makes a request area of its own, so
 * several clients never overwrite each other's requests (each has at most one in flight).
 * The server's application must be polling (Serve(), or any receive call of its other
 * protocol instances) for requests to be answered.
 *
 * Costs: ASSUMED (not measured by the paper): Table 2's poll + process_arrival per request,
 * and a simple-datagram send (no metadata) for the answer.
 */
class RatsRemoteReadServer : public RatsServer
{
  public:
    /// Bytes of a request (reply ticket, offset, length, sequence).
    static constexpr uint32_t REQUEST_BYTES = RatsTicket::SERIALIZED_BYTES + 12;

    /**
     * \brief Create a server with a readable buffer (registered).
     * \param manager the interface manager
     * \param bytes readable bytes (> 0)
     * \return the server
     */
    static Ptr<RatsRemoteReadServer> Create(Ptr<RatsInterfaceManager> manager, uint32_t bytes);

    /// \return a seed for one client (a fresh request area)
    RatsRemoteReadSeed MakeSeed();
    /// \return the readable buffer (the application fills it)
    RatsBuffer GetBuffer() const;
    /// \brief Poll for requests forever (a server application with nothing else to do).
    void Serve();
    /// \return requests answered
    uint64_t GetNAnswered() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsRemoteReadServer(Ptr<RatsInterfaceManager> manager);

  private:
    RatsBuffer m_buffer;                   //!< readable buffer
    std::map<uint16_t, RatsBuffer> m_reqs; //!< notification area -> request area
    uint64_t m_answered;                   //!< requests answered
};

/**
 * \ingroup san
 * \brief Remote read, client side: "Clients support remote_read and async_remote_read. A
 * ready function indicates whether the async_remote_read has returned. Only one remote read
 * can be in flight at any time for a single protocol instance."
 *
 * The data land in the client's read buffer (a pinned buffer with a slot and a notification
 * area of its own); a second read while one is in flight is refused with ERROR BUSY.
 *
 * Costs: ASSUMED: the request is a simple-datagram send of 44 metadata bytes (Table 2's
 * "44+0"); the answer's arrival costs poll + process_arrival, RemoteRead's return recv.
 */
class RatsRemoteReadClient : public RatsServer
{
  public:
    /**
     * \brief Create a client (registered).
     * \param manager the client's interface manager
     * \param seed a seed from RatsRemoteReadServer::MakeSeed()
     * \param capacity bytes of the client's read buffer (> 0)
     * \return the client
     */
    static Ptr<RatsRemoteReadClient> Create(Ptr<RatsInterfaceManager> manager,
                                            const RatsRemoteReadSeed& seed,
                                            uint32_t capacity);

    /**
     * \brief async_remote_read: ask for [remoteOffset, remoteOffset + length) of the server's
     * buffer, to land at [localOffset, localOffset + length) of the read buffer.
     * \param remoteOffset first byte at the server
     * \param length bytes (> 0)
     * \param localOffset where in the read buffer
     * \param returned called when the call returns
     * \return the request's handle: ERROR BUSY if a read is in flight, TOO_LONG if a range
     *         does not fit
     */
    Ptr<RatsSendHandle> AsyncRemoteRead(uint32_t remoteOffset,
                                        uint32_t length,
                                        uint32_t localOffset = 0,
                                        std::function<void()> returned = nullptr);
    /// \return true once the last async read has returned (ready): its answer's notification
    ///         has been through poll (any poll or receive call of the application)
    bool Ready() const;
    /// \return true while a read is in flight
    bool IsInFlight() const;

    /**
     * \brief remote_read: read and wait (polling) for the data.
     * \param remoteOffset first byte at the server
     * \param length bytes
     * \param done receives where the data are (client's pinned memory), or an invalid buffer
     *        if the read was refused
     * \return the request's handle
     */
    Ptr<RatsSendHandle> RemoteRead(uint32_t remoteOffset,
                                   uint32_t length,
                                   std::function<void(RatsBuffer)> done);

    /// \return the read buffer
    RatsBuffer GetBuffer() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsRemoteReadClient(Ptr<RatsInterfaceManager> manager);

  private:
    RatsRemoteReadSeed m_seed; //!< the server
    RatsBuffer m_buffer;       //!< read buffer
    RatsBuffer m_request;      //!< request staging (REQUEST_BYTES)
    RatsTicket m_ticket;       //!< ticket for the read buffer
    bool m_inFlight;           //!< a read is in flight
    bool m_ready;              //!< the last read's data are there
    RatsBuffer m_result;       //!< where the last read's data are
    uint32_t m_sequence;       //!< read number
};

} // namespace ns3

#endif /* RATS_REMOTE_READ_H */
