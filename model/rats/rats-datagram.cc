/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-datagram.h"

#include "rats-wire.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <memory>

namespace ns3
{

using rats::GetWord;
using rats::PutWord;

NS_LOG_COMPONENT_DEFINE("RatsDatagram");

namespace
{

/// \param returned a call-return continuation (may be empty) \param h a failed handle
/// \return h, after scheduling \p returned
Ptr<RatsSendHandle>
Refuse(Ptr<RatsSendHandle> h, std::function<void()> returned)
{
    if (returned)
    {
        Simulator::ScheduleNow(returned);
    }
    return h;
}

} // namespace

Ptr<RatsDatagramServer>
RatsDatagramServer::Create(Ptr<RatsInterfaceManager> manager, uint32_t maxMessage)
{
    NS_ABORT_MSG_IF(maxMessage == 0, "RatsDatagramServer: zero maxMessage");
    Ptr<RatsDatagramServer> s = ns3::Create<RatsDatagramServer>(manager);
    s->m_maxMessage = maxMessage;
    manager->Register(s);
    return s;
}

RatsDatagramServer::RatsDatagramServer(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_maxMessage(0),
      m_arrivals(0)
{
}

RatsDatagramSeed
RatsDatagramServer::MakeSeed(uint32_t buffers)
{
    NS_ABORT_MSG_IF(buffers == 0, "RatsDatagramServer::MakeSeed: no buffers");
    RatsDatagramSeed seed;
    seed.maxMessage = m_maxMessage;
    for (uint32_t i = 0; i < buffers; ++i)
    {
        Buffer b;
        b.memory = m_manager->Malloc(HEADER_BYTES + m_maxMessage);
        NS_ABORT_MSG_IF(!b.memory.IsValid(),
                        "RatsDatagramServer: no pinned memory for a receive buffer");
        const uint16_t area = m_manager->AllocateNotificationArea(Ptr<RatsServer>(this));
        b.ticket = m_manager->CreateSlot(b.memory, area);
        b.state = AT_CLIENT;
        m_area[area] = static_cast<uint32_t>(m_buffers.size());
        m_buffers.push_back(b);
        seed.tickets.push_back(b.ticket);
    }
    return seed;
}

void
RatsDatagramServer::Recv(std::function<void(RatsDatagramMessage)> done)
{
    Ptr<RatsDatagramServer> self(this);
    WhenReady([self]() { return !self->m_arrived.empty(); },
              [self, done]() {
                  const RatsCostProfile c = self->GetCostProfile();
                  self->Charge(c.recvOn, c.recvOff, [self, done]() {
                      NS_ABORT_MSG_IF(self->m_arrived.empty(),
                                      "RatsDatagramServer: a datagram vanished (two concurrent "
                                      "Recv calls?)");
                      const uint32_t i = self->m_arrived.front();
                      self->m_arrived.pop_front();
                      self->m_buffers[i].state = HELD;
                      if (done)
                      {
                          done(self->ReadMessage(i));
                      }
                  });
              });
}

RatsDatagramMessage
RatsDatagramServer::ReadMessage(uint32_t index) const
{
    const Buffer& b = m_buffers[index];
    std::vector<uint8_t> h =
        m_manager->Read(b.memory.offset + RatsTicket::SERIALIZED_BYTES, FIXED_METADATA);
    RatsDatagramMessage m;
    m.length = GetWord(h.data());
    m.sequence = GetWord(h.data() + 4);
    NS_ABORT_MSG_IF(m.length > m_maxMessage,
                    "RatsDatagramServer: corrupt header in buffer " << index);
    m.dataOffset = b.memory.offset + HEADER_BYTES;
    m.buffer = index;
    m.node = b.node;
    return m;
}

Ptr<RatsSendHandle>
RatsDatagramServer::Release(const RatsDatagramMessage& message, std::function<void()> returned)
{
    NS_ABORT_MSG_IF(message.buffer >= m_buffers.size() || m_buffers[message.buffer].state != HELD,
                    "RatsDatagramServer::Release: buffer " << message.buffer
                                                           << " is not held by the application");
    Buffer& b = m_buffers[message.buffer];
    std::vector<uint8_t> ret = m_manager->Read(b.memory.offset, RatsTicket::SERIALIZED_BYTES);
    b.returnTo = RatsTicket::Deserialize(ret.data(), RatsTicket::SERIALIZED_BYTES);
    b.state = AT_CLIENT;
    // The buffer's ticket travels from the first bytes of the buffer itself (its header is
    // no longer needed): the client cannot use the ticket before it has arrived.
    m_manager->Write(b.memory.offset, b.ticket.Serialize());
    NS_LOG_INFO("RatsDatagramServer: release buffer " << message.buffer << " to " << b.returnTo);
    return m_manager->GetHardware()->SendMsg(b.returnTo,
                                             b.memory.offset,
                                             RatsTicket::SERIALIZED_BYTES,
                                             {},
                                             GetCostProfile(),
                                             {},
                                             returned);
}

uint32_t
RatsDatagramServer::GetNPending() const
{
    return static_cast<uint32_t>(m_arrived.size());
}

uint32_t
RatsDatagramServer::GetNHeld() const
{
    uint32_t n = 0;
    for (const auto& b : m_buffers)
    {
        n += b.state == HELD ? 1 : 0;
    }
    return n;
}

uint64_t
RatsDatagramServer::GetNArrivals() const
{
    return m_arrivals;
}

void
RatsDatagramServer::ProcessArrival(const RatsNotificationRecord& record)
{
    auto it = m_area.find(record.entry.area);
    NS_ABORT_MSG_IF(it == m_area.end(), "RatsDatagramServer: arrival on a foreign area");
    ++m_arrivals;
    Buffer& b = m_buffers[it->second];
    if (b.state != AT_CLIENT)
    {
        // Cannot happen with well-behaved clients (they hold no ticket for this buffer).
        NS_LOG_WARN("RatsDatagramServer: datagram into buffer " << it->second
                                                                << " the client did not own");
        return;
    }
    b.state = ARRIVED;
    b.node = record.entry.node;
    m_arrived.push_back(it->second);
}

bool
RatsDatagramServer::HasData() const
{
    return !m_arrived.empty();
}

RatsCostProfile
RatsDatagramServer::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram); the paper does not measure the datagram protocol.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsDatagramServer::GetProtocolName() const
{
    return "datagram";
}

Ptr<RatsDatagramClient>
RatsDatagramClient::Create(Ptr<RatsInterfaceManager> manager, const RatsDatagramSeed& seed)
{
    NS_ABORT_MSG_IF(seed.tickets.empty(), "RatsDatagramClient: a seed without tickets");
    Ptr<RatsDatagramClient> c = ns3::Create<RatsDatagramClient>(manager);
    c->m_maxMessage = seed.maxMessage;
    const uint32_t n = static_cast<uint32_t>(seed.tickets.size());
    for (uint32_t i = 0; i < n; ++i)
    {
        NS_ABORT_MSG_IF(!seed.tickets[i].IsValid(), "RatsDatagramClient: invalid ticket");
        c->m_tickets.emplace_back(i, seed.tickets[i]);
    }
    c->m_out.assign(n, false);
    c->m_ring = manager->Malloc(n * RatsTicket::SERIALIZED_BYTES);
    NS_ABORT_MSG_IF(!c->m_ring.IsValid(), "RatsDatagramClient: no pinned memory");
    manager->Write(c->m_ring.offset, std::vector<uint8_t>(n * RatsTicket::SERIALIZED_BYTES, 0));
    const uint16_t area = manager->AllocateNotificationArea(c);
    c->m_ringTicket = manager->CreateSlot(c->m_ring, area);
    manager->Register(c);
    return c;
}

RatsDatagramClient::RatsDatagramClient(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_maxMessage(0),
      m_sequence(0),
      m_returned(0)
{
}

Ptr<RatsSendHandle>
RatsDatagramClient::Send(uint64_t offset, uint32_t length, std::function<void()> returned)
{
    if (length > m_maxMessage)
    {
        Ptr<RatsSendHandle> h = ns3::Create<RatsSendHandle>();
        h->Fail(RatsSendHandle::TOO_LONG);
        return Refuse(h, returned);
    }
    if (m_tickets.empty())
    {
        // The application may look at its credit-return area without polling.
        CollectReturned();
    }
    if (m_tickets.empty())
    {
        NS_LOG_INFO("RatsDatagramClient: no ticket, send refused");
        Ptr<RatsSendHandle> h = ns3::Create<RatsSendHandle>();
        h->Fail(RatsSendHandle::NO_TICKET);
        return Refuse(h, returned);
    }
    const uint32_t entry = m_tickets.front().first;
    const RatsTicket t = m_tickets.front().second;
    m_tickets.pop_front();
    m_out[entry] = true;
    RatsTicket back = m_ringTicket;
    back.offset = entry * RatsTicket::SERIALIZED_BYTES;
    back.range = RatsTicket::SERIALIZED_BYTES;
    std::vector<uint8_t> meta = back.Serialize();
    PutWord(meta, length);
    PutWord(meta, ++m_sequence);
    PutWord(meta, entry);
    return m_manager->GetHardware()
        ->SendMsg(t, offset, length, meta, GetCostProfile(), {}, returned);
}

void
RatsDatagramClient::SendWhenPossible(uint64_t offset,
                                     uint32_t length,
                                     std::function<void(Ptr<RatsSendHandle>)> sent)
{
    Ptr<RatsDatagramClient> self(this);
    WhenReady([self]() { return !self->m_tickets.empty(); },
              [self, offset, length, sent]() {
                  auto h = std::make_shared<Ptr<RatsSendHandle>>();
                  *h = self->Send(offset, length, [h, sent]() {
                      if (sent)
                      {
                          sent(*h);
                      }
                  });
              });
}

uint32_t
RatsDatagramClient::GetNTickets() const
{
    return static_cast<uint32_t>(m_tickets.size());
}

uint64_t
RatsDatagramClient::GetNReturned() const
{
    return m_returned;
}

uint32_t
RatsDatagramClient::CollectReturned()
{
    for (uint32_t i = 0; i < m_out.size(); ++i)
    {
        if (!m_out[i])
        {
            continue;
        }
        const uint64_t at = m_ring.offset + i * RatsTicket::SERIALIZED_BYTES;
        std::vector<uint8_t> b = m_manager->Read(at, RatsTicket::SERIALIZED_BYTES);
        RatsTicket t = RatsTicket::Deserialize(b.data(), RatsTicket::SERIALIZED_BYTES);
        if (!t.IsValid())
        {
            continue;
        }
        m_manager->Write(at, std::vector<uint8_t>(RatsTicket::SERIALIZED_BYTES, 0));
        m_out[i] = false;
        m_tickets.emplace_back(i, t);
        ++m_returned;
    }
    return static_cast<uint32_t>(m_tickets.size());
}

void
RatsDatagramClient::ProcessArrival(const RatsNotificationRecord& record)
{
    NS_LOG_FUNCTION(this << record.entry.node);
    CollectReturned();
}

bool
RatsDatagramClient::HasData() const
{
    return false; // the client side receives only tickets, never data
}

RatsCostProfile
RatsDatagramClient::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram), as for the server.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsDatagramClient::GetProtocolName() const
{
    return "datagram-client";
}

} // namespace ns3
