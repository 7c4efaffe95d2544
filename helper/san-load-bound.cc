/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-load-bound.h"

#include "san-fabric-helper.h"

#include "ns3/log.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/san-routing.h"
#include "ns3/san-topology.h"

#include <algorithm>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanLoadBound");

std::string
SanLoadBound::GetKindName() const
{
    switch (kind)
    {
    case CHANNEL:
        return "channel-load bound";
    case BISECTION:
        return "bisection bound";
    default:
        return "no bound";
    }
}

namespace
{

/// Every sending host's destinations, worked out when asked (a host at a time: no per-host
/// state on fabrics of a million hosts).
struct Demand
{
    const SanTrafficGenerator::PatternSpec& spec; //!< the pattern
    const std::vector<uint32_t>& permutation;     //!< Permutation's destinations
    uint32_t nHosts;                              //!< hosts

    /// \param h a host \param out its shares \return "" or why the pattern does not fit
    std::string Get(uint32_t h, SanTrafficGenerator::DestinationShares& out) const
    {
        const uint32_t dst = h < permutation.size() ? permutation[h] : 0;
        return SanTrafficGenerator::GetDestinationShares(spec, dst, h, nHosts, out);
    }
};

/// \return the hosts a share spreads over (the sender itself excluded)
uint32_t
RangeCount(const SanTrafficGenerator::DestinationShares& s, uint32_t host)
{
    const uint32_t n = s.rangeEnd - s.rangeBegin;
    return n - ((host >= s.rangeBegin && host < s.rangeEnd) ? 1 : 0);
}

/**
 * Adds one host's shares to a dense per-destination vector.
 * \param s the shares \param host the sender \param w per destination host
 */
void
AddShares(const SanTrafficGenerator::DestinationShares& s, uint32_t host, std::vector<double>& w)
{
    for (const auto& p : s.points)
    {
        w[p.first] += p.second;
    }
    const uint32_t n = RangeCount(s, host);
    if (s.rangeShare > 0 && n > 0)
    {
        const double each = s.rangeShare / n;
        for (uint32_t d = s.rangeBegin; d < s.rangeEnd; ++d)
        {
            w[d] += d == host ? 0 : each;
        }
    }
}

/// Name of the channel out of a switch port.
std::string
ChannelName(const SanTopology& topo, uint32_t sw, uint32_t port)
{
    const SanPortPeer peer = topo.GetPeer(sw, port);
    std::ostringstream name;
    name << "switch " << sw << " port " << port << " -> "
         << (peer.kind == SanPortPeer::SWITCH ? "switch " : "host ") << peer.index;
    return name.str();
}

/**
 * Channel loads by walking each (source switch, destination) route through a deterministic
 * routing function. \return false if a route could not be walked, or not within \p maxSteps
 * (then out.reason says why)
 */
bool
WalkRoutes(SanTopology& topo,
           SanRouting& routing,
           const Demand& demand,
           uint64_t maxSteps,
           SanLoadBound& out)
{
    const uint32_t nSw = topo.GetNSwitches();
    const uint32_t nHosts = topo.GetNHosts();
    std::vector<uint64_t> first(nSw + 1, 0); // channel index of each switch's port 0
    for (uint32_t s = 0; s < nSw; ++s)
    {
        first[s + 1] = first[s] + topo.GetNPorts(s);
    }
    std::vector<double> load(first[nSw], 0);
    std::vector<std::vector<uint32_t>> hostsOf(nSw);
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        hostsOf[topo.GetHostSwitch(h)].push_back(h);
    }
    std::vector<double> w(nHosts);
    SanTrafficGenerator::DestinationShares shares;
    SanRouteChoice choice;
    uint64_t steps = 0;
    for (uint32_t s = 0; s < nSw; ++s)
    {
        if (hostsOf[s].empty())
        {
            continue;
        }
        std::fill(w.begin(), w.end(), 0.0);
        for (uint32_t h : hostsOf[s])
        {
            demand.Get(h, shares);
            AddShares(shares, h, w);
        }
        for (uint32_t d = 0; d < nHosts; ++d)
        {
            if (w[d] <= 0)
            {
                continue;
            }
            // A descriptor from the fabric's pool, cleared as a sender gets one.
            std::unique_ptr<SanFabricPacket, void (*)(SanFabricPacket*)> owned(
                SanFabricPacket::Allocate(),
                &SanFabricPacket::Free);
            SanFabricPacket& p = *owned;
            p.src = hostsOf[s].front();
            p.dst = d;
            p.dstSwitch = topo.GetHostSwitch(d);
            routing.PrepareAtSource(p, s);
            uint32_t sw = s;
            while (sw != p.dstSwitch)
            {
                routing.Route(sw, p, choice);
                const uint32_t port = choice.escapePort;
                if (port == SanTopology::NO_PORT || choice.nCandidates != 0 ||
                    topo.GetPeer(sw, port).kind != SanPortPeer::SWITCH ||
                    p.hops >= SanFabricPacket::MAX_HOPS)
                {
                    out.reason = "the routing gave no single switch-to-switch port at switch " +
                                 std::to_string(sw);
                    return false;
                }
                if (++steps > maxSteps)
                {
                    out.reason =
                        "routes not walked (more than " + std::to_string(maxSteps) + " steps)";
                    return false;
                }
                load[first[sw] + port] += w[d];
                const uint32_t vc =
                    choice.escapeMask ? static_cast<uint32_t>(__builtin_ctz(choice.escapeMask)) : 0;
                routing.OnDepart(sw, port, vc, p);
                ++p.hops;
                sw = topo.GetPeer(sw, port).index;
            }
            load[first[sw] + topo.GetHostPort(d)] += w[d];
        }
    }
    // The busiest channel; a host's own link carries at most its offered load.
    double worst = 1;
    out.channel = "each host's link";
    for (uint32_t s = 0; s < nSw; ++s)
    {
        for (uint32_t port = 0; port < topo.GetNPorts(s); ++port)
        {
            const double l = load[first[s] + port];
            if (l > worst * (1 + 1e-12))
            {
                worst = l;
                out.channel = ChannelName(topo, s, port);
            }
        }
    }
    out.kind = SanLoadBound::CHANNEL;
    out.load = 1 / worst;
    return true;
}

