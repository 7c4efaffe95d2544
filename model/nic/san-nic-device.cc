/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-nic-device.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/log.h"

#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNicDevice");

NS_OBJECT_ENSURE_REGISTERED(SanNicDevice);

TypeId
SanNicDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanNicDevice")
            .SetParent<SanNetDevice>()
            .SetGroupName("San")
            .AddTraceSource("Drop",
                            "A packet was refused (packet, reason code, source host); nothing "
                            "of it was written.",
                            MakeTraceSourceAccessor(&SanNicDevice::m_dropTrace),
                            "ns3::SanNicDevice::DropTracedCallback")
            .AddTraceSource("Stage",
                            "A timed stage of sending or receiving ended (name, start, end).",
                            MakeTraceSourceAccessor(&SanNicDevice::m_stageTrace),
                            "ns3::SanNicDevice::StageTracedCallback");
    return tid;
}

SanNicDevice::SanNicDevice()
    : m_dma(CreateObject<SanDmaEngine>())
{
}

SanNicDevice::~SanNicDevice() = default;

void
SanNicDevice::DoDispose()
{
    if (m_port != nullptr)
    {
        m_port->SetPacketArrivalCallback(SanFabricPort::PacketArrivalCallback());
        if (m_heads)
        {
            m_port->SetHeadArrivalCallback(SanFabricPort::HeadArrivalCallback());
        }
    }
    m_port = nullptr;
    m_portDevice = nullptr;
    m_host = nullptr;
    if (m_dma != nullptr)
    {
        m_dma->Dispose();
    }
    m_dma = nullptr;
    for (const auto& engine : m_moreDma)
    {
        engine->Dispose();
    }
    m_moreDma.clear();
    SanNetDevice::DoDispose();
}

void
SanNicDevice::Attach(Ptr<SanHost> host, Ptr<NetDevice> port)
{
    const std::string me = GetInstanceTypeId().GetName();
    NS_ABORT_MSG_IF(m_port != nullptr, me << "::Attach: attached already");
    NS_ABORT_MSG_IF(host == nullptr || host->GetCpu() == nullptr,
                    me << "::Attach: needs a host made by SanHostHelper");
    auto* fp = dynamic_cast<SanFabricPort*>(PeekPointer(port));
    NS_ABORT_MSG_IF(
        fp == nullptr,
        me << "::Attach: device "
           << (port == nullptr ? std::string("(null)") : port->GetInstanceTypeId().GetName())
           << " is not a fabric port (SanEndpointDevice)");
    // One interface per fabric port: the port has one arrival callback.
    if (GetNode() != nullptr)
    {
        for (uint32_t i = 0; i < GetNode()->GetNDevices(); ++i)
        {
            Ptr<SanNicDevice> other = DynamicCast<SanNicDevice>(GetNode()->GetDevice(i));
            NS_ABORT_MSG_IF(other != nullptr && other != this && other->m_port == fp,
                            me << "::Attach: the fabric port is taken by another interface ("
                               << other->GetInstanceTypeId().GetName()
                               << "); give each interface a fabric of its own");
        }
    }
    m_host = host;
    m_portDevice = port;
    m_port = fp;
    m_dma->SetBus(host->GetIoBus());
    for (const auto& engine : m_moreDma)
    {
        engine->SetBus(host->GetIoBus());
    }
    m_port->SetPacketArrivalCallback(MakeCallback(&SanNicDevice::PortArrival, this));
    if (m_heads)
    {
        m_port->SetHeadArrivalCallback(MakeCallback(&SanNicDevice::PortHead, this));
    }
    SetAddress(port->GetAddress());
    NotifyAttached();
    NotifyLinkChange();
}

bool
SanNicDevice::IsAttached() const
{
    return m_port != nullptr;
}

void
SanNicDevice::RefuseAfterAttach(const std::string& attribute, const std::string& builds) const
{
    NS_ABORT_MSG_IF(IsAttached(),
                    GetInstanceTypeId().GetName()
                        << ": " << attribute << " is fixed once the device is attached (it sizes "
                        << builds << "); set it on the helper, or with Config::SetDefault, "
                        << "before Install");
}

void
SanNicDevice::NotifyAttached()
{
}

void
SanNicDevice::HeadFromFabric(Ptr<const Packet> packet, uint32_t srcHost, Time tailArrival)
{
}

void
SanNicDevice::ListenForHeads(bool listen)
{
    if (listen == m_heads)
    {
        return;
    }
    m_heads = listen;
    if (m_port != nullptr)
    {
        m_port->SetHeadArrivalCallback(listen ? MakeCallback(&SanNicDevice::PortHead, this)
                                              : SanFabricPort::HeadArrivalCallback());
    }
}

bool
SanNicDevice::IsListeningForHeads() const
{
    return m_heads;
}

