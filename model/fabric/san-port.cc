/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-port.h"

#include "san-channel.h"
#include "san-endpoint-device.h"
#include "san-fabric-event.h"
#include "san-fabric-header.h"
#include "san-fabric.h"
#include "san-lazy-trace-accessor.h"
#include "san-output-arbiter.h"
#include "san-port-flow-control.h"
#include "san-port-splitter.h"
#include "san-switch-port.h"
#include "san-switch.h"
#include "san-xon-xoff-receiver.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPort");

SanPort::SanPort(bool inSwitch, uint32_t storeIndex)
    : m_qLen(0),
      m_end(0),
      m_connected(0),
      m_peerIsSink(0),
      m_xonXoff(0),
      m_bare(0),
      m_sendsXPackets(0),
      m_hasExtras(0),
      m_hasTraces(0),
      m_heapSlots(0),
      m_storeIndex(inSwitch ? static_cast<uint16_t>(storeIndex) : NOT_IN_SWITCH)
{
    NS_ABORT_MSG_IF(inSwitch && storeIndex >= NOT_IN_SWITCH,
                    "SanPort: a switch keeps at most " << MAX_NUMBER + 1 << " ports");
}

SanPort::~SanPort()
{
    FreeSlots();
    DropExtras();
}

void
SanPort::FreeSlots()
{
    if (m_heapSlots)
    {
        delete[] m_slotStore.heap;
        m_slotStore.heap = nullptr;
        m_heapSlots = 0;
    }
}

void
SanPort::Dispose()
{
    // Packets still waiting belong to the pool; return them.
    while (m_qTail != nullptr)
    {
        SanFabricPacket* p = QueueHead();
        Unlink(nullptr, p);
        SanFabricPacket::Free(p);
    }
    m_link = 0;
    m_peer = nullptr;
    m_bare = 0;
    m_connected = 0;
    m_wake = FRAMED_NONE; // a wake-up still pending finds nothing to do
    DropExtras();
    FreeSlots();
}

void
SanPort::Attach(Ptr<SanFabric> fabric, Ptr<SanChannel> channel)
{
    Prepare(fabric, channel);
    channel->Attach(this);
}

void
SanPort::AttachBare(Ptr<SanFabric> fabric, Ptr<SanChannel> attributes, SanPort* a, SanPort* b)
{
    NS_ABORT_MSG_IF(a == nullptr || b == nullptr || a == b,
                    "SanPort::AttachBare: two distinct ports are needed");
    a->Prepare(fabric, attributes);
    b->Prepare(fabric, attributes);
    a->m_peer = b;
    b->m_peer = a;
    a->m_bare = 1;
    b->m_bare = 1;
    a->Connect(0, b->IsSink());
    b->Connect(1, a->IsSink());
}

void
SanPort::Prepare(Ptr<SanFabric> fabric, Ptr<SanChannel> channel)
{
    NS_ABORT_MSG_IF(fabric == nullptr, "SanPort::Attach: no fabric");
    NS_ABORT_MSG_IF(channel == nullptr, "SanPort::Attach: no channel");
    NS_ABORT_MSG_IF(m_link != 0,
                    "SanPort::Attach: port " << GetPortName() << " is already attached");
    channel->UseFabric(PeekPointer(fabric));
    m_link = channel->GetHandle();
    // The port's flow-control policy, chosen here once for good (WithFlow dispatches on it).
    m_xonXoff = channel->GetFlowControl() == SanChannel::XON_XOFF ? 1 : 0;
    WithFlow([&](auto flow) { decltype(flow)::Prepare(*this, *fabric); });
}

void
SanPort::Connect(uint8_t end, bool peerIsSink)
{
    m_end = end;
    m_connected = 1;
    m_peerIsSink = peerIsSink ? 1 : 0;
    // The link's timing in time steps, shared by the ports of links with these attributes
    // (worked out here once: a later change to the attributes does not reach an attached link).
    Link()->SetTiming();
    WithFlow([this](auto flow) { decltype(flow)::Connect(*this); });
}

bool
SanPort::CanSendNow(uint32_t vcMask) const
{
    return WithFlow([&](auto flow) {
        uint32_t slot;
        uint32_t vc;
        return m_qTail == nullptr && m_link != 0 &&
               decltype(flow)::Grant(*this, vcMask, Simulator::Now().GetTimeStep(), slot, vc);
    });
}

uint32_t
SanPort::GetOccupancy(uint32_t vcMask) const
{
    const int64_t now = Simulator::Now().GetTimeStep();
    const uint32_t n = m_qLen + (BusyUntil() > now ? 1 : 0);
    return WithFlow([&](auto flow) { return n + decltype(flow)::Occupancy(*this, vcMask, now); });
}

