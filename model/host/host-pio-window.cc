/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-pio-window.h"

#include "ns3/abort.h"
#include "ns3/log.h"

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
    std::vector<uint8_t> bytes(data, data + len);
    m_bus->Pio(len,
               Callback<void>([this, offset, bytes, landed]() {
                   m_bytesStored += bytes.size();
                   if (!m_sink.IsNull())
                   {
                       m_sink(offset, bytes.data(), static_cast<uint32_t>(bytes.size()));
                   }
                   if (!landed.IsNull())
                   {
                       landed();
                   }
               }),
               m_class);
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
