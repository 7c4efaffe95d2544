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
    p->payload = nullptr;
    p->held.clear(); // keeps its capacity: no churn on reuse
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
    delete[] route;
}

uint8_t*
SanFabricPacket::RouteStorage()
{
    if (route == nullptr)
    {
        route = new uint8_t[MAX_ROUTE];
    }
    return route;
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
    tag = 0;
    createdTs = 0;
    injectedTs = 0;
    readyTs = 0;
    tailTs = 0;
    hops = 0;
    intermediate = NONE;
    phase = 0;
    dim = 0xff;
    dateline = 0;
    escaped = 0;
    routeLen = 0;
    routeIdx = 0;
    waitMask = 0;
    wormhole = 0;
    splittable = 0;
    holdPort = nullptr;
    holdSlot = 0;
    held.clear();
    next = nullptr;
    parent = nullptr;
    cellsLeft = 0;
    splitHeader = 0;
    burstOffset = 0;
    burstBytes = 0;
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
    tag = o.tag;
    createdTs = o.createdTs;
    injectedTs = o.injectedTs;
    readyTs = o.readyTs;
    tailTs = o.tailTs;
    hops = o.hops;
    intermediate = o.intermediate;
    phase = o.phase;
    dim = o.dim;
    dateline = o.dateline;
    escaped = o.escaped;
    routeLen = o.routeLen;
    routeIdx = o.routeIdx;
    waitMask = o.waitMask;
    wormhole = o.wormhole;
    splittable = o.splittable;
    if (o.routeLen > 0)
    {
        std::copy(o.route, o.route + o.routeLen, RouteStorage());
    }
    splitHeader = o.splitHeader;
    burstOffset = o.burstOffset;
    burstBytes = o.burstBytes;
    payload = o.payload;
}

} // namespace ns3
