/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-baseline-experiments.h"

#include "clan-scenario.h"
#include "sci-scenario.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/clan-context.h"
#include "ns3/clan-ip-transport.h"
#include "ns3/data-rate.h"
#include "ns3/host-socket-calls.h"
#include "ns3/host-stack-helper.h"
#include "ns3/host-stack-net-device.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/san-callback.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-fabric.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-host.h"
#include "ns3/san-ip-helper.h"
#include "ns3/san-ip-net-device.h"
#include "ns3/san-results-writer.h"
#include "ns3/sci-ip-transport.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <functional>
#include <limits>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpBaselineExperiments");

namespace
{

/// The ping-pong's state, shared by its callbacks.
struct PingPongState
{
    Ptr<HostSocketCalls> client; //!< the sending process
    Ptr<HostSocketCalls> server; //!< the echoing process
    uint32_t bytes{0};           //!< message size
    uint32_t total{0};           //!< rounds to run
    uint32_t warmup{0};          //!< rounds not measured
    uint32_t done{0};            //!< rounds finished
    Time start;                  //!< start of the first measured round
    Time end;                    //!< end of the last round
};

void ClientRound(std::shared_ptr<PingPongState> s);

void
ServerLoop(std::shared_ptr<PingPongState> s)
{
    s->server->Recv(s->bytes, MakeSanCallback<void, Ptr<Packet>>([s](Ptr<Packet> p) {
                        s->server->Send(p, MakeSanCallback<void>([s]() { ServerLoop(s); }));
                    }));
}

void
ClientRound(std::shared_ptr<PingPongState> s)
{
    if (s->done == s->warmup)
    {
        s->start = Simulator::Now();
    }
    s->client->Send(Create<Packet>(s->bytes), MakeSanCallback<void>([s]() {
                        s->client->Recv(s->bytes,
                                        MakeSanCallback<void, Ptr<Packet>>([s](Ptr<Packet>) {
                                            ++s->done;
                                            if (s->done == s->total)
                                            {
                                                s->end = Simulator::Now();
                                                Simulator::Stop();
                                                return;
                                            }
                                            ClientRound(s);
                                        }));
                    }));
}

} // namespace

TcpBaselineExperiments::Link
TcpBaselineExperiments::Ethernet100()
{
    Link l;
    l.name = "eth100";
    l.rateBps = 100e6;
    l.mtu = 1500;
    // ASSUMED: the benchmark kept Linux 2.2's default socket buffers (net.core.rmem_default and
    // wmem_default, 65535 bytes); section 6.1 states buffer sizes only for the gigabit runs.
    l.socketBuffer = 65535;
    l.nicCosts = "ns3::Tulip100NicCosts";
    return l;
}

TcpBaselineExperiments::Link
TcpBaselineExperiments::ClanIpEarly()
{
    Link l;
    l.name = "clanip";
    l.rateBps = 1.2e9; // the G-Link's data rate (ClanScenario)
    l.mtu = 1500;      // ClanIpTransport's default (ASSUMED there)
    // Section 6.1: "CLAN IP is using just 32 kilobytes per socket buffer".
    l.socketBuffer = 32 * 1024;
    l.nicCosts = "ns3::ClanIpNicCosts";
    l.clanIp = true;
    l.onePacketInFlight = true;
    l.rateCapBps = 250e6;
    return l;
}

TcpBaselineExperiments::Link
TcpBaselineExperiments::GigabitEthernet()
{
    Link l;
    l.name = "gige";
    l.rateBps = 1e9;
    // Section 6.1: "configured to use jumbo frames and large socket buffers (256 kilobytes)".
    // Jumbo frames: the 9000-byte MTU of the AceNIC (acenic.c, ACE_JUMBO_MTU).
    l.mtu = 9000;
    l.socketBuffer = 256 * 1024;
    l.nicCosts = "ns3::AcenicGigabitNicCosts";
    return l;
}

