/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-host.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanHost");

NS_OBJECT_ENSURE_REGISTERED(SanHost);

TypeId
SanHost::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanHost").SetParent<Object>().SetGroupName("San").AddConstructor<SanHost>();
    return tid;
}

SanHost::SanHost() = default;

SanHost::~SanHost() = default;

void
SanHost::Setup(Ptr<HostCpu> cpu, Ptr<HostBus> ioBus, Ptr<HostMemory> memory)
{
    NS_ABORT_MSG_IF(cpu == nullptr || ioBus == nullptr || memory == nullptr,
                    "SanHost::Setup: needs a CPU, an I/O bus and a memory");
    NS_ABORT_MSG_IF(m_cpu != nullptr, "SanHost::Setup: the host is set up already");
    m_cpu = cpu;
    m_ioBus = ioBus;
    m_memory = memory;
}

Ptr<HostCpu>
SanHost::GetCpu() const
{
    return m_cpu;
}

Ptr<HostBus>
SanHost::GetIoBus() const
{
    return m_ioBus;
}

Ptr<HostMemory>
SanHost::GetMemory() const
{
    return m_memory;
}

Ptr<HostMemorySystem>
SanHost::GetMemorySystem() const
{
    return m_memorySystem;
}

void
SanHost::SetMemorySystem(Ptr<HostMemorySystem> system)
{
    m_memorySystem = system;
}

std::string
SanHost::GetPresetName() const
{
    return m_preset;
}

void
SanHost::SetPresetName(const std::string& name)
{
    m_preset = name;
}

Ptr<SanHost>
SanHost::Of(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(node == nullptr, "SanHost::Of: null node");
    Ptr<SanHost> host = node->GetObject<SanHost>();
    NS_ABORT_MSG_IF(host == nullptr,
                    "node " << node->GetId()
                            << " has no SanHost: install hosts with SanHostHelper first");
    return host;
}

void
SanHost::DoDispose()
{
    // The host owns its parts: dispose them, which also breaks the references that waits
    // still pending at the end of a run hold on the CPU (and it on a polling one).
    for (Ptr<Object> part : {Ptr<Object>(m_cpu),
                             Ptr<Object>(m_ioBus),
                             Ptr<Object>(m_memory),
                             Ptr<Object>(m_memorySystem)})
    {
        if (part)
        {
            part->Dispose();
        }
    }
    m_cpu = nullptr;
    m_ioBus = nullptr;
    m_memory = nullptr;
    m_memorySystem = nullptr;
    Object::DoDispose();
}

} // namespace ns3
