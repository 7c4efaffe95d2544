/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HAMLYN_HELPER_H
#define HAMLYN_HELPER_H

#include "san-nic-helper.h"

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class HamlynNetDevice;
class RatsInterfaceManager;

/**
 * \ingroup san
 * \brief Installs Hamlyn interfaces on hosts that already exist (SanHostHelper) and are
 * attached to a san fabric (SanFabricHelper).
 *
 * For every host node i of the NodeContainer, with endpoints.Get(i) its SanEndpointDevice
 * (what SanFabricHelper::Install returns, in the same order), the helper creates a
 * HamlynNetDevice, adds it to the node and attaches it to the node's SanHost and to the
 * endpoint; with EnableRats, it also opens a context for one process and puts a
 * RatsInterfaceManager on it, aggregated to the node. Another interface may share the host.
 *
 * \code
 *   NodeContainer hosts;
 *   hosts.Create(2);
 *   SanHostHelper().Install(hosts); // HP 9000 J200 hosts
 *   SanFabricHelper fabric;
 *   fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
 *   NetDeviceContainer eps = fabric.Install(hosts);
 *   HamlynHelper hamlyn;
 *   hamlyn.SetCostModel("ns3::HamlynStateMachineCostModel");
 *   hamlyn.EnableRats(true);
 *   NetDeviceContainer nics = hamlyn.Install(hosts, eps);
 *   Ptr<RatsInterfaceManager> rats0 = HamlynHelper::GetRats(hosts.Get(0));
 * \endcode
 */
class HamlynHelper : public SanNicHelper
{
  public:
    HamlynHelper();

    // SetDeviceAttribute, SetCostModel (a HamlynCostModel TypeId; default: the device's own,
    // LANai 3), SetCostModelAttribute and Install are SanNicHelper's.
    /// \param enable create a RatsInterfaceManager per host (default false)
    void EnableRats(bool enable);
    /// \param name an attribute of ns3::RatsInterfaceManager \param value its value
    void SetRatsAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Fix the random streams (protection keys) of the installed Rats interfaces.
     * \param hosts the hosts \param stream first stream \return streams used
     */
    static int64_t AssignStreams(const NodeContainer& hosts, int64_t stream);

    /// \param node a host \return its HamlynNetDevice (null if none)
    static Ptr<HamlynNetDevice> GetDevice(Ptr<Node> node);
    /// \param node a host \return its RatsInterfaceManager (null if none)
    static Ptr<RatsInterfaceManager> GetRats(Ptr<Node> node);

  private:
    void SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const override;
    void InstallOne(Ptr<Node> node, Ptr<SanNicDevice> device) const override;

    ObjectFactory m_rats; //!< RatsInterfaceManager
    bool m_withRats;      //!< create managers
};

} // namespace ns3

#endif /* HAMLYN_HELPER_H */
