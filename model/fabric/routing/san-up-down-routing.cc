/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-up-down-routing.h"

#include "ns3/abort.h"
#include "ns3/san-fabric-packet.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanUpDownRouting);

TypeId
SanUpDownRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanUpDownRouting")
                            .SetParent<SanDeterministicRouting>()
                            .SetGroupName("San")
                            .AddConstructor<SanUpDownRouting>();
    return tid;
}

std::string
SanUpDownRouting::CheckTopology(const SanTopology& topology) const
{
    const std::string n = topology.GetName();
    return n == "fat-tree" || n == "graph" || n == "crossbar"
               ? ""
               : "it routes on fat trees, graphs and crossbars";
}

} // namespace ns3
