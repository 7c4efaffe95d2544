/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pentium-nt-host-preset.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PentiumNtHostPreset");

NS_OBJECT_ENSURE_REGISTERED(PentiumNtHostPreset);

TypeId
PentiumNtHostPreset::GetTypeId()
{
    // One cycle is 5 ns at 200 MHz; one PCI cycle 30.3 ns.
    static TypeId tid =
        TypeId("ns3::PentiumNtHostPreset")
            .SetParent<SanHostPreset>()
            .SetGroupName("San")
            .AddConstructor<PentiumNtHostPreset>()
            // SCILAN 1998, section 4.1: "two 200 MHz Pentium Intel motherboards".
            .AddAttribute("CpuClockRate",
                          "Processor clock rate in Hz.",
                          DoubleValue(200e6),
                          MakeDoubleAccessor(&PentiumNtHostPreset::m_cpuClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: 1.5 cycles per instruction for kernel and protocol code, as the
            // project's other Pentium preset (PciWorkstationHostPreset) assumes.
            .AddAttribute("Cpi",
                          "Cycles per instruction.",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&PentiumNtHostPreset::m_cpi),
                          MakeDoubleChecker<double>(0.01))
            // SCILAN 1998, section 2.2: "Invoking a driver-supported kernel entry point costs
            // roughly 6000 CPU cycles on Windows NT": 30 us at 200 MHz.
            .AddAttribute("SyscallCost",
                          "Kernel entry and exit (HostCpu SyscallCost).",
                          TimeValue(MicroSeconds(30)),
                          MakeTimeAccessor(&PentiumNtHostPreset::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // SCILAN 1998, section 5.2: "The second stage interrupt handler is invoked only
            // after 6000 cycles (corresponding to 45 us on a 133 MHz machine)": 30 us here.
            .AddAttribute("InterruptLatency",
                          "Interrupt dispatch before the handler's own work (HostCpu "
                          "InterruptLatency).",
                          TimeValue(MicroSeconds(30)),
                          MakeTimeAccessor(&PentiumNtHostPreset::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // DERIVED from Chen, Damianakis, Kumar, Yu and Li, "Porting a User-Level
            // Communication Architecture to NT", 3rd USENIX Windows NT Symposium 1999, Figure 8
            // (NT 4.0 SP5 on a 450 MHz Pentium II): 16 us from the start of the DPC until the
            // user thread that waits for the message runs (the event, the dispatcher and the
            // context switch), 7200 cycles, scaled by cycles to this 200 MHz Pentium: 36 us.
            // Scaling by cycles assumes the path is processor-bound; its cache refill is not
            // quite. The interrupt-to-DPC part stays the SCILAN paper's own 6000 cycles
            // (InterruptLatency); Chen et al.'s 18 us at 450 MHz (8100 cycles) agrees.
            .AddAttribute("WakeupLatency",
                          "Scheduler wake-up of a blocked thread (HostCpu WakeupLatency).",
                          TimeValue(MicroSeconds(36)),
                          MakeTimeAccessor(&PentiumNtHostPreset::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: a poll loop of 4 instructions at CPI 1.5: 30 ns.
            .AddAttribute("PollInterval",
                          "One iteration of a poll loop (HostCpu PollInterval).",
                          TimeValue(NanoSeconds(30)),
                          MakeTimeAccessor(&PentiumNtHostPreset::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // PCI Local Bus Specification 2.1: 33 MHz; the 430HX runs PCI at half its 66 MHz
            // host bus.
            .AddAttribute("BusClockRate",
                          "PCI clock rate in Hz.",
                          DoubleValue(33e6),
                          MakeDoubleAccessor(&PentiumNtHostPreset::m_busClock),
                          MakeDoubleChecker<double>(1))
            // 32-bit PCI: one 4-byte data phase per clock in a burst.
            .AddAttribute("BusWidth",
                          "PCI bytes per data phase.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_busWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED (as PciWorkstationHostPreset): the host bridge snoops and buffers bus
            // master accesses one 32-byte cache line at a time: 8 data phases per transaction.
            .AddAttribute("BurstLength",
                          "PCI data phases per DMA transaction at most.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_burstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED (as PciWorkstationHostPreset): arbitration, address phase, turnaround,
            // the bridge's initial latency and the idle cycle: 12 cycles per transaction.
            .AddAttribute("TransactionOverhead",
                          "PCI cycles per DMA transaction besides the data phases.",
                          UintegerValue(12),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_transactionCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED (as PciWorkstationHostPreset): a posted single-data-phase write.
            .AddAttribute("PioTransactionOverhead",
                          "PCI cycles per programmed-I/O store besides its data phase.",
                          UintegerValue(3),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_pioCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED (as PciWorkstationHostPreset): a non-posted register read.
            .AddAttribute("PioLoadTransactionOverhead",
                          "PCI cycles per programmed-I/O load besides its data phase.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_pioLoadCycles),
                          MakeUintegerChecker<uint32_t>())
            // A 32-bit processor store or load.
            .AddAttribute("PioStoreBytes",
                          "Bytes per processor store or load into a mapped device window.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_pioStoreBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: the processor's write buffers and the 82439HX merge sequential 32-bit
            // stores to PCI memory into bursts of a cache line, eight data phases (the
            // datasheet promises zero-wait-state CPU-to-PCI writes; the depth is not given).
            .AddAttribute("PioBurstLength",
                          "Stores merged into one PCI write transaction.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_pioBurstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // The memory system (HostMemorySystem: the 66 MHz Pentium bus, EDO DRAM behind the
            // 82439HX). SCILAN 1998, section 4.2 measured the two copies this host does: the
            // transmitter copy (memory to remote memory over SCI) at "roughly Xt = 55 MB/s"
            // and the receiver copy (memory to memory) at "Xr = 36 MB/s". They calibrate the
            // two figures below; the bridge store (2 clocks) and the device's line write are
            // the HostMemorySystem defaults from the 82439HX datasheet.
            // FITTED to Xt = 55 MB/s (metric xt_MBps, measured by the model's own
            // transmitter-copy loop): system-bus cycles of a line read that misses both caches
            // (the datasheet's 5-2-2-2 page hit is 11; the rest is the page miss and the
            // second-level cache look-up).
            .AddAttribute("MemoryLineReadCycles",
                          "System-bus cycles of a cache-line read from memory (FITTED).",
                          DoubleValue(22.8),
                          MakeDoubleAccessor(&PentiumNtHostPreset::m_lineReadCycles),
                          MakeDoubleChecker<double>(0))
            // FITTED to Xr = 36 MB/s (metric xr_MBps): system-bus cycles of one 32-bit store
            // into memory in a copy loop (the write misses the caches; the Pentium does not
            // allocate lines on a write miss).
            .AddAttribute("MemoryStoreCycles",
                          "System-bus cycles of one processor store into memory (FITTED).",
                          DoubleValue(4.56),
                          MakeDoubleAccessor(&PentiumNtHostPreset::m_memoryStoreCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the bridge holds two lines of posted processor-to-PCI stores (one
            // crossing the PCI bus, one filling) before the processor's next store waits.
            .AddAttribute("PostedWriteBufferBytes",
                          "Bytes of posted processor stores to PCI the bridge holds.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&PentiumNtHostPreset::m_postedWriteBuffer),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

PentiumNtHostPreset::PentiumNtHostPreset()
{
    // The values are the attributes' defaults (set when the object is constructed).
}

Ptr<HostMemorySystem>
PentiumNtHostPreset::CreateMemorySystem() const
{
    Ptr<HostMemorySystem> system = CreateObject<HostMemorySystem>();
    system->SetAttribute("LineReadCycles", DoubleValue(m_lineReadCycles));
    system->SetAttribute("MemoryStoreCycles", DoubleValue(m_memoryStoreCycles));
    system->SetAttribute("PostedWriteBufferBytes", UintegerValue(m_postedWriteBuffer));
    return system;
}

std::string
PentiumNtHostPreset::GetName() const
{
    return "pentium-200-hx-nt4";
}

} // namespace ns3
