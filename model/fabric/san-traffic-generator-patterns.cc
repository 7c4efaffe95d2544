/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanTrafficGenerator's destination patterns: their names as users write them, the fixed
// destinations of the permutations, and the destination of each packet.

#include "san-traffic-generator.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/uinteger.h"

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
    return FindFixedDestination(GetSpec(), m_destination, host, nHosts, error);
}

SanTrafficGenerator::PatternSpec
SanTrafficGenerator::GetSpec() const
{
    PatternSpec spec;
    spec.pattern = S().pattern;
    spec.radix = S().radix;
    spec.groupSize = S().groupSize;
    spec.hotSpotHost = S().hotSpotHost;
    spec.hotSpotFraction = S().hotSpotFraction;
    return spec;
}

SanTrafficGenerator::PatternSpec
SanTrafficGenerator::GetPatternSpec(
    const std::vector<std::pair<std::string, Ptr<AttributeValue>>>& attributes)
{
    const TypeId tid = GetTypeId();
    // The value an attribute has in a new generator: the one set here, else its default.
    auto value = [&](const std::string& name) -> Ptr<AttributeValue> {
        TypeId::AttributeInformation info;
        NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                            "SanTrafficGenerator: no attribute " << name);
        Ptr<AttributeValue> v = info.initialValue->Copy();
        for (const auto& a : attributes)
        {
            if (a.first == name)
            {
                v = info.checker->CreateValidValue(*a.second);
                NS_ABORT_MSG_IF(v == nullptr,
                                "SanTrafficGenerator: invalid value for attribute " << name);
            }
        }
        return v;
    };
    PatternSpec spec;
    spec.pattern = static_cast<Pattern>(DynamicCast<EnumValue>(value("Pattern"))->Get());
    spec.radix = DynamicCast<UintegerValue>(value("Radix"))->Get();
    spec.groupSize = DynamicCast<UintegerValue>(value("GroupSize"))->Get();
    spec.hotSpotHost = DynamicCast<UintegerValue>(value("HotSpotHost"))->Get();
    spec.hotSpotFraction = DynamicCast<DoubleValue>(value("HotSpotFraction"))->Get();
    return spec;
}

std::string
SanTrafficGenerator::GetDestinationShares(const PatternSpec& spec,
                                          uint32_t destination,
                                          uint32_t host,
                                          uint32_t nHosts,
                                          DestinationShares& out)
{
    out = DestinationShares();
    std::string error;
    switch (spec.pattern)
    {
    case HOTSPOT:
    case UNIFORM: {
        // As PickDestination: the hot spot's share, then uniform over the others.
        double hot = 0;
        if (spec.pattern == HOTSPOT && spec.hotSpotHost != host && spec.hotSpotHost < nHosts)
        {
            hot = spec.hotSpotFraction;
            out.points.emplace_back(spec.hotSpotHost, hot);
        }
        if (nHosts > 1)
        {
            out.rangeBegin = 0;
            out.rangeEnd = nHosts;
            out.rangeShare = 1 - hot;
        }
        return "";
    }
    case GROUP_SHIFT: {
        FindFixedDestination(spec, destination, host, nHosts, error);
        if (error.empty())
        {
            const uint32_t next = (host / spec.groupSize + 1) % (nHosts / spec.groupSize);
            out.rangeBegin = next * spec.groupSize;
            out.rangeEnd = out.rangeBegin + spec.groupSize;
            out.rangeShare = 1;
        }
        return error;
    }
    default: {
        const uint32_t d = FindFixedDestination(spec, destination, host, nHosts, error);
        if (error.empty() && d != host)
        {
            out.points.emplace_back(d, 1.0);
        }
        return error;
    }
    }
}

uint32_t
SanTrafficGenerator::FindFixedDestination(const PatternSpec& spec,
                                          uint32_t destination,
                                          uint32_t host,
                                          uint32_t nHosts,
                                          std::string& error)
{
    error.clear();
    std::ostringstream msg;
    const int bits = Log2Exact(nHosts);
    switch (spec.pattern)
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
            msg << "SanTrafficGenerator: " << GetPatternAttributeName(spec.pattern)
                << " needs a power-of-two number of hosts, not " << nHosts;
            error = msg.str();
            return host;
        }
        if (spec.pattern == BIT_COMPLEMENT)
        {
            return ~host & (nHosts - 1);
        }
        if (spec.pattern == SHUFFLE)
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
        uint32_t k = spec.radix;
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
            msg << "SanTrafficGenerator: " << GetPatternAttributeName(spec.pattern)
                << " with Radix " << k << " needs a host count that is a power of it, not "
                << nHosts;
            error = msg.str();
            return host;
        }
        const uint32_t shift = spec.pattern == TORNADO ? (k + 1) / 2 - 1 : 1;
        uint32_t d = 0;
        uint64_t place = 1;
        for (uint32_t rest = host; place < nHosts; place *= k, rest /= k)
        {
            d += static_cast<uint32_t>(((rest % k + shift) % k) * place);
        }
        return d;
    }
    case PERMUTATION:
        if (destination >= nHosts)
        {
            msg << "SanTrafficGenerator: Permutation destination " << destination << " of host "
                << host << " out of range (hosts: " << nHosts << ")";
            error = msg.str();
            return host;
        }
        return destination;
    case GROUP_SHIFT:
        // Random within the next block: no fixed destination, but the blocks must exist.
        if (spec.groupSize == 0 || nHosts % spec.groupSize != 0 || nHosts / spec.groupSize < 2)
        {
            msg << "SanTrafficGenerator: GroupShift needs a GroupSize that divides the " << nHosts
                << " hosts into at least two blocks, not " << spec.groupSize;
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
