/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef NX_SENDER_H
#define NX_SENDER_H

#include "nx-buffer-table.h"
#include "nx-call-context.h"
#include "nx-connections.h"
#include "nx-settings.h"

#include "ns3/traced-callback.h"
#include "ns3/vmmc-endpoint.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The send side of NX's one-copy protocol in one process (Felten et al. 1996, section
 * 4.1): which packet buffers at each receiver are in use, the credits that free them, the
 * buffer requests sent when all are full (section 6), and the three ways a message and its
 * descriptor reach a packet buffer (NxSettings::Variant).
 */
class NxSender
{
  public:
    /**
     * \param ep the process's endpoint
     * \param settings the process's parameters (outlive this object)
     * \param connections the process's connections (outlive this object)
     * \param calls the process's call machinery (outlives this object)
     * \param creditReceived fired for each credit found: (receiver rank, packet buffer)
     */
    void Setup(Ptr<VmmcEndpoint> ep,
               const NxSettings* settings,
               const NxConnections* connections,
               NxCallContext* calls,
               const TracedCallback<uint32_t, uint32_t>* creditReceived);
    /// Allocate the marshaling area and the request word's source (set-up).
    void Allocate();
    /// Drop the endpoint and the peers.
    void Dispose();

    /**
     * \brief Find a free packet buffer at \p dst: a free one, else a credit that came back,
     * else wait for one (asking the receiver for buffers first).
     * \param dst destination rank
     * \param got called with the buffer, now in use
     */
    void AcquireBuffer(uint32_t dst, std::function<void(uint32_t)> got);
    /// \param dst destination rank \return the next message's sequence on that connection
    uint32_t NextSequence(uint32_t dst);
    /**
     * \brief Put a message (data, pad, descriptor) into packet buffer \p b at \p dst.
     * \param dst destination rank
     * \param b the packet buffer (acquired)
     * \param desc the descriptor's four words {tag, sequence, kind, size}
     * \param addr the data
     * \param bytes its size (0: the descriptor alone)
     * \param then when the message is on its way
     */
    void PutMessage(uint32_t dst,
                    uint32_t b,
                    const uint32_t desc[4],
                    uint64_t addr,
                    uint32_t bytes,
                    std::function<void()> then);

    /// \return credits seen (packet buffers found freed by a receiver)
    uint64_t GetNCreditsReceived() const;
    /// \return buffer requests sent
    uint64_t GetNBufferRequestsSent() const;

  private:
    /// \return whether a credit has come back from \p dst \param dst destination rank
    bool HasCredit(uint32_t dst) const;
    /**
     * \brief Free the packet buffers whose credits came back from \p dst.
     * \param dst destination rank \param examined counts the buffers looked at
     * \return whether one was freed
     */
    bool CollectCredits(uint32_t dst, uint32_t& examined);
    /// \brief DU, the data copied next to the descriptor: one deliberate update.
    /// \param dst rank \param b buffer \param desc descriptor \param addr data \param bytes
    /// size \param then when sent
    void PutMarshaled(uint32_t dst,
                      uint32_t b,
                      const uint32_t desc[4],
                      uint64_t addr,
                      uint32_t bytes,
                      std::function<void()> then);

    /// The send side of one connection.
    struct Peer
    {
        uint32_t nextBuffer{0}; //!< where the search starts
        uint32_t sendSeq{0};    //!< next sequence sent
        uint32_t closes{0};     //!< AU closing stores
        uint32_t requests{0};   //!< buffer requests sent
        bool requested{false};  //!< a request is outstanding
    };

    Ptr<VmmcEndpoint> m_ep;                //!< the process's endpoint
    const NxSettings* m_settings{nullptr}; //!< the process's parameters
    const NxConnections* m_conn{nullptr};  //!< the process's connections
    NxCallContext* m_calls{nullptr};       //!< the process's call machinery

    /// A packet buffer at a peer, as this sender knows it.
    struct Buffer
    {
        uint32_t lastCredit{0}; //!< last credit seen for it
        bool busy{false};       //!< in use
    };

    std::vector<Peer> m_peers;       //!< by rank (this rank's entry unused)
    NxBufferTable<Buffer> m_buffers; //!< by rank, then packet buffer
    uint64_t m_marshal{0};           //!< DU marshaling area (a packet buffer)
    uint64_t m_scratch{0};           //!< DU request word source
    uint64_t m_creditsReceived{0};   //!< statistics
    uint64_t m_requestsSent{0};      //!< statistics
    const TracedCallback<uint32_t, uint32_t>* m_creditReceivedTrace{nullptr}; //!< (rank, buffer)
};

} // namespace ns3

#endif /* NX_SENDER_H */
