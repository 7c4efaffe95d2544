/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-tagged-write.h"

#include "rats-wire.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsTaggedWrite");

Ptr<RatsTaggedWriteServer>
RatsTaggedWriteServer::Create(Ptr<RatsInterfaceManager> manager, uint32_t bytes)
{
    Ptr<RatsTaggedWriteServer> s = ns3::Create<RatsTaggedWriteServer>(manager);
    s->m_buffer = manager->Malloc(bytes);
    NS_ABORT_MSG_IF(!s->m_buffer.IsValid(),
                    "RatsTaggedWriteServer: no pinned memory for " << bytes << " bytes");
    const uint16_t area = manager->AllocateNotificationArea(s);
    s->m_seed = manager->CreateSlot(s->m_buffer, area);
    manager->Register(s);
    return s;
}

RatsTaggedWriteServer::RatsTaggedWriteServer(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager)
{
}

RatsTicket
RatsTaggedWriteServer::MakeSeed() const
{
    return m_seed;
}

RatsBuffer
RatsTaggedWriteServer::GetBuffer() const
{
    return m_buffer;
}

void
RatsTaggedWriteServer::GetTag(std::function<void(Tag)> done)
{
    Ptr<RatsTaggedWriteServer> self(this);
    WhenReady([self]() { return !self->m_tags.empty(); },
              [self, done]() {
                  const RatsCostProfile c = self->GetCostProfile();
                  self->Charge(c.recvOn, c.recvOff, [self, done]() {
                      NS_ABORT_MSG_IF(self->m_tags.empty(),
                                      "RatsTaggedWriteServer: a tag vanished");
                      Tag t = self->m_tags.front();
                      self->m_tags.pop_front();
                      if (done)
                      {
                          done(t);
                      }
                  });
              });
}

void
RatsTaggedWriteServer::GetSpecificTag(uint32_t tag, std::function<void(Tag)> done)
{
    Ptr<RatsTaggedWriteServer> self(this);
    auto has = [self, tag]() {
        for (const auto& t : self->m_tags)
        {
            if (t.tag == tag)
            {
                return true;
            }
        }
        return false;
    };
    WhenReady(has, [self, tag, done]() {
        const RatsCostProfile c = self->GetCostProfile();
        self->Charge(c.recvOn, c.recvOff, [self, tag, done]() {
            for (auto it = self->m_tags.begin(); it != self->m_tags.end(); ++it)
            {
                if (it->tag == tag)
                {
                    Tag t = *it;
                    self->m_tags.erase(it);
                    if (done)
                    {
                        done(t);
                    }
                    return;
                }
            }
            NS_ABORT_MSG("RatsTaggedWriteServer: tag " << tag << " vanished");
        });
    });
}

uint32_t
RatsTaggedWriteServer::GetNPending() const
{
    return static_cast<uint32_t>(m_tags.size());
}

void
RatsTaggedWriteServer::ProcessArrival(const RatsNotificationRecord& record)
{
    Tag t;
    t.node = record.entry.node;
    const auto& b = record.outOfBand;
    NS_ABORT_MSG_IF(b.size() < 4, "RatsTaggedWriteServer: an arrival without its tag");
    t.tag = rats::GetWord(b.data());
    NS_LOG_INFO("RatsTaggedWriteServer: tag " << t.tag << " from node " << t.node);
    m_tags.push_back(t);
}

bool
RatsTaggedWriteServer::HasData() const
{
    return !m_tags.empty();
}

RatsCostProfile
RatsTaggedWriteServer::GetCostProfile() const
{
    return m_manager->GetCostTable()->GetTaggedWrite();
}

std::string
RatsTaggedWriteServer::GetProtocolName() const
{
    return "tagged-write";
}

RatsTaggedWriteClient::RatsTaggedWriteClient(Ptr<RatsInterfaceManager> manager,
                                             const RatsTicket& seed)
    : m_manager(manager),
      m_seed(seed)
{
    NS_ABORT_MSG_IF(manager == nullptr || manager->GetHardware() == nullptr,
                    "RatsTaggedWriteClient: needs an interface manager that has been Setup()");
    NS_ABORT_MSG_IF(!seed.IsValid(), "RatsTaggedWriteClient: invalid seed " << seed);
}

Ptr<RatsSendHandle>
RatsTaggedWriteClient::Write(uint64_t offset,
                             uint32_t length,
                             uint32_t destOffset,
                             uint32_t tag,
                             std::function<void()> returned)
{
    Ptr<RatsHardwareInterface> hw = m_manager->GetHardware();
    if (length > hw->GetPacketSize() || length == 0)
    {
        Ptr<RatsSendHandle> h = Create<RatsSendHandle>();
        h->Fail(RatsSendHandle::NOT_ONE_PACKET);
        if (returned)
        {
            Simulator::ScheduleNow(returned);
        }
        return h;
    }
    RatsTicket t = m_seed;
    if (destOffset >= t.range)
    {
        t.range = 0; // fails TOO_LONG below via an invalid ticket
    }
    else
    {
        t.offset += destOffset;
        t.range -= destOffset;
    }
    std::vector<uint8_t> oob;
    rats::PutWord(oob, tag);
    if (!t.IsValid())
    {
        Ptr<RatsSendHandle> h = Create<RatsSendHandle>();
        h->Fail(RatsSendHandle::TOO_LONG);
        if (returned)
        {
            Simulator::ScheduleNow(returned);
        }
        return h;
    }
    return hw->SendMsg(t,
                       offset,
                       length,
                       {},
                       m_manager->GetCostTable()->GetTaggedWrite(),
                       oob,
                       returned);
}

} // namespace ns3
