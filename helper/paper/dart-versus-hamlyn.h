/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_VERSUS_HAMLYN_H
#define DART_VERSUS_HAMLYN_H

#include "dart-scenario.h"
#include "hamlyn-scenario.h"
#include "san-paper-row.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Beyond Osborne 1994 and Hamlyn 1995: DART's hybrid deposit model against Hamlyn's
 * sender-based deposit on the same fabric and the same hosts.
 *
 * The common setting: the fabric's 64-host 4-ary 3-tree in Cell mode, links at the hardware
 * DART preset's 155 Mbit/s, up*\/down* routing, 0.5 us switch transit and 64 cells of buffer
 * per port and virtual channel (DartScenario's HARDWARE_155 configuration); every host a
 * PciWorkstationHostPreset (100 MHz Pentium, PCI). DART runs its projected hardware preset
 * (DartHardwareCostModel); Hamlyn runs its projected state-machine preset
 * (HamlynStateMachineCostModel), the closest peer of a hardware DART, with the Rats library
 * on every host. Host 0 is the server or coordinator, hosts 1..63 the 63 clients.
 *
 * Two experiments:
 * - a shared counter that every client increments K times, one increment after the other:
 *   DART's fetch-and-add (DartCompound::FetchAndAdd) is served by the server's card alone;
 *   Hamlyn's is a remote procedure call over Rats tagged writes: a 4-byte request (the
 *   increment) tagged with its number, which the server process takes with get_tag, adds to a
 *   counter in its memory and answers with a 4-byte tagged write of the old value. Tagged
 *   writes rather than Rats' initial request/response: that protocol keeps one request buffer
 *   for all clients and drops what arrives while the server holds a request (its clients
 *   recover by time-out), so 63 concurrent clients would measure its time-outs; and a simple
 *   datagram server has one receive buffer too. Every tagged write notifies on its own and
 *   queues its tag, so requests from any number of clients wait for the server in order.
 * - a barrier across the 63 clients: DartBarrier (a register increment and a conditional
 *   action at the coordinator, one interrupt per episode) against Hamlyn's static group
 *   receive (one simple datagram per participant on its part of a seed split 63 ways: one
 *   notification per episode); each coordinator then releases everyone with one write each
 *   (DART: a WRITE of the epoch; Hamlyn: a 4-byte tagged write, which the participant's
 *   get_tag sees).
 *
 * On 155 Mbit/s links one cell takes 2.7 us, so 63 clients queue at host 0's link: both
 * experiments are bounded there under load (see the rows), and what differs is the server's
 * CPU.
 */
class DartVersusHamlyn
{
  public:
    /// Which interface, and how Hamlyn's server process waits.
    enum Interface
    {
        DART,           //!< hybrid deposit: the server's card answers
        HAMLYN,         //!< sender-based deposit; the server process blocks between requests
        HAMLYN_POLLING, //!< the same with a server process that spins on its queue
    };

    /// What a shared-counter run measured.
    struct Counter
    {
        uint32_t clients{0};          //!< clients
        uint32_t perClient{0};        //!< increments per client (K)
        uint64_t increments{0};       //!< increments completed
        uint32_t finalValue{0};       //!< the counter at the end
        bool distinct{false};         //!< the old values returned are 0 .. N-1, once each
        double meanLatencyUs{0};      //!< mean time of one increment (call to result)
        double totalUs{0};            //!< first call to the last result
        double perSecond{0};          //!< increments / totalUs
        double serverCpuUs{0};        //!< the server CPU's busy time for them (see RunCounter)
        uint64_t serverInterrupts{0}; //!< interrupts the server took meanwhile
    };

    /// What a barrier run measured (per-episode means).
    struct Barrier
    {
        uint32_t participants{0};              //!< participants
        uint32_t episodes{0};                  //!< episodes completed by everyone
        double lastArrivalToLastReleaseUs{0};  //!< mean: last arrival to last release
        double firstArrivalToLastReleaseUs{0}; //!< mean: first arrival to last release
        double lastArrivalToFirstReleaseUs{0}; //!< mean: last arrival to first release
        bool noneEarly{false};                 //!< no release before its episode's last arrival
        double notificationsPerEpisode{0};     //!< coordinator actions (DART) or notifications
        double interruptsPerEpisode{0};        //!< coordinator interrupts
        double coordinatorCpuUsPerEpisode{0};  //!< coordinator CPU busy time
    };

    /// \param i an interface \return its short name ("dart", "hamlyn", "hamlyn-polling")
    static std::string GetName(Interface i);

    /// \return the common setting as a DART scenario (fat tree, hardware DART at 155 Mbit/s)
    static DartScenario::Spec DartSpec();
    /// \return the same fabric and hosts as a Hamlyn scenario (state machines, Rats)
    static HamlynScenario::Spec HamlynSpec();

    /**
     * \brief Clients each increment one shared counter at host 0 \p perClient times, one
     * increment after the other, all starting together. The server's CPU is counted from the
     * start until its work is done: the end of the run (deferred off-critical-path work
     * included), or for a polling server, which spins on, the last result.
     * \param i the interface
     * \param perClient increments per client (K)
     * \param clients clients (1 to 63): hosts 64 - clients .. 63 (a single client, host 63,
     *        is as far from host 0 as the tree allows: five switches)
     * \return what was measured
     */
    static Counter RunCounter(Interface i, uint32_t perClient, uint32_t clients = 63);

    /**
     * \brief \p episodes barriers across the 63 clients, coordinated by host 0. Episode e
     * starts at a fixed time (EPISODE_PERIOD_US apart); participant j arrives a skew of 0 to
     * 6.2 us after it (different in every episode).
     * \param i the interface (HAMLYN_POLLING: a spinning coordinator)
     * \param episodes episodes
     * \return what was measured; the coordinator's CPU and interrupts per episode are counted
     *         between episode starts
     */
    static Barrier RunBarrier(Interface i, uint32_t episodes);

    /// \return every row (experiments "beyond-counter-<interface>", "beyond-barrier-<...>")
    static std::vector<SanPaperRow> Rows();

    /**
     * ASSUMED: the Hamlyn server's own work per request after get_tag returns, in
     * instructions: load the request's increment, load, add and store the counter, store the
     * old value into the reply buffer, look up the client's reply ticket (two loads) and loop
     * back (about three): 10. Not measured by either paper.
     */
    static constexpr double SERVER_INCREMENT_INSTRUCTIONS = 10;

    /// Time between the starts of two barrier episodes (every episode is over well before).
    static constexpr uint32_t EPISODE_PERIOD_US = 1000;
};

} // namespace ns3

#endif /* DART_VERSUS_HAMLYN_H */