void
SanPort::Forward(SanFabricPacket* p, uint32_t vcMask)
{
    NS_ABORT_MSG_IF(!m_connected,
                    "SanPort: port " << m_number << " of node " << GetNodeId() << " has no link");
    WithFlow([&](auto flow) { ForwardWith<decltype(flow)>(p, vcMask); });
}

bool
SanPort::WaitsForBusyLink(const SanFabricPacket* p) const
{
    return (p->splittable && SanPortSplitter::WaitsForLink(*this, p)) || GetArbitration() != 0;
}

template <class Flow>
void
SanPort::ForwardWith(SanFabricPacket* p, uint32_t vcMask)
{
    const int64_t now = p->readyTs;
    uint32_t slot = 0;
    uint32_t vc = 0;
    if (m_qTail == nullptr && (Flow::COMMITS_TO_BUSY_LINK || BusyUntil() <= now) &&
        Flow::Grant(*this, vcMask, now, slot, vc) && (BusyUntil() <= now || !WaitsForBusyLink(p)))
    {
        Depart<Flow>(p, slot, vc, std::max(now, BusyUntil()), false);
        return;
    }
    p->waitMask = static_cast<uint8_t>(vcMask);
    Block(p);
}

void
SanPort::Block(SanFabricPacket* p)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    if (p->splittable && m_qTail != nullptr && SanPortSplitter::TryCoalesce(*this, p))
    {
        return; // merged into the piece ahead of it, which is already waiting
    }
    if (m_qLen == MAX_QUEUE)
    {
        AbortQueueFull();
    }
    Enqueue(p);
    if (p->wormhole && p->HoldsSlots())
    {
        // The head stops, so the tail stops: slots it was about to leave stay held.
        for (const SanHeldSlot& e : p->Extra().held)
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
SanPort::ServeQueue()
{
    WithFlow([this](auto flow) { ServeQueueWith<decltype(flow)>(); });
}

template <class Flow>
void
SanPort::ServeQueueWith()
{
    const int64_t now = Simulator::Now().GetTimeStep();
    const bool mayReorder = MayReorderQueue();
    // Chosen once per switch: FCFS (the default) is the loop below, the others SanOutputArbiter.
    const auto policy = static_cast<SanOutputArbiter::Policy>(GetArbitration());
    while (m_qTail != nullptr)
    {
        if (BusyUntil() > now)
        {
            // Decide then (under Xon/Xoff an Xoff may come before).
            ScheduleWake(BusyUntil());
            return;
        }
        SanFabricPacket* prev = nullptr;
        SanFabricPacket* cur = QueueHead();
        int64_t earliest = HELD;
        bool granted = false;
        uint32_t slot = 0;
        uint32_t vc = 0;
        if (policy != SanOutputArbiter::FCFS)
        {
            const SanOutputArbiter::Choice c = SanOutputArbiter::Pick(
                policy,
                m_qTail,
                GetSwitchBlock()->owner->GetLastInput(m_storeIndex),
                [&](const SanFabricPacket* q, uint32_t& s, uint32_t& v) {
                    if (Flow::Grant(*this, q->waitMask, now, s, v))
                    {
                        return true;
                    }
                    earliest = std::min(earliest, Flow::NextChance(*this, q->waitMask, now));
                    return false;
                },
                [](const SanFabricPacket* q) {
                    // The input a packet came through: the far end of the link whose buffer
                    // slot it holds (0 if none).
                    const SanPort* in = q->holdPort != nullptr ? q->holdPort->FarEnd() : nullptr;
                    return in != nullptr ? uint32_t{in->m_number} : 0u;
                });
            if (c.packet != nullptr)
            {
                granted = true;
                prev = c.prev;
                cur = c.packet;
                slot = c.slot;
                vc = c.vc;
                if (policy == SanOutputArbiter::ROUND_ROBIN)
                {
                    GetSwitchBlock()->owner->SetLastInput(m_storeIndex, c.input);
                }
            }
        }
        else
        {
            while (cur != nullptr)
            {
                granted = Flow::Grant(*this, cur->waitMask, now, slot, vc);
                if (granted)
                {
                    break;
                }
                earliest = std::min(earliest, Flow::NextChance(*this, cur->waitMask, now));
                if (!mayReorder)
                {
                    break;
                }
                prev = cur;
                cur = QueueNext(cur);
            }
        }
        if (!granted)
        {
            if (earliest != HELD)
            {
                ScheduleWake(earliest);
            }
            return; // otherwise a credit (or an Xon) will wake us
        }
        Unlink(prev, cur);
        if (cur->splittable && m_qTail != nullptr)
        {
            SanPortSplitter::TrySplit(*this, cur, cur->waitMask, now);
        }
        cur->waitMask = 0;
        Depart<Flow>(cur, slot, vc, now, true);
    }
}

void
SanPort::ScheduleWake(int64_t ts)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    ts = std::max(ts, now);
    if (PendingWake() <= ts)
    {
        return; // an earlier wake-up is pending; it will reschedule
    }
    SetPendingWake(ts, now);
    const uint32_t context = GetNodeId();
    Simulator::ScheduleWithContext(context,
                                   TimeStep(ts - now),
                                   MakeSanFabricEvent<&SanPort::HandleWake>(this)->Order(
                                       SanFabricEventBase::CLASS_PORT,
                                       SanFabricEventBase::PortKey(context, m_number)));
}

