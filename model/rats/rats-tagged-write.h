/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_TAGGED_WRITE_H
#define RATS_TAGGED_WRITE_H

#include "rats-interface-manager.h"
#include "rats-server.h"

#include <deque>
#include <functional>

namespace ns3
{

/**
 * \ingroup san
 * \brief Tagged remote write, server side (Hamlyn 1995, section 3.2): "data is written to the
 * destination message area, and the tag is included in a notification queue entry. Tags can
 * be retrieved with a get_tag or get_specific_tag call."
 *
 * The server owns a pinned destination buffer with a slot over it and one notification area;
 * every write (a single packet, Y0 = 0) completes its own notification. Costs: Table 1
 * (poll 31 + 4, process_arrival 16, get_tag 15 + 20).
 */
class RatsTaggedWriteServer : public RatsServer
{
  public:
    /// A tag as get_tag returns it.
    struct Tag
    {
        uint32_t tag{0};  //!< the writer's tag
        uint32_t node{0}; //!< the writer's node
    };

    /**
     * \brief Create a server with a destination buffer of \p bytes (and register it).
     * \param manager the interface manager
     * \param bytes destination buffer size (> 0)
     * \return the server
     */
    static Ptr<RatsTaggedWriteServer> Create(Ptr<RatsInterfaceManager> manager, uint32_t bytes);

    /// \return a seed: a ticket for the whole destination buffer
    RatsTicket MakeSeed() const;
    /// \return the destination buffer (read the data with RatsInterfaceManager::Read)
    RatsBuffer GetBuffer() const;

    /**
     * \brief get_tag: the oldest tag that arrived (waiting for one if none has).
     * \param done receives it, after get_tag's on-cp instructions
     */
    void GetTag(std::function<void(Tag)> done);
    /**
     * \brief get_specific_tag: wait for a write with tag \p tag (other tags stay queued).
     * \param tag the tag
     * \param done receives it
     */
    void GetSpecificTag(uint32_t tag, std::function<void(Tag)> done);
    /// \return tags arrived and not yet retrieved
    uint32_t GetNPending() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsTaggedWriteServer(Ptr<RatsInterfaceManager> manager);

  private:
    RatsBuffer m_buffer;    //!< destination buffer
    RatsTicket m_seed;      //!< ticket for it
    std::deque<Tag> m_tags; //!< tags not yet retrieved
};

/**
 * \ingroup san
 * \brief Tagged remote write, client side: "The write call specifies a buffer, length,
 * destination offset, and an integer tag. ... All messages of this type must fit in a single
 * packet." Costs: Table 1 (tagged_write::write 10 + 6; sendmsg 69 + 3d/4 + 17 direct, 88 + 13
 * DMA).
 */
class RatsTaggedWriteClient : public SimpleRefCount<RatsTaggedWriteClient>
{
  public:
    /**
     * \param manager the client application's interface manager
     * \param seed the server's seed
     */
    RatsTaggedWriteClient(Ptr<RatsInterfaceManager> manager, const RatsTicket& seed);

    /**
     * \brief Write [offset, offset + length) of the client's pinned memory at \p destOffset of
     * the server's buffer, with tag \p tag.
     * \param offset first byte in the client's pinned area
     * \param length bytes (at most one packet; ERROR NOT_ONE_PACKET otherwise)
     * \param destOffset where it goes in the server's buffer
     * \param tag the tag
     * \param returned called when the call returns (see RatsHardwareInterface::SendMsg)
     * \return the send handle
     */
    Ptr<RatsSendHandle> Write(uint64_t offset,
                              uint32_t length,
                              uint32_t destOffset,
                              uint32_t tag,
                              std::function<void()> returned = nullptr);

  private:
    Ptr<RatsInterfaceManager> m_manager; //!< interface manager
    RatsTicket m_seed;                   //!< the server's ticket
};

} // namespace ns3

#endif /* RATS_TAGGED_WRITE_H */
