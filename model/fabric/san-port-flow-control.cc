/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanPort on an Xon/Xoff link (SanChannel FlowControl XonXoff): the receiver's buffer
// bookkeeping and its Xoff/Xon decisions, and the gate the far end's symbols set. The sender's
// side is the policy SanPort::XonXoffFlow (san-port-flow-control.h).

#include "san-channel.h"
#include "san-fabric-event.h"
#include "san-fabric.h"
#include "san-port.h"
#include "san-xon-xoff-buffer.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPortXonXoff");

void
SanPort::SetupXonXoff()
{
    m_xonXoff = Link()->GetFlowControl() == SanChannel::XON_XOFF ? 1 : 0;
    m_sendsXPackets = m_xonXoff && !m_peerIsSink ? 1 : 0;
    if (!m_xonXoff || IsSink())
    {
        return; // a host drains at link speed: it never needs to stop its sender
    }
    const SanFabric::SwitchingMode mode = Fabric()->GetSwitchingMode();
    const uint32_t buffer = Fabric()->GetBufferSize();
    // Bytes the far end can still start during one round trip of the link: the Xoff takes one
    // propagation delay to arrive, and what was sent before it takes another to get here.
    const auto rttBytes = static_cast<uint64_t>(
        std::ceil(2.0 * static_cast<double>(Timing().propSteps) / Timing().stepsPerByte));
    // A packet counts in full as its head arrives, so the one that crosses the mark and the last
    // one started before the Xoff arrives may each bring a whole packet (a cell in Cell mode).
    // In wormhole mode the sender stops between bytes of a worm, so only the round trip counts.
    uint64_t unit = Fabric()->GetMaxPacketSize();
    if (mode == SanFabric::WORMHOLE)
    {
        unit = 0;
    }
    else if (mode == SanFabric::CELL)
    {
        unit = Fabric()->GetCellSize();
    }
    const uint64_t headroom = unit + rttBytes;
    uint64_t xoff = Link()->GetXoffThreshold();
    if (xoff == 0)
    {
        xoff = buffer > headroom ? buffer - headroom : 0;
    }
    NS_ABORT_MSG_IF(xoff == 0 || xoff + headroom > buffer,
                    "SanPort: Xon/Xoff link into port "
                        << m_number << " of node " << GetNodeId() << ": BufferSize (" << buffer
                        << " bytes) cannot hold the Xoff mark ("
                        << (xoff == 0 ? std::string("automatic") : std::to_string(xoff))
                        << ") plus what may still arrive after it (" << headroom
                        << " bytes: one round trip of the link, " << rttBytes << " bytes"
                        << (unit != 0 ? ", plus one packet of " + std::to_string(unit) : "")
                        << "), so data could be lost; raise BufferSize, lower XoffThreshold or "
                           "shorten the link's Delay");
    uint64_t xon = Link()->GetXonThreshold();
    if (xon == 0)
    {
        xon = xoff / 2;
    }
    NS_ABORT_MSG_IF(xon >= xoff,
                    "SanPort: Xon/Xoff link into port "
                        << m_number << " of node " << GetNodeId() << ": XonThreshold (" << xon
                        << ") must be below the Xoff mark (" << xoff << ")");
    GetExtras().rxBuffer = std::make_unique<SanXonXoffBuffer>();
    RxBuffer()->Setup(Timing().nVcs, static_cast<uint32_t>(xoff), static_cast<uint32_t>(xon));
    RxBuffer()->SetLimit(mode == SanFabric::WORMHOLE ? 0 : buffer);
    NS_LOG_INFO("port " << m_number << " of node " << GetNodeId() << ": Xon/Xoff, Xoff at " << xoff
                        << " bytes, Xon at " << xon << ", round trip " << rttBytes << " bytes");
}

void
SanPort::ReceiveXonXoff(const SanLinkMessage& msg)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    if (msg.kind == SanLinkMessage::XPACKET)
    {
        SanFabricPacket* p = msg.packet;
        NS_ABORT_MSG_IF(RxBuffer() == nullptr,
                        "SanPort: node " << GetNodeId() << " port " << m_number
                                         << " got an Xon/Xoff packet on a credit link");
        const uint32_t vc = p->holdSlot; // the sender's choice
        // A worm counts as a full buffer: one worm holds a channel at a time, as under credits.
        const uint32_t bytes = p->wormhole ? Fabric()->GetBufferSize() : p->bytes;
        p->holdSlot = RxBuffer()->Admit(vc, bytes, msg.headTs, now);
        ScheduleCheck(RxBuffer()->NextDecision(vc, now, RxBuffer()->GetLimit()));
        ReceivePacket(p, msg.headTs, msg.tailTs);
        return;
    }
    NS_ASSERT(msg.kind == SanLinkMessage::XOFF || msg.kind == SanLinkMessage::XON);
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
    (m_peer != nullptr ? m_peer : Link()->GetPort(m_end ^ 1))->OnBufferRelease(slot, ts);
}

