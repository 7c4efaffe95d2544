/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_IP_NET_DEVICE_H
#define SAN_IP_NET_DEVICE_H

#include "san-ip-transport.h"

#include "ns3/ipv4-address.h"
#include "ns3/mac48-address.h"
#include "ns3/san-net-device.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief IP over a san network interface: the NetDevice under HostStackNetDevice (and so under
 * ns-3's internet stack) whose frames a SanIpTransport moves across the fabric.
 *
 * No ARP: the IP subnet maps arithmetically onto the fabric's host numbers (the host
 * ("Network" + n + 1) is fabric host n), so no table grows with the number of hosts. Packets
 * to addresses outside the subnet, broadcasts and multicasts are dropped and traced ("Drop").
 * Link addresses are MAC-48 addresses built from the host number (locally administered).
 */
class SanIpNetDevice : public SanNetDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanIpNetDevice();
    ~SanIpNetDevice() override;

    /**
     * \brief Attach the transport (once); it delivers to this device from now on.
     * \param transport the interface's IP transport
     */
    void SetTransport(Ptr<SanIpTransport> transport);
    /// \return the transport
    Ptr<SanIpTransport> GetTransport() const;

    /**
     * \param address an IPv4 address
     * \return its fabric host number, or UINT32_MAX if it is not a host of the subnet
     */
    uint32_t HostNumberOf(Ipv4Address address) const;

    /// \param host a host number \return its link address
    static Mac48Address LinkAddressOf(uint32_t host);
    /// \param address a link address (LinkAddressOf) \return its host number
    static uint32_t HostOfLinkAddress(const Mac48Address& address);

    /// \return packets dropped (no host for their destination)
    uint64_t GetDrops() const;

    // NetDevice
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    bool IsBroadcast() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;

  protected:
    void DoDispose() override;

  private:
    /// The transport delivered a packet. \param p packet \param src source host \param proto
    /// protocol
    void Receive(Ptr<Packet> p, uint32_t src, uint16_t proto);

    Ptr<SanIpTransport> m_transport;               //!< mover
    Ipv4Address m_network;                         //!< subnet
    Ipv4Mask m_mask;                               //!< its mask
    uint64_t m_drops{0};                           //!< dropped packets
    TracedCallback<Ptr<const Packet>> m_dropTrace; //!< dropped packets
};

} // namespace ns3

#endif /* SAN_IP_NET_DEVICE_H */
