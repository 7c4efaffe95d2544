/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ShrimpSocket: the ns-3 Socket interface and the connection set-up over the Ethernet's TCP
// (SHRIMP 1996, section 4.3, "Connection Establishment").

#include "shrimp-socket.h"

#include "shrimp-socket-factory.h"

#include "ns3/abort.h"
#include "ns3/host-words.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShrimpSocket");

NS_OBJECT_ENSURE_REGISTERED(ShrimpSocket);

TypeId
ShrimpSocket::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ShrimpSocket")
                            .SetParent<Socket>()
                            .SetGroupName("San")
                            .AddConstructor<ShrimpSocket>()
                            .AddTraceSource("Tx",
                                            "A send() call's data is in the peer's ring.",
                                            MakeTraceSourceAccessor(&ShrimpSocket::m_txTrace),
                                            "ns3::Packet::TracedCallback")
                            .AddTraceSource("Rx",
                                            "A recv() copied data out of the ring.",
                                            MakeTraceSourceAccessor(&ShrimpSocket::m_rxTrace),
                                            "ns3::Packet::TracedCallback");
    return tid;
}

ShrimpSocket::ShrimpSocket() = default;

ShrimpSocket::~ShrimpSocket() = default;

void
ShrimpSocket::DoDispose()
{
    if (m_watch != 0 && m_memory != nullptr)
    {
        m_memory->CancelWatch(m_watch);
    }
    m_watch = 0;
    m_tcp = nullptr;
    m_tcpListener = nullptr;
    m_listener = nullptr;
    m_ep = nullptr;
    m_memory = nullptr;
    m_factory = nullptr;
    m_txQueue.clear();
    m_rxQueue.Clear();
    Socket::DoDispose();
}

void
ShrimpSocket::SetFactory(Ptr<ShrimpSocketFactory> factory)
{
    m_factory = factory;
}

ShrimpSocket::Variant
ShrimpSocket::GetVariant() const
{
    return m_variant;
}

uint64_t
ShrimpSocket::GetNOneCopyChunks() const
{
    return m_oneCopy;
}

uint64_t
ShrimpSocket::GetNTwoCopyChunks() const
{
    return m_twoCopy;
}

uint64_t
ShrimpSocket::GetBytesWritten() const
{
    return m_written;
}

uint64_t
ShrimpSocket::GetNRingFullWaits() const
{
    return m_fullWaits;
}

Socket::SocketErrno
ShrimpSocket::GetErrno() const
{
    return m_errno;
}

Socket::SocketType
ShrimpSocket::GetSocketType() const
{
    return NS3_SOCK_STREAM;
}

Ptr<Node>
ShrimpSocket::GetNode() const
{
    return m_factory ? m_factory->GetNode() : nullptr;
}

int
ShrimpSocket::Bind(const Address& address)
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
    m_localPort = InetSocketAddress::ConvertFrom(address).GetPort();
    return 0;
}

int
ShrimpSocket::Bind()
{
    return Bind(InetSocketAddress(Ipv4Address::GetAny(), 0));
}

int
ShrimpSocket::Bind6()
{
    m_errno = ERROR_AFNOSUPPORT; // the Ethernet addresses are IPv4
    return -1;
}

int
ShrimpSocket::Listen()
{
    if (m_state != IDLE)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    m_tcpListener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    if (m_tcpListener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_localPort)) != 0)
    {
        m_errno = m_tcpListener->GetErrno();
        m_tcpListener = nullptr;
        return -1;
    }
    m_tcpListener->Listen();
    m_tcpListener->SetAcceptCallback(MakeCallback(&ShrimpSocket::TcpConnectionRequest, this),
                                     MakeCallback(&ShrimpSocket::TcpNewConnection, this));
    Address local;
    m_tcpListener->GetSockName(local);
    m_localPort = InetSocketAddress::ConvertFrom(local).GetPort();
    m_state = LISTENING;
    return 0;
}

int
ShrimpSocket::Connect(const Address& address)
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
    m_peerAddress = a.GetIpv4();
    m_peerPort = a.GetPort();
    Ptr<Socket> tcp = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    tcp->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_localPort));
    AttachTcp(tcp);
    m_state = CONNECTING;
    if (tcp->Connect(address) != 0)
    {
        m_errno = tcp->GetErrno();
        m_state = CLOSED;
        return -1;
    }
    return 0;
}

