/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-initial-request.h"

#include "rats-wire.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

using rats::GetLong;
using rats::GetWord;
using rats::PutLong;
using rats::PutWord;

NS_LOG_COMPONENT_DEFINE("RatsInitialRequest");

namespace
{

/// \param h a handle to fail \param e error \param returned call-return \return h
Ptr<RatsSendHandle>
Refuse(RatsSendHandle::Error e, std::function<void()> returned)
{
    Ptr<RatsSendHandle> h = Create<RatsSendHandle>();
    h->Fail(e);
    if (returned)
    {
        Simulator::ScheduleNow(returned);
    }
    return h;
}

} // namespace

// ---- server ------------------------------------------------------------------------------

Ptr<RatsInitialRequestServer>
RatsInitialRequestServer::Create(Ptr<RatsInterfaceManager> manager, uint32_t maxRequest)
{
    NS_ABORT_MSG_IF(maxRequest == 0, "RatsInitialRequestServer: zero maxRequest");
    Ptr<RatsInitialRequestServer> s = ns3::Create<RatsInitialRequestServer>(manager);
    s->m_maxRequest = maxRequest;
    s->m_buffer = manager->Malloc(HEADER_BYTES + maxRequest);
    NS_ABORT_MSG_IF(!s->m_buffer.IsValid(), "RatsInitialRequestServer: no pinned memory");
    const uint16_t area = manager->AllocateNotificationArea(s);
    s->m_seed = manager->CreateSlot(s->m_buffer, area);
    const HamlynSlot* slot = manager->GetHardware()->GetContext()->FindSlot(s->m_seed.slot);
    NS_ABORT_MSG_IF(slot == nullptr, "RatsInitialRequestServer: slot not defined");
    s->m_slot = *slot;
    manager->Register(s);
    return s;
}

RatsInitialRequestServer::RatsInitialRequestServer(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_maxRequest(0),
      m_busy(false),
      m_pending(false),
      m_delivered(0),
      m_duplicates(0)
{
}

std::string
RatsInitialRequestServer::MakeSeed() const
{
    return m_seed.ToAscii();
}

void
RatsInitialRequestServer::Recv(std::function<void(RatsInitialRequest)> done)
{
    Ptr<RatsInitialRequestServer> self(this);
    WhenReady([self]() { return self->m_pending; },
              [self, done]() {
                  self->m_pending = false;
                  const RatsCostProfile c = self->GetCostProfile();
                  self->Charge(c.recvOn, c.recvOff, [self, done]() {
                      ++self->m_delivered;
                      if (done)
                      {
                          done(self->m_request);
                      }
                  });
              });
}

Ptr<RatsSendHandle>
RatsInitialRequestServer::SendReply(const RatsInitialRequest& request,
                                    uint64_t offset,
                                    uint32_t length,
                                    std::function<void()> returned)
{
    Ptr<RatsHardwareInterface> hw = m_manager->GetHardware();
    if (REPLY_HEADER_BYTES + length > hw->GetPacketSize())
    {
        return Refuse(RatsSendHandle::NOT_ONE_PACKET, returned);
    }
    std::vector<uint8_t> meta;
    PutWord(meta, request.sequence);
    PutLong(meta, request.timestamp);
    PutWord(meta, length);
    // The request buffer is free again: the same slot, number and key, as the seed says.
    if (m_busy)
    {
        hw->GetContext()->DefineSlot(m_seed.slot,
                                     m_slot.area,
                                     m_slot.base,
                                     m_slot.limit,
                                     m_slot.key);
        m_busy = false;
    }
    return hw->SendMsg(request.reply, offset, length, meta, GetCostProfile(), {}, returned);
}

uint64_t
RatsInitialRequestServer::GetNDelivered() const
{
    return m_delivered;
}

uint64_t
RatsInitialRequestServer::GetNDuplicates() const
{
    return m_duplicates;
}

bool
RatsInitialRequestServer::IsBusy() const
{
    return m_busy;
}

void
RatsInitialRequestServer::ProcessArrival(const RatsNotificationRecord& record)
{
    if (m_busy)
    {
        // Arrived just before the slot was revoked, over the held request's buffer: lost
        // (its client retransmits). Cannot happen once the revocation has taken effect.
        NS_LOG_INFO("RatsInitialRequestServer: arrival while busy, lost");
        return;
    }
    std::vector<uint8_t> h = m_manager->Read(m_buffer.offset, HEADER_BYTES);
    RatsInitialRequest r;
    r.reply = RatsTicket::Deserialize(h.data(), RatsTicket::SERIALIZED_BYTES);
    r.sequence = GetWord(h.data() + RatsTicket::SERIALIZED_BYTES);
    r.timestamp = GetLong(h.data() + RatsTicket::SERIALIZED_BYTES + 4);
    r.length = GetWord(h.data() + RatsTicket::SERIALIZED_BYTES + 12);
    // The client is known by its reply ticket (node, slot): the notification's node is the
    // last writer of the buffer, which may not be the writer of the header read here if two
    // requests raced into the buffer before the slot was revoked.
    r.node = r.reply.node;
    r.dataOffset = m_buffer.offset + HEADER_BYTES;
    if (r.length > m_maxRequest)
    {
        NS_LOG_WARN("RatsInitialRequestServer: corrupt request ignored");
        return;
    }
    const auto client = std::make_pair(r.node, r.reply.slot);
    auto it = m_served.find(client);
    if (it != m_served.end() && r.sequence <= it->second)
    {
        ++m_duplicates;
        NS_LOG_INFO("RatsInitialRequestServer: duplicate " << r.sequence << " from node "
                                                           << r.node);
        return;
    }
    m_served[client] = r.sequence;
    // Busy: revoke the slot, so further requests are dropped by the interface.
    m_manager->GetHardware()->RevokeSlot(m_seed.slot);
    m_busy = true;
    m_pending = true;
    m_request = r;
}

bool
RatsInitialRequestServer::HasData() const
{
    return m_pending;
}

RatsCostProfile
RatsInitialRequestServer::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram); the paper does not measure this protocol.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsInitialRequestServer::GetProtocolName() const
{
    return "initial-request";
}

