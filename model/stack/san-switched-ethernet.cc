/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switched-ethernet.h"

#include "san-ip-net-device.h"

#include "ns3/abort.h"
#include "ns3/ethernet-header.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#endif

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanSwitchedEthernet");

NS_OBJECT_ENSURE_REGISTERED(SanSwitchedEthernet);
NS_OBJECT_ENSURE_REGISTERED(SanEthernetIpTransport);

namespace
{

/// \param frame a frame as simulated: the IP packet and its Ethernet header (the FCS, padding
/// and framing are only counted) \return the IP packet's bytes
uint32_t
SanEthernetIpBytes(Ptr<const Packet> frame)
{
    return frame->GetSize() - EthernetHeader(false).GetSerializedSize();
}

} // namespace

TypeId
SanSwitchedEthernet::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanSwitchedEthernet")
            .SetParent<Channel>()
            .SetGroupName("San")
            .AddConstructor<SanSwitchedEthernet>()
            // SHRIMP 1996, section 3: "a commodity Ethernet" beside the backplane; the
            // 10 Mbit/s of 10BASE-T (IEEE 802.3i), the Ethernet of PCs in 1995.
            .AddAttribute("DataRate",
                          "Every link's rate.",
                          DataRateValue(DataRate("10Mbps")),
                          MakeDataRateAccessor(&SanSwitchedEthernet::m_rate),
                          MakeDataRateChecker())
            // ASSUMED: a cable of a few hundred metres at most and the transceivers' latency,
            // about 5 us a link (ShrimpScenario's Ethernet had it before this model).
            .AddAttribute("Delay",
                          "Every cable's delay (host to switch and switch to host).",
                          TimeValue(MicroSeconds(5)),
                          MakeTimeAccessor(&SanSwitchedEthernet::m_delay),
                          MakeTimeChecker(Time(0)))
            // ASSUMED: the switch forwards as soon as a frame is in whole; no figure of the
            // SHRIMP prototype's Ethernet switch (or hub) is published, and it carries only
            // set-up messages.
            .AddAttribute("SwitchDelay",
                          "The switch's forwarding time after a frame is in whole.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&SanSwitchedEthernet::m_switchDelay),
                          MakeTimeChecker(Time(0)))
            // IEEE 802.3: a 14-byte header (addresses and type) and a 4-byte FCS a frame.
            .AddAttribute("HeaderBytes",
                          "Header and FCS bytes a frame.",
                          UintegerValue(18),
                          MakeUintegerAccessor(&SanSwitchedEthernet::m_headerBytes),
                          MakeUintegerChecker<uint32_t>())
            // IEEE 802.3: 8 bytes of preamble and delimiter and a 12-byte inter-frame gap.
            .AddAttribute("FramingBytes",
                          "Preamble and inter-frame gap bytes a frame on the wire.",
                          UintegerValue(20),
                          MakeUintegerAccessor(&SanSwitchedEthernet::m_framingBytes),
                          MakeUintegerChecker<uint32_t>())
            // IEEE 802.3: frames are at least 64 bytes (header and FCS included).
            .AddAttribute("MinFrameBytes",
                          "Frames are padded to this size (header and FCS included).",
                          UintegerValue(64),
                          MakeUintegerAccessor(&SanSwitchedEthernet::m_minFrameBytes),
                          MakeUintegerChecker<uint32_t>())
            // IEEE 802.3: 1500 bytes of payload a frame.
            .AddAttribute("Mtu",
                          "The largest IP packet a frame carries.",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&SanSwitchedEthernet::m_mtu),
                          MakeUintegerChecker<uint16_t>(68));
    return tid;
}

SanSwitchedEthernet::SanSwitchedEthernet()
{
    NS_LOG_FUNCTION(this);
}

SanSwitchedEthernet::~SanSwitchedEthernet()
{
    NS_LOG_FUNCTION(this);
}

void
SanSwitchedEthernet::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_ports.clear();
    Channel::DoDispose();
}

