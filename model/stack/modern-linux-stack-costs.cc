/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "modern-linux-stack-costs.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ModernLinuxStackCosts");

NS_OBJECT_ENSURE_REGISTERED(ModernLinuxStackCosts);

TypeId
ModernLinuxStackCosts::GetTypeId()
{
    // Instruction counts run at ModernServerHostPreset's 3 GHz and CPI 1: 0.33 ns each.
    static TypeId tid =
        TypeId("ns3::ModernLinuxStackCosts")
            .SetParent<HostStackCosts>()
            .SetGroupName("San")
            .AddConstructor<ModernLinuxStackCosts>()
            // ASSUMED: the socket layer of one read() or write() besides the trap (the file
            // lookup, sock_sendmsg or sock_recvmsg with their security hooks, lock_sock,
            // tcp_sendmsg_locked's or tcp_recvmsg's set-up and exit, the socket's memory
            // accounting): about 1500 instructions, 0.5 us; Linux 2.2's 600
            // (LinuxAlphaStackCosts) grown by the hooks and accounting added since.
            .AddAttribute("SocketCallInstructions",
                          "Socket-layer instructions per send or receive call.",
                          DoubleValue(1500),
                          MakeDoubleAccessor(&ModernLinuxStackCosts::m_socketCallInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: TCP/IP per segment and direction (tcp_write_xmit, __tcp_transmit_skb,
            // ip_queue_xmit, the queueing discipline and dev_hard_start_xmit on output;
            // ip_rcv, tcp_v4_rcv with its socket lookup, ACK, RTT and window bookkeeping and the
            // reader's wake-up call on input): 3000 instructions, 1 us; LinuxAlphaStackCosts'
            // 2000 grown by what Linux added since (SACK and RACK scoreboards, pacing, the
            // netfilter and cgroup hooks on the path).
            .AddAttribute("ProtocolInstructions",
                          "TCP/IP instructions per segment, each direction.",
                          DoubleValue(3000),
                          MakeDoubleAccessor(&ModernLinuxStackCosts::m_protocolInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: one NAPI poll run of the receive softirq (net_rx_action, the driver's
            // poll entry and exit, napi_complete and the interrupt's re-arm): about 500
            // instructions.
            .AddAttribute("SoftIrqInstructions",
                          "Instructions per run of the deferred receive processing.",
                          DoubleValue(500),
                          MakeDoubleAccessor(&ModernLinuxStackCosts::m_softIrqInstructions),
                          MakeDoubleChecker<double>(0))
            // DERIVED: a single core's memory bandwidth is about 20 GB/s (STREAM Triad on a
            // Haswell Xeon, McCalpin; SOURCES.md, "Modern hardware"); a copy reads and writes
            // every byte, so user-kernel copies move about half that: 10 GB/s. Copies of data
            // still in the caches run faster; this is the rate of the large messages that
            // decide a stream's bandwidth.
            .AddAttribute("CopyRate",
                          "User-kernel copy rate in bytes per second.",
                          DoubleValue(10e9),
                          MakeDoubleAccessor(&ModernLinuxStackCosts::m_copyRate),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: x86's csum_partial at about 2 bytes per cycle (8-byte add-with-carry
            // loads, two per cycle at best, with the loop and fold around them) at 3 GHz:
            // 6 GB/s. Charged only where the NIC does not check or compute the checksum
            // (ModernEthernetNicCosts offloads both ways).
            .AddAttribute("ChecksumRate",
                          "Internet checksum rate in bytes per second.",
                          DoubleValue(6e9),
                          MakeDoubleAccessor(&ModernLinuxStackCosts::m_checksumRate),
                          MakeDoubleChecker<double>(1))
            // ASSUMED: select()'s loop per descriptor is the shape Linux 2.2 had (fdget, the
            // socket's poll routine, the bitmap tests): as LinuxAlphaStackCosts, about 150
            // instructions, 50 ns. (A current server would use epoll, whose wait costs nothing
            // per idle descriptor; SanSocketMessenger's process calls select().)
            .AddAttribute("SelectInstructionsPerSocket",
                          "select() instructions per descriptor looked at.",
                          DoubleValue(150),
                          MakeDoubleAccessor(&ModernLinuxStackCosts::m_selectPerSocket),
                          MakeDoubleChecker<double>(0))
            // Linux's tcp_cleanup_rbuf (net/ipv4/tcp.c): after a read, an ACK once the window it
            // can offer is at least twice what is left of the one last advertised, while that
            // is at most half the buffer.
            .AddAttribute("WindowUpdate",
                          "When reads make the receiver send a window update of its own.",
                          EnumValue(HostStackCosts::LINUX_WINDOW_UPDATE),
                          MakeEnumAccessor(&ModernLinuxStackCosts::m_windowUpdate),
                          HostStackCosts::MakeWindowUpdateChecker());
    return tid;
}

ModernLinuxStackCosts::ModernLinuxStackCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
ModernLinuxStackCosts::GetName() const
{
    return "linux-modern-3ghz";
}

} // namespace ns3
