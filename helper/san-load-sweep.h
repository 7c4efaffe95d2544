/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_LOAD_SWEEP_H
#define SAN_LOAD_SWEEP_H

#include "ns3/nstime.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-load-bound.h"
#include "ns3/san-type-check.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief What one run of one load point measured. Rates are per sending host per packet-time
 * (a packet-time serializes a packet of the mean size, framing included, on a host link);
 * latencies are in packet-times, creation to tail delivery, of the packets created inside the
 * measurement window.
 */
struct SanLoadPoint
{
    /// A link and how busy it was during the window.
    struct Link
    {
        std::string name;   //!< "switch 3 port 1 -> switch 7", "host 5 -> switch 1", ...
        double utilisation; //!< busy fraction of the window
    };

    double offered{0};           //!< nominal offered load
    double offeredMeasured{0};   //!< packets created in the window per sender per packet-time
    double accepted{0};          //!< packets delivered in the window per sender per packet-time
    double deliveredFraction{1}; //!< measured packets delivered by the end of the drain
    double minSourceFraction{1}; //!< the same for the worst-served source
    double latencyMean{0};       //!< packet-times
    double latencyP50{0};        //!< packet-times (histogram, within 1/64)
    double latencyP99{0};        //!< packet-times (histogram, within 1/64)
    double latencyMax{0};        //!< packet-times (exact)
    double hops{0};              //!< switches per measured packet
    double packetTimeNs{0};      //!< one packet-time
    uint32_t senders{0};         //!< hosts that send
    uint64_t notInjected{0};     //!< packets created in the window refused by a full source queue
    std::vector<double> vcOccupancy; //!< per virtual channel: mean fraction of buffer slots in use
                                     //!< on switch-to-switch links during the window
    std::vector<Link> topLinks;      //!< the most loaded links, busiest first
    double wallSeconds{0};           //!< real time the run took
};

/// \ingroup san
/// A mean over seeds and the half-width of its 95% confidence interval (Student t; 0 for one
/// seed).
struct SanStatistic
{
    double mean{0}; //!< mean
    double ci95{0}; //!< half-width
};

/**
 * \ingroup san
 * \brief One load point over every seed: the runs and their means.
 */
struct SanLoadSummary
{
    double offered{0};              //!< nominal offered load
    SanStatistic offeredMeasured;   //!< see SanLoadPoint
    SanStatistic accepted;          //!< see SanLoadPoint
    SanStatistic minSourceFraction; //!< see SanLoadPoint
    SanStatistic latencyMean;       //!< see SanLoadPoint
    SanStatistic latencyP50;        //!< see SanLoadPoint
    SanStatistic latencyP99;        //!< see SanLoadPoint
    SanStatistic latencyMax;        //!< see SanLoadPoint
    SanStatistic hops;              //!< see SanLoadPoint
    uint64_t notInjected{0};        //!< summed over seeds
    bool saturated{false};          //!< windowSaturated or aboveBound
    bool windowSaturated{false};    //!< the window showed it (SanLoadSweep::IsSaturated)
    bool aboveBound{false};         //!< the load is above the sweep's SanLoadBound
    std::vector<SanLoadPoint> runs; //!< one per seed
};

/**
 * \ingroup san
 * \brief Saturation throughput as SanLoadSweep::FindSaturation finds it.
 */
struct SanSaturation
{
    double load{0};      //!< the largest offered load whose demand was met
    double upper{0};     //!< the smallest offered load found saturated (atLeast: none)
    bool atLeast{false}; //!< no load tried saturated: the saturation throughput is at least load
    SanLoadBound bound;  //!< the most the pattern can load the fabric (load never exceeds it)
    std::vector<SanLoadSummary> points; //!< every point run, in the order run
};

/**
 * \ingroup san
 * \brief Runs a fabric under synthetic traffic at given offered loads and measures it; finds
 * the saturation throughput.
 *
 * Each point builds the fabric afresh (the setup callback configures a SanFabricHelper), runs a
 * warm-up, a measurement window and a drain (all in packet-times), and destroys the simulator.
 * Latencies go into a fixed-size histogram (SanTrafficStats), so a point's memory does not grow
 * with the number of packets; per-VC occupancy is sampled 50 times in the window; link
 * utilisation is each link's busy time during the window.
 *
 * Saturation follows Dally and Towles, Principles and Practices of Interconnection Networks,
 * chapter 23: the offered load at which the accepted throughput falls below the offered load,
 * i.e. some source's demand is no longer met. A point is saturated when its accepted throughput
 * is below (1 - tolerance) times the load actually offered in the window, or when the
 * worst-served source got less than (1 - tolerance) of its measured packets delivered by the
 * end of the drain. The largest accepted throughput of an overloaded network is not used: it
 * rewards routing that starves some sources. FindSaturation sweeps the given loads upward until
 * a point saturates, then bisects between it and the last unsaturated load; a curve that never
 * saturates gives "at least" the largest load tried.
 *
 * Just past saturation the backlog grows too slowly for a window of a few thousand
 * packet-times to show it (the sources' queues absorb it, and the tolerance forgives it), so a
 * window alone can find a saturation above what the channels can carry. Every point is
 * therefore also judged against the pattern's SanLoadBound (GetLoadBound): a load above it is
 * saturated whatever its window showed, and SanLoadSummary says which test found it.
 */
