/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// SanStreamSocket: the ns-3 Socket interface of a stream library over a NIC, its queues and
// state, and the hand-over to a delegate socket; the transfer is the derived socket's.

#include "san-stream-socket.h"

#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanStreamSocket");

NS_OBJECT_ENSURE_REGISTERED(SanStreamSocket);

TypeId
SanStreamSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanStreamSocket")
            .SetParent<Socket>()
            .SetGroupName("San")
            .AddTraceSource("Tx",
                            "A send() call's data is in the peer (its ring).",
                            MakeTraceSourceAccessor(&SanStreamSocket::m_txTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Rx",
                            "A recv() copied data out of the ring into the receive queue.",
                            MakeTraceSourceAccessor(&SanStreamSocket::m_rxTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

SanStreamSocket::SanStreamSocket() = default;

SanStreamSocket::~SanStreamSocket() = default;

void
SanStreamSocket::DoDispose()
{
    m_delegate = nullptr;
    m_tcpListener = nullptr;
    m_txQueue.clear();
    m_rxQueue.Clear();
    Socket::DoDispose();
}

Socket::SocketErrno
SanStreamSocket::GetErrno() const
{
    return m_delegate ? m_delegate->GetErrno() : m_errno;
}

Socket::SocketType
SanStreamSocket::GetSocketType() const
{
    return NS3_SOCK_STREAM;
}

int
SanStreamSocket::Bind(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_localPort != 0 || m_state != IDLE)
    {
        m_errno = ERROR_INVAL; // bound already
        return -1;
    }
    return DoBind(InetSocketAddress::ConvertFrom(address));
}

int
SanStreamSocket::Bind()
{
    return Bind(InetSocketAddress(Ipv4Address::GetAny(), 0));
}

int
SanStreamSocket::Bind6()
{
    m_errno = ERROR_AFNOSUPPORT; // both libraries' addresses are IPv4
    return -1;
}

int
SanStreamSocket::Connect(const Address& address)
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
    return DoConnect(InetSocketAddress::ConvertFrom(address));
}

int
SanStreamSocket::Listen()
{
    if (m_delegate)
    {
        return m_delegate->Listen();
    }
    if (m_state != IDLE)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    return DoListen();
}

int
SanStreamSocket::ListenOnTcp()
{
    m_tcpListener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    if (m_tcpListener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_localPort)) != 0)
    {
        m_errno = m_tcpListener->GetErrno();
        m_tcpListener = nullptr;
        return -1;
    }
    m_tcpListener->Listen();
    m_tcpListener->SetAcceptCallback(MakeCallback(&SanStreamSocket::TcpConnectionRequest, this),
                                     MakeCallback(&SanStreamSocket::TcpNewConnection, this));
    return 0;
}

bool
SanStreamSocket::TcpConnectionRequest(Ptr<Socket>, const Address& from)
{
    return NotifyConnectionRequest(from);
}

void
SanStreamSocket::TcpNewConnection(Ptr<Socket> s, const Address& from)
{
    // By default the application gets ns-3's TCP socket itself.
    NotifyNewConnectionCreated(s, from);
}

void
SanStreamSocket::StopListening()
{
}

int
SanStreamSocket::Close()
{
    if (m_delegate)
    {
        return m_delegate->Close();
    }
    switch (m_state)
    {
    case LISTENING:
        StopListening();
        if (m_tcpListener)
        {
            m_tcpListener->Close();
        }
        m_state = CLOSED;
        return 0;
    case CONNECTED:
        if (m_closeRequested)
        {
            m_errno = ERROR_BADF;
            return -1;
        }
        m_closeRequested = true;
        TxNext(); // closes once the queued data is in the peer
        return 0;
    default:
        return CloseUnconnected();
    }
}

int
SanStreamSocket::ShutdownSend()
{
    if (m_delegate)
    {
        return m_delegate->ShutdownSend();
    }
    m_shutdownSend = true;
    if (m_state == CONNECTED)
    {
        TxNext(); // a close the library sends follows the queued data
    }
    return 0;
}

int
SanStreamSocket::ShutdownRecv()
{
    if (m_delegate)
    {
        return m_delegate->ShutdownRecv();
    }
    m_shutdownRecv = true;
    return 0;
}

uint32_t
SanStreamSocket::GetTxAvailable() const
{
    if (m_delegate)
    {
        return m_delegate->GetTxAvailable();
    }
    const uint32_t size = GetSndBufSize();
    return size > m_txQueued ? size - m_txQueued : 0;
}

