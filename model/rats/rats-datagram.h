/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_DATAGRAM_H
#define RATS_DATAGRAM_H

#include "rats-interface-manager.h"
#include "rats-server.h"

#include <deque>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A datagram seed: one ticket per receive buffer the server set aside for one client.
 *
 * "This protocol can be many-to-one by creating multiple seeds": each call of
 * RatsDatagramServer::MakeSeed() sets aside fresh receive buffers, and each client holds the
 * tickets for its own buffers only, so clients never overrun each other (sender-based memory
 * management).
 */
struct RatsDatagramSeed
{
    std::vector<RatsTicket> tickets; //!< one per receive buffer (initial credits)
    uint32_t maxMessage{0};          //!< largest datagram (data bytes)
};

/**
 * \ingroup san
 * \brief A datagram as the receiving application sees it: a pointer into the server's pinned
 * memory, which stays the application's until it calls RatsDatagramServer::Release().
 */
struct RatsDatagramMessage
{
    uint64_t dataOffset{0}; //!< first data byte (receiver's pinned area)
    uint32_t length{0};     //!< data bytes
    uint32_t sequence{0};   //!< the sending client's message number
    uint32_t node{0};       //!< sending node
    uint32_t buffer{0};     //!< server's buffer index (what Release() frees)
};

/**
 * \ingroup san
 * \brief Datagram, server side (Hamlyn 1995, section 3.2): "This resembles UNIX's UDP, except
 * it is reliable and the receiving application obtains a pointer to the message, rather than
 * supplying one. When the application is finished with a buffer, it must explicitly release
 * it. Behind the scenes, the release function sends a ticket back to the client so that the
 * buffer can be reused."
 *
 * Every receive buffer has its own slot window and its own notification assembly area, so
 * multi-packet datagrams to different buffers are reassembled and notified independently;
 * the area is recycled when the buffer is released (section 2.5). Layout of a buffer:
 * HEADER_BYTES of metadata (the client's credit-return ticket, data length, sequence number,
 * the client's credit index), then the data. A datagram is therefore one sendmsg with m = 44
 * metadata bytes, like Table 2's "44+16" row.
 *
 * Reliability comes from the sender-based memory management: a client sends only into a
 * buffer it holds a ticket for, so nothing is ever overrun or dropped. In-order delivery is
 * not guaranteed (datagrams are handed to Recv() in notification order).
 *
 * Costs: ASSUMED to be Table 2's simple-datagram profile (the paper does not measure this
 * protocol): poll + process_arrival per arrival, recv per Recv(); Release() is a simple-datagram
 * send of the 32-byte ticket (see RatsCostTable).
 */
class RatsDatagramServer : public RatsServer
{
  public:
    /// Bytes of the fixed part of the header (length, sequence, credit index).
    static constexpr uint32_t FIXED_METADATA = 12;
    /// Bytes before a buffer's data: the return ticket and the fixed header.
    static constexpr uint32_t HEADER_BYTES = RatsTicket::SERIALIZED_BYTES + FIXED_METADATA;

    /**
     * \brief Create a server (registered with the manager).
     * \param manager the interface manager
     * \param maxMessage largest datagram in data bytes (> 0)
     * \return the server
     */
    static Ptr<RatsDatagramServer> Create(Ptr<RatsInterfaceManager> manager, uint32_t maxMessage);

    /**
     * \brief make_seed: set aside \p buffers fresh receive buffers for one client.
     * \param buffers receive buffers (> 0): the client's credits
     * \return the seed
     */
    RatsDatagramSeed MakeSeed(uint32_t buffers);

    /**
     * \brief recv: wait for a datagram (polling) and hand over a pointer to it.
     * \param done receives the message, after recv's instructions
     */
    void Recv(std::function<void(RatsDatagramMessage)> done);

    /**
     * \brief release: give the buffer back. Sends its ticket to the client that used it (one
     * simple-datagram send of 32 bytes), after which the client may reuse the buffer.
     * \param message a message from Recv() (aborts if not held by the application)
     * \param returned called when the call returns
     * \return the handle of the ticket's send
     */
    Ptr<RatsSendHandle> Release(const RatsDatagramMessage& message,
                                std::function<void()> returned = nullptr);

