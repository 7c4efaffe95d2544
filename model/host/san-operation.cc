/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-operation.h"

#include "san-callback.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanOperation");

SanOperation::SanOperation()
    : m_next(0),
      m_running(false),
      m_finished(false),
      m_inStart(false)
{
    // Most operations have two to four steps: one allocation, where growing from one made
    // two or three (and moved the steps each time).
    m_steps.reserve(4);
}

SanOperation&
SanOperation::AddStep(Ptr<SanResource> resource, Time duration, uint32_t priorityClass)
{
    NS_ABORT_MSG_IF(!resource, "SanOperation::AddStep: null resource");
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(),
                    "SanOperation::AddStep: negative duration " << duration);
    NS_ABORT_MSG_IF(priorityClass >= resource->GetNumPriorities(),
                    "SanOperation::AddStep: priority class "
                        << priorityClass << " out of range (resource has "
                        << resource->GetNumPriorities() << " classes)");
    m_steps.push_back(Step{resource,
                           duration,
                           Callback<void>(),
                           AsyncWork(),
                           AsyncWork(),
                           priorityClass,
                           RESOURCE});
    return *this;
}

SanOperation&
SanOperation::AddOffPathStep(Ptr<SanResource> resource, Time duration, uint32_t priorityClass)
{
    NS_ABORT_MSG_IF(!resource, "SanOperation::AddOffPathStep: null resource");
    NS_ABORT_MSG_IF(duration.IsStrictlyNegative(),
                    "SanOperation::AddOffPathStep: negative duration " << duration);
    NS_ABORT_MSG_IF(priorityClass >= resource->GetNumPriorities(),
                    "SanOperation::AddOffPathStep: priority class "
                        << priorityClass << " out of range (resource has "
                        << resource->GetNumPriorities() << " classes)");
    m_steps.push_back(Step{resource,
                           duration,
                           Callback<void>(),
                           AsyncWork(),
                           AsyncWork(),
                           priorityClass,
                           OFF_PATH});
    return *this;
}

SanOperation&
SanOperation::AddDelay(Time delay)
{
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "SanOperation::AddDelay: negative delay " << delay);
    m_steps.push_back(Step{nullptr, delay, Callback<void>(), AsyncWork(), AsyncWork(), 0, DELAY});
    return *this;
}

SanOperation&
SanOperation::AddAction(Callback<void> action)
{
    m_steps.push_back(Step{nullptr, Seconds(0), action, AsyncWork(), AsyncWork(), 0, ACTION});
    return *this;
}

SanOperation&
SanOperation::AddWait(AsyncWork work)
{
    NS_ABORT_MSG_IF(work.IsNull(), "SanOperation::AddWait: null work");
    m_steps.push_back(Step{nullptr, Seconds(0), Callback<void>(), work, AsyncWork(), 0, WAIT});
    return *this;
}

SanOperation&
SanOperation::AddParallel(AsyncWork first, AsyncWork second)
{
    NS_ABORT_MSG_IF(first.IsNull() || second.IsNull(), "SanOperation::AddParallel: null work");
    m_steps.push_back(Step{nullptr, Seconds(0), Callback<void>(), first, second, 0, PARALLEL});
    return *this;
}

void
SanOperation::JoinOne()
{
    NS_ASSERT(m_joinPending > 0);
    if (--m_joinPending == 0)
    {
        Advance();
    }
}

void
SanOperation::Continue()
{
    Advance();
}

void
SanOperation::Start(Callback<void> done)
{
    NS_LOG_FUNCTION(this << m_steps.size());
    NS_ABORT_MSG_IF(m_running, "SanOperation::Start: the operation is already running");
    m_done = done;
    m_running = true;
    m_finished = false;
    m_next = 0;
    m_startTime = Simulator::Now();
    m_inStart = true;
    Advance();
    m_inStart = false;
}

void
SanOperation::Advance()
{
    while (m_next < m_steps.size())
    {
        // Resource steps and delays read the step in place; the kinds that run callbacks copy
        // them first: an action may append steps and so move the vector's storage.
        const Step& s = m_steps[m_next++];
        switch (s.kind)
        {
        case RESOURCE:
            // The pending step holds a reference: the operation stays alive while it runs.
            s.resource->SubmitThen(s.duration, Ptr<SanContinuation>(this), s.priorityClass);
            return;
        case OFF_PATH:
            s.resource->Submit(s.duration, Callback<void>(), s.priorityClass);
            break;
        case DELAY:
            Simulator::Schedule(s.duration, &SanOperation::Advance, Ptr<SanOperation>(this));
            return;
        case ACTION:
            if (!s.action.IsNull())
            {
                Callback<void> action = s.action;
                action();
            }
            break;
        case WAIT: {
            AsyncWork work = s.work;
            work(MakeSanCallback<&SanOperation::Advance>(Ptr<SanOperation>(this)));
            return;
        }
        case PARALLEL: {
            AsyncWork first = s.work;
            AsyncWork second = s.second;
            m_joinPending = 2;
            Callback<void> join = MakeSanCallback<&SanOperation::JoinOne>(Ptr<SanOperation>(this));
            first(join);
            second(join);
            return;
        }
        }
    }
    m_running = false;
    m_finished = true;
    m_finishTime = Simulator::Now();
    NS_LOG_LOGIC(this << " finished after " << (m_finishTime - m_startTime));
    if (m_done.IsNull())
    {
        return;
    }
    Callback<void> done = m_done;
    m_done = Callback<void>(); // drop references the callback may hold to this operation
    if (m_inStart)
    {
        Simulator::ScheduleNow(&SanInvokeCallback, done);
    }
    else
    {
        done();
    }
}

bool
SanOperation::IsRunning() const
{
    return m_running;
}

bool
SanOperation::IsFinished() const
{
    return m_finished;
}

std::size_t
SanOperation::GetNSteps() const
{
    return m_steps.size();
}

Time
SanOperation::GetUncontendedLatency() const
{
    Time t = Seconds(0);
    for (const Step& s : m_steps)
    {
        if (s.kind == RESOURCE || s.kind == DELAY)
        {
            t += s.duration;
        }
    }
    return t;
}

Time
SanOperation::GetStartTime() const
{
    return m_startTime;
}

Time
SanOperation::GetFinishTime() const
{
    return m_finishTime;
}

} // namespace ns3
