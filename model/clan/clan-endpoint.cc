/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-endpoint.h"

#include "ns3/abort.h"

#include <cstring>
#include <string>

namespace ns3
{

void
ClanOobMessage::Encode(uint8_t* out) const
{
    out[0] = static_cast<uint8_t>(srcHost >> 24);
    out[1] = static_cast<uint8_t>(srcHost >> 16);
    out[2] = static_cast<uint8_t>(srcHost >> 8);
    out[3] = static_cast<uint8_t>(srcHost);
    out[4] = static_cast<uint8_t>(srcPort >> 8);
    out[5] = static_cast<uint8_t>(srcPort);
    out[6] = static_cast<uint8_t>(dstPort >> 8);
    out[7] = static_cast<uint8_t>(dstPort);
    std::memcpy(out + 8, payload, sizeof(payload));
}

ClanOobMessage
ClanOobMessage::Decode(const uint8_t* in)
{
    ClanOobMessage m;
    m.srcHost = (uint32_t(in[0]) << 24) | (uint32_t(in[1]) << 16) | (uint32_t(in[2]) << 8) | in[3];
    m.srcPort = static_cast<uint16_t>((in[4] << 8) | in[5]);
    m.dstPort = static_cast<uint16_t>((in[6] << 8) | in[7]);
    std::memcpy(m.payload, in + 8, sizeof(m.payload));
    return m;
}

ClanEndpoint::ClanEndpoint(uint16_t port,
                           uint32_t id,
                           Ptr<HostMemory> memory,
                           Ptr<HostCpu> cpu,
                           uint32_t entries)
    : m_port(port),
      m_id(id),
      m_queue(Create<SanEventQueue>(memory, cpu, entries, ClanOobMessage::BYTES, ""))
{
    m_queue->SetPushedByHandler(true);
}

uint16_t
ClanEndpoint::GetPort() const
{
    return m_port;
}

uint32_t
ClanEndpoint::GetId() const
{
    return m_id;
}

bool
ClanEndpoint::Receive(ClanOobMessage& out)
{
    uint8_t record[ClanOobMessage::BYTES];
    if (!m_queue->Pop(record))
    {
        return false;
    }
    out = ClanOobMessage::Decode(record);
    return true;
}

Ptr<SanEventQueue>
ClanEndpoint::GetQueue() const
{
    return m_queue;
}

void
ClanEndpoint::SetEventQueue(Ptr<ClanEventQueue> events)
{
    m_events = events;
}

void
ClanEndpoint::Rebind(uint16_t port)
{
    m_port = port;
    m_id = port;
    uint8_t record[ClanOobMessage::BYTES];
    while (m_queue->Pop(record))
    {
    }
    m_events = nullptr;
}

bool
ClanEndpoint::Deliver(const uint8_t* record)
{
    if (!m_queue->Push(record))
    {
        return false;
    }
    if (m_events)
    {
        m_events->Deliver(ClanEvent::OOB_MESSAGE, m_id);
    }
    return true;
}

} // namespace ns3
