/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_MESSAGE_CHANNEL_H
#define CLAN_MESSAGE_CHANNEL_H

#include "ns3/clan-context.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Simple message transfer with tx_ready / rx_ready flags (Riddoch et al. 1999,
 * section 4.1, Figure 5 and Example 1), one way from a sender to a receiver.
 *
 * The receiver's memory holds the message buffer and rx_ready; the sender's holds tx_ready.
 * Send waits until tx_ready, clears it, copies the message into the remote buffer and sets
 * the remote rx_ready; Receive waits until rx_ready, clears it, copies the message out and
 * sets the remote tx_ready. Every access across the network is a write. Each end waits in its
 * own mode (ClanContext::WaitMode): spinning, a Tripwire on its flag, or spinning then the
 * Tripwire. PRAM order makes the flag arrive after the data it guards.
 */
class ClanMessageChannel : public Object
{
  public:
    /// A received message.
    typedef Callback<void, const std::vector<uint8_t>&> ReceiveCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanMessageChannel();
    ~ClanMessageChannel() override;

    /**
     * \brief Build the channel (buffers, apertures, mappings, Tripwires).
     * \param sender the sending process \param receiver the receiving process
     * \param messageBytes the fixed message length (msg_length)
     * \param senderMode how the sender waits for tx_ready
     * \param receiverMode how the receiver waits for rx_ready
     */
    void Setup(Ptr<ClanContext> sender,
               Ptr<ClanContext> receiver,
               uint32_t messageBytes,
               ClanContext::WaitMode senderMode,
               ClanContext::WaitMode receiverMode);

    /// \brief send_msg. \param message messageBytes bytes \param done when sent
    void Send(const std::vector<uint8_t>& message, Callback<void> done);
    /// \brief recv_msg. \param done with the message
    void Receive(ReceiveCallback done);

    /// \return messages sent
    uint64_t GetNSent() const;
    /// \return messages received
    uint64_t GetNReceived() const;

  protected:
    void DoDispose() override;

  private:
    Ptr<ClanContext> m_tx;                             //!< sender
    Ptr<ClanContext> m_rx;                             //!< receiver
    uint32_t m_bytes{0};                               //!< msg_length
    ClanContext::WaitMode m_txMode{ClanContext::SPIN}; //!< sender's wait
    ClanContext::WaitMode m_rxMode{ClanContext::SPIN}; //!< receiver's wait
    uint64_t m_txReady{0};                             //!< sender memory: tx_ready
    uint64_t m_rxArea{0};             //!< receiver memory: rx_ready, then the buffer
    uint64_t m_remoteRx{0};           //!< sender's mapping of m_rxArea
    uint64_t m_remoteTx{0};           //!< receiver's mapping of m_txReady
    uint32_t m_txTrip{0};             //!< sender's Tripwire on tx_ready
    uint32_t m_rxTrip{0};             //!< receiver's Tripwire on rx_ready
    double m_copyInstructionsPer8{0}; //!< attribute: local copy cost
    uint64_t m_sent{0};               //!< statistics
    uint64_t m_received{0};           //!< statistics
};

} // namespace ns3

#endif /* CLAN_MESSAGE_CHANNEL_H */
