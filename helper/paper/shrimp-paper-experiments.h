/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_PAPER_EXPERIMENTS_H
#define SHRIMP_PAPER_EXPERIMENTS_H

#include "san-paper-row.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The SHRIMP paper's measurements (Felten et al. 1996, sections 3.4, 4 and 5) on the
 * simulated prototype (ShrimpScenario): ping-pongs of the VMMC layer (Figure 3) and of each
 * library (Figures 4, 5, 7 and 8), and the one-way streams of section 4.3.
 *
 * As in the paper, a latency is half a ping-pong round trip, and a ping-pong bandwidth is the
 * user's bytes sent divided by the total running time (size over one-way time), averaged over
 * many round trips. Every figure comes from messages through the simulated buses, cards and
 * mesh.
 */
class ShrimpPaperExperiments
{
  public:
    /// Paper id (results/shrimp.csv).
    static constexpr const char* PAPER = "shrimp";

    /// One ping-pong's result.
    struct PingPong
    {
        double oneWayUs{0}; //!< half the mean round trip
        double mbps{0};     //!< user bytes per one-way time, MB/s (10^6 bytes)
    };

    /// The VMMC layer's transfer strategies (Figure 3).
    enum VmmcVariant
    {
        AU_1COPY, //!< sender copies into its bound buffer; receiver uses the data in place
        AU_2COPY, //!< ... and the receiver copies it out
        DU_0COPY, //!< deliberate update from the user buffer into the receiver's buffer
        DU_1COPY, //!< ... and the receiver copies it out
    };

    /// \param v a variant \return its label as the paper's figures name it ("AU-1copy", ...)
    static std::string VmmcVariantName(VmmcVariant v);

    /**
     * \brief Ping-pong of \p size-byte messages through the VMMC layer: the data and a flag
     * word after it travel in one transfer; the receiver polls the flag.
     * \param v the strategy
     * \param size message bytes (4: a one-word transfer, the word is its own flag)
     * \param uncached the buffers' pages are uncached (else write-through where bound, and the
     *        receive buffers cached write-through)
     * \param rounds round trips measured
     * \return latency and bandwidth
     */
    static PingPong VmmcPingPong(VmmcVariant v,
                                 uint32_t size,
                                 bool uncached = false,
                                 uint32_t rounds = 20);

    /// \return section 3.4's rows: the VMMC layer's latencies and bandwidth
    static std::vector<SanPaperRow> VmmcRows();
    /// \return sections 4.2 and 4.3's rows: stream sockets, ttcp and VRPC
    static std::vector<SanPaperRow> SocketRows();
    /// \return the paper's rows with their simulated values (results/shrimp.csv): VmmcRows,
    /// ShrimpNxExperiments::Rows (NX, SHRIMP RPC, NX beyond the paper) and SocketRows
    static std::vector<SanPaperRow> Rows();

    /// \param lo smallest \param hi largest \return message sizes of the figures, lo to hi
    static std::vector<uint32_t> Sizes(uint32_t lo, uint32_t hi);

    /**
     * \brief Write the figures' curves beside the results CSV: shrimp-fig3-vmmc.csv (the VMMC
     * layer's latency and bandwidth by size, four strategies), shrimp-fig4-nx.csv (NX's
     * variants), shrimp-fig5-vrpc.csv (VRPC by argument size), shrimp-fig7-sockets.csv (the
     * sockets' variants) and shrimp-fig8-rpc.csv (SHRIMP RPC against VRPC).
     * \param prefix path prefix (a folder with its slash, or "")
     */
    static void WriteFigures(const std::string& prefix);
};

} // namespace ns3

#endif /* SHRIMP_PAPER_EXPERIMENTS_H */
