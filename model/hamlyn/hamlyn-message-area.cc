/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-message-area.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynMessageArea");

HamlynMessageArea::HamlynMessageArea(Ptr<HostMemory> memory,
                                     uint64_t size,
                                     uint32_t pageSize,
                                     const std::string& name)
    : m_memory(memory),
      m_size(size),
      m_pageSize(pageSize)
{
    NS_ABORT_MSG_IF(memory == nullptr, "HamlynMessageArea: no host memory");
    NS_ABORT_MSG_IF(size == 0, "HamlynMessageArea: size must be > 0");
    NS_ABORT_MSG_IF(pageSize == 0, "HamlynMessageArea: page size must be > 0");
    uint64_t pages = (size + pageSize - 1) / pageSize;
    m_pages.reserve(pages);
    for (uint64_t p = 0; p < pages; ++p)
    {
        std::string pageName = name.empty() ? "" : name + ".page" + std::to_string(p);
        uint64_t bytes = std::min<uint64_t>(pageSize, size - p * pageSize);
        m_pages.push_back(m_memory->Allocate(bytes, pageName));
    }
}

uint64_t
HamlynMessageArea::GetSize() const
{
    return m_size;
}

uint32_t
HamlynMessageArea::GetPageSize() const
{
    return m_pageSize;
}

const std::vector<uint64_t>&
HamlynMessageArea::GetPages() const
{
    return m_pages;
}

bool
HamlynMessageArea::Contains(uint64_t offset, uint64_t len) const
{
    return offset <= m_size && len <= m_size - offset;
}

uint64_t
HamlynMessageArea::Translate(uint64_t offset) const
{
    NS_ABORT_MSG_IF(offset >= m_size,
                    "HamlynMessageArea: offset " << offset << " outside an area of " << m_size
                                                 << " bytes");
    return m_pages[offset / m_pageSize] + offset % m_pageSize;
}

void
HamlynMessageArea::Write(uint64_t offset, const uint8_t* data, uint64_t len)
{
    NS_ABORT_MSG_IF(!Contains(offset, len),
                    "HamlynMessageArea: write of " << len << " bytes at offset " << offset
                                                   << " outside an area of " << m_size << " bytes");
    uint64_t done = 0;
    while (done < len)
    {
        uint64_t off = offset + done;
        uint64_t piece = std::min<uint64_t>(len - done, m_pageSize - off % m_pageSize);
        bool ok = m_memory->Write(Translate(off), data == nullptr ? nullptr : data + done, piece);
        NS_ABORT_MSG_IF(!ok, "HamlynMessageArea: page write refused by host memory");
        done += piece;
    }
}

void
HamlynMessageArea::Read(uint64_t offset, uint8_t* out, uint64_t len) const
{
    NS_ABORT_MSG_IF(!Contains(offset, len),
                    "HamlynMessageArea: read of " << len << " bytes at offset " << offset
                                                  << " outside an area of " << m_size << " bytes");
    uint64_t done = 0;
    while (done < len)
    {
        uint64_t off = offset + done;
        uint64_t piece = std::min<uint64_t>(len - done, m_pageSize - off % m_pageSize);
        bool ok = m_memory->Read(Translate(off), out + done, piece);
        NS_ABORT_MSG_IF(!ok, "HamlynMessageArea: page read refused by host memory");
        done += piece;
    }
}

} // namespace ns3
