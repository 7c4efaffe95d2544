/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-fabric-packet.h"

#include <algorithm>
#include <memory>

namespace ns3
{

namespace
{
/// Descriptors are carved from chunks that live until the program ends and
/// recycled through an intrusive free list.
struct SanFabricPacketPool
{
    static constexpr size_t CHUNK = 1024;
    std::vector<std::unique_ptr<SanFabricPacket[]>> chunks;
    SanFabricPacket* freeList{nullptr};
    uint64_t live{0};
};

SanFabricPacketPool&
GetPool()
{
    static SanFabricPacketPool pool;
    return pool;
}
} // namespace

SanFabricPacket*
SanFabricPacket::Allocate()
{
    SanFabricPacketPool& pool = GetPool();
    if (pool.freeList == nullptr)
    {
        pool.chunks.emplace_back(new SanFabricPacket[SanFabricPacketPool::CHUNK]);
        SanFabricPacket* chunk = pool.chunks.back().get();
        for (size_t i = 0; i < SanFabricPacketPool::CHUNK; ++i)
        {
            chunk[i].next = pool.freeList;
            pool.freeList = &chunk[i];
        }
    }
    SanFabricPacket* p = pool.freeList;
    pool.freeList = p->next;
    p->Clear();
    p->inPool = 0;
    ++pool.live;
    return p;
}

void
SanFabricPacket::Free(SanFabricPacket* p)
{
    SanFabricPacketPool& pool = GetPool();
    if (p->inPool)
    {
        return; // reclaimed when its run was destroyed
    }
    p->inPool = 1;
    if (p->m_extra != nullptr)
    {
        p->m_extra->payload = nullptr; // released now, not on the descriptor's next use
    }
    p->next = pool.freeList;
    pool.freeList = p;
    --pool.live;
}

void
SanFabricPacket::ReclaimAll()
{
    SanFabricPacketPool& pool = GetPool();
    if (pool.live == 0)
    {
        return;
    }
    for (const auto& chunk : pool.chunks)
    {
        for (size_t i = 0; i < SanFabricPacketPool::CHUNK; ++i)
        {
            if (!chunk[i].inPool)
            {
                Free(&chunk[i]);
            }
        }
    }
}

uint64_t
SanFabricPacket::GetLiveCount()
{
    return GetPool().live;
}

SanFabricPacket::~SanFabricPacket()
{
    delete m_extra;
}

void
SanFabricPacket::MakeExtra()
{
    m_extra = new SanFabricPacketExtra;
}

void
SanFabricPacketExtra::Clear()
{
    held.clear(); // keeps its capacity: no churn on reuse
    parent = nullptr;
    cellsLeft = 0;
    burstOffset = 0;
    burstBytes = 0;
    splitHeader = 0;
    routeLen = 0;
    routeIdx = 0;
    tag = 0;
    payload = nullptr;
}

void
SanFabricPacket::Clear()
{
    uid = 0;
    src = 0;
    dst = 0;
    dstSwitch = 0;
    bytes = 0;
    seq = 0;
    createdTs = 0;
    injectedTs = 0;
    readyTs = 0;
    tailTs = 0;
    hops = 0;
    intermediate = NONE;
    holdSlot = 0;
    dim = 0xff;
    waitMask = 0;
    phase = 0;
    dateline = 0;
    escaped = 0;
    wormhole = 0;
    splittable = 0;
    trafficClass = 0;
    holdPort = nullptr;
    next = nullptr;
    if (m_extra != nullptr)
    {
        m_extra->Clear();
    }
}

void
SanFabricPacket::CopyStateFrom(const SanFabricPacket& o)
{
    uid = o.uid;
    src = o.src;
    dst = o.dst;
    dstSwitch = o.dstSwitch;
    bytes = o.bytes;
    seq = o.seq;
    createdTs = o.createdTs;
    injectedTs = o.injectedTs;
    readyTs = o.readyTs;
    tailTs = o.tailTs;
    hops = o.hops;
    intermediate = o.intermediate;
    dim = o.dim;
    waitMask = o.waitMask;
    phase = o.phase;
    dateline = o.dateline;
    escaped = o.escaped;
    wormhole = o.wormhole;
    splittable = o.splittable;
    trafficClass = o.trafficClass;
    if (o.m_extra == nullptr)
    {
        if (m_extra != nullptr)
        {
            m_extra->Clear();
        }
        return;
    }
    // Not what it holds (held slots) nor its cell-mode parent.
    SanFabricPacketExtra& e = Extra();
    e.routeLen = o.m_extra->routeLen;
    e.routeIdx = o.m_extra->routeIdx;
    std::copy(o.m_extra->route, o.m_extra->route + o.m_extra->routeLen, e.route);
    e.splitHeader = o.m_extra->splitHeader;
    e.burstOffset = o.m_extra->burstOffset;
    e.burstBytes = o.m_extra->burstBytes;
    e.tag = o.m_extra->tag;
    e.payload = o.m_extra->payload;
}

// What every hop reads, in 96 bytes: a deep tree has ten packets in flight per host.
static_assert(sizeof(void*) != 8 || sizeof(SanFabricPacket) <= 96,
              "SanFabricPacket grew past 96 bytes");

} // namespace ns3
