/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_PAPER_EXPERIMENTS_H
#define SCILAN_PAPER_EXPERIMENTS_H

#include "san-paper-row.h"
#include "sci-scenario.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The SCILAN paper's measurements (Ryan and Bryhni 1998, section 4) on simulated
 * Pentium / 430HX hosts with Dolphin PCI/SCI adapters (SciScenario) and SCILAN sockets: the
 * copy benchmarks of Figure 7, SCILAN streams (Figures 7-10), ping-pong transfer times
 * (Figure 11, Table 3), the UltraSPARC receiver of section 4.3, and Table 4's prices per
 * simulated MB/s. The TCP/IP rows come from ScilanTcpBaselines.
 *
 * Every throughput is a stream of messages through the simulated resources; every latency a
 * ping-pong of messages.
 */
class ScilanPaperExperiments
{
  public:
    /// Paper id (results/scilan.csv).
    static constexpr const char* PAPER = "scilan";

    /// A SCILAN configuration.
    struct Config
    {
        std::string preset{"ns3::PentiumNtHostPreset"}; //!< both hosts' preset
        bool polling{false};                            //!< ScilanStack "Polling"
        uint32_t mtu{1500};                             //!< ScilanStack "Mtu"
        bool receiverCopy{true};                        //!< ScilanStack "ReceiverCopy"
        uint32_t hosts{2};                              //!< hosts in the cluster
        bool ring{false};                               //!< an SCI ringlet (else a switch)
        uint32_t ringBytes{65536};                      //!< ScilanStack "RingBytes"
    };

    /**
     * \brief Reuse measurements within this process: a measurement asked for again with the
     * same arguments (every field of its configuration) returns the value its first run gave
     * instead of being simulated again. Each measurement builds its own scenario and simulator
     * and nothing in them is random (scilan-paper's CSVs are byte-identical with any --RngSeed
     * and --RngRun), so the value is the one a second run would give, as long as no attribute
     * default changes in between: ScilanPaper (examples/scilan-paper) turns it on, since it
     * changes none; tests that set defaults leave it off (the default). scilan-paper asks for
     * the same 2-host streams up to four times (StreamRows, Figure 7, Figures 9-10), the same
     * copies up to three times and the same TCP streams up to three times (SCI/NDIS at 4, 8, 16,
     * 32 and 64 KB in NdisThroughput and the figures; 64 KB over 100baseT and ATM in
     * SocketBufferSweep, PriceRows and the figures). \param reuse whether to reuse (false also
     * forgets what was kept)
     */
    static void SetReuse(bool reuse);
    /**
     * \param key a measurement and all its arguments, as text
     * \param[out] value its value, if kept
     * \return whether reuse is on and \p key was measured before
     */
    static bool Recall(const std::string& key, double& value);
    /**
     * \brief Keep a measured value for Recall (nothing while reuse is off).
     * \param key a measurement and all its arguments, as text
     * \param value its value
     */
    static void Remember(const std::string& key, double value);
    /// \return every measurement kept for reuse, by key (none while reuse is off)
    static std::map<std::string, double> GetKept();
    /**
     * \brief Keep measurements made elsewhere (ScilanPaper's worker processes, SanPaper::Run)
     * for Recall, those not kept yet (nothing while reuse is off).
     * \param kept measurements, by their Recall keys
     */
    static void Keep(const std::map<std::string, double>& kept);

    /// \param config a configuration \return its cluster, SCILAN installed
    static std::unique_ptr<SciScenario> BuildCluster(const Config& config);

    /**
     * \brief The transmitter-copy benchmark (Figure 7's "SCI memcpy"; "SCI memset" without
     * the loads): a process copies \p size bytes into a remote segment over and over, then
     * checks the transfers.
     * \param size bytes per copy
     * \param readSource memcpy (true) or memset (false)
     * \param preset host preset
     * \return MB/s (10^6 bytes)
     */
    static double RemoteCopyMBps(uint32_t size,
                                 bool readSource,
                                 const std::string& preset = "ns3::PentiumNtHostPreset");
    /// \param preset a host preset \return its receiver copy (memory to memory), MB/s
    static double ReceiverCopyMBps(const std::string& preset = "ns3::PentiumNtHostPreset");
    /// \return a 4-byte remote load's time, us
    static double RemoteReadUs();

    /**
     * \brief A SCILAN stream of \p size-byte send() calls from host 0 to the last host.
     * \param config the configuration
     * \param size message size
     * \return steady-state throughput in MB/s (10^6 bytes)
     */
    static double StreamMBps(const Config& config, uint32_t size);
    /**
     * \brief Ping-pong of \p size-byte messages: from a send() to the matching recv()'s
     * return (the paper's transfer time), averaged.
     * \param config the configuration
     * \param size message size (at least 1)
     * \return microseconds
     */
    static double TransferTimeUs(const Config& config, uint32_t size);
    /**
     * \brief Simultaneous streams between disjoint pairs (i to i + hosts / 2).
     * \param config the configuration (hosts even)
     * \param size message size
     * \return aggregate MB/s
     */
    static double AggregateMBps(const Config& config, uint32_t size);

    /// \return section 4.2's copy rates (xt, xr: the calibration), the remote load, Xmax
    static std::vector<SanPaperRow> CopyRows();
    /// \return SCILAN's stream rows (sections 4.2 and 4.5)
    static std::vector<SanPaperRow> StreamRows();
    /// \return section 4.3's UltraSPARC rows
    static std::vector<SanPaperRow> UltraSparcRows();
    /// \return Table 3's SCILAN latencies
    static std::vector<SanPaperRow> LatencyRows();
    /// \return Table 4's prices per simulated MB/s
    static std::vector<SanPaperRow> PriceRows();
    /// \return every row of results/scilan.csv (SCILAN's and the TCP/IP baselines')
    static std::vector<SanPaperRow> AllRows();
    /// \param prefix where to write the figures' data (a folder and "/", or "")
    static void WriteFigures(const std::string& prefix);
    /// \param prefix as WriteFigures' \brief Figure 7's data: the copies and SCILAN by size
    static void WriteFigure7(const std::string& prefix);
    /// \param prefix as WriteFigures' \brief Figure 8's: MTU and receiver copy by size
    static void WriteFigure8(const std::string& prefix);
    /// \param prefix as WriteFigures' \brief Figures 9 and 10's: SCILAN's throughput by size
    static void WriteFigures9And10(const std::string& prefix);
    /// \param prefix as WriteFigures' \brief Figure 11's: transfer time by size
    static void WriteFigure11(const std::string& prefix);
};

} // namespace ns3

#endif /* SCILAN_PAPER_EXPERIMENTS_H */