void
TcpBaselineExperiments::ConfigureSocket(Ptr<Socket> socket, const Link& link)
{
    // The MSS is the MTU less the IP and TCP headers (40 bytes) and the timestamp option
    // (12 bytes), which Linux 2.2 sends by default; ns-3's TCP adds its options on top of
    // "SegmentSize", so a larger value would make IPv4 fragment every full segment.
    socket->SetAttribute("SegmentSize", UintegerValue(link.mtu - 52));
    socket->SetAttribute("SndBufSize", UintegerValue(link.socketBuffer));
    socket->SetAttribute("RcvBufSize", UintegerValue(link.socketBuffer));
}

TcpBaselineExperiments::Pair
TcpBaselineExperiments::BuildPair(const Link& link)
{
    NS_ABORT_MSG_IF(!(link.rateBps > 0) || link.mtu < 576 || link.socketBuffer == 0,
                    "TcpBaselineExperiments: bad link " << link.name);
    Pair pair;
    NodeContainer& nodes = pair.nodes;
    if (!link.clanIp && !link.sciNdis)
    {
        nodes.Create(2);
        SanHostHelper hosts;
        hosts.SetPreset(link.hostPreset);
        hosts.Install(nodes);
    }
    HostStackHelper stack;
    stack.SetStackCosts(link.stackCosts);
    stack.SetNicCosts(link.nicCosts);
    InternetStackHelper internet;

    if (link.clanIp)
    {
        // Two CLAN hosts back to back; the kernel's own context on each NIC carries IP.
        ClanScenario s(ClanScenario::Configure(2));
        nodes = s.GetHosts();
        pair.fabric = s.GetFabricHelper().GetFabric();
        SanIpHelper ip;
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<ClanContext> kernel = CreateObject<ClanContext>();
            kernel->SetAttribute("InKernel", BooleanValue(true));
            kernel->Open(s.nics[i]);
            Ptr<ClanIpTransport> t = CreateObject<ClanIpTransport>();
            t->SetAttribute("Mtu", UintegerValue(link.mtu));
            t->SetAttribute("OnePacketInFlight", BooleanValue(link.onePacketInFlight));
            t->SetAttribute("RateCap",
                            DataRateValue(DataRate(static_cast<uint64_t>(link.rateCapBps))));
            t->Setup(kernel);
            pair.lowers.Add(ip.Install(nodes.Get(i), t));
        }
        pair.devices = stack.Install(pair.lowers);
        internet.Install(nodes);
        // SanIpNetDevice's default "Network": host n is 10.2.0.(n + 1).
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0");
        pair.interfaces = addresses.Assign(pair.devices);
        return pair;
    }

    if (link.sciNdis)
    {
        // Two SCI hosts (one switch); the NDIS driver's transport on each adapter carries IP.
        SciScenario::Spec spec = SciScenario::Configure(2);
        spec.hostPreset = link.hostPreset;
        SciScenario s(spec);
        nodes = s.GetHosts();
        pair.fabric = s.GetFabricHelper().GetFabric();
        SanIpHelper ip;
        std::vector<Ptr<SciIpTransport>> t;
        for (uint32_t i = 0; i < 2; ++i)
        {
            t.push_back(CreateObject<SciIpTransport>());
            t.back()->SetAttribute("Mtu", UintegerValue(link.mtu));
            t.back()->Setup(s.nics[i]);
        }
        SciIpTransport::Connect(t[0], t[1]);
        for (uint32_t i = 0; i < 2; ++i)
        {
            pair.lowers.Add(ip.Install(nodes.Get(i), t[i]));
        }
        pair.devices = stack.Install(pair.lowers);
        internet.Install(nodes);
        // SanIpNetDevice's default "Network": host n is 10.2.0.(n + 1).
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0");
        pair.interfaces = addresses.Assign(pair.devices);
        return pair;
    }

    if (link.atmLane)
    {
        // One ATM switch (a crossbar in the fabric's cell mode), IP over LAN Emulation.
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        fabric.SetRouting("ns3::SanDimensionOrderRouting");
        fabric.SetFabricAttribute("SwitchingMode", StringValue("Cell"));
        fabric.SetChannelAttribute("DataRate",
                                   DataRateValue(DataRate(static_cast<uint64_t>(link.rateBps))));
        const NetDeviceContainer ports = fabric.Install(nodes);
        pair.fabric = fabric.GetFabric();
        SanIpHelper ip;
        ip.SetTransportAttribute("Mtu", UintegerValue(link.mtu));
        pair.lowers = ip.Install(ports);
        pair.devices = stack.Install(pair.lowers);
        internet.Install(nodes);
        // SanIpNetDevice's default "Network": host n is 10.2.0.(n + 1).
        Ipv4AddressHelper addresses("10.2.0.0", "255.255.0.0");
        pair.interfaces = addresses.Assign(pair.devices);
        return pair;
    }

    PointToPointHelper wire;
    wire.SetDeviceAttribute("DataRate",
                            DataRateValue(DataRate(static_cast<uint64_t>(link.rateBps))));
    wire.SetDeviceAttribute("Mtu", UintegerValue(link.mtu));
    // IEEE 802.3: 8 bytes of preamble and 12 of inter-frame gap around every frame. (ns-3's
    // point-to-point device is full duplex, as the back-to-back links were; its 2-byte PPP
    // header stands for Ethernet's 14-byte header and 4-byte FCS: 16 bytes of wire time short.)
    wire.SetDeviceAttribute("InterframeGap", TimeValue(Seconds(20 * 8 / link.rateBps)));
    // ASSUMED: a few metres of cable.
    wire.SetChannelAttribute("Delay", TimeValue(NanoSeconds(25)));
    pair.lowers = wire.Install(nodes);
    pair.devices = stack.Install(pair.lowers);
    internet.Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    pair.interfaces = addresses.Assign(pair.devices);
    return pair;
}

