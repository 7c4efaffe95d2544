/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "decstation-5000-host-preset.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Decstation5000HostPreset");

NS_OBJECT_ENSURE_REGISTERED(Decstation5000HostPreset);

TypeId
Decstation5000HostPreset::GetTypeId()
{
    // Instruction-count estimates below use this preset's own clock and CPI: one instruction
    // takes 1.5 / 40 MHz = 37.5 ns.
    static TypeId tid =
        TypeId("ns3::Decstation5000HostPreset")
            .SetParent<SanHostPreset>()
            .SetGroupName("San")
            .AddConstructor<Decstation5000HostPreset>()
            // Osborne 1994, section 3: the software DART runs "on a DECStation 5000/240". The
            // 5000/240 (KN03, "3MAX+") has a 40 MHz R3400 (the R3000A integer unit and R3010
            // FPU on one chip): MAME, src/mame/dec/decstation.cpp, header comment, "Machine
            // types".
            .AddAttribute("CpuClockRate",
                          "Processor clock rate in Hz.",
                          DoubleValue(40e6),
                          MakeDoubleAccessor(&Decstation5000HostPreset::m_cpuClock),
                          MakeDoubleChecker<double>(1))
            // ASSUMED. The R3000 issues one instruction per cycle; load-delay and branch-delay
            // slots the compiler cannot fill, and write-buffer and cache-miss stalls of kernel
            // code (cold caches on every trap and interrupt), raise the average. No measured
            // CPI of Mach 3.0 kernel paths on this machine was found; 1.5 is taken as typical of
            // single-issue RISC kernel code of the period.
            .AddAttribute("Cpi",
                          "Cycles per instruction.",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&Decstation5000HostPreset::m_cpi),
                          MakeDoubleChecker<double>(0.01))
            // ASSUMED. No measured Mach 3.0 trap time for the 5000/240 was found (Anderson et
            // al., ASPLOS 1991, and Ousterhout, USENIX 1990, measured DECstations under Ultrix,
            // Sprite and Mach, but their figures could not be checked here). Estimate: the MIPS
            // trap path saves and restores the user state (about 2 x 35 loads and stores of
            // general, HI/LO and coprocessor-0 registers), switches to the kernel stack, decodes
            // the cause and dispatches through the trap table: about 100 instructions, i.e.
            // 100 x 37.5 ns = 3.75 us.
            .AddAttribute("SyscallCost",
                          "Mach 3.0 trap entry and exit (HostCpu SyscallCost).",
                          TimeValue(NanoSeconds(3750)),
                          MakeTimeAccessor(&Decstation5000HostPreset::m_syscallCost),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED. Interrupt dispatch to the TURBOchannel slot's handler and the return: the
            // same state save and restore as a trap plus decoding the CP0 cause and the I/O
            // ASIC's interrupt register to find the slot, about 110 instructions (4.125 us),
            // plus one uncached read of the system I/O ASIC (about 0.375 us, like one
            // TURBOchannel PIO load below): 4.5 us.
            .AddAttribute("InterruptLatency",
                          "Interrupt dispatch before the handler's own work (HostCpu "
                          "InterruptLatency).",
                          TimeValue(NanoSeconds(4500)),
                          MakeTimeAccessor(&Decstation5000HostPreset::m_interruptLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED. Waking a blocked Mach thread: thread_wakeup, the run queue, a thread
            // switch with an address-space (ASID) switch and the cold-cache refill after it,
            // about 500 instructions: 18.75 us. Not on DART's polling path.
            .AddAttribute("WakeupLatency",
                          "Scheduler wake-up of a blocked thread (HostCpu WakeupLatency).",
                          TimeValue(NanoSeconds(18750)),
                          MakeTimeAccessor(&Decstation5000HostPreset::m_wakeupLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED. A poll loop on a word in memory: load, compare, branch and its delay
            // slot, 4 instructions: 0.15 us.
            .AddAttribute("PollInterval",
                          "One iteration of a poll loop (HostCpu PollInterval).",
                          TimeValue(NanoSeconds(150)),
                          MakeTimeAccessor(&Decstation5000HostPreset::m_pollInterval),
                          MakeTimeChecker(Seconds(0)))
            // TURBOchannel runs at 12.5 to 25 MHz (TURBOchannel Hardware Specification,
            // EK-369AA-OD; OpenVMS AXP device support manual, "TURBOchannel Bus Support",
            // section 12.1); the 5000/240's is 25 MHz (NetBSD/pmax describes the KN03
            // TURBOchannel with TC_SPEED_25_MHZ).
            .AddAttribute("BusClockRate",
                          "TURBOchannel clock rate in Hz.",
                          DoubleValue(25e6),
                          MakeDoubleAccessor(&Decstation5000HostPreset::m_busClock),
                          MakeDoubleChecker<double>(1))
            // OpenVMS AXP device support manual, section 12.1: a 32-bit multiplexed address and
            // data path; DMA moves 32-bit longwords.
            .AddAttribute("BusWidth",
                          "TURBOchannel bytes per data beat.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&Decstation5000HostPreset::m_busWidth),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED. A DMA transfer may be "of any length up to a system specific limit"
            // (OpenVMS AXP manual, section 12.1), reported by the PROM's get_tcinfo as
            // max_dma_burst (TURBOchannel Firmware Specification, EK-TCAAD-FS); the KN03's value
            // was not found. 128 longwords (512 bytes). Not on DART's path: the TCA-100 has no
            // DMA.
            .AddAttribute("BurstLength",
                          "TURBOchannel beats per DMA transaction at most.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&Decstation5000HostPreset::m_burstLength),
                          MakeUintegerChecker<uint32_t>(1))
            // ASSUMED. A DMA transaction: the option's request and the system's grant, one
            // address cycle, and for reads the memory's access latency before the first word:
            // 8 cycles. Not on DART's path (no DMA on the TCA-100).
            .AddAttribute("TransactionOverhead",
                          "TURBOchannel cycles per DMA transaction besides the data beats.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&Decstation5000HostPreset::m_transactionCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED from the bus protocol (no timing figure found): an I/O write is an address
            // cycle on the multiplexed path, then the data beat, ended by the option's ready
            // acknowledgement: 2 cycles besides the data beat, 3 cycles (120 ns) per 32-bit
            // store into the TCA-100's transmit FIFO. The R3000's write buffer posts the store,
            // but a cell's 14 back-to-back stores run at the bus's pace.
            .AddAttribute("PioTransactionOverhead",
                          "TURBOchannel cycles per programmed-I/O store besides its data beat.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&Decstation5000HostPreset::m_pioCycles),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED (no measured figure found for an uncached TURBOchannel read on the
            // 5000/240). An I/O read stalls the R3400 until the option answers: the address
            // cycle, the option's access to its FIFO (2 cycles assumed), its ready-with-data
            // cycle, a turnaround cycle, and about 2 cycles for the system module to
            // resynchronize the 40 MHz processor with the 25 MHz TURBOchannel: 7 cycles besides
            // the data beat, 8 cycles (320 ns) per 32-bit load from the receive FIFO.
            .AddAttribute("PioLoadTransactionOverhead",
                          "TURBOchannel cycles per programmed-I/O load besides its data beat.",
                          UintegerValue(7),
                          MakeUintegerAccessor(&Decstation5000HostPreset::m_pioLoadCycles),
                          MakeUintegerChecker<uint32_t>())
            // The TCA-100's FIFOs are 32-bit registers read and written a word at a time (CMU
            // Mach 3.0 driver header for the FORE TCA-100: rxfifo and txfifo are arrays of
            // 32-bit words).
            .AddAttribute("PioStoreBytes",
                          "Bytes per processor store or load into a mapped device window.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&Decstation5000HostPreset::m_pioStoreBytes),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

Decstation5000HostPreset::Decstation5000HostPreset()
{
    // The values are the attributes' defaults (set when the object is constructed).
    // TURBOchannel I/O needs no arbitration (the system module owns the bus) and
    // the DMA request/grant is counted in TransactionOverhead, so ArbitrationCycles keeps the
    // bus default of 0.
}

std::string
Decstation5000HostPreset::GetName() const
{
    return "decstation-5000-240";
}

} // namespace ns3
