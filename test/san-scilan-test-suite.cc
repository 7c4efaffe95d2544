/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-scilan": SCILAN sockets over the SCI adapter (ScilanSocket through
// ScilanSocketFactory): ns-3's own applications unchanged, byte-exact streams, buffer-level
// flow control, many connecting transmitters serialized on one listener, polling that backs
// off to interrupts, and the fall-through to TCP for addresses outside the cluster.

#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/on-off-helper.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/sci-scenario.h"
#include "ns3/scilan-helper.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/scilan-socket.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-echo-helper.h"
#include "ns3/uinteger.h"

#include <memory>
#include <vector>

using namespace ns3;

namespace
{

/// SCI hosts with SCILAN.
struct ScilanRig
{
    std::unique_ptr<SciScenario> s; //!< hosts and adapters

    /// \param hosts hosts \param polling ScilanStack "Polling" \param ring its "RingBytes"
    /// \param replaceUdp SCILAN also answers for UDP
    explicit ScilanRig(uint32_t hosts = 2,
                       bool polling = false,
                       uint32_t ring = 65536,
                       bool replaceUdp = false)
    {
        s = std::make_unique<SciScenario>(SciScenario::Configure(hosts));
        ScilanHelper scilan;
        scilan.SetReplaceUdp(replaceUdp);
        scilan.SetStackAttribute("Polling", BooleanValue(polling));
        scilan.SetStackAttribute("RingBytes", UintegerValue(ring));
        scilan.Install(s->GetHosts());
    }

    /// \param i host \return a new SCILAN socket on it
    Ptr<Socket> NewSocket(uint32_t i) const
    {
        return Socket::CreateSocket(s->GetHosts().Get(i), ScilanSocketFactory::GetTypeId());
    }

    /// \param i host \param port port \return its cluster address and port
    InetSocketAddress Address(uint32_t i, uint16_t port) const
    {
        return InetSocketAddress(ScilanHelper::GetAddress(s->GetHosts().Get(i)), port);
    }
};

/// \param f a function of a socket \return it as a socket callback
template <typename F>
Callback<void, Ptr<Socket>>
SockCb(F f)
{
    return Callback<void, Ptr<Socket>>(f);
}

/// \param f a function of a new socket and its peer \return it as an accept callback
template <typename F>
Callback<void, Ptr<Socket>, const Address&>
AcceptCb(F f)
{
    return Callback<void, Ptr<Socket>, const Address&>(f);
}

/// \param k a byte's position in a stream \return its value in the test pattern
uint8_t
PatternByte(uint64_t k)
{
    return static_cast<uint8_t>((k * 7 + k / 251) & 0xff);
}

/// A receiving application that checks the pattern byte by byte, reading at most \p chunk
/// bytes every \p period (zero: everything, at once).
struct Checker
{
    uint64_t received{0};             //!< bytes so far
    uint64_t wrong{0};                //!< bytes not matching the pattern
    uint32_t chunk{0};                //!< bytes per read (0: all)
    Time period;                      //!< between reads when slow
    std::vector<Ptr<Socket>> sockets; //!< accepted sockets (kept alive)

    /// \param s a socket to drain
    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv(chunk == 0 ? 1u << 30 : chunk, 0))
        {
            std::vector<uint8_t> b(p->GetSize());
            p->CopyData(b.data(), b.size());
            for (uint8_t v : b)
            {
                wrong += v != PatternByte(received++) ? 1 : 0;
            }
            if (chunk != 0)
            {
                Simulator::Schedule(period, &Checker::Read, this, s);
                return;
            }
        }
    }

    /// Accept callback.
    void Accepted(Ptr<Socket> s, const Address&)
    {
        sockets.push_back(s);
        s->SetRecvCallback(MakeCallback(&Checker::Read, this));
    }
};

/// Send \p total pattern bytes through \p s in \p piece-byte send() calls, as room allows.
struct PatternSender
{
    Ptr<Socket> s;     //!< the socket
    uint64_t total{0}; //!< bytes to send
    uint32_t piece{0}; //!< bytes per call
    uint64_t sent{0};  //!< bytes handed over

