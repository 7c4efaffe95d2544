/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-message-channel.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanMessageChannel");

NS_OBJECT_ENSURE_REGISTERED(ClanMessageChannel);

namespace
{
/// Offset of the buffer after rx_ready (its own 64-byte line).
constexpr uint64_t BUFFER_OFFSET = 64;
} // namespace

TypeId
ClanMessageChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanMessageChannel")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ClanMessageChannel>()
            // ASSUMED: memcpy out of the buffer moves 8 bytes per load/store pair with its
            // loop overhead (about 2 instructions per 8 bytes; the lines were invalidated by
            // the NIC's writes, so the loads miss, which the CPI covers).
            .AddAttribute("CopyInstructionsPer8Bytes",
                          "Receiver's copy out of the buffer: instructions per 8 bytes.",
                          DoubleValue(2),
                          MakeDoubleAccessor(&ClanMessageChannel::m_copyInstructionsPer8),
                          MakeDoubleChecker<double>(0));
    return tid;
}

ClanMessageChannel::ClanMessageChannel() = default;

ClanMessageChannel::~ClanMessageChannel() = default;

void
ClanMessageChannel::DoDispose()
{
    m_tx = nullptr;
    m_rx = nullptr;
    Object::DoDispose();
}

void
ClanMessageChannel::Setup(Ptr<ClanContext> sender,
                          Ptr<ClanContext> receiver,
                          uint32_t messageBytes,
                          ClanContext::WaitMode senderMode,
                          ClanContext::WaitMode receiverMode)
{
    NS_ABORT_MSG_IF(!sender || !receiver || sender == receiver,
                    "ClanMessageChannel::Setup: needs two processes");
    ClanContext::RequireStartUp("ClanMessageChannel::Setup");
    NS_ABORT_MSG_IF(messageBytes == 0 || messageBytes % 4 != 0,
                    "ClanMessageChannel::Setup: message length " << messageBytes
                                                                 << " (a positive multiple of 4)");
    m_tx = sender;
    m_rx = receiver;
    m_bytes = messageBytes;
    m_txMode = senderMode;
    m_rxMode = receiverMode;
    m_txReady = sender->Allocate(64, "tx_ready");
    sender->WriteLocalWord(m_txReady, 1); // "Initially tx_ready is set to true"
    m_rxArea = receiver->Allocate(BUFFER_OFFSET + messageBytes, "rx_ready+buffer");
    receiver->WriteLocalWord(m_rxArea, 0); // "and rx_ready is set to false"
    m_remoteRx = sender->Map(receiver->Export(m_rxArea, BUFFER_OFFSET + messageBytes));
    m_remoteTx = receiver->Map(sender->Export(m_txReady, 64));
    const uint32_t flags = ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE;
    // A Tripwire only where that end waits on one: an enabled Tripwire interrupts its host
    // on every firing, spinning or not.
    if (senderMode != ClanContext::SPIN)
    {
        m_txTrip = sender->CreateTripwire(m_txReady, 4, flags);
    }
    if (receiverMode != ClanContext::SPIN)
    {
        m_rxTrip = receiver->CreateTripwire(m_rxArea, 4, flags);
    }
}

void
ClanMessageChannel::Send(const std::vector<uint8_t>& message, Callback<void> done)
{
    NS_ABORT_MSG_IF(message.empty() || message.size() > m_bytes,
                    "ClanMessageChannel::Send: a message of " << message.size() << " bytes (1 to "
                                                              << m_bytes << ", the buffer)");
    NS_ABORT_MSG_IF(!m_tx || m_remoteRx == 0, "ClanMessageChannel::Send: not the sender");
    Ptr<ClanMessageChannel> self(this);
    Ptr<ClanContext> tx = m_tx;
    const uint64_t flag = m_txReady;
    // while (!tx_ready) tripwire_wait(tx_ready_trip);
    tx->WaitUntil(
        flag,
        4,
        MakeSanCallback<bool>([tx, flag]() { return tx->ReadLocalWord(flag) != 0; }),
        m_txMode,
        m_txTrip,
        MakeSanCallback<void>([self, tx, flag, message, done]() {
            tx->WriteLocalWord(flag, 0); // tx_ready = 0
            // memcpy(remote->buffer, msg, length); remote->rx_ready = length (true);
            const uint32_t length = static_cast<uint32_t>(message.size());
            tx->Write(self->m_remoteRx + BUFFER_OFFSET, message.data(), length, Callback<void>());
            ++self->m_sent;
            tx->WriteWord(self->m_remoteRx, length, done);
        }));
}