void
SanNicDevice::PortArrival(Ptr<const Packet> packet, uint32_t srcHost)
{
    ReceiveFromFabric(packet, srcHost);
}

void
SanNicDevice::PortHead(Ptr<const Packet> packet, uint32_t srcHost, Time tailArrival)
{
    HeadFromFabric(packet, srcHost, tailArrival);
}

Ptr<SanHost>
SanNicDevice::GetHost() const
{
    return m_host;
}

Ptr<HostCpu>
SanNicDevice::GetCpu() const
{
    NS_ABORT_MSG_IF(m_host == nullptr,
                    GetInstanceTypeId().GetName() << ": not attached (or disposed)");
    return m_host->GetCpu();
}

Ptr<HostBus>
SanNicDevice::GetIoBus() const
{
    NS_ABORT_MSG_IF(m_host == nullptr,
                    GetInstanceTypeId().GetName() << ": not attached (or disposed)");
    return m_host->GetIoBus();
}

Ptr<HostMemory>
SanNicDevice::GetMemory() const
{
    NS_ABORT_MSG_IF(m_host == nullptr,
                    GetInstanceTypeId().GetName() << ": not attached (or disposed)");
    return m_host->GetMemory();
}

SanFabricPort*
SanNicDevice::GetFabricPort() const
{
    return m_port;
}

uint32_t
SanNicDevice::GetHostNumber() const
{
    NS_ABORT_MSG_IF(m_port == nullptr,
                    GetInstanceTypeId().GetName() << ": not attached (or disposed)");
    return m_port->GetHostNumber();
}

Ptr<SanDmaEngine>
SanNicDevice::GetDmaEngine() const
{
    return m_dma;
}

Ptr<SanDmaEngine>
SanNicDevice::AddDmaEngine(uint32_t busClass)
{
    Ptr<SanDmaEngine> engine = CreateObject<SanDmaEngine>();
    engine->SetBusPriority(busClass);
    if (m_host != nullptr)
    {
        engine->SetBus(m_host->GetIoBus());
    }
    m_moreDma.push_back(engine);
    return engine;
}

void
SanNicDevice::ClearWriteSnoop(uint64_t addr)
{
    // The device (m_host null), the host (no memory) or the memory (HostMemory ignores the
    // request) may be disposed already.
    Ptr<HostMemory> memory = m_host != nullptr ? m_host->GetMemory() : nullptr;
    if (memory != nullptr)
    {
        memory->SetWriteSnoop(addr, HostMemory::WriteSnoopCallback());
    }
}

void
SanNicDevice::SetDropReasons(const std::vector<std::string>& names)
{
    // Every NIC of a kind names the same reasons: one list, kept once for the program (at
    // thousands of hosts a copy each was a few hundred bytes a host).
    static std::set<std::vector<std::string>> lists;
    m_dropNames = &*lists.insert(names).first;
    m_drops.assign(names.size(), 0);
}

std::string
SanNicDevice::GetDropReasonName(uint32_t reason) const
{
    return reason < m_drops.size() ? (*m_dropNames)[reason] : "?";
}

uint32_t
SanNicDevice::GetNDropReasons() const
{
    return static_cast<uint32_t>(m_drops.size());
}

uint64_t
SanNicDevice::GetNDropped(uint32_t reason) const
{
    NS_ABORT_MSG_IF(reason >= m_drops.size(),
                    GetInstanceTypeId().GetName() << ": no drop reason " << reason);
    return m_drops[reason];
}

uint64_t
SanNicDevice::GetNDropped() const
{
    uint64_t n = 0;
    for (auto d : m_drops)
    {
        n += d;
    }
    return n;
}

void
SanNicDevice::Drop(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost)
{
    NS_ABORT_MSG_IF(reason >= m_drops.size(),
                    GetInstanceTypeId().GetName() << ": no drop reason " << reason);
    ++m_drops[reason];
    NS_LOG_INFO(GetInstanceTypeId().GetName()
                << " on host " << GetHostNumber() << ": dropped a packet from host " << srcHost
                << " (" << (*m_dropNames)[reason] << ")");
    m_dropTrace(packet, reason, srcHost);
}

void
SanNicDevice::Stage(const char* stage, Time start, Time end)
{
    if (!m_stageTrace.IsEmpty())
    {
        m_stageTrace(std::string(stage), start, end);
    }
}

Ptr<Channel>
SanNicDevice::GetChannel() const
{
    return m_portDevice == nullptr ? nullptr : m_portDevice->GetChannel();
}

bool
SanNicDevice::IsLinkUp() const
{
    return m_port != nullptr;
}

bool
SanNicDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_WARN(GetInstanceTypeId().GetName()
                << "::Send: this interface is driven through its user-level API");
    return false;
}

} // namespace ns3
