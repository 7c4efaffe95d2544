/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_BENCH_RANKS_H
#define SAN_BENCH_RANKS_H

#include "san-bench-scale.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The scale workloads (SanBenchScale's request/response, incast and all-to-all, its groups
 * spread over the tree) as a distributed run: the testbed's fabric cut into one part per MPI rank
 * (SanScenarioPartitions), each rank running the processes of its own hosts only, and every
 * result merged exactly, so that the same case gives the same figures on 1, 2 or 4 ranks (and
 * cut in one process).
 *
 * Every scenario of the run has SanScenarioCreditsTakeDelay set: a credit takes its link's Delay
 * back to the sender, which a cut link needs of a fabric whose cables have a Delay (the modern
 * preset's); with the papers' cables (no Delay) nothing changes. So the figures of a modern run
 * here are not nic-scaling's, where credits count at once. Likewise NX's programs start with
 * NxGroup's "AnnounceReady" (each process hears from every peer that it is connected, as no
 * launcher sees them all across ranks).
 *
 * What SanBenchScale does inside one process is done here in simulated time, which every rank
 * shares: the clients (senders) of every group, held once connected, go at the fixed time Go
 * (SanBenchScale lets them go once the last is connected, which one rank cannot see of
 * another's), and the run ends at the fixed time Until (SanBenchScale stops once every process
 * is done, which no rank knows of the others'); a client not connected by Go, or a process not
 * done by Until, makes the run fail with a message saying which to raise. Installed on every
 * rank (node ids must agree), a process on another rank's host is left unstarted.
 *
 * All-to-all's processes, which join one after another through a launcher that sees every one
 * of them in a single process (SanGroupWorkloadHelper), join here by time instead
 * (SanGroupWorkloadHelper::SetTimedLaunch): rank r of a group at 10 us + r (r + 1) / 2 x
 * JoinSlot, every process goes at Go; a process not joined when the next rank was to join (or,
 * the last, at Go) makes the run fail with a message. Its figure is SanBenchScale's (the slowest
 * process's measured time per round); a host's sum is its measured time in time steps.
 */
class SanBenchRanks
{
  public:
    /// One distributed run.
    struct Spec
    {
        SanBenchScale::Case run;          //!< interface, preset, fabric, hosts, workload, ...
        uint32_t parts{0};                //!< fabric parts (0: one per MPI rank; 1: uncut)
        Time go{MilliSeconds(10)};        //!< when every client goes
        Time until{MilliSeconds(100)};    //!< when the run ends
        Time joinSlot{MicroSeconds(100)}; //!< all-to-all: the time a connection is given
    };

    /// What one host's process did (integers: exact on any number of ranks).
    struct HostFacts
    {
        uint64_t received{0}; //!< client: answers; server: requests served; sink: messages
        int64_t lastStep{0};  //!< the time step of its last one (0: none)
        uint64_t sum{0};      //!< client: its latencies' time steps; sink: bytes; all-to-all:
                              //!< its measured time steps; else 0
    };

    /// What the run gave: simulated results only, the same on any number of ranks.
    struct Result
    {
        uint64_t messages{0};         //!< messages the processes received
        Time finished;                //!< when the last process was done
        double figure{0};             //!< as SanBenchScale's (see figureName)
        std::string figureName;       //!< requests/s of all servers; MB/s at all sinks; us a round
        std::string figureUnit;       //!< its unit
        std::vector<HostFacts> hosts; //!< every host's, in host order
        uint32_t cutLinks{0};         //!< links cut (not a result: how the run was made)
        Time lookahead;               //!< the cut links' least lead (likewise)
        std::string error;            //!< why the run fell short (empty: it did not;
                                      //!< else only cutLinks and lookahead are set)
    };

    /// \return the workloads a distributed run has (request-response, incast, all-to-all)
    static std::vector<std::string> GetWorkloads();

    /**
     * \param spec what to run
     * \return an error (empty: none): a workload, part count or times that cannot be
     */
    static std::string Check(const Spec& spec);

    /**
     * Run one case; every rank calls it, and every rank gets the merged result. Destroys the
     * simulation after the run. A client not connected by Go, or a process not done by Until,
     * gives a result whose error says so (and which to raise), the same on every rank.
     * \param spec what to run (Check must accept it)
     * \return the merged result, or its error
     */
    static Result Run(const Spec& spec);

    /**
     * \param spec the run \param r its result
     * \return r as CSV lines: a header, the totals, then a line per host; simulated results
     * only (byte-identical for identical runs)
     */
    static std::string ToCsv(const Spec& spec, const Result& r);
};

} // namespace ns3

#endif /* SAN_BENCH_RANKS_H */
