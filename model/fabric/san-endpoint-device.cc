/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-endpoint-device.h"

#include "san-channel.h"
#include "san-cut-cell-records.h"
#include "san-fabric-event.h"
#include "san-fabric.h"
#include "san-flow-probe.h"
#include "san-lazy-trace-accessor.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-routing.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanEndpointDevice");

NS_OBJECT_ENSURE_REGISTERED(SanEndpointDevice);

TypeId
SanEndpointDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanEndpointDevice")
            .SetParent<SanPortDevice>()
            .SetGroupName("San")
            .AddConstructor<SanEndpointDevice>()
            // Modelling choice: one class for every packet keeps every result that predates
            // classes; only a switch's Priority arbitration reads it.
            .AddAttribute("TrafficClass",
                          "Traffic class of the packets this host sends, 0 to 7 (SanSwitch "
                          "Arbitration Priority serves a higher class first).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanEndpointDevice::m_trafficClass),
                          MakeUintegerChecker<uint8_t>(0, SanFabricPacket::MAX_TRAFFIC_CLASS))
            .AddTraceSource("PacketRx",
                            "A packet was delivered to this host.",
                            MakeSanLazyTraceAccessor(&SanEndpointDevice::RxTraceOf),
                            "ns3::SanEndpointDevice::PacketRxTracedCallback")
            .AddTraceSource("PacketSent",
                            "A packet was accepted for the fabric (after SendReject's checks).",
                            MakeSanLazyTraceAccessor(&SanEndpointDevice::SentTraceOf),
                            "ns3::SanEndpointDevice::PacketSentTracedCallback")
            .AddTraceSource("SendReject",
                            "SendTo refused a packet (bad destination or size).",
                            MakeSanLazyTraceAccessor(&SanEndpointDevice::RejectTraceOf),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

SanEndpointDevice::SanEndpointDevice()
    : SanPort(false, 0)
{
    SetPort(this); // the device is its own port
}

SanEndpointDevice::~SanEndpointDevice() = default;

SanEndpointDevice::Extras&
SanEndpointDevice::GetExtras()
{
    if (m_extras == nullptr)
    {
        m_extras = std::make_unique<Extras>();
    }
    return *m_extras;
}

TracedCallback<uint64_t, uint32_t, uint32_t, Time, uint32_t>*
SanEndpointDevice::RxTraceOf(ObjectBase* o)
{
    auto* dev = dynamic_cast<SanEndpointDevice*>(o);
    return dev != nullptr ? &dev->GetTraces().rx : nullptr;
}

TracedCallback<uint64_t, uint32_t, uint32_t>*
SanEndpointDevice::SentTraceOf(ObjectBase* o)
{
    auto* dev = dynamic_cast<SanEndpointDevice*>(o);
    return dev != nullptr ? &dev->GetTraces().sent : nullptr;
}

TracedCallback<uint32_t, uint32_t>*
SanEndpointDevice::RejectTraceOf(ObjectBase* o)
{
    auto* dev = dynamic_cast<SanEndpointDevice*>(o);
    return dev != nullptr ? &dev->GetTraces().reject : nullptr;
}

void
SanEndpointDevice::TraceReject(uint32_t dst, uint32_t bytes)
{
    if (m_extras != nullptr)
    {
        m_extras->traces.reject(dst, bytes);
    }
}

void
SanEndpointDevice::DoDispose()
{
    if (m_extras != nullptr)
    {
        m_extras->callbacks = Callbacks(); // the upper layer's objects go; connected tracers stay
    }
    // Bursts still being reassembled belong to the pool; return them.
    while (m_partial != nullptr)
    {
        SanFabricPacket* p = m_partial;
        m_partial = p->next;
        SanFabricPacket::Free(p);
    }
    SanPort::Dispose();
    SanPortDevice::DoDispose();
}

void
SanEndpointDevice::SetNode(Ptr<Node> node)
{
    SanPortDevice::SetNode(node);
    SetNumber(GetIfIndex());
}

void
SanEndpointDevice::SetIfIndex(const uint32_t index)
{
    SanPortDevice::SetIfIndex(index);
    SetNumber(index);
}

Ptr<NetDevice>
SanEndpointDevice::GetDevice()
{
    return this;
}

void
SanEndpointDevice::SetHost(uint32_t host, uint32_t srcSwitch)
{
    m_host = host;
    m_srcSwitch = srcSwitch;
    SetAddress(HostAddress(host));
}

uint32_t
SanEndpointDevice::GetHost() const
{
    return m_host;
}

Mac48Address
SanEndpointDevice::HostAddress(uint32_t host)
{
    uint8_t buf[6] = {0x02,
                      0x5a, // locally administered, 'Z'
                      static_cast<uint8_t>(host >> 24),
                      static_cast<uint8_t>(host >> 16),
                      static_cast<uint8_t>(host >> 8),
                      static_cast<uint8_t>(host)};
    Mac48Address a;
    a.CopyFrom(buf);
    return a;
}

void
SanEndpointDevice::SetDeliverCallback(DeliverCallback cb)
{
    GetExtras().callbacks.deliver = cb;
}

void
SanEndpointDevice::SetDeliverSink(SanDeliverySink* sink)
{
    m_deliverSink = sink;
}

SanDeliverySink*
SanEndpointDevice::GetDeliverSink() const
{
    return m_deliverSink;
}

bool
SanEndpointDevice::SendTo(uint32_t dst, uint32_t bytes, Ptr<Packet> payload, uint64_t tag)
{
    return DoSend(dst, bytes, payload, tag, 0);
}

bool
SanEndpointDevice::SendStreaming(uint32_t dst,
                                 uint32_t bytes,
                                 Ptr<Packet> payload,
                                 uint64_t tag,
                                 Time lastByteReady)
{
    return DoSend(dst, bytes, payload, tag, lastByteReady.GetTimeStep());
}

bool
SanEndpointDevice::SendSplittable(uint32_t dst,
                                  uint32_t bytes,
                                  uint32_t headerBytes,
                                  Ptr<Packet> payload,
                                  uint64_t tag,
                                  Time lastByteReady)
{
    if (headerBytes >= bytes || headerBytes > 0xffff)
    {
        NS_LOG_WARN("SanEndpointDevice " << m_host << ": refused splittable packet of " << bytes
                                         << " bytes with a header of " << headerBytes
                                         << " bytes (it needs at least one data byte)");
        TraceReject(dst, bytes);
        return false;
    }
    return DoSend(dst, bytes, payload, tag, lastByteReady.GetTimeStep(), true, headerBytes);
}

bool
SanEndpointDevice::DoSend(uint32_t dst,
                          uint32_t bytes,
                          Ptr<Packet> payload,
                          uint64_t tag,
                          int64_t lastByteTs,
                          bool splittable,
                          uint32_t headerBytes)
{
    NS_ABORT_MSG_IF(Fabric() == nullptr, "SanEndpointDevice: not attached to a fabric");
    SanTopology* topo = PeekPointer(Fabric()->GetTopology());
    if (dst >= topo->GetNHosts() || bytes == 0 || bytes > Fabric()->GetMaxPacketSize() ||
        bytes < Fabric()->GetMinPacketSize())
    {
        NS_LOG_WARN("SanEndpointDevice " << m_host << ": refused packet to host " << dst << " of "
                                         << bytes << " bytes (hosts: " << topo->GetNHosts()
                                         << ", MinPacketSize: " << Fabric()->GetMinPacketSize()
                                         << ", MaxPacketSize: " << Fabric()->GetMaxPacketSize()
                                         << ")");
        TraceReject(dst, bytes);
        return false;
    }
    SanRouting* routing = PeekPointer(Fabric()->GetRouting());
    const int64_t now = Simulator::Now().GetTimeStep();
    const SanSwitchingPolicy& switching = Fabric()->GetSwitching();

    SanFabricPacket* p = SanFabricPacket::Allocate();
    p->uid = SanFabric::MakeUid(m_host, ++m_uidCount);
    p->src = m_host;
    p->dst = dst;
    p->dstSwitch = topo->GetHostSwitch(dst);
    p->bytes = bytes;
    p->seq = static_cast<uint32_t>(m_nextSeq++);
    p->trafficClass = m_trafficClass;
    p->SetTag(tag);
    p->createdTs = now;
    p->readyTs = now;
    p->tailTs = lastByteTs; // the tail cannot leave the host before this
    p->SetPayload(payload);
    p->wormhole = switching.IsWorm(bytes);
    if (splittable)
    {
        p->splittable = 1;
        p->Extra().splitHeader = static_cast<uint16_t>(headerBytes);
        p->Extra().burstBytes = bytes - headerBytes;
    }
    ++m_sent;
    if (m_extras != nullptr && !m_extras->traces.sent.IsEmpty())
    {
        m_extras->traces.sent(p->uid, dst, bytes);
    }
    if (SanFlowProbe* probe = Fabric()->GetFlowProbe())
    {
        probe->PacketSent(*p);
    }
    if (!switching.CutsIntoCells())
    {
        uint32_t mask = routing->PrepareAtSource(*p, m_srcSwitch);
        Forward(p, mask);
        return true;
    }
    // Cell mode: p stays here as the reassembly record; its cells travel.
    const uint32_t payloadPerCell = switching.GetCellPayload();
    const uint32_t nCells = (bytes + payloadPerCell - 1) / payloadPerCell;
    p->Extra().cellsLeft = nCells;
    for (uint32_t i = 0; i < nCells; ++i)
    {
        SanFabricPacket* c = SanFabricPacket::Allocate();
        c->uid = SanFabric::MakeUid(m_host, ++m_uidCount);
        c->src = m_host;
        c->dst = dst;
        c->dstSwitch = p->dstSwitch;
        c->bytes = switching.GetCellSize();
        c->seq = p->seq;
        c->trafficClass = m_trafficClass;
        c->createdTs = now;
        c->readyTs = now;
        c->Extra().parent = p;
        if (i + 1 == nCells && lastByteTs > now)
        {
            // A streamed packet (AAL5): its last cell carries the trailer's CRC over the whole
            // packet, so it cannot start before the card has the last byte; its tail leaves one
            // cell time later. The cells before it go as the link allows, as a streamed packet's
            // head does in the other modes.
            c->tailTs = lastByteTs + GetSerializationSteps(c->bytes);
        }
        uint32_t mask = routing->PrepareAtSource(*c, m_srcSwitch);
        Forward(c, mask);
    }
    return true;
}

void
SanEndpointDevice::OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs)
{
    p->injectedTs = departTs;
    Fabric()->NotifyInjected();
}

