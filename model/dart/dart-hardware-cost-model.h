/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DART_HARDWARE_COST_MODEL_H
#define DART_HARDWARE_COST_MODEL_H

#include "dart-cost-model.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief The projected hardware DART (Osborne 1994, section 3): a PCI card on which "a cheap
 * i960 embedded processor" runs the Operation Logic, here an Intel 80960CA at 33 MHz, with a DMA
 * engine for message data, on a PCI host (PciWorkstationHostPreset).
 *
 * Engine CARD_PROCESSOR: work values are i960 cycles at ClockRate, estimated as instruction
 * counts (table lookups, bounds checks, a TLB lookup as a few loads and compares, DMA set-up as
 * a few register stores) times an assumed CPI of 1.0; every one is marked ASSUMED.
 *
 * The paper only bounds this design (under 10 us at 155 Mbit/s, under 3 us at 622 Mbit/s,
 * through one fast ATM switch); nothing here is fitted to those bounds. With these defaults and
 * PciWorkstationHostPreset (PCI cycle 30.3 ns; i960 cycle 30.3 ns), one 32-byte message:
 *
 * | step | component | time |
 * | --- | --- | --- |
 * | 24 bytes into the Send Registers | 6 posted PIO stores x 4 PCI cycles | 0.727 us |
 * | send | SendWork 40 cycles | 1.212 us |
 * | data from host memory | DMA of 32 bytes, 12 + 8 PCI cycles | 0.606 us |
 * | link at 155 Mbit/s | 53 x 8 bits | 2.735 us |
 * | receive, one primitive, deposit | 35 + 10 + 8 cycles | 1.606 us |
 * | data into host memory | DMA of 32 bytes, 12 + 8 PCI cycles | 0.606 us |
 * | application sees the data | poll loop, best case | 0 |
 * | total, switchless | | 7.49 us |
 *
 * At 622 Mbit/s the link takes 0.682 us and the switchless total is 5.44 us. A switch adds one
 * more cell time and its own transit latency.
 */
class DartHardwareCostModel : public DartCostModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    DartHardwareCostModel();
    ~DartHardwareCostModel() override;
};

} // namespace ns3

#endif /* DART_HARDWARE_COST_MODEL_H */
