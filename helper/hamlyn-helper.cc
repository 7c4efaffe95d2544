/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hamlyn-helper.h"

#include "san-type-check.h"

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
    : m_hasCost(false),
      m_withRats(false)
{
    m_device.SetTypeId("ns3::HamlynNetDevice");
    m_rats.SetTypeId("ns3::RatsInterfaceManager");
}

void
HamlynHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_device.Set(name, value);
}

void
HamlynHelper::SetCostModel(std::string type)
{
    m_cost.SetTypeId(
        SanCheckTypeId(type, HamlynCostModel::GetTypeId(), "HamlynHelper::SetCostModel"));
    m_hasCost = true;
}

void
HamlynHelper::SetCostModelAttribute(std::string name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(!m_hasCost, "HamlynHelper: SetCostModel before SetCostModelAttribute");
    m_cost.Set(name, value);
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

NetDeviceContainer
HamlynHelper::Install(const NodeContainer& hosts, const NetDeviceContainer& endpoints) const
{
    NS_ABORT_MSG_IF(hosts.GetN() != endpoints.GetN(),
                    "HamlynHelper::Install: " << hosts.GetN() << " hosts but " << endpoints.GetN()
                                              << " endpoints");
    NetDeviceContainer out;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<Node> node = hosts.Get(i);
        Ptr<NetDevice> ep = endpoints.Get(i);
        NS_ABORT_MSG_IF(ep->GetNode() != node,
                        "HamlynHelper::Install: endpoint " << i << " is not on host node "
                                                           << node->GetId());
        Ptr<HamlynNetDevice> nic = m_device.Create<HamlynNetDevice>();
        if (m_hasCost)
        {
            nic->SetCostModel(m_cost.Create<HamlynCostModel>());
        }
        node->AddDevice(nic);
        nic->Attach(SanHost::Of(node), ep);
        if (m_withRats)
        {
            NS_ABORT_MSG_IF(node->GetObject<RatsInterfaceManager>() != nullptr,
                            "HamlynHelper::Install: node " << node->GetId() << " has Rats already");
            Ptr<RatsInterfaceManager> rats = m_rats.Create<RatsInterfaceManager>();
            rats->Open(nic);
            node->AggregateObject(rats);
        }
        out.Add(nic);
    }
    return out;
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
