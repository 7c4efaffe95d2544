/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-stream.h"

#include "rats-wire.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

using rats::GetWord;
using rats::PutWord;

NS_LOG_COMPONENT_DEFINE("RatsStream");

namespace
{

/// Bytes of the hello part of a sender's control area: count, capacity, tickets.
constexpr uint32_t HELLO_BYTES = 8 + RatsStreamReceiver::MAX_SLOTS * RatsTicket::SERIALIZED_BYTES;
/// Bytes of the credit part: one word per possible ring slot.
constexpr uint32_t CREDIT_BYTES = 4 * RatsStreamReceiver::MAX_SLOTS;

} // namespace

// ---- receiver ----------------------------------------------------------------------------

RatsStreamReceiver::RatsStreamReceiver(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_slots(0),
      m_capacity(0),
      m_next(0),
      m_pos(0),
      m_released(0),
      m_highest(0),
      m_outOfOrder(0)
{
}

Ptr<RatsStreamReceiver>
RatsStreamReceiver::Create(Ptr<RatsInterfaceManager> manager, uint32_t slots, uint32_t capacity)
{
    Ptr<RatsStreamReceiver> r = ns3::Create<RatsStreamReceiver>(manager);
    r->Init(slots, capacity);
    return r;
}

Ptr<RatsStreamReceiver>
RatsStreamReceiver::Create(Ptr<RatsInterfaceManager> manager,
                           const RatsStreamSeed& seed,
                           uint32_t slots,
                           uint32_t capacity)
{
    NS_ABORT_MSG_IF(seed.forSender || seed.tickets.size() != 1,
                    "RatsStreamReceiver: the seed is not a sender's seed");
    Ptr<RatsStreamReceiver> r = Create(manager, slots, capacity);
    // Hello: the ring's tickets, sent from the (still unused) first ring slot's memory.
    std::vector<uint8_t> hello;
    PutWord(hello, slots);
    PutWord(hello, capacity);
    for (const auto& t : r->m_tickets)
    {
        std::vector<uint8_t> b = t.Serialize();
        hello.insert(hello.end(), b.begin(), b.end());
    }
    NS_ABORT_MSG_IF(hello.size() > r->m_ring.length, "RatsStreamReceiver: ring too small");
    manager->Write(r->m_ring.offset, hello);
    manager->GetHardware()->SendMsg(seed.tickets[0],
                                    r->m_ring.offset,
                                    static_cast<uint32_t>(hello.size()),
                                    {},
                                    r->GetCostProfile());
    return r;
}

void
RatsStreamReceiver::Init(uint32_t slots, uint32_t capacity)
{
    NS_ABORT_MSG_IF(slots == 0 || slots > MAX_SLOTS || capacity == 0,
                    "RatsStreamReceiver: 1 to " << MAX_SLOTS << " slots of > 0 bytes");
    m_slots = slots;
    m_capacity = capacity;
    const uint32_t slotBytes = HEADER_BYTES + capacity + 4 * MAX_BOUNDARIES;
    m_ring = m_manager->Malloc(slots * slotBytes);
    m_credits = m_manager->Malloc(4 * MAX_SLOTS);
    NS_ABORT_MSG_IF(!m_ring.IsValid() || !m_credits.IsValid(),
                    "RatsStreamReceiver: no pinned memory for the ring");
    for (uint32_t i = 0; i < slots; ++i)
    {
        RatsBuffer b{m_ring.offset + i * slotBytes, slotBytes};
        const uint16_t area = m_manager->AllocateNotificationArea(Ptr<RatsServer>(this));
        m_area[area] = i;
        m_tickets.push_back(m_manager->CreateSlot(b, area));
    }
    m_arrived.assign(slots, false);
    m_manager->Register(Ptr<RatsServer>(this));
}

RatsStreamSeed
RatsStreamReceiver::MakeSeed() const
{
    RatsStreamSeed s;
    s.forSender = true;
    s.tickets = m_tickets;
    s.capacity = m_capacity;
    return s;
}

bool
RatsStreamReceiver::CurrentReady()
{
    const uint32_t slot = m_next % m_slots;
    if (!m_arrived[slot])
    {
        return false;
    }
    const uint64_t base = m_ring.offset + slot * static_cast<uint64_t>(m_tickets[slot].range);
    std::vector<uint8_t> h = m_manager->Read(base + RatsTicket::SERIALIZED_BYTES, 8);
    const uint32_t seq = GetWord(h.data());
    const uint32_t len = GetWord(h.data() + 4);
    NS_ABORT_MSG_IF(seq != m_next,
                    "RatsStreamReceiver: slot " << slot << " holds message " << seq << ", expected "
                                                << m_next);
    if (m_pos >= len)
    {
        // Fully read (it stays until released): move to the next message.
        ++m_next;
        m_pos = 0;
        return CurrentReady();
    }
    return true;
}

void
RatsStreamReceiver::Read(bool record, std::function<void(RatsStreamChunk)> done)
{
    Ptr<RatsStreamReceiver> self(this);
    WhenReady(
        [self]() { return self->CurrentReady(); },
        [self, record, done]() {
            const RatsCostProfile c = self->GetCostProfile();
            self->Charge(c.recvOn, c.recvOff, [self, record, done]() {
                NS_ABORT_MSG_IF(!self->CurrentReady(), "RatsStreamReceiver: concurrent reads");
                const uint32_t slot = self->m_next % self->m_slots;
                const uint64_t base =
                    self->m_ring.offset + slot * static_cast<uint64_t>(self->m_tickets[slot].range);
                std::vector<uint8_t> h =
                    self->m_manager->Read(base + RatsTicket::SERIALIZED_BYTES, 16);
                const uint32_t len = GetWord(h.data() + 4);
                const uint32_t nb = GetWord(h.data() + 8);
                uint32_t end = len;
                if (record)
                {
                    std::vector<uint8_t> b =
                        self->m_manager->Read(base + HEADER_BYTES + len, 4 * nb);
                    for (uint32_t k = 0; k < nb; ++k)
                    {
                        const uint32_t bound = GetWord(b.data() + 4 * k);
                        if (bound > self->m_pos && bound < end)
                        {
                            end = bound;
                        }
                    }
                }
                RatsStreamChunk chunk;
                chunk.offset = base + HEADER_BYTES + self->m_pos;
                chunk.length = end - self->m_pos;
                chunk.sequence = self->m_next;
                self->m_pos = end;
                if (done)
                {
                    done(chunk);
                }
            });
        });
}

void
RatsStreamReceiver::ReadBytes(std::function<void(RatsStreamChunk)> done)
{
    Read(false, done);
}

void
RatsStreamReceiver::ReadRecord(std::function<void(RatsStreamChunk)> done)
{
    Read(true, done);
}

void
RatsStreamReceiver::Release(const RatsStreamChunk& chunk, std::function<void()> returned)
{
    NS_ABORT_MSG_IF(chunk.sequence >= m_highest,
                    "RatsStreamReceiver::Release: message " << chunk.sequence
                                                            << " has not arrived");
    if (chunk.sequence < m_released)
    {
        if (returned)
        {
            Simulator::ScheduleNow(returned);
        }
        return; // already freed by a later release
    }
    for (uint32_t s = m_released; s <= chunk.sequence; ++s)
    {
        m_arrived[s % m_slots] = false;
    }
    m_released = chunk.sequence + 1;
    if (m_next < m_released)
    {
        m_next = m_released;
        m_pos = 0;
    }
    // The credit: number of messages released, in the sender's credit word for this slot.
    const uint32_t word = chunk.sequence % MAX_SLOTS;
    std::vector<uint8_t> v;
    PutWord(v, m_released);
    m_manager->Write(m_credits.offset + 4 * word, v);
    RatsTicket t = m_senderCredit;
    t.offset += 4 * word;
    t.range = 4;
    m_manager->GetHardware()
        ->SendMsg(t, m_credits.offset + 4 * word, 4, {}, GetCostProfile(), {}, returned);
}

uint32_t
RatsStreamReceiver::GetNReleased() const
{
    return m_released;
}

uint64_t
RatsStreamReceiver::GetNOutOfOrder() const
{
    return m_outOfOrder;
}

void
RatsStreamReceiver::ProcessArrival(const RatsNotificationRecord& record)
{
    auto it = m_area.find(record.entry.area);
    NS_ABORT_MSG_IF(it == m_area.end(), "RatsStreamReceiver: arrival on a foreign area");
    const uint32_t slot = it->second;
    const uint64_t base = m_ring.offset + slot * static_cast<uint64_t>(m_tickets[slot].range);
    std::vector<uint8_t> h = m_manager->Read(base, HEADER_BYTES);
    m_senderCredit = RatsTicket::Deserialize(h.data(), RatsTicket::SERIALIZED_BYTES);
    const uint32_t seq = GetWord(h.data() + RatsTicket::SERIALIZED_BYTES);
    NS_LOG_INFO("RatsStreamReceiver: message " << seq << " in slot " << slot);
    if (seq + 1 < m_highest)
    {
        ++m_outOfOrder;
    }
    m_highest = std::max(m_highest, seq + 1);
    m_arrived[slot] = true;
}

bool
RatsStreamReceiver::HasData() const
{
    return m_arrived[m_next % m_slots];
}

RatsCostProfile
RatsStreamReceiver::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram); the paper does not measure the stream protocol.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsStreamReceiver::GetProtocolName() const
{
    return "stream-receiver";
}

