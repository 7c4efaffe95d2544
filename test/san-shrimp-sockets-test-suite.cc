/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-shrimp-sockets": SHRIMP stream sockets over VMMC (ShrimpSocket through
// ShrimpSocketFactory, SHRIMP 1996 section 4.3): byte-exact streams in all three variants
// (with misaligned user buffers exercising the one-copy protocol's fallback), flow control
// against a slow reader, ns-3's BulkSend and PacketSink unchanged, broken-connection detection
// through the Ethernet's TCP socket, and the small-message latency against the VMMC layer's.

#include "ns3/bulk-send-helper.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/shrimp-paper-experiments.h"
#include "ns3/shrimp-scenario.h"
#include "ns3/shrimp-socket-experiments.h"
#include "ns3/shrimp-socket-factory.h"
#include "ns3/shrimp-socket.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <memory>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

constexpr uint16_t PORT = 7000;

/// A SHRIMP system with the Ethernet and the sockets library.
struct SocketsRig
{
    std::unique_ptr<ShrimpScenario> s; //!< hosts

    /// \param v variant \param ring RingBytes \param offset UserBufferOffset
    /// \param sndBuf SndBufSize \param rcvBuf RcvBufSize
    SocketsRig(ShrimpSocket::Variant v,
               uint32_t ring = 32768,
               uint32_t offset = 0,
               uint32_t sndBuf = 65536,
               uint32_t rcvBuf = 65536)
    {
        ShrimpScenario::Spec spec = ShrimpScenario::Configure(2, 2);
        spec.ethernet = true;
        s = std::make_unique<ShrimpScenario>(spec);
        ShrimpSocketFactory::Install(s->GetHosts());
        for (uint32_t i = 0; i < s->GetNHosts(); ++i)
        {
            Ptr<ShrimpSocketFactory> f = s->GetHosts().Get(i)->GetObject<ShrimpSocketFactory>();
            f->SetAttribute("Variant", EnumValue(v));
            f->SetAttribute("RingBytes", UintegerValue(ring));
            f->SetAttribute("UserBufferOffset", UintegerValue(offset));
            f->SetAttribute("SndBufSize", UintegerValue(sndBuf));
            f->SetAttribute("RcvBufSize", UintegerValue(rcvBuf));
        }
    }

    /// \param i host \return a new SHRIMP socket on it
    Ptr<Socket> NewSocket(uint32_t i) const
    {
        return Socket::CreateSocket(s->GetHosts().Get(i), ShrimpSocketFactory::GetTypeId());
    }

    /// \param i host \return its Ethernet address with PORT
    Address At(uint32_t i) const
    {
        return InetSocketAddress(s->GetEthernetAddress(i), PORT);
    }

    /// \param i host \param accepted gets accepted sockets \return a listening socket
    Ptr<Socket> Listen(uint32_t i, std::function<void(Ptr<Socket>)> accepted) const
    {
        Ptr<Socket> l = NewSocket(i);
        l->Bind(InetSocketAddress(Ipv4Address::GetAny(), PORT));
        l->Listen();
        l->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                             Callback<void, Ptr<Socket>, const Address&>(
                                 [accepted](Ptr<Socket> s, const Address&) { accepted(s); }));
        return l;
    }
};

/// Streams random bytes in random-sized send() calls from host 0 to host 3; checks them.
struct StreamRun
{
    std::vector<uint8_t> data;     //!< the stream
    std::vector<uint8_t> received; //!< what arrived
    std::vector<uint32_t> sizes;   //!< the send() calls
    size_t next{0};                //!< next call
    size_t offset{0};              //!< bytes handed to Send
    Ptr<ShrimpSocket> client;      //!< sender
    bool sawFull{false};           //!< Send refused for want of room
    Time lastArrival;              //!< last data

