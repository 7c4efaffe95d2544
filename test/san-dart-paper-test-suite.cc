/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The DART reproduction (Osborne 1994, section 3): the software DART's 24.5 us (fitted) and
// 30 us (a check: the switch's share comes from the fabric), the hardware projections' bounds
// (reported as simulated), and invariants between the configurations.

#include "san-paper-misses.h"

#include "ns3/dart-beyond-paper.h"
#include "ns3/dart-paper-experiments.h"
#include "ns3/san-paper-test-case.h"
#include "ns3/test.h"

#include <map>

using namespace ns3;

namespace
{

/// The latencies, with invariants between configurations and stages.
class DartLatencyTestCase : public SanPaperTestCase
{
  public:
    DartLatencyTestCase()
        : SanPaperTestCase("section 3 latencies: 24.5 and 30 us within 5%, stages add up",
                           DartPaperExperiments::PAPER,
                           &DartPaperExperiments::Latencies,
                           2)
    {
        SetRequirePositive(false); // the notice stage is 0 for a process spinning on memory
    }

  private:
    void DoCheckRows(const std::vector<SanPaperRow>& rows) override
    {
        std::map<std::string, double> v;
        for (const auto& r : rows)
        {
            v[r.metric] = r.simulated;
        }
        const double sw = v["sw_32B_latency_switchless_us"];
        const double swSwitch = v["sw_32B_latency_switch_us"];
        const double hw155 = v["hw155_32B_latency_us"];
        const double hw622 = v["hw622_32B_latency_us"];
        NS_TEST_ASSERT_MSG_GT(swSwitch, sw, "the switch adds time");
        NS_TEST_ASSERT_MSG_GT(sw, hw155, "the hardware is faster than the software");
        NS_TEST_ASSERT_MSG_GT(hw155, hw622, "a faster link is faster");
        // The switch's share is one more cell time at 140 Mbit/s (store and forward) plus its
        // transit delay: it comes from the fabric, not from the interface.
        const double cell = 53 * 8 / 140e6 * 1e6;
        NS_TEST_ASSERT_MSG_EQ_TOL(v["sw_32B_switch_fabric_us"] - v["sw_32B_switchless_fabric_us"],
                                  cell + 1.0,
                                  0.01,
                                  "one cell time + the ASX-100's transit");
        NS_TEST_ASSERT_MSG_EQ_TOL(v["sw_32B_switchless_fabric_us"], cell, 0.01, "one cell time");
        NS_TEST_ASSERT_MSG_EQ_TOL(v["sw_32B_switch_send_us"],
                                  v["sw_32B_switchless_send_us"],
                                  1e-9,
                                  "the interface does not see the switch");
        for (const char* p : {"sw_32B_switchless", "sw_32B_switch", "hw155_32B", "hw622_32B"})
        {
            const std::string id(p);
            const std::string total = id.find("switch") != std::string::npos
                                          ? "sw_32B_latency" + id.substr(6) + "_us"
                                          : id.substr(0, id.size() - 4) + "_32B_latency_us";
            const double sum = v[id + "_send_us"] + v[id + "_fabric_us"] + v[id + "_receive_us"] +
                               v[id + "_notice_us"];
            NS_TEST_ASSERT_MSG_EQ_TOL(sum, v[total], 1e-6, "stages of " << id << " add up");
        }
    }
};

/// Beyond the paper: the filtering the hybrid deposit model buys.
class DartBeyondTestCase : public TestCase
{
  public:
    DartBeyondTestCase()
        : TestCase("beyond the paper: conditional interrupts filter a hot spot; reads ignore a "
                   "busy host")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t rounds = 5;
        const auto every = DartBeyondPaper::RunHotSpot(DartBeyondPaper::EVERY_MESSAGE, rounds);
        const auto cond = DartBeyondPaper::RunHotSpot(DartBeyondPaper::CONDITIONAL, rounds);
        const auto delay = DartBeyondPaper::RunHotSpot(DartBeyondPaper::DELAYABLE, rounds);
        NS_TEST_ASSERT_MSG_EQ(every.messages, 63u * rounds, "every message deposited");
        NS_TEST_ASSERT_MSG_EQ(cond.messages, 63u * rounds, "every message deposited");
        NS_TEST_ASSERT_MSG_EQ(every.interrupts, every.messages, "an interrupt per message");
        NS_TEST_ASSERT_MSG_EQ(cond.interrupts, rounds, "one interrupt per round");
        NS_TEST_ASSERT_MSG_EQ(cond.actions, rounds, "one action per round");
        NS_TEST_ASSERT_MSG_EQ(delay.interrupts, 0u, "a delayable queue never interrupts");
        NS_TEST_ASSERT_MSG_EQ(delay.actions, rounds, "but its actions are there");
        NS_TEST_ASSERT_MSG_GT(every.cpuBusyUs, 10 * cond.cpuBusyUs, "interrupts cost the host");
        const double idle = DartBeyondPaper::ReadRoundTripUs(DartScenario::HARDWARE_155, false, 5);
        const double busy = DartBeyondPaper::ReadRoundTripUs(DartScenario::HARDWARE_155, true, 5);
        NS_TEST_ASSERT_MSG_EQ_TOL(busy, idle, 1e-9, "the card answers reads without the CPU");
        const double swIdle =
            DartBeyondPaper::ReadRoundTripUs(DartScenario::SOFTWARE_SWITCH, false, 5);
        const double swBusy =
            DartBeyondPaper::ReadRoundTripUs(DartScenario::SOFTWARE_SWITCH, true, 5);
        NS_TEST_ASSERT_MSG_GT(swBusy, swIdle, "the software DART's reads wait for the CPU");
    }
};

} // namespace

/// The DART paper suite.
class SanDartPaperTestSuite : public TestSuite
{
  public:
    SanDartPaperTestSuite()
        : TestSuite("san-dart-paper", SYSTEM)
    {
        AddTestCase(new DartLatencyTestCase, TestCase::QUICK);
        AddTestCase(new DartBeyondTestCase, TestCase::QUICK);
    }
};

static SanDartPaperTestSuite g_sanDartPaperTestSuite; //!< registers the suite
