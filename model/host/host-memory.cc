/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-memory.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostMemory");

NS_OBJECT_ENSURE_REGISTERED(HostMemory);

TypeId
HostMemory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostMemory")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<HostMemory>()
            .AddAttribute(
                "VirtualPayload",
                "If true, regions get no storage: writes are checked, counted and "
                "traced but not stored, reads return zeros (for scaling runs). Only "
                "settable before the first allocation.",
                BooleanValue(false),
                MakeBooleanAccessor(&HostMemory::SetVirtualPayload, &HostMemory::IsVirtualPayload),
                MakeBooleanChecker())
            // Modelling choice, not from a paper: a non-zero base keeps address 0 invalid.
            .AddAttribute(
                "BaseAddress",
                "Address of the first region (> 0). Only settable before the first "
                "allocation.",
                UintegerValue(0x100000),
                MakeUintegerAccessor(&HostMemory::SetBaseAddress, &HostMemory::GetBaseAddress),
                MakeUintegerChecker<uint64_t>(1))
            // Modelling choice, not from a paper: page-aligned regions, as the papers' message
            // areas and exported buffers are made of pinned pages (e.g. Hamlyn section 2.2,
            // SHRIMP's per-page incoming page table); the page size is not modelled otherwise.
            .AddAttribute(
                "Alignment",
                "Alignment of region base addresses (a power of two). Only settable "
                "before the first allocation.",
                UintegerValue(4096),
                MakeUintegerAccessor(&HostMemory::SetAlignment, &HostMemory::GetAlignment),
                MakeUintegerChecker<uint64_t>(1))
            .AddTraceSource("Write",
                            "Bytes were written (Write or Fill): first address and length.",
                            MakeTraceSourceAccessor(&HostMemory::m_writeTrace),
                            "ns3::HostMemory::AccessTracedCallback")
            .AddTraceSource("AccessError",
                            "An access was rejected (not inside one region): first address and "
                            "length.",
                            MakeTraceSourceAccessor(&HostMemory::m_errorTrace),
                            "ns3::HostMemory::AccessTracedCallback");
    return tid;
}

HostMemory::HostMemory()
    : m_virtual(false),
      m_baseAddress(0x100000),
      m_alignment(4096),
      m_nextAddress(0x100000),
      m_allocated(false),
      m_reservedBytes(0),
      m_storageBytes(0),
      m_bytesWritten(0),
      m_writes(0),
      m_bytesRead(0),
      m_accessErrors(0)
{
    NS_LOG_FUNCTION(this);
}

HostMemory::~HostMemory()
{
    NS_LOG_FUNCTION(this);
}

void
HostMemory::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_regions.clear();
    m_found.fill(nullptr);
    m_names.clear();
    m_watches.clear();
    m_deadWatches = 0;
    m_reservedBytes = 0;
    m_storageBytes = 0;
    m_disposed = true;
    Object::DoDispose();
}

uint64_t
HostMemory::Allocate(uint64_t size, const std::string& name)
{
    NS_LOG_FUNCTION(this << size << name);
    NS_ABORT_MSG_IF(size == 0, "HostMemory::Allocate: region size must be > 0");
    NS_ABORT_MSG_IF(!name.empty() && m_names.count(name) != 0,
                    "HostMemory::Allocate: a region named '" << name << "' already exists");
    uint64_t max = std::numeric_limits<uint64_t>::max();
    uint64_t base = m_nextAddress;
    uint64_t rest = base % m_alignment;
    if (rest != 0)
    {
        NS_ABORT_MSG_IF(m_alignment - rest > max - base,
                        "HostMemory::Allocate: address space exhausted (size " << size << ")");
        base += m_alignment - rest;
    }
    NS_ABORT_MSG_IF(size > max - base,
                    "HostMemory::Allocate: address space exhausted (size " << size << ")");
    uint64_t end = base + size;
    Entry& e = m_regions[base];
    e.region = HostMemoryRegion{name, base, size, 0, 0};
    if (!name.empty())
    {
        m_names[name] = base;
    }
    m_reservedBytes += size;
    m_nextAddress = end;
    m_allocated = true;
    NS_LOG_LOGIC(this << " region '" << name << "' [0x" << std::hex << base << ", 0x" << end << ")"
                      << std::dec);
    return base;
}