    /// Send what fits.
    void Fill(Ptr<Socket>, uint32_t)
    {
        while (sent < total)
        {
            const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(piece, total - sent));
            std::vector<uint8_t> b(n);
            for (uint32_t i = 0; i < n; ++i)
            {
                b[i] = PatternByte(sent + i);
            }
            if (s->Send(Create<Packet>(b.data(), n)) < 0)
            {
                return; // full: the send callback calls again
            }
            sent += n;
        }
    }

    /// Connected.
    void Connected(Ptr<Socket>)
    {
        s->SetSendCallback(MakeCallback(&PatternSender::Fill, this));
        Fill(s, 0);
    }
};

/// ns-3's BulkSend and PacketSink, unmodified, over SCILAN.
class ScilanApplicationsTestCase : public TestCase
{
  public:
    ScilanApplicationsTestCase()
        : TestCase("BulkSend to PacketSink over ScilanSocketFactory, unmodified")
    {
    }

  private:
    void DoRun() override
    {
        ScilanRig r;
        const uint16_t port = 5000;
        PacketSinkHelper sink("ns3::ScilanSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer server = sink.Install(r.s->GetHosts().Get(1));
        BulkSendHelper bulk("ns3::ScilanSocketFactory", r.Address(1, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(1000000));
        bulk.SetAttribute("SendSize", UintegerValue(1460));
        ApplicationContainer client = bulk.Install(r.s->GetHosts().Get(0));
        server.Start(Seconds(0));
        client.Start(MicroSeconds(10));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Ptr<PacketSink> ps = DynamicCast<PacketSink>(server.Get(0));
        NS_TEST_ASSERT_MSG_EQ(ps->GetTotalRx(), 1000000u, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(ps->GetAcceptedSockets().size(), 1u, "one connection accepted");
        Simulator::Destroy();
    }
};

/// OnOff (a stream socket by name) and UdpEcho (which asks for UDP itself: SCILAN answers
/// for it on hosts without ns-3's internet stack) run unchanged.
class ScilanMoreApplicationsTestCase : public TestCase
{
  public:
    ScilanMoreApplicationsTestCase()
        : TestCase("OnOff over ScilanSocketFactory; UdpEcho over SCILAN's datagram sockets")
    {
    }

  private:
    void DoRun() override
    {
        ScilanRig r(3, false, 65536, true);
        PacketSinkHelper sink("ns3::ScilanSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), 6000));
        ApplicationContainer sinkApp = sink.Install(r.s->GetHosts().Get(1));
        OnOffHelper onoff("ns3::ScilanSocketFactory", r.Address(1, 6000));
        onoff.SetConstantRate(DataRate("20Mbps"), 1000);
        onoff.SetAttribute("MaxBytes", UintegerValue(100000));
        onoff.Install(r.s->GetHosts().Get(0)).Start(MicroSeconds(10));
        UdpEchoServerHelper server(9);
        server.Install(r.s->GetHosts().Get(2));
        UdpEchoClientHelper client(ScilanHelper::GetAddress(r.s->GetHosts().Get(2)), 9);
        client.SetAttribute("MaxPackets", UintegerValue(5));
        client.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
        client.SetAttribute("PacketSize", UintegerValue(200));
        ApplicationContainer echo = client.Install(r.s->GetHosts().Get(0));
        echo.Start(MicroSeconds(20));
        uint32_t echoes = 0;
        echo.Get(0)->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>>(
                [&echoes](Ptr<const Packet> p) { echoes += p->GetSize() == 200 ? 1 : 0; }));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(sinkApp.Get(0))->GetTotalRx(),
                              100000u,
                              "OnOff's bytes");
        NS_TEST_ASSERT_MSG_EQ(echoes, 5u, "every echo came back whole");
        Simulator::Destroy();
    }
};

/// A slow reader with small buffers: the transmitter sleeps on its flag when the ring is
/// full, and the stream arrives whole and in order.
class ScilanFlowControlTestCase : public TestCase
{
  public:
    ScilanFlowControlTestCase()
        : TestCase("flow control: a slow receiver blocks the sender; nothing lost or repeated")
    {
    }

  private:
    void DoRun() override
    {
        ScilanRig r(2, false, 4096);
        Checker check;
        check.chunk = 1000;
        check.period = MicroSeconds(200);
        Ptr<Socket> listener = r.NewSocket(1);
        listener->SetAttribute("RcvBufSize", UintegerValue(2048));
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 7));
        listener->Listen();
        // The stream socket base's "Tx" and "Rx" traces count the same bytes.
        uint64_t traced[2] = {0, 0};
        auto counter = [&traced](int i) {
            return Callback<void, Ptr<const Packet>>(
                [&traced, i](Ptr<const Packet> p) { traced[i] += p->GetSize(); });
        };
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    AcceptCb([&check, &counter](Ptr<Socket> s, const Address& a) {
                                        s->TraceConnectWithoutContext("Rx", counter(1));
                                        check.Accepted(s, a);
                                    }));
        PatternSender tx;
        tx.s = r.NewSocket(0);
        tx.total = 65536;
        tx.piece = 3000;
        tx.s->TraceConnectWithoutContext("Tx", counter(0));
        tx.s->SetConnectCallback(MakeCallback(&PatternSender::Connected, &tx),
                                 MakeNullCallback<void, Ptr<Socket>>());
        tx.s->Connect(r.Address(1, 7));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(check.received, 65536u, "the whole stream");
        NS_TEST_ASSERT_MSG_EQ(check.wrong, 0u, "in order, nothing repeated");
        NS_TEST_ASSERT_MSG_EQ(traced[0], 65536u, "Tx traced every send()");
        NS_TEST_ASSERT_MSG_EQ(traced[1], 65536u, "Rx traced every byte received");
        NS_TEST_ASSERT_MSG_GT(r.s->nics[0]->GetFlagInterrupts(),
                              0u,
                              "the transmitter slept on its flag and was woken");
        Simulator::Destroy();
    }
};

