/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-hub-routing-helper.h"

#include "ns3/san-hub-routing.h"

namespace ns3
{

SanHubRoutingHelper*
SanHubRoutingHelper::Copy() const
{
    return new SanHubRoutingHelper(*this);
}

Ptr<Ipv4RoutingProtocol>
SanHubRoutingHelper::Create(Ptr<Node> /* node */) const
{
    return CreateObject<SanHubRouting>();
}

} // namespace ns3
