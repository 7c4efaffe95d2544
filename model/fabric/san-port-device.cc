/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-port-device.h"

#include "san-channel.h"
#include "san-fabric-event.h"
#include "san-fabric-header.h"
#include "san-fabric.h"
#include "san-xon-xoff-buffer.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPortDevice");

NS_OBJECT_ENSURE_REGISTERED(SanPortDevice);

TypeId
SanPortDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanPortDevice")
            .SetParent<SanNetDevice>()
            .SetGroupName("San")
            .AddTraceSource("PacketTx",
                            "A packet starts leaving through this port.",
                            MakeTraceSourceAccessor(&SanPortDevice::m_txTrace),
                            "ns3::SanPortDevice::PacketTxTracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "A packet leaves through this port, with its 16-byte san header "
                            "(pcap helpers connect here).",
                            MakeTraceSourceAccessor(&SanPortDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("XonXoff",
                            "This port, the receiving end of an Xon/Xoff link, sends Xoff or Xon "
                            "for one of its input buffers.",
                            MakeTraceSourceAccessor(&SanPortDevice::m_xonXoffTrace),
                            "ns3::SanPortDevice::XonXoffTracedCallback");
    return tid;
}

SanPortDevice::SanPortDevice() = default;

SanPortDevice::~SanPortDevice() = default;

void
SanPortDevice::DoDispose()
{
    // Packets still waiting belong to the pool; return them.
    while (m_qHead != nullptr)
    {
        SanFabricPacket* p = m_qHead;
        m_qHead = p->next;
        SanFabricPacket::Free(p);
    }
    m_qTail = nullptr;
    m_qLen = 0;
    m_node = nullptr;
    m_channel = nullptr;
    m_link = nullptr;
    m_connected = false;
    m_fabric = nullptr;
    m_rxBuffer.reset();
    SanNetDevice::DoDispose();
}

void
SanPortDevice::Attach(Ptr<SanFabric> fabric, Ptr<SanChannel> channel)
{
    NS_ABORT_MSG_IF(fabric == nullptr, "SanPortDevice::Attach: no fabric");
    m_fabric = PeekPointer(fabric);
    m_channel = channel;
    m_link = PeekPointer(channel);
    m_nVcs = fabric->GetNVcs();
    m_slotsPerVc = fabric->GetSlotsPerVc();
    const uint32_t nSlots = m_nVcs * m_slotsPerVc;
    if (nSlots > INLINE_SLOTS)
    {
        m_slotsHeap = std::make_unique<int64_t[]>(nSlots);
        m_slots = m_slotsHeap.get();
    }
    for (uint32_t i = 0; i < nSlots; ++i)
    {
        m_slots[i] = 0;
    }
    channel->Attach(this);
}

void
SanPortDevice::Connect(uint8_t end, bool peerIsSink)
{
    m_end = end;
    m_connected = true;
    m_peerIsSink = peerIsSink;
    // The link's timing in time steps, next to the rest of the per-packet state (copied from
    // the channel's attributes here: a later change to them does not reach an attached link).
    m_stepsPerByte = 8.0 * static_cast<double>(Seconds(1).GetTimeStep()) /
                     static_cast<double>(m_link->GetDataRate().GetBitRate());
    m_propSteps = m_link->GetDelay().GetTimeStep();
    m_framing = m_link->GetFramingBytes();
    SetupXonXoff();
}

inline int32_t
SanPortDevice::FindFreeSlot(uint32_t vcMask, int64_t ts, uint32_t& vcFound) const
{
    for (uint32_t vc = 0; vc < m_nVcs; ++vc)
    {
        if ((vcMask & (1u << vc)) == 0)
        {
            continue;
        }
        const uint32_t base = vc * m_slotsPerVc;
        for (uint32_t i = 0; i < m_slotsPerVc; ++i)
        {
            if (m_slots[base + i] <= ts)
            {
                vcFound = vc;
                return static_cast<int32_t>(base + i);
            }
        }
    }
    return -1;
}

int64_t
SanPortDevice::EarliestRelease(uint32_t vcMask, int64_t ts) const
{
    int64_t best = HELD;
    for (uint32_t vc = 0; vc < m_nVcs; ++vc)
    {
        if ((vcMask & (1u << vc)) == 0)
        {
            continue;
        }
        const uint32_t base = vc * m_slotsPerVc;
        for (uint32_t i = 0; i < m_slotsPerVc; ++i)
        {
            int64_t r = m_slots[base + i];
            if (r > ts && r < best)
            {
                best = r;
            }
        }
    }
    return best;
}

bool
SanPortDevice::CanSendNow(uint32_t vcMask) const
{
    if (m_xonXoff)
    {
        return m_qHead == nullptr && (vcMask & ~m_xoffMask) != 0;
    }
    uint32_t vc;
    return m_qHead == nullptr && FindFreeSlot(vcMask, Simulator::Now().GetTimeStep(), vc) >= 0;
}

uint32_t
SanPortDevice::GetOccupancy(uint32_t vcMask) const
{
    int64_t now = Simulator::Now().GetTimeStep();
    uint32_t n = m_qLen + (m_busyUntil > now ? 1 : 0);
    if (m_xonXoff)
    {
        // No credits to count: a stopped channel counts as one more packet ahead.
        return n + static_cast<uint32_t>(__builtin_popcount(vcMask & m_xoffMask));
    }
    for (uint32_t vc = 0; vc < m_nVcs; ++vc)
    {
        if ((vcMask & (1u << vc)) == 0)
        {
            continue;
        }
        const uint32_t base = vc * m_slotsPerVc;
        for (uint32_t i = 0; i < m_slotsPerVc; ++i)
        {
            n += m_slots[base + i] > now ? 1 : 0;
        }
    }
    return n;
}

void
SanPortDevice::Forward(SanFabricPacket* p, uint32_t vcMask)
{
    NS_ABORT_MSG_IF(!m_connected,
                    "SanPortDevice: port " << GetIfIndex() << " of node " << m_nodeId
                                           << " has no link");
    if (m_xonXoff)
    {
        ForwardXonXoff(p, vcMask);
        return;
    }
    const int64_t now = p->readyTs;
    if (m_qHead == nullptr)
    {
        uint32_t vc;
        int32_t slot = FindFreeSlot(vcMask, now, vc);
        if (slot >= 0 && (m_busyUntil <= now || !p->splittable || !WaitsForLink(p)))
        {
            Depart(p, static_cast<uint32_t>(slot), vc, std::max(now, m_busyUntil), false);
            return;
        }
    }
    p->waitMask = static_cast<uint8_t>(vcMask);
    Block(p);
}

inline void
SanPortDevice::ReturnCredit(SanPortDevice* owner, uint32_t slot, int64_t ts)
{
    if (owner->m_xonXoff)
    {
        owner->ReleaseXonXoff(slot, ts); // no credits: the buffer's own end counts it
        return;
    }
    // The credit crosses the owner's link towards the owner, i.e. from its far end.
    owner->m_link->Transmit(SanLinkMessage::CreditMessage(owner->m_end ^ 1, slot, ts));
}

void
SanPortDevice::Block(SanFabricPacket* p)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    if (p->splittable && m_qTail != nullptr && TryCoalesce(p))
    {
        return; // merged into the piece ahead of it, which is already waiting
    }
    p->next = nullptr;
    if (m_qTail == nullptr)
    {
        m_qHead = p;
    }
    else
    {
        m_qTail->next = p;
    }
    m_qTail = p;
    ++m_qLen;
    if (p->wormhole)
    {
        // The head stops, so the tail stops: slots it was about to leave stay held.
        for (const SanHeldSlot& e : p->held)
        {
            if (e.releaseTs > now)
            {
                ReturnCredit(e.port, e.slot, HELD);
            }
        }
    }
    ServeQueue();
}

