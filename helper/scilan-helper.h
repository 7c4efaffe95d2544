/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCILAN_HELPER_H
#define SCILAN_HELPER_H

#include "ns3/attribute.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/scilan-stack.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Installs SCILAN (ScilanStack and ScilanSocketFactory) on hosts that have an SCI
 * adapter (SciHelper), giving the i-th host of a cluster the private address
 * 192.168.(i / 254).(i % 254 + 1) (SCILAN 1998, section 3.3). Applications then create
 * "ns3::ScilanSocketFactory" sockets; connections to other addresses fall through to the
 * node's TCP if it has an internet stack.
 *
 * \code
 *   ScilanHelper scilan;
 *   scilan.SetStackAttribute("Polling", BooleanValue(true));
 *   scilan.Install(hosts);
 *   PacketSinkHelper sink("ns3::ScilanSocketFactory",
 *                         InetSocketAddress(Ipv4Address::GetAny(), 5000));
 * \endcode
 */
class ScilanHelper
{
  public:
    ScilanHelper();

    /// \param name a ScilanStack attribute \param value its value
    void SetStackAttribute(std::string name, const AttributeValue& value);
    /**
     * \brief Also make SCILAN the hosts' UDP: a ScilanUdpSocketFactory answers for
     * "ns3::UdpSocketFactory", so applications that name UDP themselves (UdpEcho) run over
     * SCILAN's datagram sockets. Only on hosts without ns-3's internet stack (aborts
     * otherwise). \param replace true to install it
     */
    void SetReplaceUdp(bool replace);

    /**
     * \brief Install on \p hosts (each with an SciNetDevice), one cluster.
     * \param hosts the hosts, in address order
     */
    void Install(const NodeContainer& hosts);

    /// \param node a host \return its cluster address (aborts if SCILAN is not installed)
    static Ipv4Address GetAddress(Ptr<Node> node);

  private:
    ObjectFactory m_stack;        //!< ScilanStack factory
    Ptr<ScilanCluster> m_cluster; //!< the cluster's names
    uint32_t m_next{0};           //!< next host index
    bool m_replaceUdp{false};     //!< install ScilanUdpSocketFactory
};

} // namespace ns3

#endif /* SCILAN_HELPER_H */
