/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-dma-engine.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

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
    uint32_t index;
    if (m_freeJobs.empty())
    {
        index = static_cast<uint32_t>(m_jobs.size());
        m_jobs.emplace_back();
        m_jobs[index].start = MakeSanCallback<void>([this, index]() { Start(index); });
        m_jobs[index].end = MakeSanCallback<void>([this, index]() { Ended(index); });
    }
    else
    {
        index = m_freeJobs.back();
        m_freeJobs.pop_back();
    }
    Job& job = m_jobs[index];
    job.kind = kind;
    job.bytes = bytes;
    job.beats = beats;
    job.onBus = std::move(onBus);
    job.done = std::move(done);
    if (m_immediate)
    {
        Start(index);
        return;
    }
    m_engine->Acquire(job.start, priorityClass);
}

void
SanDmaEngine::Start(uint32_t index)
{
    if (m_running++ == 0)
    {
        m_busyTrace(true);
    }
    // Copies: a callback below may queue another transfer and move the pool.
    const Job& job = m_jobs[index];
    const Kind kind = job.kind;
    const uint64_t bytes = job.bytes;
    const uint32_t beats = job.beats;
    const Callback<void> onBus = job.onBus;
    const Callback<void> end = job.end;
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
SanDmaEngine::Ended(uint32_t index)
{
    Job& job = m_jobs[index];
    const uint64_t bytes = job.bytes;
    const Callback<void> done = std::move(job.done);
    job.done = Callback<void>();
    job.onBus = Callback<void>();
    m_freeJobs.push_back(index);
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
    if (m_engine != nullptr)
    {
        m_engine->Dispose(); // drops the steps in its queue, which may hold what holds it
        m_engine = nullptr;
    }
    for (Job& job : m_jobs)
    {
        job.onBus = Callback<void>();
        job.done = Callback<void>();
    }
    Object::DoDispose();
}

} // namespace ns3