// ---- sender ------------------------------------------------------------------------------

RatsStreamSender::RatsStreamSender(Ptr<RatsInterfaceManager> manager)
    : RatsServer(manager),
      m_threshold(256),
      m_slots(0),
      m_capacity(0),
      m_helloArea(0),
      m_sent(0),
      m_released(0),
      m_completed(0)
{
}

Ptr<RatsStreamSender>
RatsStreamSender::Create(Ptr<RatsInterfaceManager> manager,
                         const RatsStreamSeed& seed,
                         uint32_t threshold)
{
    NS_ABORT_MSG_IF(!seed.forSender || seed.tickets.empty() ||
                        seed.tickets.size() > RatsStreamReceiver::MAX_SLOTS,
                    "RatsStreamSender: the seed is not a receiver's seed");
    Ptr<RatsStreamSender> s = ns3::Create<RatsStreamSender>(manager);
    s->Init(threshold);
    s->m_ring = seed.tickets;
    s->m_slots = static_cast<uint32_t>(seed.tickets.size());
    s->m_capacity = seed.capacity;
    return s;
}

Ptr<RatsStreamSender>
RatsStreamSender::Create(Ptr<RatsInterfaceManager> manager, uint32_t threshold)
{
    Ptr<RatsStreamSender> s = ns3::Create<RatsStreamSender>(manager);
    s->Init(threshold);
    return s;
}

