/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanPort's splitting and coalescing of splittable packets (CLAN 1999, section 2.2; see
// the class description): whether a splittable packet waits for the link, the split itself, and
// the merge of consecutive pieces. Only splittable packets reach this file.

#include "san-channel.h"
#include "san-fabric.h"
#include "san-port.h"

#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanPortSplitting");

bool
SanPort::WaitsForLink(const SanFabricPacket* p) const
{
    const SanFabric::SwitchingMode mode = Fabric()->GetSwitchingMode();
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
SanPort::TrySplit(SanFabricPacket* p, uint32_t vcMask, int64_t departTs)
{
    const uint32_t threshold = GetSplitThreshold();
    if (threshold == 0 || p->bytes <= threshold || threshold < p->GetSplitHeader() + 4u)
    {
        return; // not longer than a piece, or no room for a header and one word
    }
    const SanFabric::SwitchingMode mode = Fabric()->GetSwitchingMode();
    if (mode != SanFabric::WORMHOLE && mode != SanFabric::VIRTUAL_CUT_THROUGH)
    {
        return;
    }
    // Contention: a packet of another pair waits ahead of the first later packet of p's own
    // pair (the rest of p goes just before that one, so per-pair order holds). A later packet
    // of the same pair gains nothing from a split.
    SanFabricPacket* before = nullptr; // the rest is queued after this one
    for (SanFabricPacket* q = QueueHead(); q != nullptr; q = QueueNext(q))
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
    r->uid = Fabric()->NextUid();
    r->bytes = p->GetSplitHeader() + restData;
    r->Extra().burstOffset = p->Extra().burstOffset + pieceData;
    r->waitMask = static_cast<uint8_t>(vcMask);
    // It stays in this switch's input buffer and, in wormhole mode, in the upstream buffers
    // that the burst's tail still spans.
    r->holdPort = p->holdPort;
    r->holdSlot = p->holdSlot;
    // Had the burst gone whole, its rest would have started leaving once the first part's data
    // had: a later departure of the rest is the worm's stall from then on.
    r->readyTs = p->readyTs + static_cast<int64_t>(Timing().stepsPerByte * pieceData + 0.5);
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
                ReturnCredit(e.port, e.slot, e.releaseTs);
                continue;
            }
            r->Extra().held.push_back(e);
        }
        p->Extra().held.clear();
    }

    // The first part: its last data byte arrived here restData byte-times (of the link it came
    // in on) before the burst's tail.
    const double inStepsPerByte =
        p->holdPort != nullptr ? p->holdPort->Timing().stepsPerByte : Timing().stepsPerByte;
    p->tailTs -= static_cast<int64_t>(inStepsPerByte * restData + 0.5);
    p->bytes = p->GetSplitHeader() + pieceData;
    p->wormhole = mode == SanFabric::WORMHOLE && p->bytes > Fabric()->GetBufferSize();
    p->holdPort = nullptr; // the rest keeps the input slot
    p->holdSlot = 0;

    r->next = before->next;
    before->next = r;
    if (m_qTail == before)
    {
        m_qTail = r;
    }
    if (m_qLen == MAX_QUEUE)
    {
        AbortQueueFull();
    }
    ++m_qLen;
    Fabric()->NotifySplit();
    NS_LOG_LOGIC("port " << m_number << " of node " << GetNodeId() << ": split packet " << p->uid
                         << " (" << p->src << "->" << p->dst << ") at data offset "
                         << r->Extra().burstOffset << ", rest " << r->uid);
}

bool
SanPort::TryCoalesce(SanFabricPacket* p)
{
    SanFabricPacket* q = m_qTail;
    // Only in virtual cut-through: a wormhole buffer holds one packet per virtual channel, so
    // two pieces of one burst never wait at one switch on the same channel; and in wormhole
    // mode a piece may span upstream buffers, whose bookkeeping a merge would have to join.
    if (!q->splittable || q->seq != p->seq || q->src != p->src || q->dst != p->dst ||
        q->Extra().burstOffset + q->GetPieceBytes() != p->Extra().burstOffset ||
        q->waitMask != p->waitMask || q->Extra().routeIdx != p->Extra().routeIdx ||
        q->phase != p->phase || q->dim != p->dim || q->dateline != p->dateline ||
        q->escaped != p->escaped || q->wormhole || p->wormhole || q->holdPort == nullptr ||
        p->holdPort == nullptr || Fabric()->GetSwitchingMode() != SanFabric::VIRTUAL_CUT_THROUGH ||
        !MayCoalesce())
    {
        return false;
    }
    // The merged packet holds p's input slot too, until its tail leaves (Depart).
    q->Extra().held.push_back(SanHeldSlot{p->holdPort, p->holdSlot, 0});
    q->bytes += p->GetPieceBytes();
    q->tailTs = std::max(q->tailTs, p->tailTs);
    q->hops = std::max(q->hops, p->hops);
    NS_LOG_LOGIC("port " << m_number << " of node " << GetNodeId() << ": coalesced packet "
                         << p->uid << " into " << q->uid << " (" << q->src << "->" << q->dst
                         << "), now " << q->GetPieceBytes() << " data bytes from offset "
                         << q->Extra().burstOffset);
    SanFabricPacket::Free(p);
    Fabric()->NotifyCoalesced();
    return true;
}

} // namespace ns3