void
ShrimpSocket::AttachTcp(Ptr<Socket> tcp)
{
    m_tcp = tcp;
    tcp->SetConnectCallback(MakeCallback(&ShrimpSocket::TcpConnected, this),
                            MakeCallback(&ShrimpSocket::TcpConnectFailed, this));
    tcp->SetRecvCallback(MakeCallback(&ShrimpSocket::TcpRecv, this));
    tcp->SetCloseCallbacks(MakeCallback(&ShrimpSocket::TcpNormalClose, this),
                           MakeCallback(&ShrimpSocket::TcpErrorClose, this));
}

void
ShrimpSocket::TcpConnected(Ptr<Socket> s)
{
    if (m_state != CONNECTING)
    {
        return;
    }
    Address local;
    s->GetSockName(local);
    m_localPort = InetSocketAddress::ConvertFrom(local).GetPort();
    // The client exports its ring first, then tells the server where it is.
    AllocateRings();
    ExportRing(Callback<void>([this]() { SendSetup(); }));
}

void
ShrimpSocket::TcpConnectFailed(Ptr<Socket>)
{
    Fail(ERROR_NOTCONN);
}

bool
ShrimpSocket::TcpConnectionRequest(Ptr<Socket>, const Address& from)
{
    return m_state == LISTENING && NotifyConnectionRequest(from);
}

void
ShrimpSocket::TcpNewConnection(Ptr<Socket> s, const Address& from)
{
    if (m_state != LISTENING)
    {
        s->Close();
        return;
    }
    Ptr<ShrimpSocket> child = DynamicCast<ShrimpSocket>(m_factory->CreateSocket());
    child->m_isChild = true;
    child->m_listener = this;
    child->m_localPort = m_localPort;
    if (InetSocketAddress::IsMatchingType(from))
    {
        const InetSocketAddress a = InetSocketAddress::ConvertFrom(from);
        child->m_peerAddress = a.GetIpv4();
        child->m_peerPort = a.GetPort();
    }
    child->m_state = CONNECTING;
    child->AttachTcp(s);
    child->AllocateRings();
    // The client's set-up message may be in already.
    child->TcpRecv(s);
}

void
ShrimpSocket::TcpRecv(Ptr<Socket> s)
{
    Ptr<Packet> p;
    while ((p = s->Recv()) != nullptr && p->GetSize() > 0)
    {
        std::vector<uint8_t> b(p->GetSize());
        p->CopyData(b.data(), b.size());
        m_tcpIn.insert(m_tcpIn.end(), b.begin(), b.end());
    }
    if (m_setupReceived || m_state != CONNECTING || m_tcpIn.size() < SETUP_BYTES)
    {
        return;
    }
    m_setupReceived = true;
    const uint8_t* b = m_tcpIn.data();
    if (HostWords::Load32(b) != SETUP_MAGIC)
    {
        NS_LOG_WARN("ShrimpSocket: the peer is not a SHRIMP socket (bad set-up message)");
        Fail(ERROR_INVAL);
        return;
    }
    SetupReceived(HostWords::Load32(b + 4), HostWords::Load32(b + 8), HostWords::Load32(b + 12));
}

void
ShrimpSocket::AllocateRings()
{
    m_ep = m_factory->GetEndpoint();
    m_memory = m_ep->GetMemory();
    m_variant = m_factory->GetVariant();
    m_userOffset = m_factory->GetUserBufferOffset();
    const uint32_t page = m_ep->GetPageBytes();
    m_ringBytes = m_factory->GetRingBytes();
    NS_ABORT_MSG_IF(m_ringBytes % page != 0,
                    "ShrimpSocketFactory: RingBytes " << m_ringBytes << " is not whole pages of "
                                                      << page << " bytes");
    // The receive ring and its control page, cached write-through as the VMMC ping-pong's
    // receive buffers are.
    m_rxRing = m_ep->Allocate(m_ringBytes + page, HostMemorySystem::WRITE_THROUGH);
    m_rxControl = m_rxRing + m_ringBytes;
    m_txControl = m_ep->Allocate(page);
    // The application's buffers (with a word of slack: a deliberate update may read past the
    // last byte to the end of its word).
    m_userTx = m_ep->Allocate(m_factory->GetSndBufSize() + 8);
    m_userRx = m_ep->Allocate(m_factory->GetRcvBufSize());
}

void
ShrimpSocket::ExportRing(Callback<void> done)
{
    m_ep->Export(m_rxRing,
                 m_ringBytes + m_ep->GetPageBytes(),
                 {},
                 Callback<void, uint32_t>([this, done](uint32_t id) {
                     m_exportId = id;
                     done();
                 }));
}

