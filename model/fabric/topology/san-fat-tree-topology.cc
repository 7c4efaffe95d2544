/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-fat-tree-topology.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanFatTreeTopology");

NS_OBJECT_ENSURE_REGISTERED(SanFatTreeTopology);

TypeId
SanFatTreeTopology::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanFatTreeTopology")
            .SetParent<SanTopology>()
            .SetGroupName("San")
            .AddConstructor<SanFatTreeTopology>()
            .AddAttribute("K",
                          "Arity k of the k-ary n-tree: down ports (and up ports) per switch "
                          "(2 to SanTopology::MAX_CANDIDATES = " +
                              std::to_string(MAX_CANDIDATES) + ").",
                          UintegerValue(4),
                          MakeUintegerAccessor(&SanFatTreeTopology::SetK),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("N",
                          "Number of levels n of the k-ary n-tree (at least 1); it serves k^n "
                          "hosts with n * k^(n-1) switches.",
                          UintegerValue(3),
                          MakeUintegerAccessor(&SanFatTreeTopology::SetN),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanFatTreeTopology::SanFatTreeTopology()
{
    NS_LOG_FUNCTION(this);
    Configure();
}

SanFatTreeTopology::~SanFatTreeTopology()
{
    NS_LOG_FUNCTION(this);
}

void
SanFatTreeTopology::SetK(uint32_t k)
{
    NS_LOG_FUNCTION(this << k);
    m_k = k;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanFatTreeTopology::SetN(uint32_t n)
{
    NS_LOG_FUNCTION(this << n);
    m_n = n;
    if (m_constructed)
    {
        Configure();
    }
}

void
SanFatTreeTopology::NotifyConstructionCompleted()
{
    NS_LOG_FUNCTION(this);
    m_constructed = true;
    Configure();
    SanTopology::NotifyConstructionCompleted();
}

std::string
SanFatTreeTopology::CheckAttributes(uint32_t k, uint32_t n)
{
    if (k < 2 || k > MAX_CANDIDATES)
    {
        return "SanFatTreeTopology: K must be between 2 and " + std::to_string(MAX_CANDIDATES) +
               " (got " + std::to_string(k) +
               "); the upper bound lets GetMinimalPorts list every up port";
    }
    if (n < 1)
    {
        return "SanFatTreeTopology: N must be at least 1 (got 0)";
    }
    const std::string tree = "a " + std::to_string(k) + "-ary " + std::to_string(n) + "-tree";
    // k^n must fit the 32-bit indices (so, k being at least 2, n fits the table of powers).
    const uint64_t limit = std::numeric_limits<uint32_t>::max();
    uint64_t power = 1;
    for (uint32_t i = 0; i < n; ++i)
    {
        power *= k;
        if (power >= limit)
        {
            return "SanFatTreeTopology: " + tree + " has too many hosts (k^n must be below 2^32)";
        }
    }
    if (static_cast<uint64_t>(n) * (power / k) >= limit)
    {
        return "SanFatTreeTopology: " + tree +
               " has too many switches (n * k^(n-1) must be below 2^32)";
    }
    return "";
}

void
SanFatTreeTopology::Configure()
{
    NS_LOG_FUNCTION(this);
    const std::string error = CheckAttributes(m_k, m_n);
    NS_ABORT_MSG_IF(!error.empty(), error);
    uint64_t power = 1;
    for (uint32_t i = 0; i <= m_n; ++i)
    {
        m_pow[i] = static_cast<uint32_t>(power);
        power *= m_k;
    }
    m_perLevel = m_pow[m_n - 1];
    m_nHosts = m_pow[m_n];

    m_pow2 = (m_k & (m_k - 1)) == 0;
    m_log2k = 0;
    if (m_pow2)
    {
        while ((1U << m_log2k) < m_k)
        {
            ++m_log2k;
        }
    }
    NS_LOG_INFO(m_k << "-ary " << m_n << "-tree: " << m_nHosts << " hosts, " << m_n * m_perLevel
                    << " switches");
}

std::string
SanFatTreeTopology::GetName() const
{
    return "fat-tree";
}

uint32_t
SanFatTreeTopology::GetNSwitches() const
{
    return m_n * m_perLevel;
}

uint32_t
SanFatTreeTopology::GetNHosts() const
{
    return m_nHosts;
}

uint32_t
SanFatTreeTopology::GetK() const
{
    return m_k;
}

uint32_t
SanFatTreeTopology::GetN() const
{
    return m_n;
}

uint32_t
SanFatTreeTopology::GetSwitchesPerLevel() const
{
    return m_perLevel;
}

uint32_t
SanFatTreeTopology::GetLevel(uint32_t sw) const
{
    return High(sw, m_n - 1);
}

uint32_t
SanFatTreeTopology::GetNPorts(uint32_t sw) const
{
    return GetLevel(sw) + 1 == m_n ? m_k : 2 * m_k;
}

uint32_t
SanFatTreeTopology::GetHostSwitch(uint32_t host) const
{
    return m_pow2 ? host >> m_log2k : host / m_k;
}

uint32_t
SanFatTreeTopology::GetHostPort(uint32_t host) const
{
    return m_pow2 ? host & (m_k - 1) : host % m_k;
}

SanPortPeer
SanFatTreeTopology::GetPeer(uint32_t sw, uint32_t port) const
{
    NS_ABORT_MSG_IF(sw >= GetNSwitches(),
                    "SanFatTreeTopology: no switch " << sw << " in a " << m_k << "-ary " << m_n
                                                     << "-tree (" << GetNSwitches()
                                                     << " switches)");
    const uint32_t level = GetLevel(sw);
    const uint32_t w = sw - level * m_perLevel;
    SanPortPeer peer;
    if (port < m_k)
    {
        if (level == 0)
        {
            peer.kind = SanPortPeer::HOST;
            peer.index = w * m_k + port;
        }
        else
        {
            peer.kind = SanPortPeer::SWITCH;
            peer.index = (level - 1) * m_perLevel + Replace(w, level - 1, port);
            peer.port = m_k + Digit(w, level - 1);
        }
    }
    else if (port < 2 * m_k && level + 1 < m_n)
    {
        peer.kind = SanPortPeer::SWITCH;
        peer.index = (level + 1) * m_perLevel + Replace(w, level, port - m_k);
        peer.port = Digit(w, level);
    }
    return peer;
}

uint32_t
SanFatTreeTopology::GetDeterministicPort(uint32_t sw, uint32_t dst) const
{
    const uint32_t level = High(sw, m_n - 1);
    const uint32_t w = sw - level * m_perLevel;
    if (High(w, level) == High(dst, level))
    {
        // dst is in this switch's sub-tree: go down (level 0 would mean sw == dst).
        return level == 0 ? NO_PORT : Digit(dst, level - 1);
    }
    return m_k + Digit(dst, level);
}

uint32_t
SanFatTreeTopology::GetDeterministicPortFor(uint32_t sw, uint32_t dst, uint32_t dstHost) const
{
    const uint32_t level = High(sw, m_n - 1);
    const uint32_t w = sw - level * m_perLevel;
    if (High(w, level) == High(dst, level))
    {
        return level == 0 ? NO_PORT : Digit(dst, level - 1);
    }
    return m_k + Digit(dstHost, level);
}

uint32_t
SanFatTreeTopology::GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const
{
    const uint32_t level = High(sw, m_n - 1);
    const uint32_t w = sw - level * m_perLevel;
    if (High(w, level) == High(dst, level))
    {
        if (level == 0)
        {
            return 0;
        }
        ports[0] = Digit(dst, level - 1);
        return 1;
    }
    for (uint32_t j = 0; j < m_k; ++j)
    {
        ports[j] = m_k + j;
    }
    return m_k;
}

bool
SanFatTreeTopology::IsMinimalRoutingDeadlockFree() const
{
    return true;
}

uint32_t
SanFatTreeTopology::GetSwitchPart(uint32_t sw, uint32_t parts) const
{
    const uint64_t w = sw % m_perLevel;
    return static_cast<uint32_t>(w * parts / m_perLevel);
}

} // namespace ns3
