/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-action-queues.h"

#include "dart-connection-table.h"
#include "dart-operation.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartActionQueues");

void
DartAction::Encode(uint8_t* out) const
{
    out[0] = kind;
    out[1] = 0;
    out[2] = static_cast<uint8_t>(vci >> 8);
    out[3] = static_cast<uint8_t>(vci);
    DartPutWord(out + 4, value);
    DartPutWord(out + 8, lhs);
    DartPutWord(out + 12, rhs);
}

DartAction
DartAction::Decode(const uint8_t* in)
{
    DartAction a;
    a.kind = static_cast<Kind>(in[0]);
    a.vci = static_cast<uint16_t>((in[2] << 8) | in[3]);
    a.value = DartGetWord(in + 4);
    a.lhs = DartGetWord(in + 8);
    a.rhs = DartGetWord(in + 12);
    return a;
}

DartActionQueues::DartActionQueues(DartCard& card, DartEngine& engine)
    : m_dev(card),
      m_engine(engine)
{
}

void
DartActionQueues::SetDefaultEntries(uint32_t entries)
{
    m_defaultEntries = entries;
}

uint32_t
DartActionQueues::GetDefaultEntries() const
{
    return m_defaultEntries;
}

uint32_t
DartActionQueues::Create(Ptr<HostMemory> memory, Ptr<HostCpu> cpu, bool immediate, uint32_t entries)
{
    Queue q;
    q.ring = ns3::Create<SanEventQueue>(memory,
                                        cpu,
                                        entries == 0 ? m_defaultEntries : entries,
                                        DartAction::BYTES,
                                        "dart-action-queue-" + std::to_string(m_queues.size()));
    q.immediate = immediate;
    m_queues.push_back(q);
    return static_cast<uint32_t>(m_queues.size() - 1);
}

uint32_t
DartActionQueues::GetN() const
{
    return static_cast<uint32_t>(m_queues.size());
}

void
DartActionQueues::Check(uint32_t queue) const
{
    NS_ABORT_MSG_IF(queue >= m_queues.size(), "DartNetDevice: no action queue " << queue);
}

Ptr<SanEventQueue>
DartActionQueues::GetRing(uint32_t queue) const
{
    Check(queue);
    return m_queues[queue].ring;
}

bool
DartActionQueues::IsImmediate(uint32_t queue) const
{
    Check(queue);
    return m_queues[queue].immediate;
}

void
DartActionQueues::SetHandler(uint32_t queue, Callback<void> handler)
{
    Check(queue);
    m_queues[queue].handler = handler;
}

void
DartActionQueues::Post(uint32_t queue, const DartAction& action)
{
    ++m_actions;
    const bool exception = action.kind == DartAction::SOFTWARE_EXCEPTION;
    const double instructions = m_engine.GetCostModel()->GetExceptionInstructions();
    if (queue == DartConnection::NO_QUEUE)
    {
        // No queue: the kernel takes the interrupt and has nowhere to deliver it.
        m_engine.Interrupt(instructions, Callback<void>());
        return;
    }
    Queue& q = m_queues[queue];
    uint8_t entry[DartAction::BYTES];
    action.Encode(entry);
    Ptr<SanEventQueue> ring = q.ring;
    const bool interrupt = q.immediate || exception;
    Callback<void> handler = q.handler;
    auto push = [this, ring, interrupt, handler, entry, instructions]() {
        ring->Push(entry);
        if (interrupt)
        {
            m_engine.Interrupt(instructions, handler);
        }
    };
    if (m_engine.IsHostKernel())
    {
        push(); // the kernel writes the entry itself
        return;
    }
    m_dev.GetHostDma()->Transfer(DartAction::BYTES, Callback<void>(push));
}

uint64_t
DartActionQueues::GetNActions() const
{
    return m_actions;
}

void
DartActionQueues::Clear()
{
    m_queues.clear();
}

} // namespace ns3
