/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-remote-read.h"

#include "rats-wire.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

using rats::GetWord;
using rats::PutWord;

NS_LOG_COMPONENT_DEFINE("RatsRemoteRead");

Ptr<RatsRemoteReadServer>
RatsRemoteReadServer::Create(Ptr<RatsInterfaceManager> manager, uint32_t bytes)
{
    Ptr<RatsRemoteReadServer> s = ns3::Create<RatsRemoteReadServer>(manager);
    s->m_buffer = manager->Malloc(bytes);
    NS_ABORT_MSG_IF(!s->m_buffer.IsValid(),
                    "RatsRemoteReadServer: no pinned memory for " << bytes << " bytes");
    manager->Register(s);
    return s;
}

RatsRemoteReadServer::RatsRemoteReadServer(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_answered(0)
{
}

RatsRemoteReadSeed
RatsRemoteReadServer::MakeSeed()
{
    RatsBuffer req = m_manager->Malloc(REQUEST_BYTES);
    NS_ABORT_MSG_IF(!req.IsValid(), "RatsRemoteReadServer: no pinned memory for requests");
    const uint16_t area = m_manager->AllocateNotificationArea(Ptr<RatsServer>(this));
    m_reqs[area] = req;
    RatsRemoteReadSeed seed;
    seed.request = m_manager->CreateSlot(req, area);
    seed.bytes = m_buffer.length;
    return seed;
}

RatsBuffer
RatsRemoteReadServer::GetBuffer() const
{
    return m_buffer;
}

void
RatsRemoteReadServer::Serve()
{
    Ptr<RatsRemoteReadServer> self(this);
    m_manager->Poll([self]() { self->Serve(); });
}

uint64_t
RatsRemoteReadServer::GetNAnswered() const
{
    return m_answered;
}

void
RatsRemoteReadServer::ProcessArrival(const RatsNotificationRecord& record)
{
    auto it = m_reqs.find(record.entry.area);
    NS_ABORT_MSG_IF(it == m_reqs.end(), "RatsRemoteReadServer: arrival on a foreign area");
    std::vector<uint8_t> r = m_manager->Read(it->second.offset, REQUEST_BYTES);
    const RatsTicket reply = RatsTicket::Deserialize(r.data(), RatsTicket::SERIALIZED_BYTES);
    const uint32_t offset = GetWord(r.data() + RatsTicket::SERIALIZED_BYTES);
    const uint32_t length = GetWord(r.data() + RatsTicket::SERIALIZED_BYTES + 4);
    if (length == 0 || static_cast<uint64_t>(offset) + length > m_buffer.length)
    {
        // The client checks ranges against its seed: only a forged request gets here.
        NS_LOG_WARN("RatsRemoteReadServer: request outside the buffer ignored");
        return;
    }
    ++m_answered;
    NS_LOG_INFO("RatsRemoteReadServer: " << length << " bytes at " << offset << " to " << reply);
    m_manager->GetHardware()->SendMsg(reply,
                                      m_buffer.offset + offset,
                                      length,
                                      {},
                                      GetCostProfile());
}

bool
RatsRemoteReadServer::HasData() const
{
    return false; // requests are answered inside process_arrival
}

RatsCostProfile
RatsRemoteReadServer::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram); the paper does not measure remote read.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsRemoteReadServer::GetProtocolName() const
{
    return "remote-read";
}

Ptr<RatsRemoteReadClient>
RatsRemoteReadClient::Create(Ptr<RatsInterfaceManager> manager,
                             const RatsRemoteReadSeed& seed,
                             uint32_t capacity)
{
    NS_ABORT_MSG_IF(!seed.request.IsValid(), "RatsRemoteReadClient: invalid seed");
    Ptr<RatsRemoteReadClient> c = ns3::Create<RatsRemoteReadClient>(manager);
    c->m_seed = seed;
    c->m_buffer = manager->Malloc(capacity);
    c->m_request = manager->Malloc(RatsRemoteReadServer::REQUEST_BYTES);
    NS_ABORT_MSG_IF(!c->m_buffer.IsValid() || !c->m_request.IsValid(),
                    "RatsRemoteReadClient: no pinned memory");
    const uint16_t area = manager->AllocateNotificationArea(c);
    c->m_ticket = manager->CreateSlot(c->m_buffer, area);
    manager->Register(c);
    return c;
}

