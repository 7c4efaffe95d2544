/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "scilan-tcp-baselines.h"

#include "scilan-paper-experiments.h"

#include "ns3/log.h"
#include "ns3/san-results-writer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <sstream>

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

/// \param l a link \return every field of it, as text (a reuse key's part)
std::string
ScilanTcpLinkKey(const TcpBaselineExperiments::Link& l)
{
    std::ostringstream key;
    key << std::setprecision(17) << l.name << "," << l.rateBps << "," << l.mtu << ","
        << l.socketBuffer << "," << l.nicCosts << "," << l.hostPreset << "," << l.stackCosts << ","
        << l.atmLane << "," << l.clanIp << "," << l.sciNdis << "," << l.onePacketInFlight << ","
        << l.rateCapBps;
    return key.str();
}

/**
 * \brief TcpBaselineExperiments::Stream, reused while ScilanPaperExperiments reuses
 * measurements (SetReuse).
 * \param link the link \param bytes message size \param messages messages
 * \param interrupts if not null, each host's interrupts in the run
 * \return MB/s
 */
double
ScilanTcpStream(const TcpBaselineExperiments::Link& link,
                uint32_t bytes,
                uint32_t messages,
                std::array<uint64_t, 2>* interrupts = nullptr)
{
    const std::string key = "TcpStream:" + ScilanTcpLinkKey(link) + "," + std::to_string(bytes) +
                            "," + std::to_string(messages);
    double v = 0;
    double irq[2] = {0, 0};
    if (ScilanPaperExperiments::Recall(key, v) &&
        ScilanPaperExperiments::Recall(key + ",irq0", irq[0]) &&
        ScilanPaperExperiments::Recall(key + ",irq1", irq[1]))
    {
        if (interrupts != nullptr)
        {
            (*interrupts)[0] = static_cast<uint64_t>(irq[0]);
            (*interrupts)[1] = static_cast<uint64_t>(irq[1]);
        }
        return v;
    }
    // The counts are read after the run; asking for them changes nothing in it.
    std::array<uint64_t, 2> counted{0, 0};
    v = TcpBaselineExperiments::Stream(link, bytes, messages, &counted);
    ScilanPaperExperiments::Remember(key, v);
    ScilanPaperExperiments::Remember(key + ",irq0", static_cast<double>(counted[0]));
    ScilanPaperExperiments::Remember(key + ",irq1", static_cast<double>(counted[1]));
    if (interrupts != nullptr)
    {
        *interrupts = counted;
    }
    return v;
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
    // Windows NT 4.0's default TCP window: 8 KB rounded up to whole segments, 8760 bytes on
    // Ethernet with its 1460-byte segments (the TcpWindowSize registry value's default for NT
    // 4.0, as Microsoft's TCP/IP notes for NT 3.5x/4.0 and registry references give it; no
    // window scaling, KB Q199947). Section 4.6 measures "8, 32 and 64K send and receive
    // buffers, as well as the default values". Here whole segments of the size this stack
    // sends. ASSUMED: the send
    // side holds the same (AFD's 8 KB send buffer completes a send while TCP keeps the
    // unacknowledged data, so the window is what bounds the data in flight).
    const uint32_t segment = l.mtu - 52; // as TcpBaselineExperiments::ConfigureSocket
    l.socketBuffer = (8192 + segment - 1) / segment * segment;
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

TcpBaselineExperiments::Link
ScilanTcpBaselines::SciNdis()
{
    TcpBaselineExperiments::Link l = FastEthernet();
    l.name = "sci_ndis";
    // Section 4.4: the LC-1 link at 200 MB/s (the fabric's rate; the adapter's 88 MB/s and
    // the hosts limit what IP gets).
    l.rateBps = 1.6e9;
    l.nicCosts = "ns3::SciNdisNicCosts";
    l.sciNdis = true;
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
    return ScilanTcpStream(link, bytes, StreamMessages(bytes));
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
                       "ping-pong); FITTED to this figure: " +
                       fit;
            r.tolerance = 0.02;
            r.role = SanPaperRow::FITTED;
            rows.push_back(r);
        };
    add("latency_ndis_sci_us", 394.1, TransferTimeUs(SciNdis(), 1), "SciIpTransport InterruptWork");
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
ScilanTcpBaselines::NdisThroughput()
{
    std::vector<SanPaperRow> rows;
    const auto ndis = SciNdis();
    std::vector<std::pair<uint32_t, double>> curve;
    double best = 0;
    // What the stream of the largest messages costs in interrupts, per 8 KB window.
    std::array<uint64_t, 2> interrupts{0, 0};
    double perWindow[2] = {0, 0};
    for (uint32_t kb = 4; kb <= 64; kb += 4)
    {
        const uint32_t bytes = kb * 1024;
        const uint32_t messages = StreamMessages(bytes);
        const double v = ScilanTcpStream(ndis, bytes, messages, &interrupts);
        curve.emplace_back(bytes, v);
        best = std::max(best, v);
        for (uint32_t i = 0; i < 2; ++i)
        {
            perWindow[i] = double(interrupts[i]) * 8192 / (double(bytes) * messages);
        }
    }
    for (uint32_t i = 0; i < 2; ++i)
    {
        rows.push_back(SanPaperRow::Unpapered(
            "ndis_throughput",
            i == 0 ? "ndis_sender_interrupts_per_8KB" : "ndis_receiver_interrupts_per_8KB",
            "interrupts",
            perWindow[i],
            std::string("interrupts the ") + (i == 0 ? "sender's" : "receiver's") +
                " processor takes per 8 KB of the 64 KB stream (each pays NT's dispatch and the "
                "driver's fitted work)"));
    }
    SanPaperRow r;
    r.experiment = "ndis_throughput";
    r.metric = "ndis_large_bw_MBps";
    r.unit = "MB/s (10^6)";
    r.paper = SanPaperValue::Value(10);
    r.simulated = curve.back().second;
    r.source = "section 4.6 (\"a throughput of 10 MByte/s is obtained for large packets\"): "
               "a TCP stream of 64 KB messages over SCI/NDIS, NT's default window (8 KB in whole "
               "segments)";
    r.tolerance = 0.15;
    r.role = SanPaperRow::PREDICTION;
    std::ostringstream why;
    why << std::fixed << std::setprecision(1)
        << "about half the paper's 10 MB/s. Counted in the run: the sender takes " << perWindow[0]
        << " interrupts per 8 KB (ndis_sender_interrupts_per_8KB: one per "
        << "acknowledgement, ns-3 acknowledging every second segment) and the receiver "
        << perWindow[1] << " (ndis_receiver_interrupts_per_8KB), each paying NT's dispatch and "
        << "the driver's work fitted to the 1-byte latency. The paper's own shape says "
        << "otherwise: 90% of 10 MB/s first at 25 KB fits a fixed cost of about 280 us per "
        << "message (25600 / (9 x 10 MB/s)), about one slow interrupt per message; how the real "
        << "driver avoided the others is not documented; not tuned";
    r.deviation = why.str();
    const std::string ndisMissing =
        "when Dolphin's SCI/NDIS driver 1.0 took its slow interrupt during a stream (per packet, "
        "per message or coalesced) and what it did in it. Searched: Dolphin's SCI/NDIS "
        "documentation [Dol97] (not found), Dolphin's SCI software slides (the driver's layers, "
        "no timings)";
    if (!r.Passes())
    {
        r.missing = ndisMissing;
    }
    rows.push_back(r);
    double first = std::nan("");
    for (const auto& p : curve)
    {
        if (p.second >= 0.9 * best)
        {
            first = p.first;
            break;
        }
    }
    SanPaperRow s;
    s.experiment = "ndis_throughput";
    s.metric = "ndis_90pct_size_bytes";
    s.unit = "bytes";
    s.paper = SanPaperValue::Value(25 * 1024);
    s.simulated = first;
    s.source = "section 4.6 (\"90% of maximum throughput for this solution is achieved first "
               "at 25 Kbytes message size\"): the smallest of 4, 8, ... 64 KB reaching 90% of "
               "the best";
    s.tolerance = 0.35;
    s.role = SanPaperRow::PREDICTION;
    if (!s.Passes())
    {
        s.missing = ndisMissing;
    }
    s.deviation = "the simulated curve is flat from 4 KB (window- and interrupt-bound, see "
                  "ndis_large_bw_MBps), so 90% is reached at once";
    rows.push_back(s);
    return rows;
}

std::vector<SanPaperRow>
ScilanTcpBaselines::SocketBufferSweep()
{
    std::vector<SanPaperRow> rows;
    const uint32_t bytes = 65536;
    for (auto link : {FastEthernet(), AtmLane()})
    {
        // The default first: the gain is over what an unmodified program gets.
        std::vector<double> mbps;
        const uint32_t defaultBuffer = link.socketBuffer;
        for (uint32_t buffer : {defaultBuffer, 8192u, 32768u, 65536u})
        {
            link.socketBuffer = buffer;
            const double v = ScilanTcpStream(link, bytes, StreamMessages(bytes));
            mbps.push_back(v);
            const std::string size =
                buffer == defaultBuffer ? "default" : std::to_string(buffer / 1024) + "KB";
            rows.push_back(SanPaperRow::Unpapered("sockbuf_sweep",
                                                  "sockbuf_" + size + "_" + link.name + "_MBps",
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
        r.source = "section 4.6 (8, 32, 64 KB socket buffers against the default, NT's 8 KB "
                   "rounded up to whole segments: not more than 10% increase)";
        r.tolerance = 0;
        r.role = SanPaperRow::PREDICTION;
        if (!r.Passes())
        {
            std::ostringstream text;
            text << std::fixed << std::setprecision(2) << "ns-3's TCP with NT's window and "
                 << "acknowledgement rules (an ACK every second segment or after 200 ms) gains "
                 << "more from 32-64 KB buffers than NT 4.0's did: " << mbps[0]
                 << " MB/s with the default window, " << mbps[1] << " with 8 KB, " << mbps.back()
                 << " with 64 KB; the small window limits the stream";
            r.deviation = text.str();
            r.missing =
                "how NT 4.0's TCP and AFD paced a stream within its default window, or a "
                "published NT 4.0 throughput-against-buffer measurement on 100 Mbit Ethernet. "
                "Searched: Microsoft's TCP/IP notes (found and modelled: an ACK every second "
                "segment or after 200 ms; a default window of 8 KB rounded up to whole "
                "segments, 8760 bytes on Ethernet); Borriss et al., ICATM '98 (NT's TCP over "
                "ATM only)";
        }
        rows.push_back(r);
    }
    return rows;
}

void
ScilanTcpBaselines::WriteFigures(const std::string& prefix)
{
    WriteThroughputFigure(prefix);
    WriteTransferTimeFigure(prefix);
}

void
ScilanTcpBaselines::WriteThroughputFigure(const std::string& prefix)
{
    const auto eth = FastEthernet();
    const auto atm = AtmLane();
    const auto ndis = SciNdis();
    SanOutputStream out(prefix + "scilan-tcp-throughput-vs-size.csv");
    out << "size_bytes,100baset_MBps,atm_lane_MBps,sci_ndis_MBps\n";
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
        out << b << "," << StreamMBps(eth, b) << "," << StreamMBps(atm, b) << ","
            << StreamMBps(ndis, b) << "\n";
    }
}

void
ScilanTcpBaselines::WriteTransferTimeFigure(const std::string& prefix)
{
    const auto eth = FastEthernet();
    const auto atm = AtmLane();
    const auto ndis = SciNdis();
    SanOutputStream out(prefix + "scilan-tcp-transfer-time.csv");
    out << "size_bytes,100baset_us,atm_lane_us,sci_ndis_us\n";
    for (uint32_t b : {1u, 64u, 128u, 256u, 512u, 1024u, 1500u, 2048u, 4096u})
    {
        out << b << "," << TransferTimeUs(eth, b) << "," << TransferTimeUs(atm, b) << ","
            << TransferTimeUs(ndis, b) << "\n";
    }
}

} // namespace ns3
