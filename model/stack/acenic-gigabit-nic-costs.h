/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ACENIC_GIGABIT_NIC_COSTS_H
#define ACENIC_GIGABIT_NIC_COSTS_H

#include "host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief NIC preset: a Gigabit Ethernet card built on Alteon's Tigon (AceNIC, 3Com
 * 3C985, NetGear GA620) with Linux 2.2's acenic driver (v0.32, March 1999), the gigabit card
 * Linux 2.2 supported with jumbo frames (the Tripwire paper, section 6.1, does not name its card:
 * ASSUMED). One parameter is fitted: "ReceiveInterruptDelay", to Table 1's gigabit round trip
 * (260 us).
 */
class AcenicGigabitNicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    AcenicGigabitNicCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* ACENIC_GIGABIT_NIC_COSTS_H */
