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
NS_OBJECT_ENSURE_REGISTERED(UltraSparc1HostPreset);
NS_OBJECT_ENSURE_REGISTERED(UltraSparc2HostPreset);

TypeId
UltraSparcHostPreset::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::UltraSparcHostPreset").SetParent<SanHostPreset>().SetGroupName("San");
    return tid;
}

UltraSparcHostPreset::UltraSparcHostPreset() = default;

TypeId
UltraSparcHostPreset::AddAttributes(TypeId tid, const Defaults& d)
{
    return tid
        .AddAttribute("CpuClockRate",
                      "Processor clock rate in Hz.",
                      DoubleValue(d.cpuClock),
                      MakeDoubleAccessor(&UltraSparcHostPreset::m_cpuClock),
                      MakeDoubleChecker<double>(1))
        // ASSUMED: 1.0 cycle per instruction for library and kernel code on the four-issue
        // UltraSPARCs.
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
        // ASSUMED: a poll loop of about 4 cycles.
        .AddAttribute("PollInterval",
                      "One iteration of a poll loop.",
                      TimeValue(NanoSeconds(20)),
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
        // The bridge moves 64-byte lines: 16 data phases per DMA transaction.
        .AddAttribute("BurstLength",
                      "PCI data phases per DMA transaction at most.",
                      UintegerValue(16),
                      MakeUintegerAccessor(&UltraSparcHostPreset::m_burstLength),
                      MakeUintegerChecker<uint32_t>(1))
        // ASSUMED (as the PC presets): 12 cycles of arbitration, address, turnaround and the
        // bridge's latency per transaction.
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
        // UltraSPARC User's Manuals: block stores move 64 bytes; a copy loop built on them
        // writes a PCI burst of 16 data phases per line.
        .AddAttribute("PioBurstLength",
                      "Stores merged into one PCI write transaction.",
                      UintegerValue(16),
                      MakeUintegerAccessor(&UltraSparcHostPreset::m_pioBurstLength),
                      MakeUintegerChecker<uint32_t>(1))
        .AddAttribute("MemoryClockRate",
                      "System interconnect clock rate in Hz.",
                      DoubleValue(d.systemClock),
                      MakeDoubleAccessor(&UltraSparcHostPreset::m_systemClock),
                      MakeDoubleChecker<double>(1))
        .AddAttribute("MemoryLineReadCycles",
                      "System cycles of a 64-byte line read from memory.",
                      DoubleValue(d.lineReadCycles),
                      MakeDoubleAccessor(&UltraSparcHostPreset::m_lineReadCycles),
                      MakeDoubleChecker<double>(0))
        .AddAttribute("MemoryStoreCycles",
                      "System cycles of one 8-byte processor store into memory (FITTED).",
                      DoubleValue(d.memoryStoreCycles),
                      MakeDoubleAccessor(&UltraSparcHostPreset::m_memoryStoreCycles),
                      MakeDoubleChecker<double>(0))
        // ASSUMED: a store into the PCI bridge takes one system cycle per 8 bytes.
        .AddAttribute("MemoryBridgeStoreCycles",
                      "System cycles of one 8-byte store into the PCI bridge.",
                      DoubleValue(1),
                      MakeDoubleAccessor(&UltraSparcHostPreset::m_bridgeStoreCycles),
                      MakeDoubleChecker<double>(0))
        // ASSUMED: a device's 64-byte line write into memory: 8 system cycles.
        .AddAttribute("MemoryInboundLineCycles",
                      "System cycles of a device's line write into memory.",
                      DoubleValue(8),
                      MakeDoubleAccessor(&UltraSparcHostPreset::m_inboundLineCycles),
                      MakeDoubleChecker<double>(0))
        // ASSUMED: the bridge holds two 64-byte blocks of posted stores.
        .AddAttribute("PostedWriteBufferBytes",
                      "Bytes of posted processor stores to PCI the bridge holds.",
                      UintegerValue(128),
                      MakeUintegerAccessor(&UltraSparcHostPreset::m_postedWriteBuffer),
                      MakeUintegerChecker<uint32_t>(1));
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

TypeId
UltraSparc1HostPreset::GetTypeId()
{
    Defaults d;
    // SCILAN 1998, Table 2: "UltraSPARC-I 167 MHz (E3000)".
    d.cpuClock = 167e6;
    // The Enterprise 3000's Gigaplane system bus runs at 83.3 MHz.
    d.systemClock = 83.33e6;
    // ASSUMED: a 64-byte line from memory in 12 bus cycles.
    d.lineReadCycles = 12;
    // FITTED to Table 2's receiver copy on this machine, 178 MB/s (metric xr_ultra1_MBps).
    d.memoryStoreCycles = 2.245;
    static TypeId tid = AddAttributes(TypeId("ns3::UltraSparc1HostPreset")
                                          .SetParent<UltraSparcHostPreset>()
                                          .SetGroupName("San")
                                          .AddConstructor<UltraSparc1HostPreset>(),
                                      d);
    return tid;
}

UltraSparc1HostPreset::UltraSparc1HostPreset() = default;

std::string
UltraSparc1HostPreset::GetName() const
{
    return "ultrasparc-i-167";
}

TypeId
UltraSparc2HostPreset::GetTypeId()
{
    Defaults d;
    // SCILAN 1998, Table 2: "UltraSPARC-II 296 MHz (Quark)".
    d.cpuClock = 296e6;
    // ASSUMED: the UPA interconnect at 100 MHz.
    d.systemClock = 100e6;
    // ASSUMED: a 64-byte line from memory in 12 UPA cycles.
    d.lineReadCycles = 12;
    // FITTED to Table 2's receiver copy on this machine, 214 MB/s (metric xr_ultra2_MBps).
    d.memoryStoreCycles = 2.238;
    static TypeId tid = AddAttributes(TypeId("ns3::UltraSparc2HostPreset")
                                          .SetParent<UltraSparcHostPreset>()
                                          .SetGroupName("San")
                                          .AddConstructor<UltraSparc2HostPreset>(),
                                      d);
    return tid;
}

UltraSparc2HostPreset::UltraSparc2HostPreset() = default;

std::string
UltraSparc2HostPreset::GetName() const
{
    return "ultrasparc-ii-296";
}

} // namespace ns3
