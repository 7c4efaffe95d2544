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
#include "ns3/tcp-baseline-experiments.h"

#include <cstdio>
#include <filesystem>
#include <string>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string output = "results/tcp-baseline.csv";
    bool figure12 = true;
    uint32_t bytes = 0;
    std::string link = "eth100";
    CommandLine cmd(__FILE__);
    cmd.AddValue("output", "CSV file to write (Table 1's Ethernet rows)", output);
    cmd.AddValue("figure12", "Also write Figure 12's curves beside it", figure12);
    cmd.AddValue("bytes", "Run one ping-pong of this message size and print it", bytes);
    cmd.AddValue("link", "Link of the single run: eth100 or gige", link);
    cmd.Parse(argc, argv);

    if (bytes > 0)
    {
        NS_ABORT_MSG_IF(link != "eth100" && link != "gige",
                        "tcp-baseline: --link must be eth100 or gige, not " << link);
        const auto l = link == "eth100" ? TcpBaselineExperiments::Ethernet100()
                                        : TcpBaselineExperiments::GigabitEthernet();
        const auto r = TcpBaselineExperiments::Run(l, bytes);
        std::printf("%s %u bytes: rtt %.2f us, bandwidth %.2f Mbit/s\n",
                    link.c_str(),
                    bytes,
                    r.rttUs,
                    r.bandwidthMbps);
        return 0;
    }
    std::printf("tcp-baseline: Tripwire paper section 6.1, TCP/IP over Ethernet\n");
    const auto rows = TcpBaselineExperiments::Table1();
    SanResultsWriter writer(TcpBaselineExperiments::PAPER);
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanResultsWriter::Print(rows);
    writer.Write(output, rows);
    if (figure12)
    {
        const std::string dir = std::filesystem::path(output).parent_path().string();
        const std::string path =
            (dir.empty() ? "" : dir + "/") + std::string("tripwire-tcp-bandwidth-vs-size.csv");
        TcpBaselineExperiments::WriteFigure12(path);
        std::printf("wrote %s\n", path.c_str());
    }
    return 0;
}
