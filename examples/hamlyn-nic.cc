/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * hamlyn-nic: Hamlyn 1995, Tables 3, 4 and 5 on a simulated Myrinet crossbar (fabric
 * defaults) with the LANai 3 cost preset. Each message is sent once from host 0 to host 1 and
 * the stages the device reports are printed beside the paper's rows, in 25 ns LANai cycles.
 * The totals are measured end to end, not summed from the rows.
 */

#include "ns3/core-module.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/network-module.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-fabric-helper.h"

#include <cstdio>
#include <map>
#include <string>

using namespace ns3;

namespace
{

/// What one message's run measured.
struct Measured
{
    std::map<std::string, Time> start; //!< first start of each stage
    std::map<std::string, Time> end;   //!< last end of each stage
    std::map<std::string, Time> last;  //!< duration of the last occurrence of each stage
    Time posted;                       //!< request posted
    Time delivered;                    //!< last payload in host memory
    Time notified;                     //!< notification entry written
};

double
Cycles(Time t)
{
    return t.GetSeconds() * 40e6;
}

Measured
SendOne(bool dma, uint32_t bytes, bool notifySent)
{
    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
    fabric.SetRouting("ns3::SanDimensionOrderRouting");
    NodeContainer hosts;
    hosts.Create(2);
    NetDeviceContainer eps = fabric.Install(hosts);
    std::vector<Ptr<HamlynNetDevice>> nics;
    std::vector<Ptr<HostMemory>> mem;
    for (uint32_t i = 0; i < 2; ++i)
    {
        mem.push_back(CreateObject<HostMemory>());
        Ptr<HamlynNetDevice> nic = CreateObject<HamlynNetDevice>();
        hosts.Get(i)->AddDevice(nic);
        nic->Setup(CreateObject<HostCpu>(),
                   CreateObject<HostBus>(),
                   mem[i],
                   DynamicCast<SanEndpointDevice>(eps.Get(i)));
        nics.push_back(nic);
    }
    Ptr<HamlynNetDevice> rx = nics[1];
    uint32_t app = rx->AddApplication(1);
    uint32_t area = rx->CreateMessageArea(bytes);
    rx->DefineSlot(1, app, area, 0, bytes, 0x1234);
    Ptr<HamlynSendTerminus> t = nics[0]->CreateTerminus();

    Measured m;
    for (auto& nic : nics)
    {
        nic->TraceConnectWithoutContext("Stage",
                                        Callback<void, const std::string&, Time, Time>(
                                            [&m](const std::string& stage, Time start, Time end) {
                                                if (m.start.count(stage) == 0)
                                                {
                                                    m.start[stage] = start;
                                                }
                                                m.end[stage] = end;
                                                m.last[stage] = end - start;
                                            }));
    }
    rx->TraceConnectWithoutContext(
        "PacketRx",
        Callback<void, const HamlynHeader&, uint32_t>(
            [&m](const HamlynHeader&, uint32_t) { m.delivered = Simulator::Now(); }));
    rx->TraceConnectWithoutContext("Notification",
                                   Callback<void, uint32_t, uint64_t>([&m](uint32_t, uint64_t) {
                                       m.notified = Simulator::Now();
                                   }));

    HamlynSendRequest r;
    r.dstNode = 1;
    r.slot = 1;
    r.key = 0x1234;
    r.notifyIndex = 0;
    r.notifySent = notifySent;
    if (dma)
    {
        t->AddMessageArea(0, Create<HamlynMessageArea>(mem[0], bytes, 4096));
        r.kind = HamlynSendRequest::DMA;
        r.length = bytes;
    }
    else
    {
        r.data.assign(bytes, 0x42);
    }
    m.posted = MicroSeconds(10);
    Simulator::Schedule(m.posted, [t, r]() { t->Post(r); });
    Simulator::Run();
    Simulator::Destroy();
    return m;
}

void
Row(const char* side, const char* row, double paper, double sim)
{
    std::printf("  %-9s %-34s %10.1f %10.1f %+7.2f%%\n",
                side,
                row,
                paper,
                sim,
                100.0 * (sim - paper) / paper);
}

void
PrintTitle(const char* title)
{
    std::printf("\n%s\n  %-9s %-34s %10s %10s %8s\n",
                title,
                "",
                "row (LANai cycles)",
                "paper",
                "simulated",
                "error");
}

} // namespace

