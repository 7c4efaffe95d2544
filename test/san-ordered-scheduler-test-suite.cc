/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-ordered-scheduler": SanOrderedScheduler (the fabric examples' scheduler) and the
 * benchmark's result record.
 *
 *  - simultaneous events run as documented: events without a class first in the order they
 *    were scheduled, then port events by key, then packet events by key;
 *  - an event scheduled for the current time while others of that time wait takes its place
 *    among them (a port event before the packets still waiting, a packet by its key);
 *  - thousands of events at random times with random classes and keys, through many bucket
 *    spreads and the release of large buckets, all run, in (time, class, key, scheduling)
 *    order;
 *  - SanBenchmarkResult's record carries the huge-page setting and refuses a record without
 *    it.
 */

#include "san-test-util.h"

#include "ns3/san-fabric-benchmark.h"
#include "ns3/san-fabric-event.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// What ran, in order: (time, class, key, the order it was scheduled in).
struct Ran
{
    int64_t ts;   //!< time step it ran at
    uint8_t cls;  //!< its class
    uint64_t key; //!< its key
    uint32_t seq; //!< its place in the order of scheduling
};

/// Records the events it is called by.
class Recorder
{
  public:
    /// \param seq the event's place in the order of scheduling
    void Port(uint32_t seq)
    {
        Record(SanFabricEventBase::CLASS_PORT, seq);
    }

    /// \param seq the event's place in the order of scheduling
    void Packet(uint32_t seq)
    {
        Record(SanFabricEventBase::CLASS_PACKET, seq);
    }

    /// \param seq the event's place in the order of scheduling
    void Plain(uint32_t seq)
    {
        Record(SanFabricEventBase::CLASS_NONE, seq);
    }

    /// \param cls class \param key key \param seq place in the order of scheduling
    void Expect(uint8_t cls, uint64_t key, uint32_t seq)
    {
        m_keys.resize(std::max<size_t>(m_keys.size(), seq + 1));
        m_keys[seq] = {cls, key};
    }

    /**
     * Schedule an event of a class, with a key, after a delay.
     * \param delay time steps from now \param cls class \param key key
     */
    void Schedule(int64_t delay, uint8_t cls, uint64_t key)
    {
        const uint32_t seq = m_next++;
        Expect(cls, key, seq);
        if (cls == SanFabricEventBase::CLASS_NONE)
        {
            Simulator::Schedule(TimeStep(delay), &Recorder::Plain, this, seq);
            return;
        }
        SanFabricEventBase* ev = cls == SanFabricEventBase::CLASS_PORT
                                     ? MakeSanFabricEvent<&Recorder::Port>(this, seq)
                                     : MakeSanFabricEvent<&Recorder::Packet>(this, seq);
        Simulator::ScheduleWithContext(0, TimeStep(delay), ev->Order(cls, key));
    }

    std::vector<Ran> ran; //!< what ran
    /// Called when an event runs: it may schedule more (set by the test).
    std::function<void(const Ran&)> onRun;

  private:
    /// \param cls class \param seq place in the order of scheduling
    void Record(uint8_t cls, uint32_t seq)
    {
        const Ran r{Simulator::Now().GetTimeStep(), cls, m_keys[seq].second, seq};
        ran.push_back(r);
        if (onRun)
        {
            onRun(r);
        }
    }

    std::vector<std::pair<uint8_t, uint64_t>> m_keys; //!< class and key by seq
    uint32_t m_next{0};                               //!< next seq
};

/// Use SanOrderedScheduler for the next run.
void
UseOrderedScheduler()
{
    santest::UseScheduler("ns3::SanOrderedScheduler");
}

/// \param r what ran \return the seqs in the order they ran
std::vector<uint32_t>
Seqs(const std::vector<Ran>& r)
{
    std::vector<uint32_t> s;
    for (const Ran& x : r)
    {
        s.push_back(x.seq);
    }
    return s;
}

