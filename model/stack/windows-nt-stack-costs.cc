/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "windows-nt-stack-costs.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WindowsNtStackCosts");

NS_OBJECT_ENSURE_REGISTERED(WindowsNtStackCosts);

TypeId
WindowsNtStackCosts::GetTypeId()
{
    // Instruction counts run at PentiumNtHostPreset's 200 MHz and CPI 1.5: 7.5 ns each.
    static TypeId tid =
        TypeId("ns3::WindowsNtStackCosts")
            .SetParent<HostStackCosts>()
            .SetGroupName("San")
            .AddConstructor<WindowsNtStackCosts>()
            // ASSUMED: the Winsock DLL, the AFD driver's IRP and the TDI request into
            // tcpip.sys for one send() or recv(), besides the kernel entry itself: about 1000
            // instructions (7.5 us).
            .AddAttribute("SocketCallInstructions",
                          "Socket-layer instructions per send or receive call.",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&WindowsNtStackCosts::m_socketCallInstructions),
                          MakeDoubleChecker<double>(0))
            // FITTED (the preset's one free parameter): TCP/IP processing per segment and per
            // direction, NDIS's per-packet work included, fitted to the SCILAN paper's Table 3
            // "100baseT 209.3 us" with EtherlinkFastNicCosts (ScilanTcpBaselines) and
            // PentiumNtHostPreset's 36 us wake-up: 2990 instructions, 22 us per segment each way.
            .AddAttribute("ProtocolInstructions",
                          "TCP/IP instructions per segment, each direction (FITTED).",
                          DoubleValue(2990),
                          MakeDoubleAccessor(&WindowsNtStackCosts::m_protocolInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: queueing and running the miniport's deferred procedure call (DPC):
            // about 300 instructions per run.
            .AddAttribute("SoftIrqInstructions",
                          "Instructions per run of the deferred receive processing (DPC).",
                          DoubleValue(300),
                          MakeDoubleAccessor(&WindowsNtStackCosts::m_softIrqInstructions),
                          MakeDoubleChecker<double>(0))
            // SCILAN 1998, Table 2: the receiver copy operation (memory to memory) runs at
            // 36 MB/s on these Pentium 200 / 430HX hosts.
            .AddAttribute("CopyRate",
                          "User-kernel copy rate in bytes per second.",
                          DoubleValue(36e6),
                          MakeDoubleAccessor(&WindowsNtStackCosts::m_copyRate),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: the Internet checksum at about 2 cycles per 4-byte word (load,
            // add-with-carry, in a pipelined loop) on data the copy just brought into the
            // caches: 400 MB/s at 200 MHz, halved for cache misses: 200 MB/s.
            .AddAttribute("ChecksumRate",
                          "Internet checksum rate in bytes per second.",
                          DoubleValue(200e6),
                          MakeDoubleAccessor(&WindowsNtStackCosts::m_checksumRate),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: Winsock's select() per socket (the AFD driver's poll of each endpoint):
            // as Linux 2.2's, about 150 instructions (1.1 us at 200 MHz); no figure for NT 4.0
            // was found (nor for its per-call cost, SOURCES.md). Used only by a process that
            // waits on several connections (SanSocketMessenger).
            .AddAttribute("SelectInstructionsPerSocket",
                          "select() instructions per socket looked at.",
                          DoubleValue(150),
                          MakeDoubleAccessor(&WindowsNtStackCosts::m_selectPerSocket),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: 4.4BSD's rule (tcp_output; Stevens, TCP/IP Illustrated vol. 2, section
            // 26.3): an update once the window's edge would move by two segments or half the
            // buffer, RFC 1122's receiver-side silly-window avoidance (section 4.2.3.3) as the
            // BSD stacks of the time built it. NT 4.0's own rule was not found published.
            .AddAttribute("WindowUpdate",
                          "When reads make the receiver send a window update of its own.",
                          EnumValue(HostStackCosts::BSD_WINDOW_UPDATE),
                          MakeEnumAccessor(&WindowsNtStackCosts::m_windowUpdate),
                          HostStackCosts::MakeWindowUpdateChecker());
    return tid;
}

WindowsNtStackCosts::WindowsNtStackCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
WindowsNtStackCosts::GetName() const
{
    return "windows-nt4-pentium-200";
}

} // namespace ns3