void
SanPortDevice::ServeQueue()
{
    if (m_xonXoff)
    {
        ServeQueueXonXoff();
        return;
    }
    const int64_t now = Simulator::Now().GetTimeStep();
    const bool mayReorder = MayReorderQueue();
    while (m_qHead != nullptr)
    {
        if (m_busyUntil > now)
        {
            ScheduleWake(m_busyUntil);
            return;
        }
        SanFabricPacket* prev = nullptr;
        SanFabricPacket* cur = m_qHead;
        int64_t earliest = HELD;
        int32_t slot = -1;
        uint32_t vc = 0;
        while (cur != nullptr)
        {
            slot = FindFreeSlot(cur->waitMask, now, vc);
            if (slot >= 0)
            {
                break;
            }
            earliest = std::min(earliest, EarliestRelease(cur->waitMask, now));
            if (!mayReorder)
            {
                break;
            }
            prev = cur;
            cur = cur->next;
        }
        if (slot < 0)
        {
            if (earliest != HELD)
            {
                ScheduleWake(earliest);
            }
            return; // otherwise a slot release will wake us
        }
        Unlink(prev, cur);
        if (cur->splittable && m_qHead != nullptr)
        {
            TrySplit(cur, cur->waitMask, now);
        }
        cur->waitMask = 0;
        Depart(cur, static_cast<uint32_t>(slot), vc, now, true);
    }
}

