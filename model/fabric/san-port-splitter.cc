/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "san-port-splitter.h"

#include "san-channel.h"
#include "san-fabric.h"

#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPortSplitter");

bool
SanPortSplitter::WaitsForLink(const SanPort& port, const SanFabricPacket* p)
{
    const SanSwitchingPolicy& switching = port.Fabric()->GetSwitching();
    if (!switching.MaySplit())
    {
        return false;
    }
    const uint32_t threshold = port.GetSplitThreshold();
    if (threshold != 0 && p->bytes > threshold)
    {
        return true; // it may be split if others are waiting when the link frees
    }
    // A piece may have the next piece of its burst merged into it while it waits.
    return switching.MayCoalesce() && p->IsPiece() && port.MayCoalesce();
}

void
SanPortSplitter::TrySplit(SanPort& port, SanFabricPacket* p, uint32_t vcMask, int64_t departTs)
{
    const uint32_t threshold = port.GetSplitThreshold();
    if (threshold == 0 || p->bytes <= threshold || threshold < p->GetSplitHeader() + 4u)
    {
        return; // not longer than a piece, or no room for a header and one word
    }
    const SanSwitchingPolicy& switching = port.Fabric()->GetSwitching();
    if (!switching.MaySplit())
    {
        return;
    }
    // Contention: a packet of another pair waits ahead of the first later packet of p's own
    // pair (the rest of p goes just before that one, so per-pair order holds). A later packet
    // of the same pair gains nothing from a split.
    SanFabricPacket* before = nullptr; // the rest is queued after this one
    for (SanFabricPacket* q = port.QueueHead(); q != nullptr; q = port.QueueNext(q))
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
    const uint32_t pieceData = (threshold - p->GetSplitHeader()) / 4 * 4;
    NS_ASSERT(pieceData > 0 && pieceData < dataBytes);
    const uint32_t restData = dataBytes - pieceData;

    // The rest: a new packet whose header (destination address) is the first part's plus the
    // first part's length, as CLAN's switch computes it (section 2.2).
    SanFabricPacket* r = SanFabricPacket::Allocate();
    r->CopyStateFrom(*p);
    r->uid = port.Fabric()->NextUid();
    r->bytes = p->GetSplitHeader() + restData;
    r->Extra().burstOffset = p->Extra().burstOffset + pieceData;
    r->waitMask = static_cast<uint8_t>(vcMask);
    // It stays in this switch's input buffer and, in wormhole mode, in the upstream buffers
    // that the burst's tail still spans.
    r->holdPort = p->holdPort;
    r->holdSlot = p->holdSlot;
    // Had the burst gone whole, its rest would have started leaving once the first part's data
    // had: a later departure of the rest is the worm's stall from then on.
    r->readyTs = p->readyTs + static_cast<int64_t>(port.Timing().stepsPerByte * pieceData + 0.5);
    if (!p->wormhole)
    {
        // Virtual cut-through: input slots of pieces coalesced into p free with the rest.
        r->Extra().held.swap(p->Extra().held);
    }
    else if (p->HoldsSlots())
    {
        // Upstream slots whose tail passes while the first part's data leaves are released
        // now, late by the first part's own wait (as Depart does for a whole worm); the others
        // stay held (Block marked them) and go with the rest.
        const int64_t stall = departTs - p->readyTs;
        for (SanHeldSlot e : p->Extra().held)
        {
            if (e.releaseTs <= p->readyTs)
            {
                continue; // passed before the head stopped: final already
            }
            if (e.releaseTs <= r->readyTs)
            {
                e.releaseTs += stall;
                SanPort::ReturnCredit(e.port, e.slot, e.releaseTs);
                continue;
            }
            r->Extra().held.push_back(e);
        }
        p->Extra().held.clear();
    }

    // The first part: its last data byte arrived here restData byte-times (of the link it came
    // in on) before the burst's tail.
    const double inStepsPerByte =
        p->holdPort != nullptr ? p->holdPort->Timing().stepsPerByte : port.Timing().stepsPerByte;
    p->tailTs -= static_cast<int64_t>(inStepsPerByte * restData + 0.5);
    p->bytes = p->GetSplitHeader() + pieceData;
    p->wormhole = switching.IsWorm(p->bytes);
    p->holdPort = nullptr; // the rest keeps the input slot
    p->holdSlot = 0;

    port.InsertAfter(before, r);
    port.Fabric()->NotifySplit();
    NS_LOG_LOGIC("port " << port.m_number << " of node " << port.GetNodeId() << ": split packet "
                         << p->uid << " (" << p->src << "->" << p->dst << ") at data offset "
                         << r->Extra().burstOffset << ", rest " << r->uid);
}

bool
SanPortSplitter::TryCoalesce(SanPort& port, SanFabricPacket* p)
{
    SanFabricPacket* q = port.m_qTail;
    // Only in virtual cut-through: a wormhole buffer holds one packet per virtual channel, so
    // two pieces of one burst never wait at one switch on the same channel; and in wormhole
    // mode a piece may span upstream buffers, whose bookkeeping a merge would have to join.
    if (!q->splittable || q->seq != p->seq || q->src != p->src || q->dst != p->dst ||
        q->Extra().burstOffset + q->GetPieceBytes() != p->Extra().burstOffset ||
        q->waitMask != p->waitMask || q->Extra().routeIdx != p->Extra().routeIdx ||
        q->phase != p->phase || q->dim != p->dim || q->dateline != p->dateline ||
        q->escaped != p->escaped || q->wormhole || p->wormhole || q->holdPort == nullptr ||
        p->holdPort == nullptr || !port.Fabric()->GetSwitching().MayCoalesce() ||
        !port.MayCoalesce())
    {
        return false;
    }
    // The merged packet holds p's input slot too, until its tail leaves (Depart).
    q->Extra().held.push_back(SanHeldSlot{p->holdPort, p->holdSlot, 0});
    q->bytes += p->GetPieceBytes();
    q->tailTs = std::max(q->tailTs, p->tailTs);
    q->hops = std::max(q->hops, p->hops);
    NS_LOG_LOGIC("port " << port.m_number << " of node " << port.GetNodeId()
                         << ": coalesced packet " << p->uid << " into " << q->uid << " (" << q->src
                         << "->" << q->dst << "), now " << q->GetPieceBytes()
                         << " data bytes from offset " << q->Extra().burstOffset);
    SanFabricPacket::Free(p);
    port.Fabric()->NotifyCoalesced();
    return true;
}

} // namespace ns3
