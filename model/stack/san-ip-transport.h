/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_IP_TRANSPORT_H
#define SAN_IP_TRANSPORT_H

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/packet.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What a san network interface offers IP: moving one IP packet to another host of its
 * fabric and handing up the ones that arrive. SanIpNetDevice puts ns-3's internet stack on it.
 *
 * An interface's IP driver implements it: CLAN IP (RDMA into buffers the receiver
 * advertised), SCI/NDIS (remote-memory writes), ATM LAN Emulation (AAL5 frames in cells:
 * SanFabricIpTransport). The transport owns its own encapsulation, flow control and NIC
 * costs; the host's per-packet OS and driver costs are charged above it by
 * HostStackNetDevice.
 */
class SanIpTransport : public Object
{
  public:
    /// An IP packet arrived: the packet, the source host number, the protocol number.
    typedef Callback<void, Ptr<Packet>, uint32_t, uint16_t> ReceiveCallback;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ~SanIpTransport() override;

    /**
     * \brief Send one IP packet.
     * \param packet the packet (IP header included)
     * \param dstHost destination host number on the fabric
     * \param protocol its protocol number (0x0800 for IPv4)
     * \return false if it cannot be sent (too large, unknown host)
     */
    virtual bool Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol) = 0;

    /// \param cb called for each IP packet that arrives
    virtual void SetReceiveCallback(ReceiveCallback cb) = 0;

    /// \return this host's number on the fabric
    virtual uint32_t GetHostNumber() const = 0;

    /// \return the largest IP packet it carries
    virtual uint16_t GetMtu() const = 0;
};

} // namespace ns3

#endif /* SAN_IP_TRANSPORT_H */
