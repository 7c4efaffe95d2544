/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// shrimp-vmmc-nx: SHRIMP in use, through VMMC and through the NX message-passing library
// built on it. Sixteen 60 MHz Pentium DEC 560ST PCs (Dec560stHostPreset: the SHRIMP paper's
// nodes, whose memory system VMMC's processes need) with SHRIMP interfaces, on a 4-ary 2-tree
// of wormhole switches. Links and switches are those of the paper's Paragon routing backplane,
// as its reproduction (shrimp-paper) builds them: 175 MB/s links (1400 Mbit/s, an assumed
// figure from Intel's Paragon overview), routers that take 40 ns per head (assumed: a "wider,
// faster" Caltech MRC, Felten et al. 1996 section 3.1) and no propagation delay of the
// cables. The paper's backplane routes obliviously, so each sender's packets arrive in order,
// which VMMC relies on: up*/down* routes on the fat tree keep that order too.
//
// ShrimpHelper puts a SHRIMP daemon on every host; each process gets its VMMC endpoint from
// VmmcDaemon::Of(node)->CreateEndpoint(). Then, between --from and --to:
//
//  1. VMMC: the receiver exports a buffer, the sender imports it and sends --vmmcBytes bytes
//     into it by deliberate update (the interface's DMA from the sender's memory); the
//     receiving process polls the last word, which the data's last packet writes last. The
//     one-way latency is the send call to the receiver's poll returning; a first transfer
//     warms the path and is not counted.
//  2. NX: two processes of an NX program (NxGroup, one on each host) ping-pong --nxBytes-byte
//     messages (csend, then crecv of the answer) for --rounds rounds after two warm-up rounds;
//     the one-way time is half the mean round trip, and the bandwidth the message size over
//     it, as in the paper's Figure 4. --variant chooses how the one-copy protocol moves
//     messages up to 2032 bytes (AU: automatic update; DU-1copy, DU-2copy: deliberate
//     update); larger ones go by the zero-copy protocol.
//
// Both check that the bytes landed; the program returns 1 if anything is missing or wrong.
//
//   build/examples/shrimp-vmmc-nx [--from=0] [--to=15] [--vmmcBytes=64] [--nxBytes=1024]
//                                 [--rounds=20] [--variant=AU]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \param n bytes \param seed first value \return a recognisable pattern
std::vector<uint8_t>
Pattern(uint32_t n, uint32_t seed)
{
    std::vector<uint8_t> v(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        v[i] = static_cast<uint8_t>(seed * 31 + 7 * i + (i >> 8) + 1);
    }
    return v;
}

