/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ShrimpSocket's data path (SHRIMP 1996, sections 4 and 4.3): circular buffers written by the
// remote process, head and tail pointers as control words sent by automatic update, flow
// control by the receiver's consumed pointer, and the three copy variants.

#include "shrimp-socket-factory.h"
#include "shrimp-socket.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShrimpSocketData");

uint32_t
ShrimpSocket::PeerWritten() const
{
    return m_ep->ReadWord(m_rxControl + CTRL_WRITTEN);
}

uint32_t
ShrimpSocket::PeerConsumed() const
{
    return m_ep->ReadWord(m_rxControl + CTRL_CONSUMED);
}

bool
ShrimpSocket::PeerClosed() const
{
    return m_ep != nullptr && m_rxControl != 0 && m_ep->ReadWord(m_rxControl + CTRL_CLOSED) != 0;
}

uint32_t
ShrimpSocket::RingRoom() const
{
    // A word is kept free: a deliberate update ends on a word boundary, so it may write up to
    // three bytes past the data, which must never be bytes the receiver has not consumed.
    const uint32_t used = m_written - PeerConsumed();
    const uint32_t capacity = m_peerRingBytes - 4;
    return used >= capacity ? 0 : capacity - used;
}

void
ShrimpSocket::ArmWatch()
{
    if (m_watch != 0 || m_state != CONNECTED)
    {
        return;
    }
    m_watch = m_memory->WatchWrites(m_rxControl,
                                    CTRL_CLOSED + 4,
                                    MakeCallback(&ShrimpSocket::ControlChanged, this));
}

void
ShrimpSocket::ControlChanged()
{
    m_watch = 0;
    if (m_state != CONNECTED)
    {
        return;
    }
    ArmWatch();
    if (m_txWaiting && RingRoom() > 0)
    {
        m_txWaiting = false;
        // The sender was spinning on the consumed pointer: the load that sees it change.
        Ptr<HostCpu> cpu = m_ep->GetCpu();
        cpu->Execute(m_ep->GetMemorySystem()->GetPollMissTime(m_rxControl) +
                         cpu->InstructionsToTime(m_factory->GetPollInstructions()),
                     MakeSanCallback<void>([this]() { TxChunk(); }));
    }
    if (m_closeWaiting && PeerConsumed() == m_written)
    {
        TxNext();
    }
    RxNext();
}

void
ShrimpSocket::TxNext()
{
    if (m_txBusy || m_state != CONNECTED)
    {
        return;
    }
    if (m_txQueue.empty())
    {
        if ((m_closeRequested || m_shutdownSend) && !m_closeSent)
        {
            // A lingering close: once the peer has consumed everything, the close flag goes
            // through an idle direction and is in long before the TCP close that follows it
            // over the Ethernet (which the peer would otherwise take for a broken connection).
            if (PeerConsumed() != m_written)
            {
                m_closeWaiting = true;
                ArmWatch();
                return;
            }
            m_closeWaiting = false;
            m_txBusy = true;
            m_ep->StoreWord(m_txControl + CTRL_CLOSED, 1, MakeSanCallback<void>([this]() {
                                m_txBusy = false;
                                m_closeSent = true;
                                if (m_closeRequested)
                                {
                                    FinishClose();
                                }
                            }));
        }
        return;
    }
    m_txBusy = true;
    // One send() call per queued buffer: the call's own work, then its data.
    m_ep->Compute(m_factory->GetSendInstructions(), MakeSanCallback<void>([this]() {
                      if (m_state != CONNECTED || m_txQueue.empty())
                      {
                          m_txBusy = false;
                          return;
                      }
                      // The application's buffer holds the data (it had it: no cost).
                      Ptr<Packet> p = m_txQueue.front();
                      std::vector<uint8_t> bytes(p->GetSize());
                      p->CopyData(bytes.data(), bytes.size());
                      NS_ABORT_MSG_UNLESS(m_ep->GetMemory()->Write(m_userTx + m_userOffset,
                                                                   bytes.data(),
                                                                   bytes.size()),
                                          "ShrimpSocket: the send buffer is too small");
                      m_txOffset = 0;
                      TxChunk();
                  }));
}

void
ShrimpSocket::TxChunk()
{
    if (m_state != CONNECTED || m_txQueue.empty())
    {
        m_txBusy = false;
        return;
    }
    Ptr<Packet> p = m_txQueue.front();
    const uint32_t remaining = p->GetSize() - m_txOffset;
    if (remaining == 0)
    {
        TxPacketDone();
        return;
    }
    const uint32_t room = RingRoom();
    if (room == 0)
    {
        // The peer's ring is full: wait for its consumed pointer to move.
        m_txWaiting = true;
        ++m_fullWaits;
        ArmWatch();
        return;
    }
    const uint32_t n = std::min(remaining, room);
    const uint32_t pos = m_written % m_peerRingBytes;
    const uint32_t first = std::min(n, m_peerRingBytes - pos);
    const uint64_t src = m_userTx + m_userOffset + m_txOffset;
    TxPiece(pos, src, first, MakeSanCallback<void>([this, src, first, n]() {
                if (first < n)
                {
                    TxPiece(0, src + first, n - first, MakeSanCallback<void>([this, n]() {
                                TxPublish(n);
                            }));
                    return;
                }
                TxPublish(n);
            }));
}

