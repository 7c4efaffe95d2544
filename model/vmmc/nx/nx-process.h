/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_PROCESS_H
#define NX_PROCESS_H

#include "nx-call-context.h"
#include "nx-connections.h"
#include "nx-receiver.h"
#include "nx-sender.h"
#include "nx-settings.h"
#include "nx-zero-copy.h"

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/san-fifo.h"
#include "ns3/traced-callback.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <functional>
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
 * {tag, sequence, kind | zero-copy id, size + 1}; the size word is the last word, so it lands
 * last, and the receiver looks at it to see that a message has arrived (zero: the buffer is
 * free). The control page
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
 *
 * The process owns the calls, the poll loop and the notification handler; the protocol's
 * state lives in its parts, each in its own files: NxConnections (the chunks, their layout,
 * export, import and binding), NxSender (packet buffers at the peers, credits, buffer
 * requests sent), NxReceiver (matching, consuming, credits returned, buffer requests served)
 * and NxZeroCopy (both halves of the zero-copy protocol). They reach the process only through
 * NxCallContext (wait, return from the call).
 */
class NxProcess : public Object, private NxCallContext
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    NxProcess();
    ~NxProcess() override;

    /// How one-copy messages travel (NxSettings::Variant).
    typedef NxSettings::Variant Variant;
    /// automatic update: marshal header and data in the bound send buffer
    static constexpr Variant AU = NxSettings::AU;
    /// deliberate update of the data from user memory, then of the header
    static constexpr Variant DU_1COPY = NxSettings::DU_1COPY;
    /// copy the data next to the header, one deliberate update of both
    static constexpr Variant DU_2COPY = NxSettings::DU_2COPY;

    /// Matches any source or any tag in Receive.
    static constexpr uint32_t ANY = NxReceiver::ANY;

    /// A receive's continuation: (bytes, source rank, tag).
    typedef NxReceiver::ReceiveCallback ReceiveCallback;
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
    // The call machinery (NxCallContext).
    void Wait(std::function<bool()> ready, std::function<void()> then) override;
    void Finish(std::function<void()> user) override;
    /// \brief Queue a call; it runs when the process is free. \param call the call
    void StartCall(std::function<void()> call);
    /// Run the next call, or serve a buffer request left waiting while the process was busy.
    void RunNextCall();
    /// \return whether the poll loop has work besides what it waits for
    bool HasBackgroundWork() const;
    /// \brief Do that work. \param then when done
    void DoBackgroundWork(std::function<void()> then);
    /// \brief The notification handler (the request pages' interrupts).
    /// \param exportId the export written \param address the address written
    void OnNotification(uint32_t exportId, uint64_t address);

    // The calls' bodies.
    /// \brief Send (NX csend) once the process is free. \param dst rank \param tag tag
    /// \param addr data \param bytes size \param done continuation
    void DoSend(uint32_t dst, uint32_t tag, uint64_t addr, uint32_t bytes, Callback<void> done);
    /// \brief Receive (NX crecv) once the process is free. \param src rank or ANY
    /// \param tag tag or ANY \param addr room \param maxBytes its size \param done continuation
    void DoReceive(uint32_t src,
                   uint32_t tag,
                   uint64_t addr,
                   uint32_t maxBytes,
                   ReceiveCallback done);
    /// \brief Look for a match; wait for one if none. \param src rank or ANY
    /// \param tag tag or ANY \param addr room \param maxBytes its size \param done continuation
    void TryReceive(uint32_t src,
                    uint32_t tag,
                    uint64_t addr,
                    uint32_t maxBytes,
                    ReceiveCallback done);
    /// \brief Consume a claimed message (one-copy, or a zero-copy scout).
    /// \param w the message \param addr room \param maxBytes its size \param done continuation
    void Consume(const NxReceiver::Message& w,
                 uint64_t addr,
                 uint32_t maxBytes,
                 ReceiveCallback done);

    Ptr<VmmcEndpoint> m_ep;                 //!< the process's endpoint
    uint32_t m_rank{0};                     //!< rank
    uint32_t m_size{0};                     //!< group size
    NxSettings m_settings;                  //!< the attributes, as the parts read them
    NxConnections m_connections;            //!< the chunks and their import
    NxSender m_sender;                      //!< the one-copy send side
    NxReceiver m_receiver;                  //!< the receive side
    NxZeroCopy m_zeroCopy;                  //!< the zero-copy protocol
    SanFifo<std::function<void()>> m_calls; //!< calls waiting to run
    bool m_busy{false};                     //!< a call runs
    bool m_handlerActive{false};            //!< the notification handler drains
    std::function<bool()> m_waitReady;      //!< what the current wait waits for
    std::function<void()> m_waitThen;       //!< and what follows it

    // Attributes (Setup copies them into m_settings).
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

    TracedCallback<uint32_t, uint32_t> m_creditReturnedTrace; //!< (sender rank, buffer)
    TracedCallback<uint32_t, uint32_t> m_creditReceivedTrace; //!< (receiver rank, buffer)
};

} // namespace ns3

#endif /* NX_PROCESS_H */
