/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ScilanSocket: the ns-3 Socket interface, binding, receive queue, and the fall-through to
// ns-3's TCP for addresses outside the cluster (SCILAN 1998, sections 1 and 3.3).

#include "scilan-socket.h"

#include "scilan-connectionless-sender.h"
#include "scilan-stack.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanSocket");

NS_OBJECT_ENSURE_REGISTERED(ScilanSocket);

TypeId
ScilanSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ScilanSocket")
            .SetParent<Socket>()
            .SetGroupName("San")
            .AddConstructor<ScilanSocket>()
            // ASSUMED: what an application may hand to send() before it would block (the
            // library copies straight from the caller's buffer; this bounds the data of send()
            // calls not yet done): 64 KB.
            .AddAttribute("SndBufSize",
                          "Bytes of send() data queued before Send() refuses more.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ScilanSocket::m_sndBufSize),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: the application's receive buffer: 64 KB. When it is full the receiving
            // thread stops copying and the transmitter's flow control holds the data back.
            .AddAttribute("RcvBufSize",
                          "Bytes copied out of the ring and not yet read by the application, "
                          "at most.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&ScilanSocket::m_rcvBufSize),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

ScilanSocket::ScilanSocket() = default;

ScilanSocket::~ScilanSocket() = default;

void
ScilanSocket::DoDispose()
{
    for (Ptr<SciRingReceiver> r : {m_rx, m_listenRx})
    {
        if (r)
        {
            r->Close();
        }
    }
    for (Ptr<SciFlagWaiter> f : {m_txFlag, m_lock})
    {
        if (f)
        {
            f->Close();
        }
    }
    if (m_requests)
    {
        m_requests->Close();
    }
    m_requests = nullptr;
    m_rx = nullptr;
    m_listenRx = nullptr;
    m_tx = nullptr;
    m_txFlag = nullptr;
    m_lock = nullptr;
    m_tcp = nullptr;
    m_tcpListener = nullptr;
    m_stack = nullptr;
    m_txQueue.clear();
    m_rxQueue.Clear();
    Socket::DoDispose();
}

void
ScilanSocket::SetStack(Ptr<ScilanStack> stack)
{
    m_stack = stack;
}

bool
ScilanSocket::IsFallThrough() const
{
    return m_tcp != nullptr;
}

Socket::SocketErrno
ScilanSocket::GetErrno() const
{
    return m_tcp ? m_tcp->GetErrno() : m_errno;
}

Socket::SocketType
ScilanSocket::GetSocketType() const
{
    return NS3_SOCK_STREAM;
}

Ptr<Node>
ScilanSocket::GetNode() const
{
    return m_stack->GetNode();
}

int
ScilanSocket::Bind(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_localPort != 0)
    {
        m_errno = ERROR_INVAL; // bound already
        return -1;
    }
    const InetSocketAddress a = InetSocketAddress::ConvertFrom(address);
    const Ipv4Address ip = a.GetIpv4();
    if (ip != Ipv4Address::GetAny() && ip != m_stack->GetAddress() &&
        ScilanCluster::IsClusterAddress(ip))
    {
        m_errno = ERROR_ADDRNOTAVAIL;
        return -1;
    }
    if (a.GetPort() == 0)
    {
        m_localPort = m_stack->AllocatePort();
        return 0;
    }
    if (m_stack->IsPortUsed(a.GetPort()))
    {
        m_errno = ERROR_ADDRINUSE;
        return -1;
    }
    m_localPort = a.GetPort();
    m_stack->UsePort(m_localPort);
    return 0;
}

int
ScilanSocket::Bind()
{
    return Bind(InetSocketAddress(Ipv4Address::GetAny(), 0));
}

int
ScilanSocket::Bind6()
{
    m_errno = ERROR_AFNOSUPPORT; // SCILAN's addresses are IPv4 (section 3.3)
    return -1;
}

int
ScilanSocket::Connect(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_state != IDLE)
    {
        m_errno = ERROR_ISCONN;
        return -1;
    }
    const InetSocketAddress a = InetSocketAddress::ConvertFrom(address);
    if (!ScilanCluster::IsClusterAddress(a.GetIpv4()))
    {
        // Not a cluster address: the ordinary protocol stack (section 1).
        FallThrough();
        if (!m_tcp)
        {
            return -1;
        }
        return m_tcp->Connect(address);
    }
    if (m_localPort == 0)
    {
        Bind();
    }
    m_state = CONNECTING;
    m_peerAddress = a.GetIpv4();
    m_peerPort = a.GetPort();
    ConnectCluster(a.GetIpv4(), a.GetPort());
    return 0;
}