void
TcpBaselineExperiments::ConnectProcesses(
    const Pair& pair,
    const Link& link,
    Callback<void, Ptr<HostSocketCalls>, Ptr<HostSocketCalls>> ready)
{
    const uint16_t port = 5001;
    Ptr<Node> serverNode = pair.nodes.Get(1);
    Ptr<Node> clientNode = pair.nodes.Get(0);
    Ptr<HostStackNetDevice> serverDev = DynamicCast<HostStackNetDevice>(pair.devices.Get(1));
    Ptr<HostStackNetDevice> clientDev = DynamicCast<HostStackNetDevice>(pair.devices.Get(0));
    NS_ABORT_MSG_IF(!serverDev || !clientDev,
                    "TcpBaselineExperiments::ConnectProcesses: not a BuildPair pair");

    // Both ends: the client is connected first (SYN-ACK), the server accepts on the last ACK.
    struct Ends
    {
        Ptr<HostSocketCalls> client;
        Ptr<HostSocketCalls> server;
        bool connected{false};
    };

    auto ends = std::make_shared<Ends>();
    auto maybeReady = [ends, ready]() {
        if (ends->connected && ends->server)
        {
            Ptr<HostSocketCalls> client = ends->client;
            Ptr<HostSocketCalls> server = ends->server;
            // The sockets' callbacks hold these ends: drop the processes from them.
            ends->client = nullptr;
            ends->server = nullptr;
            ready(client, server);
        }
    };
    Ptr<Socket> listener = Socket::CreateSocket(serverNode, TcpSocketFactory::GetTypeId());
    ConfigureSocket(listener, link);
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
    listener->Listen();
    listener->SetAcceptCallback(
        MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
        MakeSanCallback<void, Ptr<Socket>, const Address&>(
            [ends, serverNode, serverDev, maybeReady](Ptr<Socket> accepted, const Address&) {
                ends->server = CreateObject<HostSocketCalls>();
                ends->server->Setup(SanHost::Of(serverNode), accepted, serverDev->GetStackCosts());
                maybeReady();
            }));

    Ptr<Socket> client = Socket::CreateSocket(clientNode, TcpSocketFactory::GetTypeId());
    ConfigureSocket(client, link);
    ends->client = CreateObject<HostSocketCalls>();
    ends->client->Setup(SanHost::Of(clientNode), client, clientDev->GetStackCosts());
    client->SetConnectCallback(MakeSanCallback<void, Ptr<Socket>>([ends, maybeReady](Ptr<Socket>) {
                                   ends->connected = true;
                                   maybeReady();
                               }),
                               MakeNullCallback<void, Ptr<Socket>>());
    client->Connect(InetSocketAddress(pair.interfaces.GetAddress(1), port));
}

