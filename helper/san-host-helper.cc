/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-host-helper.h"

#include "ns3/abort.h"
#include "ns3/san-host-preset.h"
#include "ns3/san-host.h"

namespace ns3
{

SanHostHelper::SanHostHelper()
{
    m_preset.SetTypeId("ns3::HpJ200HostPreset");
}

void
SanHostHelper::SetPreset(std::string type)
{
    m_preset.SetTypeId(
        SanCheckTypeId(type, SanHostPreset::GetTypeId(), "SanHostHelper::SetPreset"));
}

void
SanHostHelper::SetPresetAttribute(std::string name, const AttributeValue& value)
{
    m_preset.Set(name, value);
}

void
SanHostHelper::SetCpuAttribute(std::string name, const AttributeValue& value)
{
    m_cpu.Set(name, value);
}

void
SanHostHelper::SetIoBusAttribute(std::string name, const AttributeValue& value)
{
    m_bus.Set(name, value);
}

void
SanHostHelper::SetMemoryAttribute(std::string name, const AttributeValue& value)
{
    m_memory.Set(name, value);
}

void
SanHostHelper::SetMemorySystemAttribute(std::string name, const AttributeValue& value)
{
    m_memorySystem.Set(name, value);
}

void
SanHostHelper::Install(const NodeContainer& nodes) const
{
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        Install(nodes.Get(i));
    }
}

Ptr<SanHost>
SanHostHelper::Install(Ptr<Node> node) const
{
    NS_ABORT_MSG_IF(node->GetObject<SanHost>() != nullptr,
                    "SanHostHelper::Install: node " << node->GetId() << " is a host already");
    Ptr<SanHostPreset> preset = m_preset.Create<SanHostPreset>();
    // The preset first, then this helper's settings on top of it.
    Ptr<HostCpu> cpu = CreateObject<HostCpu>();
    Ptr<HostBus> bus = CreateObject<HostBus>();
    Ptr<HostMemory> memory = CreateObject<HostMemory>();
    preset->Configure(cpu, bus, memory);
    m_cpu.ApplyTo(cpu);
    m_bus.ApplyTo(bus);
    m_memory.ApplyTo(memory);
    Ptr<SanHost> host = CreateObject<SanHost>();
    host->Setup(cpu, bus, memory);
    Ptr<HostMemorySystem> system = preset->CreateMemorySystem();
    if (system)
    {
        m_memorySystem.ApplyTo(system);
        system->Setup(cpu);
        host->SetMemorySystem(system);
    }
    host->SetPresetName(preset->GetName());
    node->AggregateObject(host);
    return host;
}

} // namespace ns3
