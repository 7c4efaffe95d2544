/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-flag-waiter.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciFlagWaiter");

SciFlagWaiter::SciFlagWaiter(Ptr<SciContext> ctx)
    : m_ctx(ctx),
      m_id(ctx->CreateFlag())
{
    Disarm(); // no interrupts while the owner runs (section 3.5)
    m_ctx->SetFlagHandler(m_id, MakeCallback(&SciFlagWaiter::Interrupted, this));
}

SciFlagWaiter::~SciFlagWaiter() = default;

void
SciFlagWaiter::Close()
{
    if (m_ctx)
    {
        m_ctx->SetFlagHandler(m_id, Callback<void>()); // a no-op on a disposed device
    }
    m_wait = nullptr;
    m_ready = Callback<bool>();
    m_handler = Callback<void>();
    m_ctx = nullptr;
}

uint32_t
SciFlagWaiter::GetId() const
{
    return m_id;
}

bool
SciFlagWaiter::IsWaiting() const
{
    return m_wait != nullptr;
}

void
SciFlagWaiter::Arm()
{
    if (!m_armed)
    {
        m_armed = true;
        m_ctx->WriteFlag(m_id, SciNetDevice::FLAG_INITIAL);
    }
}

void
SciFlagWaiter::Disarm()
{
    m_armed = false;
    m_ctx->WriteFlag(m_id, 0x80000000u);
}

void
SciFlagWaiter::Rearm()
{
    m_armed = false;
    Arm();
}

void
SciFlagWaiter::SetHandler(Callback<void> handler)
{
    m_handler = handler;
}

bool
SciFlagWaiter::StimulatedSinceArmed() const
{
    return m_armed && m_ctx->ReadFlag(m_id) != SciNetDevice::FLAG_INITIAL;
}

void
SciFlagWaiter::Wait(Time pollTime, Callback<bool> ready, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(m_wait != nullptr, "SciFlagWaiter: a second thread waits on one flag");
    Ptr<HostCpu> cpu = m_ctx->GetCpu();
    Ptr<HostCpuWait> wait = cpu->CreateWait();
    m_wait = wait;
    m_ready = ready;
    Ptr<SciFlagWaiter> self = this;
    // Raw: the wait keeps its resumption callback; the flag keeps the wait (m_wait).
    HostCpuWait* raw = PeekPointer(wait);
    Callback<void> go([self, raw, resumed]() { self->Resumed(Ptr<HostCpuWait>(raw), resumed); });
    if (pollTime.IsStrictlyPositive())
    {
        // Raw: the wait must not own itself through its own callback.
        HostCpuWait* w = PeekPointer(wait);
        wait->SetPollBeforeBlock(pollTime);
        wait->SetBackOffCallback(
            MakeSanCallback<void>([self, w]() { self->BackOff(Ptr<HostCpuWait>(w)); }));
        wait->Begin(HostCpuWait::POLL_THEN_BLOCK, go);
        if (ready())
        {
            wait->Signal();
        }
        return;
    }
    Arm();
    if (ready())
    {
        wait->Signal(); // before it sleeps: it continues at once
        wait->Begin(HostCpuWait::BLOCK, go);
        return;
    }
    // Into the driver to sleep; a stimulus meanwhile is seen when the wait begins.
    cpu->Execute(cpu->GetSyscallCost() / 2, MakeSanCallback<void>([self, wait, go]() {
                     if (self->m_wait == wait && !self->m_ready.IsNull() && self->m_ready())
                     {
                         wait->Signal();
                     }
                     wait->Begin(HostCpuWait::BLOCK, go);
                 }));
}

void
SciFlagWaiter::BackOff(Ptr<HostCpuWait> wait)
{
    if (wait != m_wait || wait->IsSignalled() || wait->GetState() != HostCpuWait::BLOCKED)
    {
        return;
    }
    // Prolonged unsuccessful polling: enable the flag, look once more, sleep in the driver
    // (section 4.7); the kernel entry runs while the thread is off the critical path.
    Arm();
    m_ctx->GetCpu()->ExecuteOffPath(m_ctx->GetCpu()->GetSyscallCost() / 2);
    if (m_ready())
    {
        wait->Signal();
    }
}

void
SciFlagWaiter::Changed()
{
    if (m_wait == nullptr || m_wait->IsSignalled())
    {
        return;
    }
    const HostCpuWait::State s = m_wait->GetState();
    if ((s == HostCpuWait::POLLING || s == HostCpuWait::WAITING_FOR_CPU) && m_ready())
    {
        m_wait->Signal(); // the poll loop notices
    }
}

void
SciFlagWaiter::Interrupted()
{
    // The driver routine: the flag is disabled again by the stimulus's increment (its top bit
    // is set now); wake the sleeping thread.
    if (m_wait != nullptr && !m_wait->IsSignalled())
    {
        m_wait->SignalInHandler();
    }
    if (!m_handler.IsNull())
    {
        m_handler();
    }
}

void
SciFlagWaiter::Resumed(Ptr<HostCpuWait> wait, Callback<void> resumed)
{
    if (wait != m_wait)
    {
        return; // closed meanwhile
    }
    m_wait = nullptr;
    m_ready = Callback<bool>();
    if (!m_ctx)
    {
        return;
    }
    Disarm();
    if (!wait->WasBlocked())
    {
        resumed();
        return;
    }
    // Back from the driver: the return half of the kernel call.
    m_ctx->GetCpu()->Execute(m_ctx->GetCpu()->GetSyscallCost() / 2, resumed);
}

} // namespace ns3
