/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-stack-helper.h"

#include "ns3/abort.h"
#include "ns3/host-nic-driver-costs.h"
#include "ns3/host-stack-costs.h"
#include "ns3/host-stack-net-device.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/san-host.h"
#include "ns3/san-type-check.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostStackHelper");

HostStackHelper::HostStackHelper()
{
    m_os.SetTypeId("ns3::LinuxAlphaStackCosts");
    m_nic.SetTypeId("ns3::Tulip100NicCosts");
}

void
HostStackHelper::SetStackCosts(const std::string& type)
{
    m_os.SetTypeId(
        SanCheckTypeId(type, HostStackCosts::GetTypeId(), "HostStackHelper::SetStackCosts"));
}

void
HostStackHelper::SetStackCostsAttribute(const std::string& name, const AttributeValue& value)
{
    m_os.Set(name, value);
}

void
HostStackHelper::SetNicCosts(const std::string& type)
{
    m_nic.SetTypeId(
        SanCheckTypeId(type, HostNicDriverCosts::GetTypeId(), "HostStackHelper::SetNicCosts"));
}

void
HostStackHelper::SetNicCostsAttribute(const std::string& name, const AttributeValue& value)
{
    m_nic.Set(name, value);
}

NetDeviceContainer
HostStackHelper::Install(const NetDeviceContainer& lowers) const
{
    NetDeviceContainer out;
    for (auto it = lowers.Begin(); it != lowers.End(); ++it)
    {
        out.Add(Install(*it));
    }
    return out;
}

Ptr<HostStackNetDevice>
HostStackHelper::Install(Ptr<NetDevice> lower) const
{
    NS_ABORT_MSG_IF(!lower, "HostStackHelper::Install: no device");
    Ptr<Node> node = lower->GetNode();
    NS_ABORT_MSG_IF(!node, "HostStackHelper::Install: the device is not on a node");
    Ptr<HostStackNetDevice> dev = CreateObject<HostStackNetDevice>();
    node->AddDevice(dev);
    dev->Setup(SanHost::Of(node),
               lower,
               m_os.Create<HostStackCosts>(),
               m_nic.Create<HostNicDriverCosts>());
    return dev;
}

} // namespace ns3
