/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_SOFTWARE_COST_MODEL_H
#define DART_SOFTWARE_COST_MODEL_H

#include "dart-cost-model.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The paper's software DART (Osborne 1994, section 3): an in-kernel implementation under
 * Mach 3.0 on a DECstation 5000/240 (Decstation5000HostPreset) with a 140 Mbit/s FORE TCA-100
 * TURBOchannel ATM card, which has no DMA: the host moves every cell by programmed I/O into the
 * transmit FIFO and out of the receive FIFO.
 *
 * Engine HOST_KERNEL: every work value is a count of host instructions (HostCpu Cpi and
 * ClockRate convert them). One 32-byte message, one 53-byte cell, with the host preset's
 * values (instruction = 1.5 / 40 MHz = 37.5 ns; TURBOchannel cycle = 40 ns):
 *
 * | step | component | time |
 * | --- | --- | --- |
 * | send trap | host SyscallCost | 3.750 us |
 * | send code | SendWork 80 instructions | 3.000 us |
 * | cell into transmit FIFO | 14 PIO stores x 3 cycles | 1.680 us |
 * | link | 53 x 8 bits at 140 Mbit/s | 3.029 us |
 * | receive interrupt | host InterruptLatency | 4.500 us |
 * | receive handler | ReceiveWork 80.3 instructions (FITTED) | 3.011 us |
 * | cell out of receive FIFO | 14 PIO loads x 8 cycles | 4.480 us |
 * | one primitive (direct address) | PrimitiveWork 8 instructions | 0.300 us |
 * | deposit one 32-byte block | DepositWork 20 instructions | 0.750 us |
 * | application sees the data | poll loop, best case | 0 |
 * | total | | 24.500 us |
 *
 * ReceiveWork is the one fitted attribute (to the paper's 24.5 us, switchless). The 30 us
 * through one FORE ASX-100 is not used: it checks the switch model.
 */
class DartSoftwareCostModel : public DartCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DartSoftwareCostModel();
    ~DartSoftwareCostModel() override;
};

} // namespace ns3

#endif /* DART_SOFTWARE_COST_MODEL_H */
