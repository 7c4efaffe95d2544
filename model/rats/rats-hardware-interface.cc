/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-hardware-interface.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsHardwareInterface");

NS_OBJECT_ENSURE_REGISTERED(RatsHardwareInterface);

namespace
{

/// Interfaces by fabric host index: where out-of-band bytes are handed over (see the class
/// documentation). One Rats application per host is assumed for this side channel.
std::map<uint32_t, RatsHardwareInterface*>&
Registry()
{
    static std::map<uint32_t, RatsHardwareInterface*> registry;
    return registry;
}

} // namespace

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
            // Not given by the paper (section 2.5: "the number of messages potentially in
            // flight at one time").
            .AddAttribute("NotificationAreas",
                          "Notification assembly areas of the application (read at Setup).",
                          UintegerValue(256),
                          MakeUintegerAccessor(&RatsHardwareInterface::m_notifyAreas),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute("FirstSlot",
                          "First slot number tried by AllocateSlot.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&RatsHardwareInterface::m_nextSlot),
                          MakeUintegerChecker<uint32_t>(0, 65535));
    return tid;
}

RatsHardwareInterface::RatsHardwareInterface()
    : m_host(0),
      m_app(0),
      m_areaId(0),
      m_cutOver(128),
      m_pinnedBytes(1 << 20),
      m_notifyAreas(256),
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
    auto it = Registry().find(m_host);
    if (it != Registry().end() && it->second == this)
    {
        Registry().erase(it);
    }
    m_inFlight.clear();
    m_oob.clear();
    m_nic = nullptr;
    m_cpu = nullptr;
    m_terminus = nullptr;
    m_pinned = nullptr;
    m_keys = nullptr;
    Object::DoDispose();
}

