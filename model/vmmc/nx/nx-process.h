/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_PROCESS_H
#define NX_PROCESS_H

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One process of an NX/2 message-passing program on SHRIMP (Felten et al. 1996,
 * section 4.1), a user-level library over its VMMC endpoint.
 *
 * Connections: at initialization (NxGroup) every pair of processes is connected. The
 * receiver exports, for each peer, a chunk of whole pages: "PacketBuffers" fixed-size packet
 * buffers ("PacketBufferBytes" each), a control page and a request page. The sender imports it. A
 * packet buffer holds the data right-justified against a 16-byte descriptor at its end
 * {tag, sequence, kind | zero-copy id, size}; the size word is the last word, so it lands
 * last, and the receiver looks at it to see that a message has arrived. The control page
 * carries what the peer writes to this process: send credits (one word per packet buffer,
 * naming it), replies to zero-copy scouts and zero-copy "data in place" flags. Control words
 * always travel by automatic update (a bound page without combining, so each store leaves at
 * once). The buffer-request word has a page of its own: its interrupt stays enabled, while
 * the other pages' notifications are ignored except while the process sleeps (VmmcEndpoint
 * "WaitPolicy"); every update a receiver may wait for asks for a notification (section 6).
 *
 * One-copy protocol (messages up to "ZeroCopyThreshold" bytes), three variants ("Variant"):
 * - AU: the sender marshals data and descriptor in its send buffer, bound with combining to
 *   the receiver's packet buffers (the "copy"); one combined packet carries both. A store to
 *   the control page then closes that packet (otherwise it would wait for the card's
 *   combining timer): an extra one-word packet, as in the VMMC layer's own ping-pong.
 * - DU_2COPY: the sender copies the data next to the descriptor in its marshaling area and
 *   sends both with one deliberate update.
 * - DU_1COPY: two deliberate updates, the data straight from user memory, then the
 *   descriptor (a source that is not word-aligned falls back to DU_2COPY, section 4).
 * The receiver copies the data to the user, resets the size field, and returns a credit
 * naming that packet buffer; messages may be consumed out of order (by tag).
 *
 * Zero-copy protocol (larger messages, word-aligned buffers): a scout descriptor through the
 * one-copy path, then a background copy of the data into a local buffer, in chunks,
 * looking for the reply between chunks. The receive call replies with the export id of the
 * user's receive region (exported once, then cached); the sender imports it (once, then
 * cached) and sends the data by deliberate update from user memory, then sets the flag in
 * the receiver's control page; the copy stops when the reply arrives. If the copy finishes
 * first the send call returns early, and the library completes the transfer from the safe
 * copy at its next entry (any later call, or Flush()).
 *
 * Full buffers: a sender that finds every packet buffer to a receiver in use writes the
 * receiver's request word with a deliberate update asking for a notification (an interrupt:
 * section 6). The receiver's handler moves the waiting messages into library memory and
 * returns their credits. A receiver inside the library (polling) serves the request word
 * itself; the signal, queued behind its poll loop, then finds nothing left to do.
 *
 * Calls are asynchronous with continuations, and run one at a time in call order (a
 * single-threaded process): a call made while another is in progress starts when it ends.
 * Waiting is polling (the library's choice, section 6): the process spins on its incoming
 * pages and holds its processor meanwhile.
 */
class NxProcess : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    NxProcess();
    ~NxProcess() override;

    /// How one-copy messages travel.
    enum Variant
    {
        AU,       //!< automatic update: marshal header and data in the bound send buffer
        DU_1COPY, //!< deliberate update of the data from user memory, then of the header
        DU_2COPY, //!< copy the data next to the header, one deliberate update of both
    };

    /// Matches any source or any tag in Receive.
    static constexpr uint32_t ANY = 0xffffffff;

    /// A receive's continuation: (bytes, source rank, tag).
    typedef Callback<void, uint32_t, uint32_t, uint32_t> ReceiveCallback;
    /// Trace signature of credits: (peer rank, packet buffer).
    typedef void (*CreditTracedCallback)(uint32_t peer, uint32_t buffer);

    /**
     * \brief Attach the process to its endpoint (NxGroup does it).
     * \param ep the process's VMMC endpoint
     * \param rank its rank
     * \param size processes in the group
     */
    void Setup(Ptr<VmmcEndpoint> ep, uint32_t rank, uint32_t size);

    /// \return the rank
    uint32_t GetRank() const;
    /// \return the group's size
    uint32_t GetSize() const;
    /// \return the endpoint
    Ptr<VmmcEndpoint> GetEndpoint() const;
    /// \return the one-copy variant
    Variant GetVariant() const;
    /// \return the largest message sent by the one-copy protocol
    uint32_t GetZeroCopyThreshold() const;
    /// \return the packet buffers per connection and direction
    uint32_t GetNPacketBuffers() const;

    /**
     * \brief Send \p bytes at \p addr to \p dst with \p tag (NX csend).
     * \param dst destination rank (not this one)
     * \param tag message type
     * \param addr the user's data (word-aligned for a zero-copy message)
     * \param bytes size
     * \param done called when the call returns (the user's buffer may be reused)
     */
    void Send(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done);
    /**
     * \brief Receive the oldest message from \p src (or ANY) with \p tag (or ANY) into
     * \p addr (NX crecv). Messages from one source that match are taken in send order.
     * \param src source rank or ANY
     * \param tag message type or ANY
     * \param addr where the data goes (word-aligned for a zero-copy message)
     * \param maxBytes room at \p addr (a longer message aborts: NX's error)
     * \param done called with (bytes, source, tag)
     */
    void Receive(uint32_t src,
                 uint32_t tag,
                 uint64_t addr,
                 uint32_t maxBytes,
                 ReceiveCallback done);
    /// \brief Complete the zero-copy sends that returned early. \param done when none is left
    void Flush(Callback<void> done);

    // ----- set-up (NxGroup) ----------------------------------------------------------------
    /**
     * \brief Allocate and export the incoming chunks (one per peer).
     * \param hostOf the fabric host number of each rank
     * \param done called with the export id of each rank's chunk (this rank's is unused)
     */
    void ExportChunks(const std::vector<uint32_t>& hostOf,
                      Callback<void, std::vector<uint32_t>> done);
    /**
     * \brief Import the chunk that \p peer exported for this process and bind to it.
     * \param peer its rank
     * \param host its fabric host number
     * \param exportId the chunk's export id
     * \param done when ready
     */
    void ConnectTo(uint32_t peer, uint32_t host, uint32_t exportId, Callback<void> done);
    /// \return bytes of one peer's chunk (packet buffers, the control and the request page)
    uint32_t GetChunkBytes() const;

    // ----- statistics -----------------------------------------------------------------------
    /// \return credits seen (packet buffers found freed by a receiver)
    uint64_t GetNCreditsReceived() const;
    /// \return credits returned to senders
    uint64_t GetNCreditsReturned() const;
    /// \return buffer requests sent (notifications on full buffers)
    uint64_t GetNBufferRequestsSent() const;
    /// \return buffer requests served (handler or poll loop) that moved messages
    uint64_t GetNBufferRequestsServed() const;
    /// \return messages moved out of packet buffers into library memory
    uint64_t GetNMessagesOverflowed() const;
    /// \return zero-copy sends
    uint64_t GetNZeroCopySends() const;
    /// \return zero-copy sends that returned before the reply (their copy was done)
    uint64_t GetNEarlyReturns() const;
    /// \return bytes the background copies copied
    uint64_t GetBackgroundBytesCopied() const;
    /// \return zero-copy data transfers made from the user's memory (reply before the copy
    /// finished)
    uint64_t GetNDirectTransfers() const;

  protected:
    void DoDispose() override;

  private:
    /// Descriptor words (offsets in the 16-byte descriptor).
    static constexpr uint32_t DESC_BYTES = 16;
    static constexpr uint32_t EMPTY = 0xffffffff; //!< size field of a free packet buffer
    static constexpr uint32_t KIND_DATA = 1;      //!< a one-copy message
    static constexpr uint32_t KIND_SCOUT = 2;     //!< a zero-copy scout
    static constexpr uint32_t ZC_SLOTS = 8;       //!< zero-copy sends in flight per peer
    // Control page layout (offsets).
    static constexpr uint32_t CTRL_CLOSE = 0x40;    //!< AU closing store
    static constexpr uint32_t CTRL_REPLY = 0x80;    //!< scout replies, 16 bytes each
    static constexpr uint32_t CTRL_ZCDONE = 0x100;  //!< zero-copy data flags, a word each
    static constexpr uint32_t CTRL_CREDITS = 0x400; //!< credits, a word per packet buffer

    /// A message waiting: in a packet buffer or moved into library memory.
    struct Waiting
    {
        uint32_t src{0};    //!< source rank
        uint32_t tag{0};    //!< tag
        uint32_t seq{0};    //!< per-connection sequence
        uint32_t kind{0};   //!< KIND_DATA or KIND_SCOUT
        uint32_t zcId{0};   //!< scout's zero-copy id
        uint32_t size{0};   //!< bytes
        int32_t buffer{-1}; //!< packet buffer, or -1 if moved
        uint64_t heap{0};   //!< moved data (library memory), 0 if none
        int32_t slot{-1};   //!< index in the overflow list (when moved)
    };

    /// A zero-copy send in progress.
    struct ZcSend
    {
        uint32_t dst{0};          //!< destination rank
        uint32_t id{0};           //!< zero-copy id on the connection
        uint64_t user{0};         //!< user's data
        uint32_t bytes{0};        //!< size
        uint64_t staging{0};      //!< the safe copy (library memory)
        uint32_t copied{0};       //!< bytes copied so far
        bool returned{false};     //!< the send call returned early
        bool transferring{false}; //!< its data transfer has started
        Callback<void> done;      //!< the call's continuation (until it returns)
    };

    /// Per peer state.
    struct Peer
    {
        uint32_t host{0};                 //!< fabric host number
        uint64_t in{0};                   //!< incoming chunk (written by the peer)
        uint32_t exportId{0};             //!< its export id
        int32_t handle{-1};               //!< import of the peer's chunk for this process
        uint64_t mirror{0};               //!< bound pages (AU: packet buffers' mirror first)
        uint64_t ctrl{0};                 //!< local page bound to the peer's control page
        std::vector<bool> busy;           //!< packet buffers at the peer in use
        std::vector<uint32_t> lastCredit; //!< last credit seen for each
        uint32_t nextBuffer{0};           //!< where the search starts
        uint32_t sendSeq{0};              //!< next sequence sent
        uint32_t closes{0};               //!< AU closing stores
        uint32_t requests{0};             //!< buffer requests sent
        bool requested{false};            //!< a request is outstanding
        std::vector<bool> claimed;        //!< incoming packet buffers being consumed
        std::vector<uint32_t> creditGen;  //!< credits returned, per incoming packet buffer
        uint32_t lastRequest{0};          //!< last request word seen
        bool draining{false};             //!< a drain runs
        uint32_t zcNext{0};               //!< next zero-copy id
        uint32_t zcPending{0};            //!< zero-copy sends not complete
    };

    // Set-up and layout.
    uint64_t InBuffer(uint32_t peer, uint32_t b) const;
    uint64_t InDesc(uint32_t peer, uint32_t b) const;
    uint64_t InCtrl(uint32_t peer) const;
    uint32_t DataPages() const;
    uint32_t CtrlOffset() const;
    uint32_t RequestOffset() const;

    // Calls.
    void StartCall(std::function<void()> call);
    void RunNextCall();
    void Finish(std::function<void()> user);
    void Wait(std::function<bool()> ready, std::function<void()> then);
    bool HasBackgroundWork() const;
    void DoBackgroundWork(std::function<void()> then);

    // Send side (nx-process.cc).
    void DoSend(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done);
    void AcquireBuffer(uint32_t dst, std::function<void(uint32_t)> got);
    bool CollectCredits(uint32_t dst, uint32_t& examined);
    bool HasCredit(uint32_t dst) const;
    void PutMessage(uint32_t dst,
                    uint32_t b,
                    const uint32_t desc[4],
                    uint64_t addr,
                    uint32_t bytes,
                    std::function<void()> then);
    void PutMarshaled(uint32_t dst,
                      uint32_t b,
                      const uint32_t desc[4],
                      uint64_t addr,
                      uint32_t bytes,
                      std::function<void()> then);
    void BackgroundCopy(ZcSend* zc);
    bool ReplyArrived(const ZcSend* zc) const;
    void ZcTransfer(ZcSend* zc, uint64_t src, std::function<void()> then);
    void ZcFinished(ZcSend* zc);

    // Receive side (nx-process-receive.cc).
    void DoReceive(uint32_t src,
                   uint32_t tag,
                   uint64_t addr,
                   uint32_t maxBytes,
                   ReceiveCallback done);
    void TryReceive(uint32_t src,
                    uint32_t tag,
                    uint64_t addr,
                    uint32_t maxBytes,
                    ReceiveCallback done);
    bool FindMatch(uint32_t src, uint32_t tag, Waiting& w, uint32_t& examined) const;
    void Claim(const Waiting& w);
    void Consume(const Waiting& w, uint64_t addr, uint32_t maxBytes, ReceiveCallback done);
    void ConsumeScout(const Waiting& w, uint64_t addr, uint32_t maxBytes, ReceiveCallback done);
    void FreeBuffer(uint32_t peer, uint32_t b, std::function<void()> then);
    bool RequestPending(uint32_t peer) const;
    void Drain(uint32_t peer, std::function<void()> then);
    void OnNotification(uint32_t exportId, uint64_t address);

    Ptr<VmmcEndpoint> m_ep;                        //!< the process's endpoint
    uint32_t m_rank{0};                            //!< rank
    uint32_t m_size{0};                            //!< group size
    std::vector<Peer> m_peers;                     //!< by rank (this rank's entry unused)
    std::map<uint32_t, uint32_t> m_peerOfExport;   //!< incoming export id -> rank
    uint64_t m_inBase{0};                          //!< incoming chunks, contiguous
    uint64_t m_inBytes{0};                         //!< their size
    uint64_t m_mirrorBase{0};                      //!< bound send-side pages, every peer's
    uint32_t m_mirrorBytes{0};                     //!< their size per peer
    uint64_t m_marshal{0};                         //!< DU marshaling area (a packet buffer)
    uint64_t m_scratch{0};                         //!< DU request word source
    std::deque<Waiting> m_overflow;                //!< messages moved into library memory
    std::map<uint32_t, std::vector<ZcSend*>> m_zc; //!< zero-copy sends not complete, by dst
    std::map<std::pair<uint32_t, uint32_t>, int32_t> m_importCache;  //!< (host, export) -> handle
    std::map<std::pair<uint64_t, uint32_t>, uint32_t> m_exportCache; //!< (first page, host) -> id
    std::map<std::pair<uint64_t, uint32_t>, uint32_t> m_exportPages; //!< its page count
    std::deque<std::function<void()>> m_calls;                       //!< calls waiting to run
    bool m_busy{false};                                              //!< a call runs
    bool m_handlerActive{false};       //!< the notification handler drains
    std::function<bool()> m_waitReady; //!< what the current wait waits for
    std::function<void()> m_waitThen;  //!< and what follows it
    uint32_t m_recvStart{0};           //!< ANY source: where the search starts

    // Attributes.
    Variant m_variant;
    uint32_t m_packetBuffers;
    uint32_t m_packetBufferBytes;
    uint32_t m_threshold;
    uint32_t m_copyChunk;
    double m_sendCallInstructions;
    double m_receiveCallInstructions;
    double m_bufferSearchInstructions;
    double m_headerInstructions;
    double m_matchInstructions;
    double m_consumeInstructions;
    double m_creditInstructions;
    double m_scoutReplyInstructions;
    double m_zeroCopyInstructions;
    double m_copyCheckInstructions;
    double m_requestInstructions;

    // Statistics.
    uint64_t m_creditsReceived{0};
    uint64_t m_creditsReturned{0};
    uint64_t m_requestsSent{0};
    uint64_t m_requestsServed{0};
    uint64_t m_overflowed{0};
    uint64_t m_zcSends{0};
    uint64_t m_earlyReturns{0};
    uint64_t m_backgroundBytes{0};
    uint64_t m_directTransfers{0};

    TracedCallback<uint32_t, uint32_t> m_creditReturnedTrace; //!< (sender rank, buffer)
    TracedCallback<uint32_t, uint32_t> m_creditReceivedTrace; //!< (receiver rank, buffer)
};

} // namespace ns3

#endif /* NX_PROCESS_H */
