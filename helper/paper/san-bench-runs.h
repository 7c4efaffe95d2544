/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_BENCH_RUNS_H
#define SAN_BENCH_RUNS_H

#include "san-bench-testbed.h"

#include "ns3/nstime.h"
#include "ns3/san-request-response-helper.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class SanGroupWorkloadHelper;

/**
 * \ingroup san
 * \brief One run of a benchmark workload on a SanBenchTestbed of one interface, from building
 * the testbed to Simulator::Destroy: what nic-shootout and the tests both run.
 */
class SanBenchRuns
{
  public:
    /// Which testbed a run builds: a SanBenchTestbed interface and preset (a name alone: its
    /// "as-published" testbed).
    struct Testbed
    {
        /// \param name an interface \param presetName a preset
        Testbed(std::string name, std::string presetName = "as-published")
            : iface(std::move(name)),
              preset(std::move(presetName))
        {
        }

        /// \param name an interface, as published
        Testbed(const char* name)
            : Testbed(std::string(name))
        {
        }

        /// \return the interface, and the preset unless it is "as-published"
        std::string GetName() const
        {
            return preset == "as-published" ? iface : iface + " (" + preset + ")";
        }

        std::string iface;  //!< SanBenchTestbed::GetInterfaces()
        std::string preset; //!< SanBenchTestbed::GetPresets()
    };

    /// What a ping-pong gave.
    struct PingPong
    {
        std::vector<Time> roundTrips; //!< measured, in order
        uint64_t echoed{0};           //!< messages the server echoed
        bool done{false};             //!< every round finished
        Time oneWay;                  //!< half the mean measured round trip
        double mbps{0};               //!< the ping-pong bandwidth (10^6 bytes/s)
        /// the simulator's events per message between the first and last measured echo
        /// (set-up and idle time left out; zero with fewer than two measured rounds)
        double eventsPerMessage{0};
        double linkBps{0}; //!< the slowest link's rate
    };

    /**
     * \param bed a testbed \param bytes message size
     * \param rounds measured rounds \param warmup rounds before them
     * \return what it gave (run until done or a minute of simulated time)
     */
    static PingPong RunPingPong(const Testbed& bed,
                                uint32_t bytes,
                                uint32_t rounds,
                                uint32_t warmup);

    /// What a stream gave.
    struct Stream
    {
        uint64_t sent{0};     //!< messages the library took
        uint64_t received{0}; //!< messages the sink took
        uint64_t bytes{0};    //!< bytes the sink took
        double mbps{0};       //!< the sink's bandwidth after its warm-up
        double linkBps{0};    //!< the slowest link's rate
        /// the simulator's events per message from the first measured arrival to the last
        double eventsPerMessage{0};
    };

    /**
     * \param bed a testbed \param bytes message size
     * \param messages messages sent \param warmup messages the sink leaves out
     * \return what it gave
     */
    static Stream RunStream(const Testbed& bed, uint32_t bytes, uint32_t messages, uint32_t warmup);

    /**
     * \brief Incast: a stream sender on each of the testbed's hosts 1..senders, all aimed at
     * one sink on host 0, each sending \p messages of \p bytes back to back, all started at
     * one instant once every one is connected ("WaitForGo"). One sender: RunStream.
     * \param bed a testbed \param senders senders
     * \param bytes message size \param messages messages per sender
     * \param warmup (one sender) arrivals the sink leaves out
     * \return what the sink took; its bandwidth, with more than one sender, every byte over the
     * time from the start to the last arrival
     */
    static Stream RunIncast(const Testbed& bed,
                            uint32_t senders,
                            uint32_t bytes,
                            uint32_t messages,
                            uint32_t warmup);

    /// What a request/response run gave.
    struct RequestResponse
    {
        SanRequestResponseHelper::Summary summary; //!< the helper's figures
        std::vector<Time> latencies;               //!< every client's, in client order
        uint64_t served{0};                        //!< requests the server served
        double linkBps{0};                         //!< the slowest link's rate
        /// the simulator's events per message (a request and its response are two) over the
        /// summary's window
        double eventsPerMessage{0};
    };

    /**
     * \brief A server on the testbed's host 0, a client on each of hosts 1..clients.
     * \param bed a testbed \param clients clients
     * \param requests measured requests per client \param warmup requests before them
     * \param requestBytes each request \param responseBytes each response
     * \return what it gave (aborts, naming the run, if a client did not finish)
     */
    static RequestResponse RunRequestResponse(const Testbed& bed,
                                              uint32_t clients,
                                              uint32_t requests,
                                              uint32_t warmup,
                                              uint32_t requestBytes,
                                              uint32_t responseBytes);

    /// What a group workload (all-to-all, barrier) gave.
    struct Group
    {
        bool done{false};     //!< every process finished
        uint64_t received{0}; //!< messages received, all processes (all-to-all)
        Time slowest;         //!< the longest measured time of any process
        Time perStep;         //!< slowest / measured rounds (or barriers)
        double mbps{0};       //!< all-to-all: every measured byte over slowest (10^6 B/s)
        double linkBps{0};    //!< the slowest link's rate
    };

    /**
     * \param bed a testbed \param processes one per host
     * \param bytes each message \param rounds measured rounds \param warmup rounds before them
     * \return what it gave (aborts, naming the run, if a process did not finish)
     */
    static Group RunAllToAll(const Testbed& bed,
                             uint32_t processes,
                             uint32_t bytes,
                             uint32_t rounds,
                             uint32_t warmup);

    /**
     * \param bed a testbed \param processes one per host
     * \param barriers measured barriers \param warmup barriers before them
     * \return what it gave (perStep: the time of one barrier)
     */
    static Group RunBarrier(const Testbed& bed,
                            uint32_t processes,
                            uint32_t barriers,
                            uint32_t warmup);

    /**
     * \brief The run is over: dispose the workload's processes while their hosts and
     * interfaces still stand (a process waiting in its library lets go of its wait), then
     * destroy the simulator (which disposes the nodes, their devices first).
     * \param apps the workload's applications
     */
    static void EndRun(const ApplicationContainer& apps);
    /**
     * \param done the workload has finished: the run ends a drain time later (100 ms
     * simulated), rather than at its limit (a process that polls, as CLAN's and DART's can,
     * would spin until then). Not at once: work under way (an operation holding a host's
     * resource) would be cut off in the middle, its objects still holding one another when the
     * simulator is destroyed.
     */
    static void StopWhen(bool done);
    /**
     * \brief Hold the clients apps[1..] (each with "WaitForGo") until every one is connected,
     * then start them all at that instant (a harness's start of many clients at once).
     * \param apps the workload's applications, the server or sink first
     * \return where the instant of the start will be written (negative until then)
     */
    static std::shared_ptr<Time> GoTogether(const ApplicationContainer& apps);

  private:
    /// Run the group workload \p helper installs on \p testbed's hosts: \p steps measured.
    static Group RunGroup(const SanBenchTestbed& testbed,
                          SanGroupWorkloadHelper& helper,
                          const std::string& what,
                          uint32_t steps);
    /// \return for a run that stopped short: processes done, when it ended, the NICs' drops
    static std::string DescribeStall(const SanBenchTestbed& testbed,
                                     const ApplicationContainer& apps);
};

} // namespace ns3

#endif /* SAN_BENCH_RUNS_H */
