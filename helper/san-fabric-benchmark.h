/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_BENCHMARK_H
#define SAN_FABRIC_BENCHMARK_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One benchmark workload of the fabric alone: a topology (TypeId and attributes), a
 * routing function, uniform random single-packet messages at an offered load, for a number of
 * packet-times, on virtual cut-through switches with room for four packets per input buffer.
 */
struct SanBenchmarkWorkload
{
    std::string name;     //!< what the summary lines call it ("fat-tree-16-ary-4-tree")
    std::string topology; //!< topology TypeId ("ns3::SanFatTreeTopology")
    std::vector<std::pair<std::string, std::string>> attributes; //!< topology attributes
    std::string routing{"ns3::SanDimensionOrderRouting"};        //!< routing TypeId
    double load{0.5};               //!< packets per host per packet-time
    uint32_t packetTimes{0};        //!< duration; 0: enough for about 4 million packets
    uint32_t packetSize{64};        //!< bytes
    std::string traffic{"Uniform"}; //!< SanTrafficGenerator pattern

    /// \return the workload as one token without spaces or quotes (for a child's command line)
    std::string Encode() const;
    /**
     * \param text what Encode wrote
     * \param[out] w the workload
     * \return an empty string, or what is wrong with \p text
     */
    static std::string Decode(const std::string& text, SanBenchmarkWorkload& w);
};

/**
 * \ingroup san
 * \brief What one workload measured: its size, its build (topology, nodes, devices, routing
 * state) and its run (wall and processor time, events, switch-hops), and the memory it took.
 */
struct SanBenchmarkResult
{
    std::string name;        //!< workload name
    std::string scheduler;   //!< ns-3 scheduler TypeId
    uint32_t hosts{0};       //!< hosts
    uint32_t switches{0};    //!< switches
    uint32_t packetTimes{0}; //!< duration simulated
    uint64_t delivered{0};   //!< packets delivered
    uint64_t switchHops{0};  //!< switch traversals simulated
    uint64_t events{0};      //!< ns-3 events executed by the run
    double buildWallS{0};    //!< building and installing the topology, wall seconds
    double runWallS{0};      //!< Simulator::Run, wall seconds
    double runCpuS{0};       //!< Simulator::Run, processor seconds (user + system)
    double rssPerHostKib{0}; //!< peak resident memory above the process's start, per host
    double peakRssMib{0};    //!< peak resident memory of the process
    bool hugePages{false};   //!< malloc asked for transparent huge pages (see SetHugePages)

    /// \return switch-hops per wall second of the run
    double GetHopRateWall() const;
    /// \return switch-hops per processor second of the run
    double GetHopRateCpu() const;
    /// \return events per wall second of the run
    double GetEventRateWall() const;
    /// \return processor nanoseconds per switch-hop
    double GetNsPerHop() const;

    /// \return the result as one line of key=value fields
    std::string Encode() const;
    /**
     * \param text what Encode wrote
     * \param[out] r the result
     * \return an empty string, or what is wrong with \p text
     */
    static std::string Decode(const std::string& text, SanBenchmarkResult& r);
};

/**
 * \ingroup san
 * \brief Runs fabric benchmark workloads, each in a fresh process when asked, so that one
 * workload's memory is not flattered by the heap another freed.
 *
 * A program that uses RunInFreshProcess must call HandleChild first thing in main: the child
 * is the same program run with `--san-benchmark-child=<workload>`; it runs the workload and
 * prints one result line, which the parent reads.
 */
class SanFabricBenchmark
{
  public:
    /// The fewest events a raw scheduler measurement may have: below, timer resolution and
    /// start-up dominate and the rate means nothing.
    static constexpr uint64_t MIN_RAW_EVENTS = 1000000;

    /**
     * \brief Build and run one workload in this process.
     * \param w the workload
     * \return what it measured
     */
    static SanBenchmarkResult Run(const SanBenchmarkWorkload& w);

    /**
     * \brief Run one workload in a fresh process: \p program (this program, normally argv[0]
     * or /proc/self/exe) with --san-benchmark-child and \p extraArgs (e.g. a SchedulerType).
     * Aborts with the child's output if it fails.
     * \param program the program to run
     * \param w the workload
     * \param extraArgs further arguments for the child
     * \return what the child measured
     */
    static SanBenchmarkResult RunInFreshProcess(const std::string& program,
                                                const SanBenchmarkWorkload& w,
                                                const std::vector<std::string>& extraArgs = {});

