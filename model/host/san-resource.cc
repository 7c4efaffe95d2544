/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-resource.h"

#include "san-census-scheduler.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanResource");

NS_OBJECT_ENSURE_REGISTERED(SanResource);

TypeId
SanResource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanResource")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<SanResource>()
            .AddAttribute("NumPriorities",
                          "Number of priority classes; class 0 is served first (non-preemptive). "
                          "Can only be changed while the resource is idle with an empty queue.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&SanResource::SetNumPriorities,
                                               &SanResource::GetNumPriorities),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("StepStart",
                            "A step started: its priority class and how long it waited.",
                            MakeTraceSourceAccessor(&SanResource::m_stepStartTrace),
                            "ns3::SanResource::StepTracedCallback")
            .AddTraceSource("StepEnd",
                            "A step ended: its priority class and how long it ran.",
                            MakeTraceSourceAccessor(&SanResource::m_stepEndTrace),
                            "ns3::SanResource::StepTracedCallback")
            .AddTraceSource("QueueLength",
                            "Number of waiting steps (all classes, not counting the running one).",
                            MakeTraceSourceAccessor(&SanResource::m_queueLength),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

SanResource::SanResource()
    : m_queues(1),
      m_numPriorities(1),
      m_busy(false),
      m_holding(false),
      m_dispatching(false),
      m_currentClass(0),
      m_busyTime(Seconds(0)),
      m_statsStart(Simulator::Now()),
      m_stepsCompleted(0),
      m_queueLength(0)
{
    NS_LOG_FUNCTION(this);
}

SanResource::~SanResource()
{
    NS_LOG_FUNCTION(this);
}

void
SanResource::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_endEvent.Cancel();
    m_endStepEvent = nullptr;
    m_queues.clear();
    m_queues.resize(m_numPriorities);
    m_currentDone = Callback<void>();
    m_currentNext = nullptr;
    m_busy = false;
    m_holding = false;
    m_queueLength = 0;
    Object::DoDispose();
}

void
SanResource::CheckClass(uint32_t priorityClass, const char* what) const
{
    NS_ABORT_MSG_IF(priorityClass >= m_numPriorities,
                    "SanResource::" << what << ": priority class " << priorityClass
                                    << " out of range (NumPriorities = " << m_numPriorities
                                    << ", valid classes 0.." << m_numPriorities - 1 << ")");
}

void
SanResource::Submit(Time duration, Callback<void> done, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << duration << priorityClass);
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(),
                    "SanResource::Submit: negative step duration " << duration);
    CheckClass(priorityClass, "Submit");
    Enqueue(Entry{duration, Simulator::Now(), std::move(done), false, Callback<void>()},
            priorityClass);
}

void
SanResource::SubmitThen(Time duration, Ptr<SanContinuation> next, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << duration << priorityClass);
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(),
                    "SanResource::SubmitThen: negative step duration " << duration);
    NS_ABORT_MSG_IF(!next, "SanResource::SubmitThen: nothing to continue");
    CheckClass(priorityClass, "SubmitThen");
    Enqueue(Entry{duration, Simulator::Now(), Callback<void>(), false, Callback<void>(), next},
            priorityClass);
}

void
SanResource::SubmitWithStart(Time duration,
                             Callback<void> started,
                             Callback<void> done,
                             uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << duration << priorityClass);
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(),
                    "SanResource::SubmitWithStart: negative step duration " << duration);
    CheckClass(priorityClass, "SubmitWithStart");
    Enqueue(Entry{duration, Simulator::Now(), std::move(done), false, std::move(started)},
            priorityClass);
}

