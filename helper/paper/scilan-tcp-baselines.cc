/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-tcp-baselines.h"

#include "ns3/log.h"
#include "ns3/san-results-writer.h"

#include <algorithm>
#include <fstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ScilanTcpBaselines");

namespace
{

/// Messages per throughput measurement.
uint32_t
StreamMessages(uint32_t bytes)
{
    const uint32_t total = SanResultsWriter::IsQuick() ? (1u << 20) : (4u << 20);
    return std::max<uint32_t>(20, total / bytes);
}

} // namespace

TcpBaselineExperiments::Link
ScilanTcpBaselines::FastEthernet()
{
    TcpBaselineExperiments::Link l;
    l.name = "100baset";
    l.rateBps = 100e6;
    // Section 4.1: "All technologies were tested at 1500 byte MTU size".
    l.mtu = 1500;
    // Windows NT 4.0's default socket buffers, 8 KB (section 4.6 compares "the default values"
    // with 8, 32 and 64 KB).
    l.socketBuffer = 8192;
    l.nicCosts = "ns3::EtherlinkFastNicCosts";
    l.hostPreset = "ns3::PentiumNtHostPreset";
    l.stackCosts = "ns3::WindowsNtStackCosts";
    return l;
}

TcpBaselineExperiments::Link
ScilanTcpBaselines::AtmLane()
{
    TcpBaselineExperiments::Link l = FastEthernet();
    l.name = "atm_lane";
    // Section 4.4: "the link speed of our ATM adapters is 155 Mbit/s".
    l.rateBps = 155e6;
    l.nicCosts = "ns3::ForeLaneNicCosts";
    l.atmLane = true;
    return l;
}

double
ScilanTcpBaselines::TransferTimeUs(const TcpBaselineExperiments::Link& link, uint32_t bytes)
{
    return TcpBaselineExperiments::Run(link, bytes).rttUs / 2;
}

double
ScilanTcpBaselines::StreamMBps(const TcpBaselineExperiments::Link& link, uint32_t bytes)
{
    return TcpBaselineExperiments::Stream(link, bytes, StreamMessages(bytes));
}

std::vector<SanPaperRow>
ScilanTcpBaselines::Table3()
{
    std::vector<SanPaperRow> rows;
    auto add =
        [&rows](const std::string& metric, double paper, double sim, const std::string& fit) {
            SanPaperRow r;
            r.experiment = "table3_tcp";
            r.metric = metric;
            r.unit = "us";
            r.paper = SanPaperValue::Value(paper);
            r.simulated = sim;
            r.source = "Table 3 (transfer time of the smallest message, 1 byte; half a TCP "
                       "ping-pong); FITTED: " +
                       fit;
            r.tolerance = 0.02;
            r.role = SanPaperRow::INPUT;
            rows.push_back(r);
        };
    add("latency_100baset_us",
        209.3,
        TransferTimeUs(FastEthernet(), 1),
        "WindowsNtStackCosts ProtocolInstructions");
    add("latency_atm_lane_us",
        304.5,
        TransferTimeUs(AtmLane(), 1),
        "ForeLaneNicCosts ReceiveLatency");
    return rows;
}

std::vector<SanPaperRow>
ScilanTcpBaselines::SocketBufferSweep()
{
    std::vector<SanPaperRow> rows;
    const uint32_t bytes = 65536;
    for (auto link : {FastEthernet(), AtmLane()})
    {
        std::vector<double> mbps;
        for (uint32_t buffer : {8192u, 32768u, 65536u})
        {
            link.socketBuffer = buffer;
            const double v = TcpBaselineExperiments::Stream(link, bytes, StreamMessages(bytes));
            mbps.push_back(v);
            rows.push_back(SanPaperRow::Unpapered("sockbuf_sweep",
                                                  "sockbuf_" + std::to_string(buffer / 1024) +
                                                      "KB_" + link.name + "_MBps",
                                                  "MB/s (10^6)",
                                                  v,
                                                  "section 4.6: 64 KB messages streamed"));
        }
        SanPaperRow r;
        r.experiment = "sockbuf_sweep";
        r.metric = "sockbuf_gain_" + link.name + "_pct";
        r.unit = "%";
        r.paper = SanPaperValue::Under(10);
        r.simulated = (*std::max_element(mbps.begin(), mbps.end()) / mbps[0] - 1) * 100;
        r.source = "section 4.6 (8, 32, 64 KB socket buffers against the 8 KB default: not more "
                   "than 10% increase)";
        r.tolerance = 0;
        r.role = SanPaperRow::PREDICTION;
        if (!link.atmLane)
        {
            // Seen in every run so far (about 23%): documented, not asserted.
            r.deviation = "ns-3's TCP over the simulated 100baseT gains more from 32-64 KB "
                          "buffers than NT 4.0's did; the 8 KB window limits the stream (ns-3 "
                          "acknowledges every second segment and sends no window update on "
                          "read)";
        }
        rows.push_back(r);
    }
    return rows;
}

void
ScilanTcpBaselines::WriteFigures(const std::string& prefix)
{
    const auto eth = FastEthernet();
    const auto atm = AtmLane();
    {
        std::ofstream out;
        SanResultsWriter::OpenSideFile(prefix + "scilan-tcp-throughput-vs-size.csv", out);
        out << "size_bytes,100baset_MBps,atm_lane_MBps\n";
        std::vector<uint32_t> sizes;
        for (uint32_t b = 64; b <= 4096; b *= 2)
        {
            sizes.push_back(b); // Figure 10's range
        }
        for (uint32_t b = 8192; b <= 65536; b *= 2)
        {
            sizes.push_back(b); // Figure 9's
        }
        for (uint32_t b : sizes)
        {
            out << b << "," << TcpBaselineExperiments::Stream(eth, b, StreamMessages(b)) << ","
                << TcpBaselineExperiments::Stream(atm, b, StreamMessages(b)) << "\n";
        }
    }
    {
        std::ofstream out;
        SanResultsWriter::OpenSideFile(prefix + "scilan-tcp-transfer-time.csv", out);
        out << "size_bytes,100baset_us,atm_lane_us\n";
        for (uint32_t b : {1u, 64u, 128u, 256u, 512u, 1024u, 1500u, 2048u, 4096u})
        {
            out << b << "," << TransferTimeUs(eth, b) << "," << TransferTimeUs(atm, b) << "\n";
        }
    }
}

} // namespace ns3
