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

std::string
SanDimensionOrderRouting::CheckTopology(const SanTopology& topology) const
{
    const std::string n = topology.GetName();
    return n == "mesh" || n == "torus" || n == "ring" || n == "crossbar"
               ? ""
               : "it routes on meshes, tori, rings and crossbars";
}

} // namespace ns3
