/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SAN_BENCH_SCALE_H
#define SAN_BENCH_SCALE_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class SanRequestResponseHelper;
class SanStreamHelper;
class SanAllToAllHelper;

/**
 * \ingroup san
 * \brief The benchmark workloads at scale: one interface's testbed (SanBenchTestbed) of
 * thousands of hosts on a fat tree, cut into groups that each run the workload at once, and
 * what the run cost the simulator: build time, wall time, simulated messages per second of it,
 * events per message and memory per host (what nic-scaling writes, in san-scaling's style).
 *
 * Groups: the hosts are cut into hosts / GroupSize groups; group g holds the hosts
 * g + k * groups (k = 0 .. GroupSize - 1), so that every group spreads over the whole tree (its
 * traffic crosses the top switches, as a job placed by a scheduler that ignores locality), and
 * its member j is the one with k = (j + g) mod GroupSize (GetMemberHost). Member 0 is the
 * group's server (request/response: the others its closed-loop clients) or sink (incast: the
 * others send to it); for all-to-all every member is a process exchanging with every other of
 * its group (an exchange among all of 16,384 hosts would hold 268 million connections).
 */
class SanBenchScale
{
  public:
    /// One run.
    struct Case
    {
        std::string iface;                        //!< SanBenchTestbed interface
        std::string preset{"modern"};             //!< SanBenchTestbed preset
        std::string fabric{"fat-tree"};           //!< SanBenchTestbed fabric
        uint32_t hosts{1024};                     //!< hosts
        std::string workload{"request-response"}; //!< GetWorkloads()
        uint32_t groupSize{16};                   //!< hosts per group (divides hosts)
        /// request/response: measured requests per client; incast: messages per sender;
        /// all-to-all: measured rounds
        uint32_t count{10};
        uint32_t bytes{64}; //!< each request and response, incast or all-to-all message

        /// \return the case as one line of key=value words
        std::string Encode() const;
        /**
         * \param text what Encode wrote \param c where it goes
         * \return an error (empty: none)
         */
        static std::string Decode(const std::string& text, Case& c);
    };

    /// What a run gave.
    struct Result
    {
        double buildS{0};           //!< wall seconds to build the testbed and the workload
        double runS{0};             //!< wall seconds of Simulator::Run
        uint64_t messages{0};       //!< messages the workload's processes received
        uint64_t events{0};         //!< simulator events of the run
        double simulatedS{0};       //!< simulated seconds the run covered
        double finishedS{0};        //!< simulated time when the last process was done
        double messagesPerS{0};     //!< messages per wall second of the run
        double eventsPerMessage{0}; //!< events / messages
        double rssPerHostKib{0};    //!< peak resident size above the start, per host
        double peakRssMib{0};       //!< the process's peak resident size
        /// resident size above the start, per host, once the testbed is built (the fabric,
        /// the hosts, the interface installed) and before the workload is
        double installedPerHostKib{0};
        /// the workload's own figure (see figureName); NaN if it has none (request/response:
        /// in some group no request was served while every client was measuring)
        double figure{0};
        std::string figureName; //!< requests/s of all servers; MB/s at all sinks; ...
        std::string figureUnit; //!< its unit
        /// The run's event census by kind, with events per message, when the simulator's
        /// scheduler is a SanCensusScheduler (empty otherwise; not carried by Encode; the drain
        /// after the last process is done included).
        std::string census;

        /// \return the result as one line of key=value words
        std::string Encode() const;
        /**
         * \param text what Encode wrote \param r where it goes
         * \return an error (empty: none)
         */
        static std::string Decode(const std::string& text, Result& r);
    };

    /// \return the workloads: request-response, incast, all-to-all
    static std::vector<std::string> GetWorkloads();

    /**
     * \brief Where a group's member runs. The servers (member 0) are spread over the tree
     * like the others, group g's in the g-th (mod GroupSize) of its slices of the host
     * numbers, not all among the first hosts: a tree cut into parts (MPI ranks) then gives each
     * part a share of the servers' work, where before the first part held every server.
     * \param g the group \param j the member (0: the server or sink)
     * \param groups the number of groups \param groupSize hosts a group
     * \return the host's index
     */
    static uint32_t GetMemberHost(uint32_t g, uint32_t j, uint32_t groups, uint32_t groupSize);

    /**
     * \brief A request/response helper's settings for \p c: its sizes, count, one warm-up
     * request, and clients that wait for Go once connected.
     * \param rr the helper \param c the run
     */
    static void Configure(SanRequestResponseHelper& rr, const Case& c);
    /**
     * \brief An incast helper's settings for \p c: its message size and count, and senders
     * that wait for Go once connected.
     * \param stream the helper \param c the run
     */
    static void Configure(SanStreamHelper& stream, const Case& c);
    /**
     * \brief An all-to-all helper's settings for \p c: its message size, rounds and one
     * warm-up round.
     * \param a2a the helper \param c the run
     */
    static void Configure(SanAllToAllHelper& a2a, const Case& c);

    /**
     * \param c the run (aborts with one line for an unknown workload, a group size that does not
     * divide the hosts, or a testbed that cannot be built)
     * \return what it gave (aborts, naming the run, if a process did not finish)
     */
    static Result Run(const Case& c);
};

} // namespace ns3

#endif /* SAN_BENCH_SCALE_H */
