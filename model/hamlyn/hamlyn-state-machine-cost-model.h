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
 *   chip": each Hamlyn packet is one fabric packet streamed through (SanFabricPort::
 *   SendPacketPaced): the sender's HostBus DMA loads the payload onto the card while the head
 *   is already on the link, and the tail cannot leave before the load has ended; every later
 *   link inherits that pace. The receiver deposits the payload with one HostBus DMA streaming
 *   behind the arriving data: it starts when the header is admitted and enough data is on the
 *   card, so it ends no earlier than the tail's arrival plus one burst ("ChunkBytes", one
 *   GSC+ burst) and no earlier than its start plus the whole payload's bus time. The GSC+ bus
 *   (18 cycles per 32 bytes) is the slowest stage and limits large transfers.
 *
 * The paper's total for these, "about 46+18d/32 LANai cycles, or 1.15 + 0.014d us", is not an
 * input: it is the check (test suite "san-hamlyn"). For a 512-byte packet the simulation is a
 * little shorter (the header path plus the deposit: about -3%); for 16 bytes a little longer
 * (the tail path plus one burst's deposit; the 16-byte payload costs 14 GSC+ cycles, not
 * 18*16/32, Table 3 note a).
 *
 * The fabric needs no settings of its own for this preset (any switching mode, the default
 * MaxPacketSize): packets are whole fabric packets.
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
