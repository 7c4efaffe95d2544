/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ping-pong.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPingPong");

NS_OBJECT_ENSURE_REGISTERED(SanPingPongServer);
NS_OBJECT_ENSURE_REGISTERED(SanPingPongClient);

TypeId
SanPingPongServer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanPingPongServer")
                            .SetParent<SanMessengerApplication>()
                            .SetGroupName("San")
                            .AddConstructor<SanPingPongServer>();
    return tid;
}

SanPingPongServer::SanPingPongServer() = default;

SanPingPongServer::~SanPingPongServer() = default;

uint64_t
SanPingPongServer::GetEchoed() const
{
    return m_echoed;
}

void
SanPingPongServer::StartApplication()
{
    Ptr<SanMessenger> messenger = RequireMessenger("SanPingPongServer");
    m_running = true;
    messenger->Open(GetNode());
    messenger->Receive(MakeCallback(&SanPingPongServer::Received, this));
}

void
SanPingPongServer::StopApplication()
{
    m_running = false;
}

void
SanPingPongServer::Received(uint32_t peer, uint32_t bytes)
{
    if (!m_running)
    {
        return;
    }
    ++m_echoed;
    GetMessenger()->Send(peer, bytes, Callback<void>());
    GetMessenger()->Receive(MakeCallback(&SanPingPongServer::Received, this));
}

TypeId
SanPingPongClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanPingPongClient")
            .SetParent<SanMessengerApplication>()
            .SetGroupName("San")
            .AddConstructor<SanPingPongClient>()
            .AddAttribute("Peer",
                          "The server's node id.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanPingPongClient::m_peer),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MessageBytes",
                          "Bytes of each message (at least the messenger's smallest).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanPingPongClient::m_bytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Rounds",
                          "Measured round trips.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&SanPingPongClient::m_rounds),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WarmupRounds",
                          "Round trips before the measured ones (caches, first-touch costs).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&SanPingPongClient::m_warmup),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("RoundTrip",
                            "A measured round trip ended (its time).",
                            MakeTraceSourceAccessor(&SanPingPongClient::m_roundTripTrace),
                            "ns3::Time::TracedCallback");
    return tid;
}

SanPingPongClient::SanPingPongClient() = default;

SanPingPongClient::~SanPingPongClient() = default;

const std::vector<Time>&
SanPingPongClient::GetRoundTrips() const
{
    return m_roundTrips;
}

Time
SanPingPongClient::GetOneWayLatency() const
{
    if (m_roundTrips.empty())
    {
        return Time(0);
    }
    Time sum(0);
    for (const Time& t : m_roundTrips)
    {
        sum += t;
    }
    return sum / static_cast<int64_t>(2 * m_roundTrips.size());
}

double
SanPingPongClient::GetBandwidthMBps() const
{
    if (m_roundTrips.empty())
    {
        return 0;
    }
    const Time elapsed = m_lastEcho - m_measuredFrom;
    const double moved = 2.0 * m_bytes * m_roundTrips.size();
    return elapsed.IsStrictlyPositive() ? moved / elapsed.GetSeconds() / 1e6 : 0;
}

bool
SanPingPongClient::IsDone() const
{
    return m_done == m_warmup + m_rounds;
}

void
SanPingPongClient::StartApplication()
{
    CheckPeerAndSize("SanPingPongClient", m_peer, m_bytes);
    Ptr<SanMessenger> messenger = GetMessenger();
    m_running = true;
    m_done = 0;
    m_roundTrips.clear();
    messenger->Open(GetNode());
    messenger->Connect(NodeList::GetNode(m_peer),
                       MakeCallback(&SanPingPongClient::Connected, this));
}

void
SanPingPongClient::StopApplication()
{
    m_running = false;
}

void
SanPingPongClient::Connected()
{
    Ping();
}

void
SanPingPongClient::Ping()
{
    if (!m_running || IsDone())
    {
        return;
    }
    m_sentAt = Simulator::Now();
    if (m_done == m_warmup)
    {
        m_measuredFrom = m_sentAt;
    }
    GetMessenger()->Send(m_peer, m_bytes, Callback<void>());
    GetMessenger()->Receive(MakeCallback(&SanPingPongClient::Received, this));
}

void
SanPingPongClient::Received(uint32_t peer, uint32_t bytes)
{
    NS_ABORT_MSG_IF(peer != m_peer || bytes != m_bytes,
                    "SanPingPongClient: an echo of " << bytes << " bytes from node " << peer);
    const bool measured = m_done >= m_warmup;
    ++m_done; // before the trace: IsDone() holds in the last round's
    if (measured)
    {
        m_lastEcho = Simulator::Now();
        const Time rtt = m_lastEcho - m_sentAt;
        m_roundTrips.push_back(rtt);
        m_roundTripTrace(rtt);
    }
    Ping();
}

} // namespace ns3