void
SanResource::SetRate(double rate)
{
    NS_ABORT_MSG_IF(!(rate > 0), "SanResource::SetRate: rate must be > 0, not " << rate);
    if (rate == m_rate)
    {
        return;
    }
    if (m_busy && !m_holding && m_endEvent.IsRunning())
    {
        // Bring the running step's remaining work up to date at the old speed, then
        // reschedule its end at the new one.
        const Time now = Simulator::Now();
        m_remaining -= Seconds((now - m_segmentStart).GetSeconds() * m_rate);
        if (m_remaining.IsStrictlyNegative())
        {
            m_remaining = Seconds(0);
        }
        m_segmentStart = now;
        m_endEvent.Cancel();
        m_rate = rate;
        ScheduleEnd(Seconds(m_remaining.GetSeconds() / m_rate));
        return;
    }
    m_rate = rate;
}

double
SanResource::GetRate() const
{
    return m_rate;
}

void
SanResource::Acquire(Callback<void> granted, uint32_t priorityClass)
{
    NS_LOG_FUNCTION(this << priorityClass);
    CheckClass(priorityClass, "Acquire");
    Enqueue(Entry{Seconds(0), Simulator::Now(), std::move(granted), true}, priorityClass);
}

void
SanResource::Release()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_holding, "SanResource::Release: the resource is not held (no Acquire)");
    m_holding = false;
    Finish();
    if (!m_dispatching)
    {
        StartNext();
    }
}

void
SanResource::Enqueue(Entry&& entry, uint32_t priorityClass)
{
    if (!m_busy && !m_dispatching && m_queueLength == 0)
    {
        StartEntry(std::move(entry), priorityClass);
        return;
    }
    m_queues[priorityClass].push_back(std::move(entry));
    m_queueLength = m_queueLength + 1;
    if (!m_busy && !m_dispatching)
    {
        StartNext();
    }
}

void
SanResource::StartNext()
{
    for (uint32_t c = 0; c < m_numPriorities; ++c)
    {
        SanFifo<Entry>& q = m_queues[c];
        if (!q.empty())
        {
            Entry e = std::move(q.front());
            q.pop_front();
            m_queueLength = m_queueLength - 1;
            StartEntry(std::move(e), c);
            return;
        }
    }
}

void
SanResource::StartEntry(Entry&& entry, uint32_t priorityClass)
{
    Time now = Simulator::Now();
    NS_LOG_LOGIC(this << " start class " << priorityClass << (entry.hold ? " hold" : " step")
                      << " duration " << entry.duration << " waited " << (now - entry.submitted));
    m_busy = true;
    m_currentClass = priorityClass;
    m_currentStart = now;
    m_stepStartTrace(priorityClass, now - entry.submitted);
    if (entry.hold)
    {
        m_holding = true;
        if (!entry.done.IsNull())
        {
            // A new event, so that the grant never runs inside the caller's Acquire().
            Simulator::ScheduleNow(&SanInvokeCallback, entry.done);
        }
    }
    else
    {
        m_currentDone = std::move(entry.done);
        m_currentNext = std::move(entry.next);
        if (!entry.started.IsNull())
        {
            entry.started(); // may change the rate before the end is scheduled
        }
        m_remaining = entry.duration;
        m_segmentStart = now;
        // Raw pointer (an EventId kept in m_endEvent would otherwise form a reference cycle):
        // deleting a resource disposes it first, and DoDispose cancels this event.
        const Time length =
            m_rate == 1.0 ? entry.duration : Seconds(entry.duration.GetSeconds() / m_rate);
        ScheduleEnd(length);
    }
}

SanResource::EndStepEvent::EndStepEvent(SanResource* resource)
    : m_resource(resource)
{
    // A census of events names a resource's end of step by what it calls: every resource's
    // ends are one type of event, and they are most of a host model's events.
    static const bool described = [] {
        SanCensusScheduler::Describe(typeid(EndStepEvent), [](const EventImpl* e) {
            return static_cast<const EndStepEvent*>(e)->Describe();
        });
        return true;
    }();
    (void)described;
}