// ---- client ------------------------------------------------------------------------------

Ptr<RatsInitialRequestClient>
RatsInitialRequestClient::Create(Ptr<RatsInterfaceManager> manager,
                                 const std::string& seed,
                                 uint32_t maxReply,
                                 Time timeout,
                                 Time maxTimeout)
{
    NS_ABORT_MSG_IF(maxReply == 0 || !timeout.IsStrictlyPositive(),
                    "RatsInitialRequestClient: needs maxReply > 0 and a positive timeout");
    NS_ABORT_MSG_IF(maxTimeout.IsStrictlyNegative() ||
                        (maxTimeout.IsStrictlyPositive() && maxTimeout < timeout),
                    "RatsInitialRequestClient: the longest time-out ("
                        << maxTimeout.As(Time::US) << ") is shorter than the first ("
                        << timeout.As(Time::US) << ")");
    Ptr<RatsInitialRequestClient> c = ns3::Create<RatsInitialRequestClient>(manager);
    c->m_server = RatsTicket::FromAscii(seed);
    c->m_timeout = timeout;
    c->m_maxTimeout = maxTimeout.IsZero() ? timeout * 64 : maxTimeout;
    c->m_wait = timeout;
    c->m_reply = manager->Malloc(RatsInitialRequestServer::REPLY_HEADER_BYTES + maxReply);
    NS_ABORT_MSG_IF(!c->m_reply.IsValid(), "RatsInitialRequestClient: no pinned memory");
    const uint16_t area = manager->AllocateNotificationArea(c);
    c->m_replySeed = manager->CreateSlot(c->m_reply, area);
    manager->Register(c);
    return c;
}

