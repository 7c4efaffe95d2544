/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-port-device.h"

#include "san-channel.h"
#include "san-lazy-trace-accessor.h"
#include "san-remote-channel.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPortDevice");

NS_OBJECT_ENSURE_REGISTERED(SanPortDevice);

TypeId
SanPortDevice::GetTypeId()
{
    using Traces = SanPort::Traces;
    static TypeId tid =
        TypeId("ns3::SanPortDevice")
            .SetParent<SanNetDevice>()
            .SetGroupName("San")
            .AddTraceSource("PacketTx",
                            "A packet starts leaving through this port.",
                            MakeSanLazyTraceAccessor(&SanPortDevice::SourceOf<&Traces::tx>),
                            "ns3::SanPortDevice::PacketTxTracedCallback")
            .AddTraceSource(
                "PromiscSniffer",
                "A packet leaves through this port or arrives at it, with its "
                "16-byte san header, at the time it does (pcap helpers connect "
                "here).",
                MakeSanLazyTraceAccessor(&SanPortDevice::SourceOf<&Traces::promiscSniffer>),
                "ns3::Packet::TracedCallback")
            .AddTraceSource(
                "PacketEvent",
                "A packet's head leaves through this port ('-', with its virtual "
                "channel) or its tail arrives at it ('r'), at the time it does "
                "(ASCII trace helpers connect here).",
                MakeSanLazyTraceAccessor(&SanPortDevice::SourceOf<&Traces::packetEvent>),
                "ns3::SanPortDevice::PacketEventTracedCallback");
    return tid;
}

SanPortDevice::SanPortDevice() = default;

SanPortDevice::~SanPortDevice() = default;

void
SanPortDevice::DoDispose()
{
    m_port = nullptr;
    SanNetDevice::DoDispose();
}

void
SanPortDevice::SetPort(SanPort* port)
{
    m_port = port;
}

SanPort*
SanPortDevice::GetPort() const
{
    return m_port;
}

Ptr<Channel>
SanPortDevice::GetChannel() const
{
    return m_port != nullptr ? Ptr<Channel>(m_port->GetLink()) : nullptr;
}

bool
SanPortDevice::IsLinkUp() const
{
    return m_port != nullptr && m_port->IsConnected();
}

bool
SanPortDevice::IsPointToPoint() const
{
    // ns-3's MPI engines take every point-to-point device's channel Delay as a bound on their
    // lookahead. A cut link whose lead is longer gives the engine its lookahead through
    // SanFabricHelper instead, so its ends do not present themselves as point-to-point.
    const auto* remote =
        m_port != nullptr ? dynamic_cast<const SanRemoteChannel*>(m_port->GetLink()) : nullptr;
    return remote == nullptr || !remote->HasOwnLookahead();
}

bool
SanPortDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_WARN("SanPortDevice: a switch port does not originate packets");
    return false;
}

} // namespace ns3