void
HostMemory::Free(uint64_t base)
{
    NS_LOG_FUNCTION(this << base);
    auto it = m_regions.find(base);
    NS_ABORT_MSG_IF(it == m_regions.end(),
                    "HostMemory::Free: 0x" << std::hex << base << std::dec
                                           << " is not the base of a region");
    if (!it->second.region.name.empty())
    {
        m_names.erase(it->second.region.name);
    }
    m_reservedBytes -= it->second.region.size;
    m_storageBytes -= it->second.storageBytes;
    m_found.fill(nullptr);
    m_regions.erase(it);
}

template <typename Visit>
void
HostMemory::ForEachChunk(const Entry& e, uint64_t addr, uint64_t len, Visit&& visit)
{
    uint64_t offset = addr - e.region.base;
    uint64_t done = 0;
    while (done < len)
    {
        const uint64_t at = offset % CHUNK_BYTES;
        const uint64_t n = std::min(CHUNK_BYTES - at, len - done);
        visit(offset / PAGE_BYTES, (offset % PAGE_BYTES) / CHUNK_BYTES, at, n, done);
        offset += n;
        done += n;
    }
}

template <typename Put, typename Zeros>
void
HostMemory::Store(Entry& e, uint64_t addr, uint64_t len, Put&& put, Zeros&& zeros)
{
    // One look-up per page, not per chunk.
    uint64_t lastPage = std::numeric_limits<uint64_t>::max();
    Page* found = nullptr;
    ForEachChunk(e,
                 addr,
                 len,
                 [&](uint64_t page, uint64_t chunk, uint64_t at, uint64_t n, uint64_t from) {
                     if (page != lastPage)
                     {
                         auto it = e.pages.find(page);
                         found = it != e.pages.end() ? &it->second : nullptr;
                         lastPage = page;
                     }
                     if (found == nullptr || !found->chunks[chunk])
                     {
                         if (zeros(n, from))
                         {
                             return; // unwritten memory reads as zeros already: no storage
                         }
                         if (found == nullptr)
                         {
                             found = &e.pages[page];
                         }
                     }
                     std::unique_ptr<uint8_t[]>& p = found->chunks[chunk];
                     if (!p)
                     {
                         const uint64_t bytes =
                             std::min(CHUNK_BYTES,
                                      e.region.size - (page * PAGE_BYTES + chunk * CHUNK_BYTES));
                         p.reset(new uint8_t[bytes]()); // zeroed: unwritten memory reads as zeros
                         e.storageBytes += bytes;
                         m_storageBytes += bytes;
                     }
                     put(p.get() + at, n, from);
                 });
}

const HostMemory::Entry*
HostMemory::Locate(uint64_t addr, uint64_t len) const
{
    // Regions never overlap and are never empty, so a region found before for an address in
    // the same page answers again for any range inside it.
    const Entry*& found = m_found[(addr >> 12) % LOCATE_CACHE];
    if (found != nullptr)
    {
        const HostMemoryRegion& r = found->region;
        if (addr >= r.base && addr - r.base < r.size && len <= r.size - (addr - r.base))
        {
            return found;
        }
    }
    auto it = m_regions.upper_bound(addr);
    if (it == m_regions.begin())
    {
        return nullptr;
    }
    --it;
    const HostMemoryRegion& r = it->second.region;
    uint64_t offset = addr - r.base;
    if (offset >= r.size || len > r.size - offset)
    {
        return nullptr;
    }
    found = &it->second;
    return found;
}

void
HostMemory::Reject(const char* what, uint64_t addr, uint64_t len) const
{
    ++m_accessErrors;
    NS_LOG_WARN("HostMemory::" << what << ": [0x" << std::hex << addr << ", +0x" << len << std::dec
                               << ") is not inside one region; nothing done");
    m_errorTrace(addr, len);
}

