/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_IP_TRANSPORT_H
#define SAN_FABRIC_IP_TRANSPORT_H

#include "san-ip-transport.h"

#include "ns3/net-device.h"

namespace ns3
{

class SanFabricPort;

/**
 * \ingroup san
 * \brief IP packets straight over a SanFabricPort, each in one fabric packet with a link
 * header and, optionally, AAL5 framing: as ATM LAN Emulation carries them through the fabric's
 * cell mode (LE header and Ethernet header, 16 bytes; the AAL5 trailer, 8 bytes, and padding to
 * a whole number of 48-byte cell payloads; a 1500-byte MTU). The fabric cuts the packet into
 * cells and the receiving port reassembles it.
 *
 * It is also the reference transport for SanIpNetDevice: a NIC with its own IP path (CLAN IP,
 * SCI/NDIS) implements SanIpTransport in its own folder in the same way.
 */
class SanFabricIpTransport : public SanIpTransport
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanFabricIpTransport();
    ~SanFabricIpTransport() override;

    /**
     * \brief Attach to a fabric port (once).
     * \param port the host's fabric attachment (a SanEndpointDevice)
     */
    void Attach(Ptr<NetDevice> port);

    /// \param bytes an IP packet's size \return its size on the fabric (headers, trailer, pad)
    uint32_t GetFramedSize(uint32_t bytes) const;

    /// \return IP packets sent
    uint64_t GetTransmitted() const;
    /// \return IP packets received
    uint64_t GetReceived() const;

    bool Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol) override;
    void SetReceiveCallback(ReceiveCallback cb) override;
    uint32_t GetHostNumber() const override;
    uint16_t GetMtu() const override;

  protected:
    void DoDispose() override;

  private:
    /// A fabric packet arrived. \param p packet \param src source host
    void FromFabric(Ptr<const Packet> p, uint32_t src);

    Ptr<NetDevice> m_portDevice;    //!< keeps the port alive
    SanFabricPort* m_port{nullptr}; //!< the port
    ReceiveCallback m_rx;           //!< up
    uint32_t m_headerBytes{16};     //!< link header bytes
    bool m_aal5{true};              //!< AAL5 trailer and padding
    uint32_t m_cellPayload{48};     //!< AAL5 padding unit
    uint16_t m_mtu{1500};           //!< largest IP packet
    uint64_t m_transmitted{0};      //!< sent
    uint64_t m_received{0};         //!< received
};

} // namespace ns3

#endif /* SAN_FABRIC_IP_TRANSPORT_H */
