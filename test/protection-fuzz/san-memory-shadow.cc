/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-memory-shadow.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanMemoryShadow");

SanMemoryShadow::SanMemoryShadow(Ptr<HostMemory> memory)
{
    Take(memory);
}

std::vector<std::pair<uint64_t, uint64_t>>
SanMemoryShadow::ListRegions(Ptr<HostMemory> memory)
{
    NS_ABORT_MSG_IF(memory == nullptr, "SanMemoryShadow: no memory");
    std::vector<std::pair<uint64_t, uint64_t>> out;
    const uint32_t live = memory->GetNRegions();
    const uint64_t align = memory->GetAlignment();
    uint64_t addr = memory->GetBaseAddress();
    // Region bases are aligned and increase; freed regions leave holes that the walk steps
    // over one alignment unit at a time.
    while (out.size() < live)
    {
        const HostMemoryRegion* r = memory->FindRegion(addr);
        if (r != nullptr && r->base == addr)
        {
            out.emplace_back(r->base, r->size);
            addr = r->base + r->size;
            const uint64_t rest = addr % align;
            addr += rest == 0 ? 0 : align - rest;
            continue;
        }
        NS_ABORT_MSG_IF(addr + align < addr, "SanMemoryShadow: address space walked past its end");
        addr += align - addr % align;
    }
    return out;
}

void
SanMemoryShadow::Take(Ptr<HostMemory> memory)
{
    NS_ABORT_MSG_IF(memory == nullptr, "SanMemoryShadow: no memory");
    NS_ABORT_MSG_IF(memory->IsVirtualPayload(),
                    "SanMemoryShadow: a virtual-payload memory holds no bytes to compare");
    m_regions.clear();
    for (const auto& r : ListRegions(memory))
    {
        std::vector<uint8_t> bytes(r.second);
        bool ok = memory->Read(r.first, bytes.data(), r.second);
        NS_ABORT_MSG_IF(!ok,
                        "SanMemoryShadow: region at 0x" << std::hex << r.first << " unreadable");
        m_regions.emplace(r.first, std::move(bytes));
    }
}

void
SanMemoryShadow::Expect(uint64_t address, const std::vector<uint8_t>& bytes)
{
    if (bytes.empty())
    {
        return;
    }
    auto it = m_regions.upper_bound(address);
    NS_ABORT_MSG_IF(it == m_regions.begin(),
                    "SanMemoryShadow::Expect: 0x" << std::hex << address << " is in no region");
    --it;
    const uint64_t off = address - it->first;
    NS_ABORT_MSG_IF(off > it->second.size() || bytes.size() > it->second.size() - off,
                    "SanMemoryShadow::Expect: [0x" << std::hex << address << ", +" << std::dec
                                                   << bytes.size()
                                                   << ") does not lie in one region");
    std::copy(bytes.begin(), bytes.end(), it->second.begin() + off);
}

uint64_t
SanMemoryShadow::ForEachDifference(Ptr<HostMemory> memory,
                                   const std::function<void(const Difference&)>& visit) const
{
    uint64_t compared = 0;
    std::vector<uint8_t> now;
    for (const auto& r : m_regions)
    {
        now.assign(r.second.size(), 0);
        const bool ok = memory->Read(r.first, now.data(), now.size());
        for (uint64_t i = 0; i < r.second.size(); ++i)
        {
            if (!ok || now[i] != r.second[i])
            {
                visit(Difference{r.first + i, r.second[i], ok ? now[i] : uint8_t(0)});
            }
        }
        compared += r.second.size();
    }
    return compared;
}

std::vector<SanMemoryShadow::Difference>
SanMemoryShadow::Compare(Ptr<HostMemory> memory, uint64_t max, uint64_t& total) const
{
    std::vector<Difference> out;
    total = 0;
    ForEachDifference(memory, [&out, &total, max](const Difference& d) {
        ++total;
        if (out.size() < max)
        {
            out.push_back(d);
        }
    });
    return out;
}

uint64_t
SanMemoryShadow::Hash(Ptr<HostMemory> memory) const
{
    uint64_t h = 1469598103934665603ULL;
    std::vector<uint8_t> now;
    for (const auto& r : m_regions)
    {
        now.assign(r.second.size(), 0);
        memory->Read(r.first, now.data(), now.size());
        for (uint8_t b : now)
        {
            h = (h ^ b) * 1099511628211ULL;
        }
    }
    return h;
}

const std::map<uint64_t, std::vector<uint8_t>>&
SanMemoryShadow::GetRegions() const
{
    return m_regions;
}

uint64_t
SanMemoryShadow::GetBytes() const
{
    uint64_t n = 0;
    for (const auto& r : m_regions)
    {
        n += r.second.size();
    }
    return n;
}

} // namespace ns3
