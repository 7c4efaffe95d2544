/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-dma-engine.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanDmaEngine");

NS_OBJECT_ENSURE_REGISTERED(SanDmaEngine);

TypeId
SanDmaEngine::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanDmaEngine")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanDmaEngine>()
                            .AddTraceSource("Busy",
                                            "The engine started work (true) or went idle "
                                            "(false); a device whose processor shares memory "
                                            "with it may slow down meanwhile.",
                                            MakeTraceSourceAccessor(&SanDmaEngine::m_busyTrace),
                                            "ns3::SanDmaEngine::BusyTracedCallback");
    return tid;
}

SanDmaEngine::SanDmaEngine()
    : m_engine(CreateObject<SanResource>())
{
}

SanDmaEngine::~SanDmaEngine() = default;

void
SanDmaEngine::SetBus(Ptr<HostBus> bus)
{
    m_bus = bus;
}

void
SanDmaEngine::Transfer(uint64_t bytes,
                       Callback<void> done,
                       Callback<void> started,
                       uint32_t priorityClass)
{
    NS_ABORT_MSG_IF(m_bus == nullptr, "SanDmaEngine: no host bus (attach the device first)");
    m_engine->Acquire(Callback<void>([this, bytes, done, started]() {
                          if (m_running++ == 0)
                          {
                              m_busyTrace(true);
                          }
                          if (!started.IsNull())
                          {
                              started();
                          }
                          m_bus->Dma(bytes, Callback<void>([this, bytes, done]() {
                                         m_engine->Release();
                                         ++m_transfers;
                                         m_bytes += bytes;
                                         if (--m_running == 0)
                                         {
                                             m_busyTrace(false);
                                         }
                                         if (!done.IsNull())
                                         {
                                             done();
                                         }
                                     }));
                      }),
                      priorityClass);
}

bool
SanDmaEngine::IsIdle() const
{
    return !m_engine->IsBusy() && m_engine->GetQueueLength() == 0;
}

Ptr<SanResource>
SanDmaEngine::GetResource() const
{
    return m_engine;
}

uint64_t
SanDmaEngine::GetNTransfers() const
{
    return m_transfers;
}

uint64_t
SanDmaEngine::GetBytes() const
{
    return m_bytes;
}

void
SanDmaEngine::DoDispose()
{
    m_bus = nullptr;
    m_engine = nullptr;
    Object::DoDispose();
}

} // namespace ns3