void
SanEndpointDevice::ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs)
{
    // A head callback hears of whole packets only: a piece's head is not the packet's (a split
    // packet is announced at reassembly), and with a piece callback splittable packets go
    // there alone.
    if (!Cb().headArrival.IsNull() && p->GetParent() == nullptr &&
        (!p->splittable || (Cb().piece.IsNull() && !p->IsPiece())))
    {
        Simulator::ScheduleWithContext(
            m_nodeId,
            TimeStep(headTs - Simulator::Now().GetTimeStep()),
            MakeSanPacketEvent<&SanEndpointDevice::HeadArrived>(this, p, tailTs));
    }
    Simulator::ScheduleWithContext(m_nodeId,
                                   TimeStep(tailTs - Simulator::Now().GetTimeStep()),
                                   MakeSanPacketEvent<&SanEndpointDevice::Deliver>(this, p));
}

void
SanEndpointDevice::HeadArrived(SanFabricPacket* p, int64_t tailTs)
{
    Cb().headArrival(p->GetPayload(), p->src, TimeStep(tailTs));
}

void
SanEndpointDevice::Deliver(SanFabricPacket* p)
{
    Fabric()->NotifyDelivered(p->hops);
    SanFabricPacket* parent = p->GetParent();
    if (parent == nullptr)
    {
        if (p->IsPiece() && Cb().piece.IsNull())
        {
            Reassemble(p);
            return;
        }
        HandUp(p);
        return;
    }
    parent->hops = std::max(parent->hops, p->hops);
    parent->injectedTs = parent->injectedTs == 0 ? p->injectedTs : parent->injectedTs;
    SanFabricPacket::Free(p);
    if (--parent->Extra().cellsLeft == 0)
    {
        if (SanCutCellRecords* records = Fabric()->GetCutCellRecords())
        {
            records->Reassembled(parent); // its record in this part, if cells crossed a cut
        }
        // The port reassembles a packet from its cells: nothing of it reaches the NIC before
        // its last cell, so a cut-through NIC hears of its head now, with its tail.
        if (!Cb().headArrival.IsNull() && (!parent->splittable || Cb().piece.IsNull()))
        {
            Cb().headArrival(parent->GetPayload(), parent->src, Simulator::Now());
        }
        HandUp(parent);
    }
}

