/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-context.h"

#include "hamlyn-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynContext");

HamlynContext::HamlynContext(Ptr<HamlynNetDevice> device,
                             uint32_t application,
                             Ptr<HamlynSendTerminus> terminus)
    : m_device(device),
      m_app(application),
      m_terminus(terminus)
{
    NS_ABORT_MSG_IF(device == nullptr || terminus == nullptr,
                    "HamlynContext: needs a device and a terminus");
}

HamlynContext::~HamlynContext()
{
    if (!m_completion.IsNull())
    {
        ForgetCompletionWord();
    }
    ForgetRejects();
}

uint32_t
HamlynContext::GetApplication() const
{
    return m_app;
}

uint32_t
HamlynContext::GetHostNumber() const
{
    return m_device->GetHostNumber();
}

Ptr<HostCpu>
HamlynContext::GetCpu() const
{
    return m_device->GetCpu();
}

Ptr<HostMemory>
HamlynContext::GetMemory() const
{
    return m_device->GetMemory();
}

Ptr<HamlynSendTerminus>
HamlynContext::GetTerminus() const
{
    return m_terminus;
}

uint32_t
HamlynContext::GetPacketSize() const
{
    return m_device->GetPacketSize();
}

uint32_t
HamlynContext::GetHeaderSize() const
{
    return m_device->GetHeaderSize();
}

uint64_t
HamlynContext::GetCompletionWordAddress() const
{
    return m_device->GetCompletionWordAddress(m_terminus->GetId());
}

uint64_t
HamlynContext::ReadCompletionWord() const
{
    const uint32_t n = m_device->GetCompletionWordBytes(m_terminus->GetId());
    std::vector<uint8_t> word(n);
    bool ok = GetMemory()->Read(GetCompletionWordAddress(), word.data(), n);
    NS_ABORT_MSG_IF(!ok, "HamlynContext: completion word not readable");
    uint64_t handle = 0;
    for (uint32_t i = 0; i < n && i < 8; ++i)
    {
        handle = (handle << 8) | word[n - std::min<uint32_t>(n, 8) + i];
    }
    return handle;
}

void
HamlynContext::SetCompletionCallback(CompletionCallback cb)
{
    m_completion = cb;
    if (cb.IsNull())
    {
        ForgetCompletionWord();
        return;
    }
    GetMemory()->SetWriteSnoop(GetCompletionWordAddress(),
                               MakeCallback(&HamlynContext::CompletionWritten, this));
}

void
HamlynContext::ForgetCompletionWord()
{
    // Libraries forget their callbacks in their DoDispose, which Simulator::Destroy may run
    // after the device's (its termini are gone then) or the host's (SanNicDevice copes).
    if (m_device->IsAttached())
    {
        m_device->ClearWriteSnoop(GetCompletionWordAddress());
    }
}

void
HamlynContext::CompletionWritten(uint64_t addr, uint64_t len)
{
    if (!m_completion.IsNull())
    {
        m_completion(ReadCompletionWord());
    }
}

void
HamlynContext::SetRejectCallback(RejectCallback cb)
{
    m_reject = cb;
    if (cb.IsNull())
    {
        ForgetRejects();
    }
    else if (!m_rejectConnected)
    {
        m_rejectConnected = true;
        m_device->TraceConnectWithoutContext("RequestReject",
                                             MakeCallback(&HamlynContext::Rejected, this));
    }
}

void
HamlynContext::ForgetRejects()
{
    // A disposed device still has its trace sources (it lives while this context holds it).
    if (m_rejectConnected)
    {
        m_rejectConnected = false;
        m_device->TraceDisconnectWithoutContext("RequestReject",
                                                MakeCallback(&HamlynContext::Rejected, this));
    }
}

void
HamlynContext::Rejected(uint32_t terminus, uint64_t handle)
{
    if (terminus == m_terminus->GetId() && !m_reject.IsNull())
    {
        m_reject(handle);
    }
}

uint32_t
HamlynContext::CreateMessageArea(uint64_t size)
{
    const uint32_t id = m_device->CreateMessageArea(size);
    m_areas.insert(id);
    m_terminus->AddMessageArea(id, m_device->GetMessageArea(id));
    return id;
}

Ptr<HostPinnedRegion>
HamlynContext::GetMessageArea(uint32_t id) const
{
    return m_areas.count(id) != 0 ? m_device->GetMessageArea(id) : nullptr;
}

void
HamlynContext::ReleaseMessageArea(uint32_t id)
{
    NS_ABORT_MSG_IF(m_areas.erase(id) == 0,
                    "HamlynContext::ReleaseMessageArea: area " << id << " is not this process's");
    m_terminus->RemoveMessageArea(id);
    m_device->ReleaseMessageArea(id);
}

void
HamlynContext::DefineSlot(uint16_t slot, uint32_t area, uint64_t base, uint64_t limit, uint64_t key)
{
    NS_ABORT_MSG_IF(m_areas.count(area) == 0,
                    "HamlynContext::DefineSlot: area " << area << " is not this process's");
    NS_ABORT_MSG_IF(m_device->GetSlotTable().IsDefined(slot),
                    "HamlynContext::DefineSlot: slot " << slot << " is in use");
    m_device->DefineSlot(slot, m_app, area, base, limit, key);
    m_ownSlots.insert(slot);
}

void
HamlynContext::RevokeSlot(uint16_t slot)
{
    NS_ABORT_MSG_IF(m_ownSlots.erase(slot) == 0,
                    "HamlynContext::RevokeSlot: slot " << slot << " is not this process's");
    m_device->RevokeSlot(slot);
}

bool
HamlynContext::IsSlotInUse(uint16_t slot) const
{
    return m_device->GetSlotTable().IsDefined(slot);
}

const HamlynSlot*
HamlynContext::FindSlot(uint16_t slot) const
{
    return m_ownSlots.count(slot) != 0 ? m_device->GetSlotTable().Find(slot) : nullptr;
}

uint32_t
HamlynContext::GetNNotificationAreas() const
{
    return m_device->GetNotificationAssembly(m_app).GetNAreas();
}

Ptr<SanEventQueue>
HamlynContext::GetNotificationQueue() const
{
    return m_device->GetNotificationQueue(m_app);
}

bool
HamlynContext::PopNotification(HamlynNotification& entry)
{
    uint8_t bytes[HamlynNotification::MAX_BYTES];
    if (!GetNotificationQueue()->Pop(bytes))
    {
        return false;
    }
    entry = HamlynNotification::Deserialize(bytes);
    return true;
}

void
HamlynContext::WaitForNotification(HostCpuWait::Mode mode, Callback<void> resumed)
{
    GetNotificationQueue()->Wait(mode, resumed);
}

bool
HamlynContext::IsWaiting() const
{
    return GetNotificationQueue()->IsWaiting();
}

void
HamlynContext::Wake()
{
    GetNotificationQueue()->Wake();
}

} // namespace ns3