    /// \return datagrams arrived and not yet received
    uint32_t GetNPending() const;
    /// \return datagrams received by the application and not yet released
    uint32_t GetNHeld() const;
    /// \return notifications received
    uint64_t GetNArrivals() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsDatagramServer(Ptr<RatsInterfaceManager> manager);

  private:
    /// State of a receive buffer.
    enum State : uint8_t
    {
        AT_CLIENT, //!< its ticket is the client's: a datagram may arrive
        ARRIVED,   //!< a datagram is there, not yet received
        HELD,      //!< the application has it
    };

    /// One receive buffer.
    struct Buffer
    {
        RatsBuffer memory;   //!< pinned memory (header + data)
        RatsTicket ticket;   //!< ticket for it
        State state;         //!< state
        RatsTicket returnTo; //!< the client's credit-return ticket (from the last datagram)
        uint32_t node{0};    //!< sender of the datagram there
    };

    /// \param index a buffer \return the message in it
    RatsDatagramMessage ReadMessage(uint32_t index) const;

    uint32_t m_maxMessage;               //!< largest datagram
    std::vector<Buffer> m_buffers;       //!< receive buffers
    std::map<uint16_t, uint32_t> m_area; //!< notification area -> buffer
    std::deque<uint32_t> m_arrived;      //!< buffers with a datagram, in arrival order
    uint64_t m_arrivals;                 //!< notifications
};

/**
 * \ingroup san
 * \brief Datagram, client side. It holds the tickets (credits) for free receive buffers at the
 * server; a send consumes one, and the server's release brings one back into the client's
 * credit-return area (a small pinned ring with one notification area, so the client is itself a
 * RatsServer that poll dispatches to).
 *
 * With no ticket, Send() fails at once with NO_TICKET (nothing is sent); SendWhenPossible()
 * polls for returned tickets until one is there, then sends.
 *
 * Costs: ASSUMED to be Table 2's simple-datagram profile (send 10; sendmsg with m = 44);
 * a returned ticket costs poll + process_arrival.
 */
class RatsDatagramClient : public RatsServer
{
  public:
    /**
     * \brief Create a client (registered with the manager).
     * \param manager the client's interface manager
     * \param seed the seed the server made for this client
     * \return the client
     */
    static Ptr<RatsDatagramClient> Create(Ptr<RatsInterfaceManager> manager,
                                          const RatsDatagramSeed& seed);

    /**
     * \brief send [offset, offset + length) of the pinned area into a free server buffer.
     * \param offset first data byte (a Malloc'ed buffer for DMA sends)
     * \param length data bytes (at most the seed's maxMessage, else TOO_LONG)
     * \param returned called when the call returns
     * \return the handle (ERROR NO_TICKET if no ticket is held)
     */
    Ptr<RatsSendHandle> Send(uint64_t offset,
                             uint32_t length,
                             std::function<void()> returned = nullptr);

    /**
     * \brief send, waiting (polling for returned tickets) while no ticket is held.
     * \param offset first data byte
     * \param length data bytes
     * \param sent receives the handle when the send call returns
     */
    void SendWhenPossible(uint64_t offset,
                          uint32_t length,
                          std::function<void(Ptr<RatsSendHandle>)> sent);

    /**
     * \brief Take the tickets that came back into the credit-return area, reading the
     * client's own memory (no polling; poll's process_arrival and Send() do it too).
     * \return tickets held
     */
    uint32_t CollectReturned();

    /// \return tickets held (free buffers at the server)
    uint32_t GetNTickets() const;
    /// \return tickets returned by the server so far
    uint64_t GetNReturned() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsDatagramClient(Ptr<RatsInterfaceManager> manager);

  private:
    uint32_t m_maxMessage;                                 //!< largest datagram
    std::deque<std::pair<uint32_t, RatsTicket>> m_tickets; //!< credits: entry, ticket
    std::vector<bool> m_out; //!< credit entry i's ticket is at the server
    RatsBuffer m_ring;       //!< credit-return area: one ticket per entry
    RatsTicket m_ringTicket; //!< ticket for it
    uint32_t m_sequence;     //!< next message number
    uint64_t m_returned;     //!< tickets returned
};

} // namespace ns3

#endif /* RATS_DATAGRAM_H */
