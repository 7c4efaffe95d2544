/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-net-device.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNetDevice");

NS_OBJECT_ENSURE_REGISTERED(SanNetDevice);

TypeId
SanNetDevice::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanNetDevice").SetParent<NetDevice>().SetGroupName("San");
    return tid;
}

SanNetDevice::SanNetDevice() = default;

SanNetDevice::~SanNetDevice() = default;

void
SanNetDevice::DoDispose()
{
    m_node = nullptr;
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCb = NetDevice::PromiscReceiveCallback();
    NetDevice::DoDispose();
}

void
SanNetDevice::NotifyLinkChange()
{
    if (m_linkChangeCallbacks != nullptr)
    {
        (*m_linkChangeCallbacks)();
    }
}

void
SanNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
SanNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

void
SanNetDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
SanNetDevice::GetAddress() const
{
    return m_address;
}

bool
SanNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
SanNetDevice::GetMtu() const
{
    return m_mtu;
}

void
SanNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    if (m_linkChangeCallbacks == nullptr)
    {
        m_linkChangeCallbacks = std::make_unique<TracedCallback<>>();
    }
    m_linkChangeCallbacks->ConnectWithoutContext(callback);
}

bool
SanNetDevice::IsBroadcast() const
{
    return false;
}

Address
SanNetDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
SanNetDevice::IsMulticast() const
{
    return false;
}

Address
SanNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
SanNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
SanNetDevice::IsBridge() const
{
    return false;
}

bool
SanNetDevice::IsPointToPoint() const
{
    return false;
}

bool
SanNetDevice::SendFrom(Ptr<Packet> packet,
                       const Address& source,
                       const Address& dest,
                       uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

Ptr<Node>
SanNetDevice::GetNode() const
{
    return m_node;
}

void
SanNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
    m_nodeId = node == nullptr ? 0 : node->GetId();
}

bool
SanNetDevice::NeedsArp() const
{
    return false;
}

void
SanNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
SanNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCb = cb;
}

bool
SanNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
