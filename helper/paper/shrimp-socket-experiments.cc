/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Figure 7 and the ttcp runs of section 4.3: SHRIMP stream sockets.

#include "shrimp-socket-experiments.h"

#include "shrimp-paper-experiments.h"
#include "shrimp-scenario.h"

#include "ns3/abort.h"
#include "ns3/application-container.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet.h"
#include "ns3/san-callback.h"
#include "ns3/shrimp-socket-factory.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <memory>

namespace ns3
{

namespace
{

/// The sockets' hosts: opposite corners of the 2x2 mesh, as the VMMC ping-pong.
constexpr uint32_t CLIENT = 0;
constexpr uint32_t SERVER = 3;
/// The server's port.
constexpr uint16_t PORT = 5000;

/// A scenario with the Ethernet and the sockets library on every host.
std::unique_ptr<ShrimpScenario>
SocketScenario(ShrimpSocket::Variant v, uint32_t userOffset)
{
    ShrimpScenario::Spec spec = ShrimpScenario::Configure(2, 2);
    spec.ethernet = true;
    auto scenario = std::make_unique<ShrimpScenario>(spec);
    ShrimpSocketFactory::Install(scenario->GetHosts());
    for (uint32_t i = 0; i < scenario->GetNHosts(); ++i)
    {
        Ptr<ShrimpSocketFactory> f = scenario->GetHosts().Get(i)->GetObject<ShrimpSocketFactory>();
        f->SetAttribute("Variant", EnumValue(v));
        f->SetAttribute("UserBufferOffset", UintegerValue(userOffset));
    }
    return scenario;
}

/// \return a listening SHRIMP socket on \p node whose accepted sockets get \p accepted
Ptr<Socket>
Listen(Ptr<Node> node, std::function<void(Ptr<Socket>)> accepted)
{
    Ptr<Socket> l = Socket::CreateSocket(node, ShrimpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(l->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT)) != 0 ||
                        l->Listen() != 0,
                    "ShrimpSocketExperiments: listen failed");
    l->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                         MakeSanCallback<void, Ptr<Socket>, const Address&>(
                             [accepted](Ptr<Socket> s, const Address&) { accepted(s); }));
    return l;
}

/// Bandwidth of a one-way run from the receiver's arrivals.
struct Arrivals
{
    Time first{Seconds(-1)};
    Time last;
    uint64_t firstBytes{0};
    uint64_t total{0};

    void Add(uint32_t bytes)
    {
        if (first.IsNegative())
        {
            first = Simulator::Now();
            firstBytes = bytes;
        }
        last = Simulator::Now();
        total += bytes;
    }

    double MBps() const
    {
        NS_ABORT_MSG_IF(last <= first, "ShrimpSocketExperiments: too few arrivals to time");
        return (total - firstBytes) / ((last - first).GetSeconds() * 1e6);
    }
};

uint32_t
DefaultMessages(uint32_t size)
{
    return std::clamp<uint32_t>(1000000 / size, 200, 3000);
}

} // namespace

ShrimpSocketExperiments::PingPong
ShrimpSocketExperiments::SocketPingPong(ShrimpSocket::Variant v,
                                        uint32_t size,
                                        uint32_t rounds,
                                        uint32_t userOffset)
{
    NS_ABORT_MSG_IF(size == 0 || rounds == 0, "SocketPingPong: size and rounds must be positive");
    auto scenario = SocketScenario(v, userOffset);
    const uint32_t warmup = 2;
    Ptr<Packet> message = Create<Packet>(size);
    auto serverGot = std::make_shared<uint32_t>(0);
    Ptr<Socket> listener =
        Listen(scenario->GetHosts().Get(SERVER), [serverGot, size, message](Ptr<Socket> s) {
            s->SetRecvCallback(
                MakeSanCallback<void, Ptr<Socket>>([serverGot, size, message](Ptr<Socket> s) {
                    Ptr<Packet> p;
                    while ((p = s->Recv()) != nullptr)
                    {
                        *serverGot += p->GetSize();
                        while (*serverGot >= size)
                        {
                            *serverGot -= size;
                            s->Send(message->Copy());
                        }
                    }
                }));
        });
    Ptr<Socket> client =
        Socket::CreateSocket(scenario->GetHosts().Get(CLIENT), ShrimpSocketFactory::GetTypeId());
    uint32_t got = 0;
    uint32_t done = 0;
    Time t0;
    Time t1;
    client->SetConnectCallback(
        MakeSanCallback<void, Ptr<Socket>>([message](Ptr<Socket> s) { s->Send(message->Copy()); }),
        MakeNullCallback<void, Ptr<Socket>>());
    client->SetRecvCallback(MakeSanCallback<void, Ptr<Socket>>([&](Ptr<Socket> s) {
        Ptr<Packet> p;
        while ((p = s->Recv()) != nullptr)
        {
            got += p->GetSize();
            if (got < size)
            {
                continue;
            }
            got -= size;
            ++done;
            if (done == warmup)
            {
                t0 = Simulator::Now();
            }
            if (done == warmup + rounds)
            {
                t1 = Simulator::Now();
                return;
            }
            s->Send(message->Copy());
        }
    }));
    const Address server = InetSocketAddress(scenario->GetEthernetAddress(SERVER), PORT);
    // TCP sockets connect once the simulation runs.
    Simulator::Schedule(MilliSeconds(1), [client, server]() { client->Connect(server); });
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(t1 <= t0, "SocketPingPong: the ping-pong did not complete");
    PingPong r;
    r.oneWayUs = (t1 - t0).GetSeconds() * 1e6 / (2.0 * rounds);
    r.mbps = size / r.oneWayUs;
    return r;
}

