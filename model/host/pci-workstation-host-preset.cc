/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pci-workstation-host-preset.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PciWorkstationHostPreset");

NS_OBJECT_ENSURE_REGISTERED(PciWorkstationHostPreset);

TypeId
PciWorkstationHostPreset::GetTypeId()
{
    // Instruction-count estimates below use this preset's own clock and CPI: one instruction
    // takes 1.5 / 100 MHz = 15 ns. One PCI cycle is 30.3 ns.
    static TypeId tid =
        TypeId("ns3::PciWorkstationHostPreset")
            .SetParent<SanHostPreset>()
            .SetGroupName("San")
            .AddConstructor<PciWorkstationHostPreset>()
            // The 100 MHz Pentium (P54C) runs its core at 1.5 times the 66 MHz host bus (Intel,
            // Pentium Processor Family Developer's Manual, 1995, bus-to-core ratios). Chosen as a
            // 1995 PCI desktop: Osborne 1994, section 3, targets "the PCI bus" without naming a
            // host.
            .AddAttribute("CpuClockRate",
                          "Processor clock rate in Hz.",
                          DoubleValue(100e6),
                          MakeDoubleAccessor(&PciWorkstationHostPreset::m_cpuClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED. The Pentium's two pipes give a best case of 0.5 cycles per instruction;
            // kernel and driver code pairs poorly and misses in the 8 KB primary caches. Chen et
            // al. (SOSP 1995 / ACM TOCS 1996) measured operating-system code on a Pentium with
            // its event counters, but their figures could not be checked here; 1.5 is taken as
            // typical of kernel paths.
            .AddAttribute("Cpi",
                          "Cycles per instruction.",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&PciWorkstationHostPreset::m_cpi),
                          MakeDoubleChecker<double>(0.01))
            // ASSUMED (no checkable measurement found). A Unix system call on the Pentium: the
            // trap gate and IRET (about 100 cycles, 1 us) plus about 100 instructions of
            // register save, dispatch and return (1.5 us): 2.5 us.
            .AddAttribute("SyscallCost",
                          "System call entry and exit (HostCpu SyscallCost).",
                          TimeValue(NanoSeconds(2500)),
                          MakeTimeAccessor(&PciWorkstationHostPreset::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED. PC interrupts go through the 8259A-compatible controller in the PCI-ISA
            // bridge: the interrupt acknowledge and the handler's end-of-interrupt write run at
            // ISA speed (about 1 us each), and a Unix kernel's interrupt entry, dispatch and
            // return take about 300 instructions (4.5 us): 6.5 us. (SCILAN 1998, section 6,
            // reports far more for Windows NT on a 133 MHz Pentium: 6000 cycles, 45 us, before
            // the second-stage handler runs; a Unix kernel's first-level handler is what DART's
            // exceptions need.)
            .AddAttribute("InterruptLatency",
                          "Interrupt dispatch before the handler's own work (HostCpu "
                          "InterruptLatency).",
                          TimeValue(NanoSeconds(6500)),
                          MakeTimeAccessor(&PciWorkstationHostPreset::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED. Waking a blocked process: the scheduler, a context switch with a CR3
            // reload (the TLBs are flushed) and the refill that follows, about 600 instructions
            // (9 us) plus misses: 10 us. Not on the hardware DART's polling path.
            .AddAttribute("WakeupLatency",
                          "Scheduler wake-up of a blocked process (HostCpu WakeupLatency).",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&PciWorkstationHostPreset::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED. A poll loop on a word in memory: load, compare, branch and the loop
            // overhead, 4 instructions: 60 ns.
            .AddAttribute("PollInterval",
                          "One iteration of a poll loop (HostCpu PollInterval).",
                          TimeValue(NanoSeconds(60)),
                          MakeTimeAccessor(&PciWorkstationHostPreset::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // PCI Local Bus Specification (rev. 2.0, 1993; 2.1, 1995): 33 MHz at most; the
            // 82430FX's host bridge clocks PCI at half the 66 MHz host bus.
            .AddAttribute("BusClockRate",
                          "PCI clock rate in Hz.",
                          DoubleValue(33e6),
                          MakeDoubleAccessor(&PciWorkstationHostPreset::m_busClock),
                          MakeDoubleChecker<double>(1))
            // PCI Local Bus Specification: 32-bit multiplexed AD[31:0], one 4-byte data phase
            // per clock in a burst (the 64-bit extension is optional; desktop slots were 32-bit).
            .AddAttribute("BusWidth",
                          "PCI bytes per data phase.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&PciWorkstationHostPreset::m_busWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED. PCI itself does not limit a burst; the host bridge snoops and buffers a
            // bus master's memory accesses a 32-byte Pentium cache line at a time, so a
            // transaction is counted as at most one line, 8 data phases. A DART data block is
            // 32 bytes: one transaction either way.
            .AddAttribute("BurstLength",
                          "PCI data phases per DMA transaction at most.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&PciWorkstationHostPreset::m_burstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED within the specification's bound. A bus master's read of host memory:
            // REQ#/GNT# arbitration (2 cycles), the address phase (1), the turnaround (1), the
            // host bridge's initial latency while it snoops the processor's caches and reads
            // DRAM (7 cycles assumed; PCI 2.1, section 3.5.1.1, caps a target's initial latency
            // at 16 clocks), and the idle cycle after the last data phase (1): 12 cycles besides
            // the data phases. Master writes are posted in the bridge's buffers and cost less
            // (about 4 cycles); HostBus has one DMA overhead, so a 32-byte DMA write is charged
            // about 8 cycles (0.24 us) too much.
            .AddAttribute("TransactionOverhead",
                          "PCI cycles per DMA transaction besides the data phases.",
                          UintegerValue(12),
                          MakeUintegerAccessor(&PciWorkstationHostPreset::m_transactionCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED from the PCI protocol. A processor store to a card is posted in the host
            // bridge's write buffer; on PCI it is a single-data-phase write: the address phase,
            // a medium DEVSEL# decode (1 wait), the data phase (the beat) and the idle
            // turnaround: 3 cycles besides the beat, 4 cycles (121 ns) per 32-bit store.
            .AddAttribute("PioTransactionOverhead",
                          "PCI cycles per programmed-I/O store besides its data phase.",
                          UintegerValue(3),
                          MakeUintegerAccessor(&PciWorkstationHostPreset::m_pioCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED from the PCI protocol. A processor load from a card is not posted: the
            // processor waits while the bridge runs the read: address phase, turnaround,
            // DEVSEL#, the card's initial latency for a register (4 cycles assumed), and about
            // 3 cycles to hand the data back across the bridge to the 66 MHz host bus: 10
            // cycles besides the data phase, 11 cycles (0.33 us) per 32-bit load. Not on the
            // hardware DART's critical path.
            .AddAttribute("PioLoadTransactionOverhead",
                          "PCI cycles per programmed-I/O load besides its data phase.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PciWorkstationHostPreset::m_pioLoadCycles),
                          MakeUintegerChecker<uint32_t>())
            // DART's Send Registers are written a 32-bit word at a time (control, offset, size:
            // Osborne 1994, section 3), one PCI data phase each.
            .AddAttribute("PioStoreBytes",
                          "Bytes per processor store or load into a mapped device window.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&PciWorkstationHostPreset::m_pioStoreBytes),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

PciWorkstationHostPreset::PciWorkstationHostPreset()
{
    // The values are the attributes' defaults (set when the object is constructed).
    // The DMA arbitration is counted in TransactionOverhead and processor accesses
    // find the bus parked on the host bridge, so ArbitrationCycles keeps the bus default of 0.
}

std::string
PciWorkstationHostPreset::GetName() const
{
    return "pentium-100-pci";
}

} // namespace ns3
