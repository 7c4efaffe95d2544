/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-memory-system.h"

#include "host-cpu.h"
#include "host-memory.h"
#include "san-callback.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostMemorySystem");

NS_OBJECT_ENSURE_REGISTERED(HostMemorySystem);

struct HostMemorySystem::Job
{
    bool toDevice{false};       //!< stores go to a device window
    Ptr<HostMemory> memory;     //!< stores go into this memory (WriteMemory)
    uint64_t dst{0};            //!< ... at this address
    bool readSource{true};      //!< each line is loaded first
    std::vector<uint8_t> data;  //!< the bytes (device copies with real payload)
    uint64_t len{0};            //!< bytes to copy
    uint64_t next{0};           //!< offset of the next line
    uint64_t outstanding{0};    //!< bytes stored and not yet landed in the device
    bool storesDone{false};     //!< the last store has been issued
    bool waitingForRoom{false}; //!< paused on a full posting buffer
    bool finished{false};       //!< done has run
    bool cpuHeld{false};        //!< the caller holds the processor
    bool cpuReleased{false};    //!< this copy has given the processor back
    StoreSink sink;             //!< the device window
    Callback<void> done;        //!< the caller's continuation
    Callback<void> begin;       //!< Begin(this) (made once per pooled job)
    Callback<void> storeLine;   //!< StoreLine(this) (made once per pooled job)
};

struct HostMemorySystem::Landing
{
    Job* job{nullptr};     //!< the copy that stored
    uint32_t bytes{0};     //!< bytes of the store
    Callback<void> landed; //!< Landed(this) (made once per pooled landing)
};

