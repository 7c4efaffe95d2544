/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The scale workloads as a distributed run (SanBenchRanks), in one process: every interface
// whose fabric a cut can cross, whole and cut in two (what two MPI ranks run; make mpi-check
// runs them on 1, 2 and 4 ranks), must give the same CSV to the byte; every request and
// message counted once; a second run in the same process like the first; and what a
// distributed run cannot do refused with a message.

#include "ns3/san-bench-ranks.h"
#include "ns3/san-bench-scale.h"
#include "ns3/test.h"

#include <string>

using namespace ns3;

namespace
{

/**
 * \ingroup san-tests
 * One interface, one workload on 16 hosts in two groups of 8: whole and cut in two give the
 * same CSV; the counts are the workload's.
 */
class RanksWorkloadTestCase : public TestCase
{
  public:
    /**
     * \param iface a SanBenchTestbed interface \param preset a preset
     * \param workload request-response, incast or all-to-all
     */
    RanksWorkloadTestCase(const std::string& iface,
                          const std::string& preset,
                          const std::string& workload)
        : TestCase(workload + " over " + iface + " (" + preset +
                   ") on 16 hosts: whole and cut in two alike"),
          m_iface(iface),
          m_preset(preset),
          m_workload(workload)
    {
    }

  private:
    void DoRun() override
    {
        SanBenchRanks::Spec spec;
        spec.run.iface = m_iface;
        spec.run.preset = m_preset;
        spec.run.hosts = 16;
        spec.run.groupSize = 8;
        spec.run.workload = m_workload;
        spec.run.count = 5;
        spec.go = MilliSeconds(10);
        spec.until = MilliSeconds(40);
        const bool a2a = m_workload == "all-to-all";
        if (a2a)
        {
            // Rank 7's slots end after 36; VMMC maps four rings at 1 ms each per connection
            // (NX's start-up maps its chunks so), and SHRIMP's sockets connect over a 10 Mbit/s
            // Ethernet first.
            // TCP on the 1990s hosts: a connect (three segments through store-and-forward
            // Fast Ethernet switches and NT's stack) takes hundreds of us.
            const bool vmmc = m_iface == "shrimp-vmmc" || m_iface == "shrimp-nx";
            const bool slowTcp = m_iface == "tcp" && m_preset != "modern";
            spec.joinSlot = m_iface == "shrimp-sockets" ? MilliSeconds(10)
                            : vmmc                      ? MilliSeconds(5)
                            : slowTcp                   ? MilliSeconds(1)
                                                        : MicroSeconds(200);
            spec.go = spec.joinSlot * 40;
            spec.until = spec.go + MilliSeconds(slowTcp ? 100 : 30); // TCP's rounds: ~7 ms
        }
        NS_TEST_ASSERT_MSG_EQ(SanBenchRanks::Check(spec), "", "a valid spec");
        spec.parts = 1;
        const SanBenchRanks::Result whole = SanBenchRanks::Run(spec);
        spec.parts = 2;
        const SanBenchRanks::Result cut = SanBenchRanks::Run(spec);
        NS_TEST_ASSERT_MSG_EQ(whole.error, "", "whole: ran to the end");
        NS_TEST_ASSERT_MSG_EQ(cut.error, "", "cut: ran to the end");
        if (!whole.error.empty() || !cut.error.empty())
        {
            return; // ns-3's runner goes on after a failed assert unless --stop-on-failure
        }
        NS_TEST_EXPECT_MSG_EQ(whole.cutLinks, 0u, "whole: nothing cut");
        NS_TEST_EXPECT_MSG_GT(cut.cutLinks, 0u, "cut in two: links cut");
        NS_TEST_EXPECT_MSG_GT(cut.lookahead.GetTimeStep(), 0, "a lead an MPI engine can use");
        NS_TEST_EXPECT_MSG_EQ(SanBenchRanks::ToCsv(spec, cut),
                              SanBenchRanks::ToCsv(spec, whole),
                              "the same CSV whole and cut");

        NS_TEST_EXPECT_MSG_GT(whole.figure, 0.0, whole.figureName);
        NS_TEST_EXPECT_MSG_GT(whole.finished, spec.go, "done after the go");
        NS_TEST_EXPECT_MSG_LT(whole.finished, spec.until, "done before the end");
        if (a2a)
        {
            // Every process hears from its 7 peers in each round (one warm-up round).
            const uint64_t each = 7 * (spec.run.count + 1);
            NS_TEST_EXPECT_MSG_EQ(whole.messages, 16 * each, "every message once");
            for (uint32_t h = 0; h < 16; ++h)
            {
                NS_TEST_EXPECT_MSG_EQ(whole.hosts[h].received, each, "host " << h);
                NS_TEST_EXPECT_MSG_GT(whole.hosts[h].sum, 0u, "host " << h << ": measured");
                NS_TEST_EXPECT_MSG_GT(whole.hosts[h].lastStep,
                                      spec.go.GetTimeStep(),
                                      "host " << h << ": after the go");
            }
            return;
        }
        // Two groups of 8: a server or sink (hosts 0 and 3: group 1's is its second host) and 7
        // clients or senders each.
        NS_TEST_EXPECT_MSG_EQ(SanBenchScale::GetMemberHost(0, 0, 2, 8), 0u, "group 0's server");
        NS_TEST_EXPECT_MSG_EQ(SanBenchScale::GetMemberHost(1, 0, 2, 8), 3u, "group 1's server");
        const bool rr = m_workload == "request-response";
        const uint64_t perClient = rr ? spec.run.count + 1 : spec.run.count; // and a warm-up
        NS_TEST_EXPECT_MSG_EQ(whole.messages,
                              2 * 7 * perClient * (rr ? 2 : 1),
                              "every request and response, or message, once");
        for (uint32_t h = 0; h < 16; ++h)
        {
            const bool server = h == 0 || h == 3;
            const uint64_t want = server ? 7 * perClient : (rr ? spec.run.count : 0);
            NS_TEST_EXPECT_MSG_EQ(whole.hosts[h].received, want, "host " << h);
        }
    }

