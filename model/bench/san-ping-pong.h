/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PING_PONG_H
#define SAN_PING_PONG_H

#include "san-messenger-application.h"

#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The ping-pong server: echoes every message back to its sender, same size, through its
 * messenger (any interface's library). Start it no later than its clients.
 */
class SanPingPongServer : public SanMessengerApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanPingPongServer();
    ~SanPingPongServer() override;

    /// \return messages echoed
    uint64_t GetEchoed() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// A message from \p peer: send it back.
    void Received(uint32_t peer, uint32_t bytes);

    uint64_t m_echoed{0};  //!< messages echoed
    bool m_running{false}; //!< between start and stop
};

/**
 * \brief The ping-pong client: connects to the server's node, then sends a message of
 * "MessageBytes" and waits for its echo, "WarmupRounds" + "Rounds" times. Each measured round
 * trip is traced ("RoundTrip") and kept: half of it is the one-way latency the papers report;
 * the bytes the measured rounds moved over their whole time is the ping-pong bandwidth.
 */
class SanPingPongClient : public SanMessengerApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanPingPongClient();
    ~SanPingPongClient() override;

    /// \return the measured round trips, in order
    const std::vector<Time>& GetRoundTrips() const;
    /// \return half the mean measured round trip (zero before any)
    Time GetOneWayLatency() const;
    /**
     * \return the ping-pong bandwidth in MB/s (10^6 bytes): the bytes the measured rounds
     * moved (each message there and back) over the time from the first measured send to the
     * last echo
     */
    double GetBandwidthMBps() const;
    /// \return true once every round is done
    bool IsDone() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Connected: the first round.
    void Connected();
    /// Send the next message.
    void Ping();
    /// Its echo.
    void Received(uint32_t peer, uint32_t bytes);

    uint32_t m_peer{0};                    //!< the server's node id
    uint32_t m_bytes{8};                   //!< message bytes
    uint32_t m_rounds{100};                //!< measured rounds
    uint32_t m_warmup{10};                 //!< unmeasured first rounds
    uint32_t m_done{0};                    //!< rounds finished
    bool m_running{false};                 //!< between start and stop
    Time m_sentAt;                         //!< this round's start
    Time m_measuredFrom;                   //!< the first measured round's start
    Time m_lastEcho;                       //!< the last measured echo's arrival
    std::vector<Time> m_roundTrips;        //!< measured
    TracedCallback<Time> m_roundTripTrace; //!< each measured round trip
};

} // namespace ns3

#endif /* SAN_PING_PONG_H */