void
RatsStreamSender::Init(uint32_t threshold)
{
    m_threshold = threshold;
    m_control = m_manager->Malloc(HELLO_BYTES + CREDIT_BYTES);
    NS_ABORT_MSG_IF(!m_control.IsValid(), "RatsStreamSender: no pinned memory");
    m_manager->Write(m_control.offset, std::vector<uint8_t>(HELLO_BYTES + CREDIT_BYTES, 0));
    m_helloArea = m_manager->AllocateNotificationArea(Ptr<RatsServer>(this));
    m_helloTicket = m_manager->CreateSlot(RatsBuffer{m_control.offset, HELLO_BYTES}, m_helloArea);
    const uint16_t creditArea = m_manager->AllocateNotificationArea(Ptr<RatsServer>(this));
    m_creditTicket =
        m_manager->CreateSlot(RatsBuffer{m_control.offset + HELLO_BYTES, CREDIT_BYTES}, creditArea);
    m_manager->Register(Ptr<RatsServer>(this));
}

RatsStreamSeed
RatsStreamSender::MakeSeed() const
{
    RatsStreamSeed s;
    s.forSender = false;
    s.tickets = {m_helloTicket};
    return s;
}

Ptr<RatsSendHandle>
RatsStreamSender::WriteBytes(uint64_t offset, uint32_t length)
{
    return Write(offset, length, false);
}

Ptr<RatsSendHandle>
RatsStreamSender::WriteRecord(uint64_t offset, uint32_t length)
{
    return Write(offset, length, true);
}

