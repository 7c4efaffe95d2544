/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-tripwire-fifo.h"

#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanTripwireFifo");

void
ClanTripwireFifo::Setup(Ptr<HostCpu> cpu, Ptr<HostBus> bus, WorkCallback work, FireCallback fire)
{
    m_cpu = cpu;
    m_bus = bus;
    m_work = work;
    m_fire = fire;
}

void
ClanTripwireFifo::Configure(uint32_t depth, bool drain)
{
    m_depth = depth;
    m_drain = drain;
}

uint32_t
ClanTripwireFifo::GetDepth() const
{
    return m_depth;
}

bool
ClanTripwireFifo::IsDraining() const
{
    return m_drain;
}

void
ClanTripwireFifo::Push(uint32_t id, uint64_t write)
{
    if (m_fifo.size() >= m_depth)
    {
        ++m_overflows;
        NS_LOG_WARN("ClanNetDevice: Tripwire FIFO full, id " << id << " lost");
        return;
    }
    m_fifo.push_back(Entry{id, write});
}

void
ClanTripwireFifo::Raise()
{
    if (m_pending || m_fifo.empty())
    {
        return;
    }
    m_pending = true;
    ++m_interrupts;
    // The routine holds the CPU while it reads the FIFO across the PCI bus.
    m_cpu->InterruptHeld(Seconds(0), MakeCallback(&ClanTripwireFifo::Serve, this));
}

void
ClanTripwireFifo::Serve()
{
    if (m_fifo.empty())
    {
        // The read that finds the FIFO empty ends the routine.
        m_bus->PioLoad(4, MakeSanCallback<void>([this]() {
                           if (!m_fifo.empty())
                           {
                               Serve(); // an id came while the empty status was read
                               return;
                           }
                           m_pending = false;
                           m_cpu->EndInterrupt();
                       }));
        return;
    }
    const uint32_t id = m_fifo.front().id;
    const uint64_t write = m_fifo.front().write;
    m_fifo.pop_front();
    // One PCI load per id; it completes no earlier than the write that tripped the id is
    // visible (see the class's description).
    m_bus->PioLoad(4, MakeSanCallback<void>([this, id, write]() {
                       if (write > m_visible)
                       {
                           m_heldFor = write;
                           m_heldRead = MakeSanCallback<void>([this, id]() { IdRead(id); });
                           return;
                       }
                       IdRead(id);
                   }));
}

void
ClanTripwireFifo::WriteVisible(uint64_t write)
{
    m_visible = std::max(m_visible, write);
    if (!m_heldRead.IsNull() && m_visible >= m_heldFor)
    {
        Callback<void> read = m_heldRead;
        m_heldRead = Callback<void>();
        read();
    }
}

void
ClanTripwireFifo::IdRead(uint32_t id)
{
    Simulator::Schedule(m_work(id), [this, id]() {
        ++m_ids;
        m_fire(id);
        if (m_drain)
        {
            Serve();
            return;
        }
        // One id per interrupt: return, and interrupt again if more are waiting.
        m_pending = false;
        m_cpu->EndInterrupt();
        Raise();
    });
}

uint64_t
ClanTripwireFifo::GetNInterrupts() const
{
    return m_interrupts;
}

uint64_t
ClanTripwireFifo::GetNIds() const
{
    return m_ids;
}

uint64_t
ClanTripwireFifo::GetNOverflows() const
{
    return m_overflows;
}

void
ClanTripwireFifo::Clear()
{
    m_heldRead = Callback<void>();
    m_work = WorkCallback();
    m_fire = FireCallback();
    m_cpu = nullptr;
    m_bus = nullptr;
}

} // namespace ns3
