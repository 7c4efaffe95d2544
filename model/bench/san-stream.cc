/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-stream.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanStream");

NS_OBJECT_ENSURE_REGISTERED(SanStreamSink);
NS_OBJECT_ENSURE_REGISTERED(SanStreamSender);

TypeId
SanStreamSink::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanStreamSink")
            .SetParent<SanMessengerApplication>()
            .SetGroupName("San")
            .AddConstructor<SanStreamSink>()
            .AddAttribute("WarmupMessages",
                          "Arrivals before the measured ones (at least 1: the bandwidth is "
                          "measured from the last of them).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&SanStreamSink::m_warmup),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Rx",
                            "A message arrived (its bytes).",
                            MakeTraceSourceAccessor(&SanStreamSink::m_rxTrace),
                            "ns3::SanStreamSink::BytesTracedCallback");
    return tid;
}

SanStreamSink::SanStreamSink() = default;

SanStreamSink::~SanStreamSink() = default;

uint64_t
SanStreamSink::GetReceived() const
{
    return m_received;
}

Time
SanStreamSink::GetLastArrival() const
{
    return m_lastArrival;
}

uint64_t
SanStreamSink::GetReceivedBytes() const
{
    return m_bytes;
}

double
SanStreamSink::GetBandwidthMBps() const
{
    const Time elapsed = m_lastArrival - m_measuredFrom;
    if (m_received <= m_warmup || !elapsed.IsStrictlyPositive())
    {
        return 0;
    }
    return static_cast<double>(m_measured) / elapsed.GetSeconds() / 1e6;
}

void
SanStreamSink::StartApplication()
{
    Ptr<SanMessenger> messenger = RequireMessenger("SanStreamSink");
    m_received = 0;
    m_bytes = 0;
    m_measured = 0;
    m_running = true;
    messenger->Open(GetNode());
    messenger->Receive(MakeCallback(&SanStreamSink::Received, this));
}

void
SanStreamSink::StopApplication()
{
    m_running = false;
}

void
SanStreamSink::Received(uint32_t peer, uint32_t bytes)
{
    if (!m_running)
    {
        return;
    }
    GetMessenger()->Receive(MakeCallback(&SanStreamSink::Received, this));
    ++m_received;
    m_bytes += bytes;
    m_lastArrival = Simulator::Now();
    if (m_received == m_warmup)
    {
        m_measuredFrom = m_lastArrival;
    }
    else if (m_received > m_warmup && m_lastArrival > m_measuredFrom)
    {
        // A library that coalesces (TCP) hands up several messages at one instant: those
        // that came with the last warm-up one took no time of the window.
        m_measured += bytes;
    }
    m_rxTrace(bytes);
}

TypeId
SanStreamSender::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanStreamSender")
                            .SetParent<SanMessengerClient>()
                            .SetGroupName("San")
                            .AddConstructor<SanStreamSender>()
                            .AddAttribute("Peer",
                                          "The sink's node id.",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(&SanStreamSender::m_peer),
                                          MakeUintegerChecker<uint32_t>())
                            .AddAttribute("MessageBytes",
                                          "Bytes of each message (at least the messenger's "
                                          "smallest).",
                                          UintegerValue(4096),
                                          MakeUintegerAccessor(&SanStreamSender::m_bytes),
                                          MakeUintegerChecker<uint32_t>(1))
                            .AddAttribute("Messages",
                                          "Messages to send (warm-up included).",
                                          UintegerValue(100),
                                          MakeUintegerAccessor(&SanStreamSender::m_messages),
                                          MakeUintegerChecker<uint32_t>(1));

    return tid;
}

SanStreamSender::SanStreamSender() = default;

SanStreamSender::~SanStreamSender() = default;

uint64_t
SanStreamSender::GetSent() const
{
    return m_sent;
}

bool
SanStreamSender::IsDone() const
{
    return m_sent == m_messages;
}

void
SanStreamSender::Begin()
{
    SendNext();
}

void
SanStreamSender::StartApplication()
{
    CheckPeerAndSize("SanStreamSender", m_peer, m_bytes);
    m_running = true;
    m_sent = 0;
    ConnectAndBegin(m_peer);
}

void
SanStreamSender::StopApplication()
{
    m_running = false;
}

void
SanStreamSender::SendNext()
{
    // A library that takes a message at once calls back from inside Send: the loop below
    // then sends the next one, instead of a call nested in the last (no recursion, no event).
    if (m_sending)
    {
        m_again = true;
        return;
    }
    m_sending = true;
    do
    {
        m_again = false;
        if (!m_running || IsDone())
        {
            break;
        }
        GetMessenger()->Send(m_peer, m_bytes, MakeSanCallback<void>([this]() {
                                 ++m_sent;
                                 SendNext();
                             }));
    } while (m_again);
    m_sending = false;
}

} // namespace ns3
