/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-event-queue.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanEventQueue");

SanEventQueue::SanEventQueue(Ptr<HostMemory> memory,
                             Ptr<HostCpu> cpu,
                             uint32_t capacity,
                             uint32_t entryBytes,
                             const std::string& name)
    : m_memory(memory),
      m_cpu(cpu),
      m_capacity(capacity),
      m_entryBytes(entryBytes),
      m_ringBase(0)
{
    NS_ABORT_MSG_IF(memory == nullptr, "SanEventQueue: no host memory");
    NS_ABORT_MSG_IF(cpu == nullptr, "SanEventQueue: no host CPU");
    NS_ABORT_MSG_IF(capacity == 0, "SanEventQueue: capacity must be > 0");
    NS_ABORT_MSG_IF(entryBytes == 0, "SanEventQueue: entries must be at least one byte");
    m_ringBase = m_memory->Allocate(uint64_t(capacity) * entryBytes, name);
}

uint64_t
SanEventQueue::GetNextEntryAddress() const
{
    return m_ringBase + (m_pushed % m_capacity) * m_entryBytes;
}

bool
SanEventQueue::Push(const uint8_t* entry)
{
    if (m_pushed - m_head >= m_capacity)
    {
        ++m_lost;
        NS_LOG_WARN("SanEventQueue: ring of " << m_capacity << " entries full, entry lost");
        return false;
    }
    bool ok = m_memory->Write(GetNextEntryAddress(), entry, m_entryBytes);
    NS_ABORT_MSG_IF(!ok, "SanEventQueue: ring write refused by host memory");
    ++m_pushed;
    if (m_wait != nullptr && !m_wait->IsSignalled())
    {
        if (m_wait->GetState() == HostCpuWait::BLOCKED)
        {
            ++m_interrupts;
        }
        // Later pushes find it signalled: coalesced.
        if (m_inHandler)
        {
            m_wait->SignalInHandler();
        }
        else
        {
            m_wait->Signal();
        }
    }
    if (!m_pushCb.IsNull())
    {
        m_pushCb();
    }
    return true;
}

void
SanEventQueue::CancelWait()
{
    if (m_wait == nullptr)
    {
        return;
    }
    // Nothing will signal the forgotten wait again.
    m_wait = nullptr;
    m_resumed = Callback<void>();
}

bool
SanEventQueue::LastWaitBlocked() const
{
    return m_lastBlocked;
}

void
SanEventQueue::SetPushedByHandler(bool inHandler)
{
    m_inHandler = inHandler;
}

void
SanEventQueue::SetPushCallback(Callback<void> cb)
{
    m_pushCb = cb;
}

bool
SanEventQueue::Pop(uint8_t* out)
{
    if (m_head == m_pushed)
    {
        return false;
    }
    bool ok = m_memory->Read(m_ringBase + (m_head % m_capacity) * m_entryBytes, out, m_entryBytes);
    NS_ABORT_MSG_IF(!ok, "SanEventQueue: ring read refused by host memory");
    ++m_head;
    return true;
}

bool
SanEventQueue::IsEmpty() const
{
    return m_head == m_pushed;
}

uint32_t
SanEventQueue::GetNPending() const
{
    return static_cast<uint32_t>(m_pushed - m_head);
}

uint32_t
SanEventQueue::GetEntryBytes() const
{
    return m_entryBytes;
}

uint32_t
SanEventQueue::GetCapacity() const
{
    return m_capacity;
}

void
SanEventQueue::Wait(HostCpuWait::Mode mode, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(m_wait != nullptr, "SanEventQueue: Wait while already waiting");
    m_resumed = resumed;
    m_wait = m_cpu->CreateWait();
    if (!IsEmpty())
    {
        m_wait->Signal(); // an entry is there already: continue at once, no interrupt
    }
    m_wait->Begin(mode, MakeSanCallback<&SanEventQueue::OnResumed>(this));
}

bool
SanEventQueue::IsWaiting() const
{
    return m_wait != nullptr;
}

void
SanEventQueue::Wake()
{
    if (m_wait != nullptr && !m_wait->IsSignalled())
    {
        m_wait->Signal();
    }
}

void
SanEventQueue::OnResumed()
{
    if (m_wait == nullptr)
    {
        return; // cancelled
    }
    m_lastBlocked = m_wait->WasBlocked();
    m_wait = nullptr;
    Callback<void> cb = m_resumed;
    m_resumed = Callback<void>();
    if (!cb.IsNull())
    {
        cb();
    }
}

uint64_t
SanEventQueue::GetNPushed() const
{
    return m_pushed;
}

uint64_t
SanEventQueue::GetNLost() const
{
    return m_lost;
}

uint64_t
SanEventQueue::GetNInterrupts() const
{
    return m_interrupts;
}

} // namespace ns3
