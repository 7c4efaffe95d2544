/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_IP_HELPER_H
#define SAN_IP_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

class Node;
class SanIpNetDevice;
class SanIpTransport;

/**
 * \ingroup san
 * \brief Puts IP on a san fabric: one SanIpNetDevice per host, over a SanFabricIpTransport on
 * the host's fabric port (ATM LAN Emulation by default), or over a transport a NIC provides
 * (CLAN IP, SCI/NDIS). Put HostStackHelper over the returned devices to charge the hosts' costs,
 * then ns-3's internet stack, with addresses from the devices' "Network" (host n is
 * Network + n + 1).
 */
class SanIpHelper
{
  public:
    SanIpHelper();

    /// \param name attribute of SanFabricIpTransport \param value its value
    void SetTransportAttribute(const std::string& name, const AttributeValue& value);
    /// \param name attribute of SanIpNetDevice \param value its value
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param endpoints the hosts' fabric ports (SanFabricHelper::Install's result)
     * \return one SanIpNetDevice per port, on the port's node, in the same order
     */
    NetDeviceContainer Install(const NetDeviceContainer& endpoints) const;

    /**
     * \param node a host
     * \param transport its NIC's IP transport
     * \return the new SanIpNetDevice on \p node
     */
    Ptr<SanIpNetDevice> Install(Ptr<Node> node, Ptr<SanIpTransport> transport) const;

  private:
    ObjectFactory m_transport; //!< SanFabricIpTransport
    ObjectFactory m_device;    //!< SanIpNetDevice
};

} // namespace ns3

#endif /* SAN_IP_HELPER_H */