RatsInitialRequestClient::RatsInitialRequestClient(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_offset(0),
      m_length(0),
      m_sequence(0),
      m_outstanding(false),
      m_replied(false),
      m_held(false),
      m_retransmissions(0),
      m_stale(0)
{
}

Ptr<RatsSendHandle>
RatsInitialRequestClient::Send(uint64_t offset, uint32_t length, std::function<void()> returned)
{
    if (m_outstanding || m_replied || m_held)
    {
        return Refuse(RatsSendHandle::BUSY, returned);
    }
    if (RatsInitialRequestServer::HEADER_BYTES + length > m_manager->GetHardware()->GetPacketSize())
    {
        return Refuse(RatsSendHandle::NOT_ONE_PACKET, returned);
    }
    m_offset = offset;
    m_length = length;
    ++m_sequence;
    m_outstanding = true;
    m_wait = m_timeout;
    return Transmit(returned);
}

Ptr<RatsSendHandle>
RatsInitialRequestClient::Transmit(std::function<void()> returned)
{
    std::vector<uint8_t> meta = m_replySeed.Serialize();
    PutWord(meta, m_sequence);
    PutLong(meta, static_cast<uint64_t>(Simulator::Now().GetNanoSeconds()));
    PutWord(meta, m_length);
    m_timer.Cancel();
    m_timer = Simulator::Schedule(m_wait, &RatsInitialRequestClient::OnTimeout, this);
    return m_manager->GetHardware()
        ->SendMsg(m_server, m_offset, m_length, meta, GetCostProfile(), {}, returned);
}

void
RatsInitialRequestClient::OnTimeout()
{
    if (!m_outstanding)
    {
        return;
    }
    ++m_retransmissions;
    m_wait = std::min(m_wait * 2, m_maxTimeout);
    NS_LOG_INFO("RatsInitialRequestClient: time-out, retransmitting " << m_sequence
                                                                      << ", next wait " << m_wait);
    Transmit(nullptr);
    // If the application is waiting in poll, end the wait so the sendmsg gets the CPU.
    m_manager->GetHardware()->GetContext()->Wake();
}

void
RatsInitialRequestClient::RecvReply(std::function<void(RatsInitialReply)> done)
{
    Ptr<RatsInitialRequestClient> self(this);
    WhenReady([self]() { return self->m_replied; },
              [self, done]() {
                  self->m_replied = false;
                  self->m_held = true;
                  const RatsCostProfile c = self->GetCostProfile();
                  self->Charge(c.recvOn, c.recvOff, [self, done]() {
                      if (done)
                      {
                          done(self->m_last);
                      }
                  });
              });
}

void
RatsInitialRequestClient::Release()
{
    NS_ABORT_MSG_IF(!m_held, "RatsInitialRequestClient::Release: no reply held");
    m_held = false;
}

uint64_t
RatsInitialRequestClient::GetNRetransmissions() const
{
    return m_retransmissions;
}

uint64_t
RatsInitialRequestClient::GetNStale() const
{
    return m_stale;
}

void
RatsInitialRequestClient::ProcessArrival(const RatsNotificationRecord& record)
{
    std::vector<uint8_t> h =
        m_manager->Read(m_reply.offset, RatsInitialRequestServer::REPLY_HEADER_BYTES);
    const uint32_t seq = GetWord(h.data());
    const uint64_t ts = GetLong(h.data() + 4);
    const uint32_t len = GetWord(h.data() + 12);
    if (!m_outstanding || seq != m_sequence)
    {
        ++m_stale;
        NS_LOG_INFO("RatsInitialRequestClient: stale reply " << seq << " ignored");
        return;
    }
    m_outstanding = false;
    m_timer.Cancel();
    m_replied = true;
    m_last.dataOffset = m_reply.offset + RatsInitialRequestServer::REPLY_HEADER_BYTES;
    m_last.length = len;
    m_last.sequence = seq;
    m_last.rtt = Simulator::Now() - NanoSeconds(static_cast<int64_t>(ts));
}

bool
RatsInitialRequestClient::HasData() const
{
    return m_replied;
}

RatsCostProfile
RatsInitialRequestClient::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram), as for the server.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsInitialRequestClient::GetProtocolName() const
{
    return "initial-request-client";
}

} // namespace ns3
