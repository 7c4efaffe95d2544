/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// fabric-first: the smallest san scenario (the one in README.md). A 4x4
// mesh of wormhole switches, one host each, dimension-order routing; host 0
// sends one 512-byte packet to host 15 and the delivery is printed.
// --pcap=true writes a pcap file per port in the working folder
// (fabric-first-host-0.pcap, fabric-first-switch-5-port-1.pcap, ...), which
// tshark -X lua_script:tools/wireshark/san.lua -r fabric-first-host-0.pcap -V decodes.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    bool pcap = false;
    cmd.AddValue("pcap", "write a pcap file per port, fabric-first-<port>.pcap", pcap);
    cmd.Parse(argc, argv);

    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(4), "Y", UintegerValue(4));
    fabric.SetRouting("ns3::SanDimensionOrderRouting");
    fabric.SetFabricAttribute("SwitchingMode", StringValue("Wormhole"));
    fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("640Mbps")));
    fabric.SetSwitchAttribute("RoutingDelay", TimeValue(NanoSeconds(500)));

    NodeContainer hosts;
    hosts.Create(16);
    NetDeviceContainer nics = fabric.Install(hosts);
    if (pcap)
    {
        fabric.EnablePcapAll("fabric-first");
    }

    auto nic = [&nics](uint32_t i) { return DynamicCast<SanEndpointDevice>(nics.Get(i)); };
    nic(15)->TraceConnectWithoutContext(
        "PacketRx",
        MakeCallback(+[](uint64_t uid, uint32_t src, uint32_t bytes, Time latency, uint32_t hops) {
            std::cout << "fabric-first: " << bytes << " bytes from host " << src << " in "
                      << latency.GetNanoSeconds() << " ns over " << hops << " switches\n";
        }));
    Simulator::Schedule(MicroSeconds(1), [&nic]() { nic(0)->SendTo(15, 512); });

    Simulator::Run();
    Simulator::Destroy();
    return 0;
}