void
ShrimpSocket::SendSetup()
{
    if (m_tcp == nullptr || m_tcpClosed)
    {
        return;
    }
    uint8_t b[SETUP_BYTES];
    HostWords::Store32(b, SETUP_MAGIC);
    HostWords::Store32(b + 4, m_ep->GetHostNumber());
    HostWords::Store32(b + 8, m_exportId);
    HostWords::Store32(b + 12, m_ringBytes);
    m_tcp->Send(Create<Packet>(b, SETUP_BYTES));
}

void
ShrimpSocket::SetupReceived(uint32_t host, uint32_t exportId, uint32_t ringBytes)
{
    if (m_isChild)
    {
        // Server: export our ring, map the client's, then answer.
        ExportRing(Callback<void>([this, host, exportId, ringBytes]() {
            MapPeer(host, exportId, ringBytes, Callback<void>([this]() {
                        SendSetup();
                        Established();
                    }));
        }));
        return;
    }
    MapPeer(host, exportId, ringBytes, Callback<void>([this]() { Established(); }));
}

void
ShrimpSocket::MapPeer(uint32_t host, uint32_t exportId, uint32_t ringBytes, Callback<void> done)
{
    const uint32_t page = m_ep->GetPageBytes();
    if (ringBytes == 0 || ringBytes % page != 0)
    {
        NS_LOG_WARN("ShrimpSocket: the peer's ring of " << ringBytes << " bytes is not pages");
        Fail(ERROR_INVAL);
        return;
    }
    m_peerRingBytes = ringBytes;
    m_txImage = m_ep->Allocate(ringBytes);
    m_ep->Import(host, exportId, Callback<void, int32_t>([this, ringBytes, page, done](int32_t h) {
                     if (m_state != CONNECTING)
                     {
                         return;
                     }
                     if (h < 0 || m_ep->GetImportSize(h) != ringBytes + page)
                     {
                         Fail(ERROR_NOTCONN);
                         return;
                     }
                     m_handle = h;
                     VmmcEndpoint::BindOptions control;
                     control.combine = false;
                     control.timer = false;
                     m_ep->Bind(m_txControl,
                                page,
                                h,
                                ringBytes,
                                control,
                                Callback<void, bool>([this, h, ringBytes, done](bool ok) {
                                    if (!ok)
                                    {
                                        Fail(ERROR_NOTCONN);
                                        return;
                                    }
                                    if (m_variant != AU_2COPY)
                                    {
                                        done();
                                        return;
                                    }
                                    // The data: combining, with the timer (a partial packet leaves
                                    // when the writes pause); the control store after it sends it
                                    // at once.
                                    VmmcEndpoint::BindOptions data;
                                    m_ep->Bind(m_txImage,
                                               ringBytes,
                                               h,
                                               0,
                                               data,
                                               Callback<void, bool>([this, done](bool ok2) {
                                                   if (!ok2)
                                                   {
                                                       Fail(ERROR_NOTCONN);
                                                       return;
                                                   }
                                                   done();
                                               }));
                                }));
                 }));
}

void
ShrimpSocket::Established()
{
    if (m_state != CONNECTING)
    {
        return;
    }
    m_state = CONNECTED;
    ArmWatch();
    if (m_isChild)
    {
        Ptr<ShrimpSocket> listener = m_listener;
        m_listener = nullptr;
        if (listener != nullptr)
        {
            listener->NotifyNewConnectionCreated(this,
                                                 InetSocketAddress(m_peerAddress, m_peerPort));
        }
    }
    else
    {
        NotifyConnectionSucceeded();
    }
    RxNext();
    TxNext();
}

void
ShrimpSocket::Fail(SocketErrno error)
{
    const bool connecting = m_state == CONNECTING;
    m_state = CLOSED;
    m_errno = error;
    m_listener = nullptr;
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        m_tcpClosed = true;
        m_tcp->Close();
    }
    if (connecting && !m_isChild)
    {
        NotifyConnectionFailed();
    }
}

void
ShrimpSocket::Broken()
{
    if (m_state == CLOSED)
    {
        return;
    }
    if (m_state != CONNECTED)
    {
        Fail(ERROR_NOTCONN);
        return;
    }
    NS_LOG_LOGIC("ShrimpSocket: the connection to " << m_peerAddress << " is broken");
    m_state = CLOSED;
    m_errno = ERROR_SHUTDOWN;
    if (m_watch != 0)
    {
        m_memory->CancelWatch(m_watch);
        m_watch = 0;
    }
    m_txQueue.clear();
    m_txQueued = 0;
    if (!m_closeNotified)
    {
        m_closeNotified = true;
        NotifyErrorClose();
    }
}

