/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ScilanSocket's connection set-up (SCILAN 1998, section 3.4): connect() finds the listening
// socket's receiver in the remote port directory, takes the listener's lock (a disabled flag
// used as test-and-set), writes a connection request into its ring and waits; accept() makes
// the new socket's receiver and tells the connecting one where it is.

#include "scilan-connectionless-sender.h"
#include "scilan-socket.h"
#include "scilan-stack.h"

#include "ns3/host-cpu.h"
#include "ns3/host-words.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanSocketSetup");

void
ScilanSocket::ConnectCluster(Ipv4Address address, uint16_t port)
{
    Ptr<SciContext> ctx = m_stack->GetContext();
    m_rx = Create<SciRingReceiver>(ctx, m_stack->GetRingBytes());
    m_txFlag = Create<SciFlagWaiter>(ctx);
    // The connection request: where this socket's receiver is, and who asks.
    const SciRingAddress me = m_rx->GetAddress();
    std::vector<uint8_t> r(ScilanStack::REQUEST_BYTES, 0);
    HostWords::Store64(r.data(), me.segment);
    HostWords::Store32(r.data() + 8, me.node);
    HostWords::Store32(r.data() + 12, me.flag);
    HostWords::Store32(r.data() + 16, m_txFlag->GetId());
    HostWords::Store32(r.data() + 20, me.ringBytes);
    HostWords::Store32(r.data() + 24, m_stack->GetAddress().Get());
    HostWords::Store32(r.data() + 28, m_localPort);
    m_requests = Create<ScilanConnectionlessSender>(m_stack);
    Ptr<ScilanSocket> self = this;
    m_requests->Send(address,
                     port,
                     r,
                     ScilanConnectionlessSender::DoneCallback([self](bool ok, SocketErrno error) {
                         if (self->m_state != CONNECTING)
                         {
                             return;
                         }
                         if (!ok)
                         {
                             self->ConnectFailed(error);
                             return;
                         }
                         // Wait for the accepting side to fill in where its receiver is.
                         Ptr<SciRingReceiver> rx = self->m_rx;
                         rx->Wait(
                             self->m_stack->GetPollTime(),
                             MakeSanCallback<bool>([rx]() { return rx->ReadPeerSegment() != 0; }),
                             MakeCallback(&ScilanSocket::HandshakeDone, self));
                     }));
}

void
ScilanSocket::HandshakeDone()
{
    if (m_state != CONNECTING)
    {
        return;
    }
    SciRingAddress peer;
    peer.node = static_cast<uint16_t>(m_rx->ReadControl(SciRingReceiver::PEER_NODE));
    peer.segment = m_rx->ReadPeerSegment() - 1;
    peer.flag = m_rx->ReadControl(SciRingReceiver::PEER_FLAG);
    peer.ringBytes = m_rx->ReadControl(SciRingReceiver::PEER_RING);
    m_peerTxFlag = m_rx->ReadControl(SciRingReceiver::PEER_TX_FLAG);
    m_tx = Create<SciRingTransmitter>(m_stack->GetContext(), peer, m_txFlag);
    m_state = CONNECTED;
    NotifyConnectionSucceeded();
    RxNext();
}

void
ScilanSocket::ConnectFailed(SocketErrno error)
{
    m_state = CLOSED;
    m_errno = error;
    NotifyConnectionFailed();
}

void
ScilanSocket::ListenNext()
{
    if (m_state != LISTENING)
    {
        return;
    }
    if (m_listenRx->Available() >= ScilanStack::REQUEST_BYTES)
    {
        uint8_t r[ScilanStack::REQUEST_BYTES];
        m_listenRx->Peek(r, ScilanStack::REQUEST_BYTES);
        m_listenRx->Consume(ScilanStack::REQUEST_BYTES);
        Accept(r);
        return;
    }
    // accept() sleeps on the listening receiver's flag.
    Ptr<ScilanSocket> self = this;
    Ptr<SciRingReceiver> rx = m_listenRx;
    rx->Wait(Seconds(0),
             MakeSanCallback<bool>([self, rx]() {
                 return self->m_state != LISTENING || rx->Available() >= ScilanStack::REQUEST_BYTES;
             }),
             MakeCallback(&ScilanSocket::ListenNext, self));
}

void
ScilanSocket::Accept(const uint8_t* r)
{
    SciRingAddress peer;
    peer.segment = HostWords::Load64(r);
    peer.node = static_cast<uint16_t>(HostWords::Load32(r + 8));
    peer.flag = HostWords::Load32(r + 12);
    const uint32_t peerTxFlag = HostWords::Load32(r + 16);
    peer.ringBytes = HostWords::Load32(r + 20);
    const Ipv4Address ip(HostWords::Load32(r + 24));
    const uint16_t port = static_cast<uint16_t>(HostWords::Load32(r + 28));
    Ptr<ScilanSocket> self = this;
    m_stack->GetContext()->GetCpu()->ExecuteInstructions(
        m_stack->GetSetupInstructions(),
        MakeSanCallback<void>([self, peer, peerTxFlag, ip, port]() {
            const InetSocketAddress from(ip, port);
            if (self->NotifyConnectionRequest(from))
            {
                Ptr<ScilanSocket> child = DynamicCast<ScilanSocket>(self->m_stack->CreateSocket());
                child->m_sndBufSize = self->m_sndBufSize;
                child->m_rcvBufSize = self->m_rcvBufSize;
                child->m_localPort = self->m_localPort;
                Ptr<SciContext> ctx = self->m_stack->GetContext();
                child->StartChild(Create<SciRingReceiver>(ctx, self->m_stack->GetRingBytes()),
                                  Create<SciFlagWaiter>(ctx),
                                  peer,
                                  peerTxFlag,
                                  ip,
                                  port);
                self->NotifyNewConnectionCreated(child, from);
            }
            self->ListenNext();
        }));
}

void
ScilanSocket::StartChild(Ptr<SciRingReceiver> rx,
                         Ptr<SciFlagWaiter> txFlag,
                         const SciRingAddress& peer,
                         uint32_t peerTxFlag,
                         Ipv4Address peerAddress,
                         uint16_t peerPort)
{
    m_rx = rx;
    m_txFlag = txFlag;
    m_peerTxFlag = peerTxFlag;
    m_peerAddress = peerAddress;
    m_peerPort = peerPort;
    m_tx = Create<SciRingTransmitter>(m_stack->GetContext(), peer, txFlag);
    // Tell the connecting socket where this receiver is: one store of the set-up words (the
    // segment last in the word order but in the same request), then its flag.
    const SciRingAddress me = rx->GetAddress();
    uint8_t w[24];
    HostWords::Store64(w, me.segment + 1);
    HostWords::Store32(w + 8, me.node);
    HostWords::Store32(w + 12, me.flag);
    HostWords::Store32(w + 16, txFlag->GetId());
    HostWords::Store32(w + 20, me.ringBytes);
    m_tx->WriteControl(SciRingReceiver::PEER_SEGMENT, w, sizeof(w));
    m_tx->Stimulate();
    m_state = CONNECTED;
    Simulator::ScheduleNow(&ScilanSocket::RxNext, Ptr<ScilanSocket>(this));
}

} // namespace ns3
