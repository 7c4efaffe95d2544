/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_RECEIVER_H
#define NX_RECEIVER_H

#include "nx-buffer-table.h"
#include "nx-call-context.h"
#include "nx-connections.h"
#include "nx-settings.h"

#include "ns3/callback.h"
#include "ns3/traced-callback.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The receive side of NX in one process (Felten et al. 1996, section 4.1): the
 * messages waiting in the incoming packet buffers and those moved into library memory, their
 * matching by source and tag (oldest first per source), consuming a one-copy message, the
 * credits returned, and the buffer requests served (section 6: the waiting messages move into
 * library memory and their credits go back).
 */
class NxReceiver
{
  public:
    /// A receive's continuation: (bytes, source rank, tag).
    typedef Callback<void, uint32_t, uint32_t, uint32_t> ReceiveCallback;

    /// Matches any source or any tag.
    static constexpr uint32_t ANY = 0xffffffff;

    /// A message waiting: in a packet buffer or moved into library memory.
    struct Message
    {
        uint32_t src{0};    //!< source rank
        uint32_t tag{0};    //!< tag
        uint32_t seq{0};    //!< per-connection sequence
        uint32_t kind{0};   //!< NxConnections::KIND_DATA or KIND_SCOUT
        uint32_t zcId{0};   //!< scout's zero-copy id
        uint32_t size{0};   //!< bytes
        int32_t buffer{-1}; //!< packet buffer, or -1 if moved
        uint64_t heap{0};   //!< moved data (library memory), 0 if none
        int32_t slot{-1};   //!< index in the overflow list (when moved)
    };

    /**
     * \param ep the process's endpoint
     * \param settings the process's parameters (outlive this object)
     * \param connections the process's connections (outlive this object)
     * \param calls the process's call machinery (outlives this object)
     * \param creditReturned fired for each credit returned: (sender rank, packet buffer)
     */
    void Setup(Ptr<VmmcEndpoint> ep,
               const NxSettings* settings,
               const NxConnections* connections,
               NxCallContext* calls,
               const TracedCallback<uint32_t, uint32_t>* creditReturned);
    /// Drop the endpoint, the peers and the moved messages.
    void Dispose();

    /**
     * \brief The oldest message from \p src (or ANY, starting after the source last served)
     * with \p tag (or ANY).
     * \param src source rank or ANY \param tag tag or ANY
     * \param w set to the message
     * \param examined counts the descriptors looked at
     * \return whether one matched
     */
    bool FindMatch(uint32_t src, uint32_t tag, Message& w, uint32_t& examined) const;
    /// \brief Take \p w out of the matching (its buffer claimed, or out of the overflow list).
    /// \param w a message FindMatch returned
    void Claim(const Message& w);
    /**
     * \brief Copy a claimed one-copy message to the user, free its packet buffer, and return
     * from the call.
     * \param w the message \param addr where its data goes \param done the call's continuation
     */
    void Consume(const Message& w, uint64_t addr, ReceiveCallback done);
    /**
     * \brief Reset packet buffer \p b's size field, then return its credit to \p peer.
     * \param peer the sender's rank \param b the buffer \param then when the credit is stored
     */
    void FreeBuffer(uint32_t peer, uint32_t b, std::function<void()> then);
    /// \param peer a rank \return whether it asked for buffers since the last drain
    bool RequestPending(uint32_t peer) const;
    /// \param peer a rank \return whether its buffers are being drained
    bool IsDraining(uint32_t peer) const;
    /// \return the first peer with a pending request and no drain running, or -1
    int32_t FindPendingRequest() const;
    /**
     * \brief Serve \p peer's buffer request: move every unclaimed message in its packet
     * buffers into library memory and return their credits.
     * \param peer the sender's rank \param then when done
     */
    void Drain(uint32_t peer, std::function<void()> then);

    /// \return credits returned to senders
    uint64_t GetNCreditsReturned() const;
    /// \return buffer requests served that moved messages
    uint64_t GetNBufferRequestsServed() const;
    /// \return messages moved out of packet buffers into library memory
    uint64_t GetNMessagesOverflowed() const;

  private:
    /**
     * \param peer the sender's rank \param b a packet buffer \param size its message's bytes
     * \return the address of the message's data (right-justified against the descriptor)
     */
    uint64_t BufferData(uint32_t peer, uint32_t b, uint32_t size) const;

    /// The receive side of one connection.
    struct Peer
    {
        uint32_t lastRequest{0}; //!< last request word seen
        bool draining{false};    //!< a drain runs
    };

    Ptr<VmmcEndpoint> m_ep;                //!< the process's endpoint
    const NxSettings* m_settings{nullptr}; //!< the process's parameters
    const NxConnections* m_conn{nullptr};  //!< the process's connections
    NxCallContext* m_calls{nullptr};       //!< the process's call machinery
    uint32_t m_rank{0};                    //!< rank
    uint32_t m_size{0};                    //!< group size

    /// An incoming packet buffer, as this receiver knows it.
    struct Buffer
    {
        uint32_t creditGen{0}; //!< credits returned for it
        bool claimed{false};   //!< being consumed
    };

    std::vector<Peer> m_peers;       //!< by rank (this rank's entry unused)
    NxBufferTable<Buffer> m_buffers; //!< by rank, then packet buffer
    /// Messages moved into library memory (rare: a vector takes no storage until one is; a
    /// deque took 576 bytes from the start)
    std::vector<Message> m_overflow;
    uint32_t m_recvStart{0};       //!< ANY source: where the search starts
    uint64_t m_creditsReturned{0}; //!< statistics
    uint64_t m_requestsServed{0};  //!< statistics
    uint64_t m_overflowed{0};      //!< statistics
    const TracedCallback<uint32_t, uint32_t>* m_creditReturnedTrace{nullptr}; //!< (rank, buffer)
};

} // namespace ns3

#endif /* NX_RECEIVER_H */
