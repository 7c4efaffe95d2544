/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_INITIAL_REQUEST_H
#define RATS_INITIAL_REQUEST_H

#include "rats-interface-manager.h"
#include "rats-server.h"

#include "ns3/event-id.h"
#include "ns3/hamlyn-slot-table.h"
#include "ns3/nstime.h"

#include <functional>
#include <map>
#include <string>
#include <utility>

namespace ns3
{

/**
 * \ingroup san
 * \brief An initial request as the server's application sees it.
 */
struct RatsInitialRequest
{
    uint64_t dataOffset{0}; //!< first data byte (server's pinned area)
    uint32_t length{0};     //!< data bytes
    uint32_t node{0};       //!< client's node
    uint32_t sequence{0};   //!< client's request number
    uint64_t timestamp{0};  //!< client's send time of this copy (ns), echoed in the reply
    RatsTicket reply;       //!< where the reply goes
};

/**
 * \ingroup san
 * \brief A reply as the client's application sees it (held until Release()).
 */
struct RatsInitialReply
{
    uint64_t dataOffset{0}; //!< first data byte (client's pinned area)
    uint32_t length{0};     //!< data bytes
    uint32_t sequence{0};   //!< request number it answers
    Time rtt;               //!< round trip of the answered copy (from its timestamp)
};

/**
 * \ingroup san
 * \brief Initial request/response, server side (Hamlyn 1995, section 3.2): for "initial
 * connection requests where there are no pre-allocated resources at the server".
 *
 * The server has one request buffer, shared by all clients, behind one slot whose ticket is
 * the ASCII client seed (RatsTicket::ToAscii). While the application holds a request (from
 * its arrival until SendReply), the buffer is busy: the slot is revoked, so a request that
 * arrives meanwhile is dropped by the interface ("a transmission may arrive when the
 * designated resource is busy and be lost"); SendReply defines the slot again, with the same
 * number and key. The clients' time-outs and retransmissions recover lost requests; the
 * server recognises a retransmitted copy of a request it has already delivered (per client,
 * by sequence number) and does not deliver it again.
 *
 * Messages are single packets (this and tagged write are the paper's single-packet
 * protocols): a request is HEADER_BYTES of metadata (reply ticket, sequence number,
 * timestamp, length) and data; a reply is REPLY_HEADER_BYTES (sequence, echoed timestamp,
 * length) and data.
 *
 * Costs: ASSUMED (not measured by the paper): Table 2's simple-datagram profile for sends,
 * arrivals (poll + process_arrival) and Recv/RecvReply (recv).
 */
class RatsInitialRequestServer : public RatsServer
{
  public:
    /// Request metadata bytes: reply ticket, sequence, timestamp (8), length.
    static constexpr uint32_t HEADER_BYTES = RatsTicket::SERIALIZED_BYTES + 16;
    /// Reply metadata bytes: sequence, timestamp (8), length.
    static constexpr uint32_t REPLY_HEADER_BYTES = 16;

    /**
     * \brief Create a server (registered).
     * \param manager the interface manager
     * \param maxRequest largest request (data bytes, > 0)
     * \return the server
     */
    static Ptr<RatsInitialRequestServer> Create(Ptr<RatsInterfaceManager> manager,
                                                uint32_t maxRequest);

    /// \return the client seed, as an ASCII string
    std::string MakeSeed() const;

    /**
     * \brief recv: wait (polling) for a new request.
     * \param done receives it; the request buffer is busy until SendReply()
     */
    void Recv(std::function<void(RatsInitialRequest)> done);

    /**
     * \brief sendreply: answer \p request with [offset, offset + length) of the pinned area,
     * and make the request buffer available again.
     * \param request the request being answered
     * \param offset first data byte
     * \param length data bytes (one packet with the header, else NOT_ONE_PACKET)
     * \param returned called when the call returns
     * \return the handle
     */
    Ptr<RatsSendHandle> SendReply(const RatsInitialRequest& request,
                                  uint64_t offset,
                                  uint32_t length,
                                  std::function<void()> returned = nullptr);

    /// \return requests delivered to the application
    uint64_t GetNDelivered() const;
    /// \return retransmitted copies recognised and not delivered again
    uint64_t GetNDuplicates() const;
    /// \return true while the request buffer is busy
    bool IsBusy() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsInitialRequestServer(Ptr<RatsInterfaceManager> manager);

