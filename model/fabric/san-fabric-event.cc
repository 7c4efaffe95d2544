/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-fabric-event.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <memory>
#include <new>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanFabricEvent");

namespace
{

/// A free block: the link of the free list lives in the block itself.
struct FreeBlock
{
    FreeBlock* next; //!< next free block
};

/// Blocks carved from chunks that live until the program ends.
struct EventPool
{
    static constexpr std::size_t BLOCKS_PER_CHUNK = 256; //!< blocks per chunk

    /// One block, on a cache line of its own.
    struct alignas(SanFabricEventMemory::BLOCK) Block
    {
        unsigned char bytes[SanFabricEventMemory::BLOCK]; //!< storage
    };

    std::vector<std::unique_ptr<Block[]>> chunks; //!< every chunk
    FreeBlock* freeList{nullptr};                 //!< free blocks
};

/// \return the pool (never destroyed: an event released during static destruction, after
/// the pool would have gone, still finds it)
EventPool&
GetEventPool()
{
    static EventPool* pool = new EventPool;
    return *pool;
}

} // namespace

void*
SanFabricEventMemory::Allocate(std::size_t size)
{
    NS_ABORT_MSG_IF(size > BLOCK, "SanFabricEventMemory: event of " << size << " bytes");
    EventPool& pool = GetEventPool();
    if (pool.freeList == nullptr)
    {
        pool.chunks.emplace_back(new EventPool::Block[EventPool::BLOCKS_PER_CHUNK]);
        EventPool::Block* chunk = pool.chunks.back().get();
        for (std::size_t i = 0; i < EventPool::BLOCKS_PER_CHUNK; ++i)
        {
            pool.freeList = new (&chunk[i]) FreeBlock{pool.freeList};
        }
    }
    FreeBlock* b = pool.freeList;
    pool.freeList = b->next;
    return b;
}

void
SanFabricEventMemory::Release(void* block)
{
    EventPool& pool = GetEventPool();
    pool.freeList = new (block) FreeBlock{pool.freeList};
}

} // namespace ns3
