/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-helper.h"

#include "ns3/abort.h"
#include "ns3/clan-context.h"
#include "ns3/clan-cost-model.h"
#include "ns3/clan-net-device.h"

namespace ns3
{

ClanHelper::ClanHelper()
    : SanNicHelper("ClanHelper", "ns3::ClanNetDevice", ClanCostModel::GetTypeId())
{
}

void
ClanHelper::SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const
{
    if (cost)
    {
        DynamicCast<ClanNetDevice>(device)->SetCostModel(DynamicCast<ClanCostModel>(cost));
    }
}

Ptr<ClanNetDevice>
ClanHelper::GetDevice(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<ClanNetDevice> d = DynamicCast<ClanNetDevice>(node->GetDevice(i));
        if (d)
        {
            return d;
        }
    }
    return nullptr;
}

Ptr<ClanContext>
ClanHelper::CreateContext(Ptr<Node> node)
{
    Ptr<ClanNetDevice> nic = GetDevice(node);
    NS_ABORT_MSG_IF(!nic,
                    "ClanHelper::CreateContext: node " << node->GetId() << " has no CLAN NIC");
    Ptr<ClanContext> c = CreateObject<ClanContext>();
    c->Open(nic);
    return c;
}

} // namespace ns3
