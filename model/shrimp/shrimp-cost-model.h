/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_COST_MODEL_H
#define SHRIMP_COST_MODEL_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/san-nic-cost-model.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What the SHRIMP network interface and its driver cost (SHRIMP 1996), as data: the
 * latency of the custom datapath (snoop logic, OPT and IPT look-ups, packetizing, the NIC
 * chip) and its split between the two ends, the NIC chip's processor-port rate, the combining
 * timer, and the driver's and kernel's handler instruction counts (charged on the HostCpu at
 * the host preset's clock and CPI). ShrimpNetDevice reads them through its "CostModel"
 * attribute where it uses them, so a change after Install applies to the next packet.
 *
 * What is a cost and lives here: DatapathLatency (the interface's one FITTED parameter),
 * OutgoingShare, PortRate, CombineTimeout, FaultHandlerInstructions,
 * NotifyHandlerInstructions, FenceHandlerInstructions. What is not, and stays a
 * ShrimpNetDevice attribute: PageBytes (the unit of the page tables the device builds) and
 * MaxPacketData (a packet format limit, checked against the fabric). The EISA bus, the Xpress
 * memory bus and the iMRC links are the host's and the fabric's resources.
 *
 * This class is itself the preset of the prototype the paper measured: the paper describes one
 * interface, so unlike Hamlyn and DART (two implementations each, hence an abstract base and
 * named presets) there is no second configuration to tell apart, and "ns3::ShrimpCostModel"
 * names the paper's interface. A second one would derive from it and declare its own
 * defaults. The datapath has no programmable processor, so there is no ClockRate. Every
 * default cites the paper's section or is marked ASSUMED or FITTED.
 */
class ShrimpCostModel : public SanNicCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ShrimpCostModel();
    ~ShrimpCostModel() override;

    /// \return the latency of the interface's own logic, sending and receiving cards together
    /// (FITTED)
    Time GetDatapathLatency() const;
    /// \return the part of DatapathLatency spent on the sending side
    double GetOutgoingShare() const;
    /// \return the rate of the NIC chip's processor port
    DataRate GetPortRate() const;
    /// \return how long a combined packet waits for another update before it leaves
    Time GetCombineTimeout() const;
    /// \return instructions of the driver's handler for a frozen receive datapath
    double GetFaultHandlerInstructions() const;
    /// \return instructions of the kernel's handler for a notification interrupt
    double GetNotifyHandlerInstructions() const;
    /// \return instructions of the kernel's handler for a fence or its echo
    double GetFenceHandlerInstructions() const;

  private:
    Time m_datapathLatency;      //!< "DatapathLatency"
    double m_outgoingShare;      //!< "OutgoingShare"
    DataRate m_portRate;         //!< "PortRate"
    Time m_combineTimeout;       //!< "CombineTimeout"
    double m_faultInstructions;  //!< "FaultHandlerInstructions"
    double m_notifyInstructions; //!< "NotifyHandlerInstructions"
    double m_fenceInstructions;  //!< "FenceHandlerInstructions"
};

} // namespace ns3

#endif /* SHRIMP_COST_MODEL_H */