void
SanPort::HandleWake()
{
    if (Simulator::Now().GetTimeStep() != PendingWake())
    {
        return; // superseded by an earlier wake-up
    }
    m_wake = FRAMED_NONE;
    ServeQueue();
}

template <class Flow>
void
SanPort::Depart(SanFabricPacket* p, uint32_t slot, uint32_t vc, int64_t departTs, bool wasQueued)
{
    const int64_t ser = GetSerializationSteps(p->bytes);
    // The tail cannot leave before it has arrived (slower upstream link).
    const int64_t end = std::max(departTs + ser, p->tailTs);

    if (p->wormhole && p->HoldsSlots())
    {
        // The head waited (departTs - readyTs): the whole worm waited with it,
        // so every upstream slot whose tail had not yet passed is released later.
        const int64_t stall = departTs - p->readyTs;
        const bool republish = stall > 0 || wasQueued;
        std::vector<SanHeldSlot>& held = p->Extra().held;
        size_t keep = 0;
        for (size_t i = 0; i < held.size(); ++i)
        {
            SanHeldSlot e = held[i];
            if (e.releaseTs <= p->readyTs)
            {
                continue; // its tail passed before the head stopped: final already
            }
            if (republish)
            {
                e.releaseTs += stall;
                ReturnCredit(e.port, e.slot, e.releaseTs);
            }
            held[keep++] = e;
        }
        held.resize(keep);
    }

    // The slot this packet occupied in the previous buffer frees when its
    // tail has crossed this link.
    if (p->holdPort != nullptr)
    {
        if (p->wormhole)
        {
            p->Extra().held.push_back(SanHeldSlot{p->holdPort, p->holdSlot, end});
        }
        else if (p->HoldsSlots())
        {
            // Coalesced pieces (virtual cut-through): the input slots of the pieces merged
            // into this one free with its tail too.
            for (const SanHeldSlot& e : p->Extra().held)
            {
                ReturnCredit(e.port, e.slot, end);
            }
            p->Extra().held.clear();
        }
        ReturnCredit(p->holdPort, p->holdSlot, end);
    }
    Flow::Take(*this, slot);
    p->holdPort = this;
    p->holdSlot = static_cast<uint16_t>(slot); // Prepare keeps tables within MAX_SLOT + 1
    SetBusyUntil(end);
    CountDeparture(end - departTs);

    OnDepart(p, vc, departTs);
    if (m_hasTraces && !FindExtras().traces.tx.IsEmpty())
    {
        FindExtras().traces.tx(p->uid, p->src, p->dst, p->bytes, vc);
    }
    if (IsTraced())
    {
        SanPortExtras::TracePacket(this, '-', p, vc, departTs);
    }

    if (m_peerIsSink)
    {
        // A host drains at link speed: the slot frees with the tail, and
        // nothing upstream can be stalled any more.
        Flow::DrainAtSink(*this, slot, end);
        p->holdPort = nullptr;
        if (p->HoldsSlots())
        {
            p->Extra().held.clear();
        }
    }
    SendOnLink(SanLinkMessage::PacketMessage(m_end,
                                             p,
                                             departTs + Timing().propSteps,
                                             end + Timing().propSteps,
                                             m_sendsXPackets ? SanLinkMessage::XPACKET
                                                             : SanLinkMessage::PACKET));
}

int64_t
SanPort::GetSerializationSteps(uint32_t bytes) const
{
    const SanLinkTiming& t = Timing();
    return static_cast<int64_t>(t.stepsPerByte * (bytes + t.framing) + 0.5);
}

int64_t
SanPort::GetPropagationSteps() const
{
    return Timing().propSteps;
}

// What differs between the two kinds of port (see the protected constructor).

std::string
SanPort::GetPortName() const
{
    return IsSwitchPort() ? static_cast<const SanSwitchPort*>(this)->GetPortName()
                          : static_cast<const SanEndpointDevice*>(this)->GetPortName();
}

