/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MODERN_ETHERNET_NIC_COSTS_H
#define MODERN_ETHERNET_NIC_COSTS_H

#include "host-nic-driver-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief NIC preset: a current 100 Gbit/s Ethernet adapter of the ConnectX class on PCIe Gen3
 * x8 (ModernServerHostPreset's bus) with its Linux driver, for the "modern" what-if of the
 * benchmark testbeds (with ModernLinuxStackCosts). The same shape as Tulip100NicCosts.
 *
 * Kinds of value: checksum offload both ways and the adaptive interrupt moderation are
 * VENDOR-documented (NVIDIA's MLNX_EN driver documentation); the descriptor size is the
 * driver's own constant; the card's receive latency is DERIVED from pcie-bench's measured DMA
 * read round trip (SOURCES.md); the driver's instruction counts and the DMA thresholds are
 * ASSUMED (no published counts found). No parameter is fitted. Not modelled: segmentation and
 * receive offloads (TSO, LRO/GRO), multiple queues and receive-side scaling (one core takes
 * every interrupt), and the adaptive moderation's rise under load (see ReceiveInterruptDelay).
 */
class ModernEthernetNicCosts : public HostNicDriverCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ModernEthernetNicCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* MODERN_ETHERNET_NIC_COSTS_H */
