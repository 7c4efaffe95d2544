/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef WINDOWS_NT_STACK_COSTS_H
#define WINDOWS_NT_STACK_COSTS_H

#include "host-stack-costs.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief OS preset: the TCP/IP stack of Windows NT 4.0 (tcpip.sys under Winsock and AFD)
 * on the SCILAN paper's 200 MHz Pentiums (Ryan and Bryhni 1998, section 4.1), for hosts made
 * from PentiumNtHostPreset (which sets the paper's 6000-cycle kernel entry and interrupt
 * latency on the HostCpu).
 *
 * One parameter is fitted: "ProtocolInstructions", to Table 3's 100baseT latency (209.3 us)
 * with EtherlinkFastNicCosts. The ATM latency and the throughputs are then checks.
 */
class WindowsNtStackCosts : public HostStackCosts
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    WindowsNtStackCosts();

    std::string GetName() const override;
};

} // namespace ns3

#endif /* WINDOWS_NT_STACK_COSTS_H */