    /**
     * \brief Run \p program with \p args (each quoted for the shell; with huge pages as
     * SetHugePages says) and return the text after \p resultPrefix on the line of its output
     * that starts with it. Aborts, with the program's last lines, if it fails or prints no
     * such line. What RunInFreshProcess and other benchmark programs (nic-scaling) use to
     * measure each run's memory in a process of its own.
     * \param program the program (/proc/self/... is resolved here)
     * \param args its arguments
     * \param resultPrefix the result line's prefix
     * \param what the run's name, for an error
     * \param failureIsResult instead of aborting when the program fails, return "failed: "
     * and why (its status and last line: out of memory, an abort's message)
     * \return the result line without its prefix
     */
    static std::string RunProcess(const std::string& program,
                                  const std::vector<std::string>& args,
                                  const std::string& resultPrefix,
                                  const std::string& what,
                                  bool failureIsResult = false);

    /// \param field "VmRSS" or "VmHWM" \return that line of /proc/self/status, in KiB
    static uint64_t ReadStatusKib(const std::string& field);
    /// Reset this process's peak resident size (VmHWM) to the current one (Linux 4.0+).
    static void ResetPeakRss();

    /**
     * \brief Whether RunInFreshProcess starts its children with glibc's malloc asking for
     * transparent huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1; on by default).
     *
     * A large fabric's working set is hundreds of megabytes touched at random, so with 4 KiB
     * pages nearly every access also misses the TLB; with 2 MiB pages the 65,536-host tree runs
     * about 1.1 times as fast (measured side by side), and the million-host build takes 55 s
     * instead of 61. A small workload gains nothing and its resident memory is rounded up to
     * whole 2 MiB pages (fabric-bench leaves it off; san-scaling turns it on from 16,384
     * hosts). It changes no result, and needs the kernel's transparent huge pages in
     * "madvise" or "always" mode (else it does nothing, and the result says so). A script of
     * one's own gets the same by setting the variable.
     * \param on true to ask for them
     */
    static void SetHugePages(bool on);

    /// \return true if this process's malloc asks for transparent huge pages and the kernel
    /// grants them on request
    static bool UsesHugePages();

    /**
     * \brief If argv holds --san-benchmark-child=<workload>, run it, print its result line and
     * exit; otherwise return.
     * \param argc main's argc
     * \param argv main's argv
     */
    static void HandleChild(int argc, char* argv[]);

    /**
     * \brief ns-3's raw scheduler rate: empty events that reschedule themselves with spread
     * delays, about 1000 pending.
     * \param nEvents events to run (at least MIN_RAW_EVENTS; fewer aborts with a message)
     * \return events per wall second
     */
    static double MeasureRawEventRate(uint64_t nEvents);

    /// \return the ns-3 scheduler TypeId in use (the SchedulerType global)
    static std::string GetSchedulerType();

    /// The scheduler the fabric examples use unless --SchedulerType says otherwise.
    static constexpr const char* EXAMPLES_SCHEDULER = "ns3::SanOrderedScheduler";

    /**
     * \brief Make EXAMPLES_SCHEDULER the scheduler; call before CommandLine::Parse, so that
     * --SchedulerType still overrides it. Chosen by measurement on this machine (san-scaling,
     * runs side by side): on the 65,536-host 16-ary 4-tree SanOrderedScheduler simulates 0.80
     * million switch-hops per second against PriorityQueueScheduler's 0.56 (1.44 times), on
     * the quick set's 1,024-host trees, meshes, tori and dragonfly 1.1 to 1.3 times as many;
     * it fetches the next event's memory ahead of time. It costs about 0.7 KiB per host more
     * (its entries are 40 bytes, not 32, and a bucket being spread is held twice). Earlier,
     * PriorityQueueScheduler had beaten ns-3's default MapScheduler 1.52 times on the
     * 65,536-host tree; HeapScheduler is slower than Map and CalendarScheduler had not finished
     * that tree in four minutes. ns-3's schedulers run simultaneous events in the order they
     * were scheduled, SanOrderedScheduler by class and key (the same on every MPI rank): both
     * are valid orders, so results may differ in the last digits between them, never between
     * runs.
     */
    static void UseExamplesScheduler();
};

} // namespace ns3

#endif /* SAN_FABRIC_BENCHMARK_H */