void
ShrimpSocket::TxPiece(uint32_t pos, uint64_t src, uint32_t len, Callback<void> done)
{
    const uint64_t image = m_txImage + pos;
    if (m_variant == AU_2COPY)
    {
        // The copy into the bound image is the send.
        ++m_twoCopy;
        m_ep->Copy(image, src, len, done);
        return;
    }
    if (m_variant == DU_1COPY && src % 4 == pos % 4)
    {
        ++m_oneCopy;
        // A partial first word goes through the image (which holds the bytes before it);
        // the rest straight from the user's buffer, word-aligned on both sides. A partial
        // last word is also kept in the image for the next send's first word.
        const uint32_t head = std::min(len, (4 - pos % 4) % 4);
        const uint32_t body = len - head;
        const uint32_t tail = body % 4;
        Callback<void> sendBody([this, pos, src, head, body, tail, done]() {
            if (body == 0)
            {
                done();
                return;
            }
            Callback<void> du([this, pos, src, head, body, done]() {
                TxDeliberate(pos + head, src + head, body, done);
            });
            if (tail == 0)
            {
                du();
                return;
            }
            m_ep->Copy(m_txImage + pos + head + body - tail, src + head + body - tail, tail, du);
        });
        if (head == 0)
        {
            sendBody();
            return;
        }
        m_ep->Copy(image, src, head, MakeSanCallback<void>([this, pos, image, head, sendBody]() {
                       TxDeliberate(pos, image, head, sendBody);
                   }));
        return;
    }
    // Two copies: into the image at the ring position, then a deliberate update of the whole
    // words that hold it.
    ++m_twoCopy;
    m_ep->Copy(image, src, len, MakeSanCallback<void>([this, pos, image, len, done]() {
                   TxDeliberate(pos, image, len, done);
               }));
}

void
ShrimpSocket::TxDeliberate(uint32_t pos, uint64_t src, uint32_t len, Callback<void> done)
{
    const uint32_t lead = pos % 4;
    const uint32_t bytes = (lead + len + 3) / 4 * 4;
    m_ep->SendDeliberate(m_handle,
                         pos - lead,
                         src - lead,
                         bytes,
                         false,
                         MakeSanCallback<void, bool>([this, done](bool ok) {
                             if (!ok)
                             {
                                 // Only a torn-down mapping refuses a checked transfer.
                                 NS_LOG_WARN("ShrimpSocket: a deliberate update was refused");
                                 Broken();
                                 return;
                             }
                             done();
                         }));
}

void
ShrimpSocket::TxPublish(uint32_t n)
{
    m_written += n;
    m_txOffset += n;
    // The written pointer: an automatic-update store in the control page (no combining),
    // which also sends the data's open packet.
    m_ep->StoreWord(m_txControl + CTRL_WRITTEN, m_written, MakeSanCallback<void>([this]() {
                        TxChunk();
                    }));
}

void
ShrimpSocket::FinishClose()
{
    m_state = CLOSED;
    if (m_watch != 0)
    {
        m_memory->CancelWatch(m_watch);
        m_watch = 0;
    }
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        m_tcpClosed = true;
        m_tcp->Close();
    }
}

void
ShrimpSocket::RxNext()
{
    if (m_rxBusy || m_state != CONNECTED)
    {
        return;
    }
    const uint32_t available = PeerWritten() - m_consumed;
    if (available == 0)
    {
        if (PeerClosed())
        {
            NotifyCloseOnce(false);
        }
        return;
    }
    const uint32_t space = RxQueueRoom();
    if (space == 0)
    {
        return; // the application reads first (Recv calls RxNext)
    }
    const uint32_t n = std::min(available, space);
    m_rxBusy = true;
    // The process polling the written pointer sees it change (a load that misses: the line
    // was invalidated by the incoming write), then its recv() call and the copy out.
    Ptr<HostCpu> cpu = m_ep->GetCpu();
    const Time seen = m_ep->GetMemorySystem()->GetPollMissTime(m_rxControl) +
                      cpu->InstructionsToTime(m_factory->GetPollInstructions() +
                                              m_factory->GetRecvInstructions());
    const uint32_t start = m_consumed % m_ringBytes;
    cpu->Execute(seen, MakeSanCallback<void>([this, start, n]() {
                     RxCopyPieces(start, n, 0, MakeSanCallback<void>([this, n, start]() {
                                      RxCopied(n, start);
                                  }));
                 }));
}

void
ShrimpSocket::RxCopyPieces(uint32_t pos, uint32_t n, uint32_t done, Callback<void> finished)
{
    const uint32_t first = std::min(n - done, m_ringBytes - pos);
    m_ep->Copy(m_userRx + done,
               m_rxRing + pos,
               first,
               MakeSanCallback<void>([this, pos, n, done, first, finished]() {
                   if (done + first < n)
                   {
                       RxCopyPieces((pos + first) % m_ringBytes, n, done + first, finished);
                       return;
                   }
                   finished();
               }));
}

void
ShrimpSocket::RxCopied(uint32_t n, uint32_t)
{
    if (m_state != CONNECTED)
    {
        m_rxBusy = false;
        return;
    }
    std::vector<uint8_t> bytes(n);
    NS_ABORT_MSG_UNLESS(m_ep->GetMemory()->Read(m_userRx, bytes.data(), n),
                        "ShrimpSocket: the receive buffer is not in memory");
    m_consumed += n;
    Ptr<Packet> p = Create<Packet>(bytes.data(), n);
    // The consumed pointer goes back to the sender (flow control).
    m_ep->StoreWord(m_txControl + CTRL_CONSUMED, m_consumed, MakeSanCallback<void>([this, p]() {
                        if (m_state != CONNECTED)
                        {
                            m_rxBusy = false;
                            return;
                        }
                        RxDelivered(p);
                    }));
}

} // namespace ns3
