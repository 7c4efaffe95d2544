/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_COST_MODEL_H
#define HAMLYN_COST_MODEL_H

#include "ns3/nstime.h"
#include "ns3/san-nic-cost-model.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Per-stage costs of a Hamlyn interface implementation, in interface clock cycles.
 *
 * Only the work of the interface's own processor is an attribute here. Everything else that
 * the paper's tables fold into a row is modeled by the resource that does it, so it is never
 * counted twice:
 * - link serialization (the d/2 terms at 80 MB/s, and the header's bytes) by the fabric's
 *   SanChannel, which carries the Hamlyn header + payload;
 * - the switch (Table 3 row "switch", 20 cycles) by the fabric's SanSwitch "RoutingDelay";
 * - host-bus transfers (the 14d/16 and 18d/32 terms, the write of a notification entry or of
 *   a completion word, a slot-descriptor fetch) by HostBus (GSC+ defaults: 14 cycles per 16
 *   bytes, 18 per 32);
 * - the host's own work (Rats, PIO stores of a direct-I/O request) by the library above, on
 *   HostCpu (Hamlyn Tables 1 and 2).
 *
 * A table row "X + link" or "X + bus" therefore becomes a processor attribute X' (X minus the
 * part of the constant that another resource models: e.g. the header's link time) plus the
 * other resource's step. Each attribute's comment gives the row and the subtraction.
 *
 * Subclasses are presets: HamlynLanai3CostModel (the Myrinet LANai 3 prototype, Tables 3-5) and
 * HamlynStateMachineCostModel (the projected hardware state machines of section 4.2). A preset
 * that IsCutThrough() makes the device stream each packet through the card (one streaming
 * fabric packet per Hamlyn packet: see HamlynNetDevice) instead of handling it whole.
 */
class HamlynCostModel : public SanNicCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HamlynCostModel();
    ~HamlynCostModel() override;
    /// \return processor cycles to send one direct-I/O packet (header link time excluded)
    double GetDirectSendCycles() const;
    /// \return processor cycles to start a DMA message (once per message)
    double GetDmaStartCycles() const;
    /// \return processor cycles to load a DMA packet's header (overlaps the payload load)
    double GetDmaHeaderLoadCycles() const;
    /// \return processor cycles to send one DMA packet (header link time excluded)
    double GetDmaSendCycles() const;
    /// \return processor cycles to tell the sending host a message has gone (bus write excluded)
    double GetSendNotifyCycles() const;
    /// \return processor cycles to check an incoming packet's header, at full speed (the
    /// inbound DMA's cycle stealing slows it: see HamlynReceiver)
    double GetReceiveCycles() const;
    /**
     * \param payload payload bytes of the incoming packet
     * \return processor cycles to set up the host DMA of the payload (0 on the fast path)
     */
    double GetReceiveDmaSetupCycles(uint32_t payload) const;
    /// \return processor cycles to write a notification entry (bus write excluded)
    double GetReceiveNotifyCycles() const;
    /// \return true if the interface streams packets through the card (cut-through)
    bool IsCutThrough() const;
    /// \return the processor's speed (work per cycle) while any of the card's DMA engines runs
    double GetDmaStealRate() const;
    /// \return host-bus cycles to move a DMA message's "start transmission" request to the card
    double GetStartRequestBusCycles() const;
    /// \return processor cycles to assemble a packet's header (cut-through only)
    double GetHeaderAssemblyCycles() const;
    /// \return bytes of the last host-bus burst of a streamed deposit (cut-through only)
    uint32_t GetCutThroughChunkBytes() const;

  protected:
    double m_directSend;        //!< cycles
    double m_dmaStart;          //!< cycles
    double m_dmaHeaderLoad;     //!< cycles
    double m_dmaSend;           //!< cycles
    double m_sendNotify;        //!< cycles
    double m_rxHeader;          //!< cycles
    double m_dmaStealRate;      //!< processor speed while a card DMA runs
    double m_rxDmaSetup;        //!< cycles
    uint32_t m_rxFastPathBytes; //!< largest payload handled on the fast path
    double m_rxNotify;          //!< cycles
    bool m_cutThrough;          //!< stream packets through the card
    double m_startRequestBus;   //!< host-bus cycles
    double m_headerAssembly;    //!< cycles
    uint32_t m_chunkBytes;      //!< bytes of a streamed deposit's last burst
};

} // namespace ns3

#endif /* HAMLYN_COST_MODEL_H */
