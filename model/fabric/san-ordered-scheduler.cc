/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ordered-scheduler.h"

#include "san-fabric-event.h"

#include "ns3/abort.h"
#include "ns3/event-impl.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanOrderedScheduler");

NS_OBJECT_ENSURE_REGISTERED(SanOrderedScheduler);

TypeId
SanOrderedScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanOrderedScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("San")
                            .AddConstructor<SanOrderedScheduler>();
    return tid;
}

SanOrderedScheduler::SanOrderedScheduler() = default;

SanOrderedScheduler::~SanOrderedScheduler() = default;

void
SanOrderedScheduler::Insert(const Event& ev)
{
    Entry e{ev.key.m_ts,
            0,
            ev.impl,
            ev.key.m_uid,
            ev.key.m_context,
            SanFabricEventBase::CLASS_NONE};
    if (const auto* fe = dynamic_cast<const SanFabricEventBase*>(ev.impl))
    {
        e.cls = fe->GetOrderClass();
        e.key = fe->GetOrderKey();
    }
    m_heap.push_back(e);
    std::push_heap(m_heap.begin(), m_heap.end(), After());
}

bool
SanOrderedScheduler::IsEmpty() const
{
    return m_heap.empty();
}

Scheduler::Event
SanOrderedScheduler::PeekNext() const
{
    NS_ABORT_MSG_IF(m_heap.empty(), "SanOrderedScheduler::PeekNext: no event");
    return m_heap.front().ToEvent();
}

Scheduler::Event
SanOrderedScheduler::RemoveNext()
{
    NS_ABORT_MSG_IF(m_heap.empty(), "SanOrderedScheduler::RemoveNext: no event");
    std::pop_heap(m_heap.begin(), m_heap.end(), After());
    Event ev = m_heap.back().ToEvent();
    m_heap.pop_back();
    return ev;
}

void
SanOrderedScheduler::Remove(const Event& ev)
{
    auto it = std::find_if(m_heap.begin(), m_heap.end(), [&ev](const Entry& e) {
        return e.impl == ev.impl && e.uid == ev.key.m_uid;
    });
    NS_ABORT_MSG_IF(it == m_heap.end(), "SanOrderedScheduler::Remove: no such event");
    m_heap.erase(it);
    std::make_heap(m_heap.begin(), m_heap.end(), After());
}

} // namespace ns3