    void Pump(Ptr<Socket> s)
    {
        while (next < sizes.size())
        {
            const uint32_t n = sizes[next];
            if (s->GetTxAvailable() < n)
            {
                sawFull = true;
                return;
            }
            const int r = s->Send(Create<Packet>(data.data() + offset, n));
            if (r != static_cast<int>(n))
            {
                sawFull = true;
                return;
            }
            offset += n;
            ++next;
        }
    }

    void Take(Ptr<Socket> s, uint32_t maxSize = 0xffffffff)
    {
        Ptr<Packet> p;
        while ((p = s->Recv(maxSize, 0)) != nullptr)
        {
            std::vector<uint8_t> b(p->GetSize());
            p->CopyData(b.data(), b.size());
            received.insert(received.end(), b.begin(), b.end());
            lastArrival = Simulator::Now();
            if (maxSize != 0xffffffff)
            {
                return; // a slow reader: one read per call
            }
        }
    }
};

/// Byte-stream integrity: random sizes, each variant, aligned and misaligned user buffers.
class ShrimpSocketStreamTestCase : public TestCase
{
  public:
    /// \param v variant \param offset user buffer misalignment
    ShrimpSocketStreamTestCase(ShrimpSocket::Variant v, uint32_t offset)
        : TestCase("byte stream integrity, variant " + std::to_string(v) + ", user offset " +
                   std::to_string(offset)),
          m_variant(v),
          m_offset(offset)
    {
    }

  private:
    void DoRun() override
    {
        // A small ring (two pages) so the stream wraps and meets flow control many times.
        SocketsRig rig(m_variant, 8192, m_offset);
        StreamRun run;
        std::mt19937 rng(12345 + m_variant * 10 + m_offset);
        uint32_t total = 0;
        while (total < 60000)
        {
            const uint32_t n = 1 + rng() % 3000;
            run.sizes.push_back(n);
            total += n;
        }
        run.data.resize(total);
        for (auto& b : run.data)
        {
            b = static_cast<uint8_t>(rng());
        }
        // The stream socket base's "Tx" and "Rx" traces, found through ShrimpSocket's TypeId.
        uint64_t traced[2] = {0, 0};
        auto counter = [&traced](int i) {
            return Callback<void, Ptr<const Packet>>(
                [&traced, i](Ptr<const Packet> p) { traced[i] += p->GetSize(); });
        };
        Ptr<Socket> listener = rig.Listen(3, [&run, &counter](Ptr<Socket> s) {
            s->TraceConnectWithoutContext("Rx", counter(1));
            s->SetRecvCallback(Callback<void, Ptr<Socket>>([&run](Ptr<Socket> s) { run.Take(s); }));
        });
        Ptr<Socket> c = rig.NewSocket(0);
        c->TraceConnectWithoutContext("Tx", counter(0));
        run.client = DynamicCast<ShrimpSocket>(c);
        c->SetConnectCallback(Callback<void, Ptr<Socket>>([&run](Ptr<Socket> s) { run.Pump(s); }),
                              MakeNullCallback<void, Ptr<Socket>>());
        c->SetSendCallback(Callback<void, Ptr<Socket>, uint32_t>(
            [&run](Ptr<Socket> s, uint32_t) { run.Pump(s); }));
        Address server = rig.At(3);
        Simulator::Schedule(MilliSeconds(1), [c, server]() { c->Connect(server); });
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        const uint64_t one = run.client->GetNOneCopyChunks();
        const uint64_t two = run.client->GetNTwoCopyChunks();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(run.received.size(), run.data.size(), "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ((run.received == run.data),
                              true,
                              "the bytes arrive in order, intact");
        NS_TEST_ASSERT_MSG_EQ(traced[0], run.data.size(), "Tx traced every send()");
        NS_TEST_ASSERT_MSG_EQ(traced[1], run.data.size(), "Rx traced every byte received");
        if (m_variant == ShrimpSocket::DU_1COPY)
        {
            NS_TEST_ASSERT_MSG_GT(one, 0, "some chunks went straight from the user's buffer");
            NS_TEST_ASSERT_MSG_GT(two, 0, "misaligned chunks fell back to two copies");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(one, 0, "no one-copy sends in a two-copy variant");
        }
        // Through SHRIMP, not the 10 Mbit/s Ethernet: 60 KB in well under 48 ms.
        NS_TEST_ASSERT_MSG_LT(run.lastArrival, MilliSeconds(1 + 30), "the data went over SHRIMP");
    }

