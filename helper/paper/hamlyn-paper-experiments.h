/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HAMLYN_PAPER_EXPERIMENTS_H
#define HAMLYN_PAPER_EXPERIMENTS_H

#include "san-paper-row.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The experiments of Hamlyn 1995 (Buzzard, Jacobson, Marovich, Wilkes, HPL-95-86) as
 * callable functions, shared by examples/hamlyn-paper.cc and the san-hamlyn-paper system test
 * (the reproduction harness of helper/paper/: SanPaperRow, SanResultsWriter, SanPaperTestCase).
 *
 * Each function builds its scenario (HamlynHelper over a SanFabricHelper crossbar, the paper's
 * 8x8 Myrinet switch; fabric defaults), runs the simulation, destroys it, and returns rows. No
 * paper total is typed in: every simulated value is measured. The set-ups are HamlynPaperRigs
 * (hamlyn-paper-rigs.h), the rows' writing HamlynPaperRows (hamlyn-paper-rows.h); the rows are
 * defined one table group per file: hamlyn-paper-host-tables.cc (Tables 1-2), -nic-tables.cc
 * (Tables 3-5), -end-to-end.cc, -sweeps.cc, -state-machine.cc, -beyond.cc.
 *
 * Megabytes: the paper's stated MB/s are decimal (the link's "80 MB/s" is 2 bytes per 25 ns,
 * the ping-pong's "12.1MB/s" is 512 B / 42.2 us); its transfer sizes are binary ("1MB" is
 * N = 2048 packets of 512 bytes, Table 5). Every bandwidth row is bytes moved per second in
 * 10^6-byte megabytes, and says so in its unit.
 */
class HamlynPaperExperiments
{
  public:
    /// Table 1: Rats tagged remote write, instruction counts and times (16-byte message).
    static std::vector<SanPaperRow> Table1();
    /// Table 2: Rats simple datagram, instruction counts and times (12+16 and 44+16).
    static std::vector<SanPaperRow> Table2();
    /// Table 3: LANai 3 direct I/O of a 16-byte message.
    static std::vector<SanPaperRow> Table3();
    /// Table 4: LANai 3 DMA of a 512-byte packet.
    static std::vector<SanPaperRow> Table4();
    /// Table 5: LANai 3 DMA of a 1 MB message in 512-byte packets (and its bandwidth).
    static std::vector<SanPaperRow> Table5();
    /// Section 4.2: the Rats-level end-to-end results (tagged write, round trip, ping-pong).
    static std::vector<SanPaperRow> RatsEndToEnd();
    /// Section 4.2: pipelined 512-byte messages and 4 KB transfers (NIC level).
    static std::vector<SanPaperRow> Bandwidths();
    /// Section 4.2: the DMA / direct I/O break-even size (NIC level).
    static std::vector<SanPaperRow> Breakeven();
    /// Section 4.2: the projected state-machine implementation.
    static std::vector<SanPaperRow> StateMachine();
    /// Beyond the paper: 64-host fat tree, adaptive routing, reassembly, barrier, DOR vs
    /// adaptive.
    static std::vector<SanPaperRow> BeyondPaper();

    /**
     * \brief 16-byte tagged remote write, application to application (send call to get_tag's
     * return), Rats over the LANai 3 or the state-machine preset.
     * \param stateMachine use HamlynStateMachineCostModel
     * \return microseconds
     */
    static double TaggedWriteSendRecvUs(bool stateMachine);

    /// A simple-datagram round trip and what it is measured between.
    struct RoundTrip
    {
        double toRecvUs{0};       //!< send call to the ack's recv returning at the sender
        double toNotifyUs{0};     //!< send call to the ack's notification at the sender
        double outboundUs{0};     //!< send call to the datagram's recv returning at the server
        uint32_t wireBytes{0};    //!< the datagram's metadata + data bytes
        uint32_t ackWireBytes{0}; //!< the ack's metadata + data bytes
        uint32_t rounds{1};       //!< round trips run back to back
        double streamUs{0};       //!< first send call to the last ack's recv returning
    };

    /**
     * \brief One simple-datagram round trip: host 0 sends \p dataBytes with a reply seed
     * (44 bytes of metadata), host 1's recv replies with \p ackBytes (12 bytes of metadata).
     * With \p rounds > 1 the client sends the next datagram as soon as the previous ack's
     * recv returns (a stream of round trips).
     * \param dataBytes the datagram's data bytes
     * \param rounds round trips back to back
     * \param ackBytes the ack's data bytes
     * \return the times
     */
    static RoundTrip DatagramRoundTrip(uint32_t dataBytes, uint32_t ackBytes, uint32_t rounds = 1);

    /**
     * \brief One-way NIC-level latency (post to the receiver's notification) of a message.
     * \param bytes message bytes
     * \param dma DMA (else direct I/O including the host's PIO stores over the GSC+ bus)
     * \return microseconds
     */
    static double OneWayUs(uint32_t bytes, bool dma);

    /**
     * \brief Bandwidth of one DMA transfer (post to notification), LANai 3.
     * \param bytes transfer size
     * \return MB/s (10^6 B)
     */
    static double TransferBandwidthMBps(uint32_t bytes);

    /// The paper's name: the CSV's paper column and file name (results/hamlyn.csv).
    static constexpr const char* PAPER = "hamlyn";
};

} // namespace ns3

#endif /* HAMLYN_PAPER_EXPERIMENTS_H */
