/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_NDIS_NIC_COSTS_H
#define SCI_NDIS_NIC_COSTS_H

#include "ns3/host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The NDIS miniport glue of Dolphin's SCI/NDIS driver (SCILAN 1998, sections 2.1.3 and
 * 4.1) under HostStackNetDevice: the per-packet work between NT's protocol stack and
 * SciIpTransport, which moves the packets (its copies, rings and interrupts) and charges them
 * itself.
 */
class SciNdisNicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SciNdisNicCosts();
    std::string GetName() const override;
};

} // namespace ns3

#endif /* SCI_NDIS_NIC_COSTS_H */
