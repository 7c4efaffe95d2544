/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dec-560st-host-preset.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Dec560stHostPreset");

NS_OBJECT_ENSURE_REGISTERED(Dec560stHostPreset);

TypeId
Dec560stHostPreset::GetTypeId()
{
    // One processor cycle is 16.7 ns at 60 MHz; one EISA BCLK 120 ns at 8.33 MHz.
    static TypeId tid =
        TypeId("ns3::Dec560stHostPreset")
            .SetParent<SanHostPreset>()
            .SetGroupName("San")
            .AddConstructor<Dec560stHostPreset>()
            // SHRIMP 1996, section 3.1: "a 60 Mhz Pentium CPU".
            .AddAttribute("CpuClockRate",
                          "Processor clock rate in Hz.",
                          DoubleValue(60e6),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_cpuClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: 1.5 cycles per instruction for library and kernel code, as the
            // project's other Pentium presets assume.
            .AddAttribute("Cpi",
                          "Cycles per instruction.",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_cpi),
                          MakeDoubleChecker<double>(0.01))
            // ASSUMED: a Linux 1.2 system call (trap, dispatch, return) of about 240 cycles
            // on this processor.
            .AddAttribute("SyscallCost",
                          "Kernel entry and exit (HostCpu SyscallCost).",
                          TimeValue(MicroSeconds(4)),
                          MakeTimeAccessor(&Dec560stHostPreset::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: interrupt entry through the 8259 controllers and Linux's dispatch
            // before the handler's own work: about 480 cycles.
            .AddAttribute("InterruptLatency",
                          "Interrupt dispatch before the handler's own work (HostCpu "
                          "InterruptLatency).",
                          TimeValue(MicroSeconds(8)),
                          MakeTimeAccessor(&Dec560stHostPreset::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: waking a blocked process: the scheduler and a context switch with its
            // TLB flush, about 900 cycles.
            .AddAttribute("WakeupLatency",
                          "Scheduler wake-up of a blocked process (HostCpu WakeupLatency).",
                          TimeValue(MicroSeconds(15)),
                          MakeTimeAccessor(&Dec560stHostPreset::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: a poll loop of 4 instructions at CPI 1.5 hitting the cache: 6 cycles.
            .AddAttribute("PollInterval",
                          "One iteration of a poll loop on a cached word (HostCpu "
                          "PollInterval).",
                          TimeValue(NanoSeconds(100)),
                          MakeTimeAccessor(&Dec560stHostPreset::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // EISA Specification 3.12 (the paper's [3]): BCLK is 8.33 MHz.
            .AddAttribute("BusClockRate",
                          "EISA BCLK in Hz.",
                          DoubleValue(8.33e6),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_busClock),
                          MakeDoubleChecker<double>(1))
            // EISA: a 32-bit data path; a burst moves one doubleword per BCLK, which is the
            // paper's 33 MB/s maximum burst.
            .AddAttribute("BusWidth",
                          "EISA bytes per transfer.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_busWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: a bus master's burst stays within one 1 KB page of DRAM: 256
            // doublewords.
            .AddAttribute("BurstLength",
                          "EISA transfers per burst at most.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_burstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // EISA: the first transfer of a burst takes two BCLKs (START, then CMD), each
            // further one a single BCLK: one cycle of overhead per burst.
            .AddAttribute("TransactionOverhead",
                          "EISA cycles per burst besides one per transfer.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_transactionCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: the central arbitration control grants the bus in two BCLKs.
            .AddAttribute("ArbitrationCycles",
                          "EISA cycles per bus grant.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_arbitrationCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: the EISA-to-Xpress bridge has a bus master's first read doubleword
            // after two BCLKs of wait states.
            .AddAttribute("DmaReadLatency",
                          "EISA cycles a bus master's read burst waits for its first data.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_dmaReadLatency),
                          MakeUintegerChecker<uint32_t>())
            // EISA: a processor access to a card is a standard cycle of two BCLKs (240 ns).
            .AddAttribute("PioTransactionOverhead",
                          "EISA cycles per processor store to a card besides its data cycle.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_pioCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: a load from the card adds one wait state for its decode: 3 BCLKs.
            .AddAttribute("PioLoadTransactionOverhead",
                          "EISA cycles per processor load from a card besides its data cycle.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_pioLoadCycles),
                          MakeUintegerChecker<uint32_t>())
            // A 32-bit processor access.
            .AddAttribute("PioStoreBytes",
                          "Bytes per processor access to a card.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&Dec560stHostPreset::m_pioStoreBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED: the Xpress memory bus runs at the processor's 60 MHz external clock.
            .AddAttribute("MemoryBusClockRate",
                          "Xpress memory bus clock in Hz.",
                          DoubleValue(60e6),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_memoryClock),
                          MakeDoubleChecker<double>(1))
            // SHRIMP 1996, section 3.1: "a maximum burst write bandwidth of 73 Mbytes/sec": a
            // 32-byte line in 438 ns, 26.3 bus cycles.
            .AddAttribute("InboundLineCycles",
                          "Memory-bus cycles of a bus master's write of one 32-byte line.",
                          DoubleValue(26.3),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_inboundLineCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a line read from DRAM takes as long as the line burst write above.
            .AddAttribute("MemoryLineReadCycles",
                          "Memory-bus cycles of a cache-line read from memory.",
                          DoubleValue(26.3),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_lineReadCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a single (write-through or uncached) store costs a quarter of the line
            // burst, one of its four 8-byte beats.
            .AddAttribute("MemoryStoreCycles",
                          "Memory-bus cycles of one processor store that reaches memory.",
                          DoubleValue(6.6),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_storeCycles),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a load from an uncached page is a single beat, like a store.
            .AddAttribute("UncachedReadCycles",
                          "Memory-bus cycles of one processor load from an uncached page.",
                          DoubleValue(6.6),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_uncachedReadCycles),
                          MakeDoubleChecker<double>(0))
            // FITTED to au_1word_latency_wt_us = 4.75 (section 3.4; the uncached case, 3.7 us,
            // fits the SHRIMP card's own latency): what a bus master's line write into a
            // cacheable page adds on this machine, the inquire cycle through the first- and
            // second-level caches and the invalidation (section 3.1: "The caches snoop DMA
            // transactions and automatically invalidate corresponding cache lines").
            .AddAttribute("SnoopLineCycles",
                          "Memory-bus cycles a bus master's line write into a cacheable page "
                          "adds (snoop and invalidate; FITTED).",
                          DoubleValue(37.6),
                          MakeDoubleAccessor(&Dec560stHostPreset::m_snoopLineCycles),
                          MakeDoubleChecker<double>(0));
    return tid;
}

Dec560stHostPreset::Dec560stHostPreset()
{
    // The values are the attributes' defaults (set when the object is constructed). A store
    // to the card is not merged with the next: one EISA cycle per store.
    m_pioBurstLength = 1;
}

Ptr<HostMemorySystem>
Dec560stHostPreset::CreateMemorySystem() const
{
    Ptr<HostMemorySystem> system = CreateObject<HostMemorySystem>();
    system->SetAttribute("ClockRate", DoubleValue(m_memoryClock));
    // The Pentium's 32-byte lines and 32-bit stores (a copy loop's "rep movsd").
    system->SetAttribute("LineBytes", UintegerValue(32));
    system->SetAttribute("StoreBytes", UintegerValue(4));
    system->SetAttribute("LineReadCycles", DoubleValue(m_lineReadCycles));
    system->SetAttribute("MemoryStoreCycles", DoubleValue(m_storeCycles));
    system->SetAttribute("InboundLineCycles", DoubleValue(m_inboundLineCycles));
    system->SetAttribute("UncachedReadCycles", DoubleValue(m_uncachedReadCycles));
    system->SetAttribute("SnoopLineCycles", DoubleValue(m_snoopLineCycles));
    system->SetAttribute("PageBytes", UintegerValue(4096));
    return system;
}

std::string
Dec560stHostPreset::GetName() const
{
    return "dec-560st";
}

} // namespace ns3
