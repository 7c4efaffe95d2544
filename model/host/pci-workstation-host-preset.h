/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PCI_WORKSTATION_HOST_PRESET_H
#define PCI_WORKSTATION_HOST_PRESET_H

#include "san-host-preset.h"

#include "ns3/nstime.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A 1995 PCI workstation for the projected hardware DART (Osborne 1994, section 3: "We
 * are targeting the PCI bus"): a 100 MHz Pentium (P54C, 66 MHz host bus) on Intel's 82430FX
 * ("Triton") PCIset, whose host bridge runs the 32-bit PCI bus at 33 MHz, under a Unix kernel
 * (NetBSD or Linux).
 *
 * The PCI figures follow the PCI Local Bus Specification's protocol (address phase, DEVSEL#
 * decode, turnaround, the target's initial latency); the host bridge's own latencies and the
 * operating-system costs were not found as numbers and are estimates, each marked ASSUMED in its
 * attribute's comment with its reasoning. Time-valued costs are fixed times: changing
 * CpuClockRate or Cpi does not rescale them.
 */
class PciWorkstationHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    PciWorkstationHostPreset();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* PCI_WORKSTATION_HOST_PRESET_H */