bool
HostMemory::Write(uint64_t addr, const uint8_t* data, uint64_t len)
{
    NS_LOG_FUNCTION(this << addr << len);
    const Entry* c = Locate(addr, std::max<uint64_t>(len, 1));
    if (c == nullptr)
    {
        Reject("Write", addr, len);
        return false;
    }
    if (len == 0)
    {
        return true;
    }
    Entry* e = const_cast<Entry*>(c);
    if (!m_virtual)
    {
        NS_ABORT_MSG_IF(data == nullptr, "HostMemory::Write: null data");
        Store(
            *e,
            addr,
            len,
            [data](uint8_t* to, uint64_t n, uint64_t from) { std::memcpy(to, data + from, n); },
            [data](uint64_t n, uint64_t from) {
                return std::all_of(data + from, data + from + n, [](uint8_t b) { return b == 0; });
            });
    }
    e->region.bytesWritten += len;
    ++e->region.writes;
    m_bytesWritten += len;
    ++m_writes;
    Written(*e, addr, len);
    return true;
}

bool
HostMemory::Fill(uint64_t addr, uint8_t value, uint64_t len)
{
    NS_LOG_FUNCTION(this << addr << static_cast<int>(value) << len);
    const Entry* c = Locate(addr, std::max<uint64_t>(len, 1));
    if (c == nullptr)
    {
        Reject("Fill", addr, len);
        return false;
    }
    if (len == 0)
    {
        return true;
    }
    Entry* e = const_cast<Entry*>(c);
    if (!m_virtual)
    {
        Store(
            *e,
            addr,
            len,
            [value](uint8_t* to, uint64_t n, uint64_t) { std::memset(to, value, n); },
            [value](uint64_t, uint64_t) { return value == 0; });
    }
    e->region.bytesWritten += len;
    ++e->region.writes;
    m_bytesWritten += len;
    ++m_writes;
    Written(*e, addr, len);
    return true;
}

void
HostMemory::Written(const Entry& e, uint64_t addr, uint64_t len)
{
    m_writeTrace(addr, len);
    if (!e.snoop.IsNull())
    {
        e.snoop(addr, len);
    }
    if (m_watches.size() == m_deadWatches)
    {
        return;
    }
    // One-shot watches: take the ones the write touches out first (in the order they were
    // set), since a watcher may watch again from its callback.
    std::vector<Callback<void>> fired;
    for (Watch& w : m_watches)
    {
        if (!w.seen.IsNull() && w.address < addr + len && addr < w.address + w.length)
        {
            fired.push_back(std::move(w.seen));
            w.seen = Callback<void>();
            ++m_deadWatches;
        }
    }
    CompactWatches();
    for (auto& cb : fired)
    {
        cb();
    }
}

uint64_t
HostMemory::WatchWrites(uint64_t addr, uint64_t len, Callback<void> seen)
{
    NS_ABORT_MSG_IF(len == 0, "HostMemory::WatchWrites: an empty range");
    NS_ABORT_MSG_IF(seen.IsNull(), "HostMemory::WatchWrites: no callback");
    const uint64_t token = m_nextWatch++;
    m_watches.push_back(Watch{token, addr, len, seen});
    return token;
}

bool
HostMemory::CancelWatch(uint64_t token)
{
    // Tokens grow, so the watches are in token order: a process that spins on many words
    // cancels each in O(log n), and the dead are swept out together.
    auto it =
        std::lower_bound(m_watches.begin(), m_watches.end(), token, [](const Watch& w, uint64_t t) {
            return w.token < t;
        });
    if (it == m_watches.end() || it->token != token || it->seen.IsNull())
    {
        return false;
    }
    it->seen = Callback<void>();
    ++m_deadWatches;
    CompactWatches();
    return true;
}

void
HostMemory::CompactWatches()
{
    if (m_deadWatches * 2 <= m_watches.size())
    {
        return;
    }
    m_watches.erase(std::remove_if(m_watches.begin(),
                                   m_watches.end(),
                                   [](const Watch& w) { return w.seen.IsNull(); }),
                    m_watches.end());
    m_deadWatches = 0;
}

void
HostMemory::SetWriteSnoop(uint64_t addr, WriteSnoopCallback cb)
{
    if (m_disposed && cb.IsNull())
    {
        return; // the regions, and their snoopers, are gone already
    }
    const Entry* c = Locate(addr, 1);
    NS_ABORT_MSG_IF(c == nullptr,
                    "HostMemory::SetWriteSnoop: address " << addr << " is in no region");
    const_cast<Entry*>(c)->snoop = cb;
}