bool
SanPortDevice::WaitsForLink(const SanFabricPacket* p) const
{
    const SanFabric::SwitchingMode mode = m_fabric->GetSwitchingMode();
    if (mode != SanFabric::WORMHOLE && mode != SanFabric::VIRTUAL_CUT_THROUGH)
    {
        return false;
    }
    const uint32_t threshold = GetSplitThreshold();
    if (threshold != 0 && p->bytes > threshold)
    {
        return true; // it may be split if others are waiting when the link frees
    }
    // A piece may have the next piece of its burst merged into it while it waits.
    return mode == SanFabric::VIRTUAL_CUT_THROUGH && p->IsPiece() && MayCoalesce();
}

void
SanPortDevice::TrySplit(SanFabricPacket* p, uint32_t vcMask, int64_t departTs)
{
    const uint32_t threshold = GetSplitThreshold();
    if (threshold == 0 || p->bytes <= threshold || threshold < p->splitHeader + 4u)
    {
        return; // not longer than a piece, or no room for a header and one word
    }
    const SanFabric::SwitchingMode mode = m_fabric->GetSwitchingMode();
    if (mode != SanFabric::WORMHOLE && mode != SanFabric::VIRTUAL_CUT_THROUGH)
    {
        return;
    }
    // Contention: a packet of another pair waits ahead of the first later packet of p's own
    // pair (the rest of p goes just before that one, so per-pair order holds). A later packet
    // of the same pair gains nothing from a split.
    SanFabricPacket* before = nullptr; // the rest is queued after this one
    for (SanFabricPacket* q = m_qHead; q != nullptr; q = q->next)
    {
        if (q->src == p->src && q->dst == p->dst)
        {
            break;
        }
        before = q;
    }
    if (before == nullptr)
    {
        return;
    }

    const uint32_t dataBytes = p->GetPieceBytes();
    const uint32_t pieceData = (threshold - p->splitHeader) / 4 * 4;
    NS_ASSERT(pieceData > 0 && pieceData < dataBytes);
    const uint32_t restData = dataBytes - pieceData;

    // The rest: a new packet whose header (destination address) is the first part's plus the
    // first part's length, as CLAN's switch computes it (section 2.2).
    SanFabricPacket* r = SanFabricPacket::Allocate();
    r->CopyStateFrom(*p);
    r->uid = m_fabric->NextUid();
    r->bytes = p->splitHeader + restData;
    r->burstOffset = p->burstOffset + pieceData;
    r->waitMask = static_cast<uint8_t>(vcMask);
    // It stays in this switch's input buffer and, in wormhole mode, in the upstream buffers
    // that the burst's tail still spans.
    r->holdPort = p->holdPort;
    r->holdSlot = p->holdSlot;
    // Had the burst gone whole, its rest would have started leaving once the first part's data
    // had: a later departure of the rest is the worm's stall from then on.
    r->readyTs = p->readyTs + static_cast<int64_t>(m_stepsPerByte * pieceData + 0.5);
    if (!p->wormhole)
    {
        // Virtual cut-through: input slots of pieces coalesced into p free with the rest.
        r->held.swap(p->held);
    }
    else if (!p->held.empty())
    {
        // Upstream slots whose tail passes while the first part's data leaves are released
        // now, late by the first part's own wait (as Depart does for a whole worm); the others
        // stay held (Block marked them) and go with the rest.
        const int64_t stall = departTs - p->readyTs;
        for (SanHeldSlot e : p->held)
        {
            if (e.releaseTs <= p->readyTs)
            {
                continue; // passed before the head stopped: final already
            }
            if (e.releaseTs <= r->readyTs)
            {
                e.releaseTs += stall;
                ReturnCredit(e.port, e.slot, e.releaseTs);
                continue;
            }
            r->held.push_back(e);
        }
        p->held.clear();
    }

    // The first part: its last data byte arrived here restData byte-times (of the link it came
    // in on) before the burst's tail.
    const double inStepsPerByte =
        p->holdPort != nullptr ? p->holdPort->m_stepsPerByte : m_stepsPerByte;
    p->tailTs -= static_cast<int64_t>(inStepsPerByte * restData + 0.5);
    p->bytes = p->splitHeader + pieceData;
    p->wormhole = mode == SanFabric::WORMHOLE && p->bytes > m_fabric->GetBufferSize();
    p->holdPort = nullptr; // the rest keeps the input slot
    p->holdSlot = 0;

    r->next = before->next;
    before->next = r;
    if (m_qTail == before)
    {
        m_qTail = r;
    }
    ++m_qLen;
    m_fabric->NotifySplit();
    NS_LOG_LOGIC("port " << GetIfIndex() << " of node " << m_nodeId << ": split packet " << p->uid
                         << " (" << p->src << "->" << p->dst << ") at data offset "
                         << r->burstOffset << ", rest " << r->uid);
}