/// The bisection bound and the hosts' receive links.
void
CutBound(SanTopology& topo, const Demand& demand, SanLoadBound& out)
{
    const uint32_t nSw = topo.GetNSwitches();
    const uint32_t nHosts = topo.GetNHosts();
    std::vector<uint8_t> half(nHosts);
    std::vector<uint32_t> inB(nHosts + 1, 0); // prefix counts of hosts in half 1
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        half[h] = topo.GetSwitchPart(topo.GetHostSwitch(h), 2) == 1 ? 1 : 0;
        inB[h + 1] = inB[h] + half[h];
    }
    // Traffic from each half to the other, and what each host receives (a difference array
    // for the spread shares).
    double cross[2] = {0, 0};
    std::vector<double> recv(nHosts + 1, 0);
    std::vector<double> points(nHosts, 0);
    SanTrafficGenerator::DestinationShares s;
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        demand.Get(h, s);
        const uint8_t a = half[h];
        for (const auto& pt : s.points)
        {
            points[pt.first] += pt.second;
            cross[a] += half[pt.first] != a ? pt.second : 0;
        }
        const uint32_t n = RangeCount(s, h);
        if (s.rangeShare > 0 && n > 0)
        {
            const double each = s.rangeShare / n;
            const uint32_t b = inB[s.rangeEnd] - inB[s.rangeBegin];
            const uint32_t other = a == 0 ? b : (s.rangeEnd - s.rangeBegin) - b;
            cross[a] += each * other; // the sender itself is on its own side
            recv[s.rangeBegin] += each;
            recv[s.rangeEnd] -= each;
            if (h >= s.rangeBegin && h < s.rangeEnd)
            {
                points[h] -= each;
            }
        }
    }
    double worst = 1;
    out.channel = "each host's link";
    double running = 0;
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        running += recv[h];
        const double l = running + points[h];
        if (l > worst * (1 + 1e-12))
        {
            worst = l;
            out.channel = "host " + std::to_string(h) + "'s link";
        }
    }
    uint32_t channels[2] = {0, 0}; // switch-to-switch channels from each half to the other
    for (uint32_t s = 0; s < nSw; ++s)
    {
        for (uint32_t port = 0; port < topo.GetNPorts(s); ++port)
        {
            const SanPortPeer peer = topo.GetPeer(s, port);
            const uint32_t a = topo.GetSwitchPart(s, 2);
            if (peer.kind == SanPortPeer::SWITCH && topo.GetSwitchPart(peer.index, 2) != a)
            {
                ++channels[a];
            }
        }
    }
    for (uint32_t a = 0; a < 2; ++a)
    {
        if (cross[a] <= 0)
        {
            continue;
        }
        const double l = channels[a] ? cross[a] / channels[a] : 1e300;
        if (l > worst * (1 + 1e-12))
        {
            worst = l;
            std::ostringstream name;
            name << "the bisection (" << channels[a] << " channels from half " << a << ")";
            out.channel = name.str();
        }
    }
    out.kind = SanLoadBound::BISECTION;
    out.load = 1 / worst;
}

} // namespace

SanLoadBound
SanLoadBound::Compute(SanFabricHelper& fabric,
                      const SanTrafficGenerator::PatternSpec& spec,
                      const std::vector<uint32_t>& permutation,
                      uint64_t maxWalkSteps)
{
    SanLoadBound out;
    Ptr<SanTopology> topo = fabric.GetTopology();
    const uint32_t nHosts = topo->GetNHosts();
    const Demand demand{spec, permutation, nHosts};
    SanTrafficGenerator::DestinationShares shares;
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        out.reason = demand.Get(h, shares);
        if (!out.reason.empty())
        {
            return out; // the pattern does not suit the hosts
        }
    }
    Ptr<SanRouting> routing = fabric.CreateRouting();
    const std::string fit = routing->GetTopologyError(*topo);
    if (!fit.empty())
    {
        out.reason = fit;
        return out;
    }
    if (routing->IsDeterministic())
    {
        // Each (switch with hosts, destination) pair takes at least one step.
        uint64_t sources = 0;
        std::vector<bool> hasHost(topo->GetNSwitches(), false);
        for (uint32_t h = 0; h < nHosts; ++h)
        {
            const uint32_t sw = topo->GetHostSwitch(h);
            sources += hasHost[sw] ? 0 : 1;
            hasHost[sw] = true;
        }
        if (sources * nHosts <= maxWalkSteps)
        {
            routing->Setup(topo);
            const bool walked = WalkRoutes(*topo, *routing, demand, maxWalkSteps, out);
            routing->Dispose();
            if (walked)
            {
                return out;
            }
        }
        else
        {
            out.reason = "routes not walked (" + std::to_string(sources * nHosts) + " pairs)";
            routing->Dispose();
        }
    }
    else
    {
        routing->Dispose();
    }
    const std::string remark = out.reason;
    CutBound(*topo, demand, out);
    out.reason = remark;
    return out;
}

} // namespace ns3
