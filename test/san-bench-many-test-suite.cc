/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The workloads with many clients, as a user's program runs them on a SanBenchTestbed of each
// interface. Request/response (SanRequestResponseHelper), one server and several clients: every
// request is answered and the server served exactly as many (counts conserved); no latency is
// below the wire's serialization of a request and its response; the closed loop obeys Little's
// law (clients = rate x mean latency, when clients never think). Incast (SanStreamHelper with
// many senders): every byte of every sender arrives, below the sink's link rate. All-to-all
// (SanAllToAllHelper): every process gets every other's message each round, a round outlasts a
// host's link time; the barrier (SanBarrierHelper) outlasts its steps' messages. All: a second
// run in the same process (after Simulator::Destroy) gives the same results, also after runs
// stopped with requests in flight.

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-bench-runs.h"
#include "ns3/san-bench-testbed.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <string>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Tests of the workloads with many clients over every interface.
 */

using namespace ns3;

namespace
{

/// Request/response over one interface with one and with more clients.
class RequestResponseTestCase : public TestCase
{
  public:
    /// \param iface a SanBenchTestbed interface \param counts the numbers of clients to run
    RequestResponseTestCase(const std::string& iface, const std::vector<uint32_t>& counts)
        : TestCase("request-response over " + iface + " with up to " +
                   std::to_string(counts.back()) +
                   " clients: every request answered once, above the wire's time, Little's "
                   "law, the same in a second run"),
          m_iface(iface),
          m_counts(counts)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t requests = 12;
        const uint32_t requestBytes = 64;
        const uint32_t responseBytes = 512;
        for (uint32_t clients : m_counts)
        {
            const SanBenchRuns::RequestResponse a = SanBenchRuns::RunRequestResponse(m_iface,
                                                                                     clients,
                                                                                     requests,
                                                                                     3,
                                                                                     requestBytes,
                                                                                     responseBytes);
            const SanBenchRuns::RequestResponse b = SanBenchRuns::RunRequestResponse(m_iface,
                                                                                     clients,
                                                                                     requests,
                                                                                     3,
                                                                                     requestBytes,
                                                                                     responseBytes);
            const SanRequestResponseHelper::Summary& s = a.summary;
            NS_TEST_EXPECT_MSG_EQ(s.clients, clients, "every client summed up");
            NS_TEST_EXPECT_MSG_EQ(s.answered, uint64_t{clients} * requests, "measured answers");
            NS_TEST_EXPECT_MSG_EQ(a.served,
                                  uint64_t{clients} * (requests + 3),
                                  "the server served each request once");
            const Time wire = Seconds((requestBytes + responseBytes) * 8.0 / a.linkBps);
            NS_TEST_EXPECT_MSG_GT(s.p50Latency, wire, "the median outlasts the wire's time");
            NS_TEST_EXPECT_MSG_EQ((s.p50Latency <= s.p90Latency && s.p90Latency <= s.p99Latency &&
                                   s.p99Latency <= s.maxLatency),
                                  true,
                                  "percentiles in order");
            NS_TEST_EXPECT_MSG_GT(s.requestsPerSecond, 0.0, "a rate");
            // Closed loop without think time: each client always has one request out, so the
            // server's rate times the mean latency is the number of clients (the window's
            // edges and the warm-up make it approximate).
            const double little = s.requestsPerSecond * s.meanLatency.GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(little,
                                      static_cast<double>(clients),
                                      0.15 * clients,
                                      "Little's law: rate x latency = clients");
            NS_TEST_EXPECT_MSG_EQ((a.latencies == b.latencies),
                                  true,
                                  "a second run in the same process gives the same latencies");
        }
    }

    std::string m_iface;            //!< the interface
    std::vector<uint32_t> m_counts; //!< the numbers of clients
};

