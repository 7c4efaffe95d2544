/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ALPHA_LINUX_HOST_PRESET_H
#define ALPHA_LINUX_HOST_PRESET_H

#include "san-host-preset.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The CLAN test nodes of the Tripwire paper (Pope, Hodges, Mapp, Roberts, Hopper;
 * section 5.1): 530 MHz Alpha systems under Linux 2.2, with the CLAN NIC on their 33 MHz, 32-bit
 * PCI bus.
 *
 * The paper measures the operating system's costs (system call 0.75 us, scheduler wake-up of one
 * process 8 us, interrupt latency 3 us): they are inputs here. The receiving NIC's V3 PCI bridge
 * writes incoming data into host memory in bursts of 256 DWORDs for DMA traffic (16 for PIO
 * traffic, a per-transfer choice the CLAN device makes) and stalls one cycle at the start of each
 * burst (section 5.2). Caches snoop the incoming writes (section 2.3), so a deposit costs the CPU
 * nothing. What the paper does not give is marked ASSUMED in the attribute's comment.
 */
class AlphaLinuxHostPreset : public SanHostPreset
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    AlphaLinuxHostPreset();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* ALPHA_LINUX_HOST_PRESET_H */
