/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * hamlyn-paper: the results of Hamlyn 1995 (Buzzard et al., HPL-95-86), simulated on a Myrinet
 * crossbar (fabric defaults), printed beside the paper's values and written to
 * results/hamlyn.csv (DESIGN.md, Results contract), plus two sweeps for the figures:
 *
 *  - results/hamlyn-latency-vs-size.csv: message size vs one-way latency, direct I/O and DMA;
 *  - results/hamlyn-bandwidth-vs-size.csv: transfer size vs bandwidth (DMA).
 *
 * The experiments themselves are HamlynPaperExperiments (helper/paper/hamlyn-paper-experiments.h),
 * which the san-hamlyn-paper system test runs too; this program only assembles them and hands
 * the rows to the harness's SanResultsWriter, which records the run's provenance (commit,
 * date, quick or full, seeds, the options given here) in the CSV's leading comment lines.
 *
 *   ./hamlyn-paper [--output=results/hamlyn.csv] [--sweeps=1] [--beyond=1]
 */

#include "ns3/core-module.h"
#include "ns3/hamlyn-paper-experiments.h"
#include "ns3/san-results-writer.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Message size vs one-way latency (post to the receiver's notification, NIC level).
void
LatencySweep(const std::string& path)
{
    SanOutputStream out(path);
    out << "size_bytes,direct_io_us,dma_us\n";
    for (uint32_t d = 16; d <= 1024; d += (d < 128 ? 16 : 64))
    {
        out << d << "," << HamlynPaperExperiments::OneWayUs(d, false) << ","
            << HamlynPaperExperiments::OneWayUs(d, true) << "\n";
    }
    std::printf("wrote %s\n", path.c_str());
}

/// Transfer size vs bandwidth (one DMA transfer, post to notification, 10^6-byte MB/s).
void
BandwidthSweep(const std::string& path)
{
    SanOutputStream out(path);
    out << "transfer_bytes,bandwidth_MBps\n";
    for (uint32_t s = 64; s <= (1u << 20); s *= 2)
    {
        out << s << "," << HamlynPaperExperiments::TransferBandwidthMBps(s) << "\n";
    }
    std::printf("wrote %s\n", path.c_str());
}

} // namespace

int
main(int argc, char* argv[])
{
    // Picoseconds before any Time exists: the link's 12.5 ns per byte and the cycle fractions
    // of the switch's propagation are then exact.
    Time::SetResolution(Time::PS);
    std::string output = "results/hamlyn.csv";
    bool sweeps = true;
    bool beyond = true;
    bool explore = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("output", "CSV file to write", output);
    cmd.AddValue("sweeps", "Also write the latency and bandwidth sweeps beside it", sweeps);
    cmd.AddValue("beyond", "Also run the beyond-paper experiments (64-host fabrics)", beyond);
    cmd.AddValue("explore", "Print round-trip variants and stop", explore);
    cmd.Parse(argc, argv);

    if (explore)
    {
        for (uint32_t d : {512u, 468u})
        {
            for (uint32_t a : {16u, 4u})
            {
                auto rt = HamlynPaperExperiments::DatagramRoundTrip(d, a);
                std::printf("data %u (wire %u) ack %u (wire %u): to recv %.3f us, to notify "
                            "%.3f us, outbound %.3f us\n",
                            d,
                            rt.wireBytes,
                            a,
                            rt.ackWireBytes,
                            rt.toRecvUs,
                            rt.toNotifyUs,
                            rt.outboundUs);
            }
        }
        return 0;
    }

    std::printf("hamlyn-paper: Hamlyn 1995 on a simulated Myrinet crossbar\n");
    std::vector<SanPaperRow> rows;
    auto add = [&rows](const std::vector<SanPaperRow>& more) {
        rows.insert(rows.end(), more.begin(), more.end());
    };
    add(HamlynPaperExperiments::Table1());
    add(HamlynPaperExperiments::Table2());
    add(HamlynPaperExperiments::Table3());
    add(HamlynPaperExperiments::Table4());
    add(HamlynPaperExperiments::Table5());
    add(HamlynPaperExperiments::RatsEndToEnd());
    add(HamlynPaperExperiments::Bandwidths());
    add(HamlynPaperExperiments::Breakeven());
    add(HamlynPaperExperiments::StateMachine());
    if (beyond)
    {
        add(HamlynPaperExperiments::BeyondPaper());
    }
    SanResultsWriter writer(HamlynPaperExperiments::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (sweeps)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        const std::string prefix = dir.empty() ? "" : dir + "/";
        LatencySweep(prefix + "hamlyn-latency-vs-size.csv");
        BandwidthSweep(prefix + "hamlyn-bandwidth-vs-size.csv");
    }
    return 0;
}
