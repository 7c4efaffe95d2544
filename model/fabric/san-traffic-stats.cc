/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-traffic-stats.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

namespace
{
/// log2 of SanTrafficStats::SUB_BUCKETS.
constexpr uint32_t SUB_BITS = 6;
static_assert((1u << SUB_BITS) == SanTrafficStats::SUB_BUCKETS, "SUB_BITS");
/// Buckets: exact values below 2 * SUB_BUCKETS, then SUB_BUCKETS per power of two up to 2^63.
constexpr uint32_t N_BUCKETS = 2 * SanTrafficStats::SUB_BUCKETS + (63 - SUB_BITS) * 64;
} // namespace

SanTrafficStats::SanTrafficStats(uint32_t nHosts)
    : m_buckets(N_BUCKETS, 0),
      m_deliveredBySrc(nHosts, 0)
{
}

uint32_t
SanTrafficStats::BucketOf(uint64_t v)
{
    if (v < 2 * SUB_BUCKETS)
    {
        return static_cast<uint32_t>(v);
    }
    // v has e + 1 significant bits, e >= SUB_BITS + 1; keep the SUB_BITS bits after the top one.
    const uint32_t e = 63 - static_cast<uint32_t>(__builtin_clzll(v));
    const uint32_t sub = static_cast<uint32_t>(v >> (e - SUB_BITS)) & (SUB_BUCKETS - 1);
    return 2 * SUB_BUCKETS + (e - SUB_BITS - 1) * SUB_BUCKETS + sub;
}

void
SanTrafficStats::BucketRange(uint32_t b, uint64_t& low, uint64_t& width)
{
    if (b < 2 * SUB_BUCKETS)
    {
        low = b;
        width = 1;
        return;
    }
    const uint32_t e = (b - 2 * SUB_BUCKETS) / SUB_BUCKETS + SUB_BITS + 1;
    const uint64_t sub = (b - 2 * SUB_BUCKETS) % SUB_BUCKETS;
    width = uint64_t(1) << (e - SUB_BITS);
    low = (uint64_t(1) << e) + sub * width;
}

void
SanTrafficStats::Record(uint32_t src, int64_t latencySteps)
{
    const uint64_t v = latencySteps > 0 ? static_cast<uint64_t>(latencySteps) : 0;
    ++m_buckets[BucketOf(v)];
    ++m_count;
    m_max = std::max(m_max, static_cast<int64_t>(v));
    m_sumSteps += v;
    if (src < m_deliveredBySrc.size())
    {
        ++m_deliveredBySrc[src];
    }
}

uint64_t
SanTrafficStats::GetCount() const
{
    return m_count;
}

int64_t
SanTrafficStats::GetMax() const
{
    return m_max;
}

double
SanTrafficStats::GetQuantile(double q) const
{
    if (m_count == 0)
    {
        return 0;
    }
    q = std::min(1.0, std::max(0.0, q));
    // The rank of the quantile: the smallest r with r >= q * count (at least 1).
    const auto rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * m_count)));
    uint64_t seen = 0;
    for (uint32_t b = 0; b < m_buckets.size(); ++b)
    {
        seen += m_buckets[b];
        if (seen >= rank)
        {
            uint64_t low;
            uint64_t width;
            BucketRange(b, low, width);
            const double mid = width == 1 ? double(low) : double(low) + (double(width) - 1) / 2;
            return std::min(mid, double(m_max));
        }
    }
    return double(m_max);
}

uint64_t
SanTrafficStats::GetDeliveredFrom(uint32_t src) const
{
    return src < m_deliveredBySrc.size() ? m_deliveredBySrc[src] : 0;
}

void
SanTrafficStats::Reset()
{
    std::fill(m_buckets.begin(), m_buckets.end(), 0);
    std::fill(m_deliveredBySrc.begin(), m_deliveredBySrc.end(), 0);
    m_count = 0;
    m_max = 0;
    m_sumSteps = 0;
}

uint64_t
SanTrafficStats::GetLatencySumSteps() const
{
    return m_sumSteps;
}

std::vector<uint64_t>
SanTrafficStats::GetCounts() const
{
    std::vector<uint64_t> counts(m_buckets);
    counts.insert(counts.end(), m_deliveredBySrc.begin(), m_deliveredBySrc.end());
    counts.push_back(m_count);
    counts.push_back(m_sumSteps);
    return counts;
}

void
SanTrafficStats::SetCounts(const std::vector<uint64_t>& counts, int64_t max)
{
    NS_ABORT_MSG_IF(counts.size() != m_buckets.size() + m_deliveredBySrc.size() + 2,
                    "SanTrafficStats::SetCounts: " << counts.size()
                                                   << " counts for statistics of a different size");
    auto it = counts.begin();
    std::copy(it, it + m_buckets.size(), m_buckets.begin());
    it += m_buckets.size();
    std::copy(it, it + m_deliveredBySrc.size(), m_deliveredBySrc.begin());
    it += m_deliveredBySrc.size();
    m_count = *it++;
    m_sumSteps = *it;
    m_max = max;
}

} // namespace ns3
