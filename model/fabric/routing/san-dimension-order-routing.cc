/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-dimension-order-routing.h"

#include "ns3/abort.h"
#include "ns3/san-fabric-packet.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanDimensionOrderRouting);

TypeId
SanDimensionOrderRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanDimensionOrderRouting")
                            .SetParent<SanDeterministicRouting>()
                            .SetGroupName("San")
                            .AddConstructor<SanDimensionOrderRouting>();
    return tid;
}

void
SanDimensionOrderRouting::CheckTopology(Ptr<SanTopology> topology) const
{
    std::string n = topology->GetName();
    NS_ABORT_MSG_UNLESS(n == "mesh" || n == "torus" || n == "ring" || n == "crossbar",
                        "SanDimensionOrderRouting works on mesh, torus, ring or crossbar "
                        "topologies, not on '"
                            << n << "' (use SanUpDownRouting there)");
}

} // namespace ns3
