/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-cpu.h"

#include "san-callback.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostCpu");

NS_OBJECT_ENSURE_REGISTERED(HostCpu);

TypeId
HostCpu::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostCpu")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<HostCpu>()
            // Hamlyn 1995, section 4.2: the host is an HP9000 Series J200 that "runs at 120MHz"
            // (also section 4.1, "processor clock speed of 120MHz").
            .AddAttribute("ClockRate",
                          "Processor clock rate in Hz (> 0).",
                          DoubleValue(120e6),
                          MakeDoubleAccessor(&HostCpu::SetClockRate, &HostCpu::GetClockRate),
                          MakeDoubleChecker<double>())
            // Hamlyn 1995, section 4.1: cycles per instruction measured as 1.27 on the J200
            // when executing the sendmsg code, cache and TLB hot.
            .AddAttribute("Cpi",
                          "Average cycles per instruction (> 0).",
                          DoubleValue(1.27),
                          MakeDoubleAccessor(&HostCpu::SetCpi, &HostCpu::GetCpi),
                          MakeDoubleChecker<double>())
            // Not given for the J200 by Hamlyn (its fast paths make no system call). Default:
            // CLAN (Riddoch et al. 1999), section 5.1, system-call overhead measured with an
            // ioctl, "about .75us", on a 530 MHz Alpha running Linux 2.2.
            .AddAttribute("SyscallCost",
                          "Fixed cost of entering and leaving the kernel for a system call.",
                          TimeValue(NanoSeconds(750)),
                          MakeTimeAccessor(&HostCpu::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // Not given for the J200 by Hamlyn. Default: CLAN section 5.1, "The interrupt
            // latency is 3us" (530 MHz Alpha, Linux 2.2).
            .AddAttribute("InterruptLatency",
                          "CPU time from an interrupt being raised to its handler having run "
                          "(paid when a blocked process is woken).",
                          TimeValue(MicroSeconds(3)),
                          MakeTimeAccessor(&HostCpu::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // Not given for the J200 by Hamlyn. Default: CLAN section 5.1, "The scheduler
            // overhead when a single process is un-blocked is 8us" (530 MHz Alpha, Linux 2.2).
            .AddAttribute("WakeupLatency",
                          "CPU time for the scheduler to wake a blocked process after the "
                          "interrupt.",
                          TimeValue(MicroSeconds(8)),
                          MakeTimeAccessor(&HostCpu::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // No paper gives the length of one iteration of an idle poll loop. Hamlyn's timings
            // (section 4.2) assume the host is in a busy-wait loop and sees an event at once,
            // so the neutral default is 0: the event is noticed when it happens.
            .AddAttribute("PollInterval",
                          "Length of one iteration of a poll loop: a polling process notices an "
                          "event at the first iteration boundary at or after it (0: at once).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&HostCpu::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // CLAN section 5.3: the event-based server polls its event queue "for up to 15us"
            // before returning to the select loop (and sleeping).
            .AddAttribute("PollBeforeBlock",
                          "How long a POLL_THEN_BLOCK wait polls before it blocks.",
                          TimeValue(MicroSeconds(15)),
                          MakeTimeAccessor(&HostCpu::m_pollBeforeBlock),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Syscall",
                            "A system call was made; argument: its kernel work (without the "
                            "fixed cost).",
                            MakeTraceSourceAccessor(&HostCpu::m_syscallTrace),
                            "ns3::HostCpu::TimeTracedCallback")
            .AddTraceSource("Interrupt",
                            "An interrupt was raised to wake a blocked process; argument: the "
                            "time of the event.",
                            MakeTraceSourceAccessor(&HostCpu::m_interruptTrace),
                            "ns3::HostCpu::TimeTracedCallback")
            .AddTraceSource("Resume",
                            "A waiting process resumed; argument: time from the event to the "
                            "resumption.",
                            MakeTraceSourceAccessor(&HostCpu::m_resumeTrace),
                            "ns3::HostCpu::TimeTracedCallback");
    return tid;
}

HostCpu::HostCpu()
    : m_resource(CreateObject<SanResource>()),
      m_clockRate(120e6),
      m_cpi(1.27),
      m_syscalls(0),
      m_interrupts(0)
{
    NS_LOG_FUNCTION(this);
}

HostCpu::~HostCpu()
{
    NS_LOG_FUNCTION(this);
}

void
HostCpu::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_poller = nullptr;
    m_pendingHandlers.clear();
    if (m_resource)
    {
        m_resource->Dispose();
        m_resource = nullptr;
    }
    Object::DoDispose();
}

Time
HostCpu::InstructionsToTime(double instructions) const
{
    NS_ABORT_MSG_IF(!(instructions >= 0), "HostCpu: negative instruction count " << instructions);
    if (m_instructionTimes == nullptr || m_memoCpi != m_cpi || m_memoClock != m_clockRate)
    {
        m_instructionTimes = SanDurationMemo::Find(m_cpi, m_clockRate);
        m_memoCpi = m_cpi;
        m_memoClock = m_clockRate;
    }
    return m_instructionTimes->Get(instructions, "HostCpu");
}

Time
HostCpu::CyclesToTime(double cycles) const
{
    NS_ABORT_MSG_IF(!(cycles >= 0), "HostCpu: negative cycle count " << cycles);
    return SanDuration(cycles / m_clockRate, "HostCpu");
}

void
HostCpu::Execute(Time duration, Callback<void> done)
{
    NS_LOG_FUNCTION(this << duration);
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(), "HostCpu::Execute: negative work " << duration);
    if (m_poller)
    {
        m_poller->NoteQueuedBehind(1);
    }
    m_resource->Submit(duration, done);
}

void
HostCpu::ExecuteInstructions(double instructions, Callback<void> done)
{
    Execute(InstructionsToTime(instructions), done);
}

void
HostCpu::ExecuteOffPath(Time duration)
{
    NS_LOG_FUNCTION(this << duration);
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(),
                    "HostCpu::ExecuteOffPath: negative work " << duration);
    m_resource->Submit(duration, Callback<void>());
}

void
HostCpu::ExecuteInstructionsOffPath(double instructions)
{
    ExecuteOffPath(InstructionsToTime(instructions));
}

void
HostCpu::Syscall(Time work, Callback<void> done)
{
    NS_LOG_FUNCTION(this << work);
    NS_ABORT_MSG_IF(work.IsStrictlyNegative(), "HostCpu::Syscall: negative work " << work);
    ++m_syscalls;
    m_syscallTrace(work);
    if (m_poller)
    {
        m_poller->NoteQueuedBehind(1);
    }
    m_resource->Submit(m_syscallCost + work, done);
}

void
HostCpu::SyscallInstructions(double instructions, Callback<void> done)
{
    Syscall(InstructionsToTime(instructions), done);
}

void
HostCpu::Interrupt(Time handler, Callback<void> done)
{
    NS_LOG_FUNCTION(this << handler);
    NS_ABORT_MSG_IF(handler.IsStrictlyNegative(),
                    "HostCpu::Interrupt: negative handler work " << handler);
    NotifyInterrupt();
    if (m_poller)
    {
        RunOnPoller(m_interruptLatency + handler, done, false);
        return;
    }
    m_resource->Submit(m_interruptLatency + handler, done);
}

void
HostCpu::InterruptHeld(Time handler, Callback<void> done)
{
    NS_LOG_FUNCTION(this << handler);
    NS_ABORT_MSG_IF(handler.IsStrictlyNegative(),
                    "HostCpu::InterruptHeld: negative handler work " << handler);
    const Time work = m_interruptLatency + handler;
    if (m_poller)
    {
        NotifyInterrupt();
        RunOnPoller(work, done, true);
        return;
    }
    m_resource->Acquire(MakeSanCallback<void>([this, work, done]() {
        NotifyInterrupt();
        Simulator::Schedule(work, [done]() { done(); });
    }));
}

void
HostCpu::EndInterrupt()
{
    NS_LOG_FUNCTION(this);
    if (m_handlerActive && m_handlerHeld)
    {
        HandlerEnded();
        return;
    }
    m_resource->Release();
}

void
HostCpu::RunOnPoller(Time work, Callback<void> done, bool held)
{
    if (m_handlerActive)
    {
        m_pendingHandlers.push_back(PendingHandler{work, done, held});
        return;
    }
    m_handlerActive = true;
    m_handlerHeld = held;
    Simulator::Schedule(work, [this, done, held]() {
        if (!done.IsNull())
        {
            done();
        }
        if (!held)
        {
            HandlerEnded();
        }
    });
}

void
HostCpu::HandlerEnded()
{
    m_handlerActive = false;
    m_handlerHeld = false;
    if (!m_pendingHandlers.empty())
    {
        PendingHandler next = m_pendingHandlers.front();
        m_pendingHandlers.pop_front();
        RunOnPoller(next.work, next.done, next.held);
        return;
    }
    if (m_poller)
    {
        // HandlersDone() may clear m_poller, which can hold the last reference to the wait.
        Ptr<HostCpuWait> poller = m_poller;
        poller->HandlersDone();
    }
}

void
HostCpu::InterruptInstructions(double instructions, Callback<void> done)
{
    Interrupt(InstructionsToTime(instructions), done);
}

Ptr<HostCpuWait>
HostCpu::CreateWait()
{
    return Create<HostCpuWait>(Ptr<HostCpu>(this));
}

Ptr<HostCpuWait>
HostCpu::Wait(HostCpuWait::Mode mode, Callback<void> resumed)
{
    Ptr<HostCpuWait> w = CreateWait();
    w->Begin(mode, resumed);
    return w;
}

Ptr<SanResource>
HostCpu::GetResource() const
{
    return m_resource;
}

void
HostCpu::SetClockRate(double hz)
{
    NS_ABORT_MSG_IF(!(hz > 0), "HostCpu: ClockRate must be > 0 Hz, got " << hz);
    m_clockRate = hz;
}

double
HostCpu::GetClockRate() const
{
    return m_clockRate;
}

void
HostCpu::SetCpi(double cpi)
{
    NS_ABORT_MSG_IF(!(cpi > 0), "HostCpu: Cpi must be > 0, got " << cpi);
    m_cpi = cpi;
}

double
HostCpu::GetCpi() const
{
    return m_cpi;
}

Time
HostCpu::GetSyscallCost() const
{
    return m_syscallCost;
}

Time
HostCpu::GetInterruptLatency() const
{
    return m_interruptLatency;
}

Time
HostCpu::GetWakeupLatency() const
{
    return m_wakeupLatency;
}

Time
HostCpu::GetPollInterval() const
{
    return m_pollInterval;
}

Time
HostCpu::GetPollBeforeBlock() const
{
    return m_pollBeforeBlock;
}

uint64_t
HostCpu::GetSyscalls() const
{
    return m_syscalls;
}

uint64_t
HostCpu::GetInterrupts() const
{
    return m_interrupts;
}

void
HostCpu::NotifyInterrupt()
{
    ++m_interrupts;
    m_interruptTrace(Simulator::Now());
}

void
HostCpu::NotifyResume(Time delay)
{
    m_resumeTrace(delay);
}

} // namespace ns3
