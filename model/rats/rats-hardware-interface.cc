/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-hardware-interface.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-operation.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsHardwareInterface");

NS_OBJECT_ENSURE_REGISTERED(RatsHardwareInterface);

TypeId
RatsHardwareInterface::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RatsHardwareInterface")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<RatsHardwareInterface>()
            // ASSUMPTION. Hamlyn 1995 section 3.1 sends "small" messages by direct I/O and
            // "large" ones by DMA; section 4.2 gives the break-even size as a result (not an
            // input), so it is not used here. Default: 128 bytes, the packet size Hamlyn was
            // originally designed for (section 2.6, "128-byte packets"). Reproductions should
            // sweep this attribute and measure the break-even.
            .AddAttribute("CutOver",
                          "Messages of at most this many bytes (metadata + data) are sent by "
                          "direct I/O, longer ones by DMA.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&RatsHardwareInterface::m_cutOver),
                          MakeUintegerChecker<uint32_t>())
            // Not given by the paper (section 2.6: message areas are pinned; its size is the
            // application's choice).
            .AddAttribute("PinnedBytes",
                          "Size of the application's pinned message area (read at Setup).",
                          UintegerValue(1 << 20),
                          MakeUintegerAccessor(&RatsHardwareInterface::m_pinnedBytes),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("FirstSlot",
                          "First slot number tried by AllocateSlot.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RatsHardwareInterface::m_nextSlot),
                          MakeUintegerChecker<uint32_t>(0, 65535));
    return tid;
}

RatsHardwareInterface::RatsHardwareInterface()
    : m_areaId(0),
      m_cutOver(128),
      m_pinnedBytes(1 << 20),
      m_notifyAreas(0),
      m_nextSlot(1),
      m_posted(0),
      m_direct(0),
      m_dma(0)
{
    m_keys = CreateObject<UniformRandomVariable>();
}

RatsHardwareInterface::~RatsHardwareInterface()
{
}

void
RatsHardwareInterface::DoDispose()
{
    if (m_ctx != nullptr)
    {
        m_ctx->SetCompletionCallback(HamlynContext::CompletionCallback());
        m_ctx->SetRejectCallback(HamlynContext::RejectCallback());
    }
    m_inFlight.clear();
    m_ctx = nullptr;
    m_cpu = nullptr;
    m_terminus = nullptr;
    m_pinned = nullptr;
    m_keys = nullptr;
    Object::DoDispose();
}

void
RatsHardwareInterface::Setup(Ptr<HamlynContext> context)
{
    NS_LOG_FUNCTION(this << context);
    NS_ABORT_MSG_IF(context == nullptr, "RatsHardwareInterface::Setup: needs a HamlynContext");
    NS_ABORT_MSG_IF(m_ctx != nullptr, "RatsHardwareInterface::Setup: called twice");
    m_ctx = context;
    m_cpu = context->GetCpu();
    m_terminus = context->GetTerminus();
    m_notifyAreas = context->GetNNotificationAreas();
    m_areaId = context->CreateMessageArea(m_pinnedBytes);
    m_pinned = context->GetMessageArea(m_areaId);
    context->SetCompletionCallback(MakeCallback(&RatsHardwareInterface::OnSendComplete, this));
    context->SetRejectCallback(MakeCallback(&RatsHardwareInterface::OnReject, this));
}

