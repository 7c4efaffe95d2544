/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TULIP_100_NIC_COSTS_H
#define TULIP_100_NIC_COSTS_H

#include "host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief NIC preset: a 100 Mbit/s Ethernet card built on DEC's 21140 "Tulip" with
 * Linux 2.2's tulip driver, the usual Fast Ethernet card of 1999 Alpha systems (the Tripwire
 * paper, section 6.1, does not name its card: ASSUMED). One parameter is fitted:
 * "ReceiveLatency", to Table 1's 100 Mbit Ethernet round trip (160 us) with
 * LinuxAlphaStackCosts: the time of the Ethernet path that the cited and assumed costs leave
 * unexplained.
 */
class Tulip100NicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    Tulip100NicCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* TULIP_100_NIC_COSTS_H */
