/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HostCpuWait: a process waiting on a HostCpu, by polling, sleeping or both (declared in
// host-cpu.h beside the CPU whose poll loop and interrupts it shares).

#include "host-cpu.h"
#include "san-callback.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostCpuWait");

HostCpuWait::HostCpuWait(Ptr<HostCpu> cpu)
    : m_cpu(cpu),
      m_mode(POLL),
      m_state(IDLE),
      m_signalled(false)
{
    NS_ABORT_MSG_IF(!cpu, "HostCpuWait: null CPU");
}

void
HostCpuWait::Begin(Mode mode, Callback<void> resumed)
{
    NS_LOG_FUNCTION(this << static_cast<int>(mode));
    NS_ABORT_MSG_IF(m_state != IDLE, "HostCpuWait::Begin: the wait has already begun");
    NS_ABORT_MSG_IF(mode != POLL && mode != BLOCK && mode != POLL_THEN_BLOCK,
                    "HostCpuWait::Begin: unknown mode " << static_cast<int>(mode));
    m_mode = mode;
    m_resumed = resumed;
    if (m_signalled)
    {
        // The event is already there: the process sees it and goes on.
        m_state = WAKING;
        Simulator::ScheduleNow(&HostCpuWait::Resume, Ptr<HostCpuWait>(this));
        return;
    }
    if (mode == BLOCK)
    {
        m_state = BLOCKED;
        m_blocked = true;
        return;
    }
    m_state = WAITING_FOR_CPU;
    m_cpu->GetResource()->Acquire(
        MakeSanCallback<&HostCpuWait::OnPollGranted>(Ptr<HostCpuWait>(this)));
}

void
HostCpuWait::OnPollGranted()
{
    NS_LOG_FUNCTION(this);
    m_state = POLLING;
    m_pollStart = Simulator::Now();
    if (m_signalled)
    {
        // The first check of the loop finds the event.
        OnNoticed();
        return;
    }
    m_cpu->m_poller = this; // interrupts now run on top of the poll loop
    if (m_cpu->GetResource()->GetQueueLength() > 0)
    {
        NoteQueuedBehind(m_cpu->GetResource()->GetQueueLength());
    }
    if (m_mode == POLL_THEN_BLOCK)
    {
        // Not cancelled if the event comes first: OnPollTimeout checks the state instead (a
        // stored EventId would keep this wait alive through a reference cycle).
        Simulator::Schedule(m_pollLimit.IsStrictlyNegative() ? m_cpu->GetPollBeforeBlock()
                                                             : m_pollLimit,
                            &HostCpuWait::OnPollTimeout,
                            Ptr<HostCpuWait>(this));
    }
}

void
HostCpuWait::NoteQueuedBehind(uint32_t steps)
{
    if (m_warned)
    {
        return;
    }
    m_warned = true;
    NS_LOG_WARN("a process spins on this CPU while "
                << steps << " step(s) of other work wait for it; they run only when the wait "
                << "ends (a process that spins before its own send has run waits for an answer "
                << "that cannot come: send first, then spin)");
}

void
HostCpuWait::Signal()
{
    SignalImpl(false);
}

void
HostCpuWait::SignalInHandler()
{
    SignalImpl(true);
}

void
HostCpuWait::SignalImpl(bool inHandler)
{
    NS_LOG_FUNCTION(this);
    Ptr<HostCpuWait> self(this); // clearing the CPU's poller may drop the last reference
    if (m_signalled)
    {
        return;
    }
    m_signalled = true;
    m_signalTime = Simulator::Now();
    switch (m_state)
    {
    case POLLING: {
        if (m_cpu->m_handlerActive)
        {
            return; // an interrupt handler runs: noticed when it returns (HandlersDone)
        }
        m_cpu->m_poller = nullptr;
        // Noticed at the first poll-loop boundary at or after the signal.
        int64_t interval =
            (m_pollInterval.IsStrictlyNegative() ? m_cpu->GetPollInterval() : m_pollInterval)
                .GetTimeStep();
        int64_t elapsed = (m_signalTime - m_pollStart).GetTimeStep();
        Time delay = Seconds(0);
        if (interval > 0)
        {
            int64_t iterations = (elapsed + interval - 1) / interval;
            delay = TimeStep(static_cast<uint64_t>(iterations * interval - elapsed));
        }
        m_state = WAKING;
        Simulator::Schedule(delay, &HostCpuWait::OnNoticed, Ptr<HostCpuWait>(this));
        break;
    }
    case BLOCKED:
        StartWakeup(inHandler);
        break;
    default:
        // IDLE or WAITING_FOR_CPU: seen when the process begins or starts polling.
        break;
    }
}

void
HostCpuWait::OnNoticed()
{
    NS_LOG_FUNCTION(this);
    if (m_cpu->m_poller == this)
    {
        // Signalled before the loop had the CPU (OnPollGranted): the loop ends here.
        m_cpu->m_poller = nullptr;
    }
    m_state = WAKING;
    m_cpu->GetResource()->Release();
    Resume();
}

void
HostCpuWait::OnPollTimeout()
{
    NS_LOG_FUNCTION(this);
    Ptr<HostCpuWait> self(this); // clearing the CPU's poller may drop the last reference
    if (m_state != POLLING)
    {
        return; // the event was noticed first
    }
    if (m_cpu->m_handlerActive)
    {
        m_timeoutPending = true; // the loop gives up once the handler returns
        return;
    }
    m_cpu->m_poller = nullptr;
    m_state = BLOCKED;
    m_blocked = true;
    m_cpu->GetResource()->Release();
    if (!m_backOff.IsNull())
    {
        Callback<void> cb = m_backOff;
        m_backOff = Callback<void>();
        cb();
    }
}

void
HostCpuWait::SetBackOffCallback(Callback<void> cb)
{
    m_backOff = cb;
}

void
HostCpuWait::SetPollBeforeBlock(Time limit)
{
    m_pollLimit = limit;
}

void
HostCpuWait::SetPollInterval(Time interval)
{
    NS_ABORT_MSG_IF(interval.IsStrictlyNegative(), "HostCpuWait::SetPollInterval: negative");
    m_pollInterval = interval;
}

void
HostCpuWait::HandlersDone()
{
    NS_LOG_FUNCTION(this);
    Ptr<HostCpuWait> self(this); // clearing the CPU's poller may drop the last reference
    if (m_state != POLLING)
    {
        return;
    }
    if (m_signalled)
    {
        m_cpu->m_poller = nullptr;
        m_state = WAKING;
        Simulator::ScheduleNow(&HostCpuWait::OnNoticed, Ptr<HostCpuWait>(this));
        return;
    }
    if (m_timeoutPending)
    {
        m_timeoutPending = false;
        OnPollTimeout();
    }
}

void
HostCpuWait::StartWakeup(bool inHandler)
{
    NS_LOG_FUNCTION(this << inHandler);
    m_state = WAKING;
    Time work = m_cpu->GetWakeupLatency();
    if (!inHandler)
    {
        // The event itself raises the interrupt that wakes the process.
        m_cpu->NotifyInterrupt();
        work += m_cpu->GetInterruptLatency();
    }
    m_cpu->GetResource()->Submit(work,
                                 MakeSanCallback<&HostCpuWait::Resume>(Ptr<HostCpuWait>(this)));
}

void
HostCpuWait::Resume()
{
    NS_LOG_FUNCTION(this);
    m_state = RESUMED;
    m_resumeTime = Simulator::Now();
    m_cpu->NotifyResume(m_resumeTime - m_signalTime);
    Callback<void> resumed = m_resumed;
    m_resumed = Callback<void>();
    m_backOff = Callback<void>();
    if (!resumed.IsNull())
    {
        resumed();
    }
}

void
HostCpuWait::Abandon()
{
    m_resumed = Callback<void>();
    m_backOff = Callback<void>();
}

bool
HostCpuWait::IsSignalled() const
{
    return m_signalled;
}

bool
HostCpuWait::WasBlocked() const
{
    return m_blocked;
}

HostCpuWait::State
HostCpuWait::GetState() const
{
    return m_state;
}

HostCpuWait::Mode
HostCpuWait::GetMode() const
{
    return m_mode;
}

Time
HostCpuWait::GetSignalTime() const
{
    return m_signalTime;
}

Time
HostCpuWait::GetResumeTime() const
{
    return m_resumeTime;
}

} // namespace ns3
