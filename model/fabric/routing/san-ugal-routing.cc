/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ugal-routing.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/san-dragonfly-topology.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanUgalRouting");

NS_OBJECT_ENSURE_REGISTERED(SanUgalRouting);

TypeId
SanUgalRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanUgalRouting")
            .SetParent<SanRouting>()
            .SetGroupName("San")
            .AddConstructor<SanUgalRouting>()
            // Kim, Dally, Scott and Abts, ISCA 2008 (routing): MIN, VAL and UGAL-L (UGAL
            // with local queue information only) are the routing algorithms they compare.
            .AddAttribute("Decision",
                          "Path choice: Ugal (UGAL-L, adaptive at the source router), Valiant "
                          "(always through a random intermediate group) or Minimal "
                          "(local-global-local).",
                          EnumValue(UGAL),
                          MakeEnumAccessor(&SanUgalRouting::m_decision),
                          MakeEnumChecker(UGAL, "Ugal", VALIANT, "Valiant", MINIMAL, "Minimal"))
            // Modelling choice, fitted here: Kim et al. 2008 state UGAL's rule without an offset
            // (Threshold 0: minimal unless queue x hops is larger). UGAL-L then sends about a
            // quarter of uniform traffic non-minimally even at low load (any packet on the
            // minimal port against an idle non-minimal one tips it), and its mean latency on the
            // 72-host dragonfly of fabric-load is about 9% above minimal routing's. An offset of
            // 2 occupancy units halves that (about 5%) and costs about 1% of the group-shift
            // saturation throughput (0.497 instead of 0.500 at a load step of 0.1).
            .AddAttribute("Threshold",
                          "UGAL: take the non-minimal route only if q_min * H_min exceeds "
                          "q_nonmin * H_nonmin plus this many occupancy units.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&SanUgalRouting::m_threshold),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanUgalRouting::SanUgalRouting()
{
    SetDrawStream(0);
}

std::string
SanUgalRouting::CheckTopology(const SanTopology& topology) const
{
    return dynamic_cast<const SanDragonflyTopology*>(&topology) != nullptr
               ? ""
               : "it routes only on dragonflies (SanDragonflyTopology)";
}

const SanDragonflyTopology&
SanUgalRouting::Df() const
{
    // CheckTopology made sure of the type.
    return *static_cast<const SanDragonflyTopology*>(m_topo);
}

int64_t
SanUgalRouting::AssignStreams(int64_t stream)
{
    SetDrawStream(stream);
    return 1;
}

uint32_t
SanUgalRouting::GetNVcs() const
{
    return m_decision == MINIMAL ? 2 : 3;
}

bool
SanUgalRouting::IsDeterministic() const
{
    return m_decision == MINIMAL;
}

uint64_t
SanUgalRouting::GetMinimalCount() const
{
    return m_minimal;
}

uint64_t
SanUgalRouting::GetNonMinimalCount() const
{
    return m_nonMinimal;
}

uint32_t
SanUgalRouting::PickIntermediate(const SanFabricPacket& p, uint32_t srcGroup, uint32_t dstGroup)
{
    const uint32_t g = Df().GetNGroups();
    const uint32_t lo = std::min(srcGroup, dstGroup);
    const uint32_t hi = std::max(srcGroup, dstGroup);
    const uint32_t n = g - (lo == hi ? 1 : 2);
    if (n == 0)
    {
        return SanFabricPacket::NONE;
    }
    uint32_t r = DrawFor(p, 0, n);
    if (r >= lo)
    {
        ++r;
    }
    if (lo != hi && r >= hi)
    {
        ++r;
    }
    return r;
}

uint32_t
SanUgalRouting::PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch)
{
    p.phase = 0;
    p.intermediate = SanFabricPacket::NONE;
    if (m_decision == MINIMAL || srcSwitch == p.dstSwitch)
    {
        return 1;
    }
    if (m_decision == VALIANT)
    {
        p.intermediate = PickIntermediate(p, Df().GetGroup(srcSwitch), Df().GetGroup(p.dstSwitch));
        ++(p.intermediate == SanFabricPacket::NONE ? m_minimal : m_nonMinimal);
    }
    else
    {
        p.intermediate = UNDECIDED; // decided on the source router's occupancy (Route)
    }
    return 1; // channel 0: no global link crossed yet
}

void
SanUgalRouting::Decide(uint32_t sw, SanFabricPacket& p)
{
    const SanDragonflyTopology& df = Df();
    p.intermediate = PickIntermediate(p, df.GetGroup(sw), df.GetGroup(p.dstSwitch));
    if (p.intermediate == SanFabricPacket::NONE)
    {
        ++m_minimal;
        return;
    }
    const uint32_t all = (1u << GetNVcs()) - 1;
    const uint32_t minPort = df.GetDeterministicPortFor(sw, p.dstSwitch, p.dst);
    const uint64_t minHops = df.GetMinimalHops(sw, p.dstSwitch);
    uint32_t hops = 0;
    uint32_t landing = 0;
    const uint32_t nonMinPort = df.GetPortTowardGroup(sw, p.intermediate, p.dst, hops, landing);
    const uint64_t nonMinHops = hops + df.GetMinimalHops(landing, p.dstSwitch);
    const uint64_t qMin = GetOutputOccupancy(sw, minPort, all);
    const uint64_t qNonMin = GetOutputOccupancy(sw, nonMinPort, all);
    if (qMin * minHops <= qNonMin * nonMinHops + m_threshold)
    {
        p.intermediate = SanFabricPacket::NONE;
        ++m_minimal;
    }
    else
    {
        ++m_nonMinimal;
    }
}

void
SanUgalRouting::Route(uint32_t sw, SanFabricPacket& p, SanRouteChoice& choice)
{
    if (p.intermediate == UNDECIDED)
    {
        Decide(sw, p);
    }
    const SanDragonflyTopology& df = Df();
    uint32_t port;
    if (p.intermediate != SanFabricPacket::NONE && p.phase == 0)
    {
        uint32_t hops;
        uint32_t landing;
        port = df.GetPortTowardGroup(sw, p.intermediate, p.dst, hops, landing);
    }
    else
    {
        port = df.GetDeterministicPortFor(sw, p.dstSwitch, p.dst);
    }
    choice.nCandidates = 0;
    choice.escapePort = port;
    choice.escapeMask = 1u << std::min<uint32_t>(p.phase, GetNVcs() - 1);
}

void
SanUgalRouting::OnDepart(uint32_t sw, uint32_t port, uint32_t /* vc */, SanFabricPacket& p)
{
    if (Df().IsGlobalPort(sw, port))
    {
        ++p.phase;
    }
}

} // namespace ns3
