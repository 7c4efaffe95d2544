/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_STACK_HELPER_H
#define HOST_STACK_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

class HostStackNetDevice;

/**
 * \ingroup san
 * \brief Puts a HostStackNetDevice over each given device (ns-3's point-to-point or CSMA
 * device, or a san NIC's IP device), with an OS preset and a NIC preset, so that ns-3's
 * internet stack installed on the returned devices charges the host's costs.
 *
 * The nodes need a SanHost (SanHostHelper) first. Install the internet stack
 * (InternetStackHelper) on the nodes and assign addresses (Ipv4AddressHelper) to the devices
 * this helper returns, not to the lower ones.
 */
class HostStackHelper
{
  public:
    /// Defaults: LinuxAlphaStackCosts and Tulip100NicCosts.
    HostStackHelper();

    /// \param type TypeId name of a HostStackCosts preset
    void SetStackCosts(const std::string& type);
    /// \param name attribute of the OS preset \param value its value
    void SetStackCostsAttribute(const std::string& name, const AttributeValue& value);
    /// \param type TypeId name of a HostNicDriverCosts preset
    void SetNicCosts(const std::string& type);
    /// \param name attribute of the NIC preset \param value its value
    void SetNicCostsAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param lowers devices already installed on nodes with a SanHost
     * \return one HostStackNetDevice per device, added to the same nodes
     */
    NetDeviceContainer Install(const NetDeviceContainer& lowers) const;
    /// \param lower one device \return its HostStackNetDevice
    Ptr<HostStackNetDevice> Install(Ptr<NetDevice> lower) const;

  private:
    ObjectFactory m_os;  //!< HostStackCosts
    ObjectFactory m_nic; //!< HostNicDriverCosts
};

} // namespace ns3

#endif /* HOST_STACK_HELPER_H */