int
SanStreamSocket::Send(Ptr<Packet> p, uint32_t flags)
{
    if (m_delegate)
    {
        return m_delegate->Send(p, flags);
    }
    if (m_state != CONNECTED || m_closeRequested)
    {
        m_errno = m_state == CLOSED ? ERROR_SHUTDOWN : ERROR_NOTCONN;
        return -1;
    }
    if (m_shutdownSend)
    {
        m_errno = ERROR_SHUTDOWN;
        return -1;
    }
    if (p->GetSize() > GetTxAvailable())
    {
        m_errno = ERROR_MSGSIZE; // as ns-3's TCP: the buffer has no room for it now
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
SanStreamSocket::SendTo(Ptr<Packet> p, uint32_t flags, const Address&)
{
    return Send(p, flags); // a stream socket: the connected peer
}

void
SanStreamSocket::TxPacketDone()
{
    Ptr<Packet> p = m_txQueue.front();
    m_txQueue.pop_front();
    m_txOffset = 0;
    m_txQueued -= p->GetSize();
    m_txBusy = false;
    m_txTrace(p);
    NotifyDataSent(p->GetSize());
    NotifySend(GetTxAvailable());
    TxNext();
}

uint32_t
SanStreamSocket::GetRxAvailable() const
{
    return m_delegate ? m_delegate->GetRxAvailable() : m_rxQueue.GetSize();
}

Ptr<Packet>
SanStreamSocket::Recv(uint32_t maxSize, uint32_t flags)
{
    if (m_delegate)
    {
        return m_delegate->Recv(maxSize, flags);
    }
    if (m_rxQueue.GetSize() == 0 || maxSize == 0)
    {
        m_errno = ERROR_AGAIN;
        return nullptr;
    }
    Ptr<Packet> out = m_rxQueue.Pop(maxSize);
    // Room in the receive queue again: the receive side goes on (after this call returns).
    Simulator::ScheduleNow(&SanStreamSocket::RxNext, Ptr<SanStreamSocket>(this));
    return out;
}

Ptr<Packet>
SanStreamSocket::RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress)
{
    if (m_delegate)
    {
        return m_delegate->RecvFrom(maxSize, flags, fromAddress);
    }
    Ptr<Packet> p = Recv(maxSize, flags);
    if (p)
    {
        fromAddress = InetSocketAddress(m_peerAddress, m_peerPort);
    }
    return p;
}

uint32_t
SanStreamSocket::RxQueueRoom() const
{
    const uint32_t size = GetRcvBufSize();
    return size > m_rxQueue.GetSize() ? size - m_rxQueue.GetSize() : 0;
}

void
SanStreamSocket::RxDelivered(Ptr<Packet> p)
{
    m_rxBusy = false;
    m_rxQueue.Push(p);
    m_rxTrace(p);
    NotifyDataRecv();
    RxNext();
}

void
SanStreamSocket::NotifyCloseOnce(bool error)
{
    if (m_closeNotified)
    {
        return;
    }
    m_closeNotified = true;
    if (error)
    {
        NotifyErrorClose();
    }
    else
    {
        NotifyNormalClose();
    }
}

int
SanStreamSocket::GetSockName(Address& address) const
{
    if (m_delegate)
    {
        return m_delegate->GetSockName(address);
    }
    address = InetSocketAddress(GetLocalAddress(), m_localPort);
    return 0;
}

int
SanStreamSocket::GetPeerName(Address& address) const
{
    if (m_delegate)
    {
        return m_delegate->GetPeerName(address);
    }
    if (m_state != CONNECTED)
    {
        const_cast<SanStreamSocket*>(this)->m_errno = ERROR_NOTCONN;
        return -1;
    }
    address = InetSocketAddress(m_peerAddress, m_peerPort);
    return 0;
}

bool
SanStreamSocket::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast; // a stream socket has no broadcast
}

bool
SanStreamSocket::GetAllowBroadcast() const
{
    return false;
}

void
SanStreamSocket::SetDelegate(Ptr<Socket> delegate)
{
    m_delegate = delegate;
    delegate->SetConnectCallback(MakeCallback(&SanStreamSocket::DelegateConnected, this),
                                 MakeCallback(&SanStreamSocket::DelegateConnectFailed, this));
    delegate->SetRecvCallback(MakeCallback(&SanStreamSocket::DelegateRecv, this));
    delegate->SetSendCallback(MakeCallback(&SanStreamSocket::DelegateSend, this));
    delegate->SetDataSentCallback(MakeCallback(&SanStreamSocket::DelegateDataSent, this));
    delegate->SetCloseCallbacks(MakeCallback(&SanStreamSocket::DelegateNormalClose, this),
                                MakeCallback(&SanStreamSocket::DelegateErrorClose, this));
}

void
SanStreamSocket::DelegateConnected(Ptr<Socket>)
{
    NotifyConnectionSucceeded();
}

void
SanStreamSocket::DelegateConnectFailed(Ptr<Socket>)
{
    NotifyConnectionFailed();
}

void
SanStreamSocket::DelegateRecv(Ptr<Socket>)
{
    NotifyDataRecv();
}

void
SanStreamSocket::DelegateSend(Ptr<Socket>, uint32_t available)
{
    NotifySend(available);
}

void
SanStreamSocket::DelegateDataSent(Ptr<Socket>, uint32_t bytes)
{
    NotifyDataSent(bytes);
}

void
SanStreamSocket::DelegateNormalClose(Ptr<Socket>)
{
    NotifyNormalClose();
}

void
SanStreamSocket::DelegateErrorClose(Ptr<Socket>)
{
    NotifyErrorClose();
}

} // namespace ns3