Ptr<RatsSendHandle>
RatsStreamSender::Write(uint64_t offset, uint32_t length, bool record)
{
    Ptr<RatsSendHandle> h = ns3::Create<RatsSendHandle>();
    const uint32_t cap = m_capacity > 0 ? m_capacity : m_threshold;
    if (length == 0 || (length >= m_threshold && m_capacity > 0 && length > m_capacity))
    {
        h->Fail(RatsSendHandle::TOO_LONG);
        return h;
    }
    if (length >= m_threshold)
    {
        // As-is: whatever was coalesced before goes first, to keep the order.
        CloseStaging();
        Outgoing o;
        o.offset = offset;
        o.length = length;
        o.endsRecord = record;
        o.handles.push_back(h);
        m_queue.push_back(o);
        TrySend();
        return h;
    }
    const uint32_t room = std::min(cap, m_threshold);
    if (m_staging.length + length > room ||
        m_staging.bounds.size() >= RatsStreamReceiver::MAX_BOUNDARIES)
    {
        CloseStaging();
    }
    if (!m_staging.staging.IsValid())
    {
        m_staging.staging = m_manager->Malloc(room + 4 * RatsStreamReceiver::MAX_BOUNDARIES);
        NS_ABORT_MSG_IF(!m_staging.staging.IsValid(), "RatsStreamSender: no pinned memory");
        m_staging.offset = m_staging.staging.offset;
    }
    m_manager->Write(m_staging.offset + m_staging.length, m_manager->Read(offset, length));
    m_staging.length += length;
    if (record)
    {
        m_staging.bounds.push_back(m_staging.length);
    }
    m_staging.handles.push_back(h);
    h->SetStatus(RatsSendHandle::COPIED);
    // ASSUMED: the copy costs sendmsg's direct-I/O per-byte count (Table 2, 3/4 per byte).
    const double copy = GetCostProfile().sendDirectPerByte * length;
    m_manager->GetCpu()->ExecuteInstructions(copy, MakeSanCallback<void>([]() {}));
    return h;
}

void
RatsStreamSender::CloseStaging()
{
    if (m_staging.length == 0)
    {
        return;
    }
    // Record boundaries follow the data in the same buffer.
    std::vector<uint8_t> b;
    for (uint32_t bound : m_staging.bounds)
    {
        PutWord(b, bound);
    }
    m_manager->Write(m_staging.offset + m_staging.length, b);
    m_queue.push_back(m_staging);
    m_staging = Outgoing();
}