void
SanEndpointDevice::Reassemble(SanFabricPacket* p)
{
    SanFabricPacket* prev = nullptr;
    SanFabricPacket* rec = m_partial;
    while (rec != nullptr && (rec->seq != p->seq || rec->src != p->src))
    {
        prev = rec;
        rec = rec->next;
    }
    if (rec == nullptr)
    {
        // The first piece to arrive becomes the burst's record.
        p->Extra().cellsLeft = p->Extra().burstBytes - p->GetPieceBytes();
        p->next = m_partial;
        m_partial = p;
        return;
    }
    NS_ABORT_MSG_IF(p->GetPieceBytes() > rec->Extra().cellsLeft,
                    "SanEndpointDevice " << m_host << ": piece of " << p->GetPieceBytes()
                                         << " bytes at offset " << p->Extra().burstOffset
                                         << " overflows the burst from host " << p->src);
    rec->Extra().cellsLeft -= p->GetPieceBytes();
    rec->hops = std::max(rec->hops, p->hops);
    rec->injectedTs = std::min(rec->injectedTs, p->injectedTs);
    SanFabricPacket::Free(p);
    if (rec->Extra().cellsLeft != 0)
    {
        return;
    }
    if (prev == nullptr)
    {
        m_partial = rec->next;
    }
    else
    {
        prev->next = rec->next;
    }
    rec->next = nullptr;
    // Whole again: as the sender sent it.
    rec->bytes = rec->Extra().splitHeader + rec->Extra().burstBytes;
    rec->Extra().burstOffset = 0;
    // Nothing of a split packet is announced before all of it is in: a cut-through NIC hears
    // of its head now, with its tail (as in Cell mode).
    if (!Cb().headArrival.IsNull())
    {
        Cb().headArrival(rec->GetPayload(), rec->src, Simulator::Now());
    }
    HandUp(rec);
}