/// Many transmitters connect to one listener at once: the lock serializes them; every
/// connection is accepted and carries its bytes.
class ScilanManyConnectorsTestCase : public TestCase
{
  public:
    ScilanManyConnectorsTestCase()
        : TestCase("many connecting transmitters serialized on one listening receiver")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t clients = 8;
        ScilanRig r(clients + 1);
        uint32_t accepted = 0;
        uint64_t bytes = 0;
        std::vector<Ptr<Socket>> keep;
        Ptr<Socket> listener = r.NewSocket(0);
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    AcceptCb(([&](Ptr<Socket> s, const Address&) {
                                        ++accepted;
                                        keep.push_back(s);
                                        s->SetRecvCallback(SockCb(([&bytes](Ptr<Socket> x) {
                                            while (Ptr<Packet> p = x->Recv())
                                            {
                                                bytes += p->GetSize();
                                            }
                                        })));
                                    })));
        std::vector<Ptr<Socket>> socks;
        for (uint32_t i = 1; i <= clients; ++i)
        {
            Ptr<Socket> s = r.NewSocket(i);
            s->SetConnectCallback(SockCb(([](Ptr<Socket> x) { x->Send(Create<Packet>(1000)); })),
                                  MakeNullCallback<void, Ptr<Socket>>());
            s->Connect(r.Address(0, 80));
            socks.push_back(s);
        }
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(accepted, clients, "every connection accepted");
        NS_TEST_ASSERT_MSG_EQ(bytes, 1000u * clients, "every connection's bytes");
        Simulator::Destroy();
    }
};

/// A receiver that polls notices quick data without an interrupt; when data comes late it
/// has backed off to its flag, and the data's stimulus interrupts.
class ScilanPollingBackOffTestCase : public TestCase
{
  public:
    ScilanPollingBackOffTestCase()
        : TestCase("polling backs off to the interrupt flag after PollBeforeBlock")
    {
    }

  private:
    /// \param delay when the client sends after connecting \return receiver interrupts
    static uint64_t Run(Time delay)
    {
        ScilanRig r(2, true);
        Checker check;
        Ptr<Socket> listener = r.NewSocket(1);
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&Checker::Accepted, &check));
        Ptr<Socket> s = r.NewSocket(0);
        s->SetConnectCallback(SockCb(([delay](Ptr<Socket> x) {
                                  Simulator::Schedule(delay, [x]() {
                                      uint8_t b[64];
                                      for (uint32_t i = 0; i < 64; ++i)
                                      {
                                          b[i] = PatternByte(i);
                                      }
                                      x->Send(Create<Packet>(b, 64));
                                  });
                              })),
                              MakeNullCallback<void, Ptr<Socket>>());
        s->Connect(r.Address(1, 9));
        // Count only the interrupts after the connection is up.
        uint64_t before = 0;
        Simulator::Schedule(MilliSeconds(1),
                            [&before, &r]() { before = r.s->nics[1]->GetFlagInterrupts(); });
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        const uint64_t n = r.s->nics[1]->GetFlagInterrupts() - before;
        NS_ABORT_MSG_IF(check.received != 64 || check.wrong != 0,
                        "data not received: " << check.received << " bytes");
        Simulator::Destroy();
        return n;
    }

    void DoRun() override
    {
        // Data 1 ms + 2 us after connecting: the receiver polls from the connection on, so
        // it has slept for long; data within the polling period: no interrupt.
        NS_TEST_ASSERT_MSG_EQ(Run(MilliSeconds(1)), 1u, "late data: one interrupt");
        NS_TEST_ASSERT_MSG_EQ(Run(MicroSeconds(2)), 0u, "quick data: noticed by polling");
    }
};