void
ClanMessageChannel::Receive(ReceiveCallback done)
{
    NS_ABORT_MSG_IF(!m_rx || m_remoteTx == 0,
                    "ClanMessageChannel::Receive: not the receiver (or ConnectReceiver first)");
    Ptr<ClanMessageChannel> self(this);
    Ptr<ClanContext> rx = m_rx;
    const uint64_t flag = m_rxArea;
    rx->WaitUntil(
        flag,
        4,
        MakeSanCallback<bool>([rx, flag]() { return rx->ReadLocalWord(flag) != 0; }),
        m_rxMode,
        m_rxTrip,
        MakeSanCallback<void>([self, rx, flag, done]() {
            // rx_ready holds the message's length (msg_length for a full buffer).
            const uint32_t length = rx->ReadLocalWord(flag);
            NS_ABORT_MSG_IF(length > self->m_bytes,
                            "ClanMessageChannel::Receive: rx_ready says "
                                << length << " bytes, the buffer has " << self->m_bytes);
            rx->WriteLocalWord(flag, 0); // rx_ready = 0
            std::vector<uint8_t> msg(length);
            rx->GetMemory()->Read(flag + BUFFER_OFFSET, msg.data(), length);
            ++self->m_received;
            // memcpy(msg, buffer, length); remote->tx_ready = 1;
            rx->GetCpu()->ExecuteInstructions(
                self->m_copyInstructionsPer8 * ((length + 7) / 8),
                MakeSanCallback<void>([self, rx, msg, done]() {
                    rx->WriteWord(self->m_remoteTx, 1, MakeSanCallback<void>([msg, done]() {
                                      if (!done.IsNull())
                                      {
                                          done(msg);
                                      }
                                  }));
                }));
        }));
}

void
ClanMessageChannel::CheckShape(uint32_t messageBytes) const
{
    NS_ABORT_MSG_IF(messageBytes == 0 || messageBytes % 4 != 0,
                    "ClanMessageChannel: message length " << messageBytes
                                                          << " (a positive multiple of 4)");
    NS_ABORT_MSG_IF(m_bytes != 0 && m_bytes != messageBytes,
                    "ClanMessageChannel: the two ends disagree on the buffer's size ("
                        << m_bytes << " and " << messageBytes << ")");
}

ClanCookie
ClanMessageChannel::SetupReceiver(Ptr<ClanContext> receiver,
                                  uint32_t messageBytes,
                                  ClanContext::WaitMode mode)
{
    NS_ABORT_MSG_IF(!receiver || m_rx, "ClanMessageChannel::SetupReceiver: no process, or twice");
    CheckShape(messageBytes);
    m_rx = receiver;
    m_bytes = messageBytes;
    m_rxMode = mode;
    // Unnamed: a process may hold many channels' halves.
    m_rxArea = receiver->Allocate(BUFFER_OFFSET + messageBytes);
    receiver->WriteLocalWord(m_rxArea, 0); // "rx_ready is set to false"
    // A Tripwire only where this end waits on one (see Setup).
    if (mode != ClanContext::SPIN)
    {
        m_rxTrip = receiver->CreateTripwire(m_rxArea,
                                            4,
                                            ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
    }
    return receiver->Export(m_rxArea, BUFFER_OFFSET + messageBytes);
}

ClanCookie
ClanMessageChannel::SetupSender(Ptr<ClanContext> sender,
                                const ClanCookie& receiverArea,
                                uint32_t messageBytes,
                                ClanContext::WaitMode mode)
{
    NS_ABORT_MSG_IF(!sender || m_tx, "ClanMessageChannel::SetupSender: no process, or twice");
    CheckShape(messageBytes);
    NS_ABORT_MSG_IF(receiverArea.size != BUFFER_OFFSET + uint64_t(messageBytes),
                    "ClanMessageChannel::SetupSender: the receiver's area has "
                        << receiverArea.size << " bytes, not the channel's "
                        << BUFFER_OFFSET + uint64_t(messageBytes));
    m_tx = sender;
    m_bytes = messageBytes;
    m_txMode = mode;
    m_txReady = sender->Allocate(64);
    sender->WriteLocalWord(m_txReady, 1); // "Initially tx_ready is set to true"
    m_remoteRx = sender->Map(receiverArea);
    if (mode != ClanContext::SPIN)
    {
        m_txTrip = sender->CreateTripwire(m_txReady,
                                          4,
                                          ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
    }
    return sender->Export(m_txReady, 64);
}

void
ClanMessageChannel::ConnectReceiver(const ClanCookie& senderTxReady)
{
    NS_ABORT_MSG_IF(!m_rx, "ClanMessageChannel::ConnectReceiver: SetupReceiver first");
    NS_ABORT_MSG_IF(senderTxReady.size < 4,
                    "ClanMessageChannel::ConnectReceiver: not a tx_ready cookie");
    m_remoteTx = m_rx->Map(senderTxReady);
}

bool
ClanMessageChannel::IsReady() const
{
    NS_ABORT_MSG_IF(!m_rx, "ClanMessageChannel::IsReady: not the receiver");
    return m_rx->ReadLocalWord(m_rxArea) != 0;
}

uint64_t
ClanMessageChannel::GetRxReadyAddress() const
{
    return m_rxArea;
}

uint32_t
ClanMessageChannel::GetReceiverTripwire() const
{
    return m_rxTrip;
}

uint32_t
ClanMessageChannel::GetMessageBytes() const
{
    return m_bytes;
}

uint64_t
ClanMessageChannel::GetNSent() const
{
    return m_sent;
}

uint64_t
ClanMessageChannel::GetNReceived() const
{
    return m_received;
}

} // namespace ns3
