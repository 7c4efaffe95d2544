/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-pio-window.h"

#include "san-callback.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostPioWindow");

HostPioWindow::HostPioWindow(Ptr<HostBus> bus,
                             uint64_t size,
                             SinkCallback sink,
                             uint32_t priorityClass)
    : m_bus(bus),
      m_size(size),
      m_sink(sink),
      m_class(priorityClass)
{
    NS_ABORT_MSG_IF(bus == nullptr, "HostPioWindow: no host bus");
    NS_ABORT_MSG_IF(size == 0, "HostPioWindow: size must be > 0");
}

void
HostPioWindow::Store(uint64_t offset, const uint8_t* data, uint32_t len, Callback<void> landed)
{
    NS_ABORT_MSG_IF(offset > m_size || len > m_size - offset,
                    "HostPioWindow: store of " << len << " bytes at offset " << offset
                                               << " outside a window of " << m_size << " bytes");
    // The store sits in the processor's write buffer and the host bridge for the bus's
    // PostedWriteDelay before it reaches the I/O bus (a constant delay: order is kept).
    const Time ready = Simulator::Now() + m_bus->GetPostedWriteDelay();
    std::vector<uint8_t> bytes;
    if (!m_spare.empty())
    {
        bytes = std::move(m_spare.back());
        m_spare.pop_back();
    }
    bytes.assign(data, data + len);
    m_pending.push_back(Pending{offset, std::move(bytes), landed, ready});
    StartNext();
}

void
HostPioWindow::Abandon()
{
    for (std::size_t i = 0; i < m_pending.size(); ++i)
    {
        m_pending[i].landed = Callback<void>();
    }
}

void
HostPioWindow::StartNext()
{
    if (m_onBus || m_pending.empty())
    {
        return;
    }
    if (m_pending.front().ready > Simulator::Now())
    {
        m_onBus = true; // reserved for the front store until it is ready
        Simulator::Schedule(m_pending.front().ready - Simulator::Now(),
                            &HostPioWindow::Ready,
                            this);
        return;
    }
    m_onBus = true;
    if (m_crossed.IsNull())
    {
        // Made at the first store, not with the window: a host maps windows it may never
        // write (CLAN's kernel window on every card, a Hamlyn terminus's work queue).
        m_crossed = MakeSanCallback<void>([this]() { Crossed(); });
    }
    m_bus->Pio(m_pending.front().bytes.size(), m_crossed, m_class);
}

void
HostPioWindow::Ready()
{
    m_onBus = false;
    StartNext();
}

void
HostPioWindow::Crossed()
{
    Pending p = std::move(m_pending.front());
    m_pending.pop_front();
    m_onBus = false;
    StartNext(); // the next store follows at once
    m_bytesStored += p.bytes.size();
    if (!m_sink.IsNull())
    {
        m_sink(p.offset, p.bytes.data(), static_cast<uint32_t>(p.bytes.size()));
    }
    if (m_spare.size() < 64)
    {
        m_spare.push_back(std::move(p.bytes));
    }
    if (!p.landed.IsNull())
    {
        p.landed();
    }
}

uint64_t
HostPioWindow::GetSize() const
{
    return m_size;
}

uint64_t
HostPioWindow::GetBytesStored() const
{
    return m_bytesStored;
}

Time
HostPioWindow::GetStoreTime(uint32_t bytes) const
{
    return m_bus->GetPioTime(bytes);
}

} // namespace ns3
