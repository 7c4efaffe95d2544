/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanTrafficGenerator's destination patterns: their names as users write them, the fixed
// destinations of the permutations, and the destination of each packet.

#include "san-traffic-generator.h"

#include "ns3/abort.h"

#include <cctype>
#include <sstream>
#include <string>

namespace ns3
{

uint32_t
SanTrafficGenerator::GetPermutationDestination(uint32_t host, uint32_t nHosts) const
{
    std::string error;
    const uint32_t dst = FindPermutationDestination(host, nHosts, error);
    NS_ABORT_MSG_IF(!error.empty(), error);
    return dst;
}

namespace
{
/// \param n a number \return log2(n) if n is a power of two, else -1
int
Log2Exact(uint32_t n)
{
    if (n == 0 || (n & (n - 1)) != 0)
    {
        return -1;
    }
    return 31 - __builtin_clz(n);
}
} // namespace

uint32_t
SanTrafficGenerator::FindPermutationDestination(uint32_t host,
                                                uint32_t nHosts,
                                                std::string& error) const
{
    error.clear();
    std::ostringstream msg;
    const int bits = Log2Exact(nHosts);
    switch (S().pattern)
    {
    case TRANSPOSE: {
        auto n = static_cast<uint32_t>(std::lround(std::sqrt(static_cast<double>(nHosts))));
        if (n * n != nHosts)
        {
            msg << "SanTrafficGenerator: Transpose needs a square number of hosts, not " << nHosts;
            error = msg.str();
            return host;
        }
        return (host % n) * n + host / n;
    }
    case BIT_COMPLEMENT:
    case BIT_REVERSAL:
    case SHUFFLE: {
        if (bits < 0)
        {
            msg << "SanTrafficGenerator: " << GetPatternAttributeName(S().pattern)
                << " needs a power-of-two number of hosts, not " << nHosts;
            error = msg.str();
            return host;
        }
        if (S().pattern == BIT_COMPLEMENT)
        {
            return ~host & (nHosts - 1);
        }
        if (S().pattern == SHUFFLE)
        {
            return bits == 0 ? host : ((host << 1) | (host >> (bits - 1))) & (nHosts - 1);
        }
        uint32_t d = 0;
        for (int i = 0; i < bits; ++i)
        {
            d |= ((host >> i) & 1u) << (bits - 1 - i);
        }
        return d;
    }
    case TORNADO:
    case NEIGHBOR: {
        uint32_t k = S().radix;
        if (k == 0)
        {
            auto n = static_cast<uint32_t>(std::lround(std::sqrt(static_cast<double>(nHosts))));
            k = n * n == nHosts ? n : nHosts;
        }
        // nHosts must be k^n.
        uint64_t power = 1;
        while (k >= 2 && power < nHosts)
        {
            power *= k;
        }
        if (k < 2 || power != nHosts)
        {
            msg << "SanTrafficGenerator: " << GetPatternAttributeName(S().pattern) << " with Radix "
                << k << " needs a host count that is a power of it, not " << nHosts;
            error = msg.str();
            return host;
        }
        const uint32_t shift = S().pattern == TORNADO ? (k + 1) / 2 - 1 : 1;
        uint32_t d = 0;
        uint64_t place = 1;
        for (uint32_t rest = host; place < nHosts; place *= k, rest /= k)
        {
            d += static_cast<uint32_t>(((rest % k + shift) % k) * place);
        }
        return d;
    }
    case PERMUTATION:
        if (m_destination >= nHosts)
        {
            msg << "SanTrafficGenerator: Permutation destination " << m_destination << " of host "
                << host << " out of range (hosts: " << nHosts << ")";
            error = msg.str();
            return host;
        }
        return m_destination;
    case GROUP_SHIFT:
        // Random within the next block: no fixed destination, but the blocks must exist.
        if (S().groupSize == 0 || nHosts % S().groupSize != 0 || nHosts / S().groupSize < 2)
        {
            msg << "SanTrafficGenerator: GroupShift needs a GroupSize that divides the " << nHosts
                << " hosts into at least two blocks, not " << S().groupSize;
            error = msg.str();
        }
        return host;
    default:
        return host;
    }
}

namespace
{
/// Pattern names: attribute name, then the lower-case form users type.
struct PatternName
{
    SanTrafficGenerator::Pattern pattern; //!< value
    const char* attribute;                //!< attribute name
    const char* cli;                      //!< lower-case name
};

const PatternName g_patternNames[] = {
    {SanTrafficGenerator::UNIFORM, "Uniform", "uniform"},
    {SanTrafficGenerator::HOTSPOT, "HotSpot", "hot-spot"},
    {SanTrafficGenerator::TRANSPOSE, "Transpose", "transpose"},
    {SanTrafficGenerator::BIT_COMPLEMENT, "BitComplement", "bit-complement"},
    {SanTrafficGenerator::BIT_REVERSAL, "BitReversal", "bit-reversal"},
    {SanTrafficGenerator::SHUFFLE, "Shuffle", "shuffle"},
    {SanTrafficGenerator::TORNADO, "Tornado", "tornado"},
    {SanTrafficGenerator::NEIGHBOR, "Neighbor", "neighbor"},
    {SanTrafficGenerator::PERMUTATION, "Permutation", "permutation"},
    {SanTrafficGenerator::GROUP_SHIFT, "GroupShift", "group-shift"},
};

/// \param s text \return s in lower case without '-' and '_'
std::string
Fold(const std::string& s)
{
    std::string out;
    for (char c : s)
    {
        if (c != '-' && c != '_')
        {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return out;
}

} // namespace

std::string
SanTrafficGenerator::PatternFromName(const std::string& name, Pattern& pattern)
{
    std::string folded = Fold(name);
    if (folded == "hotspot" || folded == "nearestneighbor" || folded == "neighbour" ||
        folded == "nearestneighbour")
    {
        folded = folded == "hotspot" ? "hotspot" : "neighbor";
    }
    for (const PatternName& p : g_patternNames)
    {
        if (folded == Fold(p.cli))
        {
            pattern = p.pattern;
            return "";
        }
    }
    return "unknown traffic pattern '" + Abbreviate(name) + "' (use one of: " + GetPatternNames() +
           ")";
}

std::string
SanTrafficGenerator::GetPatternNames()
{
    std::string out;
    for (const PatternName& p : g_patternNames)
    {
        out += out.empty() ? "" : ", ";
        out += p.cli;
    }
    return out;
}

std::string
SanTrafficGenerator::GetPatternAttributeName(Pattern pattern)
{
    for (const PatternName& p : g_patternNames)
    {
        if (p.pattern == pattern)
        {
            return p.attribute;
        }
    }
    return "?";
}

uint32_t
SanTrafficGenerator::PickDestination()
{
    switch (S().pattern)
    {
    case HOTSPOT:
        if (m_rng.RandU01() < S().hotSpotFraction && S().hotSpotHost != m_host)
        {
            return S().hotSpotHost;
        }
        [[fallthrough]];
    case UNIFORM: {
        uint32_t d = UniformBelow(S().nHosts - 1);
        return d >= m_host ? d + 1 : d;
    }
    case GROUP_SHIFT: {
        const uint32_t next = (m_host / S().groupSize + 1) % (S().nHosts / S().groupSize);
        return next * S().groupSize + UniformBelow(S().groupSize);
    }
    default:
        return m_fixedDst;
    }
}

uint32_t
SanTrafficGenerator::UniformBelow(uint32_t n)
{
    auto v = static_cast<uint32_t>(m_rng.RandU01() * n);
    return v < n ? v : n - 1;
}

} // namespace ns3
