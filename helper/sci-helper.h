/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_HELPER_H
#define SCI_HELPER_H

#include "san-nic-helper.h"

#include "ns3/node.h"

namespace ns3
{

class SciNetDevice;

/**
 * \ingroup san
 * \brief Installs Dolphin PCI/SCI adapters (SciNetDevice) on hosts that have a SanHost and a
 * fabric endpoint (SCILAN 1998). The adapter's and driver's costs are an SciCostModel preset:
 * SetCostModel("ns3::SciCostModel") (the paper's card, also the default) and
 * SetCostModelAttribute; MaxOutstandingRequests and ReceiveErrorModel are SetDeviceAttribute's.
 * Build the fabric as an SCI
 * ringlet (a ring) or as switched SCI (a crossbar or any switched topology); give the links
 * the LC-1's 200 MB/s (1.6 Gbit/s) or the LC-2's 500 MB/s.
 */
class SciHelper : public SanNicHelper
{
  public:
    SciHelper();

    /// \param node a host \return its SciNetDevice (null if none)
    static Ptr<SciNetDevice> GetDevice(Ptr<Node> node);

  private:
    void SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const override;
};

} // namespace ns3

#endif /* SCI_HELPER_H */
