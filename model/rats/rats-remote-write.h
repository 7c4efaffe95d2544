/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_REMOTE_WRITE_H
#define RATS_REMOTE_WRITE_H

#include "rats-interface-manager.h"

#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Remote write, server side (Hamlyn 1995, section 3.2): "The only thing to happen at
 * the receiving side is that data is written." The server is just a pinned buffer with a slot
 * over it and no notification area; it runs no code per message.
 */
class RatsRemoteWriteServer : public SimpleRefCount<RatsRemoteWriteServer>
{
  public:
    /**
     * \param manager the interface manager
     * \param bytes destination buffer size (> 0)
     */
    RatsRemoteWriteServer(Ptr<RatsInterfaceManager> manager, uint32_t bytes);

    /// \return a seed: a ticket for the whole buffer, with no notification
    RatsTicket MakeSeed() const;
    /// \return the destination buffer
    RatsBuffer GetBuffer() const;

  private:
    RatsBuffer m_buffer; //!< destination buffer
    RatsTicket m_seed;   //!< ticket for it
};

/**
 * \ingroup san
 * \brief Remote write, client side: "The write call specifies a buffer, length, and
 * destination offset. ... In-order delivery is not guaranteed; scatter-gather is supported."
 *
 * Costs: ASSUMED to be Table 1's tagged-write profile (write 10 + 6, sendmsg 69 + 3d/4 + 17
 * direct, 88 + 13 DMA) per piece; the paper does not measure remote write.
 */
class RatsRemoteWriteClient : public SimpleRefCount<RatsRemoteWriteClient>
{
  public:
    /// One piece of a scatter-gather write.
    struct Piece
    {
        uint64_t offset{0};     //!< first byte in the client's pinned area
        uint32_t length{0};     //!< bytes
        uint32_t destOffset{0}; //!< where it goes in the server's buffer
    };

    /**
     * \param manager the client's interface manager
     * \param seed the server's seed
     */
    RatsRemoteWriteClient(Ptr<RatsInterfaceManager> manager, const RatsTicket& seed);

    /**
     * \brief Write one buffer.
     * \param offset first byte in the client's pinned area
     * \param length bytes (any: multi-packet writes are reassembled by the interface)
     * \param destOffset where it goes in the server's buffer
     * \param returned called when the call returns
     * \return the send handle
     */
    Ptr<RatsSendHandle> Write(uint64_t offset,
                              uint32_t length,
                              uint32_t destOffset,
                              std::function<void()> returned = nullptr);

    /**
     * \brief Scatter-gather: each piece is one sendmsg, issued one after the other.
     * \param pieces the pieces
     * \param returned called when the last call returns
     * \return one handle per piece
     */
    std::vector<Ptr<RatsSendHandle>> WriteV(const std::vector<Piece>& pieces,
                                            std::function<void()> returned = nullptr);

  private:
    Ptr<RatsInterfaceManager> m_manager; //!< interface manager
    RatsTicket m_seed;                   //!< the server's ticket
};

} // namespace ns3

#endif /* RATS_REMOTE_WRITE_H */