int
ScilanSocket::Listen()
{
    if (m_tcp)
    {
        return m_tcp->Listen();
    }
    if (m_state != IDLE)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_localPort == 0)
    {
        Bind();
    }
    Ptr<SciNetDevice> nic = m_stack->GetNic();
    m_listenRx = Create<SciRingReceiver>(nic, m_stack->GetRingBytes());
    // The lock: a flag kept disabled (top bit set) that connecting transmitters fetch and
    // increment; the one that finds it at exactly 0x80000000 holds it.
    m_lock = Create<SciFlagWaiter>(nic);
    m_stack->Register(m_localPort, m_listenRx->GetAddress(), m_lock->GetId());
    m_state = LISTENING;
    // Hosts with an internet stack also take TCP connections from outside the cluster.
    if (GetNode()->GetObject<TcpSocketFactory>() != nullptr)
    {
        m_tcpListener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        m_tcpListener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_localPort));
        m_tcpListener->Listen();
        m_tcpListener->SetAcceptCallback(MakeCallback(&ScilanSocket::TcpConnectionRequest, this),
                                         MakeCallback(&ScilanSocket::TcpNewConnection, this));
    }
    Simulator::ScheduleNow(&ScilanSocket::ListenNext, Ptr<ScilanSocket>(this));
    return 0;
}

int
ScilanSocket::Close()
{
    if (m_tcp)
    {
        return m_tcp->Close();
    }
    switch (m_state)
    {
    case LISTENING:
        m_stack->Unregister(m_localPort);
        if (m_tcpListener)
        {
            m_tcpListener->Close();
        }
        m_state = CLOSED;
        return 0;
    case CONNECTED:
        m_closeRequested = true;
        TxNext(); // closes once the queued data is out
        return 0;
    case CLOSED:
        m_errno = ERROR_BADF;
        return -1;
    default:
        m_state = CLOSED;
        return 0;
    }
}

int
ScilanSocket::ShutdownSend()
{
    if (m_tcp)
    {
        return m_tcp->ShutdownSend();
    }
    m_shutdownSend = true;
    return 0;
}

int
ScilanSocket::ShutdownRecv()
{
    if (m_tcp)
    {
        return m_tcp->ShutdownRecv();
    }
    m_shutdownRecv = true;
    return 0;
}

uint32_t
ScilanSocket::GetTxAvailable() const
{
    if (m_tcp)
    {
        return m_tcp->GetTxAvailable();
    }
    return m_sndBufSize - m_txQueued;
}

int
ScilanSocket::Send(Ptr<Packet> p, uint32_t flags)
{
    if (m_tcp)
    {
        return m_tcp->Send(p, flags);
    }
    if (m_state != CONNECTED || m_closeRequested)
    {
        m_errno = ERROR_NOTCONN;
        return -1;
    }
    if (m_shutdownSend)
    {
        m_errno = ERROR_SHUTDOWN;
        return -1;
    }
    if (p->GetSize() > GetTxAvailable())
    {
        m_errno = ERROR_MSGSIZE; // as ns-3's TCP: the buffer has no room for it
        return -1;
    }
    if (p->GetSize() == 0)
    {
        return 0;
    }
    m_txQueue.push_back(p->Copy());
    m_txQueued += p->GetSize();
    TxNext();
    return static_cast<int>(p->GetSize());
}

int
ScilanSocket::SendTo(Ptr<Packet> p, uint32_t flags, const Address&)
{
    return Send(p, flags); // a stream socket: the connected peer
}

uint32_t
ScilanSocket::GetRxAvailable() const
{
    return m_tcp ? m_tcp->GetRxAvailable() : m_rxQueue.GetSize();
}