  private:
    uint32_t m_maxRequest;        //!< largest request
    RatsBuffer m_buffer;          //!< the request buffer
    RatsTicket m_seed;            //!< its ticket
    HamlynSlot m_slot;            //!< the slot's definition (to define it again)
    bool m_busy;                  //!< the application holds a request
    bool m_pending;               //!< a request is there, not yet received
    RatsInitialRequest m_request; //!< the request held
    std::map<std::pair<uint32_t, uint16_t>, uint32_t> m_served; //!< client -> last sequence
    uint64_t m_delivered;                                       //!< requests delivered
    uint64_t m_duplicates;                                      //!< duplicates suppressed
};

/**
 * \ingroup san
 * \brief Initial request/response, client side: created from the server's ASCII seed; Send,
 * RecvReply, Release.
 *
 * A request is retransmitted (same sequence number, fresh timestamp) every "timeout" until
 * its reply arrives. The caller's buffer must stay untouched until then (retransmissions read
 * it again). A reply whose sequence number is not the outstanding request's is stale and
 * ignored. One request at a time: Send() while a request is outstanding or a reply is held
 * (not Release()d) fails with BUSY.
 *
 * Time-outs fire while the application may be polling: the timer ends the wait
 * (SanEventQueue::Wake) so the retransmission's sendmsg gets the CPU.
 */
class RatsInitialRequestClient : public RatsServer
{
  public:
    /**
     * \brief Create a client (registered).
     * \param manager the client's interface manager
     * \param seed the server's ASCII seed
     * \param maxReply largest reply (data bytes, > 0)
     * \param timeout retransmission time-out of a request's first copy; each later copy
     *        waits twice as long as the one before (a loaded server is not flooded with
     *        copies: section 2's "retransmissions will only make the problem worse")
     * \param maxTimeout the longest wait (0: 64 times \p timeout; \p timeout: no back-off)
     * \return the client
     */
    static Ptr<RatsInitialRequestClient> Create(Ptr<RatsInterfaceManager> manager,
                                                const std::string& seed,
                                                uint32_t maxReply,
                                                Time timeout,
                                                Time maxTimeout = Time(0));

    /**
     * \brief send a request.
     * \param offset first data byte (a Malloc'ed buffer if it is sent by DMA)
     * \param length data bytes
     * \param returned called when the call returns
     * \return the first transmission's handle
     */
    Ptr<RatsSendHandle> Send(uint64_t offset,
                             uint32_t length,
                             std::function<void()> returned = nullptr);
    /// \param done receives the reply (waits, polling, for it)
    void RecvReply(std::function<void(RatsInitialReply)> done);
    /// \brief release the reply buffer
    void Release();

    /// \return retransmissions so far
    uint64_t GetNRetransmissions() const;
    /// \return stale replies ignored
    uint64_t GetNStale() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsInitialRequestClient(Ptr<RatsInterfaceManager> manager);

  private:
    /// Transmit (or retransmit) the outstanding request. \param returned call-return
    /// \return the handle
    Ptr<RatsSendHandle> Transmit(std::function<void()> returned);
    /// The time-out fired.
    void OnTimeout();

    RatsTicket m_server;        //!< the server's request buffer
    Time m_timeout;             //!< retransmission time-out of a first copy
    Time m_maxTimeout;          //!< the longest
    Time m_wait;                //!< the time-out of the copy in flight
    RatsBuffer m_reply;         //!< reply buffer
    RatsTicket m_replySeed;     //!< ticket for it
    uint64_t m_offset;          //!< outstanding request's data
    uint32_t m_length;          //!< its length
    uint32_t m_sequence;        //!< its number
    bool m_outstanding;         //!< waiting for its reply
    bool m_replied;             //!< reply there, not yet received
    bool m_held;                //!< reply received, not yet released
    RatsInitialReply m_last;    //!< the reply
    EventId m_timer;            //!< retransmission timer
    uint64_t m_retransmissions; //!< retransmissions
    uint64_t m_stale;           //!< stale replies
};

} // namespace ns3

#endif /* RATS_INITIAL_REQUEST_H */
