/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ip-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/san-fabric-ip-transport.h"
#include "ns3/san-ip-net-device.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanIpHelper");

SanIpHelper::SanIpHelper()
{
    m_transport.SetTypeId("ns3::SanFabricIpTransport");
    m_device.SetTypeId("ns3::SanIpNetDevice");
}

void
SanIpHelper::SetTransportAttribute(const std::string& name, const AttributeValue& value)
{
    m_transport.Set(name, value);
}

void
SanIpHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_device.Set(name, value);
}

NetDeviceContainer
SanIpHelper::Install(const NetDeviceContainer& endpoints) const
{
    NetDeviceContainer out;
    for (auto it = endpoints.Begin(); it != endpoints.End(); ++it)
    {
        Ptr<NetDevice> port = *it;
        NS_ABORT_MSG_IF(!port || !port->GetNode(), "SanIpHelper::Install: a port on no node");
        Ptr<SanFabricIpTransport> t = m_transport.Create<SanFabricIpTransport>();
        t->Attach(port);
        out.Add(Install(port->GetNode(), t));
    }
    return out;
}

Ptr<SanIpNetDevice>
SanIpHelper::Install(Ptr<Node> node, Ptr<SanIpTransport> transport) const
{
    NS_ABORT_MSG_IF(!node || !transport, "SanIpHelper::Install: a node and a transport needed");
    Ptr<SanIpNetDevice> dev = m_device.Create<SanIpNetDevice>();
    node->AddDevice(dev);
    dev->SetTransport(transport);
    return dev;
}

} // namespace ns3
