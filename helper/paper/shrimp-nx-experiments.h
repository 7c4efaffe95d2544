/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_NX_EXPERIMENTS_H
#define SHRIMP_NX_EXPERIMENTS_H

#include "san-paper-row.h"

#include "ns3/nx-process.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Measurements of SHRIMP's NX library (Felten et al. 1996, section 4.1, Figure 4) and
 * of SHRIMP RPC (section 5, Figure 8) on the simulated prototype, and beyond the paper
 * all-to-all exchanges on 16- and 256-node meshes.
 *
 * Each function builds its own ShrimpScenario, runs the simulation and destroys it. As in the
 * paper, a latency is half a ping-pong round trip averaged over many round trips (after two
 * warm-up rounds that pay the mappings' set-up), and a bandwidth is the size over the
 * one-way time (MB/s, 10^6 bytes).
 */
class ShrimpNxExperiments
{
  public:
    /// One ping-pong's result.
    struct PingPong
    {
        double oneWayUs{0}; //!< half the mean round trip
        double mbps{0};     //!< user bytes per one-way time, MB/s (10^6 bytes)
    };

    /// An all-to-all's result.
    struct AllToAll
    {
        uint32_t hosts{0};       //!< processes (one per node)
        uint64_t messages{0};    //!< messages delivered
        double totalUs{0};       //!< from the start to the last receive
        double aggregateMBps{0}; //!< user bytes delivered over the total time
    };

    /// A ping-pong's latency alone and with the other nodes exchanging all-to-all.
    struct Contention
    {
        uint32_t hosts{0};        //!< nodes
        double idleOneWayUs{0};   //!< ping-pong alone
        double loadedOneWayUs{0}; //!< ping-pong while the others load the mesh
        uint32_t loadRounds{0};   //!< all-to-all rounds the others completed meanwhile
    };

    /// \param v a variant \return its label as Figure 4 names it ("AU", "DU-1copy", ...)
    static std::string VariantName(NxProcess::Variant v);

    /**
     * \brief NX ping-pong between opposite corners of the 2x2 prototype (Figure 4). Sizes
     * above the process's ZeroCopyThreshold use the zero-copy protocol.
     * \param v the one-copy variant
     * \param size message bytes
     * \param rounds round trips measured
     * \return latency and bandwidth
     */
    static PingPong NxPingPong(NxProcess::Variant v, uint32_t size, uint32_t rounds = 10);

    /**
     * \brief Section 4.1's overhead: NX's automatic-update latency minus the VMMC layer's
     * AU-1copy latency (ShrimpPaperExperiments::VmmcPingPong) at the same size.
     * \param size message bytes
     * \return microseconds (the paper: "just over 6")
     */
    static double NxSmallOverheadUs(uint32_t size = 4);

    /**
     * \brief Figure 8: null SHRIMP RPC with one INOUT argument of \p argBytes (0: none).
     * \param argBytes the argument's size (a multiple of 4)
     * \param rounds calls measured
     * \return the mean round trip, us (the paper: 9.5 for small sizes)
     */
    static double ShrimpRpcNullRttUs(uint32_t argBytes, uint32_t rounds = 10);

    /**
     * \brief Beyond the paper: every process sends one \p bytes message to every other one
     * and receives all of them, \p rounds times, on a \p meshX x \p meshY mesh.
     * \param meshX mesh columns
     * \param meshY mesh rows
     * \param bytes message size
     * \param rounds exchanges
     * \param v the one-copy variant
     * \return time and aggregate bandwidth
     */
    static AllToAll NxAllToAll(uint32_t meshX,
                               uint32_t meshY,
                               uint32_t bytes,
                               uint32_t rounds = 1,
                               NxProcess::Variant v = NxProcess::DU_2COPY);

    /**
     * \brief Beyond the paper: a ping-pong between the mesh's opposite corners, alone and
     * while every other node exchanges \p loadBytes messages all-to-all until it ends.
     * \param meshX mesh columns
     * \param meshY mesh rows
     * \param pingBytes the ping-pong's message size
     * \param loadBytes the all-to-all's message size
     * \param rounds round trips measured
     * \return both latencies
     */
    static Contention NxPingPongUnderContention(uint32_t meshX,
                                                uint32_t meshY,
                                                uint32_t pingBytes,
                                                uint32_t loadBytes,
                                                uint32_t rounds = 5);

    /**
     * \brief The rows for results/shrimp.csv (ShrimpPaperExperiments::Rows can append them):
     * section 4.1's overhead and Figure 8's null call, predictions; Figure 4's curves and the
     * beyond-paper runs, unpapered.
     * \return the rows
     */
    static std::vector<SanPaperRow> Rows();
    /// \return the rows with a paper value (section 4.1's overhead, Figure 8's null call)
    static std::vector<SanPaperRow> PaperRows();
};

} // namespace ns3

#endif /* SHRIMP_NX_EXPERIMENTS_H */