void
SanSwitchedEthernet::Attach(Ptr<SanEthernetIpTransport> port)
{
    NS_LOG_FUNCTION(this << port);
    NS_ABORT_MSG_IF(!port, "SanSwitchedEthernet::Attach: no port");
    NS_ABORT_MSG_IF(!(m_rate.GetBitRate() > 0), "SanSwitchedEthernet: a DataRate of 0");
    port->SetEthernet(this, static_cast<uint32_t>(m_ports.size()));
    m_ports.push_back(port);
}

Time
SanSwitchedEthernet::GetFrameTime(uint32_t ipBytes) const
{
    const uint32_t frame = std::max(ipBytes + m_headerBytes, m_minFrameBytes) + m_framingBytes;
    return m_rate.CalculateBytesTxTime(frame);
}

Time
SanSwitchedEthernet::GetLead() const
{
    return GetFrameTime(0) + m_delay;
}

Time
SanSwitchedEthernet::GetDelay() const
{
    return m_delay;
}

Time
SanSwitchedEthernet::GetSwitchDelay() const
{
    return m_switchDelay;
}

uint16_t
SanSwitchedEthernet::GetMtu() const
{
    return m_mtu;
}

Ptr<SanEthernetIpTransport>
SanSwitchedEthernet::GetPort(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= m_ports.size(),
                    "SanSwitchedEthernet: no host " << host << " (" << m_ports.size() << " ports)");
    return m_ports[host];
}

uint32_t
SanSwitchedEthernet::GetNPorts() const
{
    return static_cast<uint32_t>(m_ports.size());
}

std::size_t
SanSwitchedEthernet::GetNDevices() const
{
    return m_ports.size();
}

Ptr<NetDevice>
SanSwitchedEthernet::GetDevice(std::size_t i) const
{
    return i < m_ports.size() ? m_ports[i]->GetDevice() : nullptr;
}

