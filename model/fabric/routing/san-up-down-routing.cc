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

void
SanUpDownRouting::CheckTopology(Ptr<SanTopology> topology) const
{
    std::string n = topology->GetName();
    NS_ABORT_MSG_UNLESS(n == "fat-tree" || n == "graph" || n == "crossbar",
                        "SanUpDownRouting works on fat-tree, graph or crossbar topologies, not on '"
                            << n << "' (use SanDimensionOrderRouting there)");
}

} // namespace ns3
