/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_ENGINE_H
#define DART_ENGINE_H

#include "dart-card.h"
#include "dart-cost-model.h"

#include "ns3/callback.h"
#include "ns3/san-resource.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief Who does a DART interface's work, as its cost model says: the host's kernel
 * (DartCostModel HOST_KERNEL: system calls, the receive interrupt's handler, programmed I/O
 * through the card's FIFOs) or the card's own processor (CARD_PROCESSOR, with DMA). The send
 * path, the receive path, the TLB and the action queues all run their work through it, and it
 * counts the host interrupts they raise.
 *
 * On HOST_KERNEL the receive interrupt's handler keeps the CPU for a whole message
 * (HoldKernel() to ReleaseKernel()); work run meanwhile is inside that handler.
 */
class DartEngine
{
  public:
    /// \param card the device it works for
    explicit DartEngine(DartCard& card);

    /// \param cost the cost preset
    void SetCostModel(Ptr<DartCostModel> cost);
    /// \return the cost preset
    Ptr<DartCostModel> GetCostModel() const;
    /// \brief The device is attached: create the card processor.
    void Start();
    /// \brief Forget the cost model and the card processor.
    void Dispose();

    /// \return true when the host's kernel does the work (the software DART)
    bool IsHostKernel() const;
    /// \param units work in the cost model's units \return its duration
    Time Work(double units) const;
    /// \brief Run work on the engine (card processor, or the host CPU as kernel work).
    /// \param units work \param done called when it ends
    void RunWork(double units, Callback<void> done);
    /**
     * \brief Interrupt the host (counted).
     * \param instructions the handler's work
     * \param handler called when it ends (may be null)
     */
    void Interrupt(double instructions, Callback<void> handler);
    /**
     * \brief The receive interrupt (counted): the handler keeps the CPU when \p held runs,
     * which should call HoldKernel().
     * \param units the handler's work before \p held
     * \param held called with the CPU held
     */
    void InterruptHeld(double units, Callback<void> held);
    /// \brief The receive interrupt's handler holds the CPU from now on.
    void HoldKernel();
    /// \return true while the receive interrupt's handler holds the CPU
    bool IsKernelHeld() const;
    /// \brief End the receive interrupt handler's hold of the CPU, if any.
    void ReleaseKernel();
    /**
     * \brief Hand a message to the fabric (counted as sent), moving its cells through the
     * card's transmit FIFO first on HOST_KERNEL.
     * \param dst destination host
     * \param packet the message
     * \param done called once it is on the fabric (may be null)
     * \param cpuHeld the caller (the receive interrupt's handler) holds the CPU already
     */
    void Transmit(uint32_t dst, Ptr<Packet> packet, Callback<void> done, bool cpuHeld = false);

    /// \return the card processor (CARD_PROCESSOR presets; null before Start)
    Ptr<SanResource> GetCardProcessor() const;
    /// \return messages handed to the fabric
    uint64_t GetNSent() const;
    /// \return host interrupts raised (receive, TLB miss, actions, traps)
    uint64_t GetNInterrupts() const;

  private:
    DartCard& m_dev;           //!< the device
    Ptr<DartCostModel> m_cost; //!< costs
    Ptr<SanResource> m_card;   //!< card processor
    bool m_kernelHolds{false}; //!< the receive interrupt's handler holds the CPU
    uint64_t m_sent{0};        //!< statistics
    uint64_t m_interrupts{0};  //!< statistics
};

} // namespace ns3

#endif /* DART_ENGINE_H */
