/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_BASELINE_EXPERIMENTS_H
#define TCP_BASELINE_EXPERIMENTS_H

#include "san-paper-row.h"

#include "ns3/callback.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class HostSocketCalls;
class Socket;

/**
 * \ingroup san
 * \brief The TCP/IP baselines of the Tripwire paper (Pope et al. 1999, section 6.1, Table 1 and
 * Figure 12): two 530 MHz Alphas under Linux 2.2 back to back over 100 Mbit/s Ethernet (full
 * duplex) or Gigabit Ethernet (jumbo frames, 256 KB socket buffers), running ns-3's own TCP
 * under the host cost model (HostStackNetDevice, HostSocketCalls).
 *
 * The test "uses TCP/IP, repeatedly sending and returning a message": a ping-pong of blocking
 * write()s and read()s. The round trip is the mean over the measured rounds; the bandwidth at a
 * message size is that size over its round trip (one message in flight, as the test does).
 *
 * Fitted: Tulip100NicCosts "ReceiveLatency" to eth100_rtt_us, AcenicGigabitNicCosts
 * "ReceiveInterruptDelay" to gige_rtt_us (LinuxAlphaStackCosts has no fit); the bandwidths
 * and every CLAN IP row are predictions.
 */
class TcpBaselineExperiments
{
  public:
    /// Paper id (results/tripwire.csv).
    static constexpr const char* PAPER = "tripwire";

    /// One link configuration (a new field belongs in scilan-tcp-baselines.cc's
    /// ScilanTcpLinkKey too: the key under which scilan-paper reuses a stream).
    struct Link
    {
        std::string name;         //!< "eth100" or "gige"
        double rateBps{0};        //!< line rate
        uint16_t mtu{1500};       //!< IP MTU
        uint32_t socketBuffer{0}; //!< send and receive buffer bytes
        std::string nicCosts;     //!< HostNicDriverCosts preset TypeId
        /// SanHostPreset TypeId of both hosts
        std::string hostPreset{"ns3::AlphaLinuxHostPreset"};
        /// HostStackCosts preset TypeId
        std::string stackCosts{"ns3::LinuxAlphaStackCosts"};
        /// false: back-to-back Ethernet (ns-3 point-to-point); true: ATM LAN Emulation through
        /// one switch of a san fabric in cell mode (SanFabricIpTransport)
        bool atmLane{false};
        /// true: CLAN IP (ClanIpTransport) between two CLAN hosts (ClanScenario)
        bool clanIp{false};
        /// IP over SCI through Dolphin's SCI/NDIS driver (SciIpTransport; two SciScenario hosts)
        bool sciNdis{false};
        /// CLAN IP: the early implementation's one packet in flight
        bool onePacketInFlight{false};
        /// CLAN IP: the deadlock bug's rate cap in bit/s (0: none)
        double rateCapBps{0};
    };

    /// \return 100 Mbit/s Ethernet, back to back, full duplex (Tulip, 1500-byte MTU)
    static Link Ethernet100();
    /// \return Gigabit Ethernet with 9000-byte jumbo frames and 256 KB socket buffers (AceNIC)
    static Link GigabitEthernet();
    /// \return CLAN IP as Table 1 measured it: 32 KB socket buffers, one packet in flight,
    /// 250 Mbit/s cap (section 6.1)
    static Link ClanIpEarly();

    /// Two hosts back to back, the internet stack on HostStackNetDevices.
    struct Pair
    {
        NodeContainer nodes;               //!< the two hosts (SanHost from AlphaLinuxHostPreset)
        NetDeviceContainer lowers;         //!< ns-3's point-to-point devices
        NetDeviceContainer devices;        //!< the HostStackNetDevices over them
        Ipv4InterfaceContainer interfaces; //!< their addresses
        Ptr<Object> fabric; //!< a san fabric under the hosts, kept alive (IP over the fabric)
    };

    /**
     * \brief Build two hosts (by default Alphas under Linux 2.2) joined by \p link.
     * \param link the link
     * \return the hosts and devices
     */
    static Pair BuildPair(const Link& link);

    /**
     * \brief Connect a TCP socket of host 0 to one of host 1 and give each to a process
     * (HostSocketCalls); \p ready runs once both ends are connected.
     * \param pair the hosts
     * \param link the link (socket settings)
     * \param ready called with (host 0's process, host 1's process)
     */
    static void ConnectProcesses(const Pair& pair,
                                 const Link& link,
                                 Callback<void, Ptr<HostSocketCalls>, Ptr<HostSocketCalls>> ready);

    /**
     * \brief Apply the link's TCP settings to a socket: the MSS from the MTU, the buffers.
     * \param socket a TCP socket
     * \param link the link
     */
    static void ConfigureSocket(Ptr<Socket> socket, const Link& link);

    /**
     * \brief A one-way stream of \p messages messages of \p bytes each, written back to back
     * by host 0 and read by host 1.
     * \param link the link
     * \param bytes message size (> 0)
     * \param messages how many (> 1)
     * \param interrupts if not null, set to the interrupts each host's processor took during
     * the run (writer first)
     * \return the throughput in MB/s (10^6 bytes), from the first write's start to the
     * last read's return; NaN if the stream did not finish within 100 simulated seconds
     */
    static double Stream(const Link& link,
                         uint32_t bytes,
                         uint32_t messages,
                         std::array<uint64_t, 2>* interrupts = nullptr);

    /// Result of one ping-pong run.
    struct PingPong
    {
        double rttUs{0};         //!< mean round trip, microseconds
        double bandwidthMbps{0}; //!< message bits over the round trip, Mbit/s (10^6)
    };

    /**
     * \brief Ping-pong of \p bytes messages between two hosts.
     * \param link the link
     * \param bytes message size (> 0)
     * \param rounds measured rounds (> 0)
     * \param warmup rounds run first and not measured (connection, slow start)
     * \return the round trip and bandwidth
     */
    static PingPong Run(const Link& link,
                        uint32_t bytes,
                        uint32_t rounds = 20,
                        uint32_t warmup = 5);

    /// \return Table 1's Ethernet rows: eth100_rtt_us, eth100_bw_1KB_Mbps, gige_rtt_us,
    /// gige_bw_1KB_Mbps
    static std::vector<SanPaperRow> Table1();

    /// \return the message sizes of the Figure 12 sweep
    static std::vector<uint32_t> Figure12Sizes();

    /**
     * \brief Write Figure 12's Ethernet curves (bandwidth against message size, both links) as
     * a CSV side file: size_bytes,eth100_Mbps,gige_Mbps,eth100_rtt_us,gige_rtt_us.
     * \param path the file
     */
    static void WriteFigure12(const std::string& path);
};

} // namespace ns3

#endif /* TCP_BASELINE_EXPERIMENTS_H */
