/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ScilanSocket's connection set-up (SCILAN 1998, section 3.4): connect() finds the listening
// socket's receiver in the remote port directory, takes the listener's lock (a disabled flag
// used as test-and-set), writes a connection request into its ring and waits; accept() makes
// the new socket's receiver and tells the connecting one where it is.

#include "scilan-socket.h"
#include "scilan-stack.h"

#include "ns3/host-cpu.h"
#include "ns3/host-words.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanSocketSetup");

namespace
{
/// A flag kept disabled and free: the lock's value when nobody holds it.
constexpr uint32_t LOCK_FREE = 0x80000000u;
} // namespace

void
ScilanSocket::ConnectCluster(Ipv4Address address, uint16_t port)
{
    ScilanCluster::Entry e;
    if (!m_stack->GetCluster()->Find(address, e))
    {
        Simulator::ScheduleNow(&ScilanSocket::ConnectFailed,
                               Ptr<ScilanSocket>(this),
                               ERROR_NOROUTETOHOST);
        return;
    }
    Ptr<SciNetDevice> nic = m_stack->GetNic();
    m_rx = Create<SciRingReceiver>(nic, m_stack->GetRingBytes());
    m_txFlag = Create<SciFlagWaiter>(nic);
    m_peerNode = e.node;
    const uint64_t directory = m_stack->MapDirectory(e.node, e.directory);
    Ptr<ScilanSocket> self = this;
    nic->GetCpu()->ExecuteInstructions(m_stack->GetSetupInstructions(),
                                       Callback<void>([self, directory, port]() {
                                           self->Probe(self->m_peerNode, directory, port, 0);
                                       }));
}

void
ScilanSocket::Probe(uint16_t node, uint64_t directoryBus, uint16_t port, uint32_t attempt)
{
    if (m_state != CONNECTING)
    {
        return;
    }
    if (attempt >= ScilanStack::DIRECTORY_SLOTS)
    {
        ConnectFailed(ERROR_NOTCONN);
        return;
    }
    const uint32_t slot = (port + attempt) % ScilanStack::DIRECTORY_SLOTS;
    Ptr<ScilanSocket> self = this;
    Ptr<SciNetDevice> nic = m_stack->GetNic();
    Ptr<SanResource> cpu = nic->GetCpu()->GetResource();
    // A remote load of the slot; the processor stalls on it.
    cpu->Acquire(Callback<void>([self, nic, cpu, node, directoryBus, port, attempt, slot]() {
        nic->Load(
            directoryBus + uint64_t(slot) * ScilanStack::SLOT_BYTES,
            24,
            SciNetDevice::ReadCallback(
                [self, nic, cpu, node, directoryBus, port, attempt](const uint8_t* b, uint32_t) {
                    cpu->Release();
                    const uint32_t key = HostWords::Load32(b);
                    if (key == 0)
                    {
                        self->ConnectFailed(ERROR_NOTCONN); // nobody listens: refused
                        return;
                    }
                    if (key != uint32_t(port) + 1)
                    {
                        self->Probe(node, directoryBus, port, attempt + 1);
                        return;
                    }
                    self->m_listener.node = node;
                    self->m_listener.ringBytes = HostWords::Load32(b + 4);
                    self->m_listener.segment = HostWords::Load64(b + 8);
                    self->m_listener.flag = HostWords::Load32(b + 16);
                    self->m_lockFlag = HostWords::Load32(b + 20);
                    self->m_listenerBus =
                        nic->Map(node,
                                 self->m_listener.segment,
                                 SciRingReceiver::CONTROL_BYTES + self->m_listener.ringBytes);
                    self->Lock();
                }));
    }));
}

void
ScilanSocket::Lock()
{
    if (m_state != CONNECTING)
    {
        return;
    }
    Ptr<ScilanSocket> self = this;
    Ptr<SciNetDevice> nic = m_stack->GetNic();
    Ptr<SanResource> cpu = nic->GetCpu()->GetResource();
    cpu->Acquire(Callback<void>([self, nic, cpu]() {
        nic->FetchAndIncrement(
            self->m_peerNode,
            self->m_lockFlag,
            Callback<void, uint32_t>([self, cpu](uint32_t before) {
                cpu->Release();
                if (before == LOCK_FREE)
                {
                    self->Locked();
                    return;
                }
                Simulator::Schedule(self->m_stack->GetLockRetryDelay(), &ScilanSocket::Lock, self);
            }));
    }));
}

