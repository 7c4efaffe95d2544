/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The out-of-line parts of a port's flow-control policies (san-port-flow-control.h): the
// credit table's sizing and scans (CreditFlow), and the Xon/Xoff sender's gate and what an
// Xon/Xoff link's messages do at a port (XonXoffFlow; the receiving end's buffers and
// decisions are SanXonXoffReceiver's).

#include "san-port-flow-control.h"

#include "san-channel.h"
#include "san-fabric-event.h"
#include "san-fabric.h"
#include "san-port.h"
#include "san-xon-xoff-receiver.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPortFlowControl");

void
SanPort::CreditFlow::Prepare(SanPort& port, const SanFabric& fabric)
{
    const uint32_t nSlots = fabric.GetNVcs() * fabric.GetSlotsPerVc();
    // SanFabric allows 256 slots per virtual channel, and a mask of 32 channels at most: a
    // packet's 16-bit holdSlot holds any slot.
    NS_ABORT_MSG_IF(nSlots > SanFabricPacket::MAX_SLOT + 1,
                    "SanPort: a credit table of " << nSlots << " slots (at most "
                                                  << SanFabricPacket::MAX_SLOT + 1 << ")");
    if (nSlots > INLINE_SLOTS)
    {
        port.m_slotStore.heap = new int64_t[nSlots];
        port.m_heapSlots = 1;
        std::fill_n(port.m_slotStore.heap, nSlots, int64_t{0});
    }
    else
    {
        std::fill_n(port.m_slotStore.framed, INLINE_SLOTS, FRAMED_PAST); // all free
    }
}

int64_t
SanPort::CreditFlow::EarliestRelease(const SanPort& port, uint32_t vcMask, int64_t ts)
{
    const SanLinkTiming& t = port.Timing();
    auto scan = [&](const auto* slots, auto limit, auto none) {
        auto best = none;
        for (uint32_t vc = 0; vc < t.nVcs; ++vc)
        {
            if ((vcMask & (1u << vc)) == 0)
            {
                continue;
            }
            const uint32_t base = vc * t.slotsPerVc;
            for (uint32_t i = 0; i < t.slotsPerVc; ++i)
            {
                const auto r = slots[base + i];
                if (r > limit && r < best)
                {
                    best = r;
                }
            }
        }
        return best;
    };
    if (port.m_heapSlots)
    {
        return scan(port.m_slotStore.heap, ts, HELD);
    }
    return port.FrameDecode(scan(port.m_slotStore.framed, port.FrameQuery(ts), FRAMED_NONE));
}

uint32_t
SanPort::CreditFlow::CountInUse(const SanPort& port, uint32_t firstVc, uint32_t vcMask, int64_t now)
{
    const SanLinkTiming& t = port.Timing();
    auto count = [&](const auto* slots, auto limit) {
        uint32_t n = 0;
        for (uint32_t vc = firstVc; vc < t.nVcs; ++vc)
        {
            if ((vcMask & (1u << vc)) == 0)
            {
                continue;
            }
            const uint32_t base = vc * t.slotsPerVc;
            for (uint32_t i = 0; i < t.slotsPerVc; ++i)
            {
                n += slots[base + i] > limit ? 1 : 0;
            }
        }
        return n;
    };
    return port.m_heapSlots ? count(port.m_slotStore.heap, now)
                            : count(port.m_slotStore.framed, port.FrameQuery(now));
}

void
SanPort::XonXoffFlow::Prepare(SanPort& port, const SanFabric& /* fabric */)
{
    port.m_slotStore.xoffMask = 0; // no credits: the slot store keeps the sender's gate
}

void
SanPort::XonXoffFlow::Connect(SanPort& port)
{
    port.m_sendsXPackets = port.m_peerIsSink ? 0 : 1;
    if (port.IsSink())
    {
        return; // a host drains at link speed: it never needs to stop its sender
    }
    port.GetExtras().rx = std::make_unique<SanXonXoffReceiver>(port);
}

void
SanPort::ReceiveXonXoff(const SanLinkMessage& msg)
{
    if (msg.kind == SanLinkMessage::XPACKET)
    {
        NS_ABORT_MSG_IF(Rx() == nullptr,
                        "SanPort: node " << GetNodeId() << " port " << m_number
                                         << " got an Xon/Xoff packet on a credit link");
        Rx()->Admit(*this, msg.packet, msg.headTs);
        ReceivePacket(msg.packet, msg.headTs, msg.tailTs);
        return;
    }
    NS_ASSERT(msg.kind == SanLinkMessage::XOFF || msg.kind == SanLinkMessage::XON);
    const int64_t now = Simulator::Now().GetTimeStep();
    Simulator::ScheduleWithContext(
        GetNodeId(),
        TimeStep(msg.releaseTs - now),
        MakeSanFabricEvent<&SanPort::ApplyGate>(this, msg.slot, msg.kind == SanLinkMessage::XOFF)
            ->Order(SanFabricEventBase::CLASS_PORT,
                    SanFabricEventBase::PortKey(GetNodeId(), m_number)));
}

void
SanPort::ApplyGate(uint32_t vc, bool xoff)
{
    if (xoff)
    {
        m_slotStore.xoffMask |= 1u << vc;
        return;
    }
    m_slotStore.xoffMask &= ~(1u << vc);
    if (m_qTail != nullptr)
    {
        ServeQueue();
    }
}

void
SanPort::ReleaseXonXoff(uint32_t slot, int64_t ts)
{
    // The buffer sits at this link's far end, in the switch whose output decided the release:
    // nothing crosses the link (only the Xon that may follow does).
    SanPort* far = FarEnd();
    far->Rx()->OnRelease(*far, slot, ts);
}

void
SanPort::HandleCheck()
{
    if (Rx() != nullptr) // else disposed
    {
        Rx()->Check(*this);
    }
}

bool
SanPort::IsXonXoff() const
{
    return WithFlow([](auto flow) { return decltype(flow)::XON_XOFF; });
}

uint64_t
SanPort::GetXoffSent() const
{
    return Rx() != nullptr ? Rx()->GetBuffer().GetXoffSent() : 0;
}

uint64_t
SanPort::GetXonSent() const
{
    return Rx() != nullptr ? Rx()->GetBuffer().GetXonSent() : 0;
}

uint32_t
SanPort::GetXoffMark() const
{
    return Rx() != nullptr ? Rx()->GetBuffer().GetXoffBytes() : 0;
}

uint32_t
SanPort::GetXonMark() const
{
    return Rx() != nullptr ? Rx()->GetBuffer().GetXonBytes() : 0;
}

uint64_t
SanPort::GetBufferOccupancy(uint32_t vc) const
{
    return Rx() != nullptr && vc < Rx()->GetBuffer().GetNVcs()
               ? Rx()->GetBuffer().GetOccupancy(vc, Simulator::Now().GetTimeStep())
               : 0;
}

} // namespace ns3
