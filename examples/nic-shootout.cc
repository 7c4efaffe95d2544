/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * nic-shootout: the same workloads over every interface that has a messenger, each on its own
 * paper's hosts and network ("as published", SanBenchTestbed), written to one CSV:
 *
 *   ./nic-shootout [--csv=results/shootout.csv] [--interfaces=tcp,scilan,shrimp-sockets]
 *                  [--sizes=8,64,512,4096,32768] [--rounds=20] [--messages=64]
 *                  [--streamBytes=1048576]
 *
 * Workloads (model/bench): the ping-pong (SanPingPongHelper: one-way latency, half the mean
 * round trip, the bandwidth of the measured rounds, and the simulator's events per message
 * between the first and the last measured echo: what a message costs to simulate) and the
 * stream (SanStreamHelper: the bandwidth at the receiver of messages sent back to back). Columns:
 * workload, interface, preset, size_bytes, figure, value, unit.
 */

#include "ns3/core-module.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-output-file.h"
#include "ns3/san-ping-pong-helper.h"
#include "ns3/san-ping-pong.h"
#include "ns3/san-results-writer.h"
#include "ns3/san-stream-helper.h"
#include "ns3/san-stream.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One figure of the shoot-out.
struct ShootoutRow
{
    std::string workload; //!< ping-pong or stream
    std::string iface;    //!< SanBenchTestbed interface
    uint32_t bytes{0};    //!< message size
    std::string figure;   //!< what is measured
    double value{0};      //!< its value
    std::string unit;     //!< its unit
};

/// \param text comma-separated items \return the items
std::vector<std::string>
SplitList(const std::string& text)
{
    std::vector<std::string> items;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
    {
        if (!item.empty())
        {
            items.push_back(item);
        }
    }
    return items;
}

/// Ping-pong of \p bytes on \p iface: its rows.
void
RunPingPong(const std::string& iface,
            uint32_t bytes,
            uint32_t rounds,
            std::vector<ShootoutRow>& rows)
{
    SanBenchTestbed testbed(iface);
    SanPingPongHelper pingPong(testbed.GetMessengerType());
    testbed.ConfigureMessenger(pingPong);
    pingPong.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    pingPong.SetClientAttribute("Rounds", UintegerValue(rounds));
    pingPong.SetClientAttribute("WarmupRounds", UintegerValue(5));
    ApplicationContainer apps =
        pingPong.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1));
    apps.Start(MicroSeconds(10));
    // The simulator's events executed at each measured echo: their growth per round trip is
    // what one round trip (two messages) costs to simulate, set-up and idle time left out.
    auto events = std::make_shared<std::vector<uint64_t>>();
    apps.Get(1)->TraceConnectWithoutContext("RoundTrip", Callback<void, Time>([events](Time) {
                                                events->push_back(Simulator::GetEventCount());
                                            }));
    Simulator::Stop(Seconds(60));
    Simulator::Run();
    Ptr<SanPingPongClient> client = DynamicCast<SanPingPongClient>(apps.Get(1));
    NS_ABORT_MSG_IF(!client->IsDone(),
                    "nic-shootout: the ping-pong over " << iface << " (" << bytes
                                                        << " B) did not finish");
    if (events->size() >= 2)
    {
        rows.push_back(
            {"ping-pong",
             iface,
             bytes,
             "events_per_message",
             static_cast<double>(events->back() - events->front()) / (2.0 * (events->size() - 1)),
             "events"});
    }
    rows.push_back({"ping-pong",
                    iface,
                    bytes,
                    "one_way_latency",
                    client->GetOneWayLatency().GetSeconds() * 1e6,
                    "us"});
    rows.push_back({"ping-pong", iface, bytes, "bandwidth", client->GetBandwidthMBps(), "MB/s"});
    Simulator::Destroy();
}

