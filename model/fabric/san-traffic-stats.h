/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_TRAFFIC_STATS_H
#define SAN_TRAFFIC_STATS_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Statistics that the traffic generators of one run share: a histogram of the latencies
 * of measured packets and the measured packets delivered per source host.
 *
 * The histogram is log-linear: values (in time steps) below 2 * SUB_BUCKETS are counted
 * exactly; above, each power of two is cut into SUB_BUCKETS equal buckets, so a percentile is
 * off by less than 1 / SUB_BUCKETS of its value. Its size is fixed (a few tens of KiB) whatever
 * the number of packets: recording a latency costs one increment and no allocation. The
 * largest value is kept exactly.
 *
 * One object serves all the hosts of a run (owned by whoever measures, e.g. SanLoadSweep, and
 * handed to each SanTrafficGenerator); its per-source counts take 8 bytes per host.
 */
class SanTrafficStats
{
  public:
    /// Buckets per power of two (relative resolution 1/64).
    static constexpr uint32_t SUB_BUCKETS = 64;

    /// \param nHosts hosts of the fabric (sizes the per-source counts)
    explicit SanTrafficStats(uint32_t nHosts);

    /**
     * Count a measured packet delivered.
     * \param src its source host
     * \param latencySteps its latency in time steps (>= 0)
     */
    void Record(uint32_t src, int64_t latencySteps);

    /// \return measured packets recorded
    uint64_t GetCount() const;
    /// \return the largest latency recorded, in time steps
    int64_t GetMax() const;
    /**
     * \param q a quantile in [0, 1]
     * \return the latency (time steps) below which a fraction q of those recorded lie: the
     * middle of the bucket holding it (exact below 2 * SUB_BUCKETS steps, and never above the
     * maximum); 0 if nothing was recorded
     */
    double GetQuantile(double q) const;
    /// \param src a source host \return its measured packets delivered
    uint64_t GetDeliveredFrom(uint32_t src) const;
    /// \return the sum of the measured latencies, in time steps (exact)
    uint64_t GetLatencySumSteps() const;
    /**
     * Every count as one vector (the histogram, the per-source counts, the count and the
     * latency sum), to be summed with other ranks' and given back with SetCounts: the
     * merge of a distributed run, exact in any order.
     * \return the counts
     */
    std::vector<uint64_t> GetCounts() const;
    /**
     * \param counts what GetCounts returned, possibly summed over ranks
     * \param max the largest latency over them
     */
    void SetCounts(const std::vector<uint64_t>& counts, int64_t max);
    /// Forget everything (keeps the memory).
    void Reset();

  private:
    /// \param v a value \return its bucket
    static uint32_t BucketOf(uint64_t v);
    /// \param b a bucket \param low set to its smallest value \param width set to its width
    static void BucketRange(uint32_t b, uint64_t& low, uint64_t& width);

    std::vector<uint64_t> m_buckets;        //!< counts
    std::vector<uint64_t> m_deliveredBySrc; //!< measured packets delivered per source
    uint64_t m_count{0};                    //!< recorded
    int64_t m_max{0};                       //!< largest
    uint64_t m_sumSteps{0};                 //!< sum of latencies in time steps
};

} // namespace ns3

#endif /* SAN_TRAFFIC_STATS_H */
