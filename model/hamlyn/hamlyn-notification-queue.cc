/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-notification-queue.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynNotificationQueue");

HamlynNotificationQueue::HamlynNotificationQueue(Ptr<HostMemory> memory,
                                                 Ptr<HostCpu> cpu,
                                                 uint32_t capacity,
                                                 const std::string& name)
    : m_memory(memory),
      m_cpu(cpu),
      m_capacity(capacity),
      m_ringBase(0),
      m_pushed(0),
      m_overflows(0),
      m_interrupts(0)
{
    NS_ABORT_MSG_IF(memory == nullptr, "HamlynNotificationQueue: no host memory");
    NS_ABORT_MSG_IF(cpu == nullptr, "HamlynNotificationQueue: no host CPU");
    NS_ABORT_MSG_IF(capacity == 0, "HamlynNotificationQueue: capacity must be > 0");
    m_ringBase = m_memory->Allocate(uint64_t(capacity) * ENTRY_BYTES, name);
}

uint64_t
HamlynNotificationQueue::GetNextEntryAddress() const
{
    return m_ringBase + (m_pushed % m_capacity) * ENTRY_BYTES;
}

bool
HamlynNotificationQueue::Push(HamlynNotification entry)
{
    if (m_queue.size() >= m_capacity)
    {
        ++m_overflows;
        NS_LOG_WARN("HamlynNotificationQueue: ring of " << m_capacity
                                                        << " entries full, entry dropped");
        return false;
    }
    entry.sequence = static_cast<uint32_t>(m_pushed);
    entry.time = Simulator::Now();
    uint8_t buf[ENTRY_BYTES] = {};
    buf[0] = static_cast<uint8_t>(entry.area >> 8);
    buf[1] = static_cast<uint8_t>(entry.area);
    buf[2] = static_cast<uint8_t>(entry.slot >> 8);
    buf[3] = static_cast<uint8_t>(entry.slot);
    buf[4] = static_cast<uint8_t>(entry.terminus >> 8);
    buf[5] = static_cast<uint8_t>(entry.terminus);
    for (int i = 0; i < 4; ++i)
    {
        buf[8 + i] = static_cast<uint8_t>(entry.node >> (24 - 8 * i));
        buf[12 + i] = static_cast<uint8_t>(entry.sequence >> (24 - 8 * i));
    }
    bool ok = m_memory->Write(GetNextEntryAddress(), buf, ENTRY_BYTES);
    NS_ABORT_MSG_IF(!ok, "HamlynNotificationQueue: ring write refused by host memory");
    ++m_pushed;
    m_queue.push_back(entry);
    if (m_wait != nullptr && !m_wait->IsSignalled())
    {
        if (m_wait->GetState() == HostCpuWait::BLOCKED)
        {
            ++m_interrupts;
        }
        m_wait->Signal(); // later pushes find it signalled: coalesced
    }
    return true;
}

bool
HamlynNotificationQueue::IsEmpty() const
{
    return m_queue.empty();
}

uint32_t
HamlynNotificationQueue::GetNPending() const
{
    return static_cast<uint32_t>(m_queue.size());
}

bool
HamlynNotificationQueue::Pop(HamlynNotification& entry)
{
    if (m_queue.empty())
    {
        return false;
    }
    entry = m_queue.front();
    m_queue.pop_front();
    return true;
}

void
HamlynNotificationQueue::Wait(HostCpuWait::Mode mode, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(m_wait != nullptr, "HamlynNotificationQueue: Wait while already waiting");
    m_resumed = resumed;
    m_wait = m_cpu->CreateWait();
    if (!m_queue.empty())
    {
        m_wait->Signal(); // an entry is there already: continue at once, no interrupt
    }
    m_wait->Begin(mode, MakeCallback(&HamlynNotificationQueue::OnResumed, this));
}

bool
HamlynNotificationQueue::IsWaiting() const
{
    return m_wait != nullptr;
}

void
HamlynNotificationQueue::Wake()
{
    if (m_wait != nullptr && !m_wait->IsSignalled())
    {
        m_wait->Signal();
    }
}

void
HamlynNotificationQueue::OnResumed()
{
    m_wait = nullptr;
    Callback<void> cb = m_resumed;
    m_resumed = Callback<void>();
    if (!cb.IsNull())
    {
        cb();
    }
}

uint64_t
HamlynNotificationQueue::GetNPushed() const
{
    return m_pushed;
}

uint64_t
HamlynNotificationQueue::GetNOverflows() const
{
    return m_overflows;
}

uint64_t
HamlynNotificationQueue::GetNInterrupts() const
{
    return m_interrupts;
}

} // namespace ns3
