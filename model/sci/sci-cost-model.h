/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_COST_MODEL_H
#define SCI_COST_MODEL_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/san-nic-cost-model.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What Dolphin's PCI/SCI adapter and its ICM driver cost (SCILAN 1998), as data: the
 * rate of each half of the adapter's datapath and its fixed latency per crossing, the stream
 * buffers' gather timeout, and the driver's instruction counts (charged on the HostCpu at the
 * host preset's clock and CPI). SciNetDevice reads them through its "CostModel" attribute
 * where it uses them, so a change after Install applies to the next request.
 *
 * What is a cost and lives here: AdapterRate, AdapterLatency (the adapter's one FITTED
 * parameter), GatherTimeout, InterruptInstructions, DmaSetupInstructions. What is not, and
 * stays a SciNetDevice attribute: MaxOutstandingRequests (a size: how many requests the
 * adapter keeps in flight) and ReceiveErrorModel (an experiment's fault injection). The link
 * rate is the fabric's (SanChannel), not the adapter's.
 *
 * This class is itself the preset of the adapter the paper measured: the paper describes one
 * PCI/SCI card, so unlike Hamlyn and DART (two implementations each, hence an abstract base
 * and named presets) there is no second configuration to tell apart, and "ns3::SciCostModel"
 * names the paper's card. A second card would derive from it and declare its own defaults. The
 * adapter has no programmable processor, so there is no ClockRate. Every default cites the
 * paper's section or is marked ASSUMED or FITTED.
 */
class SciCostModel : public SanNicCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SciCostModel();
    ~SciCostModel() override;

    /// \return bytes per second through each half (transmit, receive) of the datapath
    DataRate GetAdapterRate() const;
    /// \return the fixed delay of one crossing of the adapter (FITTED)
    Time GetAdapterLatency() const;
    /// \return how long a partly gathered request waits for stores before it leaves
    Time GetGatherTimeout() const;
    /// \return driver instructions in the interrupt a flag raises
    double GetInterruptInstructions() const;
    /// \return driver instructions to start a DMA transfer
    double GetDmaSetupInstructions() const;

  private:
    DataRate m_adapterRate;         //!< "AdapterRate"
    Time m_adapterLatency;          //!< "AdapterLatency"
    Time m_gatherTimeout;           //!< "GatherTimeout"
    double m_interruptInstructions; //!< "InterruptInstructions"
    double m_dmaSetupInstructions;  //!< "DmaSetupInstructions"
};

} // namespace ns3

#endif /* SCI_COST_MODEL_H */
