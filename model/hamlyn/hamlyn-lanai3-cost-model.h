/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_LANAI3_COST_MODEL_H
#define HAMLYN_LANAI3_COST_MODEL_H

#include "hamlyn-cost-model.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The Myrinet LANai 3 prototype (Hamlyn 1995, section 4.2, Tables 3, 4 and 5): a 25 ns
 * programmable processor emulating the Hamlyn interface.
 *
 * Row by row (d = payload bytes; 24-byte header with a 32-bit key = 12 link cycles):
 * - Table 3 "send packet 81 + d/2": processor "DirectSendCycles" 69 (= 81 - 12) + link
 *   (24 + d)/2 (fabric).
 * - Table 3 "notify host [102]" (off path): processor "SendNotifyCycles" 91 (= 102 - 11, the
 *   GSC+ write of a 4-byte word: 10 + 1 cycles on HostBus).
 * - Table 3 "switch 20": SanSwitch RoutingDelay 0.5 us.
 * - Table 3 "link to interface 71 + d/4", Table 4 "71 + min(71, d/4)": processor
 *   "ReceiveCycles" 71 of work while the inbound DMA (d/2 link cycles) steals SRAM cycles: the
 *   processor runs at "DmaStealRate" 0.5 (Table 4 note c) for the first d/2 cycles of the
 *   check, so it takes 71 + min(71, d/4). Processing starts when the packet's tail is on the
 *   card: the paper's single-packet totals add this row after the sender's full "send packet"
 *   row (no receive cut-through), so the inbound DMA's stealing is charged to the check.
 * - Cycle stealing is general (note c): while any of the card's DMA engines runs (the host
 *   DMA engine, the outbound link, the inbound link as above), every processor step runs at
 *   "DmaStealRate". The single-packet rows of Tables 3 and 4 have no other overlap; in Table
 *   5's stream the receiver's check and DMA set-up run at half speed under the previous
 *   packet's deposit and still fit within its 18d/32 GSC+ cycles.
 * - Table 3 "interface to host 14d/16" (18d/32 from 32 bytes): HostBus DMA of the payload.
 * - Table 4 "interface to host 59 + 18d/32": processor "ReceiveDmaSetupCycles" 59 + HostBus
 *   DMA. Payloads up to "ReceiveFastPathBytes" (32, one GSC+ burst; assumed) skip the set-up,
 *   as Table 3's fast path does.
 * - Table 3 "receiver notify host [89]" (on the path when the receiver is notified):
 *   processor "ReceiveNotifyCycles" 75 (= 89 - 14, the GSC+ write of a 16-byte entry).
 * - Table 4 "start data to card 106": processor "DmaStartCycles", once per message.
 * - Table 4 "load payload 18d/32": HostBus DMA, overlapped with the processor's header load
 *   "DmaHeaderLoadCycles" 34 (note a: the payload term dominates above ~60 bytes, 18*60/32).
 * - Table 4 "send packet 21 + d/2": processor "DmaSendCycles" 9 (= 21 - 12) + link.
 * - Table 5: no new constant; the multi-packet pipeline emerges from the card's resources
 *   (processor, host DMA engine, outbound link engine, two send buffers).
 */
class HamlynLanai3CostModel : public HamlynCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HamlynLanai3CostModel();
    ~HamlynLanai3CostModel() override;
};

} // namespace ns3

#endif /* HAMLYN_LANAI3_COST_MODEL_H */