class SanLoadSweep
{
  public:
    /// Configures the fabric helper (topology, routing, attributes) for each run.
    typedef std::function<void(SanFabricHelper&)> FabricSetup;
    /// Called after each load point.
    typedef std::function<void(const SanLoadSummary&)> PointCallback;
    /// Called in every run (a load and a run number), once its hosts are installed and again
    /// once it has run, before Simulator::Destroy: what a caller adds to each run (san-run's
    /// flow monitor). \param load offered load \param run the run number
    typedef std::function<void(double load, uint64_t run)> RunHook;

    SanLoadSweep();

    /// \param setup configures every run's SanFabricHelper
    void SetFabricSetup(FabricSetup setup);
    /// \param name attribute of SanTrafficGenerator \param value its value
    void SetTrafficAttribute(const std::string& name, const AttributeValue& value);
    /// \param permutation one destination per host (Permutation pattern)
    void SetPermutation(std::vector<uint32_t> permutation);
    /**
     * \param warmup packet-times before the window
     * \param measure packet-times of the window
     * \param drain packet-times after the window, sources stopped
     */
    void SetWindows(uint32_t warmup, uint32_t measure, uint32_t drain);
    /// \param seeds runs per point (RngSeedManager run numbers firstRun, firstRun + 1, ...)
    /// \param firstRun the first run number
    void SetSeeds(uint32_t seeds, uint64_t firstRun = 1);
    /// \param tolerance relative shortfall that counts as saturated (default 0.05)
    void SetTolerance(double tolerance);
    /// \param n links listed in SanLoadPoint::topLinks (default 5)
    void SetTopLinks(uint32_t n);
    /// \param interval progress: during a run, a line on standard error at most once per this
    /// much wall-clock time, checked at every 1% of the simulated time, so that runs shorter
    /// than it print nothing (zero: none)
    void SetProgress(Time interval);
    /// \param installed called once a run's hosts and traffic are installed, before it runs
    /// \param done called after it ran, before Simulator::Destroy (either may be empty)
    void SetRunHooks(RunHook installed, RunHook done);

    /// \param load offered load \return one run with the current seed settings' first run
    SanLoadPoint RunOnce(double load, uint64_t run);
    /// \param load offered load \return every seed's run and their means
    SanLoadSummary Measure(double load);
    /// \param p a run \return true if its demand was not met (see the class description)
    bool IsSaturated(const SanLoadPoint& p) const;
    /// \return the most load the pattern can put on the fabric the setup builds (computed
    /// once, again after a setter)
    const SanLoadBound& GetLoadBound();

    /**
     * Sweep, then bisect.
     * \param loads offered loads in increasing order
     * \param bisections halvings of the bracket around the first saturated load
     * \param pastSaturation further loads of the sweep to run after the first saturated one
     * (for the curve past saturation)
     * \param onPoint called after each point (may be empty)
     * \return the saturation throughput and every point run
     */
    SanSaturation FindSaturation(const std::vector<double>& loads,
                                 uint32_t bisections,
                                 uint32_t pastSaturation,
                                 PointCallback onPoint);

    /**
     * \param values samples
     * \return their mean and the half-width of the 95% confidence interval (Student t with
     * n - 1 degrees of freedom; 0 for fewer than two samples)
     */
    static SanStatistic Summarize(const std::vector<double>& values);

  private:
    FabricSetup m_setup;                                                //!< fabric configuration
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_traffic; //!< generator attributes
    std::vector<uint32_t> m_permutation;                                //!< per-host destinations
    uint32_t m_warmup{500};                                             //!< packet-times
    uint32_t m_measure{2000};                                           //!< packet-times
    uint32_t m_drain{1500};                                             //!< packet-times
    uint32_t m_seeds{1};                                                //!< runs per point
    uint64_t m_firstRun{1};                                             //!< first run number
    double m_tolerance{0.05};                                           //!< saturation criterion
    uint32_t m_topLinks{5};                                             //!< links reported
    RunHook m_installed;                                                //!< called before each run
    RunHook m_done;                                                     //!< called after each run
    Time m_progress;          //!< ShowProgress interval (zero: none)
    SanLoadBound m_bound;     //!< GetLoadBound's answer
    bool m_boundKnown{false}; //!< m_bound is computed for the current settings
};

} // namespace ns3

#endif /* SAN_LOAD_SWEEP_H */
