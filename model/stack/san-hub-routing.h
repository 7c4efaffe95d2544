/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_HUB_ROUTING_H
#define SAN_HUB_ROUTING_H

#include "ns3/ipv4-routing-protocol.h"

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief IPv4 routing for the centre of a star: a node with one link to each of many hosts
 * (SHRIMP's set-up Ethernet, ShrimpScenario), each link its own subnet. It forwards a packet out
 * of the interface whose subnet holds the destination, found in a hash table of its subnets, and
 * delivers what is addressed to it.
 *
 * The routes are those ns-3's static routing gives such a node (one network route per
 * connected interface); what differs is the cost: Ipv4StaticRouting scans every network route
 * for each packet, and the weak end-system check before it every interface's address, O(hosts)
 * per packet at the centre of a star of thousands. Here a packet costs a lookup per distinct
 * subnet mask (one in a star). No default route, no multicast: a packet for no connected subnet
 * is dropped (Ipv4L3Protocol's "Drop" trace, no route).
 */
class SanHubRouting : public Ipv4RoutingProtocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanHubRouting();
    ~SanHubRouting() override;

    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    UnicastForwardCallback ucb,
                    MulticastForwardCallback mcb,
                    LocalDeliverCallback lcb,
                    ErrorCallback ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

    /// \return connected subnets known (one per up interface address)
    uint32_t GetNSubnets() const;

  protected:
    void DoDispose() override;

  private:
    /// The connected subnets of one mask length.
    struct Subnets
    {
        uint32_t mask{0};                             //!< the mask
        std::unordered_map<uint32_t, uint32_t> iface; //!< subnet -> its interface
    };

    /// Add \p address's subnet and the address itself (its interface is up).
    void Add(uint32_t interface, const Ipv4InterfaceAddress& address);
    /// Rebuild the tables from the up interfaces (after a removal).
    void Rebuild();
    /// \param destination an address \param[out] interface its subnet's \return found
    bool Lookup(Ipv4Address destination, uint32_t& interface) const;
    /// \param destination an address \param interface the way out \return the route
    Ptr<Ipv4Route> MakeRoute(Ipv4Address destination, uint32_t interface) const;

    Ptr<Ipv4> m_ipv4;                     //!< the node's IPv4
    std::vector<Subnets> m_subnets;       //!< by mask, longest first
    std::unordered_set<uint32_t> m_local; //!< the node's own addresses
};

} // namespace ns3

#endif /* SAN_HUB_ROUTING_H */
