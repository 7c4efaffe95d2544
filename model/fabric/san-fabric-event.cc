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

/// Blocks of one size, carved from chunks that live until the program ends.
/// \tparam SIZE bytes per block (also their alignment, to a cache line at most)
template <std::size_t SIZE>
struct EventPool
{
    static constexpr std::size_t BLOCKS_PER_CHUNK = 256; //!< blocks per chunk

    /// One block.
    struct alignas(SIZE % 64 == 0 ? 64 : 16) Block
    {
        unsigned char bytes[SIZE]; //!< storage
    };

    static_assert(sizeof(Block) == SIZE, "a block is padded");

    std::vector<std::unique_ptr<Block[]>> chunks; //!< every chunk
    FreeBlock* freeList{nullptr};                 //!< free blocks

    /// \return the pool of this size (never destroyed: an event released during static
    /// destruction, after the pool would have gone, still finds it)
    static EventPool& Get()
    {
        static EventPool* pool = new EventPool;
        return *pool;
    }

    /// \return a block
    void* Allocate()
    {
        if (freeList == nullptr)
        {
            chunks.emplace_back(new Block[BLOCKS_PER_CHUNK]);
            Block* chunk = chunks.back().get();
            for (std::size_t i = 0; i < BLOCKS_PER_CHUNK; ++i)
            {
                freeList = new (&chunk[i]) FreeBlock{freeList};
            }
        }
        FreeBlock* b = freeList;
        freeList = b->next;
        return b;
    }

    /// \param block a block of this pool to take back
    void Release(void* block)
    {
        freeList = new (block) FreeBlock{freeList};
    }
};

} // namespace

void*
SanFabricEventMemory::Allocate(std::size_t size)
{
    NS_ABORT_MSG_IF(size > BLOCK, "SanFabricEventMemory: event of " << size << " bytes");
    if (size <= PACKET_BLOCK)
    {
        return EventPool<PACKET_BLOCK>::Get().Allocate();
    }
    return size <= SMALL_BLOCK ? EventPool<SMALL_BLOCK>::Get().Allocate()
                               : EventPool<BLOCK>::Get().Allocate();
}

void
SanFabricEventMemory::Release(void* block, std::size_t size)
{
    if (size <= PACKET_BLOCK)
    {
        EventPool<PACKET_BLOCK>::Get().Release(block);
    }
    else if (size <= SMALL_BLOCK)
    {
        EventPool<SMALL_BLOCK>::Get().Release(block);
    }
    else
    {
        EventPool<BLOCK>::Get().Release(block);
    }
}

} // namespace ns3