/// Stream of \p messages of \p bytes on \p iface: its row.
void
RunStream(const std::string& iface,
          uint32_t bytes,
          uint32_t messages,
          std::vector<ShootoutRow>& rows)
{
    SanBenchTestbed testbed(iface);
    SanStreamHelper stream(testbed.GetMessengerType());
    testbed.ConfigureMessenger(stream);
    stream.SetClientAttribute("MessageBytes", UintegerValue(bytes));
    stream.SetClientAttribute("Messages", UintegerValue(messages));
    stream.SetServerAttribute("WarmupMessages", UintegerValue(messages / 8 + 1));
    ApplicationContainer apps =
        stream.Install(testbed.GetHosts().Get(0), testbed.GetHosts().Get(1));
    apps.Start(MicroSeconds(10));
    Simulator::Stop(Seconds(60));
    Simulator::Run();
    Ptr<SanStreamSink> sink = DynamicCast<SanStreamSink>(apps.Get(0));
    NS_ABORT_MSG_IF(sink->GetReceived() != messages,
                    "nic-shootout: the stream over " << iface << " (" << bytes << " B) delivered "
                                                     << sink->GetReceived() << " of " << messages);
    rows.push_back({"stream", iface, bytes, "bandwidth", sink->GetBandwidthMBps(), "MB/s"});
    Simulator::Destroy();
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string csv = "results/shootout.csv";
    std::string interfaces;
    std::string sizes = "8,64,512,4096,32768";
    uint32_t rounds = 20;
    uint32_t messages = 64;
    uint32_t streamBytes = 1 << 20;
    CommandLine cmd(__FILE__);
    cmd.AddValue("csv", "output CSV (none: print the rows only)", csv);
    cmd.AddValue("interfaces",
                 "comma-separated SanBenchTestbed interfaces (empty: all)",
                 interfaces);
    cmd.AddValue("sizes", "comma-separated message sizes in bytes", sizes);
    cmd.AddValue("rounds", "measured ping-pong rounds per size", rounds);
    cmd.AddValue("messages", "stream messages per size, at least", messages);
    cmd.AddValue("streamBytes", "stream bytes per size, at least", streamBytes);
    cmd.Parse(argc, argv);

    // Bad input: one line and status 1, before anything is built.
    auto fail = [](const std::string& why) {
        std::cerr << "nic-shootout: " << why << std::endl;
        return 1;
    };
    const std::vector<std::string> known = SanBenchTestbed::GetInterfaces();
    std::vector<std::string> ifaces = interfaces.empty() ? known : SplitList(interfaces);
    for (const std::string& iface : ifaces)
    {
        if (std::find(known.begin(), known.end(), iface) == known.end())
        {
            std::string list;
            for (const std::string& k : known)
            {
                list += " " + k;
            }
            return fail("--interfaces: no interface '" + iface + "' (known:" + list + ")");
        }
    }
    std::vector<uint32_t> byteSizes;
    for (const std::string& s : SplitList(sizes))
    {
        char* end = nullptr;
        const unsigned long n = std::strtoul(s.c_str(), &end, 10);
        if (end == s.c_str() || *end != '\0' || n < 8 || n > (1u << 20))
        {
            return fail("--sizes: '" + s + "' is not a size from 8 bytes to 1 MiB");
        }
        byteSizes.push_back(static_cast<uint32_t>(n));
    }
    if (byteSizes.empty() || rounds == 0 || messages < 2)
    {
        return fail("need --sizes, --rounds >= 1 and --messages >= 2");
    }

    std::vector<ShootoutRow> rows;
    for (const std::string& iface : ifaces)
    {
        std::cout << "nic-shootout: " << iface << ": " << SanBenchTestbed(iface).GetDescription()
                  << std::endl;
        Simulator::Destroy();
        for (uint32_t bytes : byteSizes)
        {
            RunPingPong(iface, bytes, rounds, rows);
            // At least streamBytes per size, so that the window spans many arrivals even
            // where a library hands up many small messages at once.
            const uint32_t n = std::max<uint32_t>(messages, (streamBytes + bytes - 1) / bytes);
            RunStream(iface, bytes, n, rows);
        }
    }

    std::printf("%-10s %-15s %9s %-16s %12s %s\n",
                "workload",
                "interface",
                "bytes",
                "figure",
                "value",
                "unit");
    for (const ShootoutRow& r : rows)
    {
        std::printf("%-10s %-15s %9u %-16s %12.3f %s\n",
                    r.workload.c_str(),
                    r.iface.c_str(),
                    r.bytes,
                    r.figure.c_str(),
                    r.value,
                    r.unit.c_str());
    }
    if (csv.empty() || csv == "none")
    {
        return 0;
    }
    SanResultsWriter writer("shootout");
    writer.AddParameters(SanResultsWriter::CommandLineParameters(argc, argv));
    SanOutputFile file;
    const std::string error = file.Open(csv);
    if (!error.empty())
    {
        std::cerr << "nic-shootout: " << error << std::endl;
        return 1;
    }
    std::ostream& out = file.Stream();
    for (const auto& [key, value] : writer.GetProvenance())
    {
        out << "# " << key << ": " << value << "\n";
    }
    out << "workload,interface,preset,size_bytes,figure,value,unit\n";
    char value[32];
    for (const ShootoutRow& r : rows)
    {
        std::snprintf(value, sizeof(value), "%.6g", r.value);
        out << r.workload << "," << r.iface << ",as-published," << r.bytes << "," << r.figure << ","
            << value << "," << r.unit << "\n";
    }
    const std::string committed = file.Commit();
    if (!committed.empty())
    {
        std::cerr << "nic-shootout: " << committed << std::endl;
        return 1;
    }
    std::cout << "nic-shootout: wrote " << csv << std::endl;
    return 0;
}