bool
SanPortDevice::TryCoalesce(SanFabricPacket* p)
{
    SanFabricPacket* q = m_qTail;
    // Only in virtual cut-through: a wormhole buffer holds one packet per virtual channel, so
    // two pieces of one burst never wait at one switch on the same channel; and in wormhole
    // mode a piece may span upstream buffers, whose bookkeeping a merge would have to join.
    if (!q->splittable || q->seq != p->seq || q->src != p->src || q->dst != p->dst ||
        q->burstOffset + q->GetPieceBytes() != p->burstOffset || q->waitMask != p->waitMask ||
        q->routeIdx != p->routeIdx || q->phase != p->phase || q->dim != p->dim ||
        q->dateline != p->dateline || q->escaped != p->escaped || q->wormhole || p->wormhole ||
        q->holdPort == nullptr || p->holdPort == nullptr ||
        m_fabric->GetSwitchingMode() != SanFabric::VIRTUAL_CUT_THROUGH || !MayCoalesce())
    {
        return false;
    }
    // The merged packet holds p's input slot too, until its tail leaves (Depart).
    q->held.push_back(SanHeldSlot{p->holdPort, p->holdSlot, 0});
    q->bytes += p->GetPieceBytes();
    q->tailTs = std::max(q->tailTs, p->tailTs);
    q->hops = std::max(q->hops, p->hops);
    NS_LOG_LOGIC("port " << GetIfIndex() << " of node " << m_nodeId << ": coalesced packet "
                         << p->uid << " into " << q->uid << " (" << q->src << "->" << q->dst
                         << "), now " << q->GetPieceBytes() << " data bytes from offset "
                         << q->burstOffset);
    SanFabricPacket::Free(p);
    m_fabric->NotifyCoalesced();
    return true;
}

void
SanPortDevice::ScheduleWake(int64_t ts)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    ts = std::max(ts, now);
    if (m_wakeTs <= ts)
    {
        return; // an earlier wake-up is pending; it will reschedule
    }
    m_wakeTs = ts;
    Simulator::ScheduleWithContext(m_nodeId,
                                   TimeStep(ts - now),
                                   MakeSanFabricEvent<&SanPortDevice::HandleWake>(this));
}

void
SanPortDevice::HandleWake()
{
    if (Simulator::Now().GetTimeStep() != m_wakeTs)
    {
        return; // superseded by an earlier wake-up
    }
    m_wakeTs = HELD;
    ServeQueue();
}

