/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-beyond-paper.h"

#include "san-results-writer.h"
#include "scilan-paper-experiments.h"

#include "ns3/inet-socket-address.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/scilan-helper.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <memory>
#include <numeric>

namespace ns3
{

namespace
{

/// One connection of an all-to-all run, or one connecting client.
struct Flow
{
    Ptr<Socket> tx;    //!< sending socket
    uint64_t total{0}; //!< bytes to send
    uint64_t sent{0};  //!< bytes handed over
    uint32_t piece{0}; //!< bytes per send()
    Time connected;    //!< when connect() succeeded

    /// Send what fits.
    void Fill(Ptr<Socket>, uint32_t)
    {
        while (sent < total)
        {
            const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(piece, total - sent));
            if (tx->Send(Create<Packet>(n)) < 0)
            {
                return;
            }
            sent += n;
        }
    }
};

/// The receiving side of a run: every accepted socket is drained.
struct Sink
{
    uint64_t received{0};          //!< bytes
    Time last;                     //!< when the last byte came
    std::vector<Ptr<Socket>> keep; //!< sockets

    /// Drain.
    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            received += p->GetSize();
            last = Simulator::Now();
        }
    }

    /// Accept.
    void Accepted(Ptr<Socket> s, const Address&)
    {
        keep.push_back(s);
        s->SetRecvCallback(MakeCallback(&Sink::Read, this));
    }

    /// \param node a host \param port port \return its listening socket
    Ptr<Socket> Listen(Ptr<Node> node, uint16_t port)
    {
        Ptr<Socket> l = Socket::CreateSocket(node, ScilanSocketFactory::GetTypeId());
        l->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        l->Listen();
        l->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                             MakeCallback(&Sink::Accepted, this));
        keep.push_back(l);
        return l;
    }
};

} // namespace

double
ScilanBeyondPaper::AllToAllMBps(uint32_t nodes,
                                bool ring,
                                uint32_t bytes,
                                double& interruptsPerSecond)
{
    ScilanPaperExperiments::Config c;
    c.hosts = nodes;
    c.ring = ring;
    c.ringBytes = 16384; // many sockets per host: smaller rings
    auto s = ScilanPaperExperiments::BuildCluster(c);
    Sink sink;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        sink.Listen(s->GetHosts().Get(i), 9000);
    }
    std::vector<std::unique_ptr<Flow>> flows;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        for (uint32_t j = 0; j < nodes; ++j)
        {
            if (i == j)
            {
                continue;
            }
            auto f = std::make_unique<Flow>();
            f->total = bytes;
            f->piece = 4096;
            f->tx = Socket::CreateSocket(s->GetHosts().Get(i), ScilanSocketFactory::GetTypeId());
            Flow* fp = f.get();
            f->tx->SetConnectCallback(MakeSanCallback<void, Ptr<Socket>>([fp](Ptr<Socket>) {
                                          fp->tx->SetSendCallback(MakeCallback(&Flow::Fill, fp));
                                          fp->Fill(fp->tx, 0);
                                      }),
                                      MakeNullCallback<void, Ptr<Socket>>());
            f->tx->Connect(InetSocketAddress(ScilanHelper::GetAddress(s->GetHosts().Get(j)), 9000));
            flows.push_back(std::move(f));
        }
    }
    Simulator::Stop(Seconds(30));
    Simulator::Run();
    uint64_t interrupts = 0;
    for (uint32_t i = 0; i < nodes; ++i)
    {
        interrupts += s->nics[i]->GetFlagInterrupts();
    }
    const double seconds = sink.last.GetSeconds();
    interruptsPerSecond = seconds > 0 ? interrupts / double(nodes) / seconds : 0;
    const double expected = double(bytes) * nodes * (nodes - 1);
    const double mbps = sink.received == expected ? sink.received / seconds / 1e6 : std::nan("");
    for (auto& f : flows)
    {
        f->tx = nullptr;
    }
    Simulator::Destroy();
    return mbps;
}

std::vector<uint32_t>
ScilanBeyondPaper::AllToAllSizes()
{
    std::vector<uint32_t> sizes;
    const uint32_t largest = SanResultsWriter::IsQuick() ? 16 : 64;
    for (uint32_t n = 4; n <= largest; n *= 2)
    {
        sizes.push_back(n);
    }
    return sizes;
}

std::vector<SanPaperRow>
ScilanBeyondPaper::Rows()
{
    std::vector<SanPaperRow> rows;
    // An SCI ringlet against one SCI switch, all-to-all.
    for (uint32_t n : AllToAllSizes())
    {
        for (bool ring : {true, false})
        {
            const std::vector<SanPaperRow> r = AllToAllRows(n, ring);
            rows.insert(rows.end(), r.begin(), r.end());
        }
    }
    for (const auto& more : {InterruptRows(), Listen64Rows()})
    {
        rows.insert(rows.end(), more.begin(), more.end());
    }
    return rows;
}