void
RatsStreamSender::TrySend()
{
    // Credits: the receiver's words hold counts of released messages.
    std::vector<uint8_t> c = m_manager->Read(m_control.offset + HELLO_BYTES, CREDIT_BYTES);
    for (uint32_t i = 0; i < RatsStreamReceiver::MAX_SLOTS; ++i)
    {
        m_released = std::max(m_released, GetWord(c.data() + 4 * i));
    }
    while (!m_queue.empty() && m_slots > 0 && m_sent - m_released < m_slots)
    {
        if (!m_queue.front().staging.IsValid() &&
            std::find(m_postedAsIs.begin(), m_postedAsIs.end(), m_queue.front().offset) !=
                m_postedAsIs.end())
        {
            break; // its buffer still carries an earlier message: posted when that one has left
        }
        Outgoing o = m_queue.front();
        m_queue.pop_front();
        const uint32_t seq = m_sent++;
        std::vector<uint8_t> meta = m_creditTicket.Serialize();
        PutWord(meta, seq);
        PutWord(meta, o.length);
        PutWord(meta, static_cast<uint32_t>(o.bounds.size()));
        PutWord(meta, o.endsRecord ? 1 : 0);
        const uint32_t total = o.length + 4 * static_cast<uint32_t>(o.bounds.size());
        Ptr<RatsSendHandle> sh = m_manager->GetHardware()->SendMsg(m_ring[seq % m_slots],
                                                                   o.offset,
                                                                   total,
                                                                   meta,
                                                                   GetCostProfile());
        if (!o.staging.IsValid())
        {
            m_postedAsIs.push_back(o.offset);
        }
        Ptr<RatsStreamSender> self(this);
        auto propagate = [o, self](RatsSendHandle::Status st) {
            for (auto& h : o.handles)
            {
                if (st == RatsSendHandle::ERROR)
                {
                    h->Fail(RatsSendHandle::REJECTED);
                }
                else
                {
                    h->SetStatus(st);
                }
            }
            if (st != RatsSendHandle::SENT && st != RatsSendHandle::ERROR)
            {
                return;
            }
            if (o.staging.IsValid())
            {
                self->m_manager->Free(o.staging);
            }
            else
            {
                auto& posted = self->m_postedAsIs;
                auto it = std::find(posted.begin(), posted.end(), o.offset);
                if (it != posted.end())
                {
                    posted.erase(it);
                }
            }
            // Messages leave one terminus in order: a count of completed ones is enough.
            ++self->m_completed;
            if (!o.staging.IsValid() && !self->m_queue.empty())
            {
                self->TrySend(); // a message held back for this buffer may go now
            }
            for (auto it = self->m_flushes.begin(); it != self->m_flushes.end();)
            {
                if (it->first <= self->m_completed)
                {
                    it->second->SetStatus(RatsSendHandle::SENT);
                    it = self->m_flushes.erase(it);
                }
                else
                {
                    ++it;
                }
            }
        };
        if (sh->GetStatus() != RatsSendHandle::PENDING)
        {
            propagate(sh->GetStatus());
        }
        else
        {
            sh->SetStatusCallback(Callback<void, RatsSendHandle::Status>(propagate));
        }
    }
}

Ptr<RatsSendHandle>
RatsStreamSender::Flush(std::function<void()> returned)
{
    CloseStaging();
    TrySend();
    Ptr<RatsSendHandle> fh = ns3::Create<RatsSendHandle>();
    Ptr<RatsStreamSender> self(this);
    WhenReady(
        [self]() {
            self->TrySend();
            return self->m_queue.empty();
        },
        [self, fh, returned]() {
            if (self->m_completed >= self->m_sent)
            {
                fh->SetStatus(RatsSendHandle::SENT);
            }
            else
            {
                self->m_flushes.emplace_back(self->m_sent, fh);
            }
            if (returned)
            {
                returned();
            }
        });
    return fh;
}

uint32_t
RatsStreamSender::GetNMessages() const
{
    return m_sent;
}

uint32_t
RatsStreamSender::GetNQueued() const
{
    return static_cast<uint32_t>(m_queue.size());
}

bool
RatsStreamSender::IsConnected() const
{
    return m_slots > 0;
}

void
RatsStreamSender::ProcessArrival(const RatsNotificationRecord& record)
{
    if (record.entry.area == m_helloArea && m_slots == 0)
    {
        std::vector<uint8_t> h = m_manager->Read(m_control.offset, 8);
        const uint32_t n = GetWord(h.data());
        NS_ABORT_MSG_IF(n == 0 || n > RatsStreamReceiver::MAX_SLOTS,
                        "RatsStreamSender: corrupt hello");
        m_capacity = GetWord(h.data() + 4);
        std::vector<uint8_t> t =
            m_manager->Read(m_control.offset + 8, n * RatsTicket::SERIALIZED_BYTES);
        for (uint32_t i = 0; i < n; ++i)
        {
            m_ring.push_back(RatsTicket::Deserialize(t.data() + i * RatsTicket::SERIALIZED_BYTES,
                                                     RatsTicket::SERIALIZED_BYTES));
        }
        m_slots = n;
        NS_LOG_INFO("RatsStreamSender: connected, " << n << " ring slots");
    }
    TrySend();
}

bool
RatsStreamSender::HasData() const
{
    return false; // a sender receives only its receiver's hello and credits
}

RatsCostProfile
RatsStreamSender::GetCostProfile() const
{
    // ASSUMED: Table 2 (simple datagram), as for the receiver.
    return m_manager->GetCostTable()->GetSimpleDatagram();
}

std::string
RatsStreamSender::GetProtocolName() const
{
    return "stream-sender";
}

} // namespace ns3