void
SanEndpointDevice::HandUp(SanFabricPacket* p)
{
    ++m_received;
    if (m_extras != nullptr && !m_extras->traces.rx.IsEmpty())
    {
        m_extras->traces.rx(p->uid,
                            p->src,
                            p->bytes,
                            TimeStep(Simulator::Now().GetTimeStep() - p->createdTs),
                            p->hops);
    }
    if (SanFlowProbe* probe = Fabric()->GetFlowProbe())
    {
        probe->PacketDelivered(*p);
    }
    if (m_deliverSink != nullptr)
    {
        m_deliverSink->DeliverFromFabric(*p);
    }
    if (!Cb().deliver.IsNull())
    {
        Cb().deliver(*p);
    }
    if (p->splittable && !Cb().piece.IsNull())
    {
        Cb().piece(p->GetPayload(), p->src, p->Extra().burstOffset, p->GetPieceBytes());
        SanFabricPacket::Free(p);
        return;
    }
    if (!Cb().arrival.IsNull())
    {
        Cb().arrival(p->GetPayload(), p->src);
    }
    if (!m_rxCallback.IsNull() && p->PeekPayload() != nullptr)
    {
        m_rxCallback(this,
                     p->GetPayload(),
                     static_cast<uint16_t>(p->GetTag()),
                     HostAddress(p->src));
    }
    SanFabricPacket::Free(p);
}

uint32_t
SanEndpointDevice::GetContextId() const
{
    return m_nodeId;
}

