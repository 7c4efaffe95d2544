/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_HELPER_H
#define CLAN_HELPER_H

#include "san-nic-helper.h"

#include "ns3/node.h"

namespace ns3
{

class ClanContext;
class ClanNetDevice;

/**
 * \ingroup san
 * \brief Installs CLAN NICs (ClanNetDevice) on hosts that have a SanHost and a fabric endpoint
 * (Riddoch et al. 1999). The card's and driver's costs are a ClanCostModel preset:
 * SetCostModel("ns3::ClanCostModel") (the paper's card, also the default) and
 * SetCostModelAttribute; the device's structural attributes (TripwireFifoDepth,
 * MailboxEntries, ReceiveCheck, DrainFifoPerInterrupt) are SetDeviceAttribute's.
 */
class ClanHelper : public SanNicHelper
{
  public:
    ClanHelper();

    /// \param node a host \return its ClanNetDevice (null if none)
    static Ptr<ClanNetDevice> GetDevice(Ptr<Node> node);
    /// \brief Open a process's context on a host's CLAN NIC. Aborts if it has none.
    /// \param node a host \return the context
    static Ptr<ClanContext> CreateContext(Ptr<Node> node);

  private:
    void SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const override;
};

} // namespace ns3

#endif /* CLAN_HELPER_H */