    ShrimpSocket::Variant m_variant; //!< variant
    uint32_t m_offset;               //!< misalignment
};

/// A slow reader: the writer finds no room (GetTxAvailable 0) and resumes; nothing is lost.
class ShrimpSocketFlowControlTestCase : public TestCase
{
  public:
    ShrimpSocketFlowControlTestCase()
        : TestCase("flow control against a slow reader")
    {
    }

  private:
    void DoRun() override
    {
        // Ring 8 KB, receive queue 2 KB, send queue 8 KB: 64 KB cannot go at once.
        SocketsRig rig(ShrimpSocket::DU_1COPY, 8192, 0, 8192, 2048);
        StreamRun run;
        std::mt19937 rng(777);
        for (uint32_t i = 0; i < 64; ++i)
        {
            run.sizes.push_back(1024);
        }
        run.data.resize(64 * 1024);
        for (auto& b : run.data)
        {
            b = static_cast<uint8_t>(rng());
        }
        Ptr<Socket> accepted;
        Ptr<Socket> listener = rig.Listen(3, [&accepted](Ptr<Socket> s) { accepted = s; });
        Ptr<Socket> c = rig.NewSocket(0);
        run.client = DynamicCast<ShrimpSocket>(c);
        uint32_t zeroSeen = 0;
        c->SetConnectCallback(Callback<void, Ptr<Socket>>([&](Ptr<Socket> s) {
                                  run.Pump(s);
                                  if (s->GetTxAvailable() < 1024)
                                  {
                                      ++zeroSeen;
                                  }
                              }),
                              MakeNullCallback<void, Ptr<Socket>>());
        c->SetSendCallback(Callback<void, Ptr<Socket>, uint32_t>(
            [&run](Ptr<Socket> s, uint32_t) { run.Pump(s); }));
        Address server = rig.At(3);
        Simulator::Schedule(MilliSeconds(1), [c, server]() { c->Connect(server); });
        // The reader wakes every 200 us and reads 700 bytes.
        std::function<void()> read = [&]() {
            if (accepted)
            {
                run.Take(accepted, 700);
            }
            if (run.received.size() < run.data.size())
            {
                Simulator::Schedule(MicroSeconds(200), read);
            }
        };
        uint32_t queuedAtStart = 0;
        Simulator::Schedule(MilliSeconds(20), [&]() {
            queuedAtStart = accepted ? accepted->GetRxAvailable() : 0;
            read();
        });
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        const uint64_t waits = run.client->GetNRingFullWaits();
        const uint64_t written = run.client->GetBytesWritten();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(zeroSeen, 1, "the writer found no room before the reader read");
        NS_TEST_ASSERT_MSG_EQ(run.sawFull, true, "Send was refused while the reader slept");
        NS_TEST_ASSERT_MSG_GT(waits, 0, "the writer waited for the consumed pointer");
        NS_TEST_ASSERT_MSG_EQ(queuedAtStart, 2048, "the receive queue held RcvBufSize bytes");
        NS_TEST_ASSERT_MSG_EQ(written, run.data.size(), "the writer resumed and finished");
        NS_TEST_ASSERT_MSG_EQ((run.received == run.data), true, "nothing lost or overwritten");
        // 64 KB at 700 bytes per 200 us: the reader's pace, about 18.7 ms after 20 ms.
        NS_TEST_ASSERT_MSG_GT(run.lastArrival, MilliSeconds(38), "paced by the slow reader");
    }
};

