/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/host-pinned-region.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostPinnedRegion");

HostPinnedRegion::HostPinnedRegion(Ptr<HostMemory> memory,
                                   uint64_t size,
                                   uint32_t pageSize,
                                   const std::string& name)
    : m_memory(memory),
      m_size(size),
      m_pageSize(pageSize)
{
    NS_ABORT_MSG_IF(memory == nullptr, "HostPinnedRegion: no host memory");
    NS_ABORT_MSG_IF(size == 0, "HostPinnedRegion: size must be > 0");
    NS_ABORT_MSG_IF(pageSize == 0, "HostPinnedRegion: page size must be > 0");
    m_base = m_memory->Allocate(size, name);
}

uint64_t
HostPinnedRegion::GetSize() const
{
    return m_size;
}

uint32_t
HostPinnedRegion::GetPageSize() const
{
    return m_pageSize;
}

uint64_t
HostPinnedRegion::GetPageAddress(uint64_t index) const
{
    NS_ABORT_MSG_IF(index >= (m_size + m_pageSize - 1) / m_pageSize,
                    "HostPinnedRegion: no page " << index << " in an area of " << m_size
                                                 << " bytes");
    return m_base + index * m_pageSize;
}

bool
HostPinnedRegion::Contains(uint64_t offset, uint64_t len) const
{
    return offset <= m_size && len <= m_size - offset;
}

uint64_t
HostPinnedRegion::Translate(uint64_t offset) const
{
    NS_ABORT_MSG_IF(offset >= m_size,
                    "HostPinnedRegion: offset " << offset << " outside an area of " << m_size
                                                << " bytes");
    return m_base + offset;
}

void
HostPinnedRegion::Write(uint64_t offset, const uint8_t* data, uint64_t len)
{
    NS_ABORT_MSG_IF(!Contains(offset, len),
                    "HostPinnedRegion: write of " << len << " bytes at offset " << offset
                                                  << " outside an area of " << m_size << " bytes");
    uint64_t done = 0;
    while (done < len)
    {
        uint64_t off = offset + done;
        uint64_t piece = std::min<uint64_t>(len - done, m_pageSize - off % m_pageSize);
        bool ok = m_memory->Write(Translate(off), data == nullptr ? nullptr : data + done, piece);
        NS_ABORT_MSG_IF(!ok, "HostPinnedRegion: page write refused by host memory");
        done += piece;
    }
}

void
HostPinnedRegion::Read(uint64_t offset, uint8_t* out, uint64_t len) const
{
    NS_ABORT_MSG_IF(!Contains(offset, len),
                    "HostPinnedRegion: read of " << len << " bytes at offset " << offset
                                                 << " outside an area of " << m_size << " bytes");
    uint64_t done = 0;
    while (done < len)
    {
        uint64_t off = offset + done;
        uint64_t piece = std::min<uint64_t>(len - done, m_pageSize - off % m_pageSize);
        bool ok = m_memory->Read(Translate(off), out + done, piece);
        NS_ABORT_MSG_IF(!ok, "HostPinnedRegion: page read refused by host memory");
        done += piece;
    }
}

void
HostPinnedRegion::WatchWrites(uint64_t offset, uint64_t len, Callback<void> seen)
{
    NS_ABORT_MSG_IF(len == 0 || !Contains(offset, len),
                    "HostPinnedRegion: watch of " << len << " bytes at offset " << offset
                                                  << " outside an area of " << m_size << " bytes");
    const uint64_t first = offset / m_pageSize;
    const uint64_t last = (offset + len - 1) / m_pageSize;
    if (first == last)
    {
        m_memory->WatchWrites(Translate(offset), len, seen); // the common case: one page
        return;
    }
    // One watch per page piece; whichever fires first cancels the rest.
    auto tokens = std::make_shared<std::vector<uint64_t>>();
    HostMemory* memory = PeekPointer(m_memory); // the memory holds the watches: no cycle
    Callback<void> once([tokens, memory, seen]() {
        for (uint64_t t : *tokens)
        {
            memory->CancelWatch(t);
        }
        seen();
    });
    uint64_t done = 0;
    while (done < len)
    {
        const uint64_t off = offset + done;
        const uint64_t piece = std::min<uint64_t>(len - done, m_pageSize - off % m_pageSize);
        tokens->push_back(m_memory->WatchWrites(Translate(off), piece, once));
        done += piece;
    }
}

} // namespace ns3
