/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_PORT_H
#define SAN_FABRIC_PORT_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{

class NetDevice;

/**
 * \ingroup san
 * \brief What a network interface sees of the fabric: the host's attachment point.
 *
 * A NIC (SanNicDevice) sends and receives whole ns-3 Packets through this interface and knows
 * nothing else of the fabric: not its packet descriptors, channels or switches. The fabric's
 * SanEndpointDevice implements it; a test may implement it to feed a NIC by hand.
 *
 * The wire size of a packet is its ns-3 size (the NIC's header + payload); the link adds its
 * framing bytes, which GetLinkTxTime() includes (the fabric's routing header exists only in
 * pcap traces and costs no link time).
 */
class SanFabricPort
{
  public:
    /// A whole packet has arrived (its tail is on the card): the packet and its source host.
    typedef Callback<void, Ptr<const Packet>, uint32_t> PacketArrivalCallback;
    /// A packet's head has arrived: the packet, its source host, and when its tail will arrive.
    typedef Callback<void, Ptr<const Packet>, uint32_t, Time> HeadArrivalCallback;
    /**
     * A piece of a splittable packet has arrived whole: the packet as its sender passed it
     * (header included), its source host, and the piece's data as an offset and a length in
     * bytes counted from the end of the header. Only those bytes of the packet belong to this
     * piece; their address is the header's plus the offset (CLAN 1999, section 2.2).
     */
    typedef Callback<void, Ptr<const Packet>, uint32_t, uint32_t, uint32_t> PieceArrivalCallback;

    virtual ~SanFabricPort() = default;

    /// \return this attachment point's host number in the fabric
    virtual uint32_t GetHostNumber() const = 0;

    /**
     * \brief Send a packet whose bytes are all on the card.
     * \param dst destination host number
     * \param packet the packet (its size is its size on the wire)
     * \return false if the fabric refused it (unknown host, or larger than the fabric allows)
     */
    virtual bool SendPacket(uint32_t dst, Ptr<Packet> packet) = 0;

    /**
     * \brief Send a packet whose bytes reach the card gradually (cut-through from a slower
     * host bus): the head leaves as soon as the link allows, the tail not before
     * \p lastByteReady, and every later link inherits that pace.
     * \param dst destination host number
     * \param packet the packet
     * \param lastByteReady when the card has the packet's last byte (absolute time)
     * \return false if the fabric refused it
     */
    virtual bool SendPacketPaced(uint32_t dst, Ptr<Packet> packet, Time lastByteReady) = 0;

    /**
     * \brief Send a splittable packet: a write burst whose first \p headerBytes bytes are a
     * header naming where its data goes and whose data the fabric may cut at any 4-byte word
     * (each piece with a header computed from the first's) and merge again (CLAN 1999,
     * section 2.2). Its pieces reach the receiver in order under deterministic routing.
     *
     * The receiver gets it either piece by piece (SetPieceArrivalCallback), or, without a
     * piece callback, whole through the packet-arrival callback once every piece is in.
     * This default sends it as an ordinary packet, for a port that never splits.
     * \param dst destination host number
     * \param packet the packet (header and data)
     * \param headerBytes bytes of header at its start (fewer than the packet's size)
     * \param lastByteReady when the card has its last byte (absolute time; zero or the past:
     * all bytes are on the card)
     * \return false if the fabric refused it
     */
    virtual bool SendSplittablePacket(uint32_t dst,
                                      Ptr<Packet> packet,
                                      uint32_t headerBytes,
                                      Time lastByteReady)
    {
        return SendPacketPaced(dst, packet, lastByteReady);
    }

    /// \param cb called for every packet delivered whole to this host (null: none)
    virtual void SetPacketArrivalCallback(PacketArrivalCallback cb) = 0;

    /**
     * \param cb called for every piece of a splittable packet as it arrives (a packet that was
     * not split arrives as one piece: offset 0, all its data), instead of the packet-arrival
     * and head-arrival callbacks (null: splittable packets are reassembled and arrive whole).
     * This default ignores it, for a port that never splits: packets arrive whole.
     */
    virtual void SetPieceArrivalCallback(PieceArrivalCallback cb)
    {
    }

    /// \param cb called when a packet's head reaches this host (null: none; a port may charge
    /// an event per packet only while one is set)
    virtual void SetHeadArrivalCallback(HeadArrivalCallback cb) = 0;

    /// \param bytes a packet's size \return its serialization time on the host's link
    /// (framing included)
    virtual Time GetLinkTxTime(uint32_t bytes) const = 0;

    /// \return the largest packet the fabric carries
    virtual uint32_t GetMaxPacketSize() const = 0;

    /// \return the hosts the fabric connects (a destination is a host number below it)
    virtual uint32_t GetNHosts() const = 0;

    /// \return the NetDevice that is the port (for its channel, address and pcap)
    virtual Ptr<NetDevice> GetPortDevice() = 0;
};

} // namespace ns3

#endif /* SAN_FABRIC_PORT_H */
