/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "modern-server-host-preset.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ModernServerHostPreset");

NS_OBJECT_ENSURE_REGISTERED(ModernServerHostPreset);

TypeId
ModernServerHostPreset::GetTypeId()
{
    // One core cycle is 0.333 ns at 3 GHz.
    //
    // The I/O bus is PCIe Gen3 x8 with a 256-byte maximum payload (MPS), mapped onto HostBus
    // with the model of pcie-bench (Neugebauer, Antichi, Zazo, Audzevich, Lopez-Buedo, Moore,
    // "Understanding PCIe performance for end host networking", SIGCOMM 2018; its pcie-model
    // repository, model/pcie.py, encodes the specification's figures):
    // - raw: 8 GT/s x 8 lanes x 128/130 (encoding) = 63.02 Gb/s;
    // - less ACK and flow-control DLLPs at the specification's recommended rates for x8 and a
    //   256-byte MPS (8 bytes each per 203 bytes) and SKIP ordered sets (4 bytes per 1538):
    //   57.88 Gb/s usable at the TLP layer. This is the bus's data rate: Width 4 bytes (a
    //   DWORD, the unit of a TLP) at ClockRate 57.88e9 / 32 = 1.8089e9 "cycles" per second;
    // - a transaction is one TLP: BurstLength 64 DWORDs = the 256-byte MPS;
    // - its overhead is the TLP's framing, sequence number, header and LCRC: 24 bytes for a
    //   memory write with a 64-bit address, i.e. TransactionOverhead 6 cycles.
    // So a 256-byte DMA takes 64 + 6 = 70 cycles (38.7 ns): 52.9 Gb/s of payload, pcie-bench's
    // formula (256 / 280 x 57.88). pcie-bench's measurements on a Broadwell Xeon E5-2630v4
    // with an NFP-6000 (IOMMU off) give 50.5 Gb/s for 256-byte writes and about 55 Gb/s for
    // reads of 512 bytes and more: the bus is within 5% of both. Reads really carry 20-byte
    // completion headers (5 cycles), charged 6 here (1.4% slow).
    // Not reproduced: PCIe is full duplex (the host's writes and a device's read completions
    // travel in opposite directions), while HostBus is one resource for both; and it holds
    // the bus during a read's wait for its data, which PCIe overlaps (see DmaReadLatency).
    static TypeId tid =
        TypeId("ns3::ModernServerHostPreset")
            .SetParent<SanHostPreset>()
            .SetGroupName("San")
            .AddConstructor<ModernServerHostPreset>()
            // The project's issue for the modern what-if asks for "a ~3 GHz core". ASSUMED as
            // the sustained clock of a current server core (base clocks of current Xeon and
            // EPYC parts lie around 2-3.5 GHz, turbo above; no single part is modelled).
            .AddAttribute("CpuClockRate",
                          "Processor clock rate in Hz.",
                          DoubleValue(3e9),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_cpuClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: 1 cycle per instruction for kernel, driver and library code. A current
            // core issues 4-6 instructions per cycle, but such code is branchy and misses the
            // caches (Kanev et al., "Profiling a warehouse-scale computer", ISCA 2015: server
            // code "stall[s] cores often"); no figure for this code was found.
            .AddAttribute("Cpi",
                          "Cycles per instruction.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_cpi),
                          MakeDoubleChecker<double>(0.01))
            // DERIVED: system-call entry and exit on current x86 without page-table isolation
            // (which current server processors do not need: they are not vulnerable to
            // Meltdown) take about 210-250 cycles (community measurements, mode-switch-stat;
            // SOURCES.md): the midpoint, 230 cycles, at 3 GHz is 76.7 ns.
            .AddAttribute("SyscallCost",
                          "System call entry and exit (HostCpu SyscallCost).",
                          TimeValue(NanoSeconds(77)),
                          MakeTimeAccessor(&ModernServerHostPreset::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: 0.5 us from a device's interrupt to its Linux handler having run. No
            // measurement of the whole path on a current server was found (searched: interrupt
            // entry costs on x86 and Linux, Shinjuku, xUI ASPLOS 2025, Intel user interrupts,
            // "A Case for User-Level Interrupts", cyclictest, IPI and NVMe interrupt-versus-poll
            // latencies). Bounds: the bare hardware entry and return through
            // an interrupt gate take 610 cycles, 0.2 us at 3 GHz (blitz/kernel_entry_benchmark,
            // Intel CPU under KVM, no OS work); AMD's Onload user guide (UG1586, 2023; VENDOR)
            // puts responding to an interrupt and switching to the woken thread "on the order
            // of a microsecond"; Linux signal delivery takes about 2.4 us (xUI).
            .AddAttribute("InterruptLatency",
                          "Interrupt dispatch before the handler's own work (HostCpu "
                          "InterruptLatency).",
                          TimeValue(NanoSeconds(500)),
                          MakeTimeAccessor(&ModernServerHostPreset::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // DERIVED from a community measurement (not peer reviewed): a pipe ping-pong
            // between two processes on Linux 6.6, Core i7 11th generation, takes 4,820 ns per
            // round trip, 2,410 ns per switch (ddumbying.vercel.app, "Context switch
            // overhead"). Each switch also contains a write and a read system call; less their
            // entry and exit (2 x 77 ns, SyscallCost): 2,256 ns for waking the blocked process
            // and switching to it (the pipe's own work stays in, so this is an upper bound).
            .AddAttribute("WakeupLatency",
                          "Scheduler wake-up of a blocked process (HostCpu WakeupLatency).",
                          TimeValue(NanoSeconds(2250)),
                          MakeTimeAccessor(&ModernServerHostPreset::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: a poll loop of about 10 instructions (load the flag, compare, branch and
            // the loop's bookkeeping) at CPI 1 and 3 GHz: 3.3 ns, 3 ns at ns-3's resolution.
            .AddAttribute("PollInterval",
                          "One iteration of a poll loop (HostCpu PollInterval).",
                          TimeValue(NanoSeconds(3)),
                          MakeTimeAccessor(&ModernServerHostPreset::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // DERIVED (pcie-bench's model, above): 57.88 Gb/s at the TLP layer in 4-byte beats.
            .AddAttribute("BusClockRate",
                          "PCIe Gen3 x8 TLP-layer DWORDs per second (HostBus ClockRate).",
                          DoubleValue(1.8089e9),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_busClock),
                          MakeDoubleChecker<double>(1))
            // A DWORD: TLP payloads and headers are counted in 4-byte units (PCIe base
            // specification; pcie-bench's header sizes are all multiples of 4).
            .AddAttribute("BusWidth",
                          "Bytes per beat (one DWORD of the link).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_busWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // The 256-byte maximum payload size (pcie-bench's configuration for its 57.9 Gb/s
            // and its measurements): 64 DWORDs per TLP.
            .AddAttribute("BurstLength",
                          "DWORDs per TLP at most (the maximum payload size).",
                          UintegerValue(64),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_burstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // DERIVED (pcie-bench's model): a memory-write TLP with a 64-bit address costs 24
            // bytes besides its payload (8 of framing, sequence number and LCRC, a 4-byte
            // generic header, 12 of address and request fields): 6 DWORD cycles.
            .AddAttribute("TransactionOverhead",
                          "DWORD cycles per TLP besides its payload.",
                          UintegerValue(6),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_transactionCycles),
                          MakeUintegerChecker<uint32_t>())
            // A point-to-point link has no bus to win: 0 (the root complex's own arbitration
            // is inside the measured figures).
            .AddAttribute("ArbitrationCycles",
                          "Cycles per grant (none on a point-to-point link).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_arbitrationCycles),
                          MakeUintegerChecker<uint32_t>())
            // DERIVED from pcie-bench's throughput, not from its latency. pcie-bench measured a
            // 64-byte DMA read of host memory at 546 ns median (4 B 533 ns, 2 KB 1133 ns; from
            // DRAM 600 ns). HostBus charges DmaReadLatency on every burst and holds the bus
            // meanwhile, while PCIe keeps many reads outstanding: charged per 256-byte TLP,
            // that round trip would cap DMA reads at 256 B / (546 + 39) ns = 3.5 Gb/s against
            // the measured 55 Gb/s. With 0, a 4 KB read takes 16 x 70 cycles = 619 ns (52.9
            // Gb/s, the measured ~55 within 4%), and the round trip of a single read is not
            // modelled (about 0.5 us too fast per DMA read). A study of small-message latency
            // may set 967 cycles (546 ns less the 64-byte TLP's own 12 ns) at the price of the
            // DMA-read bandwidth; a per-transfer read latency would need HostBus support.
            .AddAttribute("DmaReadLatency",
                          "DWORD cycles a DMA read TLP waits for its first data.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_dmaReadLatency),
                          MakeUintegerChecker<uint32_t>())
            // A processor store is counted in DWORDs of the link (a beat; an 8-byte or vector
            // store is several of them); what the link sees is the TLP below.
            .AddAttribute("PioStoreBytes",
                          "Bytes per processor store or load into a mapped device window.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_pioStoreBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: the driver maps the device window write-combining and the processor
            // writes whole 64-byte lines, each leaving the core as one 64-byte memory-write
            // TLP (no source found on the TLP sizes a write-combining flush emits): 16 DWORDs.
            .AddAttribute("PioBurstLength",
                          "Stores merged into one write TLP (a write-combined line).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_pioBurstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // DERIVED (pcie-bench's model): a posted memory-write TLP, 24 bytes besides its
            // payload: 6 cycles. A 64-byte line takes 16 + 6 = 22 cycles, 12.2 ns.
            .AddAttribute("PioTransactionOverhead",
                          "DWORD cycles per programmed-I/O write TLP besides its payload.",
                          UintegerValue(6),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_pioCycles),
                          MakeUintegerChecker<uint32_t>())
            // DERIVED from the only figure found: an uncached MMIO read from the CPU took about
            // 1.6 us on an Intel 82576 (2014, pcie-lat tool's README); no current-server
            // figure was found (SOURCES.md). 1.6 us at 1.8089e9 is 2894 cycles, less the
            // DWORD's own beat: 2893. The NIC's register access is part of it, so a current
            // NIC may answer faster; like a DMA read, the load holds this bus while it waits.
            .AddAttribute("PioLoadTransactionOverhead",
                          "DWORD cycles per programmed-I/O load besides its data.",
                          UintegerValue(2893),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_pioLoadCycles),
                          MakeUintegerChecker<uint32_t>())
            // DERIVED: the one-way trip between the core and the device through the root
            // complex, taken as half of pcie-bench's 546 ns 64-byte DMA read round trip less
            // the 12 ns the bus charges for the TLP itself: (546 - 12) / 2 = 267 ns. The round
            // trip also holds the device's DMA engine and the last-level-cache access, so this
            // is an upper bound.
            .AddAttribute("PostedWriteDelay",
                          "Processor store held in the write-combining buffer and root complex "
                          "before the link.",
                          TimeValue(NanoSeconds(267)),
                          MakeTimeAccessor(&ModernServerHostPreset::m_postedWriteDelay),
                          MakeTimeChecker(Seconds(0)))
            // DERIVED as PostedWriteDelay: the other direction of the same trip (a device's
            // write through the root complex into the last-level cache), 267 ns.
            .AddAttribute("InboundWriteDelay",
                          "Device write to visible to the processor.",
                          TimeValue(NanoSeconds(267)),
                          MakeTimeAccessor(&ModernServerHostPreset::m_inboundWriteDelay),
                          MakeTimeChecker(Seconds(0)))
            // The memory system (HostMemorySystem) counts in core cycles here: a current
            // server has no front-side bus; its cores reach memory through the on-die
            // interconnect, and every figure below is derived at the core's clock.
            .AddAttribute("MemoryClockRate",
                          "Clock the memory-system costs count in, Hz (the core's).",
                          DoubleValue(3e9),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_memoryClock),
                          MakeDoubleChecker<double>(1))
            // x86 cache lines are 64 bytes (Intel and AMD architecture manuals).
            .AddAttribute("MemoryLineBytes",
                          "Bytes per cache line.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_lineBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: a copy loop of 64-bit stores (the per-line cost below is derived from
            // a bandwidth, so the store size only sets the granularity).
            .AddAttribute("MemoryStoreBytes",
                          "Bytes per processor store in a copy loop.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_storeBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // DERIVED from single-core memory bandwidth: STREAM Triad about 20 GB/s on one
            // core of a Haswell Xeon (McCalpin; SOURCES.md). STREAM counts bytes read and
            // written alike, so a 64-byte line of either takes 3.2 ns = 9.6 cycles at 3 GHz.
            // A memcpy then moves 64 bytes per 9.6 + 8 x 1.2 = 19.2 cycles: 10 GB/s of payload,
            // 20 GB/s counted as STREAM counts. This is a streaming (bandwidth) figure: an
            // isolated miss (a poll that finds its line invalidated) costs a DRAM latency, far
            // more (UncachedReadCycles), which HostMemorySystem does not separate.
            .AddAttribute("MemoryLineReadCycles",
                          "Core cycles of a cache-line read from memory in a copy loop.",
                          DoubleValue(9.6),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_lineReadCycles),
                          MakeDoubleChecker<double>(0))
            // DERIVED as above: a 64-byte line written in 8-byte stores, 9.6 / 8 = 1.2 cycles
            // per store.
            .AddAttribute("MemoryStoreCycles",
                          "Core cycles of one 8-byte store into memory in a copy loop.",
                          DoubleValue(1.2),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_memoryStoreCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a store into a write-combining device window costs the core what a store
            // into memory costs (it fills a write-combining buffer); the link's own time is
            // the I/O bus's.
            .AddAttribute("BridgeStoreCycles",
                          "Core cycles of one store into a device window.",
                          DoubleValue(1.2),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_bridgeStoreCycles),
                          MakeDoubleChecker<double>(0))
            // DERIVED as MemoryLineReadCycles: a device's line written into memory is one line
            // of STREAM-rate traffic, 9.6 cycles (the snoop of cacheable pages is left at
            // HostMemorySystem's 0: ASSUMED, with Intel's DDIO a device's write allocates in
            // the last-level cache and the invalidation is part of it).
            .AddAttribute("InboundLineCycles",
                          "Core cycles of a device's write of one line into memory.",
                          DoubleValue(9.6),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_inboundLineCycles),
                          MakeDoubleChecker<double>(0))
            // DERIVED from a community measurement: Intel Memory Latency Checker 3.5 on a Xeon
            // Silver 4110 with DDR4-2666 reported 82 ns for local reads at its lightest load
            // (Intel community forum, "Intel Memory Latency Checker v3.5 test"): 246 cycles at
            // 3 GHz for a load from an uncached page.
            .AddAttribute("UncachedReadCycles",
                          "Core cycles of one load from an uncached page.",
                          DoubleValue(246),
                          MakeDoubleAccessor(&ModernServerHostPreset::m_uncachedReadCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a core holds ten 64-byte lines of write-combining stores (its line-fill
            // buffers; not verified for a current part) before its next store to a device
            // window stalls: 640 bytes.
            .AddAttribute("PostedWriteBufferBytes",
                          "Bytes of processor stores to a device held before the core stalls.",
                          UintegerValue(640),
                          MakeUintegerAccessor(&ModernServerHostPreset::m_postedWriteBuffer),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

ModernServerHostPreset::ModernServerHostPreset()
{
    // The values are the attributes' defaults (set when the object is constructed).
}

Ptr<HostMemorySystem>
ModernServerHostPreset::CreateMemorySystem() const
{
    Ptr<HostMemorySystem> system = CreateObject<HostMemorySystem>();
    system->SetAttribute("ClockRate", DoubleValue(m_memoryClock));
    system->SetAttribute("LineBytes", UintegerValue(m_lineBytes));
    system->SetAttribute("StoreBytes", UintegerValue(m_storeBytes));
    system->SetAttribute("LineReadCycles", DoubleValue(m_lineReadCycles));
    system->SetAttribute("MemoryStoreCycles", DoubleValue(m_memoryStoreCycles));
    system->SetAttribute("BridgeStoreCycles", DoubleValue(m_bridgeStoreCycles));
    system->SetAttribute("InboundLineCycles", DoubleValue(m_inboundLineCycles));
    system->SetAttribute("UncachedReadCycles", DoubleValue(m_uncachedReadCycles));
    system->SetAttribute("PostedWriteBufferBytes", UintegerValue(m_postedWriteBuffer));
    return system;
}

std::string
ModernServerHostPreset::GetName() const
{
    return "modern-server-pcie3";
}

} // namespace ns3