/// A connection to an address outside 192.168.0.0/16 goes to ns-3's TCP; the listening
/// SCILAN socket takes it through its TCP side.
class ScilanFallThroughTestCase : public TestCase
{
  public:
    ScilanFallThroughTestCase()
        : TestCase("addresses outside the cluster fall through to ns-3's TCP")
    {
    }

  private:
    void DoRun() override
    {
        ScilanRig r;
        NodeContainer hosts = r.s->GetHosts();
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        NetDeviceContainer link = p2p.Install(hosts.Get(0), hosts.Get(1));
        InternetStackHelper internet;
        internet.Install(hosts);
        Ipv4AddressHelper ip("10.1.1.0", "255.255.255.0");
        ip.Assign(link);
        Checker check;
        Ptr<Socket> listener = r.NewSocket(1);
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 21));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&Checker::Accepted, &check));
        PatternSender tx;
        tx.s = r.NewSocket(0);
        tx.total = 20000;
        tx.piece = 1000;
        tx.s->SetConnectCallback(MakeCallback(&PatternSender::Connected, &tx),
                                 MakeNullCallback<void, Ptr<Socket>>());
        // After start-up (the internet stack initializes its devices when the run starts).
        Simulator::ScheduleNow(
            [&tx]() { tx.s->Connect(InetSocketAddress(Ipv4Address("10.1.1.2"), 21)); });
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<ScilanSocket>(tx.s)->IsFallThrough(), true, "TCP");
        NS_TEST_ASSERT_MSG_EQ(check.received, 20000u, "the stream arrived over TCP");
        NS_TEST_ASSERT_MSG_EQ(check.wrong, 0u, "intact");
        NS_TEST_ASSERT_MSG_EQ(r.s->nics[0]->GetRequestsSent(), 0u, "nothing went over SCI");
        Simulator::Destroy();
    }
};

/// Connecting to a cluster address where nobody listens fails cleanly.
class ScilanRefusedTestCase : public TestCase
{
  public:
    ScilanRefusedTestCase()
        : TestCase("connect to a port nobody listens on fails")
    {
    }

  private:
    void DoRun() override
    {
        ScilanRig r;
        bool failed = false;
        Ptr<Socket> s = r.NewSocket(0);
        s->SetConnectCallback(MakeNullCallback<void, Ptr<Socket>>(),
                              SockCb(([&failed](Ptr<Socket>) { failed = true; })));
        s->Connect(r.Address(1, 4242));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(failed, true, "connection failed");
        NS_TEST_ASSERT_MSG_EQ(s->GetErrno(), Socket::ERROR_NOTCONN, "refused");
        Simulator::Destroy();
    }
};

} // namespace

/// The suite.
class SanScilanTestSuite : public TestSuite
{
  public:
    SanScilanTestSuite()
        : TestSuite("san-scilan", UNIT)
    {
        AddTestCase(new ScilanApplicationsTestCase, TestCase::QUICK);
        AddTestCase(new ScilanMoreApplicationsTestCase, TestCase::QUICK);
        AddTestCase(new ScilanFlowControlTestCase, TestCase::QUICK);
        AddTestCase(new ScilanManyConnectorsTestCase, TestCase::QUICK);
        AddTestCase(new ScilanPollingBackOffTestCase, TestCase::QUICK);
        AddTestCase(new ScilanFallThroughTestCase, TestCase::QUICK);
        AddTestCase(new ScilanRefusedTestCase, TestCase::QUICK);
    }
};

static SanScilanTestSuite g_sanScilanTestSuite; //!< registers the suite
