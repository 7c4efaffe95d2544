/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ETHERLINK_FAST_NIC_COSTS_H
#define ETHERLINK_FAST_NIC_COSTS_H

#include "host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief NIC preset: the SCILAN paper's 100baseT cards, 3Com Fast Ethernet PCI bus
 * masters ("3Com Ethernet Xpress", section 4.1) with their Windows NT 4.0 NDIS miniport,
 * back to back. No parameter is fitted.
 */
class EtherlinkFastNicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    EtherlinkFastNicCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* ETHERLINK_FAST_NIC_COSTS_H */
