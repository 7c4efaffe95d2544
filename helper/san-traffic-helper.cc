/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-traffic-helper.h"

#include "ns3/abort.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-traffic-generator.h"

#include <algorithm>

namespace ns3
{

SanTrafficHelper::SanTrafficHelper()
{
    m_factory.SetTypeId("ns3::SanTrafficGenerator");
}

void
SanTrafficHelper::SetAttribute(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
SanTrafficHelper::Install(NetDeviceContainer endpoints)
{
    ApplicationContainer apps;
    for (uint32_t i = 0; i < endpoints.GetN(); ++i)
    {
        Ptr<SanEndpointDevice> dev = DynamicCast<SanEndpointDevice>(endpoints.Get(i));
        NS_ABORT_MSG_IF(dev == nullptr,
                        "SanTrafficHelper::Install: device " << i << " is not a SanEndpointDevice");
        Ptr<SanTrafficGenerator> app = m_factory.Create<SanTrafficGenerator>();
        app->SetEndpoint(dev);
        dev->GetNode()->AddApplication(app);
        apps.Add(app);
    }
    return apps;
}

int64_t
SanTrafficHelper::AssignStreams(ApplicationContainer apps, int64_t stream)
{
    int64_t used = 0;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        Ptr<SanTrafficGenerator> app = DynamicCast<SanTrafficGenerator>(apps.Get(i));
        if (app != nullptr)
        {
            used += app->AssignStreams(stream + used);
        }
    }
    return used;
}

SanTrafficHelper::Totals
SanTrafficHelper::Sum(ApplicationContainer apps)
{
    Totals t;
    for (uint32_t i = 0; i < apps.GetN(); ++i)
    {
        Ptr<SanTrafficGenerator> app = DynamicCast<SanTrafficGenerator>(apps.Get(i));
        if (app == nullptr)
        {
            continue;
        }
        t.generated += app->GetGenerated();
        t.generatedMeasured += app->GetGeneratedMeasured();
        t.received += app->GetReceived();
        t.receivedInWindow += app->GetReceivedInWindow();
        t.receivedMeasured += app->GetReceivedMeasured();
        t.latencySum += app->GetLatencySum();
        t.maxLatency = std::max(t.maxLatency, app->GetMaxLatency().GetSeconds());
        t.hopSum += app->GetHopSum();
        t.reordered += app->GetReordered();
    }
    return t;
}

} // namespace ns3