/// Simultaneous events: plain first (as scheduled), then ports by key, then packets by key.
class SanOrderedSimultaneousTestCase : public TestCase
{
  public:
    SanOrderedSimultaneousTestCase()
        : TestCase("simultaneous events run by class, then key, then scheduling order")
    {
    }

  private:
    void DoRun() override
    {
        UseOrderedScheduler();
        Recorder rec;
        rec.Schedule(10, SanFabricEventBase::CLASS_PACKET, 5); // seq 0
        rec.Schedule(10, SanFabricEventBase::CLASS_PORT, 7);   // 1
        rec.Schedule(10, SanFabricEventBase::CLASS_NONE, 0);   // 2
        rec.Schedule(10, SanFabricEventBase::CLASS_PACKET, 2); // 3
        rec.Schedule(10, SanFabricEventBase::CLASS_PORT, 3);   // 4
        rec.Schedule(10, SanFabricEventBase::CLASS_NONE, 0);   // 5
        rec.Schedule(9, SanFabricEventBase::CLASS_PACKET, 9);  // 6: earlier time first
        Simulator::Run();
        Simulator::Destroy();
        const std::vector<uint32_t> want{6, 2, 5, 4, 1, 3, 0};
        const bool inOrder = Seqs(rec.ran) == want;
        NS_TEST_ASSERT_MSG_EQ(inOrder, true, "order of simultaneous events");
    }
};

/// An event for the current time, scheduled while others of that time wait.
class SanOrderedLateInsertTestCase : public TestCase
{
  public:
    SanOrderedLateInsertTestCase()
        : TestCase("an event scheduled for the current time takes its place among those waiting")
    {
    }

  private:
    void DoRun() override
    {
        UseOrderedScheduler();
        Recorder rec;
        rec.Schedule(10, SanFabricEventBase::CLASS_PACKET, 1); // seq 0 runs first
        rec.Schedule(10, SanFabricEventBase::CLASS_PACKET, 5); // 1
        rec.Schedule(10, SanFabricEventBase::CLASS_PACKET, 8); // 2
        rec.onRun = [&rec](const Ran& r) {
            if (r.seq == 0)
            {
                rec.Schedule(0, SanFabricEventBase::CLASS_PACKET, 6); // 3: between 5 and 8
                rec.Schedule(0, SanFabricEventBase::CLASS_PORT, 99);  // 4: before the packets
            }
        };
        Simulator::Run();
        Simulator::Destroy();
        const std::vector<uint32_t> want{0, 4, 1, 3, 2};
        const bool inOrder = Seqs(rec.ran) == want;
        NS_TEST_ASSERT_MSG_EQ(inOrder, true, "late events take their place");
        for (const Ran& r : rec.ran)
        {
            NS_TEST_ASSERT_MSG_EQ(r.ts, 10, "all at time 10");
        }
    }
};

/// Many events at random times: all run, in order.
class SanOrderedRandomTestCase : public TestCase
{
  public:
    SanOrderedRandomTestCase()
        : TestCase("thousands of random events run in (time, class, key, scheduling) order")
    {
    }