double
ShrimpSocketExperiments::SocketSmallOverheadUs(ShrimpSocket::Variant v, uint32_t size)
{
    const double sockets = SocketPingPong(v, size).oneWayUs;
    const ShrimpPaperExperiments::VmmcVariant hw = v == ShrimpSocket::AU_2COPY
                                                       ? ShrimpPaperExperiments::AU_2COPY
                                                       : ShrimpPaperExperiments::DU_1COPY;
    return sockets - ShrimpPaperExperiments::VmmcPingPong(hw, size).oneWayUs;
}

double
ShrimpSocketExperiments::TtcpMBps(uint32_t size, ShrimpSocket::Variant v, uint32_t messages)
{
    NS_ABORT_MSG_IF(size == 0, "TtcpMBps: size must be positive");
    if (messages == 0)
    {
        messages = DefaultMessages(size);
    }
    auto scenario = SocketScenario(v, 0);
    const uint64_t total = uint64_t(size) * messages;
    PacketSinkHelper sink("ns3::ShrimpSocketFactory",
                          InetSocketAddress(Ipv4Address::GetAny(), PORT));
    ApplicationContainer sinks = sink.Install(scenario->GetHosts().Get(SERVER));
    BulkSendHelper bulk("ns3::ShrimpSocketFactory",
                        InetSocketAddress(scenario->GetEthernetAddress(SERVER), PORT));
    bulk.SetAttribute("SendSize", UintegerValue(size));
    bulk.SetAttribute("MaxBytes", UintegerValue(total));
    ApplicationContainer senders = bulk.Install(scenario->GetHosts().Get(CLIENT));
    Arrivals arrivals;
    sinks.Get(0)->TraceConnectWithoutContext(
        "Rx",
        MakeSanCallback<void, Ptr<const Packet>, const Address&>(
            [&arrivals](Ptr<const Packet> p, const Address&) { arrivals.Add(p->GetSize()); }));
    sinks.Start(Seconds(0));
    senders.Start(MilliSeconds(1));
    Simulator::Stop(Seconds(60));
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(arrivals.total != total,
                    "TtcpMBps: the sink received " << arrivals.total << " of " << total
                                                   << " bytes");
    return arrivals.MBps();
}

double
ShrimpSocketExperiments::OneWayMBps(uint32_t size, ShrimpSocket::Variant v, uint32_t messages)
{
    NS_ABORT_MSG_IF(size == 0, "OneWayMBps: size must be positive");
    if (messages == 0)
    {
        messages = DefaultMessages(size);
    }
    auto scenario = SocketScenario(v, 0);
    Arrivals arrivals;
    Ptr<Socket> listener =
        Listen(scenario->GetHosts().Get(SERVER), [&arrivals, size](Ptr<Socket> s) {
            s->SetRecvCallback(MakeSanCallback<void, Ptr<Socket>>([&arrivals, size](Ptr<Socket> s) {
                Ptr<Packet> p;
                while ((p = s->Recv(size, 0)) != nullptr)
                {
                    arrivals.Add(p->GetSize());
                }
            }));
        });
    Ptr<Socket> client =
        Socket::CreateSocket(scenario->GetHosts().Get(CLIENT), ShrimpSocketFactory::GetTypeId());
    uint32_t sent = 0;
    // The blocking send(): the next call once the previous one has returned.
    auto sendOne = [&sent, size, messages](Ptr<Socket> s) {
        if (sent < messages && s->Send(Create<Packet>(size)) == static_cast<int>(size))
        {
            ++sent;
        }
    };
    client->SetConnectCallback(Callback<void, Ptr<Socket>>(sendOne),
                               MakeNullCallback<void, Ptr<Socket>>());
    client->SetDataSentCallback(MakeSanCallback<void, Ptr<Socket>, uint32_t>(
        [sendOne](Ptr<Socket> s, uint32_t) { sendOne(s); }));
    const Address server = InetSocketAddress(scenario->GetEthernetAddress(SERVER), PORT);
    Simulator::Schedule(MilliSeconds(1), [client, server]() { client->Connect(server); });
    Simulator::Stop(Seconds(60));
    Simulator::Run();
    Simulator::Destroy();
    NS_ABORT_MSG_IF(arrivals.total != uint64_t(size) * messages,
                    "OneWayMBps: received " << arrivals.total << " of " << uint64_t(size) * messages
                                            << " bytes");
    return arrivals.MBps();
}

} // namespace ns3
