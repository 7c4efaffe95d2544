/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-event-queue.h"

#include "ns3/abort.h"

namespace ns3
{

void
ClanEvent::Encode(uint8_t* out) const
{
    out[0] = kind;
    out[1] = out[2] = out[3] = 0;
    for (int i = 0; i < 4; ++i)
    {
        out[4 + i] = static_cast<uint8_t>(id >> (24 - 8 * i));
    }
    for (int i = 0; i < 8; ++i)
    {
        out[8 + i] = static_cast<uint8_t>(cookie >> (56 - 8 * i));
    }
}

ClanEvent
ClanEvent::Decode(const uint8_t* in)
{
    ClanEvent e;
    e.kind = static_cast<Kind>(in[0]);
    e.id = 0;
    for (int i = 0; i < 4; ++i)
    {
        e.id = (e.id << 8) | in[4 + i];
    }
    e.cookie = 0;
    for (int i = 0; i < 8; ++i)
    {
        e.cookie = (e.cookie << 8) | in[8 + i];
    }
    return e;
}

ClanEventQueue::ClanEventQueue(Ptr<HostMemory> memory, Ptr<HostCpu> cpu, uint32_t capacity)
    : m_ring(Create<SanEventQueue>(memory, cpu, capacity, ClanEvent::BYTES))
{
    // "Events are delivered by the device driver" (section 3.5): from its interrupt routine,
    // whose interrupt the device has charged; a blocked reader pays the wake-up only.
    m_ring->SetPushedByHandler(true);
}

uint64_t
ClanEventQueue::Key(ClanEvent::Kind kind, uint32_t id)
{
    return (static_cast<uint64_t>(kind) << 32) | id;
}

void
ClanEventQueue::Register(ClanEvent::Kind kind, uint32_t id, uint64_t cookie)
{
    NS_ABORT_MSG_IF(kind < ClanEvent::TRIPWIRE || kind > ClanEvent::OOB_MESSAGE,
                    "ClanEventQueue::Register: unknown event kind " << static_cast<int>(kind));
    m_interest[Key(kind, id)] = cookie;
}

void
ClanEventQueue::Unregister(ClanEvent::Kind kind, uint32_t id)
{
    m_interest.erase(Key(kind, id));
}

bool
ClanEventQueue::IsRegistered(ClanEvent::Kind kind, uint32_t id) const
{
    return m_interest.count(Key(kind, id)) != 0;
}

bool
ClanEventQueue::Deliver(ClanEvent::Kind kind, uint32_t id)
{
    auto it = m_interest.find(Key(kind, id));
    if (it == m_interest.end())
    {
        ++m_unwanted;
        return false;
    }
    uint8_t entry[ClanEvent::BYTES];
    ClanEvent{kind, id, it->second}.Encode(entry);
    if (!m_ring->Push(entry))
    {
        return false; // a full ring: counted by the ring (GetNLost)
    }
    ++m_delivered;
    return true;
}

bool
ClanEventQueue::Poll(ClanEvent& event)
{
    uint8_t entry[ClanEvent::BYTES];
    if (!m_ring->Pop(entry))
    {
        return false;
    }
    event = ClanEvent::Decode(entry);
    return true;
}

void
ClanEventQueue::Wait(HostCpuWait::Mode mode, Callback<void> resumed)
{
    m_ring->Wait(mode, resumed);
}

Ptr<SanEventQueue>
ClanEventQueue::GetRing() const
{
    return m_ring;
}

uint64_t
ClanEventQueue::GetNDelivered() const
{
    return m_delivered;
}

uint64_t
ClanEventQueue::GetNUnwanted() const
{
    return m_unwanted;
}

} // namespace ns3
