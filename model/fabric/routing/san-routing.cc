/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-routing.h"

#include "san-output-occupancy.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/san-fabric-packet.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanRouting");

NS_OBJECT_ENSURE_REGISTERED(SanRouting);

TypeId
SanRouting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanRouting").SetParent<Object>().SetGroupName("San");
    return tid;
}

SanRouting::SanRouting() = default;

SanRouting::~SanRouting() = default;

void
SanRouting::Setup(Ptr<SanTopology> topology)
{
    NS_ABORT_MSG_IF(topology == nullptr, "SanRouting::Setup: no topology");
    const std::string error = GetTopologyError(*topology);
    NS_ABORT_MSG_IF(!error.empty(), error);
    m_topology = topology;
    m_topo = PeekPointer(topology);
    m_nDateline = topology->GetNDatelineClasses();
    NS_ABORT_MSG_IF(GetNVcs() > 8,
                    GetInstanceTypeId().GetName()
                        << " needs " << GetNVcs() << " virtual channels; at most 8 are supported");
}

Ptr<SanTopology>
SanRouting::GetTopology() const
{
    return m_topology;
}

void
SanRouting::SetOccupancy(const SanOutputOccupancy* occupancy)
{
    m_occupancy = occupancy;
}

uint32_t
SanRouting::GetOutputOccupancy(uint32_t sw, uint32_t port, uint32_t vcMask) const
{
    return m_occupancy != nullptr ? m_occupancy->GetOutputOccupancy(sw, port, vcMask) : 0;
}

int64_t
SanRouting::AssignStreams(int64_t stream)
{
    return 0;
}

namespace
{
/// SplitMix64's finalizer: a bijection that mixes every input bit into every output bit.
uint64_t
Mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
} // namespace

void
SanRouting::SetDrawStream(int64_t stream)
{
    m_drawSeed = Mix64(Mix64(Mix64(RngSeedManager::GetSeed()) ^ RngSeedManager::GetRun()) ^
                       static_cast<uint64_t>(stream));
}

uint32_t
SanRouting::DrawFor(const SanFabricPacket& p, uint32_t salt, uint32_t n) const
{
    const uint64_t z = Mix64(
        m_drawSeed ^ Mix64(p.uid + 0x9e3779b97f4a7c15ULL * (1 + p.hops + (uint64_t(salt) << 32))));
    // Multiply-shift: uniform in [0, n) to within 2^-32.
    return static_cast<uint32_t>(((z >> 32) * static_cast<uint64_t>(n)) >> 32);
}

std::string
SanRouting::CheckTopology(const SanTopology& topology) const
{
    return "";
}

std::string
SanRouting::GetTopologyError(const SanTopology& topology) const
{
    const std::string why = CheckTopology(topology);
    if (why.empty())
    {
        return "";
    }
    std::string fits;
    for (const std::string& name : GetFittingTypeIdNames(topology))
    {
        fits += (fits.empty() ? "" : ", ") + name;
    }
    return GetInstanceTypeId().GetName() + " cannot route on a " + topology.GetName() +
           " topology (" + why + "); routing functions that can: " + fits;
}

std::string
SanRouting::GetDefaultTypeIdName(const SanTopology& topology)
{
    const std::string n = topology.GetName();
    if (n == "dragonfly")
    {
        return "ns3::SanUgalRouting";
    }
    if (n == "fat-tree" || n == "graph")
    {
        return "ns3::SanUpDownRouting";
    }
    return "ns3::SanDimensionOrderRouting";
}

std::vector<std::string>
SanRouting::GetFittingTypeIdNames(const SanTopology& topology)
{
    std::vector<std::string> names;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (!tid.IsChildOf(SanRouting::GetTypeId()) || !tid.HasConstructor())
        {
            continue;
        }
        ObjectFactory factory(tid.GetName());
        Ptr<SanRouting> routing = factory.Create<SanRouting>();
        if (routing != nullptr && routing->CheckTopology(topology).empty())
        {
            names.push_back(tid.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

uint32_t
SanRouting::PrepareAtSource(SanFabricPacket& p, uint32_t srcSwitch)
{
    return 1; // dateline class 0 of phase 0
}

void
SanRouting::OnDepart(uint32_t sw, uint32_t port, uint32_t vc, SanFabricPacket& p)
{
    if (m_nDateline < 2)
    {
        return;
    }
    uint32_t d = m_topo->GetPortDimension(sw, port);
    if (d == SanTopology::NO_PORT)
    {
        return;
    }
    if (p.dim != d)
    {
        p.dim = static_cast<uint8_t>(d);
        p.dateline = 0;
    }
    if (m_topo->IsWrapPort(sw, port))
    {
        p.dateline = 1;
    }
}

uint32_t
SanRouting::GetDatelineClass(uint32_t sw, uint32_t port, const SanFabricPacket& p) const
{
    if (m_nDateline < 2)
    {
        return 0;
    }
    uint32_t d = m_topo->GetPortDimension(sw, port);
    if (d == SanTopology::NO_PORT)
    {
        return 0;
    }
    bool crossed = (p.dim == d) && p.dateline;
    return (crossed || m_topo->IsWrapPort(sw, port)) ? 1 : 0;
}

void
SanRouting::RouteDeterministic(uint32_t sw,
                               uint32_t dst,
                               uint32_t phase,
                               const SanFabricPacket& p,
                               SanRouteChoice& choice) const
{
    uint32_t port = m_topo->GetDeterministicPortFor(sw, dst, p.dst);
    choice.escapePort = port;
    choice.escapeMask = 1u << (phase * m_nDateline + GetDatelineClass(sw, port, p));
}

} // namespace ns3