void
ShrimpSocket::TcpNormalClose(Ptr<Socket>)
{
    m_tcpClosed = true;
    // The peer's library sends its close flag through SHRIMP, once we have consumed all its
    // data, before it closes the TCP socket: the flag is in (microseconds against the
    // Ethernet's hundreds). A TCP close without it: the peer process is gone.
    if (m_state == CONNECTED && !PeerClosed())
    {
        Broken();
    }
    else if (m_state == CONNECTING)
    {
        Fail(ERROR_NOTCONN);
    }
}

void
ShrimpSocket::TcpErrorClose(Ptr<Socket>)
{
    m_tcpClosed = true;
    Broken();
}

void
ShrimpSocket::Crash()
{
    m_state = CLOSED;
    m_errno = ERROR_SHUTDOWN;
    if (m_watch != 0)
    {
        m_memory->CancelWatch(m_watch);
        m_watch = 0;
    }
    m_txQueue.clear();
    m_txQueued = 0;
    m_closeNotified = true;
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        m_tcpClosed = true;
        m_tcp->Close(); // the kernel closes the dead process's descriptors
    }
}

int
ShrimpSocket::Close()
{
    switch (m_state)
    {
    case LISTENING:
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
        TxNext(); // closes once the queued data is in the peer's ring
        return 0;
    case CLOSED:
        if (m_closeRequested)
        {
            m_errno = ERROR_BADF;
            return -1;
        }
        m_closeRequested = true;
        if (m_tcp != nullptr && !m_tcpClosed)
        {
            m_tcpClosed = true;
            m_tcp->Close();
        }
        return 0;
    default:
        m_closeRequested = true;
        Fail(ERROR_SHUTDOWN);
        return 0;
    }
}

int
ShrimpSocket::ShutdownSend()
{
    m_shutdownSend = true;
    if (m_state == CONNECTED)
    {
        TxNext(); // the close flag follows the queued data
    }
    return 0;
}

int
ShrimpSocket::ShutdownRecv()
{
    m_shutdownRecv = true;
    return 0;
}

uint32_t
ShrimpSocket::GetTxAvailable() const
{
    if (m_factory == nullptr)
    {
        return 0;
    }
    const uint32_t size = m_factory->GetSndBufSize();
    return size > m_txQueued ? size - m_txQueued : 0;
}

int
ShrimpSocket::Send(Ptr<Packet> p, uint32_t)
{
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
        m_errno = ERROR_MSGSIZE; // as ns-3's TCP: no room for it now
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
ShrimpSocket::SendTo(Ptr<Packet> p, uint32_t flags, const Address&)
{
    return Send(p, flags); // a stream socket: the connected peer
}

uint32_t
ShrimpSocket::GetRxAvailable() const
{
    return m_rxQueue.GetSize();
}

Ptr<Packet>
ShrimpSocket::Recv(uint32_t maxSize, uint32_t)
{
    if (m_rxQueue.GetSize() == 0 || maxSize == 0)
    {
        m_errno = ERROR_AGAIN;
        return nullptr;
    }
    Ptr<Packet> out = m_rxQueue.Pop(maxSize);
    // Room in the receive queue again: the receive side goes on (after this call returns).
    Simulator::ScheduleNow(&ShrimpSocket::RxNext, this);
    return out;
}

Ptr<Packet>
ShrimpSocket::RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress)
{
    Ptr<Packet> p = Recv(maxSize, flags);
    if (p)
    {
        fromAddress = InetSocketAddress(m_peerAddress, m_peerPort);
    }
    return p;
}

int
ShrimpSocket::GetSockName(Address& address) const
{
    Ipv4Address local = Ipv4Address::GetAny();
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        Address a;
        if (m_tcp->GetSockName(a) == 0 && InetSocketAddress::IsMatchingType(a))
        {
            local = InetSocketAddress::ConvertFrom(a).GetIpv4();
        }
    }
    address = InetSocketAddress(local, m_localPort);
    return 0;
}

int
ShrimpSocket::GetPeerName(Address& address) const
{
    if (m_state != CONNECTED)
    {
        const_cast<ShrimpSocket*>(this)->m_errno = ERROR_NOTCONN;
        return -1;
    }
    address = InetSocketAddress(m_peerAddress, m_peerPort);
    return 0;
}

bool
ShrimpSocket::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast; // a stream socket has no broadcast
}

bool
ShrimpSocket::GetAllowBroadcast() const
{
    return false;
}

} // namespace ns3
