/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_COST_MODEL_H
#define DART_COST_MODEL_H

#include "ns3/data-rate.h"
#include "ns3/san-nic-cost-model.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What a DART implementation costs, as data: who runs the send path and the Operation
 * Logic, how cells cross the host's I/O bus, and the work of each stage.
 *
 * Osborne 1994 gives end-to-end totals only (24.5 us switchless and 30 us through one ASX-100
 * for the software DART; under 10 us at 155 Mbit/s and under 3 us at 622 Mbit/s for the
 * projected hardware). The presets therefore take their components from the machines' and
 * cards' documentation and from published measurements, each cited; every assumption is
 * marked ASSUMED, and at most one attribute per preset is fitted (marked FITTED, with the figure
 * it was fitted to).
 *
 * Work units: with Engine HOST_KERNEL (the paper's in-kernel implementation) every "work"
 * value is a count of host instructions run on the HostCpu (the host preset gives clock and
 * CPI); with CARD_PROCESSOR (the projected hardware, an i960 running the Operation Logic) it is
 * a count of card processor cycles at this model's ClockRate.
 *
 * What is not here because another resource models it: link serialization (the fabric's
 * SanChannel at the rate LinkRate gives), the switch (SanSwitch "RoutingDelay"), host bus
 * transfers (HostBus: PIO stores and loads of the send registers and of the card's FIFOs, DMA of
 * message data), system call entry and interrupt dispatch (HostCpu "SyscallCost" and
 * "InterruptLatency", from the host preset).
 */
class DartCostModel : public SanNicCostModel
{
  public:
    /// Who runs the send path and the Operation Logic.
    enum Engine : uint8_t
    {
        HOST_KERNEL,    //!< the host's kernel, in a system call and in the receive interrupt
        CARD_PROCESSOR, //!< a processor on the card (work in card cycles)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DartCostModel();
    ~DartCostModel() override;

    /// \return who runs the send path and the Operation Logic
    Engine GetEngine() const;
    /// \return the card's link rate (the fabric's links run at it)
    DataRate GetLinkRate() const;

    // --- send side ---
    /// \return work to turn the Send Registers' contents into a control cell (after the system
    /// call's entry on HOST_KERNEL; after the last register store lands on CARD_PROCESSOR)
    double GetSendWork() const;
    /// \return work per further cell of a multi-cell message
    double GetSendCellWork() const;
    /// \return bytes the host moves by programmed I/O per cell into or out of the card's FIFOs
    /// (HOST_KERNEL only: the card has no DMA; 0 on CARD_PROCESSOR, which moves data by DMA)
    uint32_t GetFifoCellBytes() const;

    // --- receive side ---
    /// \return work per arriving message before its primitives run: cell header, Connection
    /// Table, Endpoint Table, bounds check, TLB lookup (on HOST_KERNEL: the receive interrupt's
    /// handler after the host's interrupt dispatch)
    double GetReceiveWork() const;
    /// \return work per primitive operation executed (address generation, register operation,
    /// conditional)
    double GetPrimitiveWork() const;
    /// \return work per further cell of a multi-cell message
    double GetReceiveCellWork() const;
    /// \return work to deposit one 32-byte block into host memory (HOST_KERNEL: the copy into
    /// the endpoint; CARD_PROCESSOR: setting up its DMA)
    double GetDepositWork() const;
    /// \return work to form a read's reply (the data read is a bus transfer of its own)
    double GetReplyWork() const;

    // --- the host's part of exceptions ---
    /// \return host instructions, after the interrupt's dispatch, to load a TLB entry
    double GetTlbMissInstructions() const;
    /// \return host instructions, after the interrupt's dispatch, to take an exception (software
    /// exception, error trap, unimplemented operation, immediate action) and queue it
    double GetExceptionInstructions() const;

  protected:
    Engine m_engine;          //!< who runs it
    DataRate m_linkRate;      //!< link
    double m_sendWork;        //!< work units
    double m_sendCellWork;    //!< work units
    uint32_t m_fifoCellBytes; //!< bytes per cell by PIO
    double m_receiveWork;     //!< work units
    double m_primitiveWork;   //!< work units
    double m_receiveCellWork; //!< work units
    double m_depositWork;     //!< work units
    double m_replyWork;       //!< work units
    double m_tlbMiss;         //!< host instructions
    double m_exception;       //!< host instructions
};

} // namespace ns3

#endif /* DART_COST_MODEL_H */