int
main(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);

    std::printf("hamlyn-nic: Hamlyn 1995 (Buzzard et al.), LANai 3 on a Myrinet crossbar\n");

    Measured a = SendOne(false, 16, true);
    PrintTitle("Table 3: direct I/O of a small message (d = 16)");
    Row("sender", "send packet 81 + d/2", 89, Cycles(a.last["send.packet"]));
    Row("sender", "[notify host 102]", 102, Cycles(a.last["send.notify"]));
    Row("sender", "total", 89, Cycles(a.end["send.packet"] - a.posted));
    Row("switch",
        "switch (+ 2 x 10 ns link delay)",
        20,
        Cycles(a.start["recv.link"] - a.end["send.packet"]));
    Row("receiver", "link to interface 71 + d/4", 75, Cycles(a.last["recv.link"]));
    Row("receiver", "interface to host 14d/16", 14, Cycles(a.last["recv.host"]));
    Row("receiver", "[notify host 89]", 89, Cycles(a.last["recv.notify"]));
    Row("receiver", "total (no recv notify)", 89, Cycles(a.delivered - a.start["recv.link"]));
    Row("receiver", "total (with recv notify)", 178, Cycles(a.notified - a.start["recv.link"]));
    Row("all", "total (no recv notify)", 198, Cycles(a.delivered - a.posted));
    Row("all", "total (with recv notify)", 287, Cycles(a.notified - a.posted));
    std::printf("  all: %.2f us (paper 4.96) / %.2f us with notify (paper 7.18)\n",
                (a.delivered - a.posted).GetSeconds() * 1e6,
                (a.notified - a.posted).GetSeconds() * 1e6);

    Measured b = SendOne(true, 512, false);
    PrintTitle("Table 4: DMA of a large packet (d = 512)");
    Row("sender", "start data to card 106", 106, Cycles(b.last["send.start"]));
    Row("sender", "load payload 18d/32", 288, Cycles(b.last["send.load"]));
    Row("sender", "send packet 21 + d/2", 277, Cycles(b.last["send.packet"]));
    Row("sender", "512-byte total", 671, Cycles(b.end["send.packet"] - b.posted));
    Row("switch",
        "switch (+ 2 x 10 ns link delay)",
        20,
        Cycles(b.start["recv.link"] - b.end["send.packet"]));
    Row("receiver", "link to interface 71 + min(71, d/4)", 142, Cycles(b.last["recv.link"]));
    Row("receiver", "interface to host 59 + 18d/32", 347, Cycles(b.last["recv.host"]));
    Row("receiver", "notify host 89", 89, Cycles(b.last["recv.notify"]));
    Row("receiver", "512-byte total", 578, Cycles(b.notified - b.start["recv.link"]));
    Row("all", "512-byte total", 1269, Cycles(b.notified - b.posted));
    std::printf("  all: %.2f us (paper 31.73)\n", (b.notified - b.posted).GetSeconds() * 1e6);

    Measured c = SendOne(true, 1 << 20, false);
    PrintTitle("Table 5: DMA of a 1 MB message in 512-byte packets (N = 2048)");
    Row("sender", "start data to card 106", 106, Cycles(c.last["send.start"]));
    Row("sender", "load payload (per packet) 18d/32", 288, Cycles(c.last["send.load"]));
    Row("sender", "last send packet 21 + d/2", 277, Cycles(c.last["send.packet"]));
    Row("sender", "1MB/512-byte total", 589900, Cycles(c.end["send.packet"] - c.posted));
    Row("receiver", "link to interface (last) 2x71", 142, Cycles(c.last["recv.link"]));
    Row("receiver", "notify host 89", 89, Cycles(c.last["recv.notify"]));
    Row("all", "1MB/512-byte total", 590100, Cycles(c.notified - c.posted));
    std::printf("  all: %.3f ms (paper 14.75)\n", (c.notified - c.posted).GetSeconds() * 1e3);
    return 0;
}