std::string
SanResource::EndStepEvent::Describe() const
{
    if (const_cast<EndStepEvent*>(this)->IsCancelled()) // ns-3's IsCancelled is not const
    {
        // Its resource may be gone (disposed with the event still queued).
        return "SanResource step end, cancelled (a change of rate, or the resource disposed)";
    }
    if (m_resource->m_currentNext)
    {
        const SanContinuation& next = *m_resource->m_currentNext;
        return "SanResource step end, then continue " +
               SanCensusScheduler::ReadableName(typeid(next));
    }
    const Ptr<CallbackImplBase> impl = m_resource->m_currentDone.GetImpl();
    const auto* done = dynamic_cast<const CallbackImpl<void>*>(PeekPointer(impl));
    if (done == nullptr)
    {
        return "SanResource step end, then nothing";
    }
    return "SanResource step end, then " +
           SanCensusScheduler::ReadableName(done->GetFunction().target_type());
}

void
SanResource::EndStepEvent::Notify()
{
    m_resource->EndStep();
}

void
SanResource::ScheduleEnd(Time length)
{
    // Only an event that is not pending is scheduled again: a step ends before the next starts,
    // and SetRate cancels the pending one first (a cancelled event stays cancelled: replace it).
    if (!m_endStepEvent || m_endStepEvent->IsCancelled())
    {
        m_endStepEvent = Create<EndStepEvent>(this);
    }
    m_endEvent = Simulator::Schedule(length, Ptr<EventImpl>(m_endStepEvent));
}

void
SanResource::Finish()
{
    Time now = Simulator::Now();
    m_busyTime += now - std::max(m_currentStart, m_statsStart);
    m_busy = false;
    ++m_stepsCompleted;
    m_stepEndTrace(m_currentClass, now - m_currentStart);
}

void
SanResource::EndStep()
{
    NS_LOG_FUNCTION(this);
    Callback<void> done = std::move(m_currentDone);
    m_currentDone = Callback<void>();
    Ptr<SanContinuation> next = std::move(m_currentNext);
    m_currentNext = nullptr;
    Finish();
    if (next || !done.IsNull())
    {
        // While the callback runs, new submissions only queue; the next step is chosen after it.
        m_dispatching = true;
        if (next)
        {
            next->Continue();
        }
        else
        {
            done();
        }
        m_dispatching = false;
    }
    if (!m_busy)
    {
        StartNext();
    }
}

bool
SanResource::IsBusy() const
{
    return m_busy;
}

bool
SanResource::IsHeld() const
{
    return m_holding;
}

uint32_t
SanResource::GetQueueLength() const
{
    return m_queueLength;
}

uint32_t
SanResource::GetQueueLength(uint32_t priorityClass) const
{
    CheckClass(priorityClass, "GetQueueLength");
    return static_cast<uint32_t>(m_queues[priorityClass].size());
}

Time
SanResource::GetBusyTime() const
{
    Time t = m_busyTime;
    if (m_busy)
    {
        t += Simulator::Now() - std::max(m_currentStart, m_statsStart);
    }
    return t;
}

double
SanResource::GetUtilization() const
{
    Time window = Simulator::Now() - m_statsStart;
    if (!window.IsStrictlyPositive())
    {
        return 0.0;
    }
    return GetBusyTime().GetSeconds() / window.GetSeconds();
}

uint64_t
SanResource::GetStepsCompleted() const
{
    return m_stepsCompleted;
}

void
SanResource::ResetStatistics()
{
    NS_LOG_FUNCTION(this);
    m_busyTime = Seconds(0);
    m_statsStart = Simulator::Now();
    m_stepsCompleted = 0;
}

void
SanResource::SetNumPriorities(uint32_t n)
{
    NS_LOG_FUNCTION(this << n);
    NS_ABORT_MSG_IF(n == 0, "SanResource: NumPriorities must be at least 1");
    NS_ABORT_MSG_IF(m_busy || m_queueLength > 0,
                    "SanResource: NumPriorities can only be changed while idle with an empty "
                    "queue");
    m_numPriorities = n;
    m_queues.clear();
    m_queues.resize(n);
}

uint32_t
SanResource::GetNumPriorities() const
{
    return m_numPriorities;
}

} // namespace ns3
