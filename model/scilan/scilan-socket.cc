/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// ScilanSocket: binding, listening and closing over SCILAN's port directory, and the
// fall-through to ns-3's TCP for addresses outside the cluster (SCILAN 1998, sections 1 and
// 3.3); the Socket interface and the queues are SanStreamSocket's.

#include "scilan-socket.h"

#include "scilan-connectionless-sender.h"
#include "scilan-stack.h"

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
            .SetParent<SanStreamSocket>()
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
ScilanSocket::SetStack(Ptr<ScilanStack> stack)
{
    m_stack = stack;
}

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
    m_stack = nullptr;
    SanStreamSocket::DoDispose();
}

bool
ScilanSocket::IsFallThrough() const
{
    return m_delegate != nullptr;
}

Ptr<Node>
ScilanSocket::GetNode() const
{
    return m_stack->GetNode();
}

uint32_t
ScilanSocket::GetSndBufSize() const
{
    return m_sndBufSize;
}

uint32_t
ScilanSocket::GetRcvBufSize() const
{
    return m_rcvBufSize;
}

Ipv4Address
ScilanSocket::GetLocalAddress() const
{
    return m_stack->GetAddress();
}

int
ScilanSocket::DoBind(const InetSocketAddress& address)
{
    const Ipv4Address ip = address.GetIpv4();
    if (ip != Ipv4Address::GetAny() && ip != m_stack->GetAddress() &&
        ScilanCluster::IsClusterAddress(ip))
    {
        m_errno = ERROR_ADDRNOTAVAIL;
        return -1;
    }
    if (address.GetPort() == 0)
    {
        m_localPort = m_stack->AllocatePort();
        return 0;
    }
    if (m_stack->IsPortUsed(address.GetPort()))
    {
        m_errno = ERROR_ADDRINUSE;
        return -1;
    }
    m_localPort = address.GetPort();
    m_stack->UsePort(m_localPort);
    return 0;
}

int
ScilanSocket::DoConnect(const InetSocketAddress& address)
{
    if (!ScilanCluster::IsClusterAddress(address.GetIpv4()))
    {
        // Not a cluster address: the ordinary protocol stack (section 1).
        FallThrough();
        if (!m_delegate)
        {
            return -1;
        }
        return m_delegate->Connect(address);
    }
    if (m_localPort == 0)
    {
        Bind();
    }
    m_state = CONNECTING;
    m_peerAddress = address.GetIpv4();
    m_peerPort = address.GetPort();
    ConnectCluster(address.GetIpv4(), address.GetPort());
    return 0;
}

int
ScilanSocket::DoListen()
{
    if (m_localPort == 0)
    {
        Bind();
    }
    Ptr<SciContext> ctx = m_stack->GetContext();
    m_listenRx = Create<SciRingReceiver>(ctx, m_stack->GetRingBytes());
    // The lock: a flag kept disabled (top bit set) that connecting transmitters fetch and
    // increment; the one that finds it at exactly 0x80000000 holds it.
    m_lock = Create<SciFlagWaiter>(ctx);
    m_stack->Register(m_localPort, m_listenRx->GetAddress(), m_lock->GetId());
    m_state = LISTENING;
    // Hosts with an internet stack also take TCP connections from outside the cluster (the
    // application gets ns-3's TCP socket itself).
    if (GetNode()->GetObject<TcpSocketFactory>() != nullptr && ListenOnTcp() != 0)
    {
        NS_LOG_WARN("ScilanSocket: TCP refused port " << m_localPort << "; cluster only");
    }
    Simulator::ScheduleNow(&ScilanSocket::ListenNext, Ptr<ScilanSocket>(this));
    return 0;
}

void
ScilanSocket::StopListening()
{
    m_stack->Unregister(m_localPort);
}

int
ScilanSocket::CloseUnconnected()
{
    if (m_state == CLOSED)
    {
        m_errno = ERROR_BADF;
        return -1;
    }
    m_state = CLOSED;
    return 0;
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
    Ptr<Socket> tcp = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    if (m_localPort != 0)
    {
        m_stack->FreePort(m_localPort);
        tcp->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_localPort));
    }
    SetDelegate(tcp);
}

} // namespace ns3
