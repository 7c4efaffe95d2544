/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PORT_EXTRAS_H
#define SAN_PORT_EXTRAS_H

#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <memory>

namespace ns3
{

class SanPort;
class SanXonXoffReceiver;
struct SanFabricPacket;

/**
 * \ingroup san
 * A port's trace sources (SanPortDevice's). Most ports of a large fabric are never traced, so
 * they are made when a tracer first connects (72 bytes a port otherwise, on every port).
 */
struct SanPortTraces
{
    /// Fires with a packet (san header + payload) built only when someone
    /// listens, as it leaves and as it arrives; pcap helpers connect here.
    TracedCallback<Ptr<const Packet>> promiscSniffer;
    /// Departures and arrivals with their kind; ASCII trace helpers connect here.
    TracedCallback<char, Ptr<const Packet>, uint32_t> packetEvent;
    TracedCallback<uint64_t, uint32_t, uint32_t, uint32_t, uint32_t> tx; //!< departures
};

/**
 * \ingroup san
 * \brief What few ports need, kept in a table beside the ports (a pointer in every port would
 * cost 8 bytes on each, and a switch keeps its ports as 64-byte records): the trace sources of
 * ports someone traces, the receiving end of an Xon/Xoff link, the high bits of the port's
 * 32-bit counters, and wake-up and busy-until times beyond the port's frame. Made on a port's
 * first need (the port's m_hasExtras bit says it has some) and dropped with the port.
 */
class SanPortExtras
{
  public:
    SanPortExtras();
    ~SanPortExtras();
    SanPortExtras(const SanPortExtras&) = delete;
    SanPortExtras& operator=(const SanPortExtras&) = delete;

    SanPortTraces traces;                   //!< the port's trace sources
    std::unique_ptr<SanXonXoffReceiver> rx; //!< Xon/Xoff receiver: buffers and checks
    uint64_t txPacketsHigh{0}; //!< packets sent, above the port's 32 bits (their carries)
    uint64_t busyStepsHigh{0}; //!< busy time, above the port's 32 bits (their carries)
    int64_t farWake{0};        //!< a pending wake-up time beyond the frame (FRAMED_FAR)
    int64_t farBusyUntil{0};   //!< a busy-until time beyond the frame (FRAMED_FAR)

    /// \param port a port without extras \return its new extras
    static SanPortExtras& Make(const SanPort* port);
    /// \param port a port with extras \return them
    static SanPortExtras& Find(const SanPort* port);
    /// Drop a port's extras. \param port a port with extras
    static void Drop(const SanPort* port);

    /**
     * Trace a port's departure or arrival at the time it happens (scheduled if that is later
     * than now: a tracer sees every event in time order), as an ns-3 packet with its
     * SanFabricHeader (a piece of a split burst: the burst's header, then the piece's data).
     * \param port the port
     * \param kind '-' departure or 'r' arrival
     * \param p the packet
     * \param vc channel taken, or SanPort::NO_VC
     * \param ts time of the event
     */
    static void TracePacket(SanPort* port,
                            char kind,
                            const SanFabricPacket* p,
                            uint32_t vc,
                            int64_t ts);

  private:
    /// Fire a port's trace sources. \param port the port \param kind '-' or 'r'
    /// \param pkt packet \param vc channel
    static void FireTraces(SanPort* port, char kind, Ptr<const Packet> pkt, uint32_t vc);
};

} // namespace ns3

#endif /* SAN_PORT_EXTRAS_H */
