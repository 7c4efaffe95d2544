/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-near-heap-scheduler": SanNearHeapScheduler (the paper examples' and NIC benchmarks'
 * scheduler) runs events in exactly ns-3's MapScheduler order.
 *
 *  - a random run in which events schedule others (a third of them for now, many for the same
 *    few times, some far ahead), cancel some and remove others through Simulator::Remove, with
 *    bursts of more events than the lane holds: the same events run in the same order, at the
 *    same times, as under MapScheduler, three times in one process through Simulator::Destroy;
 *  - Simulator::Remove of an event in the lane and of one in the heap: neither runs, and
 *    IsExpired says so.
 */

#include "san-test-util.h"

#include "ns3/nstime.h"
#include "ns3/san-near-heap-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <cstdint>
#include <utility>
#include <vector>

using namespace ns3;
using santest::FixedSequence;
using santest::UseScheduler;

namespace
{

/// A run of events that schedule, cancel and remove others at random (the same seed: the same
/// run), recording which ran when.
class RandomRun
{
  public:
    /// \param seed the run's seed
    explicit RandomRun(uint32_t seed)
        : m_rng(seed)
    {
    }

    /// Schedule the first events, run, destroy. \return (id, time step) of each event run
    std::vector<std::pair<uint32_t, int64_t>> Go()
    {
        for (uint32_t i = 0; i < 40; ++i)
        {
            ScheduleOne();
        }
        Simulator::Run();
        // Cancelled events still move the clock when their time comes: the last may be one.
        m_ran.emplace_back(UINT32_MAX, Simulator::Now().GetTimeStep());
        Simulator::Destroy();
        return m_ran;
    }

  private:
    /// One event: record it, then schedule up to three more, a burst now and then, and cancel
    /// or remove a pending one now and then. \param id the event's id
    void Fire(uint32_t id)
    {
        m_ran.emplace_back(id, Simulator::Now().GetTimeStep());
        if (m_next >= 20000)
        {
            return;
        }
        const uint32_t more = Draw(4);
        for (uint32_t i = 0; i < more; ++i)
        {
            ScheduleOne();
        }
        if (Draw(50) == 0)
        {
            for (uint32_t i = 0; i < 3 * SanNearHeapScheduler::LANE; ++i)
            {
                ScheduleOne(); // more near events than the lane holds
            }
        }
        if (!m_pending.empty() && Draw(5) == 0)
        {
            const uint32_t k = Draw(static_cast<uint32_t>(m_pending.size()));
            if (Draw(2) == 0)
            {
                Simulator::Cancel(m_pending[k]);
            }
            else
            {
                Simulator::Remove(m_pending[k]);
            }
            m_pending.erase(m_pending.begin() + k);
        }
        if (m_pending.size() > 64)
        {
            m_pending.erase(m_pending.begin(), m_pending.begin() + 32);
        }
    }

    /// Schedule one event: a third now, most at one of a few near times, some far ahead.
    void ScheduleOne()
    {
        const uint32_t kind = Draw(6);
        const int64_t delay = kind < 2   ? 0
                              : kind < 5 ? static_cast<int64_t>(Draw(8)) * 10
                                         : 1000 + static_cast<int64_t>(Draw(100000));
        m_pending.push_back(Simulator::Schedule(TimeStep(delay), &RandomRun::Fire, this, m_next));
        ++m_next;
    }

    /// \param n a bound \return a random number below it
    uint32_t Draw(uint32_t n)
    {
        return static_cast<uint32_t>(m_rng.Next(n));
    }

    FixedSequence m_rng;                             //!< the run's randomness
    uint32_t m_next{0};                              //!< the next event's id
    std::vector<EventId> m_pending;                  //!< some events, to cancel or remove
    std::vector<std::pair<uint32_t, int64_t>> m_ran; //!< what ran, when
};

} // namespace

/**
 * \ingroup san-tests
 * A random run gives the same events in the same order at the same times as under MapScheduler.
 */
class NearHeapOrderTestCase : public TestCase
{
  public:
    NearHeapOrderTestCase()
        : TestCase("events run in MapScheduler's order (random run, cancels, removes, bursts)")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t seed = 1; seed <= 3; ++seed)
        {
            UseScheduler("ns3::MapScheduler");
            const auto expected = RandomRun(seed).Go();
            UseScheduler("ns3::SanNearHeapScheduler");
            const auto got = RandomRun(seed).Go();
            NS_TEST_ASSERT_MSG_GT(expected.size(), 10000u, "the run has events");
            NS_TEST_ASSERT_MSG_EQ(got.size(), expected.size(), "as many events ran");
            for (size_t i = 0; i < expected.size() && i < got.size(); ++i)
            {
                if (got[i] != expected[i])
                {
                    NS_TEST_ASSERT_MSG_EQ(got[i].first,
                                          expected[i].first,
                                          "seed " << seed << ": event " << i << " differs");
                    NS_TEST_ASSERT_MSG_EQ(got[i].second, expected[i].second, "and its time");
                    break;
                }
            }
        }
        UseScheduler("ns3::MapScheduler");
    }
};

/**
 * \ingroup san-tests
 * Simulator::Remove takes an event out of the lane and out of the heap.
 */
class NearHeapRemoveTestCase : public TestCase
{
  public:
    NearHeapRemoveTestCase()
        : TestCase("Simulator::Remove takes events out of the lane and of the heap")
    {
    }

  private:
    void DoRun() override
    {
        UseScheduler("ns3::SanNearHeapScheduler");
        std::vector<int> ran;
        // Twenty events: the lane keeps the sixteen earliest, the heap the four latest.
        EventId latest;
        for (int i = 0; i < 20; ++i)
        {
            latest =
                Simulator::Schedule(NanoSeconds(100 + i), [&ran, i]() { ran.push_back(100 + i); });
        }
        // One before them all: into the lane (which hands its latest to the heap).
        const EventId first = Simulator::Schedule(NanoSeconds(5), [&ran]() { ran.push_back(5); });
        Simulator::Remove(first);  // from the lane
        Simulator::Remove(latest); // from the heap
        NS_TEST_ASSERT_MSG_EQ(first.IsExpired(), true, "a removed event is expired");
        NS_TEST_ASSERT_MSG_EQ(latest.IsExpired(), true, "a removed event is expired");
        Simulator::Run();
        Simulator::Destroy();
        std::vector<int> expected;
        for (int i = 0; i < 19; ++i)
        {
            expected.push_back(100 + i);
        }
        NS_TEST_ASSERT_MSG_EQ((ran == expected), true, "the others ran, in order");
        UseScheduler("ns3::MapScheduler");
    }
};

/**
 * \ingroup san-tests
 * The suite.
 */
class SanNearHeapSchedulerTestSuite : public TestSuite
{
  public:
    SanNearHeapSchedulerTestSuite()
        : TestSuite("san-near-heap-scheduler", UNIT)
    {
        AddTestCase(new NearHeapOrderTestCase, TestCase::QUICK);
        AddTestCase(new NearHeapRemoveTestCase, TestCase::QUICK);
    }
};

/// The suite's one instance.
static SanNearHeapSchedulerTestSuite g_sanNearHeapSchedulerTestSuite;
