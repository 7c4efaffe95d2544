/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_SIMPLE_DATAGRAM_H
#define RATS_SIMPLE_DATAGRAM_H

#include "rats-interface-manager.h"
#include "rats-server.h"

#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A simple datagram as the receiver sees it.
 */
struct RatsSimpleDatagramMessage
{
    uint64_t dataOffset{0};        //!< where the data was deposited (receiver's pinned area)
    uint32_t length{0};            //!< data bytes
    std::vector<uint8_t> metadata; //!< the sender's own out-of-band data (e.g. a reply seed)
    uint32_t sequence{0};          //!< the sender's message number

    /// \return true if the metadata holds a ticket (a reply seed)
    bool HasReplySeed() const;
};

/**
 * \ingroup san
 * \brief Simple datagram, server side (Hamlyn 1995, section 3.2): one receive buffer per
 * instance; each message may carry a reply seed and other out-of-band data of the sender;
 * seeds can be split for group receive.
 *
 * Layout of a seed's range in the receive buffer: USER_METADATA_MAX bytes for the sender's
 * metadata (right-aligned), a FIXED_METADATA-byte header (data length, metadata length,
 * sequence number), then the data. A message of m = FIXED_METADATA + u metadata bytes and d
 * data bytes is one sendmsg of m + d contiguous bytes: with no metadata of its own m = 12, with
 * a reply ticket m = 44, as in Table 2's "12+16" and "44+16" rows.
 *
 * Group receive: SplitSeed() gives a new seed the top part of the range and a share of the
 * delta (Y0) so that the deltas of all the seeds still sum to the original seed's (0): the one
 * notification comes when every part's message has arrived. Each part has its own metadata
 * header; read a part with GetMessageAt(part's seed offset).
 *
 * Costs: Table 2 (poll 28 + 4, process_arrival 39, recv 14 + 22).
 */
class RatsSimpleDatagramServer : public RatsServer
{
  public:
    /// Bytes of the fixed metadata header (data length, metadata length, sequence).
    static constexpr uint32_t FIXED_METADATA = 12;
    /// Most metadata bytes of the sender's own (a full ticket; Table 2: 44 - 12).
    static constexpr uint32_t USER_METADATA_MAX = 32;
    /// Bytes of a range before its data.
    static constexpr uint32_t HEADER_BYTES = FIXED_METADATA + USER_METADATA_MAX;

    /**
     * \brief Create a server with a receive buffer for \p capacity data bytes (registered).
     * \param manager the interface manager
     * \param capacity data bytes (> 0)
     * \return the server
     */
    static Ptr<RatsSimpleDatagramServer> Create(Ptr<RatsInterfaceManager> manager,
                                                uint32_t capacity);

    /// \return a seed: a ticket for the whole receive buffer
    RatsTicket MakeSeed() const;

    /**
     * \brief split_seed: give a new seed the top \p bytes of \p seed's range and a share of its
     * delta; \p seed keeps the rest. Aborts if either part could not hold a header and data.
     * \param seed the seed to split (mutated)
     * \param bytes bytes of the new seed's range (header included)
     * \return the new seed
     */
    static RatsTicket SplitSeed(RatsTicket& seed, uint32_t bytes);

    /**
     * \brief recv: wait for the message (or message group) and say where it was deposited.
     * \param done receives the message at the start of the server's range
     */
    void Recv(std::function<void(RatsSimpleDatagramMessage)> done);
    /**
     * \param seedOffset offset of a (split) seed's range in this server's buffer
     * \return the message deposited there (no cost: the application reads its memory)
     */
    RatsSimpleDatagramMessage GetMessageAt(uint32_t seedOffset) const;

    /// \param message a received message \return its reply seed (aborts if it has none)
    static RatsTicket ReplySeed(const RatsSimpleDatagramMessage& message);
    /// \return metadata holding a ticket for this instance (to be sent as a reply seed)
    std::vector<uint8_t> MetadataForSelf() const;
    /// \return the receive buffer
    RatsBuffer GetBuffer() const;
    /// \return notifications received
    uint64_t GetNArrivals() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsSimpleDatagramServer(Ptr<RatsInterfaceManager> manager);

  private:
    RatsBuffer m_buffer; //!< receive buffer
    RatsTicket m_seed;   //!< ticket for it
    bool m_ready;        //!< a message (group) is there and not yet received
    uint64_t m_arrivals; //!< notifications
};

/**
 * \ingroup san
 * \brief Simple datagram, client side. "The seed used to create a client is simply a
 * ticket"; Send() is also available on a bare seed (SendWithSeed) "to avoid explicitly
 * constructing and discarding a client instance just for the reply".
 *
 * Costs: Table 2 (send 10; sendmsg 67 + 3(m+d)/4 + 10 direct, 88 + 3m/4 + 7 DMA).
 */
class RatsSimpleDatagramClient : public SimpleRefCount<RatsSimpleDatagramClient>
{
  public:
    /**
     * \param manager the client application's interface manager
     * \param seed the server's seed (or a part of a split seed)
     */
    RatsSimpleDatagramClient(Ptr<RatsInterfaceManager> manager, const RatsTicket& seed);

    /**
     * \brief send: [offset, offset + length) of the pinned area with \p metadata.
     * \param offset first data byte in the pinned area (a Malloc'ed buffer for DMA sends)
     * \param length data bytes
     * \param metadata the sender's metadata (at most USER_METADATA_MAX bytes; may be empty)
     * \param returned called when the call returns
     * \return the send handle
     */
    Ptr<RatsSendHandle> Send(uint64_t offset,
                             uint32_t length,
                             const std::vector<uint8_t>& metadata = {},
                             std::function<void()> returned = nullptr);

    /**
     * \brief send on a bare seed.
     * \param manager the sender's interface manager
     * \param seed the destination
     * \param offset first data byte in the pinned area
     * \param length data bytes
     * \param metadata the sender's metadata (may be empty)
     * \param sequence message number carried in the header
     * \param returned called when the call returns
     * \return the send handle
     */
    static Ptr<RatsSendHandle> SendWithSeed(Ptr<RatsInterfaceManager> manager,
                                            const RatsTicket& seed,
                                            uint64_t offset,
                                            uint32_t length,
                                            const std::vector<uint8_t>& metadata = {},
                                            uint32_t sequence = 0,
                                            std::function<void()> returned = nullptr);

  private:
    Ptr<RatsInterfaceManager> m_manager; //!< interface manager
    RatsTicket m_seed;                   //!< destination
    uint32_t m_sequence;                 //!< next message number
};

} // namespace ns3

#endif /* RATS_SIMPLE_DATAGRAM_H */