/// ns-3's BulkSend and PacketSink, unmodified, over SHRIMP sockets.
class ShrimpSocketApplicationsTestCase : public TestCase
{
  public:
    ShrimpSocketApplicationsTestCase()
        : TestCase("BulkSend to PacketSink over ShrimpSocketFactory")
    {
    }

  private:
    void DoRun() override
    {
        SocketsRig rig(ShrimpSocket::AU_2COPY);
        const uint32_t total = 200000;
        PacketSinkHelper sink("ns3::ShrimpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), PORT));
        ApplicationContainer sinks = sink.Install(rig.s->GetHosts().Get(3));
        BulkSendHelper bulk("ns3::ShrimpSocketFactory", rig.At(3));
        bulk.SetAttribute("SendSize", UintegerValue(1400));
        bulk.SetAttribute("MaxBytes", UintegerValue(total));
        ApplicationContainer senders = bulk.Install(rig.s->GetHosts().Get(0));
        Time last;
        sinks.Get(0)->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const Address&>(
                [&last](Ptr<const Packet>, const Address&) { last = Simulator::Now(); }));
        sinks.Start(Seconds(0));
        senders.Start(MilliSeconds(1));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        const uint64_t rx = DynamicCast<PacketSink>(sinks.Get(0))->GetTotalRx();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(rx, total, "the sink received every byte");
        // The Ethernet would need 160 ms; SHRIMP's sockets take tens of ms at most.
        NS_TEST_ASSERT_MSG_LT(last, MilliSeconds(60), "the bytes went over SHRIMP");
        NS_TEST_ASSERT_MSG_GT(last,
                              MilliSeconds(1) + MicroSeconds(200000 / 40),
                              "not faster than the EISA DMA allows");
    }
};

/// A peer process dies: the TCP socket reports it; a normal close is not an error.
class ShrimpSocketBrokenTestCase : public TestCase
{
  public:
    ShrimpSocketBrokenTestCase()
        : TestCase("broken connection detected through the Ethernet socket")
    {
    }

  private:
    static void Run(bool crash, uint32_t& normal, uint32_t& error, int& sendAfter, uint32_t& got)
    {
        SocketsRig rig(ShrimpSocket::AU_2COPY);
        Ptr<Socket> accepted;
        Ptr<Socket> listener = rig.Listen(3, [&](Ptr<Socket> s) {
            accepted = s;
            s->SetRecvCallback(Callback<void, Ptr<Socket>>([&got](Ptr<Socket> s) {
                Ptr<Packet> p;
                while ((p = s->Recv()) != nullptr)
                {
                    got += p->GetSize();
                }
            }));
            s->SetCloseCallbacks(Callback<void, Ptr<Socket>>([&normal](Ptr<Socket>) { ++normal; }),
                                 Callback<void, Ptr<Socket>>([&error](Ptr<Socket>) { ++error; }));
        });
        Ptr<Socket> c = rig.NewSocket(0);
        c->SetConnectCallback(
            Callback<void, Ptr<Socket>>([](Ptr<Socket> s) { s->Send(Create<Packet>(1000)); }),
            MakeNullCallback<void, Ptr<Socket>>());
        Address server = rig.At(3);
        Simulator::Schedule(MilliSeconds(1), [c, server]() { c->Connect(server); });
        Simulator::Schedule(MilliSeconds(30), [c, crash]() {
            if (crash)
            {
                DynamicCast<ShrimpSocket>(c)->Crash();
            }
            else
            {
                c->Close();
            }
        });
        Simulator::Schedule(MilliSeconds(200), [&]() {
            sendAfter = accepted ? accepted->Send(Create<Packet>(10)) : 0;
        });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Simulator::Destroy();
    }

