/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-helper.h"

#include "ns3/abort.h"
#include "ns3/shrimp-cost-model.h"
#include "ns3/shrimp-net-device.h"
#include "ns3/vmmc-daemon.h"

namespace ns3
{

ShrimpHelper::ShrimpHelper()
    : SanNicHelper("ShrimpHelper", "ns3::ShrimpNetDevice", ShrimpCostModel::GetTypeId()),
      m_cluster(Create<VmmcCluster>())
{
    m_daemon.SetTypeId("ns3::VmmcDaemon");
}

void
ShrimpHelper::SetDaemonAttribute(std::string name, const AttributeValue& value)
{
    m_daemon.Set(name, value);
}

void
ShrimpHelper::SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const
{
    if (cost)
    {
        DynamicCast<ShrimpNetDevice>(device)->SetCostModel(DynamicCast<ShrimpCostModel>(cost));
    }
}

void
ShrimpHelper::InstallOne(Ptr<Node> node, Ptr<SanNicDevice> device) const
{
    NS_ABORT_MSG_IF(node->GetObject<VmmcDaemon>() != nullptr,
                    "ShrimpHelper: node " << node->GetId() << " has a SHRIMP daemon already");
    Ptr<VmmcDaemon> daemon = m_daemon.Create<VmmcDaemon>();
    daemon->Setup(DynamicCast<ShrimpNetDevice>(device), m_cluster);
    node->AggregateObject(daemon);
}

Ptr<ShrimpNetDevice>
ShrimpHelper::GetDevice(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<ShrimpNetDevice> d = DynamicCast<ShrimpNetDevice>(node->GetDevice(i));
        if (d)
        {
            return d;
        }
    }
    return nullptr;
}

} // namespace ns3
