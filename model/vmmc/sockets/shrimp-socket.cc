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
#include "ns3/san-callback.h"
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
                            .SetParent<SanStreamSocket>()
                            .SetGroupName("San")
                            .AddConstructor<ShrimpSocket>();
    return tid;
}

ShrimpSocket::ShrimpSocket() = default;

ShrimpSocket::~ShrimpSocket() = default;

void
ShrimpSocket::SetFactory(Ptr<ShrimpSocketFactory> factory)
{
    m_factory = factory;
}

void
ShrimpSocket::DoDispose()
{
    if (m_watch != 0 && m_memory != nullptr)
    {
        m_memory->CancelWatch(m_watch);
    }
    m_watch = 0;
    m_tcp = nullptr;
    m_listener = nullptr;
    m_ep = nullptr;
    m_memory = nullptr;
    m_factory = nullptr;
    SanStreamSocket::DoDispose();
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

Ptr<Node>
ShrimpSocket::GetNode() const
{
    return m_factory ? m_factory->GetNode() : nullptr;
}

uint32_t
ShrimpSocket::GetSndBufSize() const
{
    return m_factory ? m_factory->GetSndBufSize() : 0;
}

uint32_t
ShrimpSocket::GetRcvBufSize() const
{
    return m_factory ? m_factory->GetRcvBufSize() : 0;
}

Ipv4Address
ShrimpSocket::GetLocalAddress() const
{
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        Address a;
        if (m_tcp->GetSockName(a) == 0 && InetSocketAddress::IsMatchingType(a))
        {
            return InetSocketAddress::ConvertFrom(a).GetIpv4();
        }
    }
    return Ipv4Address::GetAny();
}

int
ShrimpSocket::DoBind(const InetSocketAddress& address)
{
    m_localPort = address.GetPort();
    return 0;
}

int
ShrimpSocket::DoListen()
{
    if (ListenOnTcp() != 0)
    {
        return -1;
    }
    Address local;
    m_tcpListener->GetSockName(local);
    m_localPort = InetSocketAddress::ConvertFrom(local).GetPort();
    m_state = LISTENING;
    return 0;
}

int
ShrimpSocket::DoConnect(const InetSocketAddress& address)
{
    m_peerAddress = address.GetIpv4();
    m_peerPort = address.GetPort();
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
    ExportRing(MakeSanCallback<void>([this]() { SendSetup(); }));
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
                 MakeSanCallback<void, uint32_t>([this, done](uint32_t id) {
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
        ExportRing(MakeSanCallback<void>([this, host, exportId, ringBytes]() {
            MapPeer(host, exportId, ringBytes, MakeSanCallback<void>([this]() {
                        SendSetup();
                        Established();
                    }));
        }));
        return;
    }
    MapPeer(host, exportId, ringBytes, MakeSanCallback<void>([this]() { Established(); }));
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
    m_ep->Import(host,
                 exportId,
                 MakeSanCallback<void, int32_t>([this, ringBytes, page, done](int32_t h) {
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
                                MakeSanCallback<void, bool>([this, h, ringBytes, done](bool ok) {
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
                                               MakeSanCallback<void, bool>([this, done](bool ok2) {
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
    Teardown();
    NotifyCloseOnce(true);
}

void
ShrimpSocket::Teardown()
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
    Teardown();
    m_closeNotified = true;
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        m_tcpClosed = true;
        m_tcp->Close(); // the kernel closes the dead process's descriptors
    }
}

int
ShrimpSocket::CloseUnconnected()
{
    if (m_closeRequested)
    {
        m_errno = ERROR_BADF;
        return -1;
    }
    m_closeRequested = true;
    if (m_state != CLOSED)
    {
        Fail(ERROR_SHUTDOWN); // connecting: given up
        return 0;
    }
    if (m_tcp != nullptr && !m_tcpClosed)
    {
        m_tcpClosed = true;
        m_tcp->Close();
    }
    return 0;
}

} // namespace ns3
