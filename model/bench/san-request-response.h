/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_REQUEST_RESPONSE_H
#define SAN_REQUEST_RESPONSE_H

#include "san-messenger-application.h"
#include "san-messenger-client.h"

#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class HostCpu;

/**
 * \ingroup san
 * \brief The request/response server: one process that takes requests from any client, in
 * arrival order, does "ServiceTime" of work on its host's CPU for each and sends a response of
 * "ResponseBytes" back to the client that asked, then takes the next: a single-threaded server
 * loop, as the papers' servers are. Start it no later than its clients.
 *
 * For every request served it records when, and its host's CPU busy time and interrupt count
 * at that moment (a few words a request), so that the server's figures can be taken over any
 * window after the run (SanRequestResponseHelper::Summarize takes the one where every client
 * was measuring).
 */
class SanRequestServer : public SanMessengerApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRequestServer();
    ~SanRequestServer() override;

    /// The server's state just after it sent one response.
    struct Served
    {
        Time at;             //!< when the response was handed to the library
        Time cpuBusy;        //!< the host CPU's busy time so far
        uint64_t interrupts; //!< the host CPU's interrupts so far
    };

    /// \return every request served, in order
    const std::vector<Served>& GetServed() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Post the next receive.
    void Next();
    /// A request from \p peer: serve it.
    void Received(uint32_t peer, uint32_t bytes);
    /// The work is done: respond to \p peer.
    void Respond(uint32_t peer);

    uint32_t m_responseBytes{8};            //!< each response's size
    Time m_serviceTime;                     //!< work per request
    Ptr<HostCpu> m_cpu;                     //!< the host's CPU (null: a host without one)
    std::vector<Served> m_served;           //!< per request
    bool m_running{false};                  //!< between start and stop
    TracedCallback<uint32_t> m_servedTrace; //!< a request served (the client's node id)
};

/**
 * \brief A request/response client: connects to the server's node, then, closed loop, sends a
 * request of "RequestBytes", waits for the response, thinks for "ThinkTime", and again,
 * "WarmupRequests" + "Requests" times. Each measured request's latency (send to whole response)
 * is kept and traced ("Latency").
 */
class SanRequestClient : public SanMessengerClient
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRequestClient();
    ~SanRequestClient() override;

    /// \return the measured latencies, in order
    const std::vector<Time>& GetLatencies() const;
    /// \return when the first measured request was sent (zero before it)
    Time GetMeasuredFrom() const;
    /// \return when the last measured response arrived (zero before it)
    Time GetMeasuredUntil() const;
    /// \return true once every request is answered
    bool IsDone() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Connected (and free to go): the first request.
    void Begin() override;
    /// Send the next request.
    void Ask();
    /// Its response.
    void Received(uint32_t peer, uint32_t bytes);

    uint32_t m_peer{0};                  //!< the server's node id
    uint32_t m_bytes{8};                 //!< request bytes
    uint32_t m_requests{100};            //!< measured requests
    uint32_t m_warmup{10};               //!< unmeasured first requests
    Time m_think;                        //!< between a response and the next request
    uint32_t m_done{0};                  //!< requests answered
    bool m_running{false};               //!< between start and stop
    Time m_sentAt;                       //!< this request's send
    Time m_measuredFrom;                 //!< the first measured request's send
    Time m_measuredUntil;                //!< the last measured response
    EventId m_thinking;                  //!< the think time running
    std::vector<Time> m_latencies;       //!< measured
    TracedCallback<Time> m_latencyTrace; //!< each measured latency
};

} // namespace ns3

#endif /* SAN_REQUEST_RESPONSE_H */
