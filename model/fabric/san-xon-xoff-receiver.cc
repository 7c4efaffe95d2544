/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-xon-xoff-receiver.h"

#include "san-channel.h"
#include "san-fabric-event.h"
#include "san-fabric.h"
#include "san-port.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanXonXoffReceiver");

SanXonXoffReceiver::SanXonXoffReceiver(const SanPort& port)
{
    const SanSwitchingPolicy& switching = port.Fabric()->GetSwitching();
    const SanLinkTiming& timing = port.Timing();
    SanChannel* link = port.GetLinkAttributes();
    const uint32_t buffer = switching.GetBufferSize();
    // Bytes the far end can still start during one round trip of the link: the Xoff takes one
    // propagation delay to arrive, and what was sent before it takes another to get here.
    const auto rttBytes = static_cast<uint64_t>(
        std::ceil(2.0 * static_cast<double>(timing.propSteps) / timing.stepsPerByte));
    // A packet counts in full as its head arrives, so the one that crosses the mark and the last
    // one started before the Xoff arrives may each bring a whole packet (a cell in Cell mode).
    // In wormhole mode the sender stops between bytes of a worm, so only the round trip counts.
    const uint64_t unit = switching.GetXonXoffUnit();
    const uint64_t headroom = unit + rttBytes;
    uint64_t xoff = link->GetXoffThreshold();
    if (xoff == 0)
    {
        xoff = buffer > headroom ? buffer - headroom : 0;
    }
    NS_ABORT_MSG_IF(xoff == 0 || xoff + headroom > buffer,
                    "SanPort: Xon/Xoff link into port "
                        << port.GetNumber() << " of node " << port.GetNodeId() << ": BufferSize ("
                        << buffer << " bytes) cannot hold the Xoff mark ("
                        << (xoff == 0 ? std::string("automatic") : std::to_string(xoff))
                        << ") plus what may still arrive after it (" << headroom
                        << " bytes: one round trip of the link, " << rttBytes << " bytes"
                        << (unit != 0 ? ", plus one packet of " + std::to_string(unit) : "")
                        << "), so data could be lost; raise BufferSize, lower XoffThreshold or "
                           "shorten the link's Delay");
    uint64_t xon = link->GetXonThreshold();
    if (xon == 0)
    {
        xon = xoff / 2;
    }
    NS_ABORT_MSG_IF(xon >= xoff,
                    "SanPort: Xon/Xoff link into port "
                        << port.GetNumber() << " of node " << port.GetNodeId() << ": XonThreshold ("
                        << xon << ") must be below the Xoff mark (" << xoff << ")");
    m_buffer.Setup(timing.nVcs, static_cast<uint32_t>(xoff), static_cast<uint32_t>(xon));
    m_buffer.SetLimit(switching.GetXonXoffLimit());
    NS_LOG_INFO("port " << port.GetNumber() << " of node " << port.GetNodeId()
                        << ": Xon/Xoff, Xoff at " << xoff << " bytes, Xon at " << xon
                        << ", round trip " << rttBytes << " bytes");
}

void
SanXonXoffReceiver::Admit(SanPort& port, SanFabricPacket* p, int64_t headTs)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    const uint32_t vc = p->holdSlot; // the sender's choice
    // A worm counts as a full buffer: one worm holds a channel at a time, as under credits.
    const uint32_t bytes = p->wormhole ? port.Fabric()->GetSwitching().GetBufferSize() : p->bytes;
    p->holdSlot = m_buffer.Admit(vc, bytes, headTs, now);
    ScheduleCheck(port, m_buffer.NextDecision(vc, now, m_buffer.GetLimit()));
}

void
SanXonXoffReceiver::OnRelease(SanPort& port, uint32_t slot, int64_t ts)
{
    const uint32_t vc = m_buffer.SetRelease(slot, ts);
    // A later (or held) release can also move a crossing that an arrival predicted.
    ScheduleCheck(port,
                  m_buffer.NextDecision(vc, Simulator::Now().GetTimeStep(), m_buffer.GetLimit()));
}

void
SanXonXoffReceiver::ScheduleCheck(SanPort& port, int64_t ts)
{
    if (ts == SanXonXoffBuffer::HELD)
    {
        return;
    }
    const int64_t now = Simulator::Now().GetTimeStep();
    ts = std::max(ts, now);
    if (m_buffer.GetCheckTs() <= ts)
    {
        return; // an earlier check is pending; it will look further
    }
    m_buffer.SetCheckTs(ts);
    const uint32_t context = port.GetNodeId();
    Simulator::ScheduleWithContext(context,
                                   TimeStep(ts - now),
                                   MakeSanFabricEvent<&SanPort::HandleCheck>(&port)->Order(
                                       SanFabricEventBase::CLASS_PORT,
                                       SanFabricEventBase::PortKey(context, port.GetNumber())));
}

void
SanXonXoffReceiver::Check(SanPort& port)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    if (now != m_buffer.GetCheckTs())
    {
        return; // superseded by an earlier check
    }
    m_buffer.SetCheckTs(SanXonXoffBuffer::HELD);
    const uint32_t limit = m_buffer.GetLimit();
    int64_t next = SanXonXoffBuffer::HELD;
    for (uint32_t vc = 0; vc < m_buffer.GetNVcs(); ++vc)
    {
        const uint64_t occ = m_buffer.GetOccupancy(vc, now);
        // The marks were checked at set-up against the round trip: an overflow is a model bug.
        NS_ABORT_MSG_IF(limit != 0 && occ > limit,
                        "SanPort: node " << port.GetNodeId() << " port " << port.GetNumber()
                                         << ": Xon/Xoff buffer of channel " << vc << " holds "
                                         << occ << " bytes, more than its " << limit);
        bool send = false;
        if (!m_buffer.IsXoff(vc) && occ >= m_buffer.GetXoffBytes())
        {
            send = true;
            m_buffer.SetXoff(vc, true);
        }
        else if (m_buffer.IsXoff(vc) && occ <= m_buffer.GetXonBytes())
        {
            send = true;
            m_buffer.SetXoff(vc, false);
        }
        if (send)
        {
            const bool xoff = m_buffer.IsXoff(vc);
            NS_LOG_LOGIC("port " << port.GetNumber() << " of node " << port.GetNodeId() << ": "
                                 << (xoff ? "Xoff" : "Xon") << " on channel " << vc << " at " << occ
                                 << " bytes");
            m_buffer.CountSymbol(xoff);
            port.Fabric()->NotifyXonXoff(port.GetNodeId(), port.GetNumber(), vc, xoff, occ);
            port.SendOnLink(SanLinkMessage::XonXoffMessage(port.m_end,
                                                           vc,
                                                           xoff,
                                                           now + port.Timing().propSteps));
        }
        next = std::min(next, m_buffer.NextDecision(vc, now, limit));
    }
    NS_ABORT_MSG_IF(next <= now, "SanPort: Xon/Xoff check due again at once");
    ScheduleCheck(port, next);
}

} // namespace ns3
