/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// TripwirePaperExperiments: the rows of results/tripwire.csv and the figures' side files.

#include "tcp-baseline-experiments.h"
#include "tripwire-paper-experiments.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/san-results-writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ns3
{

namespace
{

/// Requests per second at full load (Figure 9's right end).
constexpr uint32_t FULL_LOAD_ENDPOINTS = 128;

} // namespace

std::vector<uint32_t>
TripwirePaperExperiments::Figure7Sizes()
{
    return {256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144};
}

std::vector<uint32_t>
TripwirePaperExperiments::EndpointCounts()
{
    return {1, 2, 4, 8, 16, 32, 64, 128, 256};
}

std::vector<uint32_t>
TripwirePaperExperiments::Figure10Sizes()
{
    return {64, 128, 256, 384, 512, 768, 1024, 1536, 2048, 4096, 8192, 16384, 32768, 65536};
}

double
TripwirePaperExperiments::HalfBandwidthSize(const std::vector<uint32_t>& sizes,
                                            const std::vector<double>& bw)
{
    NS_ABORT_MSG_IF(sizes.size() != bw.size() || sizes.empty(), "HalfBandwidthSize: bad curve");
    const double half = *std::max_element(bw.begin(), bw.end()) / 2;
    for (size_t i = 0; i < sizes.size(); ++i)
    {
        if (bw[i] >= half)
        {
            if (i == 0)
            {
                return sizes[0];
            }
            const double x0 = std::log(double(sizes[i - 1]));
            const double x1 = std::log(double(sizes[i]));
            const double f = (half - bw[i - 1]) / (bw[i] - bw[i - 1]);
            return std::exp(x0 + f * (x1 - x0));
        }
    }
    return sizes.back();
}

std::vector<SanPaperRow>
TripwirePaperExperiments::SharedMemoryRows()
{
    std::vector<SanPaperRow> rows;
    const double rtt = PioRoundTripUs(200);
    const std::string components =
        "; components (the paper's own breakdown of the 1.9 us one way, so an echo of inputs): "
        "NIC 0.5 us each end and 0.9 us of buses, bridges and cache (section 5.2), PCI cycles "
        "timed";
    rows.push_back(SanPaperRow::Compared("section5_2_shared_memory",
                                         "pio_dword_rtt_us",
                                         "us",
                                         SanPaperValue::Value(3.7),
                                         rtt,
                                         "Section 5.2 benchmark 1 (both ends spin)" + components,
                                         0.10,
                                         SanPaperRow::INPUT));
    rows.push_back(SanPaperRow::Compared(
        "section5_2_shared_memory",
        "pio_dword_oneway_us",
        "us",
        SanPaperValue::Value(1.9),
        rtt / 2,
        "Section 5.2 benchmark 1: half the round trip, pio_dword_rtt_us/2" + components,
        0.10,
        SanPaperRow::DERIVED));
    const double peak = RawBandwidthMbps(262144, true);
    rows.push_back(
        SanPaperRow::Compared("figure7_raw_bandwidth",
                              "dma_peak_bw_Mbps",
                              "Mbit/s (10^6)",
                              SanPaperValue::Value(910),
                              peak,
                              "Section 5.2 / Figure 7, 256 KB by DMA; FITTED to this figure: "
                              "AlphaLinuxHostPreset DmaReadLatency (PCI cycles per DMA read "
                              "burst)",
                              0.02,
                              SanPaperRow::FITTED));
    rows.push_back(SanPaperRow::Unpapered("figure7_raw_bandwidth",
                                          "pio_peak_bw_Mbps",
                                          "Mbit/s (10^6)",
                                          RawBandwidthMbps(262144, false),
                                          "Figure 7, 256 KB by processor stores (no FIFO-lock "
                                          "back-off modelled)"));
    return rows;
}

std::vector<SanPaperRow>
TripwirePaperExperiments::ServerRows()
{
    std::vector<SanPaperRow> rows;
    const ServerResult idle = ServerRoundTrip(1, false, 200);
    const ServerResult busy = ServerRoundTrip(1, true, 200);
    rows.push_back(SanPaperRow::Compared(
        "section5_3_server",
        "server_rtt_idle_us",
        "us",
        SanPaperValue::Value(16.8),
        idle.rttUs,
        "Section 5.3.1: > 15 us between requests (50 us), server sleeps in select",
        0.15));
    rows.push_back(SanPaperRow::Compared("section5_3_server",
                                         "server_rtt_busy_us",
                                         "us",
                                         SanPaperValue::Value(7.9),
                                         busy.rttUs,
                                         "Section 5.3.1: one request in flight, back to back",
                                         0.15));
    const double rps = ServerRequestsPerSecond(FULL_LOAD_ENDPOINTS, 40);
    SanPaperRow max =
        SanPaperRow::Compared("figure9_requests",
                              "server_max_req_per_s",
                              "requests/s",
                              SanPaperValue::Value(340000),
                              rps,
                              "Figure 9: one request in flight on each of " +
                                  std::to_string(FULL_LOAD_ENDPOINTS) + " connections",
                              0.15);
    // The inverse of the row above: derived.
    SanPaperRow per = SanPaperRow::Compared("figure9_requests",
                                            "server_per_msg_overhead_us",
                                            "us",
                                            SanPaperValue::Value(2.9),
                                            1e6 / rps,
                                            "Section 5.3.1: 1 / the full-load request rate "
                                            "(1e6 / server_max_req_per_s)",
                                            0.15,
                                            SanPaperRow::DERIVED);
    const std::string why =
        "One interrupt per Tripwire firing, as the paper's NIC raises it (section 5.3): under "
        "load each request pays the 3 us interrupt as well as its per-id work (FIFO read, "
        "routine, dispatch, callback, reply). The ASSUMED instruction counts of that work are "
        "not from the paper.";
    const std::string missing =
        "the instruction counts of the server's per-request work (FIFO read, Tripwire routine, "
        "dispatch, callback, reply). Searched: the Tripwire paper in the Journal of "
        "Interconnection Networks 2(3), 2001, Riddoch's thesis 'Low Latency Distributed "
        "Computing' (2003), 'Distributed Computing with the CLAN Network' (HSLN 2002): abstracts "
        "and project pages only (an ORB's 145,000 requests/s, the CAMs' 30 ns match, no "
        "per-request counts)";
    if (!max.Passes())
    {
        max.deviation = why;
        max.missing = missing;
    }
    if (!per.Passes())
    {
        per.deviation = why;
        per.missing = missing;
    }
    rows.push_back(max);
    rows.push_back(per);
    // The variant the paper proposes (section 7: fewer interrupts): the routine drains the
    // FIFO, ids arriving meanwhile included.
    Config::SetDefault("ns3::ClanNetDevice::DrainFifoPerInterrupt", BooleanValue(true));
    const double drain = ServerRequestsPerSecond(FULL_LOAD_ENDPOINTS, 40);
    Config::SetDefault("ns3::ClanNetDevice::DrainFifoPerInterrupt", BooleanValue(false));
    rows.push_back(SanPaperRow::Unpapered("figure9_requests_drain",
                                          "drain_req_per_s",
                                          "requests/s",
                                          drain,
                                          "Beyond the paper (section 7's fewer interrupts): "
                                          "Figure 9's load with the interrupt routine draining "
                                          "the Tripwire FIFO (DrainFifoPerInterrupt true)"));
    for (const auto& [r, name] :
         {std::make_pair(idle, std::string("idle")), std::make_pair(busy, std::string("busy"))})
    {
        rows.push_back(SanPaperRow::Unpapered("section5_3_server",
                                              "server_cpu_per_request_" + name + "_us",
                                              "us",
                                              r.serverCpuUs,
                                              "Server CPU busy per request (" + name +
                                                  "; polling counts as busy)"));
        rows.push_back(SanPaperRow::Unpapered("section5_3_server",
                                              "interrupts_per_request_" + name,
                                              "interrupts",
                                              r.interruptsPerRequest,
                                              "Tripwire interrupts per request (" + name + ")"));
    }
    // Figure 8's claim: the round trip does not depend on the number of connections.
    const ServerResult many = ServerRoundTrip(EndpointCounts().back(), true, 200);
    rows.push_back(SanPaperRow::Unpapered("figure8_rtt_vs_endpoints",
                                          "busy_rtt_ratio_many_to_one",
                                          "ratio",
                                          many.rttUs / busy.rttUs,
                                          "Figure 8: busy round trip with " +
                                              std::to_string(EndpointCounts().back()) +
                                              " connections over that with 1 (flat: 1)"));
    return rows;
}

std::vector<SanPaperRow>
TripwirePaperExperiments::StreamingRows()
{
    std::vector<SanPaperRow> rows;
    std::vector<double> bw;
    for (uint32_t b : Figure10Sizes())
    {
        bw.push_back(DmaBandwidthMbps(b, true, 100));
    }
    rows.push_back(SanPaperRow::Compared(
        "figure10_dma_bandwidth",
        "dma_stream_half_bw_bytes",
        "bytes",
        SanPaperValue::None(),
        HalfBandwidthSize(Figure10Sizes(), bw),
        "Section 5.3.2 / Figure 10 (b): streaming DMA, half the curve's largest "
        "bandwidth (withheld in our copy of the paper)",
        0));
    rows.push_back(SanPaperRow::Unpapered("figure10_dma_bandwidth",
                                          "dma_stream_64KB_Mbps",
                                          "Mbit/s (10^6)",
                                          bw.back(),
                                          "Figure 10 (b) at 64 KB (paper: the curve follows a "
                                          "900 Mbit/s link with 6 us of set-up)"));
    rows.push_back(SanPaperRow::Compared("section6_3_mpi",
                                         "mpi_rtt_us",
                                         "us",
                                         SanPaperValue::Value(16),
                                         MpiRoundTripUs(100),
                                         "Section 6.3, LAM port, spinning; FITTED to this figure: "
                                         "ClanMessagePassing CallInstructions",
                                         0.02,
                                         SanPaperRow::FITTED));
    return rows;
}

std::vector<SanPaperRow>
TripwirePaperExperiments::AllRows()
{
    std::vector<SanPaperRow> rows = SharedMemoryRows();
    for (const auto& more : {ServerRows(), StreamingRows(), TcpBaselineExperiments::Table1()})
    {
        rows.insert(rows.end(), more.begin(), more.end());
    }
    return rows;
}

void
TripwirePaperExperiments::WriteFigures(const std::string& prefix)
{
    {
        SanOutputStream out(prefix + "tripwire-fig7-raw-bandwidth.csv");
        out << "size_bytes,dma_Mbps,pio_Mbps\n";
        for (uint32_t b : Figure7Sizes())
        {
            out << b << "," << RawBandwidthMbps(b, true) << "," << RawBandwidthMbps(b, false)
                << "\n";
        }
    }
    {
        SanOutputStream f8(prefix + "tripwire-fig8-rtt-vs-endpoints.csv");
        SanOutputStream f9(prefix + "tripwire-fig9-requests-vs-endpoints.csv");
        f8 << "endpoints,busy_rtt_us,idle_rtt_us\n";
        f9 << "endpoints,requests_per_s\n";
        for (uint32_t e : EndpointCounts())
        {
            f8 << e << "," << ServerRoundTrip(e, true, 100).rttUs << ","
               << ServerRoundTrip(e, false, 100).rttUs << "\n";
            f9 << e << "," << ServerRequestsPerSecond(e, 30) << "\n";
        }
    }
    {
        SanOutputStream out(prefix + "tripwire-fig10-dma-bandwidth.csv");
        out << "size_bytes,single_Mbps,streaming_Mbps\n";
        for (uint32_t b : Figure10Sizes())
        {
            out << b << "," << DmaBandwidthMbps(b, false, 50) << ","
                << DmaBandwidthMbps(b, true, 100) << "\n";
        }
    }
    TcpBaselineExperiments::WriteFigure12(prefix + "tripwire-fig12-tcp.csv");
}

} // namespace ns3