Ptr<RatsSendHandle>
RatsHardwareInterface::SendMsg(const RatsTicket& ticket,
                               uint64_t offset,
                               uint32_t length,
                               const std::vector<uint8_t>& metadata,
                               const RatsCostProfile& cost,
                               const std::vector<uint8_t>& outOfBand,
                               std::function<void()> returned)
{
    NS_LOG_FUNCTION(this << ticket << offset << length << metadata.size());
    NS_ABORT_MSG_IF(m_ctx == nullptr, "RatsHardwareInterface: SendMsg before Setup");
    Ptr<RatsSendHandle> handle = Create<RatsSendHandle>();
    const uint32_t m = static_cast<uint32_t>(metadata.size());
    const uint64_t total = static_cast<uint64_t>(m) + length;
    if (!ticket.IsValid() || total > ticket.range)
    {
        NS_LOG_INFO("RatsHardwareInterface: " << total << " bytes exceed " << ticket);
        handle->Fail(ticket.IsValid() ? RatsSendHandle::TOO_LONG : RatsSendHandle::NO_TICKET);
        if (returned)
        {
            Simulator::ScheduleNow(returned);
        }
        return handle;
    }
    NS_ABORT_MSG_IF(!m_pinned->Contains(offset, length),
                    "RatsHardwareInterface::SendMsg: buffer [" << offset << ", " << offset + length
                                                               << ") is not in pinned memory");
    const bool direct = total <= m_cutOver;
    NS_ABORT_MSG_IF(!direct && m > offset,
                    "RatsHardwareInterface::SendMsg: a DMA send needs "
                        << m << " bytes of room for metadata before the buffer at " << offset
                        << " (allocate it with RatsInterfaceManager::Malloc)");
    const double on = cost.opOn + (direct ? cost.SendDirectOn(m, length) : cost.SendDmaOn(m));
    const double off = cost.opOff + (direct ? cost.sendDirectOff : cost.sendDmaOff);
    const RatsTicket& t = ticket;
    const std::vector<uint8_t>& meta = metadata;
    const std::vector<uint8_t>& oob = outOfBand;
    HamlynSendRequest r;
    r.dstNode = t.node;
    r.slot = t.slot;
    r.key = t.key;
    r.offset = t.offset;
    r.notifyIndex = t.notifyIndex;
    r.y0 = t.delta;
    r.outOfBand = oob;
    // "Sent" is read from the completion word, which the card writes when asked.
    r.notifySent = true;
    if (direct)
    {
        ++m_direct;
        r.kind = HamlynSendRequest::DIRECT;
        r.data = meta;
        r.data.resize(m + length);
        if (length > 0)
        {
            m_pinned->Read(offset, r.data.data() + m, length);
        }
    }
    else
    {
        ++m_dma;
        if (m > 0)
        {
            m_pinned->Write(offset - m, meta.data(), m);
        }
        r.kind = HamlynSendRequest::DMA;
        r.area = m_areaId;
        r.areaOffset = offset - m;
        r.length = m + length;
    }
    // sendmsg's instructions (Tables 1 and 2) include the stores that write the request (and,
    // for direct I/O, the data) into the terminus' work queue on the card; the stores are
    // posted, so they cross the I/O bus while the processor goes on, and the request is
    // there once both have ended.
    // One request shared by the store and the post (its data and out-of-band bytes are not
    // copied into each step); the post takes it over, as the store is done with it by then.
    Ptr<HostCpu> cpu = m_cpu;
    Ptr<HamlynSendTerminus> terminus = m_terminus;
    auto request = std::make_shared<HamlynSendRequest>(std::move(r));
    Ptr<SanOperation> op = Create<SanOperation>();
    op->AddParallel(SanOperation::AsyncWork(
                        [cpu, on](Callback<void> done) { cpu->ExecuteInstructions(on, done); }),
                    SanOperation::AsyncWork([terminus, request](Callback<void> landed) {
                        terminus->StoreRequest(*request, landed);
                    }));
    op->Start(MakeSanCallback<void>([this, request, handle, direct, off, returned]() {
        m_terminus->PostOrSpin(std::move(*request),
                               MakeSanCallback<void>([this, handle, direct, off, returned]() {
                                   const uint64_t id = ++m_posted;
                                   m_inFlight[id] = handle;
                                   if (direct)
                                   {
                                       handle->SetStatus(RatsSendHandle::COPIED);
                                   }
                                   if (off > 0)
                                   {
                                       m_cpu->ExecuteInstructionsOffPath(off);
                                   }
                                   if (returned)
                                   {
                                       returned();
                                   }
                               }));
    }));
    return handle;
}

void
RatsHardwareInterface::OnSendComplete(uint64_t handle)
{
    auto it = m_inFlight.find(handle);
    if (it != m_inFlight.end())
    {
        it->second->SetStatus(RatsSendHandle::SENT);
        m_inFlight.erase(it);
    }
}