void
SanPortDevice::Depart(SanFabricPacket* p,
                      uint32_t slot,
                      uint32_t vc,
                      int64_t departTs,
                      bool wasQueued)
{
    const int64_t ser = GetSerializationSteps(p->bytes);
    // The tail cannot leave before it has arrived (slower upstream link).
    const int64_t end = std::max(departTs + ser, p->tailTs);

    if (p->wormhole && !p->held.empty())
    {
        // The head waited (departTs - readyTs): the whole worm waited with it,
        // so every upstream slot whose tail had not yet passed is released later.
        const int64_t stall = departTs - p->readyTs;
        const bool republish = stall > 0 || wasQueued;
        size_t keep = 0;
        for (size_t i = 0; i < p->held.size(); ++i)
        {
            SanHeldSlot e = p->held[i];
            if (e.releaseTs <= p->readyTs)
            {
                continue; // its tail passed before the head stopped: final already
            }
            if (republish)
            {
                e.releaseTs += stall;
                ReturnCredit(e.port, e.slot, e.releaseTs);
            }
            p->held[keep++] = e;
        }
        p->held.resize(keep);
    }

    // The slot this packet occupied in the previous buffer frees when its
    // tail has crossed this link.
    if (p->holdPort != nullptr)
    {
        if (p->wormhole)
        {
            p->held.push_back(SanHeldSlot{p->holdPort, p->holdSlot, end});
        }
        else if (!p->held.empty())
        {
            // Coalesced pieces (virtual cut-through): the input slots of the pieces merged
            // into this one free with its tail too.
            for (const SanHeldSlot& e : p->held)
            {
                ReturnCredit(e.port, e.slot, end);
            }
            p->held.clear();
        }
        ReturnCredit(p->holdPort, p->holdSlot, end);
    }
    m_slots[slot] = HELD;
    p->holdPort = this;
    p->holdSlot = slot;
    m_busyUntil = end;
    ++m_txPackets;

    OnDepart(p, vc, departTs);
    if (!m_txTrace.IsEmpty())
    {
        m_txTrace(p->uid, p->src, p->dst, p->bytes, vc);
    }
    if (!m_promiscSnifferTrace.IsEmpty())
    {
        Sniff(p);
    }

    if (m_peerIsSink)
    {
        // A host drains at link speed: the slot frees with the tail, and
        // nothing upstream can be stalled any more.
        m_slots[slot] = end;
        p->holdPort = nullptr;
        p->held.clear();
    }
    m_link->Transmit(
        SanLinkMessage::PacketMessage(m_end,
                                      p,
                                      departTs + m_propSteps,
                                      end + m_propSteps,
                                      static_cast<SanLinkMessage::Kind>(m_packetKind)));
}

void
SanPortDevice::Sniff(const SanFabricPacket* p)
{
    SanFabricHeader h;
    h.SetSource(p->src);
    h.SetDestination(p->dst);
    h.SetSequence(static_cast<uint32_t>(p->seq));
    h.SetWireSize(p->bytes);
    Ptr<Packet> pkt;
    if (p->IsPiece() && p->payload != nullptr &&
        p->payload->GetSize() >= p->splitHeader + p->burstOffset + p->GetPieceBytes())
    {
        // A piece: the burst's header (as the sender wrote it: the fabric does not know the
        // NIC's header format, so the address is not advanced), then the piece's data.
        pkt = p->payload->CreateFragment(0, p->splitHeader);
        pkt->AddAtEnd(
            p->payload->CreateFragment(p->splitHeader + p->burstOffset, p->GetPieceBytes()));
    }
    else
    {
        pkt =
            p->payload != nullptr && !p->IsPiece() ? p->payload->Copy() : Create<Packet>(p->bytes);
    }
    pkt->AddHeader(h);
    m_promiscSnifferTrace(pkt);
}

void
SanPortDevice::OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs)
{
}

bool
SanPortDevice::IsSink() const
{
    return false;
}

bool
SanPortDevice::MayReorderQueue() const
{
    return true;
}

uint32_t
SanPortDevice::GetSplitThreshold() const
{
    return 0;
}

bool
SanPortDevice::MayCoalesce() const
{
    return false;
}

uint32_t
SanPortDevice::GetQueueLength() const
{
    return m_qLen;
}

uint64_t
SanPortDevice::GetTxPackets() const
{
    return m_txPackets;
}

Ptr<SanFabric>
SanPortDevice::GetFabric() const
{
    return Ptr<SanFabric>(m_fabric);
}

// NetDevice plumbing --------------------------------------------------------

Ptr<Channel>
SanPortDevice::GetChannel() const
{
    return m_channel;
}

bool
SanPortDevice::IsLinkUp() const
{
    return m_connected;
}

bool
SanPortDevice::IsPointToPoint() const
{
    return true;
}

bool
SanPortDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_WARN("SanPortDevice: a switch port does not originate packets");
    return false;
}

void
SanPortDevice::SetNode(Ptr<Node> node)
{
    SanNetDevice::SetNode(node);
}

} // namespace ns3
