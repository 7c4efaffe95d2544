/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ip-net-device.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanIpNetDevice");

NS_OBJECT_ENSURE_REGISTERED(SanIpNetDevice);

TypeId
SanIpNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanIpNetDevice")
            .SetParent<SanNetDevice>()
            .SetGroupName("San")
            .AddConstructor<SanIpNetDevice>()
            .AddAttribute("Network",
                          "The IP subnet over the fabric: host n is Network + n + 1.",
                          Ipv4AddressValue("10.2.0.0"),
                          MakeIpv4AddressAccessor(&SanIpNetDevice::m_network),
                          MakeIpv4AddressChecker())
            .AddAttribute("NetworkMask",
                          "The subnet's mask.",
                          Ipv4MaskValue("255.255.0.0"),
                          MakeIpv4MaskAccessor(&SanIpNetDevice::m_mask),
                          MakeIpv4MaskChecker())
            .AddTraceSource("Drop",
                            "A packet with no fabric host to go to.",
                            MakeTraceSourceAccessor(&SanIpNetDevice::m_dropTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

SanIpNetDevice::SanIpNetDevice()
{
    NS_LOG_FUNCTION(this);
}

SanIpNetDevice::~SanIpNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
SanIpNetDevice::DoDispose()
{
    if (m_transport)
    {
        m_transport->SetReceiveCallback(SanIpTransport::ReceiveCallback());
    }
    m_transport = nullptr;
    SanNetDevice::DoDispose();
}

void
SanIpNetDevice::SetTransport(Ptr<SanIpTransport> transport)
{
    NS_ABORT_MSG_IF(m_transport, "SanIpNetDevice::SetTransport: called twice");
    NS_ABORT_MSG_IF(!transport, "SanIpNetDevice::SetTransport: no transport");
    m_transport = transport;
    transport->SetReceiveCallback(MakeCallback(&SanIpNetDevice::Receive, this));
}

Ptr<SanIpTransport>
SanIpNetDevice::GetTransport() const
{
    return m_transport;
}

uint32_t
SanIpNetDevice::HostNumberOf(Ipv4Address address) const
{
    if (!m_mask.IsMatch(address, m_network))
    {
        return UINT32_MAX;
    }
    const uint32_t hostPart = address.Get() & ~m_mask.Get();
    if (hostPart == 0 || hostPart == ~m_mask.Get())
    {
        return UINT32_MAX; // the network itself, or its broadcast
    }
    return hostPart - 1;
}

Mac48Address
SanIpNetDevice::LinkAddressOf(uint32_t host)
{
    uint8_t b[6] = {0x02,
                    0x5a,
                    static_cast<uint8_t>(host >> 24),
                    static_cast<uint8_t>(host >> 16),
                    static_cast<uint8_t>(host >> 8),
                    static_cast<uint8_t>(host)};
    Mac48Address a;
    a.CopyFrom(b);
    return a;
}

uint32_t
SanIpNetDevice::HostOfLinkAddress(const Mac48Address& address)
{
    uint8_t b[6];
    address.CopyTo(b);
    return (uint32_t(b[2]) << 24) | (uint32_t(b[3]) << 16) | (uint32_t(b[4]) << 8) | b[5];
}

uint64_t
SanIpNetDevice::GetDrops() const
{
    return m_drops;
}

bool
SanIpNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << protocolNumber);
    NS_ABORT_MSG_IF(!m_transport, "SanIpNetDevice::Send before SetTransport");
    uint32_t host = UINT32_MAX;
    if (protocolNumber == Ipv4L3Protocol::PROT_NUMBER)
    {
        Ipv4Header ip;
        packet->PeekHeader(ip);
        host = HostNumberOf(ip.GetDestination());
    }
    if (host == UINT32_MAX || !m_transport->Transmit(packet, host, protocolNumber))
    {
        ++m_drops;
        m_dropTrace(packet);
        return false;
    }
    return true;
}

void
SanIpNetDevice::Receive(Ptr<Packet> p, uint32_t src, uint16_t proto)
{
    NS_LOG_FUNCTION(this << p << src << proto);
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, p, proto, LinkAddressOf(src));
    }
}

bool
SanIpNetDevice::SendFrom(Ptr<Packet> packet,
                         const Address& source,
                         const Address& dest,
                         uint16_t protocolNumber)
{
    NS_ABORT_MSG("SanIpNetDevice::SendFrom: not supported");
    return false;
}

Ptr<Channel>
SanIpNetDevice::GetChannel() const
{
    return nullptr;
}

void
SanIpNetDevice::SetAddress(Address address)
{
    NS_ABORT_MSG("SanIpNetDevice::SetAddress: the address follows from the host number");
}

Address
SanIpNetDevice::GetAddress() const
{
    NS_ABORT_MSG_IF(!m_transport, "SanIpNetDevice::GetAddress before SetTransport");
    return LinkAddressOf(m_transport->GetHostNumber());
}

bool
SanIpNetDevice::SetMtu(const uint16_t mtu)
{
    return m_transport && mtu == m_transport->GetMtu();
}

uint16_t
SanIpNetDevice::GetMtu() const
{
    NS_ABORT_MSG_IF(!m_transport, "SanIpNetDevice::GetMtu before SetTransport");
    return m_transport->GetMtu();
}

bool
SanIpNetDevice::IsLinkUp() const
{
    return bool(m_transport);
}

bool
SanIpNetDevice::IsBroadcast() const
{
    return true; // IPv4 needs a broadcast address; broadcasts are dropped (see the class)
}

} // namespace ns3