TypeId
HostMemorySystem::GetTypeId()
{
    // The defaults describe the Pentium / Intel 430HX system of the SCILAN paper's hosts
    // (section 4.1); PentiumNtHostPreset sets the two figures fitted to its measured copies.
    static TypeId tid =
        TypeId("ns3::HostMemorySystem")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<HostMemorySystem>()
            // Intel 82439HX System Controller (TXC) datasheet: the Pentium host bus at 50, 60
            // or 66 MHz; the 200 MHz Pentium runs it at 66.67 MHz (3 x).
            .AddAttribute("ClockRate",
                          "System-bus clock rate in Hz.",
                          DoubleValue(66.67e6),
                          MakeDoubleAccessor(&HostMemorySystem::m_clock),
                          MakeDoubleChecker<double>(1))
            // Pentium processor: 32-byte cache lines, filled by a burst of four 64-bit beats.
            .AddAttribute("LineBytes",
                          "Bytes per cache line (the unit of a processor's memory reads).",
                          UintegerValue(32),
                          MakeUintegerAccessor(&HostMemorySystem::m_lineBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // A copy loop of 32-bit moves (rep movsd): one store per 4 bytes.
            .AddAttribute("StoreBytes",
                          "Bytes per processor store in a copy loop.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&HostMemorySystem::m_storeBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // 82439HX datasheet: EDO reads 5-2-2-2 at 66 MHz, i.e. 11 clocks for a line on a
            // DRAM page hit (a preset may fit a larger figure that includes page misses and
            // the second-level cache look-up).
            .AddAttribute("LineReadCycles",
                          "System-bus cycles of one cache-line read from memory (the "
                          "processor stalls on it).",
                          DoubleValue(11),
                          MakeDoubleAccessor(&HostMemorySystem::m_lineReadCycles),
                          MakeDoubleChecker<double>(0))
            // Pentium bus protocol: a single write cycle takes two clocks at least (address
            // and ready); the 82439HX merges and posts DRAM writes (x-2-2-2).
            .AddAttribute("MemoryStoreCycles",
                          "System-bus cycles of one processor store into memory.",
                          DoubleValue(2),
                          MakeDoubleAccessor(&HostMemorySystem::m_memoryStoreCycles),
                          MakeDoubleChecker<double>(0))
            // 82439HX datasheet: "zero wait state CPU-to-PCI writes": the two-clock
            // minimum write cycle, the bridge posting the store.
            .AddAttribute("BridgeStoreCycles",
                          "System-bus cycles of one processor store into the I/O bridge (a "
                          "store to a device window).",
                          DoubleValue(2),
                          MakeDoubleAccessor(&HostMemorySystem::m_bridgeStoreCycles),
                          MakeDoubleChecker<double>(0))
            // 82439HX datasheet: posted DRAM writes x-2-2-2 (8 clocks for a line) and a
            // pipelined snoop of the processor's caches for every PCI-to-DRAM line.
            .AddAttribute("InboundLineCycles",
                          "System-bus cycles of a device's write of one line into memory.",
                          DoubleValue(8),
                          MakeDoubleAccessor(&HostMemorySystem::m_inboundLineCycles),
                          MakeDoubleChecker<double>(0))
            // 0: the model does not bound it (a preset sets its bridge's buffer).
            .AddAttribute("PostedWriteBufferBytes",
                          "Bytes of processor stores to a device the bridge holds before the "
                          "processor stalls (0: no limit).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostMemorySystem::m_postedWriteBufferBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("UncachedReadCycles",
                          "System-bus cycles of one processor load from an uncached page.",
                          DoubleValue(6),
                          MakeDoubleAccessor(&HostMemorySystem::m_uncachedReadCycles),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("SnoopLineCycles",
                          "System-bus cycles a device's write of one line into a cacheable "
                          "page adds (the caches are snooped and the line invalidated).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&HostMemorySystem::m_snoopLineCycles),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("PageBytes",
                          "Bytes per page (the unit of a cache policy).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&HostMemorySystem::m_pageBytes),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

HostMemorySystem::HostMemorySystem()
    : m_bus(CreateObject<SanResource>())
{
}

HostMemorySystem::~HostMemorySystem() = default;

void
HostMemorySystem::DoDispose()
{
    // The pooled jobs stay allocated (an event may still name one) but let go of what they hold.
    for (auto& job : m_jobs)
    {
        job->memory = nullptr;
        job->sink = StoreSink();
        job->done = Callback<void>();
    }
    m_cpu = nullptr;
    m_policies.clear();
    if (m_bus)
    {
        m_bus->Dispose();
    }
    m_bus = nullptr;
    Object::DoDispose();
}

void
HostMemorySystem::Setup(Ptr<HostCpu> cpu)
{
    NS_ABORT_MSG_IF(cpu == nullptr, "HostMemorySystem::Setup: needs a processor");
    m_cpu = cpu;
}

Time
HostMemorySystem::Cycles(double cycles) const
{
    if (m_cycleTimes == nullptr || m_memoClock != m_clock)
    {
        m_cycleTimes = SanDurationMemo::Find(1, m_clock); // cycles x 1 / clock: exact
        m_memoClock = m_clock;
    }
    return m_cycleTimes->Get(cycles, "HostMemorySystem");
}

Time
HostMemorySystem::GetCycleTime() const
{
    return Cycles(1);
}

uint32_t
HostMemorySystem::GetLineBytes() const
{
    return m_lineBytes;
}

uint32_t
HostMemorySystem::GetStoreBytes() const
{
    return m_storeBytes;
}

Ptr<SanResource>
HostMemorySystem::GetBus() const
{
    return m_bus;
}

uint64_t
HostMemorySystem::GetBytesCopied() const
{
    return m_bytesCopied;
}

uint64_t
HostMemorySystem::GetBytesInbound() const
{
    return m_bytesInbound;
}

Time
HostMemorySystem::GetCopyTime(uint64_t bytes) const
{
    const uint64_t lines = (bytes + m_lineBytes - 1) / m_lineBytes;
    const uint64_t stores = (bytes + m_storeBytes - 1) / m_storeBytes;
    return Cycles(lines * m_lineReadCycles + stores * m_memoryStoreCycles);
}

HostMemorySystem::Job*
HostMemorySystem::TakeJob()
{
    Job* job;
    if (m_freeJobs.empty())
    {
        m_jobs.push_back(std::make_unique<Job>());
        job = m_jobs.back().get();
        job->begin = MakeSanCallback<void>([this, job]() { Begin(job); });
        job->storeLine = MakeSanCallback<void>([this, job]() { StoreLine(job); });
    }
    else
    {
        job = m_freeJobs.back();
        m_freeJobs.pop_back();
    }
    job->toDevice = false;
    job->memory = nullptr;
    job->dst = 0;
    job->readSource = true;
    job->data.clear();
    job->len = 0;
    job->next = 0;
    job->outstanding = 0;
    job->storesDone = false;
    job->waitingForRoom = false;
    job->finished = false;
    job->cpuHeld = false;
    job->cpuReleased = false;
    job->sink = StoreSink();
    job->done = Callback<void>();
    return job;
}

void
HostMemorySystem::Launch(Job* job)
{
    if (job->cpuHeld)
    {
        Simulator::ScheduleNow(&HostMemorySystem::Begin, this, job);
        return;
    }
    NS_ABORT_MSG_IF(m_cpu == nullptr, "HostMemorySystem: not set up with a processor");
    m_cpu->GetResource()->Acquire(job->begin); // granted in a new event
}

void
HostMemorySystem::Copy(uint64_t bytes, Callback<void> done, bool cpuHeld)
{
    Job* job = TakeJob();
    job->len = bytes;
    job->done = done;
    job->cpuHeld = cpuHeld;
    Launch(job);
}

void
HostMemorySystem::CopyToDevice(const uint8_t* data,
                               uint32_t len,
                               bool readSource,
                               StoreSink sink,
                               Callback<void> done,
                               bool cpuHeld)
{
    NS_ABORT_MSG_IF(sink.IsNull(), "HostMemorySystem::CopyToDevice: no window");
    Job* job = TakeJob();
    job->toDevice = true;
    job->readSource = readSource;
    if (data != nullptr)
    {
        job->data.assign(data, data + len);
    }
    job->len = len;
    job->sink = sink;
    job->done = done;
    job->cpuHeld = cpuHeld;
    Launch(job);
}

void
HostMemorySystem::Begin(Job* job)
{
    NextLine(job);
}

void
HostMemorySystem::NextLine(Job* job)
{
    if (job->next >= job->len)
    {
        job->storesDone = true;
        MaybeFinish(job);
        return;
    }
    const uint64_t n =
        std::min<uint64_t>(m_lineBytes - job->next % m_lineBytes, job->len - job->next);
    if (job->toDevice && m_postedWriteBufferBytes > 0 && job->outstanding > 0 &&
        job->outstanding + n > m_postedWriteBufferBytes)
    {
        job->waitingForRoom = true; // the bridge is full: the next store stalls
        return;
    }
    // One step per line: the load that misses (if the loop reads a source) and the line's
    // stores. Other copies and device writes interleave between lines.
    const uint64_t stores = (n + m_storeBytes - 1) / m_storeBytes;
    const double cycles = (job->readSource ? m_lineReadCycles : 0) +
                          stores * (job->toDevice ? m_bridgeStoreCycles : m_memoryStoreCycles);
    m_bus->Submit(Cycles(cycles), job->storeLine);
}

void
HostMemorySystem::StoreLine(Job* job)
{
    const uint64_t offset = job->next;
    const uint32_t n = static_cast<uint32_t>(
        std::min<uint64_t>(m_lineBytes - offset % m_lineBytes, job->len - offset));
    job->next += n;
    m_bytesCopied += n;
    if (job->memory)
    {
        const uint8_t* bytes = job->data.empty() ? nullptr : job->data.data() + offset;
        const bool ok = job->memory->Write(job->dst + offset, bytes, n);
        NS_ABORT_MSG_UNLESS(ok,
                            "HostMemorySystem::WriteMemory: [" << job->dst + offset << ", +" << n
                                                               << ") is not in one region");
    }
    else if (job->toDevice)
    {
        job->outstanding += n;
        const uint8_t* bytes = job->data.empty() ? nullptr : job->data.data() + offset;
        Landing* landing;
        if (m_freeLandings.empty())
        {
            m_landings.push_back(std::make_unique<Landing>());
            landing = m_landings.back().get();
            landing->landed = MakeSanCallback<void>([this, landing]() { Landed(landing); });
        }
        else
        {
            landing = m_freeLandings.back();
            m_freeLandings.pop_back();
        }
        landing->job = job;
        landing->bytes = n;
        job->sink(offset, bytes, n, landing->landed);
    }
    NextLine(job);
}

void
HostMemorySystem::Landed(Landing* landing)
{
    Job* job = landing->job;
    const uint32_t bytes = landing->bytes;
    landing->job = nullptr;
    m_freeLandings.push_back(landing);
    NS_ASSERT(job->outstanding >= bytes);
    job->outstanding -= bytes;
    if (job->waitingForRoom)
    {
        job->waitingForRoom = false;
        NextLine(job);
        return;
    }
    MaybeFinish(job);
}

void
HostMemorySystem::MaybeFinish(Job* job)
{
    if (job->finished || !job->storesDone)
    {
        return;
    }
    if (!job->cpuHeld && !job->cpuReleased)
    {
        // The last store is issued (posted): the processor is free from here on.
        job->cpuReleased = true;
        m_cpu->GetResource()->Release();
    }
    if (job->outstanding > 0)
    {
        return; // the caller waits for the stores to land
    }
    job->finished = true;
    // Nothing names the job any more (no line in flight, every store landed): back to the pool
    // before the caller's continuation runs, which may start the next copy.
    Callback<void> done = std::move(job->done);
    job->done = Callback<void>();
    job->memory = nullptr;
    job->sink = StoreSink();
    m_freeJobs.push_back(job);
    if (!done.IsNull())
    {
        done();
    }
}

void
HostMemorySystem::InboundWrite(uint64_t bytes, Callback<void> done)
{
    m_bytesInbound += bytes;
    const uint64_t lines = std::max<uint64_t>(1, (bytes + m_lineBytes - 1) / m_lineBytes);
    m_bus->Submit(Cycles(lines * m_inboundLineCycles), done);
}

void
HostMemorySystem::SetCachePolicy(uint64_t base, uint64_t len, CachePolicy policy)
{
    NS_ABORT_MSG_IF(len == 0, "HostMemorySystem::SetCachePolicy: an empty range");
    const uint64_t first = base / m_pageBytes;
    const uint64_t last = (base + len - 1) / m_pageBytes;
    // Cut the runs that reach over either end, then drop what lies inside.
    auto it = m_policies.upper_bound(first);
    if (it != m_policies.begin())
    {
        auto before = std::prev(it);
        if (before->second.last >= first)
        {
            const PolicyRun whole = before->second;
            before->second.last = first - 1;
            if (whole.last > last)
            {
                m_policies[last + 1] = PolicyRun{whole.last, whole.policy};
            }
            if (before->first == first)
            {
                m_policies.erase(before); // began at first: nothing of it stays before
            }
        }
    }
    it = m_policies.lower_bound(first);
    while (it != m_policies.end() && it->first <= last)
    {
        if (it->second.last > last)
        {
            m_policies[last + 1] = PolicyRun{it->second.last, it->second.policy};
        }
        it = m_policies.erase(it);
    }
    if (policy != WRITE_BACK)
    {
        m_policies[first] = PolicyRun{last, policy};
    }
}

HostMemorySystem::CachePolicy
HostMemorySystem::GetCachePolicy(uint64_t addr) const
{
    const uint64_t page = addr / m_pageBytes;
    auto it = m_policies.upper_bound(page);
    if (it == m_policies.begin())
    {
        return WRITE_BACK;
    }
    --it;
    return page <= it->second.last ? it->second.policy : WRITE_BACK;
}

uint32_t
HostMemorySystem::GetPageBytes() const
{
    return m_pageBytes;
}

void
HostMemorySystem::WriteMemory(Ptr<HostMemory> memory,
                              uint64_t dst,
                              const uint8_t* data,
                              uint64_t src,
                              uint32_t len,
                              bool readSource,
                              Callback<void> done,
                              bool cpuHeld)
{
    NS_ABORT_MSG_IF(memory == nullptr, "HostMemorySystem::WriteMemory: no memory");
    Job* job = TakeJob();
    job->memory = memory;
    job->dst = dst;
    job->readSource = readSource;
    job->len = len;
    if (!memory->IsVirtualPayload() && len > 0)
    {
        job->data.resize(len);
        if (data != nullptr)
        {
            std::copy(data, data + len, job->data.begin());
        }
        else
        {
            const bool ok = memory->Read(src, job->data.data(), len);
            NS_ABORT_MSG_UNLESS(ok,
                                "HostMemorySystem::WriteMemory: source ["
                                    << src << ", +" << len << ") is not in one region");
        }
    }
    job->done = done;
    job->cpuHeld = cpuHeld;
    Launch(job);
}

Time
HostMemorySystem::GetPollReadTime(uint64_t addr) const
{
    return GetCachePolicy(addr) == UNCACHED ? Cycles(m_uncachedReadCycles) : Seconds(0);
}

Time
HostMemorySystem::GetPollMissTime(uint64_t addr) const
{
    return GetCachePolicy(addr) == UNCACHED ? Seconds(0) : Cycles(m_lineReadCycles);
}

void
HostMemorySystem::InboundWriteAt(uint64_t addr, uint64_t bytes, Callback<void> done)
{
    m_bytesInbound += bytes;
    const uint64_t lines = std::max<uint64_t>(1, (bytes + m_lineBytes - 1) / m_lineBytes);
    const double snoop = GetCachePolicy(addr) == UNCACHED ? 0 : m_snoopLineCycles;
    m_bus->Submit(Cycles(lines * (m_inboundLineCycles + snoop)), done);
}

void
HostMemorySystem::InboundRead(uint64_t bytes, Callback<void> done)
{
    const uint64_t lines = std::max<uint64_t>(1, (bytes + m_lineBytes - 1) / m_lineBytes);
    m_bus->Submit(Cycles(lines * m_lineReadCycles), done);
}

} // namespace ns3
