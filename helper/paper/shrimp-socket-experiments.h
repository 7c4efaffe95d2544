/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_SOCKET_EXPERIMENTS_H
#define SHRIMP_SOCKET_EXPERIMENTS_H

#include "ns3/shrimp-socket.h"
#include "ns3/vrpc-connection.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Measurements of SHRIMP's stream sockets (Felten et al. 1996, section 4.3, Figure 7
 * and the ttcp runs) and of VRPC (section 4.2, Figure 5). Each function builds its own
 * ShrimpScenario (with the Ethernet where sockets need it), runs and destroys the simulation.
 *
 * As in the paper, a latency is half a ping-pong round trip and a ping-pong bandwidth is the
 * user's bytes divided by the one-way time (MB/s of 10^6 bytes).
 */
class ShrimpSocketExperiments
{
  public:
    /// One ping-pong's result.
    struct PingPong
    {
        double oneWayUs{0}; //!< half the mean round trip
        double mbps{0};     //!< user bytes per one-way time
    };

    /**
     * \brief Ping-pong of \p size-byte messages between two SHRIMP sockets (ns-3's Socket
     * API): each side, once it has received all \p size bytes, sends them back.
     * \param v the library variant
     * \param size bytes per message (> 0)
     * \param rounds round trips measured (after two of warm-up)
     * \param userOffset misalignment of the applications' send buffers (0-3)
     * \return latency and bandwidth
     */
    static PingPong SocketPingPong(ShrimpSocket::Variant v,
                                   uint32_t size,
                                   uint32_t rounds = 20,
                                   uint32_t userOffset = 0);

    /**
     * \brief Small-message socket latency minus the VMMC layer's latency of the same transfer
     * strategy (ShrimpPaperExperiments::VmmcPingPong: AU-2copy for AU, DU-1copy for DU); the
     * paper's "13 us above the hardware limit" (section 4.3) is what this predicts.
     * \param v the library variant
     * \param size message bytes
     * \return the overhead, us
     */
    static double SocketSmallOverheadUs(ShrimpSocket::Variant v = ShrimpSocket::AU_2COPY,
                                        uint32_t size = 4);

    /**
     * \brief A ttcp-like one-way test: ns-3's BulkSendApplication (SendSize = \p size) into a
     * PacketSink, both over ShrimpSocketFactory, unmodified.
     * \param size bytes per send() (> 0)
     * \param v the library variant
     * \param messages sends in the run
     * \return the sink's steady bandwidth (bytes after the first arrival over the time from
     *         the first to the last arrival), MB/s
     */
    static double TtcpMBps(uint32_t size,
                           ShrimpSocket::Variant v = ShrimpSocket::AU_2COPY,
                           uint32_t messages = 0);

    /**
     * \brief The library's own one-way microbenchmark: a program calling the blocking send()
     * in a loop (the next call once the previous one returned, i.e. its data is in the peer's
     * ring) and a receiver calling recv() for each message's bytes.
     * \param size bytes per send() (> 0)
     * \param v the library variant
     * \param messages sends in the run
     * \return bandwidth measured as TtcpMBps does, MB/s
     */
    static double OneWayMBps(uint32_t size,
                             ShrimpSocket::Variant v = ShrimpSocket::AU_2COPY,
                             uint32_t messages = 0);

    /// A VRPC ping-pong's result.
    struct RpcResult
    {
        double rttUs{0}; //!< mean round trip of a call
        double mbps{0};  //!< argument and result bytes per round trip, MB/s
    };

    /**
     * \brief Calls with a single opaque argument and a single opaque result of \p argBytes
     * each (Figure 5), through VRPC over VMMC. The default is the library as section 4.2
     * measured it (stubs unchanged: automatic update, the receiver's copy out of the queue).
     * \param argBytes argument and result bytes (0: the null procedure)
     * \param calls timed calls (after two warm-up calls)
     * \param transfer automatic or deliberate update
     * \param receiverCopy false: the stubs decode in place (section 4.2's further optimization)
     * \return round trip and bandwidth (2 x argBytes per round trip)
     */
    static RpcResult VrpcCall(uint32_t argBytes,
                              uint32_t calls = 20,
                              VrpcConnection::Transfer transfer = VrpcConnection::AUTOMATIC_UPDATE,
                              bool receiverCopy = true);

    /// \param argBytes argument and result bytes \return VrpcCall(argBytes).rttUs
    static double VrpcNullRttUs(uint32_t argBytes = 0);
};

} // namespace ns3

#endif /* SHRIMP_SOCKET_EXPERIMENTS_H */
