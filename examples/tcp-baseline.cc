/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * tcp-baseline: the Tripwire paper's TCP/IP baselines alone (section 6.1, Table 1's Ethernet
 * rows and Figure 12's Ethernet curves): ns-3's TCP between two 530 MHz Alphas under Linux 2.2
 * over 100 Mbit/s and Gigabit Ethernet, with the hosts' costs charged around the stack
 * (TcpBaselineExperiments, helper/paper/tcp-baseline-experiments.h).
 *
 *   ./tcp-baseline [--output=results/tcp-baseline.csv] [--figure12=1] [--bytes=N
 * --link=eth100|gige]
 *
 * With --bytes it runs one ping-pong and prints its round trip and bandwidth.
 */

#include "ns3/core-module.h"
#include "ns3/san-results-writer.h"
#include "ns3/scilan-tcp-baselines.h"
#include "ns3/tcp-baseline-experiments.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string paper = "tripwire";
    std::string output;
    bool figures = true;
    uint32_t bytes = 0;
    std::string link = "eth100";
    CommandLine cmd(__FILE__);
    cmd.AddValue("paper", "tripwire or scilan", paper);
    cmd.AddValue("output", "CSV file to write (default results/tcp-baseline-<paper>.csv)", output);
    cmd.AddValue("figures", "Also write the figures' curves beside it", figures);
    cmd.AddValue("bytes", "Run one ping-pong of this message size and print it", bytes);
    cmd.AddValue("link", "Link of the single run: eth100, gige, 100baset or atm_lane", link);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(paper != "tripwire" && paper != "scilan",
                    "tcp-baseline: --paper must be tripwire or scilan, not " << paper);

    if (bytes > 0)
    {
        TcpBaselineExperiments::Link l;
        if (link == "eth100")
        {
            l = TcpBaselineExperiments::Ethernet100();
        }
        else if (link == "gige")
        {
            l = TcpBaselineExperiments::GigabitEthernet();
        }
        else if (link == "100baset")
        {
            l = ScilanTcpBaselines::FastEthernet();
        }
        else if (link == "atm_lane")
        {
            l = ScilanTcpBaselines::AtmLane();
        }
        else
        {
            NS_ABORT_MSG("tcp-baseline: --link must be eth100, gige, 100baset or atm_lane, not "
                         << link);
        }
        const auto r = TcpBaselineExperiments::Run(l, bytes);
        std::printf("%s %u bytes: rtt %.2f us, bandwidth %.2f Mbit/s\n",
                    link.c_str(),
                    bytes,
                    r.rttUs,
                    r.bandwidthMbps);
        return 0;
    }
    if (output.empty())
    {
        output = "results/tcp-baseline-" + paper + ".csv";
    }
    const std::string dir = std::filesystem::path(output).parent_path().string();
    const std::string prefix = dir.empty() ? "" : dir + "/";
    std::vector<SanPaperRow> rows;
    if (paper == "tripwire")
    {
        std::printf("tcp-baseline: Tripwire paper section 6.1, TCP/IP over Ethernet\n");
        rows = TcpBaselineExperiments::Table1();
    }
    else
    {
        std::printf("tcp-baseline: SCILAN paper section 4, TCP/IP over 100baseT and ATM LANE\n");
        rows = ScilanTcpBaselines::Table3();
        const auto sweep = ScilanTcpBaselines::SocketBufferSweep();
        rows.insert(rows.end(), sweep.begin(), sweep.end());
    }
    SanResultsWriter writer(paper == "tripwire" ? TcpBaselineExperiments::PAPER
                                                : ScilanTcpBaselines::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figures && paper == "tripwire")
    {
        const std::string path = prefix + "tripwire-tcp-bandwidth-vs-size.csv";
        TcpBaselineExperiments::WriteFigure12(path);
        std::printf("wrote %s\n", path.c_str());
    }
    else if (figures)
    {
        ScilanTcpBaselines::WriteFigures(prefix);
        std::printf("wrote %sscilan-tcp-throughput-vs-size.csv, %sscilan-tcp-transfer-time.csv\n",
                    prefix.c_str(),
                    prefix.c_str());
    }
    return 0;
}
