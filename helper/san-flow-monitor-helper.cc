/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-flow-monitor-helper.h"

#include "ns3/abort.h"
#include "ns3/node-list.h"
#include "ns3/san-endpoint-device.h"

#include <fstream>

namespace ns3
{

SanFlowMonitorHelper::SanFlowMonitorHelper()
{
    m_factory.SetTypeId(SanFlowMonitor::GetTypeId());
}

void
SanFlowMonitorHelper::SetMonitorAttribute(std::string name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(m_monitor != nullptr,
                    "SanFlowMonitorHelper: set attribute " << name << " before Install");
    m_factory.Set(name, value);
}

Ptr<SanFlowMonitor>
SanFlowMonitorHelper::GetMonitor()
{
    if (m_monitor == nullptr)
    {
        m_monitor = m_factory.Create<SanFlowMonitor>();
    }
    return m_monitor;
}

uint32_t
SanFlowMonitorHelper::Watch(Ptr<Node> node)
{
    uint32_t hosts = 0;
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(node->GetDevice(i));
        if (ep == nullptr)
        {
            continue;
        }
        const std::string error = GetMonitor()->Monitor(ep->GetFabric(), ep->GetHost());
        NS_ABORT_MSG_IF(!error.empty(), error);
        ++hosts;
    }
    return hosts;
}

Ptr<SanFlowMonitor>
SanFlowMonitorHelper::Install(NodeContainer nodes)
{
    uint32_t hosts = 0;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        hosts += Watch(*it);
    }
    NS_ABORT_MSG_IF(hosts == 0 && nodes.GetN() > 0,
                    "SanFlowMonitorHelper: none of the " << nodes.GetN()
                                                         << " nodes is a fabric host (install "
                                                            "the fabric with SanFabricHelper "
                                                            "first)");
    return GetMonitor();
}

Ptr<SanFlowMonitor>
SanFlowMonitorHelper::Install(Ptr<Node> node)
{
    return Install(NodeContainer(node));
}

Ptr<SanFlowMonitor>
SanFlowMonitorHelper::InstallAll()
{
    uint32_t hosts = 0;
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        hosts += Watch(*it);
    }
    NS_ABORT_MSG_IF(hosts == 0,
                    "SanFlowMonitorHelper: no fabric hosts to watch (install the fabric with "
                    "SanFabricHelper first)");
    return GetMonitor();
}

std::string
SanFlowMonitorHelper::SerializeToXmlString(uint16_t indent, bool enableHistograms)
{
    return GetMonitor()->SerializeToXmlString(indent, enableHistograms);
}

void
SanFlowMonitorHelper::SerializeToXmlFile(std::string fileName, bool enableHistograms)
{
    GetMonitor()->SerializeToXmlFile(fileName, enableHistograms);
}

void
SanFlowMonitorHelper::SerializeToCsvFile(std::string fileName)
{
    std::ofstream os(fileName);
    NS_ABORT_MSG_IF(!os, "SanFlowMonitorHelper: cannot write " << fileName);
    GetMonitor()->SerializeToCsvStream(os);
    os.close();
    NS_ABORT_MSG_IF(!os, "SanFlowMonitorHelper: writing " << fileName << " failed");
}

} // namespace ns3
