/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RATS_STREAM_H
#define RATS_STREAM_H

#include "rats-interface-manager.h"
#include "rats-server.h"

#include "ns3/san-fifo.h"

#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief A stream seed, for the opposite party (Hamlyn 1995, section 3.2: "The make_seed
 * function for a sender or receiver returns a seed for the opposite party").
 *
 * - from a receiver (forSender = true): the tickets of the receiver's ring slots;
 * - from a sender (forSender = false): one ticket for the sender's hello area, where the
 *   receiver created from the seed sends its ring slots' tickets.
 */
struct RatsStreamSeed
{
    bool forSender{true};            //!< true: give it to a sender; false: to a receiver
    std::vector<RatsTicket> tickets; //!< ring slot tickets, or the sender's hello ticket
    uint32_t capacity{0};            //!< data bytes per ring slot (receiver's seed)
};

/**
 * \ingroup san
 * \brief What read_bytes / read_record return: a <start pointer, length> pair into the
 * receiver's ring (no copying).
 */
struct RatsStreamChunk
{
    uint64_t offset{0};   //!< first byte (receiver's pinned area)
    uint32_t length{0};   //!< bytes
    uint32_t sequence{0}; //!< message the bytes belong to (what Release() frees)
};

/**
 * \ingroup san
 * \brief Stream, receiving side (Hamlyn 1995, section 3.2): "a one-way, one-to-one, in-order
 * connection from a sender to a receiver".
 *
 * The receiver owns a ring of "slots" message buffers, each with its own notification area
 * (so multi-packet messages are reassembled and notified independently). Message number s
 * goes to ring slot s mod slots; the sender never has more than "slots" unreleased messages.
 * A message is: a HEADER_BYTES header (the sender's credit ticket, sequence number, data
 * length, number of record boundaries, whether its end is a record boundary), the data, then
 * the record boundaries (4 bytes each). The NIC may complete messages out of order (adaptive
 * routing): the reader takes them strictly by sequence number.
 *
 * read_bytes returns the rest of the current message (possibly crossing record boundaries);
 * read_record returns up to the next record boundary, or the rest of the message if it has
 * none. Release(chunk) frees the chunk's message and all earlier ones, and sends the sender
 * a credit.
 *
 * Costs: ASSUMED (not measured by the paper): poll + process_arrival of Table 2 per arrival,
 * recv (Table 2) per read; a release is a simple-datagram send of a 4-byte credit.
 */
class RatsStreamReceiver : public RatsServer
{
  public:
    /// Bytes of a message's header (credit ticket 32, sequence, length, boundaries, flags).
    static constexpr uint32_t HEADER_BYTES = RatsTicket::SERIALIZED_BYTES + 16;
    /// Most record boundaries in one message.
    static constexpr uint32_t MAX_BOUNDARIES = 64;
    /// Most ring slots.
    static constexpr uint32_t MAX_SLOTS = 64;

    /**
     * \brief Create a receiver first (registered).
     * \param manager the interface manager
     * \param slots ring slots (> 0)
     * \param capacity data bytes per slot (> 0)
     * \return the receiver
     */
    static Ptr<RatsStreamReceiver> Create(Ptr<RatsInterfaceManager> manager,
                                          uint32_t slots,
                                          uint32_t capacity);
    /**
     * \brief Create a receiver from a sender's seed: sends the ring's tickets to the sender.
     * \param manager the interface manager
     * \param seed a seed from RatsStreamSender::MakeSeed()
     * \param slots ring slots
     * \param capacity data bytes per slot
     * \return the receiver
     */
    static Ptr<RatsStreamReceiver> Create(Ptr<RatsInterfaceManager> manager,
                                          const RatsStreamSeed& seed,
                                          uint32_t slots,
                                          uint32_t capacity);

    /// \return a seed for the sender
    RatsStreamSeed MakeSeed() const;