void
RatsHardwareInterface::OnReject(uint64_t handle)
{
    auto it = m_inFlight.find(handle);
    if (it != m_inFlight.end())
    {
        it->second->Fail(RatsSendHandle::REJECTED);
        m_inFlight.erase(it);
    }
}

bool
RatsHardwareInterface::GetNotificationRecord(RatsNotificationRecord& record)
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "RatsHardwareInterface: used before Setup");
    if (!m_ctx->PopNotification(record.entry))
    {
        return false;
    }
    record.outOfBand = record.entry.outOfBand;
    return true;
}

void
RatsHardwareInterface::WaitForNotification(HostCpuWait::Mode mode, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "RatsHardwareInterface: used before Setup");
    m_ctx->WaitForNotification(mode, resumed);
}

bool
RatsHardwareInterface::IsWaiting() const
{
    return m_ctx != nullptr && m_ctx->IsWaiting();
}

RatsTicket
RatsHardwareInterface::AllocateSlot(uint64_t offset, uint32_t length)
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "RatsHardwareInterface: AllocateSlot before Setup");
    NS_ABORT_MSG_IF(length == 0 || !m_pinned->Contains(offset, length),
                    "RatsHardwareInterface::AllocateSlot: window [" << offset << ", "
                                                                    << offset + length
                                                                    << ") is not in pinned "
                                                                       "memory");
    uint32_t tries = 0;
    while (m_ctx->IsSlotInUse(static_cast<uint16_t>(m_nextSlot)))
    {
        m_nextSlot = (m_nextSlot + 1) & 0xffff;
        NS_ABORT_MSG_IF(++tries > 65536, "RatsHardwareInterface: no free slot on the device");
    }
    const uint16_t slot = static_cast<uint16_t>(m_nextSlot);
    m_nextSlot = (m_nextSlot + 1) & 0xffff;
    // Sparse 32-bit keys (section 2.2), never 0.
    const uint64_t key = m_keys->GetInteger(1, 0xffffffffu);
    m_ctx->DefineSlot(slot, m_areaId, offset, offset + length, key);
    RatsTicket t;
    t.node = m_ctx->GetHostNumber();
    t.slot = slot;
    t.key = key;
    t.offset = 0;
    t.range = length;
    NS_LOG_INFO("RatsHardwareInterface: " << t << " over pinned [" << offset << ", "
                                          << offset + length << ")");
    return t;
}

void
RatsHardwareInterface::RevokeSlot(uint16_t slot)
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "RatsHardwareInterface: RevokeSlot before Setup");
    m_ctx->RevokeSlot(slot);
}

Ptr<HostPinnedRegion>
RatsHardwareInterface::GetPinnedArea() const
{
    return m_pinned;
}

uint64_t
RatsHardwareInterface::GetPinnedBytes() const
{
    return m_pinnedBytes;
}

uint32_t
RatsHardwareInterface::GetNNotificationAreas() const
{
    return m_notifyAreas;
}

uint32_t
RatsHardwareInterface::GetHostIndex() const
{
    return m_ctx == nullptr ? 0 : m_ctx->GetHostNumber();
}

Ptr<HamlynContext>
RatsHardwareInterface::GetContext() const
{
    return m_ctx;
}

Ptr<HostCpu>
RatsHardwareInterface::GetCpu() const
{
    return m_cpu;
}

Ptr<HamlynSendTerminus>
RatsHardwareInterface::GetTerminus() const
{
    return m_terminus;
}

Ptr<SanEventQueue>
RatsHardwareInterface::GetNotificationQueue() const
{
    return m_ctx == nullptr ? nullptr : m_ctx->GetNotificationQueue();
}

uint32_t
RatsHardwareInterface::GetCutOver() const
{
    return m_cutOver;
}

uint32_t
RatsHardwareInterface::GetPacketSize() const
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "RatsHardwareInterface: used before Setup");
    return m_ctx->GetPacketSize();
}

uint64_t
RatsHardwareInterface::GetNDirect() const
{
    return m_direct;
}

uint64_t
RatsHardwareInterface::GetNDma() const
{
    return m_dma;
}

int64_t
RatsHardwareInterface::AssignStreams(int64_t stream)
{
    m_keys->SetStream(stream);
    return 1;
}

} // namespace ns3