Ptr<NetDevice>
SanPort::GetDevice()
{
    return IsSwitchPort() ? static_cast<SanSwitchPort*>(this)->GetDevice()
                          : static_cast<SanEndpointDevice*>(this)->GetDevice();
}

void
SanPort::ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs)
{
    if (IsSwitchPort())
    {
        static_cast<SanSwitchPort*>(this)->ReceivePacket(p, headTs, tailTs);
    }
    else
    {
        static_cast<SanEndpointDevice*>(this)->ReceivePacket(p, headTs, tailTs);
    }
}

void
SanPort::OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs)
{
    if (IsSwitchPort())
    {
        static_cast<SanSwitchPort*>(this)->OnDepart(p, vc, departTs);
    }
    else
    {
        static_cast<SanEndpointDevice*>(this)->OnDepart(p, vc, departTs);
    }
}

uint32_t
SanPort::GetSplitThreshold() const
{
    return IsSwitchPort() ? static_cast<const SanSwitchPort*>(this)->GetSplitThreshold() : 0;
}

bool
SanPort::MayCoalesce() const
{
    return IsSwitchPort() && static_cast<const SanSwitchPort*>(this)->MayCoalesce();
}

int64_t
SanPort::GetArrivalLeadSteps(uint32_t bytes) const
{
    // A host's interface promises nothing.
    return IsSwitchPort() ? static_cast<const SanSwitchPort*>(this)->GetArrivalLeadSteps(bytes) : 0;
}

int64_t
SanPort::GetCreditLeadSteps(uint32_t bytes) const
{
    return IsSwitchPort() ? static_cast<const SanSwitchPort*>(this)->GetCreditLeadSteps(bytes) : 0;
}

uint32_t
SanPort::GetEndpointNodeId() const
{
    return static_cast<const SanEndpointDevice*>(this)->GetContextId();
}

void
SanPort::AbortQueueFull() const
{
    NS_ABORT_MSG("SanPort " << GetPortName() << ": more than " << MAX_QUEUE
                            << " packets wait at one port (its queue length has 23 bits); "
                               "the offered load is far beyond what the fabric carries");
}

SanPort::Traces&
SanPort::GetTraces()
{
    m_hasTraces = 1;
    return GetExtras().traces;
}

SanPortExtras&
SanPort::GetExtras()
{
    if (!m_hasExtras)
    {
        m_hasExtras = 1;
        return SanPortExtras::Make(this);
    }
    return FindExtras();
}

SanPortExtras&
SanPort::FindExtras() const
{
    NS_ASSERT(m_hasExtras != 0);
    return SanPortExtras::Find(this);
}

void
SanPort::DropExtras()
{
    if (m_hasExtras)
    {
        SanPortExtras::Drop(this);
        m_hasExtras = 0;
        m_hasTraces = 0;
    }
}

uint32_t
SanPort::GetQueueLength() const
{
    return m_qLen;
}

uint64_t
SanPort::GetTxPackets() const
{
    return m_txPackets + (m_hasExtras ? FindExtras().txPacketsHigh << 32 : 0);
}

int64_t
SanPort::GetBusySteps() const
{
    return static_cast<int64_t>(m_busySteps + (m_hasExtras ? FindExtras().busyStepsHigh << 32 : 0));
}

void
SanPort::CarryCounts(uint64_t tx, uint64_t busy)
{
    SanPortExtras& extras = GetExtras();
    extras.txPacketsHigh += tx;
    extras.busyStepsHigh += busy;
}

uint32_t
SanPort::GetSlotsInUse(uint32_t vc) const
{
    if (m_link == 0 || vc >= Timing().nVcs)
    {
        return 0;
    }
    const int64_t now = Simulator::Now().GetTimeStep();
    return WithFlow([&](auto flow) { return decltype(flow)::SlotsInUse(*this, vc, now); });
}

Ptr<SanFabric>
SanPort::GetFabric() const
{
    return Ptr<SanFabric>(Fabric());
}

void
SanPort::SetNumber(uint32_t number)
{
    NS_ABORT_MSG_IF(number > MAX_NUMBER,
                    "SanPort: port number " << number << " of node " << GetNodeId() << " exceeds "
                                            << MAX_NUMBER << " (a port keeps 16 bits of it)");
    m_number = static_cast<uint16_t>(number);
}

uint32_t
SanPort::GetNumber() const
{
    return m_number;
}

SanChannel*
SanPort::GetLink() const
{
    return m_bare ? nullptr : Link();
}

bool
SanPort::IsConnected() const
{
    return m_connected;
}

} // namespace ns3
