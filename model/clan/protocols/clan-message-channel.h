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
 *
 * A message may be shorter than the buffer (msg_length, its size): the sender sets rx_ready to
 * the message's length (any non-zero value is "true") and writes only that many bytes; the
 * receiver copies that many out. A message of exactly msg_length behaves as Example 1's.
 *
 * The two-ended Setup is start-up wiring. During a run each end builds its own half
 * (SetupReceiver, SetupSender, ConnectReceiver), the cookies travelling between them over the
 * fabric (e.g. through a ClanConnection), as ClanDistributedQueue's halves do.
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

    /**
     * \brief The receiver's half alone: allocate rx_ready and the buffer, export them.
     * \param receiver the receiving process \param messageBytes the buffer (msg_length)
     * \param mode how recv_msg waits
     * \return the cookie the sender needs (SetupSender)
     */
    ClanCookie SetupReceiver(Ptr<ClanContext> receiver,
                             uint32_t messageBytes,
                             ClanContext::WaitMode mode);
    /**
     * \brief The sender's half: map the receiver's area, allocate and export tx_ready.
     * \param sender the sending process \param receiverArea SetupReceiver's cookie
     * \param messageBytes the buffer (msg_length) \param mode how send_msg waits
     * \return the cookie the receiver needs (ConnectReceiver)
     */
    ClanCookie SetupSender(Ptr<ClanContext> sender,
                           const ClanCookie& receiverArea,
                           uint32_t messageBytes,
                           ClanContext::WaitMode mode);
    /// \brief The receiver maps the sender's tx_ready. \param senderTxReady its cookie
    void ConnectReceiver(const ClanCookie& senderTxReady);

    /// \brief send_msg. \param message 1 to messageBytes bytes \param done when sent
    void Send(const std::vector<uint8_t>& message, Callback<void> done);
    /// \brief recv_msg. \param done with the message
    void Receive(ReceiveCallback done);

    /// \return receiver: true if a message waits in the buffer (rx_ready is set)
    bool IsReady() const;
    /// \return receiver: the address of rx_ready (local memory)
    uint64_t GetRxReadyAddress() const;
    /// \return the receiver's Tripwire on rx_ready (0 in SPIN mode)
    uint32_t GetReceiverTripwire() const;
    /// \return the buffer's size (msg_length)
    uint32_t GetMessageBytes() const;

    /// \return messages sent
    uint64_t GetNSent() const;
    /// \return messages received
    uint64_t GetNReceived() const;

  protected:
    void DoDispose() override;

  private:
    /// Abort unless \p messageBytes is a valid msg_length that agrees with the other half's.
    /// \param messageBytes the buffer's size
    void CheckShape(uint32_t messageBytes) const;

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
