/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-context.h"

#include "dart-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartContext");

NS_OBJECT_ENSURE_REGISTERED(DartContext);

TypeId
DartContext::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DartContext").SetParent<Object>().SetGroupName("San");
    return tid;
}

DartContext::DartContext() = default;

DartContext::~DartContext() = default;

void
DartContext::DoDispose()
{
    m_device = nullptr;
    m_entry.frames = nullptr;
    Object::DoDispose();
}

void
DartContext::Setup(Ptr<DartNetDevice> device, uint32_t index, const DartEndpoint& endpoint)
{
    m_device = device;
    m_endpoint = index;
    m_entry = endpoint;
}

bool
DartContext::InBounds(uint64_t offset, uint64_t len) const
{
    return offset <= m_entry.size && len <= m_entry.size - offset;
}

uint32_t
DartContext::GetEndpoint() const
{
    return m_endpoint;
}

uint64_t
DartContext::GetSize() const
{
    return m_entry.size;
}

uint64_t
DartContext::GetVirtualBase() const
{
    return m_entry.virtualBase;
}

void
DartContext::Write(uint64_t offset, const uint8_t* data, uint64_t len)
{
    NS_ABORT_MSG_IF(!InBounds(offset, len),
                    "DartContext::Write: [" << offset << ", " << offset + len
                                            << ") is outside the endpoint (" << GetSize()
                                            << " bytes)");
    m_entry.frames->Write(offset, data, len);
}

void
DartContext::Read(uint64_t offset, uint8_t* out, uint64_t len) const
{
    NS_ABORT_MSG_IF(!InBounds(offset, len),
                    "DartContext::Read: [" << offset << ", " << offset + len
                                           << ") is outside the endpoint (" << GetSize()
                                           << " bytes)");
    m_entry.frames->Read(offset, out, len);
}

void
DartContext::WriteWord(uint64_t offset, uint32_t value)
{
    const uint8_t b[4] = {static_cast<uint8_t>(value >> 24),
                          static_cast<uint8_t>(value >> 16),
                          static_cast<uint8_t>(value >> 8),
                          static_cast<uint8_t>(value)};
    Write(offset, b, 4);
}

uint32_t
DartContext::ReadWord(uint64_t offset) const
{
    uint8_t b[4];
    Read(offset, b, 4);
    return (static_cast<uint32_t>(b[0]) << 24) | (static_cast<uint32_t>(b[1]) << 16) |
           (static_cast<uint32_t>(b[2]) << 8) | b[3];
}

void
DartContext::Send(uint16_t vci,
                  const DartControl& ctl,
                  uint32_t offset,
                  uint32_t size,
                  Callback<void> issued)
{
    m_device->Send(vci, ctl, offset, size, issued);
}

void
DartContext::WaitForDeposit(uint64_t offset, uint64_t len, Callback<void> resumed)
{
    NS_ABORT_MSG_IF(len == 0, "DartContext::WaitForDeposit: watch at least one byte");
    NS_ABORT_MSG_IF(!InBounds(offset, len),
                    "DartContext::WaitForDeposit: [" << offset << ", " << offset + len
                                                     << ") is outside the endpoint (" << GetSize()
                                                     << " bytes)");
    // The host memory's write watch sees the deposit; the poll loop looks again one step
    // later (ScheduleNow), when the interface has finished the whole message's writes.
    m_entry.frames->WatchWrites(offset, len, MakeSanCallback<void>([resumed]() {
                                    if (!resumed.IsNull())
                                    {
                                        Simulator::ScheduleNow([resumed]() { resumed(); });
                                    }
                                }));
}

const DartConnection&
DartContext::GetConnection(uint16_t vci) const
{
    return m_device->GetConnection(vci);
}

uint32_t
DartContext::GetNRegisters() const
{
    return m_device->GetNRegisters();
}

void
DartContext::SetRegister(uint32_t reg, uint32_t value)
{
    m_device->SetRegister(reg, value);
}

uint32_t
DartContext::GetRegister(uint32_t reg) const
{
    return m_device->GetRegister(reg);
}

uint32_t
DartContext::CreateActionQueue(bool immediate, uint32_t entries)
{
    return m_device->CreateActionQueue(immediate, entries);
}

Ptr<SanEventQueue>
DartContext::GetActionQueue(uint32_t queue) const
{
    return m_device->GetActionQueue(queue);
}

void
DartContext::SetActionHandler(uint32_t queue, Callback<void> handler)
{
    m_device->SetActionHandler(queue, handler);
}

} // namespace ns3
