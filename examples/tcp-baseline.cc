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
 * --link=eth100|gige|clanip|100baset|atm_lane|sci_ndis [--breakdown=1]]
 *
 * With --bytes it runs one ping-pong and prints its round trip and bandwidth; with --breakdown
 * also what each host was charged per round trip, by kind (HostStackNetDevice's and
 * HostSocketCalls' "Charge" traces; off-path charges included).
 */

#include "ns3/core-module.h"
#include "ns3/host-socket-calls.h"
#include "ns3/san-results-writer.h"
#include "ns3/scilan-tcp-baselines.h"
#include "ns3/tcp-baseline-experiments.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Charges per kind on one host while counting.
struct Charges
{
    std::map<std::string, Time> time;      //!< per kind
    std::map<std::string, uint32_t> count; //!< per kind
    bool on{false};                        //!< counting

    /// Trace sink. \param kind what \param duration how long
    void Add(const std::string& kind, Time duration)
    {
        if (on)
        {
            time[kind] += duration;
            ++count[kind];
        }
    }
};

/// The ping-pong of TcpBaselineExperiments::Run, with each host's charges per round printed.
void
Breakdown(const TcpBaselineExperiments::Link& link, uint32_t bytes)
{
    const uint32_t warmup = 5;
    const uint32_t rounds = 20;
    const auto pair = TcpBaselineExperiments::BuildPair(link);
    auto charges = std::make_shared<std::array<Charges, 2>>();
    for (uint32_t i = 0; i < 2; ++i)
    {
        pair.devices.Get(i)->TraceConnectWithoutContext(
            "Charge",
            MakeCallback(&Charges::Add, &(*charges)[i]));
    }

    struct State
    {
        Ptr<HostSocketCalls> client;
        Ptr<HostSocketCalls> server;
        uint32_t done{0};
        Time start;
        Time end;
    };

    auto s = std::make_shared<State>();
    std::function<void()> serve;
    std::function<void()> round;
    serve = [s, bytes, &serve]() {
        s->server->Recv(bytes, Callback<void, Ptr<Packet>>([s, &serve](Ptr<Packet> p) {
                            s->server->Send(p, Callback<void>([&serve]() { serve(); }));
                        }));
    };
    round = [s, bytes, charges, &round]() {
        if (s->done == warmup)
        {
            s->start = Simulator::Now();
            (*charges)[0].on = (*charges)[1].on = true;
        }
        s->client->Send(Create<Packet>(bytes), Callback<void>([s, bytes, charges, &round]() {
                            s->client->Recv(
                                bytes,
                                Callback<void, Ptr<Packet>>([s, charges, &round](Ptr<Packet>) {
                                    if (++s->done == warmup + rounds)
                                    {
                                        s->end = Simulator::Now();
                                        (*charges)[0].on = (*charges)[1].on = false;
                                        Simulator::Stop();
                                        return;
                                    }
                                    round();
                                }));
                        }));
    };
    TcpBaselineExperiments::ConnectProcesses(
        pair,
        link,
        Callback<void, Ptr<HostSocketCalls>, Ptr<HostSocketCalls>>(
            [s, charges, &serve, &round](Ptr<HostSocketCalls> c, Ptr<HostSocketCalls> v) {
                s->client = c;
                s->server = v;
                c->TraceConnectWithoutContext("Charge",
                                              MakeCallback(&Charges::Add, &(*charges)[0]));
                v->TraceConnectWithoutContext("Charge",
                                              MakeCallback(&Charges::Add, &(*charges)[1]));
                serve();
                round();
            }));
    Simulator::Stop(Seconds(100));
    Simulator::Run();
    const bool finished = s->done == warmup + rounds;
    s->client = nullptr;
    s->server = nullptr;
    Simulator::Destroy();
    NS_ABORT_MSG_IF(!finished, "tcp-baseline: the ping-pong did not finish");
    std::printf("round trip %.2f us; charged per round trip:\n",
                (s->end - s->start).GetSeconds() * 1e6 / rounds);
    for (uint32_t i = 0; i < 2; ++i)
    {
        Time total;
        for (const auto& [kind, t] : (*charges)[i].time)
        {
            std::printf("  host %u %-16s %5.2f x %8.3f us\n",
                        i,
                        kind.c_str(),
                        (*charges)[i].count[kind] / double(rounds),
                        t.GetSeconds() * 1e6 / rounds);
            total += t;
        }
        std::printf("  host %u total %.3f us\n", i, total.GetSeconds() * 1e6 / rounds);
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string paper = "tripwire";
    std::string output;
    bool figures = true;
    uint32_t bytes = 0;
    std::string link = "eth100";
    bool breakdown = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("paper", "tripwire or scilan", paper);
    cmd.AddValue("output", "CSV file to write (default results/tcp-baseline-<paper>.csv)", output);
    cmd.AddValue("figures", "Also write the figures' curves beside it", figures);
    cmd.AddValue("bytes", "Run one ping-pong of this message size and print it", bytes);
    cmd.AddValue("link",
                 "Link of the single run: eth100, gige, clanip, 100baset, atm_lane or sci_ndis",
                 link);
    cmd.AddValue("breakdown", "With --bytes: print each host's charges per round trip", breakdown);
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
        else if (link == "sci_ndis")
        {
            l = ScilanTcpBaselines::SciNdis();
        }
        else if (link == "clanip")
        {
            l = TcpBaselineExperiments::ClanIpEarly();
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
            NS_ABORT_MSG("tcp-baseline: --link must be eth100, gige, clanip, 100baset, sci_ndis or "
                         "atm_lane, not "
                         << link);
        }
        if (breakdown)
        {
            std::printf("%s %u bytes: ", link.c_str(), bytes);
            Breakdown(l, bytes);
            return 0;
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