    /// \param done receives the rest of the current message (waits for it if needed)
    void ReadBytes(std::function<void(RatsStreamChunk)> done);
    /// \param done receives the next record, or the rest of the current message
    void ReadRecord(std::function<void(RatsStreamChunk)> done);

    /**
     * \brief Free the chunk's message and every earlier one; send the sender a credit.
     * \param chunk a chunk from a read
     * \param returned called when the call returns
     */
    void Release(const RatsStreamChunk& chunk, std::function<void()> returned = nullptr);

    /// \return messages released so far
    uint32_t GetNReleased() const;
    /// \return messages that completed before an earlier-numbered one
    uint64_t GetNOutOfOrder() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsStreamReceiver(Ptr<RatsInterfaceManager> manager);

  private:
    /// \param slots ring slots \param capacity data bytes per slot
    void Init(uint32_t slots, uint32_t capacity);
    /// \return true if the current message has arrived and has unread bytes
    bool CurrentReady();
    /// \param record true: stop at the next record boundary \param done receives the chunk
    void Read(bool record, std::function<void(RatsStreamChunk)> done);

    uint32_t m_slots;                    //!< ring slots
    uint32_t m_capacity;                 //!< data bytes per slot
    RatsBuffer m_ring;                   //!< the ring
    std::vector<RatsTicket> m_tickets;   //!< ticket per slot
    std::map<uint16_t, uint32_t> m_area; //!< notification area -> slot
    std::vector<bool> m_arrived;         //!< slot holds an unreleased arrived message
    RatsBuffer m_credits;                //!< credit sources (one word per slot)
    RatsTicket m_senderCredit;           //!< the sender's credit ticket (from a header)
    uint32_t m_next;                     //!< message being read
    uint32_t m_pos;                      //!< bytes of it read
    uint32_t m_released;                 //!< messages released
    uint32_t m_highest;                  //!< highest message number arrived + 1
    uint64_t m_outOfOrder;               //!< out-of-order completions
};

/**
 * \ingroup san
 * \brief Stream, sending side: write_bytes, write_record, flush.
 *
 * "Large buffers are sent as-is; small ones may be coalesced by copying, in which case the
 * returned handle's state will be the value copied and there is no guarantee of immediate
 * transmission. Transmission can be ensured by a call to flush". Writes of at least
 * "threshold" bytes are sent as-is from the caller's buffer (which must be Malloc'ed for a
 * DMA send: the header goes in its headroom, and at most the receiver's slot capacity); the
 * handle stays PENDING until sent. Smaller writes are copied into a staging buffer (handle
 * COPIED) that becomes one message when full, before an as-is write, or on Flush().
 *
 * Flow control: a message is sent only when the receiver's ring slot for it is free (fewer
 * than "slots" unreleased messages, as told by the receiver's credits) and the ring is known
 * (a sender created first learns it from the receiver's hello). Messages that cannot go yet
 * wait in order; Flush() polls for credits until every message is posted. Call Flush() after
 * the last write: without it, messages still waiting for credits are posted only by a later
 * write. A buffer written as-is again before its earlier message has left waits for it (its
 * header goes in the buffer's headroom when the message is posted), so reusing a buffer
 * never corrupts a message; its contents must not change until its handle is SENT.
 *
 * Costs: ASSUMED (not measured by the paper): each message is a simple-datagram send
 * (Table 2) with m = 48; coalescing copies are charged at sendmsg's direct-I/O per-byte count
 * (the closest measured copy loop); credits and the hello cost poll + process_arrival.
 */
class RatsStreamSender : public RatsServer
{
  public:
    /**
     * \brief Create a sender from a receiver's seed (registered).
     * \param manager the interface manager
     * \param seed a seed from RatsStreamReceiver::MakeSeed()
     * \param threshold writes of at least this many bytes are sent as-is
     * \return the sender
     */
    static Ptr<RatsStreamSender> Create(Ptr<RatsInterfaceManager> manager,
                                        const RatsStreamSeed& seed,
                                        uint32_t threshold = 256);
    /**
     * \brief Create a sender first; give MakeSeed() to the receiver.
     * \param manager the interface manager
     * \param threshold writes of at least this many bytes are sent as-is
     * \return the sender
     */
    static Ptr<RatsStreamSender> Create(Ptr<RatsInterfaceManager> manager,
                                        uint32_t threshold = 256);

