/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ScilanSocket's data path (SCILAN 1998, sections 3.2, 3.4, 3.5 and 4.2): send() as the
// transmitter copy, an error check and a stimulus per MTU; the receiving thread's receiver
// copy, the read pointer and the stimulus that frees a sleeping transmitter.

#include "scilan-socket.h"
#include "scilan-stack.h"

#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanSocketData");

void
ScilanSocket::TxNext()
{
    if (m_txBusy || m_state != CONNECTED)
    {
        return;
    }
    if (m_txQueue.empty())
    {
        if (m_closeRequested)
        {
            FinishClose();
            return;
        }
        if (m_rxDeferred)
        {
            m_rxDeferred = false;
            RxNext();
        }
        return;
    }
    m_txBusy = true;
    // One send() call per queued buffer.
    m_stack->GetContext()->GetCpu()->ExecuteInstructions(
        m_stack->GetSendInstructions(),
        MakeSanCallback<void>([self = Ptr<ScilanSocket>(this)]() { self->TxChunk(); }));
}

void
ScilanSocket::TxChunk()
{
    if (m_state != CONNECTED)
    {
        return;
    }
    Ptr<ScilanSocket> self = this;
    Ptr<Packet> p = m_txQueue.front();
    const uint32_t remaining = p->GetSize() - m_txOffset;
    if (remaining == 0)
    {
        TxPacketDone();
        return;
    }
    const uint32_t room = m_tx->KnownRoom();
    if (room == 0)
    {
        m_tx->RefreshRoom(MakeSanCallback<void, uint32_t>([self](uint32_t r) {
            if (r > 0)
            {
                self->TxChunk();
                return;
            }
            // Full: the transmitter sleeps; meanwhile the thread may receive.
            if (self->m_rxDeferred)
            {
                self->m_rxDeferred = false;
                self->RxNext();
            }
            self->m_tx->WaitForRoom(
                MakeSanCallback<void, uint32_t>([self](uint32_t) { self->TxChunk(); }));
        }));
        return;
    }
    const uint32_t n = std::min({remaining, room, m_stack->GetMtu()});
    std::vector<uint8_t> bytes(n);
    p->CreateFragment(m_txOffset, n)->CopyData(bytes.data(), n);
    Ptr<HostCpu> cpu = m_stack->GetContext()->GetCpu();
    m_tx->Write(bytes.data(), n, MakeSanCallback<void>([self, cpu, n]() {
                    cpu->ExecuteInstructions(
                        self->m_stack->GetCheckInstructions(),
                        MakeSanCallback<void>([self, n]() {
                            self->m_tx->Publish(MakeSanCallback<void, bool>([self, n](bool ok) {
                                if (!ok)
                                {
                                    // SCI's retries did not get it
                                    // through: the connection is broken.
                                    self->m_state = CLOSED;
                                    self->m_errno = ERROR_SHUTDOWN;
                                    self->NotifyErrorClose();
                                    return;
                                }
                                self->m_txOffset += n;
                                self->TxChunk();
                            }));
                        }));
                }));
}

void
ScilanSocket::FinishClose()
{
    m_tx->SendClose();
    m_state = CLOSED;
    NotifyCloseOnce(false);
}

void
ScilanSocket::RxNext()
{
    if (m_rxBusy || m_state != CONNECTED)
    {
        return;
    }
    const uint32_t available = m_rx->Available();
    if (available == 0)
    {
        if (m_rx->IsClosed())
        {
            NotifyCloseOnce(false);
            return;
        }
        if (m_txBusy)
        {
            m_rxDeferred = true; // one thread: it waits in recv() after its send()
            return;
        }
        m_rxBusy = true;
        Ptr<ScilanSocket> self = this;
        Ptr<SciRingReceiver> rx = m_rx;
        rx->Wait(m_stack->GetPollTime(),
                 MakeSanCallback<bool>([rx]() { return rx->Available() > 0 || rx->IsClosed(); }),
                 MakeSanCallback<void>([self]() {
                     self->m_rxBusy = false;
                     self->RxNext();
                 }));
        return;
    }
    const uint32_t space = RxQueueRoom();
    if (space == 0)
    {
        return; // the application reads first (Recv calls RxNext)
    }
    const uint32_t n = std::min(available, space);
    m_rxBusy = true;
    Ptr<ScilanSocket> self = this;
    Ptr<HostCpu> cpu = m_stack->GetContext()->GetCpu();
    Ptr<HostMemorySystem> system = m_stack->GetContext()->GetMemorySystem();
    // One recv() call: its own work, then the receiver copy out of the ring.
    const bool copy = m_stack->HasReceiverCopy();
    cpu->ExecuteInstructions(
        m_stack->GetRecvInstructions(),
        MakeSanCallback<void>([self, system, n, copy]() {
            if (!copy)
            {
                self->RxCopied(n);
                return;
            }
            system->Copy(n, MakeSanCallback<void>([self, n]() { self->RxCopied(n); }));
        }));
}

void
ScilanSocket::RxCopied(uint32_t n)
{
    if (m_state != CONNECTED)
    {
        m_rxBusy = false;
        return;
    }
    std::vector<uint8_t> bytes(n);
    m_rx->Peek(bytes.data(), n);
    m_rx->Consume(n);
    // Room in the ring: wake the peer's transmitter if it sleeps (section 3.4).
    m_stack->GetContext()->Stimulate(m_tx->GetPeer().node, m_peerTxFlag, Callback<void>());
    RxDelivered(Create<Packet>(bytes.data(), n));
}

} // namespace ns3
