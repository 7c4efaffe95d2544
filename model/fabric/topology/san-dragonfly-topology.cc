/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-dragonfly-topology.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanDragonflyTopology");

NS_OBJECT_ENSURE_REGISTERED(SanDragonflyTopology);

TypeId
SanDragonflyTopology::GetTypeId()
{
    // Defaults: p = 2, a = 4, h = 2 is the balanced dragonfly of Kim, Dally, Scott and Abts,
    // ISCA 2008 (a = 2p = 2h balances local, global and host links), with
    // g = a*h + 1 = 9 groups, 36 routers of radix k = p + a - 1 + h = 7, and 72 hosts.
    static TypeId tid =
        TypeId("ns3::SanDragonflyTopology")
            .SetParent<SanTopology>()
            .SetGroupName("San")
            .AddConstructor<SanDragonflyTopology>()
            .AddAttribute("P",
                          "Hosts per router (p, at least 1). Kim et al. 2008: "
                          "p = a/2 = h balances the dragonfly.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&SanDragonflyTopology::SetP),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("A",
                          "Routers per group (a, at least 1), fully connected by local links "
                          "(Kim et al. 2008).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&SanDragonflyTopology::SetA),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("H",
                          "Global links per router (h, at least 1), to other groups "
                          "(Kim et al. 2008).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&SanDragonflyTopology::SetH),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Groups",
                          "Number of groups g; 0 for the largest, a*h + 1, in which every pair "
                          "of groups shares one global link (Kim et al. 2008). "
                          "Fewer groups (at least 2) need a*h to be a multiple of g - 1; each "
                          "pair of groups is then joined by a*h / (g - 1) global links.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanDragonflyTopology::SetGroups),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanDragonflyTopology::SanDragonflyTopology()
{
    NS_LOG_FUNCTION(this);
}

SanDragonflyTopology::~SanDragonflyTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanDragonflyTopology::SetP(uint32_t v)
{
    m_p = v;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanDragonflyTopology::SetA(uint32_t v)
{
    m_a = v;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanDragonflyTopology::SetH(uint32_t v)
{
    m_h = v;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanDragonflyTopology::SetGroups(uint32_t v)
{
    m_groupsAttr = v;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanDragonflyTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    Configure();
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanDragonflyTopology::CheckAttributes(uint32_t p, uint32_t a, uint32_t h, uint32_t groups)
{
    const std::string me = "SanDragonflyTopology: ";
    if (p < 1)
    {
        return me + "P (hosts per router) must be at least 1, not 0";
    }
    if (a < 1)
    {
        return me + "A (routers per group) must be at least 1, not 0";
    }
    if (h < 1)
    {
        return me + "H (global links per router) must be at least 1, not 0";
    }
    const uint64_t routerPorts = static_cast<uint64_t>(a) - 1 + h;
    if (routerPorts > MAX_CANDIDATES)
    {
        return me + "A - 1 + H = " + std::to_string(routerPorts) +
               " router-to-router ports is more than the " + std::to_string(MAX_CANDIDATES) +
               " a routing question can name (A " + std::to_string(a) + ", H " + std::to_string(h) +
               ")";
    }
    if (p > MAX_SWITCH_PORTS - routerPorts)
    {
        return me + "P " + std::to_string(p) + " hosts per router is too many (a router has at " +
               "most " + std::to_string(MAX_SWITCH_PORTS) + " ports)";
    }
    const uint64_t slots = static_cast<uint64_t>(a) * h;
    const uint64_t maxGroups = slots + 1;
    const uint64_t g = groups == 0 ? maxGroups : groups;
    if (g < 2)
    {
        return me + "Groups must be at least 2 (or 0 for a*h + 1), not " + std::to_string(g);
    }
    if (g > maxGroups)
    {
        return me + "Groups " + std::to_string(g) +
               " is more than a*h + 1 = " + std::to_string(maxGroups) +
               ": some pair of groups would share no global link";
    }
    if (slots % (g - 1) != 0)
    {
        return me + "Groups " + std::to_string(g) +
               " does not divide the a*h = " + std::to_string(slots) +
               " global links of a group evenly among the other " + std::to_string(g - 1) +
               " groups (a*h must be a multiple of g - 1)";
    }
    if (g * a * p >= std::numeric_limits<uint32_t>::max())
    {
        return me + std::to_string(g) + " groups x " + std::to_string(a) + " routers x " +
               std::to_string(p) + " hosts is too many hosts";
    }
    return "";
}

void
SanDragonflyTopology::Configure()
{
    NS_LOG_FUNCTION(this);
    const std::string error = CheckAttributes(m_p, m_a, m_h, m_groupsAttr);
    NS_ABORT_MSG_IF(!error.empty(), error);
    const uint64_t slots = static_cast<uint64_t>(m_a) * m_h;
    const uint64_t g = m_groupsAttr == 0 ? slots + 1 : m_groupsAttr;
    m_g = static_cast<uint32_t>(g);
    m_copies = static_cast<uint32_t>(slots / (g - 1));
    NS_LOG_INFO("dragonfly p=" << m_p << " a=" << m_a << " h=" << m_h << " g=" << m_g << " ("
                               << m_copies << " links per group pair)");
}

std::string
SanDragonflyTopology::GetName() const
{
    return "dragonfly";
}

uint32_t
SanDragonflyTopology::GetNSwitches() const
{
    return m_g * m_a;
}

uint32_t
SanDragonflyTopology::GetNHosts() const
{
    return m_g * m_a * m_p;
}

uint32_t
SanDragonflyTopology::GetNPorts(uint32_t /* sw */) const
{
    return m_a - 1 + m_h + m_p;
}

uint32_t
SanDragonflyTopology::GetHostSwitch(uint32_t host) const
{
    return host / m_p;
}

uint32_t
SanDragonflyTopology::GetHostPort(uint32_t host) const
{
    return m_a - 1 + m_h + host % m_p;
}

uint32_t
SanDragonflyTopology::GetP() const
{
    return m_p;
}

uint32_t
SanDragonflyTopology::GetA() const
{
    return m_a;
}

uint32_t
SanDragonflyTopology::GetH() const
{
    return m_h;
}

uint32_t
SanDragonflyTopology::GetNGroups() const
{
    return m_g;
}

uint32_t
SanDragonflyTopology::GetLinksPerGroupPair() const
{
    return m_copies;
}

uint32_t
SanDragonflyTopology::GetGroup(uint32_t sw) const
{
    return sw / m_a;
}

bool
SanDragonflyTopology::IsGlobalPort(uint32_t /* sw */, uint32_t port) const
{
    return port >= m_a - 1 && port < m_a - 1 + m_h;
}

bool
SanDragonflyTopology::IsLocalPort(uint32_t /* sw */, uint32_t port) const
{
    return port < m_a - 1;
}

uint32_t
SanDragonflyTopology::SlotTo(uint32_t g, uint32_t other, uint32_t copy) const
{
    return copy * (m_g - 1) + (other < g ? other : other - 1);
}

uint32_t
SanDragonflyTopology::LocalPort(uint32_t sw, uint32_t other) const
{
    const uint32_t ri = sw % m_a;
    const uint32_t j = other % m_a;
    return j < ri ? j : j - 1;
}

SanPortPeer
SanDragonflyTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw >= GetNSwitches(),
                    "SanDragonflyTopology: no switch " << sw << " (" << GetNSwitches()
                                                       << " switches)");
    SanPortPeer peer;
    const uint32_t group = sw / m_a;
    const uint32_t ri = sw % m_a;
    if (port < m_a - 1)
    {
        const uint32_t j = port < ri ? port : port + 1;
        peer.kind = SanPortPeer::SWITCH;
        peer.index = group * m_a + j;
        peer.port = ri < j ? ri : ri - 1;
    }
    else if (port < m_a - 1 + m_h)
    {
        const uint32_t k = ri * m_h + (port - (m_a - 1));
        const uint32_t copy = k / (m_g - 1);
        const uint32_t o = k % (m_g - 1);
        const uint32_t other = o < group ? o : o + 1;
        const uint32_t farSlot = SlotTo(other, group, copy);
        peer.kind = SanPortPeer::SWITCH;
        peer.index = other * m_a + farSlot / m_h;
        peer.port = m_a - 1 + farSlot % m_h;
    }
    else if (port - (m_a - 1 + m_h) < m_p)
    {
        peer.kind = SanPortPeer::HOST;
        peer.index = sw * m_p + (port - (m_a - 1 + m_h));
    }
    return peer;
}

uint32_t
SanDragonflyTopology::CopyHops(uint32_t sw, uint32_t t, uint32_t dst, uint32_t copy) const
{
    const uint32_t group = sw / m_a;
    const uint32_t owner = group * m_a + SlotTo(group, t, copy) / m_h;
    const uint32_t landing = t * m_a + SlotTo(t, group, copy) / m_h;
    return (owner == sw ? 0 : 1) + 1 + (dst != NO_PORT && landing != dst ? 1 : 0);
}

uint32_t
SanDragonflyTopology::BestCopy(uint32_t sw,
                               uint32_t t,
                               uint32_t dst,
                               uint32_t first,
                               uint32_t& hops) const
{
    uint32_t best = first;
    hops = std::numeric_limits<uint32_t>::max();
    for (uint32_t n = 0; n < m_copies; ++n)
    {
        const uint32_t c = (first + n) % m_copies;
        const uint32_t h = CopyHops(sw, t, dst, c);
        if (h < hops)
        {
            hops = h;
            best = c;
        }
    }
    return best;
}

uint32_t
SanDragonflyTopology::PortToCopy(uint32_t sw, uint32_t t, uint32_t copy) const
{
    const uint32_t group = sw / m_a;
    const uint32_t slot = SlotTo(group, t, copy);
    const uint32_t owner = group * m_a + slot / m_h;
    return owner == sw ? m_a - 1 + slot % m_h : LocalPort(sw, owner);
}

uint32_t
SanDragonflyTopology::GetDeterministicPort(uint32_t sw, uint32_t dst) const
{
    return GetDeterministicPortFor(sw, dst, dst);
}

uint32_t
SanDragonflyTopology::GetDeterministicPortFor(uint32_t sw, uint32_t dst, uint32_t dstHost) const
{
    const uint32_t t = dst / m_a;
    if (t == sw / m_a)
    {
        return LocalPort(sw, dst);
    }
    uint32_t hops;
    const uint32_t c = BestCopy(sw, t, dst, dstHost % m_copies, hops);
    return PortToCopy(sw, t, c);
}

uint32_t
SanDragonflyTopology::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    if (sw == dst)
    {
        return 0;
    }
    const uint32_t t = dst / m_a;
    if (t == sw / m_a)
    {
        ports[0] = LocalPort(sw, dst);
        return 1;
    }
    uint32_t best;
    BestCopy(sw, t, dst, 0, best);
    uint32_t n = 0;
    for (uint32_t c = 0; c < m_copies; ++c)
    {
        if (CopyHops(sw, t, dst, c) != best)
        {
            continue;
        }
        const uint32_t port = PortToCopy(sw, t, c);
        bool seen = false;
        for (uint32_t i = 0; i < n && !seen; ++i)
        {
            seen = ports[i] == port;
        }
        if (!seen)
        {
            ports[n++] = port;
        }
    }
    return n;
}

uint32_t
SanDragonflyTopology::GetMinimalHops(uint32_t sw, uint32_t dst) const
{
    if (sw == dst)
    {
        return 0;
    }
    const uint32_t t = dst / m_a;
    if (t == sw / m_a)
    {
        return 1;
    }
    uint32_t hops;
    BestCopy(sw, t, dst, 0, hops);
    return hops;
}

uint32_t
SanDragonflyTopology::GetPortTowardGroup(uint32_t sw,
                                         uint32_t group,
                                         uint32_t hint,
                                         uint32_t& hops,
                                         uint32_t& landing) const
{
    const uint32_t c = BestCopy(sw, group, NO_PORT, hint % m_copies, hops);
    landing = group * m_a + SlotTo(group, sw / m_a, c) / m_h;
    return PortToCopy(sw, group, c);
}

uint32_t
SanDragonflyTopology::GetPortDimension(uint32_t /* sw */, uint32_t port) const
{
    return port < m_a - 1 + m_h ? 0 : NO_PORT;
}

bool
SanDragonflyTopology::IsWrapPort(uint32_t sw, uint32_t port) const
{
    return IsGlobalPort(sw, port);
}

uint32_t
SanDragonflyTopology::GetNDatelineClasses() const
{
    return 2;
}

} // namespace ns3
