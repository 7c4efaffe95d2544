/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperExperiments: beyond the paper (64-host fat tree: adaptive routing, reassembly, DOR vs
// adaptive).

#include "hamlyn-paper-experiments.h"
#include "hamlyn-paper-rigs.h"
#include "hamlyn-paper-rows.h"

#include "ns3/config.h"
#include "ns3/hamlyn-cost-model.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-helper.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-send-terminus.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/host-pinned-region.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/rats-cost-table.h"
#include "ns3/rats-hardware-interface.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-simple-datagram.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/rats-ticket.h"
#include "ns3/rats-wire.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace ns3
{

std::vector<SanPaperRow>
HamlynPaperExperiments::BeyondPaper()
{
    HamlynPaperRows r;
    // Section 2.1: Hamlyn allows "out-of-order packet delivery, since this allows low-level
    // packet-routing optimizations, such as adaptive routing"; section 2.5 reassembles by
    // packet counting. Here: a 64-host 4-ary 3-tree (Myrinet links and switches, virtual
    // cut-through with room for four packets per input buffer), the 56 off-diagonal hosts of
    // an 8 x 8 arrangement each sending one 16 KB DMA message (32 packets of 512 bytes) to
    // their transpose partner, all at once. Transpose is the permutation that up-down routing's
    // destination-digit up ports handle worst (fabric-load: saturation 0.29 vs at least 0.91
    // adaptive), so adaptive routing spreads the packets of a message over top switches with
    // different queues, and some overtake their predecessors. Every message is reassembled
    // and its bytes checked; out-of-order arrivals are counted per (receiver, sender).
    // (Traffic converging on a few receivers is limited by their ejection links instead, and
    // stays in order under either routing.)
    const uint32_t n = 64;
    const uint32_t bytes = 16384;
    std::vector<std::pair<uint32_t, uint32_t>> shift;
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t dst = (i % 8) * 8 + i / 8; // transpose of an 8 x 8 arrangement
        if (dst != i)
        {
            shift.emplace_back(i, dst);
        }
    }
    for (bool adaptive : {true, false})
    {
        HamlynPaperRigs::Scenario::Spec ss;
        ss.hosts = n;
        ss.topology = "ns3::SanFatTreeTopology";
        ss.routing = adaptive ? "ns3::SanMinimalAdaptiveRouting" : "ns3::SanUpDownRouting";
        ss.paperCables = false;
        ss.cutThroughBuffers = true;
        const HamlynPaperRigs::FlowResult f = HamlynPaperRigs::ManyFlows(ss, shift, bytes);
        const std::string e =
            std::string("beyond-paper_fat_tree_64_") + (adaptive ? "minimal_adaptive" : "up_down");
        const std::string src =
            "Beyond the paper: 64-host fat tree, 56 x 16 KB DMA messages, transpose (" +
            std::string(adaptive ? "minimal adaptive" : "up*/down*") + " routing)";
        r.Add(e, "messages_sent", "messages", NAN, f.messages, src);
        r.Add(e, "messages_reassembled", "messages", NAN, f.reassembled, src + "; bytes checked");
        r.Add(e, "out_of_order_packets", "packets", NAN, double(f.outOfOrder), src);
        r.Add(e, "completion_us", "us", NAN, f.completionUs, src);
        r.Add(e, "aggregate_bw_MBps", HamlynPaperRows::MBPS, NAN, f.aggregateMBps, src);
    }
    // Static group receive as a barrier (section 2.5: "a single notification can be delivered
    // after a set of messages from a known list of senders has arrived (e.g., for a barrier)"):
    // 64 senders on a 256-host 4-ary 4-tree each send one simple datagram (12 bytes of
    // metadata, 4 data bytes) on a part of a seed split 63 times (Rats split_seed); host 0's
    // recv returns once, after all 64 have arrived.
    {
        Config::SetDefault("ns3::RatsHardwareInterface::PinnedBytes", UintegerValue(64 * 1024));
        HamlynPaperRigs::Scenario::Spec ss;
        ss.hosts = 256;
        ss.topology = "ns3::SanFatTreeTopology";
        ss.routing = "ns3::SanMinimalAdaptiveRouting";
        ss.paperCables = false;
        ss.rats = true;
        ss.fatTreeLevels = 4;
        HamlynPaperRigs::Scenario s(ss);
        Config::SetDefault("ns3::RatsHardwareInterface::PinnedBytes", UintegerValue(1 << 20));
        const uint32_t senders = 64;
        const uint32_t part = 64;
        Ptr<RatsSimpleDatagramServer> srv =
            RatsSimpleDatagramServer::Create(s.rats[0], senders * part);
        RatsTicket seed = srv->MakeSeed();
        std::vector<RatsTicket> parts;
        for (uint32_t j = 1; j < senders; ++j)
        {
            parts.push_back(RatsSimpleDatagramServer::SplitSeed(seed, part));
        }
        parts.push_back(seed);
        const Time start = MicroSeconds(10);
        for (uint32_t j = 0; j < senders; ++j)
        {
            const uint32_t host = 1 + 3 * j; // spread over the tree's sub-trees
            RatsBuffer b = s.Buffer(host, 4);
            Ptr<RatsInterfaceManager> m = s.rats[host];
            RatsTicket t = parts[j];
            Simulator::Schedule(start, [m, t, b]() {
                RatsSimpleDatagramClient::SendWithSeed(m, t, b.offset, 4);
            });
        }
        Time released;
        srv->Recv([&](RatsSimpleDatagramMessage) { released = Simulator::Now(); });
        Simulator::Run();
        const uint64_t notifications = srv->GetNArrivals();
        Simulator::Destroy();
        const std::string e = "beyond-paper_barrier_static_group_receive";
        const std::string src = "Beyond the paper: barrier over static group receive, 64 "
                                "senders, 256-host fat tree, minimal adaptive routing";
        r.Add(e, "barrier_senders", "senders", NAN, senders, src);
        r.Add(e, "barrier_notifications", "notifications", NAN, double(notifications), src);
        r.Add(e,
              "barrier_time_us",
              "us",
              NAN,
              SanMicroseconds(released - start),
              src + "; sends to recv");
    }
    // The paper's Rats benchmarks on an 8x8 mesh, corner to corner (host 0 to host 63),
    // under dimension-order and minimal adaptive routing; and a loaded case, a transpose of
    // 64 KB DMA messages (56 off-diagonal hosts at once).
    std::vector<std::pair<uint32_t, uint32_t>> transpose;
    for (uint32_t y = 0; y < 8; ++y)
    {
        for (uint32_t x = 0; x < 8; ++x)
        {
            if (x != y)
            {
                transpose.emplace_back(y * 8 + x, x * 8 + y);
            }
        }
    }
    for (bool adaptive : {false, true})
    {
        HamlynPaperRigs::Scenario::Spec ss;
        ss.hosts = 64;
        ss.topology = "ns3::SanMeshTopology";
        ss.routing = adaptive ? "ns3::SanMinimalAdaptiveRouting" : "ns3::SanDimensionOrderRouting";
        ss.paperCables = false;
        ss.rats = true;
        const std::string e = std::string("beyond-paper_mesh_8x8_") +
                              (adaptive ? "minimal_adaptive" : "dimension_order");
        const std::string src = std::string("Beyond the paper: 8x8 mesh, ") +
                                (adaptive ? "minimal adaptive" : "dimension-order") + " routing";
        r.Add(e,
              "tagged_write_16B_send_recv_us",
              "us",
              NAN,
              HamlynPaperRigs::TaggedWriteUs(ss, 0, 63),
              src + "; host 0 to host 63, idle");
        const uint32_t meta =
            RatsSimpleDatagramServer::FIXED_METADATA + RatsTicket::SERIALIZED_BYTES;
        const RoundTrip rt = HamlynPaperRigs::RoundTripBetween(ss, 0, 63, 512 - meta, 16, 16);
        r.Add(e,
              "datagram_512B_ack_rtt_us",
              "us",
              NAN,
              rt.toRecvUs,
              src + "; host 0 to host 63, idle");
        r.Add(e,
              "pingpong_512B_bw_MBps",
              HamlynPaperRows::MBPS,
              NAN,
              rt.wireBytes * double(rt.rounds) / rt.streamUs,
              src + "; host 0 to host 63, idle");
        ss.rats = false;
        const HamlynPaperRigs::FlowResult f = HamlynPaperRigs::ManyFlows(ss, transpose, 65536);
        r.Add(e,
              "transpose_64KB_completion_us",
              "us",
              NAN,
              f.completionUs,
              src + "; transpose, 56 x 64 KB DMA");
        r.Add(e,
              "transpose_64KB_aggregate_bw_MBps",
              HamlynPaperRows::MBPS,
              NAN,
              f.aggregateMBps,
              src + "; transpose, 56 x 64 KB DMA");
        r.Add(e,
              "transpose_out_of_order_packets",
              "packets",
              NAN,
              double(f.outOfOrder),
              src + "; transpose, 56 x 64 KB DMA");
        r.Add(e,
              "transpose_messages_reassembled",
              "messages",
              NAN,
              f.reassembled,
              src + "; transpose, 56 x 64 KB DMA; bytes checked");
    }
    return r.Get();
}

} // namespace ns3
