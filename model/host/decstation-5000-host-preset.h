/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DECSTATION_5000_HOST_PRESET_H
#define DECSTATION_5000_HOST_PRESET_H

#include "san-host-preset.h"

#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The DECstation 5000/240 (MIPS R3400 at 40 MHz) under Mach 3.0 with its 25 MHz
 * TURBOchannel I/O bus: the host of DART's in-kernel software implementation (Osborne 1994,
 * section 3).
 *
 * Neither the DART paper nor the sources found for this preset give the machine's Mach 3.0
 * operating-system costs or the TURBOchannel's programmed-I/O timing as numbers, so those values
 * are estimates from instruction counts (at this preset's clock and CPI) and from the bus
 * protocol, each marked ASSUMED in its attribute's comment with its reasoning. The time-valued
 * costs (SyscallCost, InterruptLatency, WakeupLatency, PollInterval) are fixed times: changing
 * CpuClockRate or Cpi does not rescale them.
 *
 * The DART software cost preset (DartSoftwareCostModel) fits its receive handler's work to the
 * paper's 24.5 us with these values; change them and that fit no longer holds.
 */
class Decstation5000HostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Decstation5000HostPreset();

    std::string GetName() const override;
    void Configure(Ptr<HostCpu> cpu, Ptr<HostBus> ioBus, Ptr<HostMemory> memory) const override;

  private:
    double m_cpuClock;            //!< Hz
    double m_cpi;                 //!< cycles per instruction
    Time m_syscallCost;           //!< Mach 3.0 trap entry and exit
    Time m_interruptLatency;      //!< interrupt dispatch
    Time m_wakeupLatency;         //!< scheduler wake-up of a blocked thread
    Time m_pollInterval;          //!< one iteration of a poll loop
    double m_busClock;            //!< TURBOchannel Hz
    uint32_t m_busWidth;          //!< bytes per beat
    uint32_t m_burstLength;       //!< beats per DMA transaction
    uint32_t m_transactionCycles; //!< overhead cycles per DMA transaction
    uint32_t m_pioStoreBytes;     //!< bytes per PIO store
    uint32_t m_pioCycles;         //!< overhead cycles per PIO store
    uint32_t m_pioLoadCycles;     //!< overhead cycles per PIO load
};

} // namespace ns3

#endif /* DECSTATION_5000_HOST_PRESET_H */