void
RatsHardwareInterface::Setup(Ptr<HamlynNetDevice> nic, Ptr<HostCpu> cpu, uint32_t hostIndex)
{
    NS_LOG_FUNCTION(this << nic << cpu << hostIndex);
    NS_ABORT_MSG_IF(nic == nullptr || cpu == nullptr,
                    "RatsHardwareInterface::Setup: needs a HamlynNetDevice and a HostCpu");
    NS_ABORT_MSG_IF(m_nic != nullptr, "RatsHardwareInterface::Setup: called twice");
    m_nic = nic;
    m_cpu = cpu;
    m_host = hostIndex;
    m_app = nic->AddApplication(m_notifyAreas);
    m_terminus = nic->CreateTerminus();
    m_areaId = nic->CreateMessageArea(m_pinnedBytes);
    m_pinned = nic->GetMessageArea(m_areaId);
    m_terminus->AddMessageArea(m_areaId, m_pinned);
    nic->TraceConnectWithoutContext("SendComplete",
                                    MakeCallback(&RatsHardwareInterface::OnSendComplete, this));
    nic->TraceConnectWithoutContext("RequestReject",
                                    MakeCallback(&RatsHardwareInterface::OnReject, this));
    Registry()[hostIndex] = this;
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
    NS_ABORT_MSG_IF(m_nic == nullptr, "RatsHardwareInterface: SendMsg before Setup");
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
    RatsTicket t = ticket;
    std::vector<uint8_t> meta = metadata;
    std::vector<uint8_t> oob = outOfBand;
    m_cpu->ExecuteInstructions(
        on,
        Callback<void>([this, t, offset, length, meta, oob, direct, off, handle, returned]() {
            HamlynSendRequest r;
            r.dstNode = t.node;
            r.slot = t.slot;
            r.key = t.key;
            r.offset = t.offset;
            r.notifyIndex = t.notifyIndex;
            r.y0 = t.delta;
            const uint32_t m = static_cast<uint32_t>(meta.size());
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
            if (!oob.empty() && t.notifyIndex != HamlynHeader::NO_NOTIFY)
            {
                auto it = Registry().find(t.node);
                NS_ABORT_MSG_IF(it == Registry().end(),
                                "RatsHardwareInterface: no Rats interface on node "
                                    << t.node
                                    << " for "
                                       "out-of-band "
                                       "data");
                it->second->m_oob[OobKey(m_host, m_terminus->GetId(), t.notifyIndex)].push_back(
                    oob);
            }
            m_terminus->PostOrSpin(r, Callback<void>([this, handle, direct, off, returned]() {
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
RatsHardwareInterface::OnSendComplete(uint32_t terminus, uint64_t handle)
{
    if (m_terminus == nullptr || terminus != m_terminus->GetId())
    {
        return;
    }
    auto it = m_inFlight.find(handle);
    if (it != m_inFlight.end())
    {
        it->second->SetStatus(RatsSendHandle::SENT);
        m_inFlight.erase(it);
    }
}

void
RatsHardwareInterface::OnReject(uint32_t terminus, uint64_t handle)
{
    if (m_terminus == nullptr || terminus != m_terminus->GetId())
    {
        return;
    }
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
    NS_ABORT_MSG_IF(m_nic == nullptr, "RatsHardwareInterface: used before Setup");
    Ptr<HamlynNotificationQueue> q = m_nic->GetNotificationQueue(m_app);
    if (!q->Pop(record.entry))
    {
        return false;
    }
    record.outOfBand.clear();
    auto it = m_oob.find(OobKey(record.entry.node, record.entry.terminus, record.entry.area));
    if (it != m_oob.end() && !it->second.empty())
    {
        record.outOfBand = it->second.front();
        it->second.pop_front();
    }
    return true;
}

void
RatsHardwareInterface::WaitForNotification(HostCpuWait::Mode mode, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(m_nic == nullptr, "RatsHardwareInterface: used before Setup");
    m_nic->GetNotificationQueue(m_app)->Wait(mode, resumed);
}

bool
RatsHardwareInterface::IsWaiting() const
{
    return m_nic != nullptr && m_nic->GetNotificationQueue(m_app)->IsWaiting();
}

RatsTicket
RatsHardwareInterface::AllocateSlot(uint64_t offset, uint32_t length)
{
    NS_ABORT_MSG_IF(m_nic == nullptr, "RatsHardwareInterface: AllocateSlot before Setup");
    NS_ABORT_MSG_IF(length == 0 || !m_pinned->Contains(offset, length),
                    "RatsHardwareInterface::AllocateSlot: window [" << offset << ", "
                                                                    << offset + length
                                                                    << ") is not in pinned "
                                                                       "memory");
    uint32_t tries = 0;
    while (m_nic->GetSlotTable().IsDefined(static_cast<uint16_t>(m_nextSlot)))
    {
        m_nextSlot = (m_nextSlot + 1) & 0xffff;
        NS_ABORT_MSG_IF(++tries > 65536, "RatsHardwareInterface: no free slot on the device");
    }
    const uint16_t slot = static_cast<uint16_t>(m_nextSlot);
    m_nextSlot = (m_nextSlot + 1) & 0xffff;
    // Sparse 32-bit keys (section 2.2), never 0.
    const uint64_t key = m_keys->GetInteger(1, 0xffffffffu);
    m_nic->DefineSlot(slot, m_app, m_areaId, offset, offset + length, key);
    RatsTicket t;
    t.node = m_host;
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
    NS_ABORT_MSG_IF(m_nic == nullptr, "RatsHardwareInterface: RevokeSlot before Setup");
    m_nic->RevokeSlot(slot);
}

Ptr<HamlynMessageArea>
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
    return m_host;
}

Ptr<HamlynNetDevice>
RatsHardwareInterface::GetDevice() const
{
    return m_nic;
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

Ptr<HamlynNotificationQueue>
RatsHardwareInterface::GetNotificationQueue() const
{
    return m_nic == nullptr ? nullptr : m_nic->GetNotificationQueue(m_app);
}

uint32_t
RatsHardwareInterface::GetCutOver() const
{
    return m_cutOver;
}

uint32_t
RatsHardwareInterface::GetPacketSize() const
{
    UintegerValue v;
    m_nic->GetAttribute("PacketSize", v);
    return static_cast<uint32_t>(v.Get());
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