  private:
    void DoRun() override
    {
        UseOrderedScheduler();
        Recorder rec;
        std::mt19937_64 rng(12345);
        const uint32_t n = 20000;
        // Times from a narrow range (many simultaneous) and a wide one (many buckets).
        for (uint32_t i = 0; i < n; ++i)
        {
            const int64_t ts = (i % 2 == 0) ? 1 + static_cast<int64_t>(rng() % 50)
                                            : 1 + static_cast<int64_t>(rng() % 100000000);
            const auto cls = static_cast<uint8_t>(rng() % 3);
            const uint64_t key = cls == SanFabricEventBase::CLASS_NONE ? 0 : rng() % 1000;
            rec.Schedule(ts, cls, key);
        }
        // Events that schedule more while running: some at the same time, some later.
        uint32_t added = 0;
        rec.onRun = [&rec, &rng, &added](const Ran& r) {
            if (added < 2000 && r.seq % 7 == 0)
            {
                ++added;
                const int64_t delay = (added % 2) ? 0 : 1 + static_cast<int64_t>(rng() % 5000);
                rec.Schedule(delay, SanFabricEventBase::CLASS_PACKET, 1000 + rng() % 1000);
            }
        };
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(rec.ran.size(), n + added, "every event ran");
        std::vector<uint32_t> seqs = Seqs(rec.ran);
        std::sort(seqs.begin(), seqs.end());
        const bool once = std::adjacent_find(seqs.begin(), seqs.end()) == seqs.end();
        NS_TEST_ASSERT_MSG_EQ(once, true, "no event ran twice");
        // Events scheduled before the run must run in (time, class, key, seq) order among
        // themselves; those added while running only at their time or later.
        std::vector<Ran> initial;
        for (const Ran& r : rec.ran)
        {
            if (r.seq < n)
            {
                initial.push_back(r);
            }
        }
        auto order = [](const Ran& a, const Ran& b) {
            return std::tie(a.ts, a.cls, a.key, a.seq) < std::tie(b.ts, b.cls, b.key, b.seq);
        };
        const bool sorted = std::is_sorted(initial.begin(), initial.end(), order);
        NS_TEST_ASSERT_MSG_EQ(sorted, true, "events scheduled before the run ran in order");
        for (size_t i = 1; i < rec.ran.size(); ++i)
        {
            const bool forward = rec.ran[i].ts >= rec.ran[i - 1].ts;
            NS_TEST_ASSERT_MSG_EQ(forward, true, "time never goes back");
        }
    }
};

/// The benchmark's record carries the huge-page setting.
class SanBenchmarkRecordTestCase : public TestCase
{
  public:
    SanBenchmarkRecordTestCase()
        : TestCase("a benchmark result's record carries huge_pages and refuses one without it")
    {
    }

  private:
    void DoRun() override
    {
        SanBenchmarkResult r;
        r.name = "w";
        r.scheduler = "ns3::SanOrderedScheduler";
        r.hosts = 64;
        r.switchHops = 1000;
        r.hugePages = true;
        SanBenchmarkResult back;
        NS_TEST_ASSERT_MSG_EQ(SanBenchmarkResult::Decode(r.Encode(), back), "", "decodes");
        NS_TEST_ASSERT_MSG_EQ(back.hugePages, true, "huge pages on");
        NS_TEST_ASSERT_MSG_EQ(back.hosts, 64, "hosts");
        r.hugePages = false;
        NS_TEST_ASSERT_MSG_EQ(SanBenchmarkResult::Decode(r.Encode(), back), "", "decodes");
        NS_TEST_ASSERT_MSG_EQ(back.hugePages, false, "huge pages off");
        std::string text = r.Encode();
        text = text.substr(0, text.find(" huge_pages="));
        NS_TEST_ASSERT_MSG_EQ(SanBenchmarkResult::Decode(text, back),
                              "result has no huge_pages",
                              "a record without the setting is refused");
    }
};

/// The suite.
class SanOrderedSchedulerTestSuite : public TestSuite
{
  public:
    SanOrderedSchedulerTestSuite()
        : TestSuite("san-ordered-scheduler", UNIT)
    {
        AddTestCase(new SanOrderedSimultaneousTestCase, TestCase::QUICK);
        AddTestCase(new SanOrderedLateInsertTestCase, TestCase::QUICK);
        AddTestCase(new SanOrderedRandomTestCase, TestCase::QUICK);
        AddTestCase(new SanBenchmarkRecordTestCase, TestCase::QUICK);
    }
};

/// Registers the suite.
SanOrderedSchedulerTestSuite g_sanOrderedSchedulerTestSuite;

} // namespace
