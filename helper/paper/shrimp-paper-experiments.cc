/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-paper-experiments.h"

#include "san-results-writer.h"
#include "shrimp-nx-experiments.h"
#include "shrimp-socket-experiments.h"

namespace ns3
{

namespace
{

/// A sockets row that misses: what would close it, and where it was looked for.
void
NoteMissing(SanPaperRow& r)
{
    if (r.Passes())
    {
        return;
    }
    r.missing = "the sockets library's per-call costs on the DEC 560ST and what limits ttcp and "
                "the one-way test (the paper defers to [16]). Searched: Damianakis, Dubnicki and "
                "Felten, 'Stream Sockets on SHRIMP', TR-513-96 / CANPC '97 (abstract only: 11 "
                "us, 13.5 MB/s for large transfers); Damianakis, Chen and Felten, 'Reducing "
                "Waiting Costs in User-Level Communication', TR-525-96 / IPPS '97 (abstract "
                "only)";
}

} // namespace

std::vector<SanPaperRow>
ShrimpPaperExperiments::Rows()
{
    std::vector<SanPaperRow> rows = VmmcRows();
    for (const auto& more : {ShrimpNxExperiments::Rows(), SocketRows()})
    {
        rows.insert(rows.end(), more.begin(), more.end());
    }
    return rows;
}

std::vector<SanPaperRow>
ShrimpPaperExperiments::SocketRows()
{
    using S = ShrimpSocketExperiments;
    std::vector<SanPaperRow> rows;
    SanPaperRow r = SanPaperRow::Compared(
        "sockets",
        "sockets_small_overhead_us",
        "us",
        SanPaperValue::Value(13),
        S::SocketSmallOverheadUs(ShrimpSocket::AU_2COPY, 4),
        "section 4.3 (4-byte ping-pong, automatic update with two copies, minus the VMMC "
        "layer's AU-2copy latency; ShrimpSocket costs ASSUMED)",
        0.25);
    r.deviation = "the assumed per-call costs (110 and 100 instructions) account for about 7.6 "
                  "us; the paper's 13 us has no breakdown to take the rest from";
    NoteMissing(r);
    rows.push_back(r);
    r = SanPaperRow::Compared("sockets",
                              "ttcp_7KB_bw_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::Value(8.6),
                              S::TtcpMBps(7168),
                              "section 4.3 (ns-3's BulkSend and PacketSink, unmodified, over "
                              "ShrimpSocketFactory, 7 KB writes)",
                              0.2);
    r.deviation = "the simulated receiver reaches the one-copy limit; ttcp 1.12's own per-call "
                  "work and its reads are not modelled";
    NoteMissing(r);
    rows.push_back(r);
    r = SanPaperRow::Compared("sockets",
                              "ttcp_70B_bw_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::Value(1.3),
                              S::TtcpMBps(70),
                              "section 4.3 (ttcp's pattern with 70-byte writes)",
                              0.3);
    r.deviation = "the model spends about 7 us per 70-byte write where the paper implies 54 us; "
                  "what the real ttcp and library spent per call is not in the paper";
    NoteMissing(r);
    rows.push_back(r);
    r = SanPaperRow::Compared("sockets",
                              "oneway_7KB_bw_MBps",
                              "MB/s (10^6)",
                              SanPaperValue::Value(9.8),
                              S::OneWayMBps(7168),
                              "section 4.3 (the library's own one-way test, 7 KB sends)",
                              0.2);
    r.deviation = "as ttcp: the receiver copy and EISA bound it at about 13 MB/s in the model";
    NoteMissing(r);
    rows.push_back(r);
    rows.push_back(SanPaperRow::Compared("vrpc",
                                         "vrpc_null_rtt_us",
                                         "us",
                                         SanPaperValue::Value(29),
                                         S::VrpcNullRttUs(0),
                                         "section 4.2 (null call, no arguments; inputs: the "
                                         "section's 7, 1.5 and 5.5 us of library work)",
                                         0.2));

    // Figure 5's versions at 4 KB (no value in the text): what the transfer mode and the
    // receiver's copy change.
    const struct
    {
        const char* id;
        VrpcConnection::Transfer transfer;
        bool receiverCopy;
    } versions[] = {
        {"au_2copy", VrpcConnection::AUTOMATIC_UPDATE, true},
        {"au_1copy", VrpcConnection::AUTOMATIC_UPDATE, false},
        {"du_1copy", VrpcConnection::DELIBERATE_UPDATE, true},
        {"du_0copy", VrpcConnection::DELIBERATE_UPDATE, false},
    };

    for (const auto& v : versions)
    {
        rows.push_back(SanPaperRow::Unpapered(
            "vrpc_versions",
            std::string("vrpc_") + v.id + "_bw_4096B_MBps",
            "MB/s (10^6)",
            S::VrpcCall(4096, 20, v.transfer, v.receiverCopy).mbps,
            "Figure 5 (one 4 KB argument and result; copies counted as section 4 counts them)"));
    }
    return rows;
}

std::vector<SanPaperRow>
ShrimpPaperExperiments::VmmcRows()
{
    std::vector<SanPaperRow> rows;
    // Section 3.4: one-word user-to-user latencies of the VMMC layer.
    rows.push_back(SanPaperRow::Compared(
        "vmmc_latency",
        "au_1word_latency_wt_us",
        "us",
        SanPaperValue::Value(4.75),
        VmmcPingPong(AU_1COPY, 4, false).oneWayUs,
        "section 3.4 (automatic update, one word, both sides cached write-through; half a "
        "ping-pong); FITTED to this figure: Dec560stHostPreset SnoopLineCycles",
        0.03,
        SanPaperRow::FITTED));
    rows.push_back(SanPaperRow::Compared(
        "vmmc_latency",
        "au_1word_latency_uncached_us",
        "us",
        SanPaperValue::Value(3.7),
        VmmcPingPong(AU_1COPY, 4, true).oneWayUs,
        "section 3.4 (automatic update, one word, caching disabled); FITTED to this figure: "
        "ShrimpNetDevice DatapathLatency",
        0.03,
        SanPaperRow::FITTED));
    rows.push_back(SanPaperRow::Compared("vmmc_latency",
                                         "du_1word_latency_us",
                                         "us",
                                         SanPaperValue::Value(7.6),
                                         VmmcPingPong(DU_0COPY, 4, false).oneWayUs,
                                         "section 3.4 (deliberate update, one word)",
                                         0.15));
    rows.push_back(SanPaperRow::Compared("vmmc_bandwidth",
                                         "du_0copy_max_bw_MBps",
                                         "MB/s (10^6)",
                                         SanPaperValue::None(),
                                         VmmcPingPong(DU_0COPY, 10240, false).mbps,
                                         "section 3.4 and Figure 3 (10 KB messages; a prediction "
                                         "from the EISA and Xpress buses) (withheld in our copy "
                                         "of the paper)",
                                         0));
    return rows;
}

std::vector<uint32_t>
ShrimpPaperExperiments::Sizes(uint32_t lo, uint32_t hi)
{
    std::vector<uint32_t> v;
    for (uint32_t b : {4u,
                       8u,
                       16u,
                       32u,
                       64u,
                       128u,
                       256u,
                       512u,
                       1024u,
                       2048u,
                       4096u,
                       6144u,
                       8192u,
                       10240u,
                       16384u})
    {
        if (b >= lo && b <= hi)
        {
            v.push_back(b);
        }
    }
    return v;
}

void
ShrimpPaperExperiments::WriteFigures(const std::string& prefix)
{
    {
        // Figure 4: NX's variants (zero copy above the threshold).
        SanOutputStream nx(prefix + "shrimp-fig4-nx.csv");
        const NxProcess::Variant vs[] = {NxProcess::AU, NxProcess::DU_1COPY, NxProcess::DU_2COPY};
        nx << "size_bytes";
        for (auto v : vs)
        {
            nx << "," << ShrimpNxExperiments::VariantName(v) << "_latency_us,"
               << ShrimpNxExperiments::VariantName(v) << "_MBps";
        }
        nx << "\n";
        for (uint32_t b : Sizes(4, 16384))
        {
            nx << b;
            for (auto v : vs)
            {
                const auto p = ShrimpNxExperiments::NxPingPong(v, b);
                nx << "," << p.oneWayUs << "," << p.mbps;
            }
            nx << "\n";
        }
    }
    {
        // Figure 7: the sockets' variants.
        SanOutputStream so(prefix + "shrimp-fig7-sockets.csv");
        const std::pair<ShrimpSocket::Variant, const char*> vs[] = {
            {ShrimpSocket::DU_2COPY, "DU-2copy"},
            {ShrimpSocket::DU_1COPY, "DU-1copy"},
            {ShrimpSocket::AU_2COPY, "AU-2copy"}};
        so << "size_bytes";
        for (const auto& v : vs)
        {
            so << "," << v.second << "_latency_us," << v.second << "_MBps";
        }
        so << ",ttcp_MBps\n";
        for (uint32_t b : Sizes(4, 10240))
        {
            so << b;
            for (const auto& v : vs)
            {
                const auto p = ShrimpSocketExperiments::SocketPingPong(v.first, b);
                so << "," << p.oneWayUs << "," << p.mbps;
            }
            so << "," << ShrimpSocketExperiments::TtcpMBps(b) << "\n";
        }
    }
    {
        // Figures 5 and 8: VRPC by argument size in its four versions, named by section 4's
        // count of copies (an automatic update's stores are the sender's copy); SHRIMP RPC
        // against the stubs-unchanged version (round trips).
        struct VrpcVersion
        {
            const char* name;
            VrpcConnection::Transfer transfer;
            bool receiverCopy;
        };

        const VrpcVersion versions[] = {
            {"AU-2copy", VrpcConnection::AUTOMATIC_UPDATE, true},
            {"AU-1copy", VrpcConnection::AUTOMATIC_UPDATE, false},
            {"DU-1copy", VrpcConnection::DELIBERATE_UPDATE, true},
            {"DU-0copy", VrpcConnection::DELIBERATE_UPDATE, false},
        };
        SanOutputStream f5(prefix + "shrimp-fig5-vrpc.csv");
        f5 << "size_bytes";
        for (const VrpcVersion& v : versions)
        {
            f5 << "," << v.name << "_rtt_us," << v.name << "_MBps";
        }
        f5 << "\n";
        SanOutputStream f8(prefix + "shrimp-fig8-rpc.csv");
        f8 << "size_bytes,SHRIMP-RPC_rtt_us,VRPC_rtt_us\n";
        for (uint32_t b : Sizes(4, 10240))
        {
            f5 << b;
            double stubsUnchanged = 0;
            for (const VrpcVersion& v : versions)
            {
                const auto r = ShrimpSocketExperiments::VrpcCall(b, 20, v.transfer, v.receiverCopy);
                f5 << "," << r.rttUs << "," << r.mbps;
                if (v.transfer == VrpcConnection::AUTOMATIC_UPDATE && v.receiverCopy)
                {
                    stubsUnchanged = r.rttUs;
                }
            }
            f5 << "\n";
            f8 << b << "," << ShrimpNxExperiments::ShrimpRpcNullRttUs(b) << "," << stubsUnchanged
               << "\n";
        }
    }
    // Figure 3: latency (small sizes) and bandwidth (up to 10 KB) of the four strategies.
    SanOutputStream out(prefix + "shrimp-fig3-vmmc.csv");
    out << "size_bytes";
    const VmmcVariant variants[] = {AU_1COPY, AU_2COPY, DU_0COPY, DU_1COPY};
    for (VmmcVariant v : variants)
    {
        out << "," << VmmcVariantName(v) << "_latency_us," << VmmcVariantName(v) << "_MBps";
    }
    out << "\n";
    for (uint32_t b : Sizes(4, 16384))
    {
        out << b;
        for (VmmcVariant v : variants)
        {
            const PingPong p = VmmcPingPong(v, b);
            out << "," << p.oneWayUs << "," << p.mbps;
        }
        out << "\n";
    }
}

} // namespace ns3
