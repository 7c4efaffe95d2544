/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_BEYOND_PAPER_H
#define SHRIMP_BEYOND_PAPER_H

#include "san-paper-row.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief What the SHRIMP paper did not measure, on the same simulated system: combining on
 * and off (packets per word written), notifications against polling (interrupts per second
 * and the host CPU's share), and NX on the 16-node system the paper planned and a 256-node
 * mesh (all-to-all, and a ping-pong under that contention).
 */
class ShrimpBeyondPaper
{
  public:
    /// What an automatic-update stream did.
    struct Combining
    {
        double packetsPerWord{0}; //!< packets sent per 32-bit word written
        double mbps{0};           //!< bytes written / time until the last landed, MB/s
    };

    /**
     * \brief A process copies \p bytes into a bound buffer \p repeats times.
     * \param combine the binding combines (with the timer)
     * \param bytes bytes per copy
     * \param repeats copies
     * \return packets per word and bandwidth
     */
    static Combining AutomaticUpdateStream(bool combine, uint32_t bytes, uint32_t repeats);

    /// How a receiver waiting for messages fared.
    struct Waiting
    {
        double interruptsPerSecond{0}; //!< receiver's interrupts per second
        double cpuShare{0};            //!< receiver CPU's busy share
        double latencyUs{0};           //!< mean send-to-handled time
    };

    /// How the receiver waits.
    enum WaitMode
    {
        WAIT_NOTIFICATION,    //!< blocked for a notification to a user-level handler (a signal)
        WAIT_POLL,            //!< the libraries' poll loop (VmmcEndpoint WaitPolicy POLL)
        WAIT_POLL_THEN_BLOCK, //!< the libraries' switch to blocking (POLL_THEN_BLOCK)
    };

    /**
     * \brief A sender sends \p messages 64-byte deliberate updates, one every \p interval us,
     * each asking for a notification (as the libraries' control updates do); the receiver
     * waits for each as \p mode says.
     * \param mode how the receiver waits
     * \param messages messages
     * \param intervalUs time between sends
     * \return the receiver's interrupts, CPU share and latency
     */
    static Waiting WaitForMessages(WaitMode mode, uint32_t messages, double intervalUs);

    /// \return the rows (results/shrimp.csv, experiments beyond the paper)
    static std::vector<SanPaperRow> Rows();
};

} // namespace ns3

#endif /* SHRIMP_BEYOND_PAPER_H */
