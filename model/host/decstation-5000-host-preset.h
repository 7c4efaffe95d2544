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
};

} // namespace ns3

#endif /* DECSTATION_5000_HOST_PRESET_H */