void
SanPort::OnBufferRelease(uint32_t slot, int64_t ts)
{
    const uint32_t vc = RxBuffer()->SetRelease(slot, ts);
    // A later (or held) release can also move a crossing that an arrival predicted.
    ScheduleCheck(
        RxBuffer()->NextDecision(vc, Simulator::Now().GetTimeStep(), RxBuffer()->GetLimit()));
}

void
SanPort::ScheduleCheck(int64_t ts)
{
    if (ts == HELD)
    {
        return;
    }
    const int64_t now = Simulator::Now().GetTimeStep();
    ts = std::max(ts, now);
    if (RxBuffer()->GetCheckTs() <= ts)
    {
        return; // an earlier check is pending; it will look further
    }
    RxBuffer()->SetCheckTs(ts);
    Simulator::ScheduleWithContext(GetNodeId(),
                                   TimeStep(ts - now),
                                   MakeSanFabricEvent<&SanPort::HandleCheck>(this)->Order(
                                       SanFabricEventBase::CLASS_PORT,
                                       SanFabricEventBase::PortKey(GetNodeId(), m_number)));
}

void
SanPort::HandleCheck()
{
    const int64_t now = Simulator::Now().GetTimeStep();
    if (RxBuffer() == nullptr || now != RxBuffer()->GetCheckTs())
    {
        return; // disposed, or superseded by an earlier check
    }
    RxBuffer()->SetCheckTs(HELD);
    const uint32_t limit = RxBuffer()->GetLimit();
    int64_t next = HELD;
    for (uint32_t vc = 0; vc < RxBuffer()->GetNVcs(); ++vc)
    {
        const uint64_t occ = RxBuffer()->GetOccupancy(vc, now);
        // The marks were checked at set-up against the round trip: an overflow is a model bug.
        NS_ABORT_MSG_IF(limit != 0 && occ > limit,
                        "SanPort: node " << GetNodeId() << " port " << m_number
                                         << ": Xon/Xoff buffer of channel " << vc << " holds "
                                         << occ << " bytes, more than its "
                                         << RxBuffer()->GetLimit());
        bool send = false;
        if (!RxBuffer()->IsXoff(vc) && occ >= RxBuffer()->GetXoffBytes())
        {
            send = true;
            RxBuffer()->SetXoff(vc, true);
        }
        else if (RxBuffer()->IsXoff(vc) && occ <= RxBuffer()->GetXonBytes())
        {
            send = true;
            RxBuffer()->SetXoff(vc, false);
        }
        if (send)
        {
            const bool xoff = RxBuffer()->IsXoff(vc);
            NS_LOG_LOGIC("port " << m_number << " of node " << GetNodeId() << ": "
                                 << (xoff ? "Xoff" : "Xon") << " on channel " << vc << " at " << occ
                                 << " bytes");
            RxBuffer()->CountSymbol(xoff);
            Fabric()->NotifyXonXoff(GetNodeId(), m_number, vc, xoff, occ);
            SendOnLink(SanLinkMessage::XonXoffMessage(m_end, vc, xoff, now + Timing().propSteps));
        }
        next = std::min(next, RxBuffer()->NextDecision(vc, now, RxBuffer()->GetLimit()));
    }
    NS_ABORT_MSG_IF(next <= now, "SanPort: Xon/Xoff check due again at once");
    ScheduleCheck(next);
}

bool
SanPort::IsXonXoff() const
{
    return m_xonXoff;
}

uint64_t
SanPort::GetXoffSent() const
{
    return RxBuffer() != nullptr ? RxBuffer()->GetXoffSent() : 0;
}

uint64_t
SanPort::GetXonSent() const
{
    return RxBuffer() != nullptr ? RxBuffer()->GetXonSent() : 0;
}

uint32_t
SanPort::GetXoffMark() const
{
    return RxBuffer() != nullptr ? RxBuffer()->GetXoffBytes() : 0;
}

uint32_t
SanPort::GetXonMark() const
{
    return RxBuffer() != nullptr ? RxBuffer()->GetXonBytes() : 0;
}

uint64_t
SanPort::GetBufferOccupancy(uint32_t vc) const
{
    return RxBuffer() != nullptr && vc < RxBuffer()->GetNVcs()
               ? RxBuffer()->GetOccupancy(vc, Simulator::Now().GetTimeStep())
               : 0;
}

} // namespace ns3
