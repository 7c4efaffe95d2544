/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "hamlyn-helper.h"

#include "san-fabric-helper.h"

#include "ns3/abort.h"
#include "ns3/config.h"
#include "ns3/hamlyn-cost-model.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-message-area.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-send-terminus.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/rats-cost-table.h"
#include "ns3/rats-hardware-interface.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-simple-datagram.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/rats-ticket.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynHelper");

// ---- HamlynHelper ---------------------------------------------------------------------------

HamlynHelper::HamlynHelper()
    : m_hasCost(false),
      m_withRats(false)
{
    m_device.SetTypeId("ns3::HamlynNetDevice");
    m_cpu.SetTypeId("ns3::HostCpu");
    m_bus.SetTypeId("ns3::HostBus");
    m_memory.SetTypeId("ns3::HostMemory");
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
    m_cost.SetTypeId(type);
    m_hasCost = true;
}

void
HamlynHelper::SetCostModelAttribute(std::string name, const AttributeValue& value)
{
    NS_ABORT_MSG_IF(!m_hasCost, "HamlynHelper: SetCostModel before SetCostModelAttribute");
    m_cost.Set(name, value);
}

void
HamlynHelper::SetHostCpuAttribute(std::string name, const AttributeValue& value)
{
    m_cpu.Set(name, value);
}

void
HamlynHelper::SetHostBusAttribute(std::string name, const AttributeValue& value)
{
    m_bus.Set(name, value);
}

void
HamlynHelper::SetHostMemoryAttribute(std::string name, const AttributeValue& value)
{
    m_memory.Set(name, value);
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
        Ptr<SanEndpointDevice> ep = DynamicCast<SanEndpointDevice>(endpoints.Get(i));
        NS_ABORT_MSG_IF(ep == nullptr,
                        "HamlynHelper::Install: device " << i << " is not a SanEndpointDevice");
        NS_ABORT_MSG_IF(ep->GetNode() != node,
                        "HamlynHelper::Install: endpoint " << i << " is not on host node "
                                                           << node->GetId());
        NS_ABORT_MSG_IF(node->GetObject<HostCpu>() != nullptr,
                        "HamlynHelper::Install: node " << node->GetId() << " already has a host");
        Ptr<HostCpu> cpu = m_cpu.Create<HostCpu>();
        Ptr<HostBus> bus = m_bus.Create<HostBus>();
        Ptr<HostMemory> memory = m_memory.Create<HostMemory>();
        Ptr<HamlynNetDevice> nic = m_device.Create<HamlynNetDevice>();
        if (m_hasCost)
        {
            nic->SetCostModel(m_cost.Create<HamlynCostModel>());
        }
        node->AddDevice(nic);
        nic->Setup(cpu, bus, memory, ep);
        node->AggregateObject(cpu);
        node->AggregateObject(bus);
        node->AggregateObject(memory);
        if (m_withRats)
        {
            Ptr<RatsInterfaceManager> rats = m_rats.Create<RatsInterfaceManager>();
            rats->Setup(nic, cpu, ep->GetHost());
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

Ptr<HostCpu>
HamlynHelper::GetHostCpu(Ptr<Node> node)
{
    return node->GetObject<HostCpu>();
}

Ptr<HostBus>
HamlynHelper::GetHostBus(Ptr<Node> node)
{
    return node->GetObject<HostBus>();
}

Ptr<HostMemory>
HamlynHelper::GetHostMemory(Ptr<Node> node)
{
    return node->GetObject<HostMemory>();
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
