/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hamlyn-helper.h"

#include "ns3/abort.h"
#include "ns3/hamlyn-cost-model.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/log.h"
#include "ns3/rats-hardware-interface.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/san-host.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynHelper");

HamlynHelper::HamlynHelper()
    : SanNicHelper("HamlynHelper", "ns3::HamlynNetDevice", HamlynCostModel::GetTypeId()),
      m_withRats(false)
{
    m_rats.SetTypeId("ns3::RatsInterfaceManager");
}

void
HamlynHelper::EnableRats(bool enable)
{
    m_withRats = enable;
}

void
HamlynHelper::SetRatsAttribute(std::string name, const AttributeValue& value)
{
    m_rats.Set(name, value);
}

void
HamlynHelper::SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const
{
    if (cost)
    {
        DynamicCast<HamlynNetDevice>(device)->SetCostModel(DynamicCast<HamlynCostModel>(cost));
    }
}

void
HamlynHelper::InstallOne(Ptr<Node> node, Ptr<SanNicDevice> device) const
{
    if (m_withRats)
    {
        NS_ABORT_MSG_IF(node->GetObject<RatsInterfaceManager>() != nullptr,
                        "HamlynHelper::Install: node " << node->GetId() << " has Rats already");
        Ptr<RatsInterfaceManager> rats = m_rats.Create<RatsInterfaceManager>();
        rats->Open(DynamicCast<HamlynNetDevice>(device));
        node->AggregateObject(rats);
    }
}

int64_t
HamlynHelper::AssignStreams(const NodeContainer& hosts, int64_t stream)
{
    int64_t used = 0;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<RatsInterfaceManager> rats = GetRats(hosts.Get(i));
        if (rats != nullptr)
        {
            used += rats->GetHardware()->AssignStreams(stream + used);
        }
    }
    return used;
}

Ptr<HamlynNetDevice>
HamlynHelper::GetDevice(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<HamlynNetDevice> d = DynamicCast<HamlynNetDevice>(node->GetDevice(i));
        if (d != nullptr)
        {
            return d;
        }
    }
    return nullptr;
}

Ptr<RatsInterfaceManager>
HamlynHelper::GetRats(Ptr<Node> node)
{
    return node->GetObject<RatsInterfaceManager>();
}

} // namespace ns3
