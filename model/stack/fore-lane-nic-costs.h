/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef FORE_LANE_NIC_COSTS_H
#define FORE_LANE_NIC_COSTS_H

#include "host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief NIC preset: the SCILAN paper's ATM cards, Fore PCA-200E (Fore ATM 200E,
 * section 4.1) with ForeThought 4.0's Windows NT LAN Emulation client, through a Fore 200WG
 * switch. The card's i960 does the segmentation and reassembly. One parameter is fitted:
 * "ReceiveLatency", to Table 3's ATM latency (304.5 us).
 */
class ForeLaneNicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ForeLaneNicCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* FORE_LANE_NIC_COSTS_H */
