/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-context.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-host.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciContext");

NS_OBJECT_ENSURE_REGISTERED(SciContext);

TypeId
SciContext::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SciContext")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SciContext>();
    return tid;
}

SciContext::SciContext() = default;

SciContext::~SciContext() = default;

void
SciContext::Open(Ptr<SciNetDevice> nic)
{
    NS_ABORT_MSG_IF(m_nic != nullptr, "SciContext::Open: open already");
    NS_ABORT_MSG_IF(nic == nullptr || !nic->IsAttached(),
                    "SciContext::Open: the SCI adapter is not attached to a host");
    m_nic = nic;
}

void
SciContext::Close()
{
    if (m_nic == nullptr)
    {
        return;
    }
    if (m_nic->IsAttached())
    {
        for (uint64_t segment : m_segments)
        {
            m_nic->Unexport(segment);
        }
    }
    for (uint32_t flag : m_flags)
    {
        m_nic->SetFlagHandler(flag, Callback<void>()); // a no-op on a disposed adapter
    }
    m_segments.clear();
    m_mappings.clear();
    m_flags.clear();
    m_nic = nullptr;
}

bool
SciContext::IsOpen() const
{
    return m_nic != nullptr && m_nic->IsAttached();
}

void
SciContext::DoDispose()
{
    Close();
    Object::DoDispose();
}

SciNetDevice*
SciContext::Nic(const char* what) const
{
    NS_ABORT_MSG_IF(m_nic == nullptr, "SciContext::" << what << ": the context is not open");
    return PeekPointer(m_nic);
}

void
SciContext::CheckMapped(uint64_t busAddress, uint64_t len, const char* what) const
{
    auto it = m_mappings.upper_bound(busAddress);
    bool inside = false;
    if (it != m_mappings.begin())
    {
        --it;
        const uint64_t offset = busAddress - it->first;
        inside = offset < it->second && len <= it->second - offset;
    }
    NS_ABORT_MSG_IF(!inside,
                    "SciContext::" << what << ": " << len << " bytes at bus address 0x" << std::hex
                                   << busAddress
                                   << " are outside this process's mappings (map them first)");
}

void
SciContext::CheckFlag(uint32_t flag, const char* what) const
{
    NS_ABORT_MSG_IF(m_flags.count(flag) == 0,
                    "SciContext::" << what << ": interrupt flag " << flag
                                   << " is not this process's (create it with CreateFlag)");
}

Ptr<HostCpu>
SciContext::GetCpu() const
{
    return Nic("GetCpu")->GetCpu();
}

Ptr<HostMemory>
SciContext::GetMemory() const
{
    return Nic("GetMemory")->GetMemory();
}

Ptr<HostMemorySystem>
SciContext::GetMemorySystem() const
{
    return Nic("GetMemorySystem")->GetHost()->GetMemorySystem();
}

uint16_t
SciContext::GetNodeId() const
{
    return Nic("GetNodeId")->GetNodeId();
}

uint32_t
SciContext::GetHostNumber() const
{
    return Nic("GetHostNumber")->GetHostNumber();
}

uint64_t
SciContext::Export(uint64_t hostAddress, uint64_t size)
{
    const uint64_t segment = Nic("Export")->Export(hostAddress, size);
    m_segments.insert(segment);
    return segment;
}

void
SciContext::Unexport(uint64_t sciAddress)
{
    if (m_nic == nullptr)
    {
        return; // closed: its segments are withdrawn already
    }
    NS_ABORT_MSG_IF(m_segments.erase(sciAddress) == 0,
                    "SciContext::Unexport: segment 0x" << std::hex << sciAddress
                                                       << " is not this process's");
    if (m_nic->IsAttached())
    {
        m_nic->Unexport(sciAddress);
    }
}

uint64_t
SciContext::Map(uint16_t node, uint64_t sciAddress, uint64_t size)
{
    const uint64_t bus = Nic("Map")->Map(node, sciAddress, size);
    m_mappings[bus] = size;
    return bus;
}

void
SciContext::ClearWriteSnoop(uint64_t hostAddress)
{
    if (m_nic != nullptr)
    {
        m_nic->ClearWriteSnoop(hostAddress); // safe whatever was disposed first
    }
}

void
SciContext::Store(uint64_t busAddress, const uint8_t* data, uint32_t len, Callback<void> landed)
{
    CheckMapped(busAddress, len, "Store");
    m_nic->Store(busAddress, data, len, landed);
}

HostMemorySystem::StoreSink
SciContext::GetStoreSink(uint64_t busAddress)
{
    CheckMapped(busAddress, 1, "GetStoreSink");
    return m_nic->GetStoreSink(busAddress);
}

void
SciContext::Flush()
{
    Nic("Flush")->Flush();
}

void
SciContext::CheckTransfers(CheckCallback done)
{
    Nic("CheckTransfers")->CheckTransfers(done);
}

void
SciContext::Load(uint64_t busAddress, uint32_t len, ReadCallback done)
{
    CheckMapped(busAddress, len, "Load");
    m_nic->Load(busAddress, len, done);
}

uint32_t
SciContext::CreateFlag()
{
    const uint32_t flag = Nic("CreateFlag")->CreateFlag();
    m_flags.insert(flag);
    return flag;
}

uint64_t
SciContext::GetFlagAddress(uint32_t flag) const
{
    CheckFlag(flag, "GetFlagAddress");
    return m_nic->GetFlagAddress(flag);
}

uint32_t
SciContext::ReadFlag(uint32_t flag) const
{
    CheckFlag(flag, "ReadFlag");
    return m_nic->ReadFlag(flag);
}

void
SciContext::WriteFlag(uint32_t flag, uint32_t value)
{
    CheckFlag(flag, "WriteFlag");
    m_nic->WriteFlag(flag, value);
}

void
SciContext::SetFlagHandler(uint32_t flag, Callback<void> handler)
{
    if (m_nic == nullptr)
    {
        return; // closed: its handlers are gone already
    }
    CheckFlag(flag, "SetFlagHandler");
    m_nic->SetFlagHandler(flag, handler);
}

void
SciContext::Stimulate(uint16_t node, uint32_t flag, Callback<void> landed)
{
    Nic("Stimulate")->Stimulate(node, flag, landed);
}

void
SciContext::FetchAndIncrement(uint16_t node, uint32_t flag, Callback<void, uint32_t> done)
{
    Nic("FetchAndIncrement")->FetchAndIncrement(node, flag, done);
}

void
SciContext::WriteRemoteFlag(uint16_t node, uint32_t flag, uint32_t value, Callback<void> landed)
{
    Nic("WriteRemoteFlag")->WriteRemoteFlag(node, flag, value, landed);
}

void
SciContext::DmaWrite(uint64_t hostAddress,
                     uint16_t node,
                     uint64_t sciAddress,
                     uint32_t len,
                     Callback<void> done)
{
    Nic("DmaWrite")->DmaWrite(hostAddress, node, sciAddress, len, done);
}

} // namespace ns3
