/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-nic-helper.h"

#include "san-type-check.h"

#include "ns3/abort.h"
#include "ns3/san-host.h"
#include "ns3/san-nic-device.h"

namespace ns3
{

SanNicHelper::SanNicHelper(std::string what, std::string device, TypeId costBase)
    : m_what(std::move(what)),
      m_costBase(costBase)
{
    m_device.SetTypeId(device);
}

void
SanNicHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_device.Set(name, value);
}

void
SanNicHelper::SetCostModel(std::string type)
{
    m_cost.SetTypeId(SanCheckTypeId(type, m_costBase, m_what + "::SetCostModel"));
    m_hasCost = true;
}

void
SanNicHelper::SetCostModelAttribute(std::string name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(!m_hasCost, m_what << ": SetCostModel before SetCostModelAttribute");
    m_cost.Set(name, value);
}

bool
SanNicHelper::HasCostModel() const
{
    return m_hasCost;
}

Ptr<Object>
SanNicHelper::CreateCostModel() const
{
    return m_hasCost ? m_cost.Create<Object>() : nullptr;
}

void
SanNicHelper::InstallOne(Ptr<Node> node, Ptr<SanNicDevice> device) const
{
}

NetDeviceContainer
SanNicHelper::Install(const NodeContainer& hosts, const NetDeviceContainer& endpoints) const
{
    NS_ABORT_MSG_IF(hosts.GetN() != endpoints.GetN(),
                    m_what << "::Install: " << hosts.GetN() << " hosts but " << endpoints.GetN()
                           << " endpoints");
    NetDeviceContainer out;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<Node> node = hosts.Get(i);
        Ptr<NetDevice> ep = endpoints.Get(i);
        NS_ABORT_MSG_IF(ep->GetNode() != node,
                        m_what << "::Install: endpoint " << i << " is not on host node "
                               << node->GetId());
        Ptr<SanNicDevice> nic = m_device.Create<SanNicDevice>();
        SetCost(nic, CreateCostModel());
        node->AddDevice(nic);
        nic->Attach(SanHost::Of(node), ep);
        InstallOne(node, nic);
        out.Add(nic);
    }
    return out;
}

} // namespace ns3