TypeId
SanEthernetIpTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanEthernetIpTransport")
            .SetParent<SanIpTransport>()
            .SetGroupName("San")
            .AddConstructor<SanEthernetIpTransport>()
            .AddTraceSource("Tx",
                            "A frame starts out of this host (the IP packet and its header).",
                            MakeTraceSourceAccessor(&SanEthernetIpTransport::m_txTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Rx",
                            "A frame is in at this host (the IP packet and its header).",
                            MakeTraceSourceAccessor(&SanEthernetIpTransport::m_rxTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

SanEthernetIpTransport::SanEthernetIpTransport()
{
    NS_LOG_FUNCTION(this);
}

SanEthernetIpTransport::~SanEthernetIpTransport()
{
    NS_LOG_FUNCTION(this);
}

void
SanEthernetIpTransport::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_waiting.clear();
    m_rx = ReceiveCallback();
    m_device = nullptr;
    m_lan = nullptr;
    SanIpTransport::DoDispose();
}

void
SanEthernetIpTransport::SetEthernet(Ptr<SanSwitchedEthernet> lan, uint32_t host)
{
    NS_ABORT_MSG_IF(m_lan != nullptr, "SanEthernetIpTransport: already on an Ethernet");
    m_lan = PeekPointer(lan);
    m_host = host;
}

void
SanEthernetIpTransport::SetDevice(Ptr<NetDevice> device)
{
    m_device = PeekPointer(device);
}

Ptr<NetDevice>
SanEthernetIpTransport::GetDevice() const
{
    return m_device;
}

uint64_t
SanEthernetIpTransport::GetSent() const
{
    return m_sent;
}

uint64_t
SanEthernetIpTransport::GetReceived() const
{
    return m_received;
}

void
SanEthernetIpTransport::SetReceiveCallback(ReceiveCallback cb)
{
    m_rx = cb;
}

uint32_t
SanEthernetIpTransport::GetHostNumber() const
{
    return m_host;
}

uint16_t
SanEthernetIpTransport::GetMtu() const
{
    return m_lan ? m_lan->GetMtu() : 1500;
}

bool
SanEthernetIpTransport::Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol)
{
    NS_LOG_FUNCTION(this << packet << dstHost << protocol);
    NS_ABORT_MSG_IF(m_lan == nullptr || m_device == nullptr,
                    "SanEthernetIpTransport: not on an Ethernet (SanSwitchedEthernetHelper)");
    if (dstHost >= m_lan->GetNPorts() || dstHost == m_host || packet->GetSize() > GetMtu())
    {
        return false; // no such host (the device counts and traces the drop)
    }
    EthernetHeader header(false);
    header.SetDestination(SanIpNetDevice::LinkAddressOf(dstHost));
    header.SetSource(SanIpNetDevice::LinkAddressOf(m_host));
    header.SetLengthType(protocol);
    Ptr<Packet> frame = packet->Copy();
    frame->AddHeader(header);
    m_waiting.push_back(frame);
    if (!m_sending)
    {
        StartNext();
    }
    return true;
}

void
SanEthernetIpTransport::StartNext()
{
    if (m_waiting.empty())
    {
        m_sending = false;
        return;
    }
    m_sending = true;
    Ptr<Packet> frame = m_waiting.front();
    m_waiting.pop_front();
    ++m_sent;
    m_txTrace(frame);
    EthernetHeader header(false);
    frame->PeekHeader(header);
    const uint32_t dst = SanIpNetDevice::HostOfLinkAddress(header.GetDestination());
    const Time wire = m_lan->GetFrameTime(SanEthernetIpBytes(frame));
    // The frame is in the switch once its last bit has crossed the cable.
    const Time inSwitch = wire + m_lan->GetDelay();
    Ptr<SanEthernetIpTransport> to = m_lan->GetPort(dst);
    Ptr<Node> node = to->GetDevice()->GetNode();
#ifdef NS3_MPI
    if (MpiInterface::IsEnabled() && node->GetSystemId() != MpiInterface::GetSystemId())
    {
        MpiInterface::SendPacket(frame,
                                 Simulator::Now() + inSwitch,
                                 node->GetId(),
                                 to->GetDevice()->GetIfIndex());
    }
    else
#endif
    {
        Simulator::ScheduleWithContext(node->GetId(),
                                       inSwitch,
                                       &SanEthernetIpTransport::ArriveAtSwitch,
                                       to,
                                       frame);
    }
    Simulator::Schedule(wire,
                        &SanEthernetIpTransport::TransmitDone,
                        Ptr<SanEthernetIpTransport>(this));
}

void
SanEthernetIpTransport::TransmitDone()
{
    if (m_lan == nullptr)
    {
        return; // disposed
    }
    StartNext();
}

void
SanEthernetIpTransport::ArriveAtSwitch(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    if (m_lan == nullptr)
    {
        return; // disposed
    }
    // Store and forward: the output port to this host sends one frame after another.
    const int64_t ready = (Simulator::Now() + m_lan->GetSwitchDelay()).GetTimeStep();
    const int64_t start = std::max(ready, m_portFreeTs);
    const Time wire = m_lan->GetFrameTime(SanEthernetIpBytes(frame));
    m_portFreeTs = start + wire.GetTimeStep();
    const Time in = TimeStep(m_portFreeTs) + m_lan->GetDelay() - Simulator::Now();
    Simulator::Schedule(in,
                        &SanEthernetIpTransport::Deliver,
                        Ptr<SanEthernetIpTransport>(this),
                        frame);
}

void
SanEthernetIpTransport::Deliver(Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << frame);
    if (m_lan == nullptr)
    {
        return; // disposed
    }
    ++m_received;
    m_rxTrace(frame);
    EthernetHeader header(false);
    frame->RemoveHeader(header);
    if (!m_rx.IsNull())
    {
        m_rx(frame, SanIpNetDevice::HostOfLinkAddress(header.GetSource()), header.GetLengthType());
    }
}

} // namespace ns3
