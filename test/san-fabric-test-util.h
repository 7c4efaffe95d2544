/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_TEST_UTIL_H
#define SAN_FABRIC_TEST_UTIL_H

// What the fabric test suites share.

#include "ns3/boolean.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/uinteger.h"

#include <string>

namespace ns3
{
namespace santest
{

/**
 * \brief The small topologies of the mixed-traffic tests: a 4x3 torus ("torus") or a 3-ary
 * 2-tree (anything else), with several paths between most pairs.
 * \param fabric the helper to configure
 * \param topology "torus" or "fat-tree"
 */
inline void
SetSmallTopology(SanFabricHelper& fabric, const std::string& topology)
{
    if (topology == "torus")
    {
        fabric.SetTopology("ns3::SanMeshTopology",
                           "X",
                           UintegerValue(4),
                           "Y",
                           UintegerValue(3),
                           "Wrap",
                           BooleanValue(true));
    }
    else
    {
        fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(3), "N", UintegerValue(2));
    }
}

} // namespace santest
} // namespace ns3

#endif /* SAN_FABRIC_TEST_UTIL_H */
