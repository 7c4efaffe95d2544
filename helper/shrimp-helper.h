/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_HELPER_H
#define SHRIMP_HELPER_H

#include "san-nic-helper.h"

#include "ns3/object-factory.h"

namespace ns3
{

class ShrimpNetDevice;
class VmmcCluster;

/**
 * \ingroup san
 * \brief Installs SHRIMP network interfaces (ShrimpNetDevice) and a trusted SHRIMP daemon
 * (VmmcDaemon, aggregated to the node) on hosts that have a SanHost and a fabric endpoint
 * (Felten et al. 1996). All hosts of one helper form one system: their daemons set up
 * mappings with each other. The interface's and driver's costs are a ShrimpCostModel preset:
 * SetCostModel("ns3::ShrimpCostModel") (the paper's interface, also the default) and
 * SetCostModelAttribute; PageBytes and MaxPacketData are SetDeviceAttribute's.
 * Processes get their VMMC endpoint from VmmcDaemon::Of(node)->CreateEndpoint().
 */
class ShrimpHelper : public SanNicHelper
{
  public:
    ShrimpHelper();

    /// \param name an attribute of VmmcDaemon \param value its value
    void SetDaemonAttribute(std::string name, const AttributeValue& value);

    /// \param node a host \return its ShrimpNetDevice (null if none)
    static Ptr<ShrimpNetDevice> GetDevice(Ptr<Node> node);

  private:
    void SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const override;
    void InstallOne(Ptr<Node> node, Ptr<SanNicDevice> device) const override;

    ObjectFactory m_daemon;     //!< daemons
    Ptr<VmmcCluster> m_cluster; //!< the system's daemons
};

} // namespace ns3

#endif /* SHRIMP_HELPER_H */
