/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_TCP_BASELINES_H
#define SCILAN_TCP_BASELINES_H

#include "san-paper-row.h"
#include "tcp-baseline-experiments.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The TCP/IP baselines of the SCILAN paper (Ryan and Bryhni 1998, section 4): two 200 MHz
 * Pentiums under Windows NT 4.0 over 100baseT back to back and over ATM LAN Emulation at
 * 155 Mbit/s through one switch, 1500-byte MTU, ns-3's TCP under the host cost model.
 *
 * Transfer time (section 4.7) is from a send() call to the matching recv()'s return, timed by
 * a ping-pong: half the round trip. Latency is the transfer time of the smallest message
 * (the paper's 0 bytes; TCP sends nothing for 0 bytes, so 1 byte here). Throughput is a
 * one-way stream of messages (TcpBaselineExperiments::Stream).
 *
 * Fitted: WindowsNtStackCosts "ProtocolInstructions" to latency_100baset_us,
 * ForeLaneNicCosts "ReceiveLatency" to latency_atm_lane_us. SCI/NDIS needs the SCI NIC's IP
 * transport and is not here.
 */
class ScilanTcpBaselines
{
  public:
    /// Paper id (results/scilan.csv).
    static constexpr const char* PAPER = "scilan";

    /// \return 100baseT back to back (3Com cards, NT 4.0 default 8 KB socket buffers)
    static TcpBaselineExperiments::Link FastEthernet();
    /// \return ATM LAN Emulation at 155 Mbit/s through one switch (Fore PCA-200E)
    static TcpBaselineExperiments::Link AtmLane();
    /// \return IP over SCI through Dolphin's SCI/NDIS driver (the same PCI/SCI adapters)
    static TcpBaselineExperiments::Link SciNdis();

    /// \param link a link \param bytes message size \return transfer time in microseconds
    static double TransferTimeUs(const TcpBaselineExperiments::Link& link, uint32_t bytes);

    /// \param link a link \param bytes message size \return a stream's throughput, MB/s
    static double StreamMBps(const TcpBaselineExperiments::Link& link, uint32_t bytes);

    /// \return section 4.6's SCI/NDIS rows: ndis_large_bw_MBps and the size reaching 90% of it
    static std::vector<SanPaperRow> NdisThroughput();

    /// \return Table 3's rows latency_ndis_sci_us, latency_100baset_us and latency_atm_lane_us
    static std::vector<SanPaperRow> Table3();

    /**
     * \brief Section 4.6's socket-buffer sweep: 64 KB messages streamed with 8, 32 and 64 KB
     * send and receive buffers; the paper saw at most a 10% gain over the default.
     * \return per technology the gain in percent (sockbuf_gain_*_pct) and the throughputs
     */
    static std::vector<SanPaperRow> SocketBufferSweep();

    /**
     * \brief Write the baseline curves beside the CSV: scilan-tcp-throughput-vs-size.csv
     * (Figure 9, 1-64 KB; Figure 10, 64-4096 bytes) and scilan-tcp-transfer-time.csv
     * (Figure 11).
     * \param prefix path prefix ("" or a folder with a trailing '/')
     */
    static void WriteFigures(const std::string& prefix);
    /// \brief WriteFigures' scilan-tcp-throughput-vs-size.csv \param prefix as WriteFigures'
    static void WriteThroughputFigure(const std::string& prefix);
    /// \brief WriteFigures' scilan-tcp-transfer-time.csv \param prefix as WriteFigures'
    static void WriteTransferTimeFigure(const std::string& prefix);
};

} // namespace ns3

#endif /* SCILAN_TCP_BASELINES_H */
