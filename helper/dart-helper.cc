/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-helper.h"

#include "ns3/abort.h"
#include "ns3/dart-context.h"
#include "ns3/dart-cost-model.h"
#include "ns3/dart-hardware-cost-model.h"
#include "ns3/dart-net-device.h"
#include "ns3/log.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host.h"
#include "ns3/string.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartHelper");

DartHelper::DartHelper()
    : SanNicHelper("DartHelper", "ns3::DartNetDevice", DartCostModel::GetTypeId())
{
}

void
DartHelper::SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const
{
    // A DART device needs a preset: the projected hardware one unless another was chosen.
    Ptr<DartCostModel> c = DynamicCast<DartCostModel>(cost);
    if (!c)
    {
        c = CreateObject<DartHardwareCostModel>();
    }
    DynamicCast<DartNetDevice>(device)->SetCostModel(c);
}

Ptr<DartCostModel>
DartHelper::CreateDartCostModel() const
{
    Ptr<DartCostModel> c = DynamicCast<DartCostModel>(CreateCostModel());
    if (c == nullptr)
    {
        c = CreateObject<DartHardwareCostModel>(); // as SetCost gives a device
    }
    return c;
}

void
DartHelper::ConfigureFabric(SanFabricHelper& fabric) const
{
    fabric.SetFabricAttribute("SwitchingMode", StringValue("Cell"));
    fabric.SetChannelAttribute("DataRate", DataRateValue(CreateDartCostModel()->GetLinkRate()));
}

Ptr<DartNetDevice>
DartHelper::GetDevice(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<DartNetDevice> d = DynamicCast<DartNetDevice>(node->GetDevice(i));
        if (d != nullptr)
        {
            return d;
        }
    }
    return nullptr;
}

std::pair<uint16_t, uint16_t>
DartHelper::Connect(Ptr<DartContext> a,
                    Ptr<DartContext> b,
                    DartWindow windowA,
                    DartWindow windowB,
                    uint32_t queueA,
                    uint32_t queueB)
{
    return DartNetDevice::Connect(a, b, windowA, windowB, queueA, queueB);
}

} // namespace ns3
