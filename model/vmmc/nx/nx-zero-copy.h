/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_ZERO_COPY_H
#define NX_ZERO_COPY_H

#include "nx-call-context.h"
#include "nx-connections.h"
#include "nx-receiver.h"
#include "nx-sender.h"
#include "nx-settings.h"

#include "ns3/callback.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief NX's zero-copy protocol in one process, both halves (Felten et al. 1996, section
 * 4.1), for messages above the one-copy threshold.
 *
 * Sender: a scout descriptor through the one-copy path (NxSender), then a background copy of
 * the data into library memory in chunks, looking for the reply between chunks. The reply
 * names the receive region's export; the sender imports it (once, then cached), sends the
 * data by deliberate update and sets the flag in the receiver's control page. If the copy
 * finishes first the send call returns early and the transfer runs from the safe copy later,
 * as the process's background work.
 *
 * Receiver: the reply to a scout (the user's receive region exported once per sender, then
 * cached), the scout's packet buffer freed (NxReceiver), then a wait for the flag.
 */
class NxZeroCopy
{
  public:
    /**
     * \param ep the process's endpoint
     * \param settings the process's parameters (outlive this object)
     * \param connections the process's connections (outlive this object)
     * \param calls the process's call machinery (outlives this object)
     * \param sender the one-copy send side that carries scouts (outlives this object)
     * \param receiver the receive side that frees a scout's buffer (outlives this object)
     */
    void Setup(Ptr<VmmcEndpoint> ep,
               const NxSettings* settings,
               const NxConnections* connections,
               NxCallContext* calls,
               NxSender* sender,
               NxReceiver* receiver);
    /// Drop the sends in progress and the endpoint.
    void Dispose();

    // ----- sender ---------------------------------------------------------------------------
    /// \param dst destination rank \return whether another zero-copy send may start to it
    bool HasFreeSlot(uint32_t dst) const;
    /**
     * \brief Start a zero-copy send: its scout into packet buffer \p b, then the background
     * copy. The call returns (through NxCallContext::Finish) early or when the data is sent.
     * \param dst destination rank
     * \param b the scout's packet buffer (acquired)
     * \param desc the descriptor {tag, sequence, -, size}; its kind word is set here
     * \param addr the user's data (word-aligned)
     * \param bytes its size
     * \param done the call's continuation
     */
    void Send(uint32_t dst,
              uint32_t b,
              uint32_t desc[4],
              uint64_t addr,
              uint32_t bytes,
              Callback<void> done);
    /// \return whether no zero-copy send is in progress
    bool IsIdle() const;
    /// \return whether an early-returned send's reply has arrived (its transfer may run)
    bool HasBackgroundWork() const;
    /**
     * \brief Run the first early-returned send whose reply has arrived, from its safe copy.
     * \param then when its transfer is done
     * \return whether one ran (else \p then is not called)
     */
    bool DoBackgroundWork(const std::function<void()>& then);

    // ----- receiver -------------------------------------------------------------------------
    /**
     * \brief Answer a claimed scout: reply with the receive region, free the scout's buffer,
     * wait for the data, and return from the call.
     * \param w the scout \param addr the user's receive region (word-aligned)
     * \param done the call's continuation
     */
    void ReceiveScout(const NxReceiver::Message& w,
                      uint64_t addr,
                      NxReceiver::ReceiveCallback done);

    /// \return zero-copy sends
    uint64_t GetNZeroCopySends() const;
    /// \return zero-copy sends that returned before the reply
    uint64_t GetNEarlyReturns() const;
    /// \return bytes the background copies copied
    uint64_t GetBackgroundBytesCopied() const;
    /// \return zero-copy data transfers made from the user's memory
    uint64_t GetNDirectTransfers() const;

  private:
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

    /// \param z a send \return whether its reply has arrived
    bool ReplyArrived(const ZcSend* z) const;
    /// \brief One chunk of the background copy, or the transfer once the reply is there.
    /// \param z the send
    void BackgroundCopy(ZcSend* z);
    /// \brief The data by deliberate update from \p src, then the flag.
    /// \param z the send \param src user memory or the safe copy \param then when done
    void Transfer(ZcSend* z, uint64_t src, std::function<void()> then);
    /// \brief Forget a completed send (and return from its call if it has not).
    /// \param z the send
    void Finished(ZcSend* z);

    Ptr<VmmcEndpoint> m_ep;                        //!< the process's endpoint
    const NxSettings* m_settings{nullptr};         //!< the process's parameters
    const NxConnections* m_conn{nullptr};          //!< the process's connections
    NxCallContext* m_calls{nullptr};               //!< the process's call machinery
    NxSender* m_sender{nullptr};                   //!< carries scouts
    NxReceiver* m_receiver{nullptr};               //!< frees scouts' buffers
    std::vector<uint32_t> m_next;                  //!< next zero-copy id, by destination
    std::vector<uint32_t> m_pending;               //!< sends not complete, by destination
    std::map<uint32_t, std::vector<ZcSend*>> m_zc; //!< sends not complete, by destination
    std::map<std::pair<uint32_t, uint32_t>, int32_t> m_importCache;  //!< (host, export) -> handle
    std::map<std::pair<uint64_t, uint32_t>, uint32_t> m_exportCache; //!< (first page, host) -> id
    std::map<std::pair<uint64_t, uint32_t>, uint32_t> m_exportPages; //!< its page count
    uint64_t m_zcSends{0};                                           //!< statistics
    uint64_t m_earlyReturns{0};                                      //!< statistics
    uint64_t m_backgroundBytes{0};                                   //!< statistics
    uint64_t m_directTransfers{0};                                   //!< statistics
};

} // namespace ns3

#endif /* NX_ZERO_COPY_H */