/// \param ep a process \param addr first byte \param n bytes \return them
std::vector<uint8_t>
ReadBytes(Ptr<VmmcEndpoint> ep, uint64_t addr, uint32_t n)
{
    std::vector<uint8_t> v(n);
    ep->GetMemory()->Read(addr, v.data(), n);
    return v;
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t from = 0;
    uint32_t to = 15;
    uint32_t vmmcBytes = 64;
    uint32_t nxBytes = 1024;
    uint32_t rounds = 20;
    std::string variant = "AU";
    CommandLine cmd(__FILE__);
    cmd.AddValue("from", "sending host (0-15)", from);
    cmd.AddValue("to", "receiving host (0-15)", to);
    cmd.AddValue("vmmcBytes", "bytes of the deliberate update (4-65536, whole words)", vmmcBytes);
    cmd.AddValue("nxBytes", "bytes of each NX message (1-1048576)", nxBytes);
    cmd.AddValue("rounds", "NX round trips measured (1-10000)", rounds);
    cmd.AddValue("variant", "NX one-copy protocol: AU, DU-1copy or DU-2copy", variant);
    cmd.Parse(argc, argv);
    if (from > 15 || to > 15 || from == to)
    {
        std::fprintf(stderr, "shrimp-vmmc-nx: --from and --to must be two different hosts 0-15\n");
        return 1;
    }
    if (vmmcBytes < 4 || vmmcBytes > 65536 || vmmcBytes % 4 != 0 || nxBytes == 0 ||
        nxBytes > (1u << 20) || rounds == 0 || rounds > 10000)
    {
        std::fprintf(stderr,
                     "shrimp-vmmc-nx: need --vmmcBytes 4-65536 (a multiple of 4), --nxBytes "
                     "1-1048576 and --rounds 1-10000\n");
        return 1;
    }
    NxProcess::Variant nxVariant;
    if (variant == "AU")
    {
        nxVariant = NxProcess::AU;
    }
    else if (variant == "DU-1copy")
    {
        nxVariant = NxProcess::DU_1COPY;
    }
    else if (variant == "DU-2copy")
    {
        nxVariant = NxProcess::DU_2COPY;
    }
    else
    {
        std::fprintf(stderr,
                     "shrimp-vmmc-nx: --variant must be AU, DU-1copy or DU-2copy, not '%s'\n",
                     variant.c_str());
        return 1;
    }

    NodeContainer hosts;
    hosts.Create(16);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::Dec560stHostPreset");
    hostHelper.Install(hosts);

    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
    fabric.SetRouting("ns3::SanUpDownRouting");
    fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("1400Mbps")));
    fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    fabric.SetSwitchAttribute("RoutingDelay", TimeValue(NanoSeconds(40)));
    NetDeviceContainer endpoints = fabric.Install(hosts);

    ShrimpHelper shrimp;
    shrimp.Install(hosts, endpoints);

    // ---- 1. VMMC: export, import, deliberate update -----------------------------------------
    Ptr<VmmcEndpoint> a = VmmcDaemon::Of(hosts.Get(from))->CreateEndpoint();
    Ptr<VmmcEndpoint> b = VmmcDaemon::Of(hosts.Get(to))->CreateEndpoint();
    const uint32_t page = a->GetPageBytes();
    const uint32_t pages = (vmmcBytes + page - 1) / page;
    const uint64_t recv = b->Allocate(pages * page); // page-aligned, whole pages: exportable
    const uint64_t src = a->Allocate(vmmcBytes);
    // Two messages: the warm-up and the measured one. The last word is the receiver's flag:
    // the message's number, never 0 (the buffer's initial contents).
    std::vector<std::vector<uint8_t>> message;
    for (uint32_t m = 1; m <= 2; ++m)
    {
        message.push_back(Pattern(vmmcBytes, m));
        for (uint32_t k = 0; k < 4; ++k)
        {
            message.back()[vmmcBytes - 4 + k] = k == 0 ? static_cast<uint8_t>(m) : 0;
        }
    }
    const uint64_t flag = recv + vmmcBytes - 4;
    int32_t handle = -1;
    Time duCalled;
    Time duSeen;
    bool duAccepted = true;
    bool duLanded = false;

    // ---- 2. NX: a two-process program, started once the VMMC part is over --------------------
    Ptr<NxGroup> group = CreateObject<NxGroup>();
    group->SetProcessAttribute("Variant", EnumValue(nxVariant));
    group->Create({VmmcDaemon::Of(hosts.Get(from))->CreateEndpoint(),
                   VmmcDaemon::Of(hosts.Get(to))->CreateEndpoint()});
    Ptr<NxProcess> p0 = group->Get(0);
    Ptr<NxProcess> p1 = group->Get(1);
    const uint32_t room = std::max<uint32_t>(nxBytes, 4);
    const uint64_t send0 = p0->GetEndpoint()->Allocate(room);
    const uint64_t recv0 = p0->GetEndpoint()->Allocate(room);
    const uint64_t send1 = p1->GetEndpoint()->Allocate(room);
    const uint64_t recv1 = p1->GetEndpoint()->Allocate(room);
    const std::vector<uint8_t> ping = Pattern(nxBytes, 3);
    const std::vector<uint8_t> pong = Pattern(nxBytes, 4);
    p0->GetEndpoint()->GetMemory()->Write(send0, ping.data(), nxBytes);
    p1->GetEndpoint()->GetMemory()->Write(send1, pong.data(), nxBytes);
    const uint32_t warmup = 2;
    const uint32_t tag = 1;
    uint32_t round = 0;
    uint32_t badReceives = 0;
    Time nxStart;
    Time nxEnd;
    auto check = [&](uint32_t bytes, uint32_t source, uint32_t t, uint32_t wantSource) {
        badReceives += bytes != nxBytes || source != wantSource || t != tag;
    };
    // Rank 1 answers every message; rank 0 sends, then receives the answer (a process waiting
    // in crecv spins, holding its processor: it must have sent first).
    std::function<void()> answer = [&]() {
        p1->Receive(0,
                    tag,
                    recv1,
                    room,
                    NxProcess::ReceiveCallback([&](uint32_t bytes, uint32_t source, uint32_t t) {
                        check(bytes, source, t, 0);
                        p1->Send(0, tag, send1, nxBytes, Callback<void>());
                        answer();
                    }));
    };
    std::function<void()> nextRound = [&]() {
        if (round == warmup)
        {
            nxStart = Simulator::Now();
        }
        if (round == warmup + rounds)
        {
            nxEnd = Simulator::Now();
            return;
        }
        ++round;
        p0->Send(1, tag, send0, nxBytes, Callback<void>());
        p0->Receive(1,
                    tag,
                    recv0,
                    room,
                    NxProcess::ReceiveCallback([&](uint32_t bytes, uint32_t source, uint32_t t) {
                        check(bytes, source, t, 1);
                        nextRound();
                    }));
    };
    auto startNx = [&]() {
        group->Initialize(Callback<void>([&]() {
            answer();
            nextRound();
        }));
    };

    // Deliberate update m (1 or 2): the receiver polls its flag word, the sender sends (on
    // another host, so the spinning receiver does not hold up the send).
    std::function<void(uint32_t)> transfer = [&](uint32_t m) {
        a->GetMemory()->Write(src, message[m - 1].data(), vmmcBytes); // the process's data
        b->Poll(flag,
                4,
                Callback<bool>([&, m]() { return b->ReadWord(flag) == m; }),
                Callback<void>([&, m]() {
                    if (m == 1)
                    {
                        transfer(2);
                        return;
                    }
                    duSeen = Simulator::Now();
                    duLanded = ReadBytes(b, recv, vmmcBytes) == message[1];
                    Simulator::ScheduleNow(startNx);
                }));
        duCalled = Simulator::Now();
        a->SendDeliberate(handle, 0, src, vmmcBytes, false, Callback<void, bool>([&](bool ok) {
                              duAccepted = duAccepted && ok;
                          }));
    };
    // Set-up through the daemons: the receiver exports (any host may import), the sender
    // imports with the export id (which a real program passes out of band).
    b->Export(recv, pages * page, {}, VmmcEndpoint::ExportCallback([&](uint32_t id) {
                  a->Import(b->GetHostNumber(), id, VmmcEndpoint::ImportCallback([&](int32_t h) {
                                handle = h;
                                if (h >= 0)
                                {
                                    transfer(1);
                                }
                            }));
              }));
    Simulator::Stop(Seconds(100));
    Simulator::Run();

    const bool vmmcOk = handle >= 0 && duAccepted && duLanded;
    const bool nxOk = round == warmup + rounds && !nxEnd.IsZero() && badReceives == 0 &&
                      ReadBytes(p1->GetEndpoint(), recv1, nxBytes) == ping &&
                      ReadBytes(p0->GetEndpoint(), recv0, nxBytes) == pong;
    const double duUs = (duSeen - duCalled).GetSeconds() * 1e6;
    const double nxUs = (nxEnd - nxStart).GetSeconds() * 1e6 / (2.0 * rounds);
    std::printf("shrimp-vmmc-nx: VMMC deliberate update of %u bytes from host %u to host %u: "
                "%.2f us, send call to the receiver's poll seeing it (%s)\n",
                vmmcBytes,
                from,
                to,
                vmmcOk ? duUs : 0.0,
                vmmcOk ? "data checked" : "FAILED");
    std::printf("shrimp-vmmc-nx: NX %s ping-pong of %u-byte messages between host %u and host "
                "%u: %.2f us one way, %.2f MB/s (%u rounds, %s)\n",
                variant.c_str(),
                nxBytes,
                from,
                to,
                nxOk ? nxUs : 0.0,
                nxOk && nxUs > 0 ? nxBytes / nxUs : 0.0,
                rounds,
                nxOk ? "data checked" : "FAILED");
    Simulator::Destroy();
    return vmmcOk && nxOk ? 0 : 1;
}
