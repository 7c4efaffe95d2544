/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_STATE_MACHINE_COST_MODEL_H
#define HAMLYN_STATE_MACHINE_COST_MODEL_H

#include "hamlyn-cost-model.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The projected hardware state-machine implementation of Hamlyn (Hamlyn 1995, section
 * 4.2, last paragraphs): the same card architecture as the LANai 3 (one DMA engine between host
 * memory and the card, link engines towards the switch) with the processor replaced by state
 * machines, and packets cut through the card.
 *
 * Section 4.2 says the time would be close to the sum of five components; each is one resource
 * step here, so the sum (and the overlap between them) emerges from the simulation:
 * - "a GSC+ bus cycle to move the start transmission request to the interface":
 *   "StartRequestBusCycles" (1) on the HostBus resource, once per DMA message;
 * - "the time to assemble and transmit the header": "HeaderAssemblyCycles" on the state
 *   machine, then the header's link time (the fabric: 24 bytes at 80 MB/s, 12 cycles);
 * - "the time to traverse the switch": the fabric's SanSwitch "RoutingDelay" (0.5 us, Table 3
 *   "switch 20");
 * - "the time to read the header at the receiving interface": the header's arrival (fabric)
 *   and "HeaderCheckCycles" on the receiving state machine (slot, key and range check);
 * - "the time to pipeline the data through the two I/O buses, the interfaces, and the switch
 *   chip": the payload moves in chunks of "ChunkBytes" (one GSC+ burst): sender HostBus DMA ->
 *   card -> link -> switch -> link -> card -> receiver HostBus DMA, each chunk entering a stage
 *   as soon as it has left the previous one and the stage is free. The GSC+ bus (18 cycles per
 *   32 bytes) is the slowest stage and limits large transfers.
 *
 * The paper's total for these, "about 46+18d/32 LANai cycles, or 1.15 + 0.014d us", is not an
 * input: it is the check (test suite "san-hamlyn"). With chunked store-and-forward between
 * stages the simulated per-packet time is a little longer than the paper's sum for large d (one
 * chunk's link and bus time are not hidden), and the 16-byte payload costs 14 GSC+ cycles, not
 * 18*16/32 (Table 3 note a).
 *
 * Work the paper does not size (notifications) is given the state-machine minimum: no cycles
 * beyond the GSC+ write of the entry or word itself.
 */
class HamlynStateMachineCostModel : public HamlynCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HamlynStateMachineCostModel();
    ~HamlynStateMachineCostModel() override;
};

} // namespace ns3

#endif /* HAMLYN_STATE_MACHINE_COST_MODEL_H */
