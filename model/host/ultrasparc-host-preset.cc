/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ultrasparc-host-preset.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("UltraSparcHostPreset");

NS_OBJECT_ENSURE_REGISTERED(UltraSparcHostPreset);

TypeId
UltraSparcHostPreset::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::UltraSparcHostPreset")
            .SetParent<SanHostPreset>()
            .SetGroupName("San")
            .AddConstructor<UltraSparcHostPreset>()
            // SCILAN 1998, Table 2: "UltraSPARC-II 296 MHz (Quark)".
            .AddAttribute("CpuClockRate",
                          "Processor clock rate in Hz.",
                          DoubleValue(296e6),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_cpuClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: 1.0 cycle per instruction for library and kernel code on the
            // four-issue UltraSPARC-II.
            .AddAttribute("Cpi",
                          "Cycles per instruction.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_cpi),
                          MakeDoubleChecker<double>(0.01))
            // ASSUMED: a Solaris 2.6 system call of about 2 us.
            .AddAttribute("SyscallCost",
                          "Kernel entry and exit.",
                          TimeValue(MicroSeconds(2)),
                          MakeTimeAccessor(&UltraSparcHostPreset::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: Solaris interrupt dispatch to a driver's handler: 10 us.
            .AddAttribute("InterruptLatency",
                          "Interrupt dispatch before the handler's own work.",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&UltraSparcHostPreset::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: waking a blocked thread: 10 us.
            .AddAttribute("WakeupLatency",
                          "Scheduler wake-up of a blocked thread.",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&UltraSparcHostPreset::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: a poll loop of 4 instructions.
            .AddAttribute("PollInterval",
                          "One iteration of a poll loop.",
                          TimeValue(NanoSeconds(14)),
                          MakeTimeAccessor(&UltraSparcHostPreset::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // The PCI/SCI adapter is a 33 MHz, 32-bit PCI card (the same card as the PCs').
            .AddAttribute("BusClockRate",
                          "PCI clock rate in Hz.",
                          DoubleValue(33e6),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_busClock),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("BusWidth",
                          "PCI bytes per data phase.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_busWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // UltraSPARC's bridge moves 64-byte lines: 16 data phases per DMA transaction.
            .AddAttribute("BurstLength",
                          "PCI data phases per DMA transaction at most.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_burstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED (as the PC presets): 12 cycles of arbitration, address, turnaround and
            // the bridge's latency per transaction.
            .AddAttribute("TransactionOverhead",
                          "PCI cycles per DMA transaction besides the data phases.",
                          UintegerValue(12),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_transactionCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED (as the PC presets): a posted write's 3 cycles.
            .AddAttribute("PioTransactionOverhead",
                          "PCI cycles per programmed-I/O write besides its data phases.",
                          UintegerValue(3),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_pioCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED (as the PC presets): a non-posted read's 10 cycles.
            .AddAttribute("PioLoadTransactionOverhead",
                          "PCI cycles per programmed-I/O load besides its data phase.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_pioLoadCycles),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PioStoreBytes",
                          "Bytes per processor store or load into a mapped device window.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_pioStoreBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // UltraSPARC-II User's Manual: block stores move 64 bytes; a copy loop built on
            // them writes a PCI burst of 16 data phases per line.
            .AddAttribute("PioBurstLength",
                          "Stores merged into one PCI write transaction.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_pioBurstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: the UPA system interconnect at 100 MHz, 128 bits wide.
            .AddAttribute("MemoryClockRate",
                          "System-bus (UPA) clock rate in Hz.",
                          DoubleValue(100e6),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_systemClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: a 64-byte line from memory in 12 UPA cycles (block loads stream).
            .AddAttribute("MemoryLineReadCycles",
                          "UPA cycles of a 64-byte line read from memory.",
                          DoubleValue(12),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_lineReadCycles),
                          MakeDoubleChecker<double>(0))
            // FITTED to SCILAN 1998, Table 2: the receiver copy at 214 MB/s on the 296 MHz
            // UltraSPARC-II (metric xr_ultra2_MBps): UPA cycles per 8-byte store into memory.
            .AddAttribute("MemoryStoreCycles",
                          "UPA cycles of one 8-byte processor store into memory (FITTED).",
                          DoubleValue(2.238),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_memoryStoreCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a store into the PCI bridge takes one UPA cycle per 8 bytes.
            .AddAttribute("MemoryBridgeStoreCycles",
                          "UPA cycles of one 8-byte store into the PCI bridge.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_bridgeStoreCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a device's 64-byte line write into memory: 8 UPA cycles.
            .AddAttribute("MemoryInboundLineCycles",
                          "UPA cycles of a device's line write into memory.",
                          DoubleValue(8),
                          MakeDoubleAccessor(&UltraSparcHostPreset::m_inboundLineCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the bridge holds two 64-byte blocks of posted stores.
            .AddAttribute("PostedWriteBufferBytes",
                          "Bytes of posted processor stores to PCI the bridge holds.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&UltraSparcHostPreset::m_postedWriteBuffer),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

UltraSparcHostPreset::UltraSparcHostPreset()
{
    // The values are the attributes' defaults (set when the object is constructed).
}

Ptr<HostMemorySystem>
UltraSparcHostPreset::CreateMemorySystem() const
{
    Ptr<HostMemorySystem> system = CreateObject<HostMemorySystem>();
    system->SetAttribute("ClockRate", DoubleValue(m_systemClock));
    system->SetAttribute("LineBytes", UintegerValue(64));
    system->SetAttribute("StoreBytes", UintegerValue(8));
    system->SetAttribute("LineReadCycles", DoubleValue(m_lineReadCycles));
    system->SetAttribute("MemoryStoreCycles", DoubleValue(m_memoryStoreCycles));
    system->SetAttribute("BridgeStoreCycles", DoubleValue(m_bridgeStoreCycles));
    system->SetAttribute("InboundLineCycles", DoubleValue(m_inboundLineCycles));
    system->SetAttribute("PostedWriteBufferBytes", UintegerValue(m_postedWriteBuffer));
    return system;
}

std::string
UltraSparcHostPreset::GetName() const
{
    return "ultrasparc-ii-296";
}

} // namespace ns3
