/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_DISTRIBUTED_H
#define SAN_DISTRIBUTED_H

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Distributed runs on ns-3's own MPI engine, and what one needs around it: starting and
 * stopping MPI, this process's rank and the number of ranks, and the sums and maxima that
 * merge per-rank statistics into one result.
 *
 * Built against an ns-3 with its mpi module (`make mpi`: ns-3.37 from Debian's source package
 * with OpenMPI, NS3_MPI defined), Enable() starts MPI and chooses ns-3's engine; built against
 * Debian's ns-3 (no mpi module), everything here works as one rank, so the same program runs
 * in both builds. Reductions are exact (integers), so results do not depend on the number of
 * ranks or the order in which they add up.
 */
class SanDistributed
{
  public:
    /// ns-3's two distributed engines.
    enum Engine
    {
        GRANTED_TIME_WINDOW, //!< ns3::DistributedSimulatorImpl (a barrier per lookahead window)
        NULL_MESSAGE         //!< ns3::NullMessageSimulatorImpl (Chandy-Misra-Bryant)
    };

    /**
     * Parse an engine name.
     * \param name "granted" (or "gtw", "DistributedSimulatorImpl") or "null" ("nullmsg",
     * "NullMessageSimulatorImpl")
     * \param[out] engine the engine
     * \return an empty string, or what is wrong with \p name
     */
    static std::string ParseEngine(const std::string& name, Engine& engine);

    /**
     * Choose the engine and start MPI (call first thing in main, before any node is made).
     * Without MPI in the build, asking for more than one rank (an mpirun launch is detected
     * from OpenMPI's environment) aborts with a message saying how to build with MPI.
     * \param argc main's argc
     * \param argv main's argv
     * \param engine the engine
     */
    static void Enable(int* argc, char*** argv, Engine engine);
    /// Stop MPI (after Simulator::Destroy).
    static void Disable();

    /// \return true if this build has ns-3's mpi module
    static bool HasMpi();
    /// \return true if MPI is running
    static bool IsEnabled();
    /// \return the engine Enable() chose
    static Engine GetEngine();
    /**
     * Bound the granted-time-window engine's lookahead (its window): the cut links' smallest
     * lead (SanRemoteChannel::GetLead), less a batch window in which cut-link messages may
     * wait to travel in fewer MPI packets (SanRemoteChannel::SetBatchWindow). ns-3's engine
     * lowers it further to the Delay of any point-to-point channel to another rank. Nothing
     * happens on one rank or under the null-message engine.
     * \param lookahead the engine's lookahead (> 0)
     */
    static void BoundLookahead(Time lookahead);
    /**
     * Give the null-message engine a link to another rank whose devices it does not see as
     * point-to-point (SanRemoteChannel::HasOwnLookahead, SanSwitchedEthernet): the channel
     * joins the engine's bundle of links to that rank, as the engine's own set-up does for a
     * point-to-point link with its Delay. Its lookahead is one time step short of \p lead
     * (at least one step): the engine runs every event up to and including the time its
     * neighbours promised, so a message due at exactly that time would come after some of
     * that time's events had run, in an order that depends on when MPI delivered it; one step
     * sooner, every message arrives before any event of its time has run. Call it before the
     * run. Nothing happens on one rank or under the granted time window (BoundLookahead gives
     * that engine its lookahead).
     * \param channel the link
     * \param rank the rank at its far end (not this one)
     * \param lead the least time from a message's sending to its arrival (> 0)
     */
    static void DeclareCutLink(Ptr<Channel> channel, uint32_t rank, Time lead);
    /// \return this process's rank (0 without MPI)
    static uint32_t GetRank();
    /// \return the number of ranks (1 without MPI)
    static uint32_t GetSize();

    /**
     * Element-wise sum over all ranks, in place, on every rank.
     * \param values this rank's values; every rank's vector must have the same size
     */
    static void SumAll(std::vector<uint64_t>& values);
    /**
     * Element-wise maximum over all ranks, in place, on every rank.
     * \param values this rank's values; every rank's vector must have the same size
     */
    static void MaxAll(std::vector<int64_t>& values);
    /**
     * Maximum of a double over all ranks (wall-clock times and the like, never results).
     * \param v this rank's value
     * \return the maximum
     */
    static double MaxAll(double v);
};

} // namespace ns3

#endif /* SAN_DISTRIBUTED_H */