RatsRemoteReadClient::RatsRemoteReadClient(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_inFlight(false),
      m_ready(false),
      m_sequence(0)
{
}

Ptr<RatsSendHandle>
RatsRemoteReadClient::AsyncRemoteRead(uint32_t remoteOffset,
                                      uint32_t length,
                                      uint32_t localOffset,
                                      std::function<void()> returned)
{
    Ptr<RatsSendHandle> h;
    RatsSendHandle::Error err = RatsSendHandle::NONE;
    if (m_inFlight)
    {
        err = RatsSendHandle::BUSY; // only one remote read in flight per instance
    }
    else if (length == 0 || static_cast<uint64_t>(remoteOffset) + length > m_seed.bytes ||
             static_cast<uint64_t>(localOffset) + length > m_buffer.length)
    {
        err = RatsSendHandle::TOO_LONG;
    }
    if (err != RatsSendHandle::NONE)
    {
        NS_LOG_INFO("RatsRemoteReadClient: read refused");
        h = ns3::Create<RatsSendHandle>();
        h->Fail(err);
        if (returned)
        {
            Simulator::ScheduleNow(returned);
        }
        return h;
    }
    m_inFlight = true;
    m_ready = false;
    m_result = RatsBuffer{m_buffer.offset + localOffset, length};
    RatsTicket reply = m_ticket;
    reply.offset = localOffset;
    reply.range = length;
    std::vector<uint8_t> req = reply.Serialize();
    PutWord(req, remoteOffset);
    PutWord(req, length);
    PutWord(req, ++m_sequence);
    // The request is all metadata: sendmsg of m = 44, d = 0.
    return m_manager->GetHardware()
        ->SendMsg(m_seed.request, m_request.offset, 0, req, GetCostProfile(), {}, returned);
}

bool
RatsRemoteReadClient::Ready() const
{
    return m_ready;
}

bool
RatsRemoteReadClient::IsInFlight() const
{
    return m_inFlight;
}

Ptr<RatsSendHandle>
RatsRemoteReadClient::RemoteRead(uint32_t remoteOffset,
                                 uint32_t length,
                                 std::function<void(RatsBuffer)> done)
{
    Ptr<RatsSendHandle> h = AsyncRemoteRead(remoteOffset, length);
    if (h->GetStatus() == RatsSendHandle::ERROR)
    {
        if (done)
        {
            Simulator::ScheduleNow([done]() { done(RatsBuffer()); });
        }
        return h;
    }
    Ptr<RatsRemoteReadClient> self(this);
    WhenReady([self]() { return self->m_ready; },
              [self, done]() {
                  const RatsCostProfile c = self->GetCostProfile();
                  self->Charge(c.recvOn, c.recvOff, [self, done]() {
                      if (done)
                      {
                          done(self->m_result);
                      }
                  });
              });
    return h;
}

RatsBuffer
RatsRemoteReadClient::GetBuffer() const
{
    return m_buffer;
}

void
RatsRemoteReadClient::ProcessArrival(const RatsNotificationRecord& record)
{
    NS_LOG_FUNCTION(this << record.entry.node);
    m_inFlight = false;
    m_ready = true;
}

bool
RatsRemoteReadClient::HasData() const
{
    return m_ready;
}

RatsCostProfile
RatsRemoteReadClient::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram), as for the server.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsRemoteReadClient::GetProtocolName() const
{
    return "remote-read-client";
}

} // namespace ns3
