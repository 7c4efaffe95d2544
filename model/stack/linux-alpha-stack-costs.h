/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINUX_ALPHA_STACK_COSTS_H
#define LINUX_ALPHA_STACK_COSTS_H

#include "host-stack-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief OS preset: the TCP/IP stack of Linux 2.2 on the Tripwire paper's 530 MHz Alphas
 * (Pope et al. 1999, section 5.1), for hosts made from AlphaLinuxHostPreset (which sets the
 * paper's system call, interrupt and wake-up costs on the HostCpu).
 *
 * No parameter is fitted: the stack's costs are cited or ASSUMED, and the Ethernet-specific
 * time of Table 1's round trips sits in the NIC presets (Tulip100NicCosts and
 * AcenicGigabitNicCosts each fit one parameter). CLAN IP, which runs this same stack over
 * ClanIpNicCosts, is then a prediction. (Until issue 11 "ProtocolInstructions" was fitted to
 * the 100 Mbit Ethernet round trip and came out at 9690 instructions, 27 us per segment.)
 */
class LinuxAlphaStackCosts : public HostStackCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    LinuxAlphaStackCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* LINUX_ALPHA_STACK_COSTS_H */
