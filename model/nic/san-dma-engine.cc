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
SanDmaEngine::SetBusPriority(uint32_t busClass)
{
    m_busClass = busClass;
}

void
SanDmaEngine::Transfer(uint64_t bytes,
                       Callback<void> done,
                       Callback<void> started,
                       uint32_t priorityClass)
{
    Queue(DMA, bytes, 0, std::move(started), std::move(done), priorityClass);
}

void
SanDmaEngine::TransferBursts(uint64_t bytes,
                             uint32_t maxBurstBeats,
                             Callback<void> done,
                             uint32_t priorityClass)
{
    Queue(BURSTS, bytes, maxBurstBeats, Callback<void>(), std::move(done), priorityClass);
}

void
SanDmaEngine::Read(uint64_t bytes,
                   uint32_t maxBurstBeats,
                   Callback<void> done,
                   uint32_t priorityClass)
{
    Queue(READ, bytes, maxBurstBeats, Callback<void>(), std::move(done), priorityClass);
}

void
SanDmaEngine::Burst(uint32_t bytes,
                    bool isRead,
                    Callback<void> onBus,
                    Callback<void> done,
                    uint32_t priorityClass)
{
    Queue(BURST, bytes, isRead ? 1 : 0, std::move(onBus), std::move(done), priorityClass);
}

void
SanDmaEngine::SetImmediateStart(bool immediate)
{
    m_immediate = immediate;
}

void
SanDmaEngine::Queue(Kind kind,
                    uint64_t bytes,
                    uint32_t beats,
                    Callback<void> onBus,
                    Callback<void> done,
                    uint32_t priorityClass)
{
    NS_ABORT_MSG_IF(m_bus == nullptr, "SanDmaEngine: no host bus (attach the device first)");
    if (m_immediate)
    {
        Start(kind, bytes, beats, onBus, done);
        return;
    }
    m_engine->Acquire(Callback<void>([this, kind, bytes, beats, onBus, done]() {
                          Start(kind, bytes, beats, onBus, done);
                      }),
                      priorityClass);
}

void
SanDmaEngine::Start(Kind kind,
                    uint64_t bytes,
                    uint32_t beats,
                    const Callback<void>& onBus,
                    const Callback<void>& done)
{
    if (m_running++ == 0)
    {
        m_busyTrace(true);
    }
    Callback<void> end([this, bytes, done]() { Ended(bytes, done); });
    switch (kind)
    {
    case DMA:
        if (!onBus.IsNull())
        {
            onBus(); // the engine's start
        }
        m_bus->Dma(bytes, end, m_busClass);
        break;
    case BURSTS:
        m_bus->DmaBursts(bytes, beats, end, m_busClass);
        break;
    case READ:
        m_bus->DmaRead(bytes, beats, end, m_busClass);
        break;
    case BURST:
        m_bus->DmaBurst(static_cast<uint32_t>(bytes), beats != 0, onBus, end, m_busClass);
        break;
    }
}

void
SanDmaEngine::Ended(uint64_t bytes, const Callback<void>& done)
{
    if (!m_immediate)
    {
        m_engine->Release();
    }
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
}

bool
SanDmaEngine::IsIdle() const
{
    return m_running == 0 && !m_engine->IsBusy() && m_engine->GetQueueLength() == 0;
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
