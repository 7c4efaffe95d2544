/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_HUB_ROUTING_HELPER_H
#define SAN_HUB_ROUTING_HELPER_H

#include "ns3/ipv4-routing-helper.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief Gives a node SanHubRouting when its internet stack is installed:
 * InternetStackHelper::SetRoutingHelper(SanHubRoutingHelper()) for the centre of a star.
 */
class SanHubRoutingHelper : public Ipv4RoutingHelper
{
  public:
    SanHubRoutingHelper* Copy() const override;
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;
};

} // namespace ns3

#endif /* SAN_HUB_ROUTING_HELPER_H */