    /// \return a seed for the receiver
    RatsStreamSeed MakeSeed() const;

    /**
     * \brief write_bytes.
     * \param offset first byte in the pinned area
     * \param length bytes (> 0)
     * \return the handle (COPIED if coalesced, PENDING then SENT if as-is)
     */
    Ptr<RatsSendHandle> WriteBytes(uint64_t offset, uint32_t length);
    /**
     * \brief write_record: like WriteBytes, and the end of the data is a record boundary.
     * \param offset first byte
     * \param length bytes (> 0)
     * \return the handle
     */
    Ptr<RatsSendHandle> WriteRecord(uint64_t offset, uint32_t length);
    /**
     * \brief flush: transmit everything copied so far (polling for credits while needed).
     * \param returned called once every message is posted
     * \return a handle that becomes SENT when the last message has left
     */
    Ptr<RatsSendHandle> Flush(std::function<void()> returned = nullptr);

    /// \return messages sent
    uint32_t GetNMessages() const;
    /// \return messages waiting for credit or for the ring
    uint32_t GetNQueued() const;
    /// \return true once the receiver's ring is known
    bool IsConnected() const;

    void ProcessArrival(const RatsNotificationRecord& record) override;
    bool HasData() const override;
    RatsCostProfile GetCostProfile() const override;
    std::string GetProtocolName() const override;

    /// \param manager the interface manager
    explicit RatsStreamSender(Ptr<RatsInterfaceManager> manager);

  private:
    /// A message waiting to be sent.
    struct Outgoing
    {
        uint64_t offset{0};                       //!< first data byte
        uint32_t length{0};                       //!< data bytes
        std::vector<uint32_t> bounds;             //!< record boundaries (coalesced only)
        bool endsRecord{false};                   //!< its end is a boundary
        RatsBuffer staging;                       //!< staging buffer to free (coalesced)
        std::vector<Ptr<RatsSendHandle>> handles; //!< write handles it completes
    };

    /// \param threshold as-is threshold
    void Init(uint32_t threshold);
    /// \param offset first byte \param length bytes \param record ends a record
    /// \return the handle
    Ptr<RatsSendHandle> Write(uint64_t offset, uint32_t length, bool record);
    /// Queue the staging buffer as a message (if it holds data).
    void CloseStaging();
    /// Read credits and post every queued message the receiver has room for.
    void TrySend();

    uint32_t m_threshold;           //!< as-is threshold
    uint32_t m_slots;               //!< receiver's ring slots (0: not known yet)
    uint32_t m_capacity;            //!< data bytes per ring slot
    std::vector<RatsTicket> m_ring; //!< the receiver's ring tickets
    RatsBuffer m_control;           //!< hello area + credit words
    RatsTicket m_helloTicket;       //!< ticket for the hello part
    RatsTicket m_creditTicket;      //!< ticket for the credit part
    uint16_t m_helloArea;           //!< notification area of the hello part
    Outgoing m_staging;             //!< the message being coalesced
    SanFifo<Outgoing> m_queue;      //!< messages waiting
    /// First bytes of the as-is messages posted and not yet sent: a buffer carries one message
    /// at a time (its header goes in the buffer's headroom when posted)
    std::vector<uint64_t> m_postedAsIs;
    uint32_t m_sent;      //!< messages posted (= next sequence number)
    uint32_t m_released;  //!< messages the receiver released
    uint32_t m_completed; //!< messages whose send has completed
    std::vector<std::pair<uint32_t, Ptr<RatsSendHandle>>> m_flushes; //!< flushes waiting
};

} // namespace ns3

#endif /* RATS_STREAM_H */
