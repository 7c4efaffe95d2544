/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-census-scheduler": SanCensusScheduler counts the events a run takes by kind and
 * runs them in its inner scheduler's order.
 */

#include "san-test-util.h"

#include "ns3/object-factory.h"
#include "ns3/san-census-scheduler.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Use SanCensusScheduler for the next run, writing its report to \p report.
void
UseCensus(const std::string& report = "none")
{
    ObjectFactory f;
    f.SetTypeId("ns3::SanCensusScheduler");
    f.Set("Report", StringValue(report));
    Simulator::SetScheduler(f);
}

/// Use ns-3's MapScheduler for the next run.
void
UseMap()
{
    santest::UseScheduler("ns3::MapScheduler");
}

/// Something whose member functions are events of their own kinds.
class Ticker
{
  public:
    /// One tick: logged.
    void Tick(uint32_t id)
    {
        order.push_back(id);
    }

    /// The ids in the order their events ran.
    std::vector<uint32_t> order;
};

/// Schedule 300 events at 20 distinct times (many at one time), half of them lambdas.
/// \param t the ticker they log to
void
ScheduleMany(Ticker& t)
{
    for (uint32_t i = 0; i < 300; ++i)
    {
        const Time at = NanoSeconds((i * 7919) % 20);
        if (i % 2 == 0)
        {
            Simulator::Schedule(at, &Ticker::Tick, &t, i);
        }
        else
        {
            Simulator::Schedule(at, [&t, i]() { t.Tick(i); });
        }
    }
}

/// \param kinds the census \param part a piece of a kind's name \return the kind that has it
SanCensusScheduler::Kind
KindWith(const std::vector<SanCensusScheduler::Kind>& kinds, const std::string& part)
{
    for (const auto& k : kinds)
    {
        if (k.name.find(part) != std::string::npos)
        {
            return k;
        }
    }
    return SanCensusScheduler::Kind();
}

} // namespace

/**
 * \ingroup san-tests
 * The census runs events in MapScheduler's order (simultaneous ones by their scheduling), and
 * counts them by kind: member-function events and lambdas apart, cancelled and removed ones.
 */
class CensusCountsTestCase : public TestCase
{
  public:
    CensusCountsTestCase()
        : TestCase("the census keeps the inner scheduler's order and counts events by kind")
    {
    }

  private:
    void DoRun() override
    {
        Ticker plain;
        UseMap();
        ScheduleMany(plain);
        Simulator::Run();
        Simulator::Destroy();

        for (int round = 0; round < 2; ++round) // and again in the same process
        {
            Ticker counted;
            UseCensus();
            ScheduleMany(counted);
            EventId cancelled = Simulator::Schedule(NanoSeconds(5), &Ticker::Tick, &counted, 1000U);
            EventId removed = Simulator::Schedule(NanoSeconds(6), &Ticker::Tick, &counted, 1001U);
            Simulator::Cancel(cancelled);
            Simulator::Remove(removed);
            const uint64_t before = Simulator::GetEventCount();
            SanCensusScheduler* census = SanCensusScheduler::GetCurrent();
            NS_TEST_ASSERT_MSG_NE(census, nullptr, "the simulator's scheduler is the census");
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ((counted.order == plain.order),
                                  true,
                                  "the same order as MapScheduler's, ties included");
            NS_TEST_EXPECT_MSG_EQ(census->GetExecuted(),
                                  Simulator::GetEventCount() - before,
                                  "every event the simulator took");
            NS_TEST_EXPECT_MSG_EQ(census->GetExecuted(), 301, "300 run and 1 cancelled");
            const auto kinds = census->GetKinds();
            const auto member = KindWith(kinds, "Ticker::*");
            const auto lambda = KindWith(kinds, "ScheduleMany");
            NS_TEST_EXPECT_MSG_EQ(member.executed, 151, "member events: 150 and the cancelled");
            NS_TEST_EXPECT_MSG_EQ(member.cancelled, 1, "one cancelled");
            NS_TEST_EXPECT_MSG_EQ(member.removed, 1, "one removed");
            NS_TEST_EXPECT_MSG_EQ(lambda.executed, 150, "lambdas, named by where they are written");
            const bool sorted = kinds.front().executed >= kinds.back().executed;
            NS_TEST_EXPECT_MSG_EQ(sorted, true, "the most executed first");
            std::ostringstream os;
            census->Write(os, 1, 300, "tick");
            NS_TEST_EXPECT_MSG_NE(os.str().find("301 events taken, 2 kinds, 1.0 per tick"),
                                  std::string::npos,
                                  "the report's head: " + os.str());
            NS_TEST_EXPECT_MSG_NE(os.str().find("(1 other kinds)"),
                                  std::string::npos,
                                  "kinds past the top on one line");
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ(SanCensusScheduler::GetCurrent(), nullptr, "gone with it");
        }
        UseMap();
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * A resource's ends of step are named by what they call, and the census is written where its
 * "Report" says when the simulator is destroyed.
 */
class CensusResourceTestCase : public TestCase
{
  public:
    CensusResourceTestCase()
        : TestCase("a resource's step ends named by their callbacks; the report at Destroy")
    {
    }

  private:
    void DoRun() override
    {
        const std::string path = CreateTempDirFilename("census.txt");
        std::remove(path.c_str());
        UseCensus(path);
        Ptr<SanResource> r = CreateObject<SanResource>();
        uint32_t done = 0;
        for (int i = 0; i < 4; ++i)
        {
            r->Submit(NanoSeconds(10), Callback<void>([&done]() { ++done; }));
        }
        r->Submit(NanoSeconds(10), Callback<void>());
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(done, 4, "the steps ran");
        const auto kinds = SanCensusScheduler::GetCurrent()->GetKinds();
        const auto withLambda = KindWith(kinds, "SanResource step end, then callback");
        NS_TEST_EXPECT_MSG_EQ(withLambda.executed, 4, "four ends with the test's lambda");
        NS_TEST_EXPECT_MSG_NE(withLambda.name.find("CensusResourceTestCase::DoRun"),
                              std::string::npos,
                              "named by where the lambda is written: " + withLambda.name);
        NS_TEST_EXPECT_MSG_EQ(KindWith(kinds, "then nothing").executed, 1, "one without");
        r->Dispose();
        r = nullptr;
        Simulator::Destroy();
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        NS_TEST_EXPECT_MSG_NE(text.str().find("event census: 5 events taken"),
                              std::string::npos,
                              "the report written at Destroy: " + text.str());
        UseMap();
        Simulator::Destroy();
    }
};

/// The suite.
class SanCensusSchedulerTestSuite : public TestSuite
{
  public:
    SanCensusSchedulerTestSuite()
        : TestSuite("san-census-scheduler", UNIT)
    {
        AddTestCase(new CensusCountsTestCase, TestCase::QUICK);
        AddTestCase(new CensusResourceTestCase, TestCase::QUICK);
    }
};

/// Registers the suite.
static SanCensusSchedulerTestSuite g_sanCensusSchedulerTestSuite;
