/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_PAPER_EXPERIMENTS_H
#define DART_PAPER_EXPERIMENTS_H

#include "dart-scenario.h"
#include "san-paper-row.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The reproduction of Osborne 1994 (DART, MERL TR94-09): every experiment returns its
 * rows of results/dart.csv. The example dart-paper and the san-dart-paper test run them.
 *
 * Latency is "application to application for a 32 byte transfer" (section 3), best case: the
 * sending process writes the Send Registers (or traps, in the software DART), the receiving
 * process polls its memory, both machines otherwise idle, TLBs warm; the time is from the send
 * to the receiver noticing the data (one way, no round trip).
 */
class DartPaperExperiments
{
  public:
    /// Paper id (results/dart.csv).
    static constexpr const char* PAPER = "dart";

    /// One message's latency and its stages, in microseconds.
    struct Latency
    {
        double totalUs{0};   //!< send to the receiver noticing
        double sendUs{0};    //!< send to the message handed to the fabric
        double fabricUs{0};  //!< fabric: handed over to arrival at the receiving interface
        double receiveUs{0}; //!< arrival to the deposit in memory
        double noticeUs{0};  //!< deposit to the process noticing
    };

    /**
     * \param config a configuration of the paper
     * \param bytes message size (up to 32: one control cell; more: write multiple)
     * \return the best-case one-way latency and its stages
     */
    static Latency OneWay(DartScenario::Config config, uint32_t bytes);

    /// \return the section 3 latencies (software DART switchless and switched; hardware at
    /// 155 and 622 Mbit/s) and their stages
    static std::vector<SanPaperRow> Latencies();
    /// \return beyond the paper: DART against Hamlyn and the host-load experiments
    static std::vector<SanPaperRow> BeyondPaper();
};

} // namespace ns3

#endif /* DART_PAPER_EXPERIMENTS_H */
