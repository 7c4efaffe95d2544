/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-datagram-socket.h"

#include "scilan-connectionless-sender.h"
#include "scilan-stack.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory-system.h"
#include "ns3/host-words.h"
#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanDatagramSocket");

NS_OBJECT_ENSURE_REGISTERED(ScilanDatagramSocket);
NS_OBJECT_ENSURE_REGISTERED(ScilanUdpSocketFactory);

TypeId
ScilanDatagramSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScilanDatagramSocket")
            .SetParent<Socket>()
            .SetGroupName("San")
            .AddConstructor<ScilanDatagramSocket>()
            // ASSUMED: datagrams handed to sendto() and not yet in their receiver's ring,
            // at most 64 KB.
            .AddAttribute("SndBufSize",
                          "Bytes of datagrams queued for sending at most.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ScilanDatagramSocket::m_sndBufSize),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: datagrams copied out of the ring and not yet read, at most 64 KB.
            .AddAttribute("RcvBufSize",
                          "Bytes of received datagrams not yet read, at most.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ScilanDatagramSocket::m_rcvBufSize),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

ScilanDatagramSocket::ScilanDatagramSocket() = default;

ScilanDatagramSocket::~ScilanDatagramSocket() = default;

void
ScilanDatagramSocket::DoDispose()
{
    if (m_rx)
    {
        m_rx->Close();
    }
    if (m_lock)
    {
        m_lock->Close();
    }
    if (m_sender)
    {
        m_sender->Close();
    }
    m_rx = nullptr;
    m_lock = nullptr;
    m_sender = nullptr;
    m_stack = nullptr;
    m_rxQueue.clear();
    Socket::DoDispose();
}

void
ScilanDatagramSocket::SetStack(Ptr<ScilanStack> stack)
{
    m_stack = stack;
    m_sender = Create<ScilanConnectionlessSender>(stack);
}

Socket::SocketErrno
ScilanDatagramSocket::GetErrno() const
{
    return m_errno;
}

Socket::SocketType
ScilanDatagramSocket::GetSocketType() const
{
    return NS3_SOCK_DGRAM;
}

Ptr<Node>
ScilanDatagramSocket::GetNode() const
{
    return m_stack->GetNode();
}

int
ScilanDatagramSocket::Bind(const Address& address)
{
    if (Inet6SocketAddress::IsMatchingType(address) && !m_rx)
    {
        // The cluster's addresses are IPv4 (section 3.3): an IPv6 socket binds (an
        // application that opens both, as UdpEcho's server does, runs) and never receives.
        return 0;
    }
    if (!InetSocketAddress::IsMatchingType(address) || m_rx)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    uint16_t port = InetSocketAddress::ConvertFrom(address).GetPort();
    if (port == 0)
    {
        port = m_stack->AllocatePort();
    }
    else if (m_stack->IsPortUsed(port))
    {
        m_errno = ERROR_ADDRINUSE;
        return -1;
    }
    else
    {
        m_stack->UsePort(port);
    }
    m_port = port;
    // A bound socket is a receiver that connectionless transmitters find in the directory.
    Ptr<SciContext> ctx = m_stack->GetContext();
    m_rx = Create<SciRingReceiver>(ctx, m_stack->GetRingBytes());
    m_lock = Create<SciFlagWaiter>(ctx); // disabled: the free lock
    m_stack->Register(port, m_rx->GetAddress(), m_lock->GetId());
    Simulator::ScheduleNow(&ScilanDatagramSocket::RxNext, Ptr<ScilanDatagramSocket>(this));
    return 0;
}

int
ScilanDatagramSocket::Bind()
{
    return Bind(InetSocketAddress(Ipv4Address::GetAny(), 0));
}

int
ScilanDatagramSocket::Bind6()
{
    return 0; // as Bind(an IPv6 address): never receives
}

int
ScilanDatagramSocket::Close()
{
    if (m_closed)
    {
        m_errno = ERROR_BADF;
        return -1;
    }
    m_closed = true;
    if (m_rx)
    {
        m_stack->Unregister(m_port);
    }
    return 0;
}

int
ScilanDatagramSocket::ShutdownSend()
{
    return 0;
}

int
ScilanDatagramSocket::ShutdownRecv()
{
    return 0;
}

int
ScilanDatagramSocket::Connect(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    m_peer = InetSocketAddress::ConvertFrom(address);
    m_connected = true;
    Simulator::ScheduleNow(&ScilanDatagramSocket::NotifyConnectionSucceeded,
                           Ptr<ScilanDatagramSocket>(this));
    return 0;
}

int
ScilanDatagramSocket::Listen()
{
    m_errno = ERROR_OPNOTSUPP;
    return -1;
}

uint32_t
ScilanDatagramSocket::GetTxAvailable() const
{
    return m_sndBufSize - m_txQueued;
}

int
ScilanDatagramSocket::Send(Ptr<Packet> p, uint32_t flags)
{
    if (!m_connected)
    {
        m_errno = ERROR_NOTCONN;
        return -1;
    }
    return SendTo(p, flags, m_peer);
}

int
ScilanDatagramSocket::SendTo(Ptr<Packet> p, uint32_t, const Address& toAddress)
{
    if (!InetSocketAddress::IsMatchingType(toAddress) || m_closed)
    {
        m_errno = m_closed ? ERROR_BADF : ERROR_INVAL;
        return -1;
    }
    const InetSocketAddress to = InetSocketAddress::ConvertFrom(toAddress);
    if (!ScilanCluster::IsClusterAddress(to.GetIpv4()))
    {
        m_errno = ERROR_NOROUTETOHOST;
        return -1;
    }
    const uint32_t len = p->GetSize();
    if (RECORD_HEADER + len > m_stack->GetRingBytes())
    {
        m_errno = ERROR_MSGSIZE;
        return -1;
    }
    if (len > GetTxAvailable())
    {
        m_errno = ERROR_MSGSIZE;
        return -1;
    }
    if (!m_rx)
    {
        Bind(); // replies need an address to come back to
    }
    std::vector<uint8_t> record((RECORD_HEADER + len + 31) / 32 * 32, 0);
    HostWords::Store32(record.data(), len);
    HostWords::Store32(record.data() + 4, m_stack->GetAddress().Get());
    HostWords::Store32(record.data() + 8, m_port);
    p->CopyData(record.data() + RECORD_HEADER, len);
    m_txQueued += len;
    Ptr<ScilanDatagramSocket> self = this;
    Ptr<ScilanConnectionlessSender> sender = m_sender;
    // One sendto() call's own work, then the connectionless transmitter.
    m_stack->GetContext()->GetCpu()->ExecuteInstructions(
        m_stack->GetSendInstructions(),
        MakeSanCallback<void>([self, sender, to, record, len]() {
            sender->Send(
                to.GetIpv4(),
                to.GetPort(),
                record,
                ScilanConnectionlessSender::DoneCallback([self, len](bool ok, SocketErrno error) {
                    self->m_txQueued -= len;
                    if (!ok)
                    {
                        self->m_errno = error; // lost, as a datagram may be
                        return;
                    }
                    self->NotifyDataSent(len);
                    self->NotifySend(self->GetTxAvailable());
                }));
        }));
    return static_cast<int>(len);
}

void
ScilanDatagramSocket::RxNext()
{
    if (m_rxBusy || m_closed || !m_rx)
    {
        return;
    }
    Ptr<ScilanDatagramSocket> self = this;
    Ptr<SciRingReceiver> rx = m_rx;
    if (rx->Available() < RECORD_HEADER)
    {
        m_rxBusy = true;
        rx->Wait(m_stack->GetPollTime(),
                 MakeSanCallback<bool>([rx]() { return rx->Available() >= RECORD_HEADER; }),
                 MakeSanCallback<void>([self]() {
                     self->m_rxBusy = false;
                     self->RxNext();
                 }));
        return;
    }
    uint8_t h[RECORD_HEADER];
    rx->Peek(h, RECORD_HEADER);
    const uint32_t len = HostWords::Load32(h);
    if (m_rxQueued + len > m_rcvBufSize)
    {
        return; // the application reads first (Recv calls RxNext)
    }
    const uint32_t record = (RECORD_HEADER + len + 31) / 32 * 32;
    const InetSocketAddress from(Ipv4Address(HostWords::Load32(h + 4)),
                                 static_cast<uint16_t>(HostWords::Load32(h + 8)));
    m_rxBusy = true;
    Ptr<HostMemorySystem> system = m_stack->GetContext()->GetMemorySystem();
    // One recvfrom() call: its own work, then the receiver copy.
    m_stack->GetContext()->GetCpu()->ExecuteInstructions(
        m_stack->GetRecvInstructions(),
        MakeSanCallback<void>([self, system, len, record, from]() {
            system->Copy(len, MakeSanCallback<void>([self, len, record, from]() {
                             std::vector<uint8_t> bytes(record);
                             self->m_rx->Peek(bytes.data(), record);
                             self->m_rx->Consume(record);
                             self->m_rxQueue.emplace_back(
                                 Create<Packet>(bytes.data() + RECORD_HEADER, len),
                                 from);
                             self->m_rxQueued += len;
                             self->m_rxBusy = false;
                             self->NotifyDataRecv();
                             self->RxNext();
                         }));
        }));
}

uint32_t
ScilanDatagramSocket::GetRxAvailable() const
{
    return m_rxQueued;
}

Ptr<Packet>
ScilanDatagramSocket::Recv(uint32_t maxSize, uint32_t flags)
{
    Address from;
    return RecvFrom(maxSize, flags, from);
}

Ptr<Packet>
ScilanDatagramSocket::RecvFrom(uint32_t maxSize, uint32_t, Address& fromAddress)
{
    if (m_rxQueue.empty() || m_rxQueue.front().first->GetSize() > maxSize)
    {
        m_errno = ERROR_AGAIN;
        return nullptr;
    }
    Ptr<Packet> p = m_rxQueue.front().first;
    fromAddress = m_rxQueue.front().second;
    m_rxQueue.pop_front();
    m_rxQueued -= p->GetSize();
    Simulator::ScheduleNow(&ScilanDatagramSocket::RxNext, Ptr<ScilanDatagramSocket>(this));
    return p;
}

int
ScilanDatagramSocket::GetSockName(Address& address) const
{
    address = InetSocketAddress(m_stack->GetAddress(), m_port);
    return 0;
}

int
ScilanDatagramSocket::GetPeerName(Address& address) const
{
    if (!m_connected)
    {
        const_cast<ScilanDatagramSocket*>(this)->m_errno = ERROR_NOTCONN;
        return -1;
    }
    address = m_peer;
    return 0;
}

bool
ScilanDatagramSocket::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast;
}

bool
ScilanDatagramSocket::GetAllowBroadcast() const
{
    return false;
}

TypeId
ScilanUdpSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScilanUdpSocketFactory").SetParent<UdpSocketFactory>().SetGroupName("San");
    return tid;
}

void
ScilanUdpSocketFactory::SetStack(Ptr<ScilanStack> stack)
{
    m_stack = stack;
}

Ptr<Socket>
ScilanUdpSocketFactory::CreateSocket()
{
    NS_ABORT_MSG_IF(m_stack == nullptr, "ScilanUdpSocketFactory: the node has no SCILAN");
    return m_stack->CreateDatagramSocket();
}

void
ScilanUdpSocketFactory::DoDispose()
{
    m_stack = nullptr;
    UdpSocketFactory::DoDispose();
}

} // namespace ns3