TcpBaselineExperiments::PingPong
TcpBaselineExperiments::Run(const Link& link, uint32_t bytes, uint32_t rounds, uint32_t warmup)
{
    NS_ABORT_MSG_IF(bytes == 0, "TcpBaselineExperiments::Run: zero-byte messages");
    NS_ABORT_MSG_IF(rounds == 0, "TcpBaselineExperiments::Run: no measured rounds");
    const Pair pair = BuildPair(link);
    auto s = std::make_shared<PingPongState>();
    s->bytes = bytes;
    s->warmup = warmup;
    s->total = warmup + rounds;
    ConnectProcesses(pair,
                     link,
                     MakeSanCallback<void, Ptr<HostSocketCalls>, Ptr<HostSocketCalls>>(
                         [s](Ptr<HostSocketCalls> client, Ptr<HostSocketCalls> server) {
                             s->client = client;
                             s->server = server;
                             ServerLoop(s);
                             ClientRound(s);
                         }));

    Simulator::Stop(Seconds(100));
    Simulator::Run();
    const uint32_t finished = s->done;
    PingPong r;
    if (finished == s->total)
    {
        r.rttUs = (s->end - s->start).GetSeconds() * 1e6 / rounds;
        r.bandwidthMbps = bytes * 8.0 / r.rttUs;
    }
    // Break the callback cycles before the simulator's objects go.
    s->client = nullptr;
    s->server = nullptr;
    Simulator::Destroy();
    NS_ABORT_MSG_IF(finished != warmup + rounds,
                    "TcpBaselineExperiments::Run: " << link.name << ", " << bytes << " bytes: only "
                                                    << finished << " of " << warmup + rounds
                                                    << " rounds finished");
    return r;
}

double
TcpBaselineExperiments::Stream(const Link& link,
                               uint32_t bytes,
                               uint32_t messages,
                               std::array<uint64_t, 2>* interrupts)
{
    NS_ABORT_MSG_IF(bytes == 0 || messages < 2,
                    "TcpBaselineExperiments::Stream: need bytes > 0 and at least 2 messages");
    const Pair pair = BuildPair(link);

    struct State
    {
        Ptr<HostSocketCalls> writer;
        Ptr<HostSocketCalls> reader;
        uint32_t written{0};
        uint32_t read{0};
        Time start;
        Time end;
    };

    auto s = std::make_shared<State>();
    auto write = std::make_shared<std::function<void()>>();
    auto read = std::make_shared<std::function<void()>>();
    std::weak_ptr<std::function<void()>> writeRef = write;
    std::weak_ptr<std::function<void()>> readRef = read;
    *write = [s, bytes, messages, writeRef]() {
        if (s->written == messages)
        {
            return;
        }
        ++s->written;
        s->writer->Send(Create<Packet>(bytes), MakeSanCallback<void>([writeRef]() {
                            if (auto w = writeRef.lock())
                            {
                                (*w)();
                            }
                        }));
    };
    *read = [s, bytes, messages, readRef]() {
        s->reader->Recv(bytes,
                        MakeSanCallback<void, Ptr<Packet>>([s, messages, readRef](Ptr<Packet>) {
                            if (++s->read == messages)
                            {
                                s->end = Simulator::Now();
                                Simulator::Stop();
                                return;
                            }
                            if (auto r = readRef.lock())
                            {
                                (*r)();
                            }
                        }));
    };
    ConnectProcesses(pair,
                     link,
                     MakeSanCallback<void, Ptr<HostSocketCalls>, Ptr<HostSocketCalls>>(
                         [s, write, read](Ptr<HostSocketCalls> w, Ptr<HostSocketCalls> r) {
                             s->writer = w;
                             s->reader = r;
                             s->start = Simulator::Now();
                             (*read)();
                             (*write)();
                         }));
    Simulator::Stop(Seconds(100));
    Simulator::Run();
    const uint32_t done = s->read;
    const double seconds = (s->end - s->start).GetSeconds();
    if (interrupts != nullptr)
    {
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<SanHost> host = pair.nodes.Get(i)->GetObject<SanHost>();
            (*interrupts)[i] = host ? host->GetCpu()->GetInterrupts() : 0;
        }
    }
    s->writer = nullptr;
    s->reader = nullptr;
    Simulator::Destroy();
    if (done != messages)
    {
        // A zero window the receiver never reopens (HostSocketCalls sends the window update
        // after reads), or a run longer than the limit.
        NS_LOG_WARN("TcpBaselineExperiments::Stream: "
                    << link.name << ", " << bytes << " bytes: only " << done << " of " << messages
                    << " messages in 100 s (zero window)");
        return std::numeric_limits<double>::quiet_NaN();
    }
    return static_cast<double>(bytes) * messages / seconds / 1e6;
}

