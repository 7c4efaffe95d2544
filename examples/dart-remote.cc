/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// dart-remote: DART in use. Sixteen hosts with DART interfaces on a 4-ary 2-tree of ATM
// switches: the fabric in Cell mode (53-byte cells carrying 48 bytes, DART 1994 Figure 3),
// routed up*/down* so that a virtual circuit's cells stay in order, as ATM requires. The
// hosts, links and switches are those of the DART paper's measured system, as its
// reproduction (dart-paper) builds them: DECstation 5000/240s (Decstation5000HostPreset) with
// the in-kernel software DART (DartSoftwareCostModel) on Fore TCA-100 cards, whose 140 Mbit/s
// TAXI links the fabric's links run at, and switches that hold a cell for 1 us after storing
// it (an assumed figure for the paper's Fore ASX-100). The switches buffer 64 cells per port
// and virtual channel (the fabric's default holds one), and the links have no propagation
// delay (the machines sat side by side). --hardware=true builds the paper's projection
// instead: hardware DART on a PCI workstation (PciWorkstationHostPreset,
// DartHardwareCostModel) with 155 Mbit/s OC-3 links and 0.5 us switches.
//
// Each host opens one 64 KB endpoint, whose translations the kernel loads into the card's TLB
// at set-up. Then:
//
//  1. a remote write: --writeBytes bytes from host --from's endpoint into host --to's, a WRITE
//     (WRITE_MULTIPLE above 32 bytes) with the destination offset as its operand; the
//     receiving process polls its memory (DartContext::WaitForDeposit). Latency: the send call
//     to the receiver seeing the data.
//  2. fetch-and-add (DartCompound::FetchAndAdd: one READ message whose register operation
//     adds to a counter and whose reply carries the old value): hosts 1 to --clients each add
//     their own host number --ops times, one request at a time, to a register of host 0's
//     card. The final counter must be the sum; the mean latency is the call to the old value's
//     arrival. Host 0's own processor is not needed by the hardware DART (its interrupts are
//     printed); the software DART runs in host 0's kernel.
//
// Both check that the data landed; the program returns 1 if anything is missing or wrong.
//
//   build/examples/dart-remote [--from=0] [--to=15] [--writeBytes=32] [--clients=15] [--ops=10]
//                              [--hardware=false]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    uint32_t from = 0;
    uint32_t to = 15;
    uint32_t writeBytes = 32;
    uint32_t clients = 15;
    uint32_t ops = 10;
    bool hardware = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("from", "host that writes (0-15)", from);
    cmd.AddValue("to", "host written to (0-15)", to);
    cmd.AddValue("writeBytes",
                 "bytes of the remote write (whole words, 4 up to the card's largest message)",
                 writeBytes);
    cmd.AddValue("clients", "hosts 1..clients do fetch-and-add on host 0 (1-15)", clients);
    cmd.AddValue("ops", "fetch-and-adds per client (1-10000)", ops);
    cmd.AddValue("hardware", "the projected hardware DART instead of the software one", hardware);
    cmd.Parse(argc, argv);
    if (from > 15 || to > 15 || from == to)
    {
        std::fprintf(stderr, "dart-remote: --from and --to must be two different hosts 0-15\n");
        return 1;
    }
    if (writeBytes < 4 || writeBytes % 4 != 0 || clients == 0 || clients > 15 || ops == 0 ||
        ops > 10000)
    {
        std::fprintf(stderr,
                     "dart-remote: need --writeBytes >= 4 (a multiple of 4), --clients 1-15 and "
                     "--ops 1-10000\n");
        return 1;
    }

    NodeContainer hosts;
    hosts.Create(16);
    SanHostHelper hostHelper;
    hostHelper.SetPreset(hardware ? "ns3::PciWorkstationHostPreset"
                                  : "ns3::Decstation5000HostPreset");
    hostHelper.Install(hosts);

    DartHelper dart;
    dart.SetCostModel(hardware ? "ns3::DartHardwareCostModel" : "ns3::DartSoftwareCostModel");

    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
    fabric.SetRouting("ns3::SanUpDownRouting");
    // ATM cells, the links at the card's rate (the cost preset's LinkRate).
    dart.ConfigureFabric(fabric);
    fabric.SetFabricAttribute("BufferSize", UintegerValue(64 * 53));
    fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    fabric.SetSwitchAttribute("RoutingDelay",
                              TimeValue(hardware ? NanoSeconds(500) : MicroSeconds(1)));
    NetDeviceContainer endpoints = fabric.Install(hosts);

    dart.Install(hosts, endpoints);
    const uint32_t endpointBytes = 65536;
    std::vector<Ptr<DartContext>> ctx;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<DartNetDevice> nic = DartHelper::GetDevice(hosts.Get(i));
        ctx.push_back(nic->OpenEndpoint(endpointBytes));
        nic->LoadTlbEntries(ctx.back()->GetEndpoint(), 0, endpointBytes);
    }

    // A multi-cell message is limited by AAL5 and the fabric (4056 bytes here).
    const uint32_t largest = DartHelper::GetDevice(hosts.Get(from))->GetMaxMessageBytes();
    if (writeBytes > largest)
    {
        std::fprintf(stderr,
                     "dart-remote: --writeBytes %u exceeds the card's largest message, %u bytes\n",
                     writeBytes,
                     largest);
        Simulator::Destroy();
        return 1;
    }

    // 1. The remote write: a connection between the two hosts (registers 0-15 on each side).
    auto writeVcis = DartHelper::Connect(ctx[from], ctx[to], DartWindow{0, 16}, DartWindow{0, 16});
    const uint32_t source = 0;
    const uint32_t landing = 32768;
    std::vector<uint8_t> data(writeBytes);
    for (uint32_t i = 0; i < writeBytes; ++i)
    {
        data[i] = static_cast<uint8_t>(7 + 13 * i + (i >> 8));
    }
    ctx[from]->Write(source, data.data(), writeBytes);
    DartControl write;
    write.opcode = writeBytes > 32 ? DartOpcode::WRITE_MULTIPLE : DartOpcode::WRITE;
    write.operand = landing;
    if (writeBytes < 32)
    {
        write.mask = static_cast<uint8_t>((1u << (writeBytes / 4)) - 1); // the words it carries
    }

    // 2. Fetch-and-add: the counter is register 207 of host 0's card; client i's window at
    // host 0 is [200 + i % 8, 208 + i % 8), so the windows overlap on the counter, each naming
    // it by another index.
    const uint32_t server = 0;
    const uint32_t counter = 207;
    ctx[server]->SetRegister(counter, 0); // a store into the card's register file
    std::vector<uint16_t> vcis(16, 0);
    std::vector<uint8_t> index(16, 0);
    uint64_t expected = 0;
    for (uint32_t i = 1; i <= clients; ++i)
    {
        const uint32_t base = 200 + i % 8;
        vcis[i] =
            DartHelper::Connect(ctx[i], ctx[server], DartWindow{0, 0}, DartWindow{base, 8}).first;
        index[i] = static_cast<uint8_t>(counter - base);
        expected += uint64_t(i) * ops;
    }
    const uint32_t replyBlock = 1024; // a 32-byte block of each client's endpoint

    Time writeCalled;
    Time writeSeen;
    Time faaStart;
    Time faaEnd;
    Time faaLatency;
    uint64_t replies = 0;
    uint64_t interruptsBefore = 0;
    Ptr<HostCpu> serverCpu = SanHost::Of(hosts.Get(server))->GetCpu();
    std::vector<std::function<void(uint32_t)>> loop(16);
    for (uint32_t i = 1; i <= clients; ++i)
    {
        loop[i] = [&, i](uint32_t r) {
            if (r == ops)
            {
                return;
            }
            const Time t0 = Simulator::Now();
            // A reply's tag: anything but DartCompound::BLOCK (32), which is reserved.
            const uint32_t tag = (i << 16) + r + 1;
            DartCompound::FetchAndAdd(ctx[i],
                                      vcis[i],
                                      index[i],
                                      i,
                                      replyBlock,
                                      tag,
                                      DartCompound::FetchCallback([&, i, r, t0](uint32_t) {
                                          ++replies;
                                          faaLatency += Simulator::Now() - t0;
                                          faaEnd = Simulator::Now();
                                          loop[i](r + 1);
                                      }));
        };
    }
    auto startFetchAndAdd = [&]() {
        faaStart = Simulator::Now();
        interruptsBefore = serverCpu->GetInterrupts();
        for (uint32_t i = 1; i <= clients; ++i)
        {
            loop[i](0);
        }
    };

    // The receiver polls for the write (on its own host); the write is sent at 10 us; the
    // fetch-and-adds start 10 us after it has been seen.
    ctx[to]->WaitForDeposit(landing, writeBytes, Callback<void>([&]() {
                                writeSeen = Simulator::Now();
                                Simulator::Schedule(MicroSeconds(10), startFetchAndAdd);
                            }));
    Simulator::Schedule(MicroSeconds(10), [&]() {
        writeCalled = Simulator::Now();
        ctx[from]->Send(writeVcis.first, write, source, writeBytes);
    });
    Simulator::Stop(Seconds(10));
    Simulator::Run();

    std::vector<uint8_t> landed(writeBytes);
    ctx[to]->Read(landing, landed.data(), writeBytes);
    const bool writeOk = !writeSeen.IsZero() && landed == data;
    const uint32_t value = ctx[server]->GetRegister(counter);
    const bool faaOk = replies == uint64_t(clients) * ops && value == expected;
    const double writeUs = (writeSeen - writeCalled).GetSeconds() * 1e6;
    const double meanUs = replies > 0 ? faaLatency.GetSeconds() * 1e6 / replies : 0.0;
    const double totalUs = (faaEnd - faaStart).GetSeconds() * 1e6;
    std::printf("dart-remote: remote write of %u bytes from host %u to host %u: %.2f us, send "
                "call to the receiver seeing it (%s DART, %s)\n",
                writeBytes,
                from,
                to,
                writeOk ? writeUs : 0.0,
                hardware ? "hardware" : "software",
                writeOk ? "data checked" : "FAILED");
    std::printf("dart-remote: fetch-and-add by %u hosts x %u on host %u's counter: final value "
                "%u (expected %llu), mean %.2f us per operation, %llu operations in %.1f us, "
                "%llu interrupts at host %u (%s)\n",
                clients,
                ops,
                server,
                value,
                static_cast<unsigned long long>(expected),
                meanUs,
                static_cast<unsigned long long>(replies),
                totalUs,
                static_cast<unsigned long long>(serverCpu->GetInterrupts() - interruptsBefore),
                server,
                faaOk ? "checked" : "FAILED");
    Simulator::Destroy();
    return writeOk && faaOk ? 0 : 1;
}