    void DoRun() override
    {
        uint32_t normal = 0;
        uint32_t error = 0;
        int sendAfter = 0;
        uint32_t got = 0;
        Run(true, normal, error, sendAfter, got);
        NS_TEST_ASSERT_MSG_EQ(got, 1000, "the data before the crash arrived");
        NS_TEST_ASSERT_MSG_EQ(error, 1, "the crash is an error close");
        NS_TEST_ASSERT_MSG_EQ(normal, 0, "not a normal close");
        NS_TEST_ASSERT_MSG_EQ(sendAfter, -1, "a broken connection refuses Send");
        normal = error = got = 0;
        Run(false, normal, error, sendAfter, got);
        NS_TEST_ASSERT_MSG_EQ(got, 1000, "the data before the close arrived");
        NS_TEST_ASSERT_MSG_EQ(normal, 1, "the close is a normal close");
        NS_TEST_ASSERT_MSG_EQ(error, 0, "the TCP close after the VMMC close is no error");
    }
};

/// Small-message latency: above the VMMC layer's, by the library's work only.
class ShrimpSocketLatencyTestCase : public TestCase
{
  public:
    ShrimpSocketLatencyTestCase()
        : TestCase("small-message latency above the VMMC layer")
    {
    }

  private:
    void DoRun() override
    {
        const double au =
            ShrimpSocketExperiments::SocketPingPong(ShrimpSocket::AU_2COPY, 4).oneWayUs;
        const double du =
            ShrimpSocketExperiments::SocketPingPong(ShrimpSocket::DU_1COPY, 4).oneWayUs;
        const double hwAu =
            ShrimpPaperExperiments::VmmcPingPong(ShrimpPaperExperiments::AU_2COPY, 4).oneWayUs;
        const double hwDu =
            ShrimpPaperExperiments::VmmcPingPong(ShrimpPaperExperiments::DU_1COPY, 4).oneWayUs;
        NS_TEST_ASSERT_MSG_GT(au, hwAu + 2, "the library costs something above AU");
        NS_TEST_ASSERT_MSG_LT(au, hwAu + 40, "but microseconds, not an Ethernet's milliseconds");
        NS_TEST_ASSERT_MSG_GT(du, hwDu + 2, "the library costs something above DU");
        NS_TEST_ASSERT_MSG_LT(du, hwDu + 40, "but microseconds");
        NS_TEST_ASSERT_MSG_GT(du, au, "deliberate update is slower for small messages");
        // Bandwidth grows with size (the per-message costs amortize).
        const auto big = ShrimpSocketExperiments::SocketPingPong(ShrimpSocket::DU_1COPY, 8192, 5);
        NS_TEST_ASSERT_MSG_GT(big.mbps, 4 / du * 10, "8 KB messages move far more bytes per us");
    }
};

/// The suite.
class SanShrimpSocketsTestSuite : public TestSuite
{
  public:
    SanShrimpSocketsTestSuite()
        : TestSuite("san-shrimp-sockets", UNIT)
    {
        for (ShrimpSocket::Variant v :
             {ShrimpSocket::DU_2COPY, ShrimpSocket::DU_1COPY, ShrimpSocket::AU_2COPY})
        {
            AddTestCase(new ShrimpSocketStreamTestCase(v, 0), TestCase::QUICK);
        }
        AddTestCase(new ShrimpSocketStreamTestCase(ShrimpSocket::DU_1COPY, 1), TestCase::QUICK);
        AddTestCase(new ShrimpSocketStreamTestCase(ShrimpSocket::DU_1COPY, 3), TestCase::QUICK);
        AddTestCase(new ShrimpSocketFlowControlTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpSocketApplicationsTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpSocketBrokenTestCase, TestCase::QUICK);
        AddTestCase(new ShrimpSocketLatencyTestCase, TestCase::QUICK);
    }
};

static SanShrimpSocketsTestSuite g_sanShrimpSocketsTestSuite; //!< registers the suite

} // namespace
