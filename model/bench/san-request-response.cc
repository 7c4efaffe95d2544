/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-request-response.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanRequestResponse");

NS_OBJECT_ENSURE_REGISTERED(SanRequestServer);
NS_OBJECT_ENSURE_REGISTERED(SanRequestClient);

TypeId
SanRequestServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanRequestServer")
            .SetParent<SanMessengerApplication>()
            .SetGroupName("San")
            .AddConstructor<SanRequestServer>()
            .AddAttribute("ResponseBytes",
                          "Bytes of each response (at least the messenger's smallest).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanRequestServer::m_responseBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ServiceTime",
                          "The server's own work per request, on its host's CPU as user code "
                          "(zero: none; the library's costs are the messenger's).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&SanRequestServer::m_serviceTime),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("Served",
                            "A response was sent (the client's node id).",
                            MakeTraceSourceAccessor(&SanRequestServer::m_servedTrace),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

SanRequestServer::SanRequestServer() = default;

SanRequestServer::~SanRequestServer() = default;

const std::vector<SanRequestServer::Served>&
SanRequestServer::GetServed() const
{
    return m_served;
}

void
SanRequestServer::StartApplication()
{
    Ptr<SanMessenger> messenger = RequireMessenger("SanRequestServer");
    NS_ABORT_MSG_IF(m_responseBytes < messenger->GetMinMessageBytes(),
                    "SanRequestServer: \"ResponseBytes\" "
                        << m_responseBytes << " is below the smallest message of "
                        << messenger->GetDescription() << " (" << messenger->GetMinMessageBytes()
                        << ")");
    Ptr<SanHost> host = GetNode()->GetObject<SanHost>();
    m_cpu = host ? host->GetCpu() : nullptr;
    NS_ABORT_MSG_IF(m_serviceTime.IsStrictlyPositive() && m_cpu == nullptr,
                    "SanRequestServer: a \"ServiceTime\" needs a host CPU on node "
                        << GetNode()->GetId() << " (SanHostHelper)");
    m_served.clear();
    m_running = true;
    messenger->Open(GetNode());
    Next();
}

void
SanRequestServer::StopApplication()
{
    m_running = false;
}

void
SanRequestServer::Next()
{
    GetMessenger()->Receive(MakeCallback(&SanRequestServer::Received, this));
}

void
SanRequestServer::Received(uint32_t peer, uint32_t bytes)
{
    NS_LOG_FUNCTION(this << peer << bytes);
    if (!m_running)
    {
        return;
    }
    if (m_serviceTime.IsStrictlyPositive())
    {
        m_cpu->Execute(m_serviceTime, MakeSanCallback<void>([this, peer]() { Respond(peer); }));
        return;
    }
    Respond(peer);
}

void
SanRequestServer::Respond(uint32_t peer)
{
    if (!m_running)
    {
        return;
    }
    GetMessenger()->Send(peer, m_responseBytes, Callback<void>());
    Served s{Simulator::Now(), Time(0), 0};
    if (m_cpu != nullptr)
    {
        s.cpuBusy = m_cpu->GetResource()->GetBusyTime();
        s.interrupts = m_cpu->GetInterrupts();
    }
    m_served.push_back(s);
    m_servedTrace(peer);
    Next();
}

TypeId
SanRequestClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanRequestClient")
            .SetParent<SanMessengerClient>()
            .SetGroupName("San")
            .AddConstructor<SanRequestClient>()
            .AddAttribute("Peer",
                          "The server's node id.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanRequestClient::m_peer),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RequestBytes",
                          "Bytes of each request (at least the messenger's smallest).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanRequestClient::m_bytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Requests",
                          "Measured requests.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&SanRequestClient::m_requests),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WarmupRequests",
                          "Requests before the measured ones (connections, caches, the other "
                          "clients' start).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&SanRequestClient::m_warmup),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ThinkTime",
                          "Between a response and the next request (zero: at once).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&SanRequestClient::m_think),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("Latency",
                            "A measured request was answered (its latency).",
                            MakeTraceSourceAccessor(&SanRequestClient::m_latencyTrace),
                            "ns3::Time::TracedCallback");
    return tid;
}

SanRequestClient::SanRequestClient() = default;

SanRequestClient::~SanRequestClient() = default;

const std::vector<Time>&
SanRequestClient::GetLatencies() const
{
    return m_latencies;
}

Time
SanRequestClient::GetMeasuredFrom() const
{
    return m_measuredFrom;
}

Time
SanRequestClient::GetMeasuredUntil() const
{
    return m_measuredUntil;
}

bool
SanRequestClient::IsDone() const
{
    return m_done == m_warmup + m_requests;
}

void
SanRequestClient::StartApplication()
{
    CheckPeerAndSize("SanRequestClient", m_peer, m_bytes, "RequestBytes");
    m_running = true;
    m_done = 0;
    m_latencies.clear();
    m_measuredFrom = Time(0);
    m_measuredUntil = Time(0);
    ConnectAndBegin(m_peer);
}

void
SanRequestClient::Begin()
{
    Ask();
}

void
SanRequestClient::StopApplication()
{
    m_running = false;
    m_thinking.Cancel();
}

void
SanRequestClient::Ask()
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
    GetMessenger()->Receive(MakeCallback(&SanRequestClient::Received, this));
}

void
SanRequestClient::Received(uint32_t peer, uint32_t bytes)
{
    NS_ABORT_MSG_IF(peer != m_peer,
                    "SanRequestClient: a response of " << bytes << " bytes from node " << peer
                                                       << ", not the server " << m_peer);
    const bool measured = m_done >= m_warmup;
    ++m_done; // before the trace: IsDone() holds in the last request's
    if (measured)
    {
        m_measuredUntil = Simulator::Now();
        const Time latency = m_measuredUntil - m_sentAt;
        m_latencies.push_back(latency);
        m_latencyTrace(latency);
    }
    if (m_think.IsStrictlyPositive())
    {
        m_thinking = Simulator::Schedule(m_think, &SanRequestClient::Ask, this);
        return;
    }
    Ask();
}

} // namespace ns3
