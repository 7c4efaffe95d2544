/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// hamlyn-rats: Hamlyn in use, through its Rats library. Sixteen HP 9000 J200 workstations
// (HpJ200HostPreset: the Hamlyn paper's hosts, and SanHostHelper's default) with Hamlyn NICs
// on a 4-ary 2-tree of Myrinet switches. The fabric's defaults are Myrinet's as the paper
// gives it (80 MB/s links, wormhole switches that route a head in 0.5 us, Hamlyn 1995 section
// 4.1 and Tables 3-4); the paper accounts the switch and nothing for the cables, so the links
// here have no propagation delay of their own, as in its reproduction (hamlyn-paper). The
// NICs keep their default cost preset, the LANai 3 firmware the paper measured
// (--stateMachine=true: the paper's projected hardware state machine instead).
//
// HamlynHelper::EnableRats gives each host one process with a RatsInterfaceManager. The
// program then uses two of the Rats protocols between --from and --to:
//
//  1. a tagged write (RatsTaggedWriteServer / RatsTaggedWriteClient) of --tagBytes bytes,
//     the receiver already waiting in get_tag: its latency is the write call to get_tag's
//     return (the paper's "application-to-application send + receive", section 4.2);
//  2. a stream (RatsStreamSender / RatsStreamReceiver) of --streamBytes bytes in writes of
//     --writeBytes bytes, each sent as-is (by DMA) into a ring of --slots message buffers at
//     the receiver, which reads each message in place, checks it, and releases it (a credit
//     back to the sender): its throughput is the first write call to the last read.
//
// Both check that the bytes landed; the program returns 1 if anything is missing or wrong.
//
//   build/examples/hamlyn-rats [--from=0] [--to=15] [--tagBytes=16] [--streamBytes=1048576]
//                              [--writeBytes=4096] [--slots=8] [--stateMachine=false]

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"

#include <algorithm>
#include <cstdio>
#include <functional>
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
        v[i] = static_cast<uint8_t>(seed * 29 + 13 * i + (i >> 8));
    }
    return v;
}

} // namespace

