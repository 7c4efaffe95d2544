/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-simple-datagram.h"

#include "rats-wire.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

using rats::GetWord;
using rats::PutWord;

NS_LOG_COMPONENT_DEFINE("RatsSimpleDatagram");

bool
RatsSimpleDatagramMessage::HasReplySeed() const
{
    return metadata.size() == RatsTicket::SERIALIZED_BYTES;
}

Ptr<RatsSimpleDatagramServer>
RatsSimpleDatagramServer::Create(Ptr<RatsInterfaceManager> manager, uint32_t capacity)
{
    NS_ABORT_MSG_IF(capacity == 0, "RatsSimpleDatagramServer: zero capacity");
    Ptr<RatsSimpleDatagramServer> s = ns3::Create<RatsSimpleDatagramServer>(manager);
    s->m_buffer = manager->Malloc(HEADER_BYTES + capacity);
    NS_ABORT_MSG_IF(!s->m_buffer.IsValid(),
                    "RatsSimpleDatagramServer: no pinned memory for " << capacity << " bytes");
    const uint16_t area = manager->AllocateNotificationArea(s);
    s->m_seed = manager->CreateSlot(s->m_buffer, area);
    manager->Register(s);
    return s;
}

RatsSimpleDatagramServer::RatsSimpleDatagramServer(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_ready(false),
      m_arrivals(0)
{
}

RatsTicket
RatsSimpleDatagramServer::MakeSeed() const
{
    return m_seed;
}

RatsTicket
RatsSimpleDatagramServer::SplitSeed(RatsTicket& seed, uint32_t bytes)
{
    NS_ABORT_MSG_IF(bytes <= HEADER_BYTES || seed.range < bytes + HEADER_BYTES + 1,
                    "RatsSimpleDatagramServer::SplitSeed: cannot take "
                        << bytes << " bytes from " << seed << " (each part needs more than "
                        << HEADER_BYTES << " bytes)");
    // A share of the delta that leaves neither part at 0 (mod 2^32): the parts then notify
    // only together. The shares follow a fixed odd stride, so different splits differ.
    static uint32_t s_next = 0x9e3779b9u;
    uint32_t share = s_next;
    s_next += 0x9e3779b9u;
    if (share == 0 || seed.delta - share == 0)
    {
        share += 1;
    }
    RatsTicket part = seed;
    part.offset = seed.offset + seed.range - bytes;
    part.range = bytes;
    part.delta = share;
    seed.range -= bytes;
    seed.delta -= share; // modulo 2^32: the sum of the parts' deltas is unchanged
    return part;
}

void
RatsSimpleDatagramServer::Recv(std::function<void(RatsSimpleDatagramMessage)> done)
{
    Ptr<RatsSimpleDatagramServer> self(this);
    WhenReady([self]() { return self->m_ready; },
              [self, done]() {
                  self->m_ready = false;
                  const RatsCostProfile c = self->GetCostProfile();
                  self->Charge(c.recvOn, c.recvOff, [self, done]() {
                      if (done)
                      {
                          done(self->GetMessageAt(self->m_seed.offset));
                      }
                  });
              });
}

RatsSimpleDatagramMessage
RatsSimpleDatagramServer::GetMessageAt(uint32_t seedOffset) const
{
    NS_ABORT_MSG_IF(static_cast<uint64_t>(seedOffset) + HEADER_BYTES > m_buffer.length,
                    "RatsSimpleDatagramServer::GetMessageAt: offset " << seedOffset
                                                                      << " outside the buffer");
    const uint64_t base = m_buffer.offset + seedOffset;
    std::vector<uint8_t> h = m_manager->Read(base + USER_METADATA_MAX, FIXED_METADATA);
    RatsSimpleDatagramMessage msg;
    msg.length = GetWord(h.data());
    const uint32_t u = GetWord(h.data() + 4);
    msg.sequence = GetWord(h.data() + 8);
    NS_ABORT_MSG_IF(u > USER_METADATA_MAX ||
                        seedOffset + HEADER_BYTES + static_cast<uint64_t>(msg.length) >
                            m_buffer.length,
                    "RatsSimpleDatagramServer: corrupt header at offset " << seedOffset);
    msg.metadata = m_manager->Read(base + USER_METADATA_MAX - u, u);
    msg.dataOffset = base + HEADER_BYTES;
    return msg;
}

RatsTicket
RatsSimpleDatagramServer::ReplySeed(const RatsSimpleDatagramMessage& message)
{
    NS_ABORT_MSG_IF(!message.HasReplySeed(),
                    "RatsSimpleDatagramServer::ReplySeed: the message carries no reply seed");
    return RatsTicket::Deserialize(message.metadata.data(),
                                   static_cast<uint32_t>(message.metadata.size()));
}

std::vector<uint8_t>
RatsSimpleDatagramServer::MetadataForSelf() const
{
    return m_seed.Serialize();
}

RatsBuffer
RatsSimpleDatagramServer::GetBuffer() const
{
    return m_buffer;
}

uint64_t
RatsSimpleDatagramServer::GetNArrivals() const
{
    return m_arrivals;
}

void
RatsSimpleDatagramServer::ProcessArrival(const RatsNotificationRecord& record)
{
    NS_LOG_FUNCTION(this << record.entry.area << record.entry.node);
    ++m_arrivals;
    m_ready = true;
}

bool
RatsSimpleDatagramServer::HasData() const
{
    return m_ready;
}

RatsCostProfile
RatsSimpleDatagramServer::GetCostProfile() const
{
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsSimpleDatagramServer::GetProtocolName() const
{
    return "simple-datagram";
}

RatsSimpleDatagramClient::RatsSimpleDatagramClient(Ptr<RatsInterfaceManager> manager,
                                                   const RatsTicket& seed)
    : m_manager(manager),
      m_seed(seed),
      m_sequence(0)
{
    NS_ABORT_MSG_IF(manager == nullptr || manager->GetHardware() == nullptr,
                    "RatsSimpleDatagramClient: needs an interface manager that has been Setup()");
    NS_ABORT_MSG_IF(!seed.IsValid(), "RatsSimpleDatagramClient: invalid seed " << seed);
}

Ptr<RatsSendHandle>
RatsSimpleDatagramClient::Send(uint64_t offset,
                               uint32_t length,
                               const std::vector<uint8_t>& metadata,
                               std::function<void()> returned)
{
    return SendWithSeed(m_manager, m_seed, offset, length, metadata, ++m_sequence, returned);
}

Ptr<RatsSendHandle>
RatsSimpleDatagramClient::SendWithSeed(Ptr<RatsInterfaceManager> manager,
                                       const RatsTicket& seed,
                                       uint64_t offset,
                                       uint32_t length,
                                       const std::vector<uint8_t>& metadata,
                                       uint32_t sequence,
                                       std::function<void()> returned)
{
    const uint32_t u = static_cast<uint32_t>(metadata.size());
    NS_ABORT_MSG_IF(u > RatsSimpleDatagramServer::USER_METADATA_MAX,
                    "RatsSimpleDatagramClient::Send: "
                        << u << " bytes of metadata (at most "
                        << RatsSimpleDatagramServer::USER_METADATA_MAX << ")");
    std::vector<uint8_t> meta = metadata;
    PutWord(meta, length);
    PutWord(meta, u);
    PutWord(meta, sequence);
    RatsTicket t = seed;
    const uint32_t skip = RatsSimpleDatagramServer::USER_METADATA_MAX - u;
    if (seed.range < RatsSimpleDatagramServer::HEADER_BYTES)
    {
        t.range = 0;
    }
    else
    {
        t.offset += skip;
        t.range -= skip;
    }
    return manager->GetHardware()->SendMsg(t,
                                           offset,
                                           length,
                                           meta,
                                           manager->GetCostTable()->GetSimpleDatagram(),
                                           {},
                                           returned);
}

} // namespace ns3