Ptr<Packet>
ScilanSocket::Recv(uint32_t maxSize, uint32_t flags)
{
    if (m_tcp)
    {
        return m_tcp->Recv(maxSize, flags);
    }
    if (m_rxQueue.GetSize() == 0 || maxSize == 0)
    {
        m_errno = ERROR_AGAIN;
        return nullptr;
    }
    Ptr<Packet> out = m_rxQueue.Pop(maxSize);
    // Room again: the receiving thread goes on.
    Simulator::ScheduleNow(&ScilanSocket::RxNext, Ptr<ScilanSocket>(this));
    return out;
}

Ptr<Packet>
ScilanSocket::RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress)
{
    if (m_tcp)
    {
        return m_tcp->RecvFrom(maxSize, flags, fromAddress);
    }
    Ptr<Packet> p = Recv(maxSize, flags);
    if (p)
    {
        fromAddress = InetSocketAddress(m_peerAddress, m_peerPort);
    }
    return p;
}

int
ScilanSocket::GetSockName(Address& address) const
{
    if (m_tcp)
    {
        return m_tcp->GetSockName(address);
    }
    address = InetSocketAddress(m_stack->GetAddress(), m_localPort);
    return 0;
}

int
ScilanSocket::GetPeerName(Address& address) const
{
    if (m_tcp)
    {
        return m_tcp->GetPeerName(address);
    }
    if (m_state != CONNECTED)
    {
        const_cast<ScilanSocket*>(this)->m_errno = ERROR_NOTCONN;
        return -1;
    }
    address = InetSocketAddress(m_peerAddress, m_peerPort);
    return 0;
}

bool
ScilanSocket::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast; // a stream socket has no broadcast
}

bool
ScilanSocket::GetAllowBroadcast() const
{
    return false;
}

void
ScilanSocket::FallThrough()
{
    if (GetNode()->GetObject<TcpSocketFactory>() == nullptr)
    {
        NS_LOG_WARN("ScilanSocket: no internet stack on node " << GetNode()->GetId()
                                                               << " for a non-cluster address");
        m_errno = ERROR_NOROUTETOHOST;
        return;
    }
    m_tcp = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    if (m_localPort != 0)
    {
        m_stack->FreePort(m_localPort);
        m_tcp->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_localPort));
    }
    ForwardCallbacks(m_tcp);
}

void
ScilanSocket::ForwardCallbacks(Ptr<Socket> tcp)
{
    tcp->SetConnectCallback(MakeCallback(&ScilanSocket::TcpConnected, this),
                            MakeCallback(&ScilanSocket::TcpConnectFailed, this));
    tcp->SetRecvCallback(MakeCallback(&ScilanSocket::TcpRecv, this));
    tcp->SetSendCallback(MakeCallback(&ScilanSocket::TcpSend, this));
    tcp->SetDataSentCallback(MakeCallback(&ScilanSocket::TcpDataSent, this));
    tcp->SetCloseCallbacks(MakeCallback(&ScilanSocket::TcpNormalClose, this),
                           MakeCallback(&ScilanSocket::TcpErrorClose, this));
}

void
ScilanSocket::TcpConnected(Ptr<Socket>)
{
    NotifyConnectionSucceeded();
}

void
ScilanSocket::TcpConnectFailed(Ptr<Socket>)
{
    NotifyConnectionFailed();
}

void
ScilanSocket::TcpRecv(Ptr<Socket>)
{
    NotifyDataRecv();
}

void
ScilanSocket::TcpSend(Ptr<Socket>, uint32_t available)
{
    NotifySend(available);
}

void
ScilanSocket::TcpDataSent(Ptr<Socket>, uint32_t bytes)
{
    NotifyDataSent(bytes);
}

void
ScilanSocket::TcpNormalClose(Ptr<Socket>)
{
    NotifyNormalClose();
}

void
ScilanSocket::TcpErrorClose(Ptr<Socket>)
{
    NotifyErrorClose();
}

bool
ScilanSocket::TcpConnectionRequest(Ptr<Socket>, const Address& from)
{
    return NotifyConnectionRequest(from);
}

void
ScilanSocket::TcpNewConnection(Ptr<Socket> s, const Address& from)
{
    // A connection from outside the cluster: the application gets ns-3's TCP socket itself.
    NotifyNewConnectionCreated(s, from);
}

} // namespace ns3
