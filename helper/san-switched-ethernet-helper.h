/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCHED_ETHERNET_HELPER_H
#define SAN_SWITCHED_ETHERNET_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/san-switched-ethernet.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Puts hosts on one switched Ethernet (SanSwitchedEthernet) carrying IP: a
 * SanIpNetDevice over a SanEthernetIpTransport on each host. Install ns-3's internet stack
 * after it and give the devices addresses from their "Network" (host n, the n-th node given,
 * is Network + n + 1):
 *
 * \code
 *   SanSwitchedEthernetHelper ethernet;
 *   NetDeviceContainer devices = ethernet.Install(hosts);
 *   InternetStackHelper internet;
 *   internet.Install(hosts);
 *   Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0"); // SanIpNetDevice's default Network
 *   addresses.Assign(devices);
 * \endcode
 *
 * In a distributed run the hosts stay on their nodes' ranks: frames between ranks travel as
 * MPI messages, and the Ethernet gives ns-3's engines its lead (SanSwitchedEthernet).
 */
class SanSwitchedEthernetHelper
{
  public:
    SanSwitchedEthernetHelper();

    /// \param name attribute of SanSwitchedEthernet \param value its value
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);
    /// \param name attribute of SanIpNetDevice \param value its value
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param hosts the hosts, in host-number order
     * \return their SanIpNetDevices, same order
     */
    NetDeviceContainer Install(const NodeContainer& hosts);

    /// \return the Ethernet the last Install built
    Ptr<SanSwitchedEthernet> GetEthernet() const;

  private:
    /**
     * \brief Give ns-3's MPI engines the Ethernet's lead to other ranks, and each local host's
     * device a receiver for their frames (nothing on one rank).
     * \param lan the Ethernet, every host attached
     */
    static void DeclareToEngines(Ptr<SanSwitchedEthernet> lan);

    ObjectFactory m_channel;          //!< SanSwitchedEthernet
    ObjectFactory m_device;           //!< SanIpNetDevice
    Ptr<SanSwitchedEthernet> m_built; //!< the last Install's
};

} // namespace ns3

#endif /* SAN_SWITCHED_ETHERNET_HELPER_H */