std::vector<SanPaperRow>
TcpBaselineExperiments::Table1()
{
    const Link eth = Ethernet100();
    const Link gige = GigabitEthernet();
    // The round trip: 1-byte messages (the paper does not state the size; ASSUMED the smallest).
    const PingPong ethRtt = Run(eth, 1);
    const PingPong gigeRtt = Run(gige, 1);
    const PingPong ethBw = Run(eth, 1024);
    const PingPong gigeBw = Run(gige, 1024);
    const Link clan = ClanIpEarly();
    const PingPong clanRtt = Run(clan, 1);
    const PingPong clanBw = Run(clan, 1024);

    std::vector<SanPaperRow> rows;
    auto add = [&rows](const std::string& metric,
                       const std::string& unit,
                       SanPaperValue paper,
                       double sim,
                       const std::string& source,
                       double tolerance,
                       SanPaperRow::Role role) {
        SanPaperRow r;
        r.experiment = "table1_tcp";
        r.metric = metric;
        r.unit = unit;
        r.paper = paper;
        r.simulated = sim;
        r.source = source;
        r.tolerance = tolerance;
        r.role = role;
        rows.push_back(r);
    };
    add("eth100_rtt_us",
        "us",
        SanPaperValue::Value(160),
        ethRtt.rttUs,
        "Table 1 (100 Mbit ethernet RTT; 1-byte TCP ping-pong); FITTED to this figure: "
        "Tulip100NicCosts ReceiveLatency",
        0.02,
        SanPaperRow::FITTED);
    add("eth100_bw_1KB_Mbps",
        "Mbit/s (10^6)",
        SanPaperValue::Value(23),
        ethBw.bandwidthMbps,
        "Table 1 (100 Mbit ethernet B/W at 1 KByte: 1024 bytes per ping-pong round trip)",
        0.15,
        SanPaperRow::PREDICTION);
    add("gige_rtt_us",
        "us",
        SanPaperValue::Value(260),
        gigeRtt.rttUs,
        "Table 1 (Gigabit ethernet RTT; 1-byte TCP ping-pong, jumbo frames, 256 KB socket "
        "buffers); FITTED to this figure: AcenicGigabitNicCosts ReceiveInterruptDelay",
        0.02,
        SanPaperRow::FITTED);
    add("gige_bw_1KB_Mbps",
        "Mbit/s (10^6)",
        SanPaperValue::Range(23, 28),
        gigeBw.bandwidthMbps,
        "Table 1 (Gigabit ethernet B/W at 1 KByte: 1024 bytes per ping-pong round trip)",
        0.1,
        SanPaperRow::PREDICTION);
    // Table 1's CLAN IP row, the paper's own numbers.
    const double paperClanRttUs = 100;
    const double paperClanBwMbps = 225;
    const double pingPongBytes = 1024;
    add("clan_ip_rtt_us",
        "us",
        SanPaperValue::Value(paperClanRttUs),
        clanRtt.rttUs,
        "Table 1 (CLAN IP RTT; 1-byte TCP ping-pong, 32 KB socket buffers, one packet in "
        "flight, 250 Mbit/s cap; the Linux stack has no fit)",
        0.15,
        SanPaperRow::PREDICTION);
    if (!rows.back().Passes())
    {
        rows.back().deviation =
            "Low: the model's CLAN IP path (Tripwire interrupts, DMA, completion queues) plus "
            "four passes of the Linux stack at its assumed 2000 instructions (5.7 us) per "
            "segment is shorter than the paper's early implementation was; what else it spent "
            "is not documented. Each 1000 instructions more per segment add 11.3 us to this "
            "round trip (4 passes at 2.83 us), and the Tulip's fitted receive latency, paid "
            "twice per Ethernet round trip, would shrink by 5.7 us.";
        rows.back().missing =
            "what the early CLAN IP implementation spent per segment in its driver and the "
            "Linux stack. Searched: Riddoch et al., 'Distributed Computing with the CLAN "
            "Network' (HSLN 2002: abstract only; an in-kernel stack gave the first results), "
            "Riddoch's thesis 'Low Latency Distributed Computing' (2003) and the CLAN project "
            "pages (no round-trip breakdown)";
    }
    add("clan_ip_bw_1KB_Mbps",
        "Mbit/s (10^6)",
        SanPaperValue::Value(paperClanBwMbps),
        clanBw.bandwidthMbps,
        "Table 1 (CLAN IP B/W at 1 KByte: 1024 bytes per ping-pong round trip, as the "
        "Ethernet rows)",
        0.15,
        SanPaperRow::PREDICTION);
    if (!rows.back().Passes())
    {
        // The paper's own arithmetic: a 1 KB message's round trip takes at least the smallest
        // message's (its RTT column), so a ping-pong moves at most 1024 bytes per that time.
        const double oneWayBound = 8 * pingPongBytes / paperClanRttUs;
        const double bothWaysBound = 2 * oneWayBound;
        char text[512];
        std::snprintf(text,
                      sizeof(text),
                      "A ping-pong of %g bytes whose round trip is at least the paper's %g us "
                      "cannot exceed 8 x %g / %g us = %.1f Mbit/s (%.1f counting the bytes both "
                      "ways): the paper's %g Mbit/s (near the 250 Mbit/s cap) cannot come from "
                      "the test it describes; clan_ip_stream_1KB_Mbps is a stream of 1 KB "
                      "messages.",
                      pingPongBytes,
                      paperClanRttUs,
                      pingPongBytes,
                      paperClanRttUs,
                      oneWayBound,
                      bothWaysBound,
                      paperClanBwMbps);
        rows.back().deviation = text;
        rows.back().paperInconsistency = paperClanBwMbps > bothWaysBound;
    }
    {
        SanPaperRow r;
        r.experiment = "table1_tcp";
        r.metric = "clan_ip_stream_1KB_Mbps";
        r.unit = "Mbit/s (10^6)";
        r.simulated = Stream(clan, 1024, 200) * 8;
        r.source = "CLAN IP (early version) streaming 1 KB messages one way (not in the paper)";
        rows.push_back(r);
    }
    return rows;
}

std::vector<uint32_t>
TcpBaselineExperiments::Figure12Sizes()
{
    std::vector<uint32_t> sizes;
    for (uint32_t b = 64; b <= 65536; b *= 2)
    {
        sizes.push_back(b);
    }
    return sizes;
}

void
TcpBaselineExperiments::WriteFigure12(const std::string& path)
{
    SanOutputStream out(path);
    out << "size_bytes,eth100_Mbps,gige_Mbps,clanip_Mbps,eth100_rtt_us,gige_rtt_us,"
           "clanip_rtt_us\n";
    const uint32_t rounds = SanResultsWriter::IsQuick() ? 5 : 20;
    for (uint32_t b : Figure12Sizes())
    {
        const PingPong e = Run(Ethernet100(), b, rounds);
        const PingPong g = Run(GigabitEthernet(), b, rounds);
        const PingPong c = Run(ClanIpEarly(), b, rounds);
        out << b << "," << e.bandwidthMbps << "," << g.bandwidthMbps << "," << c.bandwidthMbps
            << "," << e.rttUs << "," << g.rttUs << "," << c.rttUs << "\n";
    }
}

} // namespace ns3
