/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLAN_COST_MODEL_H
#define CLAN_COST_MODEL_H

#include "ns3/nstime.h"
#include "ns3/san-nic-cost-model.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What the CLAN NIC and its driver cost (Riddoch et al. 1999), as data: the card's
 * pipelines, the V3 bridge's PCI bursts and the driver's and interrupt routine's instruction
 * counts (charged on the HostCpu at the host preset's clock and CPI). ClanNetDevice reads them
 * through its "CostModel" attribute where it uses them, so a change after Install applies to
 * the next burst, DMA or driver call.
 *
 * What is a cost and lives here: times (TxPipelineDelay, RxPipelineDelay), burst lengths of
 * the hardware (PioReceiveBurst, DmaReceiveBurst, DmaTransmitBurst) and instruction counts
 * (IsrTripwireInstructions, DmaDriverInstructions, OobDemuxInstructions,
 * TripwireCallInstructions, ApertureCallInstructions, EndpointCreateInstructions,
 * OobSendInstructions). What is not, and stays a ClanNetDevice attribute: the sizes of what
 * the device builds (TripwireFifoDepth, MailboxEntries) and switches of behaviour
 * (ReceiveCheck, DrainFifoPerInterrupt).
 *
 * This class is itself the preset of the prototype the paper measured (section 5): the paper
 * describes one CLAN card, so unlike Hamlyn (LANai 3 firmware vs projected state machines) and
 * DART (software vs projected hardware) there is no second configuration to tell apart, and
 * "ns3::ClanCostModel" names the paper's card. A second card would derive from it and declare
 * its own defaults. The NIC has no programmable processor, so there is no ClockRate (Cycles()
 * is not used). Every default cites the paper's section or is marked ASSUMED.
 */
class ClanCostModel : public SanNicCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ClanCostModel();
    ~ClanCostModel() override;

    /// \return from a burst's first word on the card to its head on the link
    Time GetTxPipelineDelay() const;
    /// \return from a piece's tail off the link to its write on the PCI bus
    Time GetRxPipelineDelay() const;
    /// \return receive-side PCI burst, in DWORDs, for data from processor stores
    uint32_t GetPioReceiveBurst() const;
    /// \return receive-side PCI burst, in DWORDs, for data from DMA
    uint32_t GetDmaReceiveBurst() const;
    /// \return the DMA engine's PCI read burst in DWORDs (each burst is one packet; the device
    /// checks it against its host's I/O bus when it uses it)
    uint32_t GetDmaTransmitBurst() const;
    /// \return the interrupt routine's instructions per Tripwire id
    double GetIsrTripwireInstructions() const;
    /// \return the DMA driver's instructions per entry (system call or completion)
    double GetDmaDriverInstructions() const;
    /// \return the interrupt routine's instructions per out-of-band message
    double GetOobDemuxInstructions() const;
    /// \return the driver's instructions per Tripwire or Tripset call
    double GetTripwireCallInstructions() const;
    /// \return the driver's instructions to export or map an aperture
    double GetApertureCallInstructions() const;
    /// \return the driver's instructions to create an endpoint
    double GetEndpointCreateInstructions() const;
    /// \return the driver's instructions to send an out-of-band message
    double GetOobSendInstructions() const;

  private:
    Time m_txPipeline;                 //!< NIC transmit pipeline
    Time m_rxPipeline;                 //!< NIC receive pipeline
    uint32_t m_pioRxBurstBeats;        //!< receive PCI burst for PIO traffic
    uint32_t m_dmaRxBurstBeats;        //!< receive PCI burst for DMA traffic
    uint32_t m_dmaTxBurstBeats;        //!< DMA engine's read bursts
    double m_isrIdInstructions;        //!< interrupt routine, per id
    double m_dmaDriverInstructions;    //!< DMA driver, per entry
    double m_oobDemuxInstructions;     //!< interrupt routine, per out-of-band message
    double m_tripwireCallInstructions; //!< driver: Tripwire calls
    double m_apertureCallInstructions; //!< driver: aperture calls
    double m_endpointInstructions;     //!< driver: endpoint creation
    double m_oobSendInstructions;      //!< driver: out-of-band send
};

} // namespace ns3

#endif /* CLAN_COST_MODEL_H */