bool
HostMemory::Read(uint64_t addr, uint8_t* out, uint64_t len) const
{
    NS_LOG_FUNCTION(this << addr << len);
    const Entry* e = Locate(addr, std::max<uint64_t>(len, 1));
    if (e == nullptr)
    {
        Reject("Read", addr, len);
        return false;
    }
    if (len == 0)
    {
        return true;
    }
    NS_ABORT_MSG_IF(out == nullptr, "HostMemory::Read: null output buffer");
    if (m_virtual)
    {
        std::memset(out, 0, len);
    }
    else
    {
        // One look-up per page, not per chunk.
        uint64_t lastPage = std::numeric_limits<uint64_t>::max();
        const Page* found = nullptr;
        ForEachChunk(*e,
                     addr,
                     len,
                     [&](uint64_t page, uint64_t chunk, uint64_t at, uint64_t n, uint64_t to) {
                         if (page != lastPage)
                         {
                             auto it = e->pages.find(page);
                             found = it == e->pages.end() ? nullptr : &it->second;
                             lastPage = page;
                         }
                         const uint8_t* p = found == nullptr ? nullptr : found->chunks[chunk].get();
                         if (p != nullptr)
                         {
                             std::memcpy(out + to, p + at, n);
                         }
                         else
                         {
                             std::memset(out + to, 0, n); // never written
                         }
                     });
    }
    m_bytesRead += len;
    return true;
}

bool
HostMemory::Contains(uint64_t addr, uint64_t len) const
{
    return Locate(addr, std::max<uint64_t>(len, 1)) != nullptr;
}

const HostMemoryRegion*
HostMemory::FindRegion(uint64_t addr) const
{
    const Entry* e = Locate(addr, 1);
    return e == nullptr ? nullptr : &e->region;
}

const HostMemoryRegion*
HostMemory::FindRegion(const std::string& name) const
{
    auto it = m_names.find(name);
    if (it == m_names.end())
    {
        return nullptr;
    }
    return &m_regions.at(it->second).region;
}

uint32_t
HostMemory::GetNRegions() const
{
    return static_cast<uint32_t>(m_regions.size());
}

uint64_t
HostMemory::GetReservedBytes() const
{
    return m_reservedBytes;
}

uint64_t
HostMemory::GetStorageBytes() const
{
    return m_storageBytes;
}

uint64_t
HostMemory::GetBytesWritten() const
{
    return m_bytesWritten;
}

uint64_t
HostMemory::GetWrites() const
{
    return m_writes;
}

uint64_t
HostMemory::GetBytesRead() const
{
    return m_bytesRead;
}

uint64_t
HostMemory::GetAccessErrors() const
{
    return m_accessErrors;
}

void
HostMemory::CheckUnallocated(const char* what) const
{
    NS_ABORT_MSG_IF(m_allocated,
                    "HostMemory: " << what << " can only be set before the first Allocate()");
}

void
HostMemory::SetVirtualPayload(bool on)
{
    if (on != m_virtual)
    {
        CheckUnallocated("VirtualPayload");
    }
    m_virtual = on;
}

bool
HostMemory::IsVirtualPayload() const
{
    return m_virtual;
}

void
HostMemory::SetBaseAddress(uint64_t base)
{
    NS_ABORT_MSG_IF(base == 0, "HostMemory: BaseAddress must be > 0 (address 0 stays invalid)");
    if (base != m_baseAddress)
    {
        CheckUnallocated("BaseAddress");
    }
    m_baseAddress = base;
    m_nextAddress = base;
}

uint64_t
HostMemory::GetBaseAddress() const
{
    return m_baseAddress;
}

void
HostMemory::SetAlignment(uint64_t alignment)
{
    NS_ABORT_MSG_IF(alignment == 0 || (alignment & (alignment - 1)) != 0,
                    "HostMemory: Alignment must be a power of two, got " << alignment);
    if (alignment != m_alignment)
    {
        CheckUnallocated("Alignment");
    }
    m_alignment = alignment;
}

uint64_t
HostMemory::GetAlignment() const
{
    return m_alignment;
}

} // namespace ns3
