/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_IP_NIC_COSTS_H
#define CLAN_IP_NIC_COSTS_H

#include "ns3/host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The CLAN IP network driver's costs (Riddoch et al. 1999, section 6.1) for
 * HostStackNetDevice. The transport (ClanIpTransport) moves packets and takes its Tripwire
 * interrupts itself, charged by the CLAN model, so the stack device charges no DMA, descriptor
 * or receive interrupt (DoesOwnIo); only the network driver's glue per packet.
 */
class ClanIpNicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ClanIpNicCosts();
    std::string GetName() const override;
};

} // namespace ns3

#endif /* CLAN_IP_NIC_COSTS_H */