/// A user's program stopped with work in flight, then destroyed: the next run in the same
/// process is unchanged. (Under AddressSanitizer the leak check also fails it if what was in
/// flight keeps itself alive, as Hamlyn's resources and work queue windows did.)
class StoppedMidFlightTestCase : public TestCase
{
  public:
    /// \param iface a SanBenchTestbed interface
    explicit StoppedMidFlightTestCase(const std::string& iface)
        : TestCase("request-response over " + iface +
                   " stopped mid-flight three times, destroyed each time: the next run is the "
                   "same as the first"),
          m_iface(iface)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t clients = 3;
        const uint32_t requests = 6;
        const SanBenchRuns::RequestResponse full =
            SanBenchRuns::RunRequestResponse(m_iface, clients, requests, 2, 64, 64);
        const Time from = full.summary.windowFrom;
        const Time until = full.summary.windowUntil;
        uint32_t interrupted = 0;
        for (const Time& stop : {from / 2, (from + until) / 2, until})
        {
            SanBenchTestbed testbed(m_iface, clients + 1);
            SanRequestResponseHelper rr(testbed.GetMessengerType());
            testbed.ConfigureMessenger(rr);
            rr.SetClientAttribute("Requests", UintegerValue(requests));
            ApplicationContainer apps = rr.Install(testbed.GetClients(), testbed.GetHosts().Get(0));
            apps.Start(MicroSeconds(10));
            Simulator::Stop(stop);
            Simulator::Run();
            bool allDone = true;
            for (uint32_t i = 1; i < apps.GetN(); ++i)
            {
                allDone = allDone && DynamicCast<SanRequestClient>(apps.Get(i))->IsDone();
            }
            interrupted += !allDone;
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_GT(interrupted, 1, "the stops came with requests still out");
        const SanBenchRuns::RequestResponse again =
            SanBenchRuns::RunRequestResponse(m_iface, clients, requests, 2, 64, 64);
        NS_TEST_EXPECT_MSG_EQ(again.served, full.served, "the server served as many");
        NS_TEST_EXPECT_MSG_EQ((again.latencies == full.latencies),
                              true,
                              "the same latencies after the stopped runs");
    }

    std::string m_iface; //!< the interface
};

/// Incast over one interface: three senders stream to one sink.
class IncastTestCase : public TestCase
{
  public:
    /// \param iface a SanBenchTestbed interface
    explicit IncastTestCase(const std::string& iface)
        : TestCase("incast over " + iface +
                   ": three senders' every byte arrives, below the sink's link, the same in a "
                   "second run"),
          m_iface(iface)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t senders = 3;
        const uint32_t bytes = 4096;
        const uint32_t messages = 8;
        const SanBenchRuns::Stream a =
            SanBenchRuns::RunIncast(m_iface, senders, bytes, messages, 4);
        const SanBenchRuns::Stream b =
            SanBenchRuns::RunIncast(m_iface, senders, bytes, messages, 4);
        NS_TEST_EXPECT_MSG_EQ(a.sent, senders * messages, "the libraries took every message");
        NS_TEST_EXPECT_MSG_EQ(a.received, senders * messages, "every message arrived");
        NS_TEST_EXPECT_MSG_EQ(a.bytes, uint64_t{bytes} * senders * messages, "every byte");
        NS_TEST_EXPECT_MSG_GT(a.mbps, 0.0, "a bandwidth");
        NS_TEST_EXPECT_MSG_LT(a.mbps * 1e6, a.linkBps / 8, "below the sink's link rate");
        NS_TEST_EXPECT_MSG_EQ(a.mbps, b.mbps, "a second run in the same process gives the same");
    }

    std::string m_iface; //!< the interface
};

/// All-to-all and a barrier over one interface, three and four processes.
class GroupTestCase : public TestCase
{
  public:
    /// \param bed a SanBenchTestbed interface and preset
    explicit GroupTestCase(const SanBenchRuns::Testbed& bed)
        : TestCase("all-to-all and barrier over " + bed.GetName() +
                   " of 3 and 4 processes: every message in, each step above the wire's time, "
                   "the same in a second run"),
          m_bed(bed)
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {3u, 4u})
        {
            const uint32_t bytes = 1024;
            const uint32_t rounds = 4;
            const SanBenchRuns::Group a = SanBenchRuns::RunAllToAll(m_bed, n, bytes, rounds, 1);
            const SanBenchRuns::Group b = SanBenchRuns::RunAllToAll(m_bed, n, bytes, rounds, 1);
            NS_TEST_EXPECT_MSG_EQ(a.received,
                                  uint64_t{n} * (n - 1) * (rounds + 1),
                                  "every process got each round's message from every other");
            // A round moves n - 1 messages out of and into each host: at least their
            // serialization on its link.
            const Time wire = Seconds((n - 1) * bytes * 8.0 / a.linkBps);
            NS_TEST_EXPECT_MSG_GT(a.perStep, wire, "a round outlasts a host's link time");
            NS_TEST_EXPECT_MSG_LT(a.mbps * 1e6, n * a.linkBps / 8, "below every link at once");
            NS_TEST_EXPECT_MSG_EQ(a.slowest, b.slowest, "a second run gives the same");

            const SanBenchRuns::Group c = SanBenchRuns::RunBarrier(m_bed, n, 5, 1);
            const SanBenchRuns::Group d = SanBenchRuns::RunBarrier(m_bed, n, 5, 1);
            // ceil(log2 n) = 2 steps, each a message after the last one's arrival.
            const Time step = Seconds(8 * 8.0 / c.linkBps);
            NS_TEST_EXPECT_MSG_GT(c.perStep, 2 * step, "a barrier outlasts two messages' wire");
            NS_TEST_EXPECT_MSG_EQ(c.slowest, d.slowest, "a second run gives the same");
        }
    }

    SanBenchRuns::Testbed m_bed; //!< the interface and preset
};

