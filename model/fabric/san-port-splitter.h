/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PORT_SPLITTER_H
#define SAN_PORT_SPLITTER_H

#include "san-port.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief A switch port's splitting and coalescing of splittable packets (CLAN 1999, section
 * 2.2; see SanPort's class description): whether a splittable packet waits in the queue for
 * the link, the split itself, and the merge of consecutive pieces of one burst.
 *
 * It keeps no state of its own: a split's rest and a merged piece live in the port's queue,
 * the threshold in the switch (SplitThreshold, Coalesce), and what the switching mode allows
 * in its policy (SanSwitchingPolicy::MaySplit, MayCoalesce). Only splittable packets reach
 * it, so the ports of a fabric without bursts never call it.
 */
class SanPortSplitter
{
  public:
    /**
     * A splittable packet finds a slot free but the link still busy with an earlier packet.
     * Any other packet is committed to leave when the link frees; this one waits in the queue
     * if it might be split then (or have its burst's next piece merged into it), so that the
     * decision is taken when it takes the link, against whatever waits for it at that time.
     * It leaves no later than it would have: it is first in the queue and its slot stays free.
     * \param port the port
     * \param p the packet
     * \return true if p should wait in the queue
     */
    static bool WaitsForLink(const SanPort& port, const SanFabricPacket* p);
    /**
     * p (unlinked from the port's queue, about to depart at departTs) is splittable: if it is
     * longer than the split threshold and packets of other pairs wait, cut it to a first piece
     * and queue the rest as a new packet.
     * \param port the port
     * \param p the packet
     * \param vcMask the virtual channels it waited for
     * \param departTs its departure time
     */
    static void TrySplit(SanPort& port, SanFabricPacket* p, uint32_t vcMask, int64_t departTs);
    /**
     * p (splittable, about to be queued) continues the burst piece at the queue's tail: merge
     * it into that piece.
     * \param port the port
     * \param p the packet
     * \return true if p was merged (and freed)
     */
    static bool TryCoalesce(SanPort& port, SanFabricPacket* p);
};

} // namespace ns3

#endif /* SAN_PORT_SPLITTER_H */
