/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-select.h"

#include "ns3/abort.h"
#include "ns3/san-callback.h"

namespace ns3
{

SanSelect::SanSelect(Ptr<HostCpu> cpu)
    : m_cpu(cpu)
{
    NS_ABORT_MSG_IF(!cpu, "SanSelect: needs the process's CPU");
}

SanSelect::~SanSelect()
{
    for (auto& q : m_queues)
    {
        q->SetPushCallback(Callback<void>());
    }
}

uint32_t
SanSelect::AddQueue(Ptr<SanEventQueue> queue)
{
    NS_ABORT_MSG_IF(!queue, "SanSelect::AddQueue: no queue");
    // A raw pointer: the queue's listener must not keep this select alive (no cycle).
    SanSelect* self = this;
    queue->SetPushCallback(MakeSanCallback<void>([self]() { self->Notify(); }));
    m_queues.push_back(queue);
    SanEventQueue* q = PeekPointer(queue);
    return AddSource(MakeSanCallback<bool>([q]() { return !q->IsEmpty(); }));
}

uint32_t
SanSelect::AddSource(Callback<bool> isReady)
{
    NS_ABORT_MSG_IF(isReady.IsNull(), "SanSelect::AddSource: no readiness test");
    m_ready.push_back(isReady);
    return static_cast<uint32_t>(m_ready.size() - 1);
}

bool
SanSelect::AnyReady() const
{
    for (const auto& r : m_ready)
    {
        if (r())
        {
            return true;
        }
    }
    return false;
}

std::vector<uint32_t>
SanSelect::GetReady() const
{
    std::vector<uint32_t> out;
    for (uint32_t i = 0; i < m_ready.size(); ++i)
    {
        if (m_ready[i]())
        {
            out.push_back(i);
        }
    }
    return out;
}

void
SanSelect::SetNotifiedByHandler(bool inHandler)
{
    m_inHandler = inHandler;
}

void
SanSelect::Notify()
{
    if (m_wait != nullptr && !m_wait->IsSignalled() && AnyReady())
    {
        if (m_inHandler)
        {
            m_wait->SignalInHandler();
        }
        else
        {
            m_wait->Signal();
        }
    }
}

void
SanSelect::Wait(HostCpuWait::Mode mode, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(m_wait != nullptr, "SanSelect: Wait while already waiting");
    m_resumed = resumed;
    m_wait = m_cpu->CreateWait();
    if (AnyReady())
    {
        m_wait->Signal(); // ready already: continue at once, no interrupt
    }
    m_wait->Begin(mode, MakeSanCallback<&SanSelect::OnResumed>(this));
}

bool
SanSelect::IsWaiting() const
{
    return m_wait != nullptr;
}

void
SanSelect::Abandon()
{
    if (m_wait != nullptr)
    {
        m_wait->Abandon();
        m_wait = nullptr;
    }
    m_resumed = Callback<void>();
}

void
SanSelect::OnResumed()
{
    m_wait = nullptr;
    Callback<void> cb = m_resumed;
    m_resumed = Callback<void>();
    if (!cb.IsNull())
    {
        cb();
    }
}

} // namespace ns3