uint64_t
SanEndpointDevice::GetSentPackets() const
{
    return m_sent;
}

uint64_t
SanEndpointDevice::GetReceivedPackets() const
{
    return m_received;
}

// SanFabricPort ---------------------------------------------------------------

uint32_t
SanEndpointDevice::GetHostNumber() const
{
    return m_host;
}

std::string
SanEndpointDevice::GetPortName() const
{
    return "host-" + std::to_string(m_host);
}

bool
SanEndpointDevice::SendPacket(uint32_t dst, Ptr<Packet> packet)
{
    if (packet == nullptr)
    {
        NS_LOG_WARN("SanEndpointDevice " << m_host << ": SendPacket without a packet");
        TraceReject(dst, 0);
        return false;
    }
    return SendTo(dst, packet->GetSize(), packet, 0);
}

bool
SanEndpointDevice::SendPacketPaced(uint32_t dst, Ptr<Packet> packet, Time lastByteReady)
{
    if (packet == nullptr)
    {
        NS_LOG_WARN("SanEndpointDevice " << m_host << ": SendPacketPaced without a packet");
        TraceReject(dst, 0);
        return false;
    }
    return SendStreaming(dst, packet->GetSize(), packet, 0, lastByteReady);
}

bool
SanEndpointDevice::SendSplittablePacket(uint32_t dst,
                                        Ptr<Packet> packet,
                                        uint32_t headerBytes,
                                        Time lastByteReady)
{
    if (packet == nullptr)
    {
        NS_LOG_WARN("SanEndpointDevice " << m_host << ": SendSplittablePacket without a packet");
        TraceReject(dst, 0);
        return false;
    }
    return SendSplittable(dst, packet->GetSize(), headerBytes, packet, 0, lastByteReady);
}

void
SanEndpointDevice::SetPacketArrivalCallback(PacketArrivalCallback cb)
{
    GetExtras().callbacks.arrival = cb;
}

void
SanEndpointDevice::SetPieceArrivalCallback(PieceArrivalCallback cb)
{
    GetExtras().callbacks.piece = cb;
}

void
SanEndpointDevice::SetHeadArrivalCallback(HeadArrivalCallback cb)
{
    GetExtras().callbacks.headArrival = cb;
}

Time
SanEndpointDevice::GetLinkTxTime(uint32_t bytes) const
{
    const SanChannel* link = GetLinkAttributes(); // a bare link's too
    NS_ABORT_MSG_IF(link == nullptr,
                    "SanEndpointDevice " << m_host << ": GetLinkTxTime before it is on a link");
    return link->GetDataRate().CalculateBytesTxTime(bytes + link->GetFramingBytes());
}

uint32_t
SanEndpointDevice::GetMaxPacketSize() const
{
    NS_ABORT_MSG_IF(Fabric() == nullptr, "SanEndpointDevice: not attached to a fabric");
    return Fabric()->GetMaxPacketSize();
}

uint32_t
SanEndpointDevice::GetNHosts() const
{
    NS_ABORT_MSG_IF(Fabric() == nullptr, "SanEndpointDevice: not attached to a fabric");
    return Fabric()->GetTopology()->GetNHosts();
}

Ptr<NetDevice>
SanEndpointDevice::GetPortDevice()
{
    return Ptr<NetDevice>(this);
}

bool
SanEndpointDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (!Mac48Address::IsMatchingType(dest))
    {
        NS_LOG_WARN("SanEndpointDevice::Send: destination is not a san (Mac48) address");
        return false;
    }
    uint8_t buf[6];
    Mac48Address::ConvertFrom(dest).CopyTo(buf);
    if (buf[0] != 0x02 || buf[1] != 0x5a)
    {
        NS_LOG_WARN("SanEndpointDevice::Send: " << dest << " is not a san host address");
        return false;
    }
    uint32_t dst = (uint32_t(buf[2]) << 24) | (uint32_t(buf[3]) << 16) | (uint32_t(buf[4]) << 8) |
                   uint32_t(buf[5]);
    return SendTo(dst, packet->GetSize(), packet, protocolNumber);
}

} // namespace ns3
