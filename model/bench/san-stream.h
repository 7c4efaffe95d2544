/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_STREAM_H
#define SAN_STREAM_H

#include "san-messenger-client.h"

#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The streaming sink: takes every message and measures the stream's bandwidth at the
 * receiver. The first "WarmupMessages" arrivals start the stream (buffers fill, first-touch
 * costs pass); the bandwidth is the bytes of the messages that arrive after the last of them
 * over the time from it to the last arrival (messages handed up at the same instant as it, as a
 * coalescing library such as TCP does, are not counted): what the occupied resources (CPUs,
 * buses, NICs, links) let through while the sender never waited for anything but room. Send
 * enough bytes that the window spans many arrivals.
 */
class SanStreamSink : public SanMessengerApplication
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanStreamSink();
    ~SanStreamSink() override;

    /// TracedCallback signature of Rx: the message's bytes.
    typedef void (*BytesTracedCallback)(uint32_t bytes);

    /// \return messages received
    uint64_t GetReceived() const;
    /// \return bytes received
    uint64_t GetReceivedBytes() const;
    /// \return the stream's bandwidth in MB/s (10^6 bytes; zero before two measured arrivals)
    double GetBandwidthMBps() const;
    /// \return when the last message arrived (zero before any)
    Time GetLastArrival() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// A message from \p peer.
    void Received(uint32_t peer, uint32_t bytes);

    uint32_t m_warmup{10};              //!< arrivals before the measured ones
    uint64_t m_received{0};             //!< messages
    uint64_t m_bytes{0};                //!< bytes
    uint64_t m_measured{0};             //!< bytes of the measured messages
    Time m_measuredFrom;                //!< the last warm-up arrival
    Time m_lastArrival;                 //!< the last arrival
    bool m_running{false};              //!< between start and stop
    TracedCallback<uint32_t> m_rxTrace; //!< each message (its bytes)
};

/**
 * \ingroup san
 * \brief The streaming sender: connects to the sink's node and sends "Messages" messages of
 * "MessageBytes" back to back, each as soon as the library has taken the one before (a program
 * calling send() in a loop), so the library, the NIC and the network set the pace.
 */
class SanStreamSender : public SanMessengerClient
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanStreamSender();
    ~SanStreamSender() override;

    /// \return messages the library has taken
    uint64_t GetSent() const;
    /// \return true once every message is taken
    bool IsDone() const;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Connected (and free to go): send the first message.
    void Begin() override;
    /// The next message.
    void SendNext();

    uint32_t m_peer{0};       //!< the sink's node id
    uint32_t m_bytes{4096};   //!< message bytes
    uint32_t m_messages{100}; //!< messages to send
    uint64_t m_sent{0};       //!< taken by the library
    bool m_running{false};    //!< between start and stop
    bool m_sending{false};    //!< inside SendNext's loop
    bool m_again{false};      //!< the library took a message while in it: send the next
};

} // namespace ns3

#endif /* SAN_STREAM_H */
