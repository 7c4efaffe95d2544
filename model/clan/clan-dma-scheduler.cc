/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-dma-scheduler.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanDmaScheduler");

ClanDmaScheduler::ClanDmaScheduler(Ptr<HostCpu> cpu, StartCallback start, Time driverWork)
    : ClanDmaScheduler(cpu, start, MakeSanCallback<Time>([driverWork]() { return driverWork; }))
{
    NS_ABORT_MSG_IF(driverWork.IsStrictlyNegative(), "ClanDmaScheduler: negative driver work");
}

ClanDmaScheduler::ClanDmaScheduler(Ptr<HostCpu> cpu, StartCallback start, Callback<Time> driverWork)
    : m_cpu(cpu),
      m_start(start),
      m_driverWork(driverWork)
{
    NS_ABORT_MSG_IF(!cpu || start.IsNull() || driverWork.IsNull(),
                    "ClanDmaScheduler: needs a CPU, an engine and the driver's work");
}

uint32_t
ClanDmaScheduler::AddQueue(uint32_t capacity, bool inKernel)
{
    NS_ABORT_MSG_IF(capacity == 0, "ClanDmaScheduler::AddQueue: a queue holds at least one");
    Queue q;
    q.capacity = capacity;
    q.inKernel = inKernel;
    m_queues.push_back(std::move(q));
    return static_cast<uint32_t>(m_queues.size() - 1);
}

void
ClanDmaScheduler::SetDoneCallback(uint32_t queue, DoneCallback done)
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "ClanDmaScheduler: no queue " << queue);
    m_queues[queue].done = done;
}

bool
ClanDmaScheduler::Enqueue(uint32_t queue, const ClanDmaRequest& request, Callback<void> issued)
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "ClanDmaScheduler: no queue " << queue);
    NS_ABORT_MSG_IF(request.bytes == 0, "ClanDmaScheduler::Enqueue: an empty request");
    Queue& q = m_queues[queue];
    if (q.requests.size() >= q.capacity)
    {
        return false;
    }
    const bool wasEmpty = q.requests.empty();
    q.requests.push_back(request);
    if (!wasEmpty)
    {
        // The driver will find it when the requests before it complete: no system call.
        if (!issued.IsNull())
        {
            Simulator::ScheduleNow([issued]() { issued(); });
        }
        return true;
    }
    // Queueing onto an empty queue: enter the driver, which learns of the queue (a kernel
    // service calls it directly).
    Callback<void> enter([this, queue, issued]() {
        m_queues[queue].known = true;
        StartNext();
        if (!issued.IsNull())
        {
            issued();
        }
    });
    if (q.inKernel)
    {
        m_cpu->Execute(m_driverWork(), enter);
        return true;
    }
    ++m_syscalls;
    m_cpu->Syscall(m_driverWork(), enter);
    return true;
}

void
ClanDmaScheduler::StartNext()
{
    if (m_running >= 0)
    {
        return;
    }
    const int32_t i = m_arbiter.Pick(
        static_cast<uint32_t>(m_queues.size()),
        [this](uint32_t k) { return m_queues[k].known && !m_queues[k].requests.empty(); },
        [](uint32_t) { return 0u; });
    if (i == SanRoundRobinArbiter::NONE)
    {
        return;
    }
    m_running = i;
    m_start(m_queues[i].requests.front(), static_cast<uint32_t>(i));
}

void
ClanDmaScheduler::Completed()
{
    NS_ABORT_MSG_IF(m_running < 0, "ClanDmaScheduler::Completed: no transfer was running");
    ++m_interrupts;
    const uint32_t queue = static_cast<uint32_t>(m_running);
    m_cpu->Interrupt(m_driverWork(), MakeSanCallback<void>([this, queue]() {
                         Queue& q = m_queues[queue];
                         const ClanDmaRequest done = q.requests.front();
                         q.requests.pop_front();
                         ++q.served;
                         if (q.requests.empty())
                         {
                             q.known = false; // the next request onto it enters the driver
                         }
                         m_running = -1;
                         StartNext();
                         if (!q.done.IsNull())
                         {
                             q.done(done, queue);
                         }
                     }));
}

uint64_t
ClanDmaScheduler::GetNSyscalls() const
{
    return m_syscalls;
}

uint64_t
ClanDmaScheduler::GetNInterrupts() const
{
    return m_interrupts;
}

uint64_t
ClanDmaScheduler::GetNServed(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "ClanDmaScheduler: no queue " << queue);
    return m_queues[queue].served;
}

uint32_t
ClanDmaScheduler::GetNPending(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "ClanDmaScheduler: no queue " << queue);
    return static_cast<uint32_t>(m_queues[queue].requests.size());
}

bool
ClanDmaScheduler::IsBusy() const
{
    return m_running >= 0;
}

} // namespace ns3
