/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-switched-lan.h"

#include "san-bench-preset.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/host-stack-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/san-ip-helper.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpSwitchedLan");

TcpSwitchedLan::Spec
TcpSwitchedLan::Ethernet1990s(const TcpBaselineExperiments::Link& link, uint32_t hosts)
{
    NS_ABORT_MSG_IF(hosts < 2, "TcpSwitchedLan: " << hosts << " hosts (at least 2)");
    Spec s;
    s.link = link;
    SanScenarioSpec& f = s.fabric;
    f.hosts = hosts;
    f.hostPreset = link.hostPreset;
    f.linkRate = std::to_string(static_cast<uint64_t>(link.rateBps)) + "bps";
    f.switchingMode = "StoreAndForward";
    // DERIVED (class comment): the ES-2810's < 11 us cut-through minimum latency at 100
    // Mbit/s less the 14 header bytes' 1.12 us, added after the whole frame.
    f.switchRoutingDelay = NanoSeconds(11000 - 14 * 8 * 1000 / 100);
    f.flowControl = "XonXoff";     // IEEE 802.3x PAUSE
    f.bufferSize = 32 * 1024;      // ASSUMED: 32 KB per input port
    f.paperCables = false;         // the cable's delay below counts
    f.linkDelay = NanoSeconds(25); // ASSUMED: a few metres of cable (as the pair's)
    return s;
}

TcpBaselineExperiments::Link
TcpSwitchedLan::ModernLink()
{
    TcpBaselineExperiments::Link l;
    l.name = "eth100g";
    l.rateBps = 100e9;
    // Ethernet's standard 1500-byte MTU (no jumbo frames assumed).
    l.mtu = 1500;
    // Linux's default receive buffer, net.ipv4.tcp_rmem's middle value (131072 bytes; the
    // kernel's ip-sysctl documentation), also ns-3's TcpSocket default; Linux's autotuning,
    // which grows it under a stream, is not modelled.
    l.socketBuffer = 131072;
    l.nicCosts = "ns3::ModernEthernetNicCosts";
    l.hostPreset = "ns3::ModernServerHostPreset";
    l.stackCosts = "ns3::ModernLinuxStackCosts";
    return l;
}

TcpSwitchedLan::Spec
TcpSwitchedLan::Modern(uint32_t hosts)
{
    NS_ABORT_MSG_IF(hosts < 2, "TcpSwitchedLan: " << hosts << " hosts (at least 2)");
    Spec s;
    s.link = ModernLink();
    // SanBenchPreset's modern fabric (100 Gbit/s, virtual cut-through, the switch's latency on
    // the links), with an Ethernet switch's latency: VENDOR, Mellanox Spectrum's 300 ns port to
    // port, half on each link of a path, and 2 m of fibre (10 ns) each.
    SanBenchPreset::Equalize("modern", s.fabric, hosts);
    s.fabric.hostPreset = s.link.hostPreset;
    s.fabric.linkDelay = NanoSeconds(10) + NanoSeconds(300) / 2;
    return s;
}

TcpSwitchedLan::TcpSwitchedLan(const Spec& spec)
{
    const TcpBaselineExperiments::Link& link = spec.link;
    NS_ABORT_MSG_IF(spec.fabric.hosts < 2 || !(link.rateBps > 0) || link.mtu < 576,
                    "TcpSwitchedLan: bad spec (" << spec.fabric.hosts << " hosts, link "
                                                 << link.name << ")");
    {
        // Ethernet's preamble and inter-frame gap on every link of the fabric.
        SanScopedDefaults framing;
        framing.Set("ns3::SanChannel", "FramingBytes", UintegerValue(spec.framingBytes));
        m_scenario = std::make_shared<SanScenario>(spec.fabric);
    }
    SanIpHelper ip;
    ip.SetTransportAttribute("HeaderBytes", UintegerValue(spec.headerBytes));
    ip.SetTransportAttribute("Aal5", BooleanValue(false));
    ip.SetTransportAttribute("Mtu", UintegerValue(link.mtu));
    const NetDeviceContainer lowers = ip.Install(m_scenario->GetEndpoints());
    HostStackHelper stack;
    stack.SetStackCosts(link.stackCosts);
    stack.SetNicCosts(link.nicCosts);
    m_devices = stack.Install(lowers);
    InternetStackHelper internet;
    internet.SetIpv6StackInstall(false); // IPv4 only (an IPv6 stack too cost ~5 KiB a host)
    // One subnet: its interface routes are every route (ns-3's default adds global routing, an
    // object pair on every host that nothing here populates).
    internet.SetRoutingHelper(Ipv4StaticRoutingHelper());
    internet.Install(m_scenario->GetHosts());
    // SanIpNetDevice's default "Network": host n is 10.2.0.0 + n + 1.
    Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0");
    m_interfaces = addresses.Assign(m_devices);
}

const NodeContainer&
TcpSwitchedLan::GetHosts() const
{
    return m_scenario->GetHosts();
}

const NetDeviceContainer&
TcpSwitchedLan::GetDevices() const
{
    return m_devices;
}

const Ipv4InterfaceContainer&
TcpSwitchedLan::GetInterfaces() const
{
    return m_interfaces;
}

} // namespace ns3
