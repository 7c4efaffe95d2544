/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MODERN_LINUX_STACK_COSTS_H
#define MODERN_LINUX_STACK_COSTS_H

#include "host-stack-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief OS preset: a current Linux kernel's TCP/IP stack on ModernServerHostPreset's 3 GHz
 * core (CPI 1: an instruction is 0.33 ns), for the "modern" what-if of the benchmark testbeds
 * (SanBenchTestbed "tcp", with ModernEthernetNicCosts). The same shape as LinuxAlphaStackCosts;
 * the system call, interrupt and wake-up costs are the host preset's.
 *
 * Kinds of value: the copy rate is DERIVED (a published single-core memory bandwidth, halved
 * for a copy's read and write); every instruction count is ASSUMED (no published per-segment
 * or per-call count of today's stack was found: searched for Linux TCP per-packet cycles,
 * netperf TCP_RR on 100 GbE, Cai et al. "Understanding host network stack overheads", SIGCOMM
 * 2021, whose abstract says only that a core no longer keeps up with 100 Gbit/s and that the
 * receiver's copy is the bottleneck); the checksum rate is ASSUMED and matters only without
 * the NIC's checksum offload. No parameter is fitted. Not modelled: segmentation and receive
 * offloads (TSO, GRO), which let today's stack pay its per-segment cost once per 64 KB; every
 * segment here pays it (as a stack without them would), so a stream's rate is a lower bound.
 */
class ModernLinuxStackCosts : public HostStackCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    ModernLinuxStackCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* MODERN_LINUX_STACK_COSTS_H */
