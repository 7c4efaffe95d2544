/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_REQUEST_RESPONSE_HELPER_H
#define SAN_REQUEST_RESPONSE_HELPER_H

#include "san-pair-workload-helper.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

class SanRequestServer;

/**
 * \ingroup san
 * \brief Installs the request/response workload (SanRequestServer, SanRequestClient) on any
 * interface's messenger: one server and its clients (Install(clients, server)), and sums up
 * what they measured.
 */
class SanRequestResponseHelper : public SanPairWorkloadHelper
{
  public:
    /// \param messengerType a SanMessenger TypeId
    explicit SanRequestResponseHelper(const std::string& messengerType = "ns3::SanSocketMessenger");

    /// What a server and its clients measured.
    struct Summary
    {
        uint32_t clients{0};           //!< clients
        uint64_t answered{0};          //!< measured requests the clients had answered
        uint64_t windowRequests{0};    //!< requests the server served in the window
        Time windowFrom;               //!< the window: every client measuring ...
        Time windowUntil;              //!< ... until the first finished
        Time windowSpan;               //!< from the first to the last request in it
        double requestsPerSecond{0};   //!< the server's rate in the window
        Time cpuPerRequest;            //!< the server host's CPU busy time per request, window
        double interruptsPerSecond{0}; //!< the server host's interrupts, window
        Time meanLatency;              //!< over every measured request of every client
        Time p50Latency;               //!< median (nearest rank)
        Time p90Latency;               //!< 90th percentile
        Time p99Latency;               //!< 99th percentile
        Time maxLatency;               //!< the slowest
    };

    /**
     * \brief The server's figures over the window in which every client was measuring (from
     * the last client's first measured request to the first client's last response: the
     * server at full load), the latencies over every measured request.
     * \param apps what Install(clients, server) returned, after the run (every client done;
     * aborts otherwise)
     * \return the figures (the rates zero if the window holds fewer than two requests)
     */
    static Summary Summarize(const ApplicationContainer& apps);
    /**
     * \brief The server's part of Summarize: its figures over the window \p s already holds
     * (windowFrom, windowUntil), where a run's clients are elsewhere (another MPI rank).
     * \param server the server, after the run
     * \param[in,out] s its window in; windowRequests, windowSpan, requestsPerSecond,
     * cpuPerRequest and interruptsPerSecond out (the rates zero if the window holds fewer than two
     * requests)
     */
    static void SummarizeServer(const SanRequestServer& server, Summary& s);
};

} // namespace ns3

#endif /* SAN_REQUEST_RESPONSE_HELPER_H */
