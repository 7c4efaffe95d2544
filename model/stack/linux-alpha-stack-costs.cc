/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "linux-alpha-stack-costs.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LinuxAlphaStackCosts");

NS_OBJECT_ENSURE_REGISTERED(LinuxAlphaStackCosts);

TypeId
LinuxAlphaStackCosts::GetTypeId()
{
    // Instruction counts run at AlphaLinuxHostPreset's 530 MHz and CPI 1.5: 2.83 ns each.
    static TypeId tid =
        TypeId("ns3::LinuxAlphaStackCosts")
            .SetParent<HostStackCosts>()
            .SetGroupName("San")
            .AddConstructor<LinuxAlphaStackCosts>()
            // ASSUMED: the socket layer of one read() or write() besides the trap itself (file
            // descriptor lookup, sock_recvmsg/sock_sendmsg, the socket lock, tcp_recvmsg or
            // tcp_sendmsg set-up and exit): about 600 instructions, 1.7 us. Section 5.1 warns
            // that a system call's true cost exceeds its 0.75 us trap through cache effects.
            .AddAttribute("SocketCallInstructions",
                          "Socket-layer instructions per send or receive call.",
                          DoubleValue(600),
                          MakeDoubleAccessor(&LinuxAlphaStackCosts::m_socketCallInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: TCP/IP processing per segment and per direction (tcp_transmit_skb +
            // ip_queue_xmit + dev_queue_xmit and the queueing discipline on output; ip_rcv +
            // tcp_v4_rcv with its socket lookup, ACK and window bookkeeping, timer updates and
            // the call that wakes the reader, whose scheduling is the HostCpu's WakeupLatency,
            // on input): 2000 instructions, 5.7 us at 530 MHz. Clark,
            // Romkey and Salwen ("An analysis of TCP processing overhead", IEEE LCN 1988) count
            // fewer than 200 instructions for TCP's common path; Linux 2.2 adds sk_buff
            // allocation and release, the routing cache, the device queue and timers around it,
            // ASSUMED here as about ten times that. (Until issue 11 this was the preset's fit,
            // 9690 instructions to the Ethernet round trip; the Ethernet-specific time now sits
            // in Tulip100NicCosts, and this preset has no fitted parameter.)
            .AddAttribute("ProtocolInstructions",
                          "TCP/IP instructions per segment, each direction.",
                          DoubleValue(2000),
                          MakeDoubleAccessor(&LinuxAlphaStackCosts::m_protocolInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: netif_rx queueing the frame, mark_bh and the NET_BH dispatch loop:
            // about 200 instructions per run of the deferred processing.
            .AddAttribute("SoftIrqInstructions",
                          "Instructions per run of the deferred receive processing.",
                          DoubleValue(200),
                          MakeDoubleAccessor(&LinuxAlphaStackCosts::m_softIrqInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: 250 MB/s for copies between user and kernel buffers. Messages up to
            // 64 KB stay in the 21164 system's board cache, so the copy runs faster than a
            // STREAM-style out-of-cache copy; no measurement of this exact machine was found.
            .AddAttribute("CopyRate",
                          "User-kernel copy rate in bytes per second.",
                          DoubleValue(250e6),
                          MakeDoubleAccessor(&LinuxAlphaStackCosts::m_copyRate),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: the Internet checksum at about one byte per cycle (64-bit loads and
            // adds with the carry folded once per loop) at 530 MHz: 500 MB/s.
            .AddAttribute("ChecksumRate",
                          "Internet checksum rate in bytes per second.",
                          DoubleValue(500e6),
                          MakeDoubleAccessor(&LinuxAlphaStackCosts::m_checksumRate),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: Linux 2.2's do_select per descriptor: fget, the socket's poll routine
            // (sock_poll, tcp_poll: the state and queue tests, poll_wait's wait-queue entry on
            // a first pass) and the bitmap tests around it: about 150 instructions, 0.42 us.
            // No measurement on this machine was found; lmbench's lat_select manual page gives
            // "Select on 200 tcp fd's: 117 microseconds" (0.59 us a descriptor) as an example
            // run of the mid-1990s, machine unnamed. Used only by a process that waits on
            // several connections (SanSocketMessenger).
            .AddAttribute("SelectInstructionsPerSocket",
                          "select() instructions per descriptor looked at.",
                          DoubleValue(150),
                          MakeDoubleAccessor(&LinuxAlphaStackCosts::m_selectPerSocket),
                          MakeDoubleChecker<double>(0))
            // Linux's cleanup_rbuf (net/ipv4/tcp.c, as in 2.4; tcp_cleanup_rbuf today): after a
            // read, an ACK once the window it can offer is at least twice what is left of the
            // one last advertised, while that is at most half the buffer ("'lots' means 'at
            // least twice'"). ASSUMED the same in 2.2.
            .AddAttribute("WindowUpdate",
                          "When reads make the receiver send a window update of its own.",
                          EnumValue(HostStackCosts::LINUX_WINDOW_UPDATE),
                          MakeEnumAccessor(&LinuxAlphaStackCosts::m_windowUpdate),
                          HostStackCosts::MakeWindowUpdateChecker());
    return tid;
}

LinuxAlphaStackCosts::LinuxAlphaStackCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
LinuxAlphaStackCosts::GetName() const
{
    return "linux-2.2-alpha-530";
}

} // namespace ns3
