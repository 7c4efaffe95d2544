/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-helper.h"

#include "ns3/sci-cost-model.h"
#include "ns3/sci-net-device.h"

namespace ns3
{

SciHelper::SciHelper()
    : SanNicHelper("SciHelper", "ns3::SciNetDevice", SciCostModel::GetTypeId())
{
}

void
SciHelper::SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const
{
    if (cost)
    {
        DynamicCast<SciNetDevice>(device)->SetCostModel(DynamicCast<SciCostModel>(cost));
    }
}

Ptr<SciNetDevice>
SciHelper::GetDevice(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<SciNetDevice> d = DynamicCast<SciNetDevice>(node->GetDevice(i));
        if (d)
        {
            return d;
        }
    }
    return nullptr;
}

} // namespace ns3