std::vector<SanPaperRow>
ScilanBeyondPaper::AllToAllRows(uint32_t nodes, bool ring)
{
    std::vector<SanPaperRow> rows;
    const std::vector<uint32_t> sizes = AllToAllSizes();
    if (std::find(sizes.begin(), sizes.end(), nodes) == sizes.end())
    {
        return rows;
    }
    const uint32_t n = nodes;
    double irq = 0;
    const uint32_t bytes = n <= 16 ? 32768 : 8192;
    const double mbps = AllToAllMBps(n, ring, bytes, irq);
    const std::string topo = ring ? "ring" : "switch";
    rows.push_back(SanPaperRow::Unpapered("beyond_ring_vs_switch",
                                          "alltoall_" + topo + "_" + std::to_string(n) + "_MBps",
                                          "MB/s (10^6)",
                                          mbps,
                                          "every node sends " + std::to_string(bytes / 1024) +
                                              " KB to every other over SCILAN, all at once; "
                                              "aggregate"));
    rows.push_back(
        SanPaperRow::Unpapered("beyond_ring_vs_switch",
                               "alltoall_" + topo + "_" + std::to_string(n) + "_interrupts_per_s",
                               "1/s per node",
                               irq,
                               "flag interrupts per node per second in that run"));
    return rows;
}

std::vector<SanPaperRow>
ScilanBeyondPaper::InterruptRows()
{
    std::vector<SanPaperRow> rows;
    // Interrupts at the receiver: SCILAN's flags against one interrupt per packet, for the
    // same stream (1500-byte send() calls, receivers sleep rather than poll).
    {
        ScilanPaperExperiments::Config c;
        auto s = ScilanPaperExperiments::BuildCluster(c);
        Sink sink;
        sink.Listen(s->GetHosts().Get(1), 9100);
        Flow f;
        f.total = 4 << 20;
        f.piece = 1500;
        f.tx = Socket::CreateSocket(s->GetHosts().Get(0), ScilanSocketFactory::GetTypeId());
        f.tx->SetConnectCallback(MakeSanCallback<void, Ptr<Socket>>([&f](Ptr<Socket>) {
                                     f.tx->SetSendCallback(MakeCallback(&Flow::Fill, &f));
                                     f.Fill(f.tx, 0);
                                 }),
                                 MakeNullCallback<void, Ptr<Socket>>());
        f.tx->Connect(InetSocketAddress(ScilanHelper::GetAddress(s->GetHosts().Get(1)), 9100));
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        const double seconds = sink.last.GetSeconds();
        // A per-packet design interrupts for every packet published (every stimulus).
        const double packets = s->nics[1]->GetStimuli() / seconds;
        const double flags = s->nics[1]->GetFlagInterrupts() / seconds;
        rows.push_back(SanPaperRow::Unpapered("beyond_interrupts",
                                              "stream_1500B_MBps",
                                              "MB/s (10^6)",
                                              sink.received / seconds / 1e6,
                                              "the stream the counts below come from"));
        rows.push_back(SanPaperRow::Unpapered("beyond_interrupts",
                                              "per_packet_design_interrupts_per_s",
                                              "1/s",
                                              packets,
                                              "one interrupt per packet published (every "
                                              "stimulus of the receiver's flag)"));
        rows.push_back(SanPaperRow::Unpapered("beyond_interrupts",
                                              "scilan_flag_interrupts_per_s",
                                              "1/s",
                                              flags,
                                              "interrupts SCILAN's flags raised at the "
                                              "receiver (only while its thread slept)"));
        f.tx = nullptr;
        Simulator::Destroy();
    }
    return rows;
}

std::vector<SanPaperRow>
ScilanBeyondPaper::Listen64Rows()
{
    std::vector<SanPaperRow> rows;
    // One listening socket, 64 transmitters connecting at once (serialized by its lock).
    {
        ScilanPaperExperiments::Config c;
        c.hosts = 65;
        auto s = ScilanPaperExperiments::BuildCluster(c);
        Sink sink;
        sink.Listen(s->GetHosts().Get(0), 9200);
        std::vector<std::unique_ptr<Flow>> clients;
        for (uint32_t i = 1; i < c.hosts; ++i)
        {
            auto f = std::make_unique<Flow>();
            Flow* fp = f.get();
            f->tx = Socket::CreateSocket(s->GetHosts().Get(i), ScilanSocketFactory::GetTypeId());
            f->tx->SetConnectCallback(MakeSanCallback<void, Ptr<Socket>>(
                                          [fp](Ptr<Socket>) { fp->connected = Simulator::Now(); }),
                                      MakeNullCallback<void, Ptr<Socket>>());
            f->tx->Connect(InetSocketAddress(ScilanHelper::GetAddress(s->GetHosts().Get(0)), 9200));
            clients.push_back(std::move(f));
        }
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        std::vector<double> us;
        for (const auto& f : clients)
        {
            us.push_back(f->connected.IsZero() ? std::nan("") : f->connected.GetSeconds() * 1e6);
            f->tx = nullptr;
        }
        Simulator::Destroy();
        const double mean = std::accumulate(us.begin(), us.end(), 0.0) / us.size();
        rows.push_back(SanPaperRow::Unpapered("beyond_listen64",
                                              "connect_first_us",
                                              "us",
                                              *std::min_element(us.begin(), us.end()),
                                              "64 clients connect() to one listener at once"));
        rows.push_back(SanPaperRow::Unpapered("beyond_listen64",
                                              "connect_mean_us",
                                              "us",
                                              mean,
                                              "mean time to connected"));
        rows.push_back(SanPaperRow::Unpapered("beyond_listen64",
                                              "connect_last_us",
                                              "us",
                                              *std::max_element(us.begin(), us.end()),
                                              "the last one (accept() serializes them)"));
    }
    return rows;
}

} // namespace ns3
