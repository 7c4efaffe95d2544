/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-connection.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanConnection");

NS_OBJECT_ENSURE_REGISTERED(ClanConnection);

TypeId
ClanConnection::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanConnection")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ClanConnection>()
            // ASSUMED (the paper says only that out-of-band messages set connections up, in
            // fixed-size per-endpoint queues): a CONNECT that finds the listener's queue full
            // is dropped by the driver, so the client sends it again, as TCP resends a SYN,
            // and waits twice as long each time, as TCP backs off (RFC 6298, section 5.5).
            // 1 ms is far beyond an answer's time when the server keeps up (tens of us).
            .AddAttribute("ConnectRetry",
                          "Time after the first CONNECT without ACCEPT before it is sent again; "
                          "each later wait is twice the one before, up to ConnectRetryMax.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&ClanConnection::m_connectRetry),
                          MakeTimeChecker(NanoSeconds(1)))
            // ASSUMED: with 20 attempts a client waits about a second in all (1 + 2 + ... + 32
            // ms, then 64 ms apart), in which a 1997 server accepts hundreds (a 200 MHz
            // Pentium under NT took ~0.3 ms each: 128 clients did not fit in 20 ms).
            .AddAttribute("ConnectRetryMax",
                          "Longest wait between two CONNECTs.",
                          TimeValue(MilliSeconds(64)),
                          MakeTimeAccessor(&ClanConnection::m_connectRetryMax),
                          MakeTimeChecker(NanoSeconds(1)))
            // ASSUMED: enough for a listener that drains its queue at all.
            .AddAttribute("ConnectAttempts",
                          "CONNECTs sent before the connection fails (the run stops with a "
                          "message naming the server).",
                          UintegerValue(20),
                          MakeUintegerAccessor(&ClanConnection::m_connectAttempts),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

ClanConnection::ClanConnection() = default;

ClanConnection::~ClanConnection() = default;

void
ClanConnection::DoDispose()
{
    Simulator::Remove(m_retry);
    m_ctx = nullptr;
    m_endpoint = nullptr;
    m_established = Callback<void>();
    m_closed = Callback<void>();
    Object::DoDispose();
}

void
ClanConnection::Connect(Ptr<ClanContext> ctx,
                        uint16_t localPort,
                        uint32_t dstHost,
                        uint16_t dstPort,
                        const ClanCookie& offer,
                        Callback<void> established)
{
    NS_ABORT_MSG_IF(m_state != CLOSED, "ClanConnection::Connect: not closed");
    NS_ABORT_MSG_IF(!ctx || !offer.IsValid(),
                    "ClanConnection::Connect: needs a process and a cookie");
    Begin(ctx, localPort, offer, established);
    m_peerHost = dstHost;
    m_peerPort = dstPort;
    m_state = CONNECTING;
    m_attempts = 1;
    m_waited = Time(0);
    Ptr<ClanConnection> self(this);
    SendMessage(CONNECT, MakeSanCallback<void>([self]() {
                    self->AwaitMessage();
                    self->ArmRetry();
                }));
}

void
ClanConnection::ArmRetry()
{
    if (m_state != CONNECTING)
    {
        return;
    }
    // Removed, not cancelled, once the ACCEPT comes: a run whose CONNECTs all arrive executes
    // the events it did before there were retries.
    Time wait = m_connectRetry;
    for (uint32_t i = 1; i < m_attempts && wait < m_connectRetryMax; ++i)
    {
        wait = wait * 2;
    }
    m_waited += std::min(wait, m_connectRetryMax);
    m_retry = Simulator::Schedule(std::min(wait, m_connectRetryMax), &ClanConnection::Retry, this);
}

void
ClanConnection::Retry()
{
    if (m_state != CONNECTING || !m_endpoint)
    {
        return;
    }
    NS_ABORT_MSG_IF(m_attempts >= m_connectAttempts,
                    "ClanConnection: no ACCEPT from host "
                        << m_peerHost << " port " << m_peerPort << " after " << m_attempts
                        << " CONNECTs over " << m_waited.As(Time::MS)
                        << ": nobody listens there, or its queue stays full");
    ++m_attempts;
    NS_LOG_INFO("ClanConnection: CONNECT to host " << m_peerHost << " port " << m_peerPort
                                                   << " again (attempt " << m_attempts << ")");
    Ptr<ClanConnection> self(this);
    SendMessage(CONNECT, MakeSanCallback<void>([self]() { self->ArmRetry(); }));
}

void
ClanConnection::Accept(Ptr<ClanContext> ctx,
                       uint16_t localPort,
                       const ClanCookie& offer,
                       Callback<void> established,
                       uint16_t connectionPort)
{
    NS_ABORT_MSG_IF(m_state != CLOSED, "ClanConnection::Accept: not closed");
    NS_ABORT_MSG_IF(connectionPort == localPort && localPort != 0,
                    "ClanConnection::Accept: the connection's port is the listening port");
    m_connectionPort = connectionPort;
    NS_ABORT_MSG_IF(!ctx || !offer.IsValid(),
                    "ClanConnection::Accept: needs a process and a cookie");
    Begin(ctx, localPort, offer, established);
    m_state = LISTENING;
    AwaitMessage();
}

void
ClanConnection::Begin(Ptr<ClanContext> ctx,
                      uint16_t localPort,
                      const ClanCookie& offer,
                      Callback<void> established)
{
    m_ctx = ctx;
    m_localPort = localPort;
    m_endpoint = ctx->OpenEndpoint(localPort);
    m_offer = offer;
    m_established = established;
}

void
ClanConnection::SendMessage(Type type, Callback<void> done)
{
    uint8_t payload[ClanNetDevice::OOB_PAYLOAD_BYTES] = {};
    payload[0] = type;
    m_offer.Encode(payload + 4);
    m_ctx->SendOob(m_peerHost, m_peerPort, m_localPort, payload, done);
}

void
ClanConnection::AwaitMessage()
{
    Ptr<ClanConnection> self(this);
    m_endpoint->GetQueue()->Wait(HostCpuWait::BLOCK,
                                 MakeSanCallback<void>([self]() { self->OnMessage(); }));
}

void
ClanConnection::OnMessage()
{
    if (!m_endpoint)
    {
        return; // disposed meanwhile
    }
    ClanOobMessage m;
    if (!m_endpoint->Receive(m))
    {
        AwaitMessage();
        return;
    }
    const Type type = static_cast<Type>(m.payload[0]);
    switch (m_state)
    {
    case LISTENING:
        if (type != CONNECT)
        {
            NS_LOG_WARN("ClanConnection: ignored message " << int(type) << " while listening");
            AwaitMessage();
            return;
        }
        m_peerHost = m.srcHost;
        m_peerPort = m.srcPort;
        LearnPeer(m);
        if (m_connectionPort != 0)
        {
            // Hand the connection to its own endpoint; the listening port is free again.
            m_ctx->CloseEndpoint(m_localPort);
            m_localPort = m_connectionPort;
            m_endpoint = m_ctx->OpenEndpoint(m_localPort);
        }
        Answer();
        return;
    case CONNECTING:
        if (type != ACCEPT || m.srcHost != m_peerHost)
        {
            NS_LOG_WARN("ClanConnection: ignored message " << int(type) << " while connecting");
            AwaitMessage();
            return;
        }
        m_peerPort = m.srcPort; // the server may have moved the connection to a port of its own
        Simulator::Remove(m_retry);
        LearnPeer(m);
        m_state = ESTABLISHED;
        AwaitMessage(); // for CLOSE
        {
            Callback<void> cb = m_established;
            m_established = Callback<void>();
            if (!cb.IsNull())
            {
                cb();
            }
        }
        return;
    case ESTABLISHED:
        if (type == CLOSE && m.srcHost == m_peerHost && m.srcPort == m_peerPort)
        {
            m_state = CLOSED;
            m_ctx->CloseEndpoint(m_localPort);
            m_endpoint = nullptr;
            if (!m_closed.IsNull())
            {
                m_closed();
            }
            return;
        }
        AwaitMessage();
        return;
    case CLOSED:
        return;
    }
}

void
ClanConnection::Answer()
{
    Ptr<ClanConnection> self(this);
    SendMessage(ACCEPT, MakeSanCallback<void>([self]() {
                    self->m_state = ESTABLISHED;
                    self->AwaitMessage(); // for CLOSE
                    Callback<void> cb = self->m_established;
                    self->m_established = Callback<void>();
                    if (!cb.IsNull())
                    {
                        cb();
                    }
                }));
}

bool
ClanConnection::IsConnect(const ClanOobMessage& m)
{
    return m.payload[0] == CONNECT;
}

void
ClanConnection::AcceptConnect(Ptr<ClanContext> ctx,
                              const ClanOobMessage& connect,
                              uint16_t connectionPort,
                              const ClanCookie& offer,
                              Callback<void> established)
{
    NS_ABORT_MSG_IF(m_state != CLOSED, "ClanConnection::AcceptConnect: not closed");
    NS_ABORT_MSG_IF(!ctx || !offer.IsValid() || !IsConnect(connect),
                    "ClanConnection::AcceptConnect: needs a process, a cookie and a CONNECT");
    Begin(ctx, connectionPort, offer, established);
    m_peerHost = connect.srcHost;
    m_peerPort = connect.srcPort;
    LearnPeer(connect);
    m_state = LISTENING; // until ACCEPT is sent
    Answer();
}

void
ClanConnection::LearnPeer(const ClanOobMessage& m)
{
    m_peer = ClanCookie::Decode(m.payload + 4);
    NS_ABORT_MSG_IF(!m_peer.IsValid() || m_peer.host != m.srcHost,
                    "ClanConnection: the peer's cookie does not name its own memory");
    m_peerMapping = m_ctx->Map(m_peer);
}

void
ClanConnection::Close()
{
    NS_ABORT_MSG_IF(m_state != ESTABLISHED, "ClanConnection::Close: not established");
    m_state = CLOSED;
    SendMessage(CLOSE, Callback<void>());
    m_ctx->CloseEndpoint(m_localPort);
    m_endpoint = nullptr;
}

void
ClanConnection::SetClosedCallback(Callback<void> closed)
{
    m_closed = closed;
}

ClanConnection::State
ClanConnection::GetState() const
{
    return m_state;
}

const ClanCookie&
ClanConnection::GetPeerCookie() const
{
    return m_peer;
}

uint64_t
ClanConnection::GetPeerMapping() const
{
    return m_peerMapping;
}

uint32_t
ClanConnection::GetPeerHost() const
{
    return m_peerHost;
}

uint16_t
ClanConnection::GetPeerPort() const
{
    return m_peerPort;
}

} // namespace ns3
