/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_SWITCHED_LAN_H
#define TCP_SWITCHED_LAN_H

#include "san-scenario.h"
#include "tcp-baseline-experiments.h"

#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"

#include <memory>

namespace ns3
{

/**
 * \ingroup san
 * \brief Hosts running ns-3's TCP on the host cost model (HostStackNetDevice, HostSocketCalls)
 * over a switched Ethernet: every host on one port of one switch, the LAN a server and its
 * clients shared (SanBenchTestbed "tcp" with more than two hosts, and its "modern" preset).
 *
 * The switch and its links are a san fabric (one SanCrossbarTopology switch) carrying each IP
 * packet in one frame (SanFabricIpTransport without AAL5: Ethernet's 14-byte header and 4-byte
 * FCS, "HeaderBytes" 18) with IEEE 802.3's 8-byte preamble and 12-byte inter-frame gap as the
 * links' framing (SanChannel "FramingBytes" 20); the hosts' NIC and stack presets are the
 * link's (TcpBaselineExperiments::Link), charged as for the back-to-back pair. Ethernet's
 * 64-byte minimum frame is not padded (a bare ACK is 58 bytes on the wire here, 6 short).
 *
 * Two switches:
 * - Ethernet1990s: a store-and-forward Fast Ethernet switch. Its forwarding latency after a
 *   frame's last byte is DERIVED from FORE Systems' ES-2810 Ethernet Switch User's Manual,
 *   Table A.2 (a switch of the late 1990s): under 11 us minimum latency at 100 Mbit/s in
 *   cut-through mode, which forwards once the first 14 bytes are in; less those bytes' 1.12 us
 *   leaves 9.88 us for the look-up and forwarding, which store-and-forward mode (whose
 *   latency the manual says "depends on packet size") adds after the whole frame: 9.88 us
 *   (an upper bound: "< 11"). Flow control is IEEE 802.3x PAUSE (Xon/Xoff on the links),
 *   which the switches of the time offered on full-duplex ports: the fabric never drops, so
 *   TCP sees no losses at an incast (a switch that dropped would make it retransmit). ASSUMED:
 *   32 KB of buffer per input port, 25 ns of cable (as the pair's).
 * - Modern: a cut-through 100 Gbit/s Ethernet switch of 300 ns port to port (VENDOR: Mellanox
 *   Spectrum, "300 nsec for 100 GbE port-to-port", its 2015 announcement), as SanBenchPreset's
 *   "modern" fabric carries its latency (on the links, half on each of a path's two, with 2 m
 *   of fibre each; virtual cut-through with room for four 4 KB packets per input).
 * Keep the object alive while the simulation runs.
 */
class TcpSwitchedLan
{
  public:
    /// What to build.
    struct Spec
    {
        TcpBaselineExperiments::Link link; //!< hosts' presets, NIC and stack costs, rate, MTU
        SanScenarioSpec fabric;            //!< the hosts and their one switch
        uint32_t framingBytes{20};         //!< preamble and inter-frame gap, per frame
        uint32_t headerBytes{18};          //!< Ethernet header and FCS, per frame
    };

    /**
     * \param link a 100 Mbit/s Ethernet link's settings (TcpBaselineExperiments::Ethernet100,
     * ScilanTcpBaselines::FastEthernet) \param hosts how many hosts (at least 2)
     * \return those hosts on one store-and-forward Fast Ethernet switch
     */
    static Spec Ethernet1990s(const TcpBaselineExperiments::Link& link, uint32_t hosts);
    /// \return a current server's link: ModernServerHostPreset hosts, ModernLinuxStackCosts,
    /// ModernEthernetNicCosts, 100 Gbit/s, a 1500-byte MTU, 128 KB socket buffers
    static TcpBaselineExperiments::Link ModernLink();
    /// \param hosts how many hosts (at least 2) \return them on one cut-through 100 GbE switch
    static Spec Modern(uint32_t hosts);

    /// \param spec what to build
    explicit TcpSwitchedLan(const Spec& spec);

    /// \return the hosts
    const NodeContainer& GetHosts() const;
    /// \return their HostStackNetDevices, same order
    const NetDeviceContainer& GetDevices() const;
    /// \return their addresses, same order
    const Ipv4InterfaceContainer& GetInterfaces() const;

  private:
    std::shared_ptr<SanScenario> m_scenario; //!< hosts and switch
    NetDeviceContainer m_devices;            //!< HostStackNetDevices
    Ipv4InterfaceContainer m_interfaces;     //!< addresses
};

} // namespace ns3

#endif /* TCP_SWITCHED_LAN_H */