/// Bad input: Summarize before the clients finished, and a client on the server's node.
class RequestResponseInputTestCase : public TestCase
{
  public:
    RequestResponseInputTestCase()
        : TestCase("request-response: an unfinished run or a client on the server's node stops "
                   "with one line")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(santest::AbortsWith(
                                  []() {
                                      SanBenchTestbed testbed("scilan", 3);
                                      SanRequestResponseHelper rr(testbed.GetMessengerType());
                                      testbed.ConfigureMessenger(rr);
                                      rr.Install(testbed.GetHosts(), testbed.GetHosts().Get(0));
                                  },
                                  "a client on the server's node"),
                              true,
                              "a client on the server's node is refused");
        NS_TEST_EXPECT_MSG_EQ(santest::AbortsWith(
                                  []() {
                                      SanBenchTestbed testbed("scilan", 2);
                                      SanRequestResponseHelper rr(testbed.GetMessengerType());
                                      testbed.ConfigureMessenger(rr);
                                      ApplicationContainer apps =
                                          rr.Install(NodeContainer(testbed.GetHosts().Get(1)),
                                                     testbed.GetHosts().Get(0));
                                      apps.Start(MicroSeconds(10));
                                      Simulator::Stop(MicroSeconds(20));
                                      Simulator::Run();
                                      SanRequestResponseHelper::Summarize(apps);
                                  },
                                  "has not finished"),
                              true,
                              "a summary of a run stopped early is refused");
        Simulator::Destroy();
    }
};

/// The suite.
class SanBenchManyTestSuite : public TestSuite
{
  public:
    SanBenchManyTestSuite()
        : TestSuite("san-bench-many", UNIT)
    {
        for (const std::string& iface : SanBenchTestbed::GetInterfaces())
        {
            // TCP: more clients on a switched Ethernet, a server waiting in select() over
            // their connections (SanSocketMessenger); four, an even count.
            AddTestCase(new RequestResponseTestCase(iface,
                                                    iface == "tcp" ? std::vector<uint32_t>{1, 4}
                                                                   : std::vector<uint32_t>{1, 3}),
                        TestCase::QUICK);
            AddTestCase(new StoppedMidFlightTestCase(iface), TestCase::QUICK);
            AddTestCase(new IncastTestCase(iface), TestCase::QUICK);
            AddTestCase(new GroupTestCase(iface), TestCase::QUICK);
            if (iface == "dart")
            {
                // The hardware DART too: its send side keeps a connection's messages in
                // order across a TLB miss (the messenger's rings rely on it).
                AddTestCase(new GroupTestCase(SanBenchRuns::Testbed(iface, "same-hosts")),
                            TestCase::QUICK);
            }
            if (iface == "tcp")
            {
                // Current servers on 100 Gbit/s Ethernet: the same conservation.
                AddTestCase(new GroupTestCase(SanBenchRuns::Testbed(iface, "modern")),
                            TestCase::QUICK);
            }
        }
        // CLAN with more clients than the server's listening endpoint queues CONNECTs
        // (ClanContext OobQueueEntries, 32): the driver drops the rest, and each is sent
        // again (ClanConnection ConnectRetry) until accepted.
        AddTestCase(new RequestResponseTestCase("clan", {40}), TestCase::QUICK);
        AddTestCase(new RequestResponseInputTestCase, TestCase::QUICK);
    }
};

static SanBenchManyTestSuite g_sanBenchManyTestSuite; //!< registers the suite

} // namespace
