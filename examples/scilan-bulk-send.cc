/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// scilan-bulk-send: SCILAN in use, with ns-3's own applications. Sixteen 200 MHz Pentium Pro
// NT hosts (the SCILAN paper's machines, PentiumNtHostPreset), each with a Dolphin PCI/SCI
// adapter, on switched SCI: a 4-ary 2-tree of switches with the LC-1's 200 MB/s links.
// ScilanHelper gives every host its cluster address; BulkSendApplication on host 0 streams
// --bytes to PacketSink on host 15 through "ns3::ScilanSocketFactory" sockets, and the program
// prints the transfer's time and throughput. SCILAN copies each byte twice (the sender's
// store into the receiver's buffer over SCI, the receiver's copy out), so the receiver's copy
// rate, not the link, sets the pace (SCILAN 1998, section 4.2).
//
//   build/examples/scilan-bulk-send [--bytes=1048576] [--sendSize=65536] [--polling=false]

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <cstdio>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint64_t bytes = 1 << 20;
    uint32_t sendSize = 65536;
    bool polling = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("bytes", "bytes to stream from host 0 to host 15", bytes);
    cmd.AddValue("sendSize", "bytes per send() call", sendSize);
    cmd.AddValue("polling", "receivers poll their flags instead of sleeping on them", polling);
    cmd.Parse(argc, argv);
    if (bytes == 0 || sendSize == 0)
    {
        std::fprintf(stderr, "scilan-bulk-send: --bytes and --sendSize must be positive\n");
        return 1;
    }

    NodeContainer hosts;
    hosts.Create(16);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::PentiumNtHostPreset");
    hostHelper.Install(hosts);

    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
    fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("1600Mbps"))); // LC-1
    NetDeviceContainer endpoints = fabric.Install(hosts);

    SciHelper sci;
    sci.Install(hosts, endpoints);
    ScilanHelper scilan;
    scilan.SetStackAttribute("Polling", BooleanValue(polling));
    scilan.Install(hosts);

    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::ScilanSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinks = sinkHelper.Install(hosts.Get(15));
    BulkSendHelper source("ns3::ScilanSocketFactory",
                          InetSocketAddress(ScilanHelper::GetAddress(hosts.Get(15)), port));
    source.SetAttribute("MaxBytes", UintegerValue(bytes));
    source.SetAttribute("SendSize", UintegerValue(sendSize));
    ApplicationContainer sources = source.Install(hosts.Get(0));
    sources.Start(MicroSeconds(10));

    Time first;
    Time last;
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinks.Get(0));
    sink->TraceConnectWithoutContext(
        "Rx",
        MakeCallback(+[](Time* f, Time* l, Ptr<const Packet>, const Address&) {
            if (f->IsZero())
            {
                *f = Simulator::Now();
            }
            *l = Simulator::Now();
        }).Bind(&first, &last));

    Simulator::Stop(Seconds(10));
    Simulator::Run();
    const uint64_t received = sink->GetTotalRx();
    const double us = (last - MicroSeconds(10)).GetSeconds() * 1e6;
    std::printf("scilan-bulk-send: %llu of %llu bytes from host 0 to host 15 in %.1f us, "
                "%.2f MB/s (%s receiver)\n",
                static_cast<unsigned long long>(received),
                static_cast<unsigned long long>(bytes),
                us,
                us > 0 ? received / us : 0.0,
                polling ? "polling" : "sleeping");
    Simulator::Destroy();
    return received == bytes ? 0 : 1;
}