void
ScilanSocket::Unlock()
{
    m_stack->GetNic()->WriteRemoteFlag(m_peerNode, m_lockFlag, LOCK_FREE, Callback<void>());
}

void
ScilanSocket::Locked()
{
    Ptr<ScilanSocket> self = this;
    Ptr<SciNetDevice> nic = m_stack->GetNic();
    Ptr<SanResource> cpu = nic->GetCpu()->GetResource();
    // The listener's ring has many writers: read its pointers first.
    cpu->Acquire(Callback<void>([self, nic, cpu]() {
        nic->Load(self->m_listenerBus,
                  SciRingReceiver::READ_POINTER + 4,
                  SciNetDevice::ReadCallback([self, nic, cpu](const uint8_t* b, uint32_t) {
                      cpu->Release();
                      const uint32_t wp = HostWords::Load32(b + SciRingReceiver::WRITE_POINTER);
                      const uint32_t rp = HostWords::Load32(b + SciRingReceiver::READ_POINTER);
                      const uint32_t ring = self->m_listener.ringBytes;
                      if (ring - (wp - rp) < ScilanStack::REQUEST_BYTES)
                      {
                          self->Unlock(); // full: try again later
                          Simulator::Schedule(self->m_stack->GetLockRetryDelay(),
                                              &ScilanSocket::Lock,
                                              self);
                          return;
                      }
                      const SciRingAddress me = self->m_rx->GetAddress();
                      uint8_t r[ScilanStack::REQUEST_BYTES] = {};
                      HostWords::Store64(r, me.segment);
                      HostWords::Store32(r + 8, me.node);
                      HostWords::Store32(r + 12, me.flag);
                      HostWords::Store32(r + 16, self->m_txFlag->GetId());
                      HostWords::Store32(r + 20, me.ringBytes);
                      HostWords::Store32(r + 24, self->m_stack->GetAddress().Get());
                      HostWords::Store32(r + 28, self->m_localPort);
                      nic->Store(self->m_listenerBus + SciRingReceiver::CONTROL_BYTES + wp % ring,
                                 r,
                                 ScilanStack::REQUEST_BYTES,
                                 Callback<void>());
                      nic->CheckTransfers(SciNetDevice::CheckCallback([self, nic, wp](bool ok) {
                          if (!ok)
                          {
                              self->Unlock();
                              self->ConnectFailed(ERROR_NOTCONN);
                              return;
                          }
                          uint8_t w[4];
                          HostWords::Store32(w, wp + ScilanStack::REQUEST_BYTES);
                          nic->Store(self->m_listenerBus + SciRingReceiver::WRITE_POINTER,
                                     w,
                                     4,
                                     Callback<void>());
                          nic->Stimulate(self->m_peerNode, self->m_listener.flag, Callback<void>());
                          self->Unlock();
                          // Wait for the accepting side to fill in where its receiver is.
                          Ptr<SciRingReceiver> rx = self->m_rx;
                          rx->Wait(self->m_stack->GetPollTime(),
                                   Callback<bool>([rx]() { return rx->ReadPeerSegment() != 0; }),
                                   MakeCallback(&ScilanSocket::HandshakeDone, self));
                      }));
                  }));
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
    m_tx = Create<SciRingTransmitter>(m_stack->GetNic(), peer, m_txFlag);
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
             Callback<bool>([self, rx]() {
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
    m_stack->GetNic()->GetCpu()->ExecuteInstructions(
        m_stack->GetSetupInstructions(),
        Callback<void>([self, peer, peerTxFlag, ip, port]() {
            const InetSocketAddress from(ip, port);
            if (self->NotifyConnectionRequest(from))
            {
                Ptr<ScilanSocket> child = DynamicCast<ScilanSocket>(self->m_stack->CreateSocket());
                child->m_sndBufSize = self->m_sndBufSize;
                child->m_rcvBufSize = self->m_rcvBufSize;
                child->m_localPort = self->m_localPort;
                Ptr<SciNetDevice> nic = self->m_stack->GetNic();
                child->StartChild(Create<SciRingReceiver>(nic, self->m_stack->GetRingBytes()),
                                  Create<SciFlagWaiter>(nic),
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
    m_tx = Create<SciRingTransmitter>(m_stack->GetNic(), peer, txFlag);
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