    std::string m_iface;    //!< interface
    std::string m_preset;   //!< preset
    std::string m_workload; //!< workload
};

/**
 * \ingroup san-tests
 * What a distributed run cannot be is refused with a message.
 */
class RanksRefusalsTestCase : public TestCase
{
  public:
    RanksRefusalsTestCase()
        : TestCase("refused: all-to-all's last join not before the go, a go not before the end, "
                   "groups that do not divide")
    {
    }

  private:
    void DoRun() override
    {
        SanBenchRanks::Spec spec;
        spec.run.iface = "dart";
        spec.run.hosts = 16;
        spec.run.groupSize = 8;
        NS_TEST_EXPECT_MSG_EQ(SanBenchRanks::Check(spec), "", "valid");
        SanBenchRanks::Spec bad = spec;
        bad.run.workload = "all-to-all";
        NS_TEST_EXPECT_MSG_EQ(SanBenchRanks::Check(bad), "", "all-to-all: rank 7's slots end");
        bad.go = MicroSeconds(3609); // 10 us + 36 slots of 100 us, less 1 us
        NS_TEST_EXPECT_MSG_NE(SanBenchRanks::Check(bad).find("has until 3610 us"),
                              std::string::npos,
                              SanBenchRanks::Check(bad));
        bad.go = MilliSeconds(10);
        bad.joinSlot = Time(0);
        NS_TEST_EXPECT_MSG_NE(SanBenchRanks::Check(bad), "", "no join slot");
        bad = spec;
        bad.run.workload = "barrier";
        NS_TEST_EXPECT_MSG_NE(SanBenchRanks::Check(bad), "", "no distributed barrier");
        bad = spec;
        bad.until = bad.go;
        NS_TEST_EXPECT_MSG_NE(SanBenchRanks::Check(bad), "", "the end at the go");
        bad = spec;
        bad.run.groupSize = 5;
        NS_TEST_EXPECT_MSG_NE(SanBenchRanks::Check(bad), "", "groups of 5 in 16");
        bad = spec;
        bad.run.count = 0;
        NS_TEST_EXPECT_MSG_NE(SanBenchRanks::Check(bad), "", "no requests");
    }
};

/**
 * \ingroup san-tests
 * A run that falls short says so and what to raise, whole and cut alike: all-to-all in join
 * slots too short for CLAN's connections, request/response ending before the clients are done.
 */
class RanksShortTestCase : public TestCase
{
  public:
    RanksShortTestCase()
        : TestCase("a run that falls short: an error naming what to raise, whole and cut")
    {
    }

  private:
    void DoRun() override
    {
        SanBenchRanks::Spec spec;
        spec.run.iface = "clan";
        spec.run.preset = "modern";
        spec.run.hosts = 16;
        spec.run.groupSize = 8;
        spec.run.count = 5;
        spec.run.workload = "all-to-all";
        spec.joinSlot = NanoSeconds(10); // a CLAN connection takes microseconds
        for (uint32_t parts : {1u, 2u})
        {
            spec.parts = parts;
            NS_TEST_ASSERT_MSG_EQ(SanBenchRanks::Check(spec), "", "a valid spec");
            const SanBenchRanks::Result r = SanBenchRanks::Run(spec);
            NS_TEST_EXPECT_MSG_NE(r.error.find("longer join slot"), std::string::npos, r.error);
        }
        spec.run.workload = "request-response";
        spec.until = spec.go + NanoSeconds(100); // no request is answered so soon
        const SanBenchRanks::Result r = SanBenchRanks::Run(spec);
        NS_TEST_EXPECT_MSG_NE(r.error.find("were not done at 10000 us: end later"),
                              std::string::npos,
                              r.error);
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanBenchRanksTestSuite : public TestSuite
{
  public:
    SanBenchRanksTestSuite()
        : TestSuite("san-bench-ranks", UNIT)
    {
        AddTestCase(new RanksRefusalsTestCase(), TestCase::QUICK);
        AddTestCase(new RanksShortTestCase(), TestCase::QUICK);
        // DART's cells cross a cut with the papers' cables; with the modern preset's, every
        // interface's credits do (SHRIMP sockets' set-up Ethernet is not cut in one process;
        // across MPI ranks its frames travel as MPI messages).
        AddTestCase(new RanksWorkloadTestCase("dart", "as-published", "request-response"),
                    TestCase::QUICK);
        for (const char* iface : {"tcp",
                                  "dart",
                                  "hamlyn",
                                  "clan",
                                  "scilan",
                                  "shrimp-vmmc",
                                  "shrimp-nx",
                                  "shrimp-sockets"})
        {
            for (const char* workload : {"request-response", "incast", "all-to-all"})
            {
                AddTestCase(new RanksWorkloadTestCase(iface, "modern", workload), TestCase::QUICK);
            }
        }
        // TCP's 1990s Ethernet: store-and-forward switches with PAUSE (Xon/Xoff) on the links;
        // its segments, ns-3 packets with their headers and tags, cross serialized.
        for (const char* workload : {"request-response", "incast", "all-to-all"})
        {
            AddTestCase(new RanksWorkloadTestCase("tcp", "same-hosts", workload), TestCase::QUICK);
        }
    }
};

/// The suite's instance.
SanBenchRanksTestSuite g_sanBenchRanksTestSuite;

} // namespace
