/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NET_DEVICE_H
#define SAN_NET_DEVICE_H

#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <memory>

namespace ns3
{

/**
 * \ingroup san
 * \brief The NetDevice plumbing every san device shares: interface index, node, MAC address,
 * MTU, link-change callbacks, the protocol-stack callbacks and the answers a device without
 * broadcast, multicast or ARP gives.
 *
 * Switch ports and endpoints (SanPortDevice: a host's, or a switch port's when asked for) and the
 * network interfaces of the NIC layer (SanNicDevice) derive from it, so the NetDevice boilerplate
 * is written once. A subclass provides GetChannel(), IsLinkUp() and Send(); it may override
 * anything else.
 */
class SanNetDevice : public NetDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanNetDevice();
    ~SanNetDevice() override;

    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    /// Sends from another source address are not supported: forwards to Send().
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

    /// Run the callbacks given to AddLinkChangeCallback (a subclass calls it when its link
    /// comes up or goes down).
    void NotifyLinkChange();

    Ptr<Node> m_node;                              //!< the node the device sits on
    uint32_t m_nodeId{0};                          //!< its id (event contexts)
    NetDevice::ReceiveCallback m_rxCallback;       //!< protocol stack above, if any
    NetDevice::PromiscReceiveCallback m_promiscCb; //!< promiscuous listener, if any

  private:
    uint32_t m_ifIndex{0};  //!< interface index
    uint16_t m_mtu{1500};   //!< MTU
    Mac48Address m_address; //!< address
    /// AddLinkChangeCallback's callbacks, made on first use (most devices get none)
    std::unique_ptr<TracedCallback<>> m_linkChangeCallbacks;
};

} // namespace ns3

#endif /* SAN_NET_DEVICE_H */