int
main(int argc, char* argv[])
{
    // Picoseconds before any Time exists: a Myrinet byte takes 12.5 ns.
    Time::SetResolution(Time::PS);
    uint32_t from = 0;
    uint32_t to = 15;
    uint32_t tagBytes = 16;
    uint32_t streamBytes = 1 << 20;
    uint32_t writeBytes = 4096;
    uint32_t slots = 8;
    bool stateMachine = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("from", "sending host (0-15)", from);
    cmd.AddValue("to", "receiving host (0-15)", to);
    cmd.AddValue("tagBytes", "bytes of the tagged write (4-256: one packet)", tagBytes);
    cmd.AddValue("streamBytes", "bytes to stream", streamBytes);
    cmd.AddValue("writeBytes", "bytes per stream write (256-65536)", writeBytes);
    cmd.AddValue("slots", "message buffers in the receiver's ring (1-64)", slots);
    cmd.AddValue("stateMachine",
                 "the projected state-machine NIC instead of LANai 3",
                 stateMachine);
    cmd.Parse(argc, argv);
    if (from > 15 || to > 15 || from == to)
    {
        std::fprintf(stderr, "hamlyn-rats: --from and --to must be two different hosts 0-15\n");
        return 1;
    }
    if (tagBytes < 4 || tagBytes > 256 || writeBytes < 256 || writeBytes > 65536 || slots == 0 ||
        slots > RatsStreamReceiver::MAX_SLOTS || streamBytes == 0 || streamBytes > (64u << 20))
    {
        std::fprintf(stderr,
                     "hamlyn-rats: need --tagBytes 4-256, --writeBytes 256-65536, --slots 1-64 "
                     "and --streamBytes 1-67108864\n");
        return 1;
    }
    // The ring and the sender's buffers come from each process's 1 MB pinned area
    // (RatsHardwareInterface "PinnedBytes").
    if (uint64_t(slots) * (writeBytes + 512) > 768 * 1024)
    {
        std::fprintf(stderr,
                     "hamlyn-rats: --slots x --writeBytes too large for the 1 MB pinned area\n");
        return 1;
    }

    NodeContainer hosts;
    hosts.Create(16);
    SanHostHelper hostHelper;
    hostHelper.SetPreset("ns3::HpJ200HostPreset");
    hostHelper.Install(hosts);

    SanFabricHelper fabric;
    fabric.SetTopology("ns3::SanFatTreeTopology", "K", UintegerValue(4), "N", UintegerValue(2));
    fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0))); // the paper's cables
    NetDeviceContainer endpoints = fabric.Install(hosts);

    HamlynHelper hamlyn;
    if (stateMachine)
    {
        hamlyn.SetCostModel("ns3::HamlynStateMachineCostModel");
    }
    hamlyn.EnableRats(true);
    hamlyn.Install(hosts, endpoints);
    HamlynHelper::AssignStreams(hosts, 1); // the protection keys
    Ptr<RatsInterfaceManager> writer = HamlynHelper::GetRats(hosts.Get(from));
    Ptr<RatsInterfaceManager> reader = HamlynHelper::GetRats(hosts.Get(to));

    // 1. A tagged write, the receiver already waiting in get_tag.
    const uint32_t tag = 7;
    const uint32_t destOffset = 64;
    Ptr<RatsTaggedWriteServer> server = RatsTaggedWriteServer::Create(reader, destOffset + 256);
    Ptr<RatsTaggedWriteClient> client = Create<RatsTaggedWriteClient>(writer, server->MakeSeed());
    const std::vector<uint8_t> tagData = Pattern(tagBytes, 1);
    RatsBuffer tagSource = writer->Malloc(tagBytes);
    writer->Write(tagSource.offset, tagData);

    // 2. A stream: the receiver's ring first, then the sender from its seed. Every write is
    // sent as-is (by DMA) from a Malloc'ed buffer, whose headroom takes the message's header
    // when the message is posted: a buffer must not carry a second message until the first
    // has been read out of it. The sender posts message k only once message k - slots has
    // been released, so "slots" buffers used in turn are enough; they are filled once.
    Ptr<RatsStreamReceiver> rx = RatsStreamReceiver::Create(reader, slots, writeBytes);
    Ptr<RatsStreamSender> tx = RatsStreamSender::Create(writer, rx->MakeSeed(), writeBytes);
    const uint32_t nBuffers = slots;
    std::vector<RatsBuffer> sources;
    std::vector<std::vector<uint8_t>> contents;
    for (uint32_t b = 0; b < nBuffers; ++b)
    {
        contents.push_back(Pattern(writeBytes, 10 + b));
        sources.push_back(writer->Malloc(writeBytes));
        writer->Write(sources.back().offset, contents.back());
    }
    // The stream's byte k is byte k % writeBytes of buffer (k / writeBytes) % nBuffers.
    auto expectedAt = [&](uint64_t k) {
        return contents[(k / writeBytes) % nBuffers][k % writeBytes];
    };

    Time tagCalled;
    Time tagReturned;
    RatsTaggedWriteServer::Tag gotTag;
    Time streamStart;
    Time streamEnd;
    uint64_t streamRead = 0;
    uint64_t streamWrong = 0;
    uint32_t refused = 0;
    std::function<void()> readLoop = [&]() {
        rx->ReadBytes([&](RatsStreamChunk c) {
            const std::vector<uint8_t> got = reader->Read(c.offset, c.length);
            for (uint32_t i = 0; i < c.length; ++i)
            {
                streamWrong += got[i] != expectedAt(streamRead + i);
            }
            streamRead += c.length;
            if (streamRead >= streamBytes)
            {
                streamEnd = Simulator::Now();
            }
            rx->Release(c, [&]() {
                if (streamRead < streamBytes)
                {
                    readLoop();
                }
            });
        });
    };
    auto startStream = [&]() {
        streamStart = Simulator::Now();
        for (uint64_t k = 0; k < streamBytes; k += writeBytes)
        {
            const uint32_t len =
                static_cast<uint32_t>(std::min<uint64_t>(writeBytes, streamBytes - k));
            Ptr<RatsSendHandle> h =
                tx->WriteBytes(sources[(k / writeBytes) % nBuffers].offset, len);
            refused += h->GetStatus() == RatsSendHandle::ERROR;
        }
        tx->Flush(); // polls for credits until every message is posted
        readLoop();
    };

    // The receiver waits in get_tag (a polling wait holds its CPU: it has nothing else to do);
    // the write is called at 10 us; the stream starts once the tag is in.
    server->GetTag([&](RatsTaggedWriteServer::Tag t) {
        tagReturned = Simulator::Now();
        gotTag = t;
        Simulator::ScheduleNow(startStream);
    });
    Simulator::Schedule(MicroSeconds(10), [&]() {
        tagCalled = Simulator::Now();
        client->Write(tagSource.offset, tagBytes, destOffset, tag);
    });
    Simulator::Stop(Seconds(10));
    Simulator::Run();

    const bool tagOk = !tagReturned.IsZero() && gotTag.tag == tag &&
                       reader->Read(server->GetBuffer().offset + destOffset, tagBytes) == tagData;
    const bool streamOk = streamRead == streamBytes && streamWrong == 0 && refused == 0;
    const double tagUs = (tagReturned - tagCalled).GetSeconds() * 1e6;
    const double streamUs = (streamEnd - streamStart).GetSeconds() * 1e6;
    std::printf("hamlyn-rats: tagged write of %u bytes from host %u to host %u: %.2f us, "
                "write call to get_tag's return (%s)\n",
                tagBytes,
                from,
                to,
                tagOk ? tagUs : 0.0,
                tagOk ? "data checked" : "FAILED");
    std::printf("hamlyn-rats: stream of %llu of %u bytes in %u-byte writes through %u slots: "
                "%.1f us, %.2f MB/s (%s)\n",
                static_cast<unsigned long long>(streamRead),
                streamBytes,
                writeBytes,
                slots,
                streamOk ? streamUs : 0.0,
                streamOk && streamUs > 0 ? streamRead / streamUs : 0.0,
                streamOk ? "data checked" : "FAILED");
    Simulator::Destroy();
    return tagOk && streamOk ? 0 : 1;
}
