/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRIPWIRE_PAPER_EXPERIMENTS_H
#define TRIPWIRE_PAPER_EXPERIMENTS_H

#include "clan-scenario.h"
#include "san-paper-row.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The reproduction of the Tripwire paper (Riddoch et al. 1999, CLAN): every experiment
 * returns its rows of results/tripwire.csv. The example tripwire-paper and the san-clan-paper
 * test run them. The host's costs (section 5.1) and the NIC's 0.5 us (section 5.2) are inputs;
 * every total comes out of the simulation.
 */
class TripwirePaperExperiments
{
  public:
    /// Paper id (results/tripwire.csv).
    static constexpr const char* PAPER = "tripwire";

    /**
     * \brief Section 5.2, benchmark 1: "repeatedly writing a word to a known location in a
     * remote application, which then copied that word into a known location in the sending
     * application", both spinning.
     * \param iterations round trips averaged
     * \return the mean round trip in microseconds
     */
    static double PioRoundTripUs(uint32_t iterations);

    /**
     * \brief Section 5.2, benchmark 2 (Figure 7): one message of \p bytes sent by DMA or by
     * processor stores; the bandwidth is its size over "the interval between the arrival of
     * the first DWORD of a message at the processor, and arrival of the last DWORD".
     * \param bytes message size (a multiple of 4)
     * \param dma by DMA (else PIO)
     * \return Mbit/s (10^6 bits)
     */
    static double RawBandwidthMbps(uint32_t bytes, bool dma);

    /// \return the rows of section 5.2 (and Figure 7's curves as unpapered rows)
    static std::vector<SanPaperRow> SharedMemoryRows();

    /// The server benchmarks' results (section 5.3.1).
    struct ServerResult
    {
        double rttUs{0};                //!< mean round trip
        double serverCpuUs{0};          //!< server CPU busy per request
        double interruptsPerRequest{0}; //!< Tripwire interrupts per request
        double sleepsPerRequest{0};     //!< server sleeps in select per request
    };

    /**
     * \brief Round trips through the event-based server: the client picks a connection at
     * random for each request and spins for the reply. Idle: "a large (> 15us) gap is left
     * between each request" (50 us here); busy: "messages are sent as quickly as possible, one
     * after another, but with only one message in flight at a time".
     * \param endpoints connections \param busy busy (else idle) \param requests measured
     * \return the mean round trip and the server's costs
     */
    static ServerResult ServerRoundTrip(uint32_t endpoints, bool busy, uint32_t requests);

    /**
     * \brief Figure 9: "multiple requests are sent by the client on different connections
     * before collecting each of the replies".
     * \param endpoints connections (one request in flight on each) \param rounds rounds
     * \return requests per second
     */
    static double ServerRequestsPerSecond(uint32_t endpoints, uint32_t rounds);

    /// \return the rows of section 5.3.1 and Figures 8 and 9
    static std::vector<SanPaperRow> ServerRows();

    /**
     * \brief Figure 10: messages sent one way to the server by DMA, "the server acknowledging
     * each message" (a Tripwire on the message's last word, the event loop, a PIO write back).
     * \param bytes message size (a multiple of 4) \param streaming (b) "the next is started
     * without waiting for acknowledgement" (else (a): one in flight) \param messages measured
     * \return Mbit/s (10^6 bits) from the first send to the last acknowledgement
     */
    static double DmaBandwidthMbps(uint32_t bytes, bool streaming, uint32_t messages);

    /// \return section 6.3: the round trip of an MPI-style ping-pong (spinning), in us
    /// \param iterations round trips averaged
    static double MpiRoundTripUs(uint32_t iterations);

    /// \return the rows of Figure 10 and sections 5.3.2 and 6.3
    static std::vector<SanPaperRow> StreamingRows();

    /// \return every row of results/tripwire.csv (the TCP/IP baselines' included)
    static std::vector<SanPaperRow> AllRows();

    /**
     * \brief Write the figures' data beside the CSV: tripwire-fig7-raw-bandwidth.csv,
     * -fig8-rtt-vs-endpoints.csv, -fig9-requests-vs-endpoints.csv, -fig10-dma-bandwidth.csv
     * and -fig12-tcp.csv (the Ethernet curves).
     * \param prefix a folder path ending in '/' (or "")
     */
    static void WriteFigures(const std::string& prefix);

    /// \return Figure 7's message sizes
    static std::vector<uint32_t> Figure7Sizes();
    /// \return Figures 8 and 9's numbers of endpoints
    static std::vector<uint32_t> EndpointCounts();
    /// \return Figure 10's message sizes
    static std::vector<uint32_t> Figure10Sizes();

    /**
     * \param sizes message sizes, increasing \param bw bandwidth at each
     * \return the size at which the bandwidth first reaches half its largest value,
     * interpolated linearly in log(size) between the two sizes around it
     */
    static double HalfBandwidthSize(const std::vector<uint32_t>& sizes,
                                    const std::vector<double>& bw);
};

} // namespace ns3

#endif /* TRIPWIRE_PAPER_EXPERIMENTS_H */
