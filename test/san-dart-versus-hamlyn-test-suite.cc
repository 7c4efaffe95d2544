/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// DART's hybrid deposit against Hamlyn's sender-based deposit on the same 64-host fat tree and
// the same hosts (DartVersusHamlyn): a shared counter and a barrier, each through both
// interfaces.

#include "ns3/dart-versus-hamlyn.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Both scenarios are built from one setting: only the interface differs.
class DartVersusHamlynSettingTestCase : public TestCase
{
  public:
    DartVersusHamlynSettingTestCase()
        : TestCase("one setting: the same fat tree, Cell mode, link rate, routing and hosts")
    {
    }

  private:
    void DoRun() override
    {
        const DartScenario::Spec d = DartVersusHamlyn::DartSpec();
        const HamlynScenario::Spec h = DartVersusHamlyn::HamlynSpec();
        NS_TEST_ASSERT_MSG_EQ(h.topology, "ns3::SanFatTreeTopology", "fat tree");
        NS_TEST_ASSERT_MSG_EQ(h.topology, d.topology, "topology");
        NS_TEST_ASSERT_MSG_EQ(h.fatTreeK, d.fatTreeK, "K");
        NS_TEST_ASSERT_MSG_EQ(h.fatTreeLevels, d.fatTreeLevels, "levels");
        NS_TEST_ASSERT_MSG_EQ(h.routing, "ns3::SanUpDownRouting", "up*/down*");
        NS_TEST_ASSERT_MSG_EQ(h.routing, d.routing, "routing");
        NS_TEST_ASSERT_MSG_EQ(h.hostPreset, "ns3::PciWorkstationHostPreset", "PCI hosts");
        NS_TEST_ASSERT_MSG_EQ(h.hostPreset, d.hostPreset, "host preset");
        NS_TEST_ASSERT_MSG_EQ(h.switchingMode, "Cell", "Cell mode");
        NS_TEST_ASSERT_MSG_EQ(h.linkRate, "155000000bps", "the DART preset's link rate");
        NS_TEST_ASSERT_MSG_EQ(h.bufferSize, d.bufferSize, "switch buffers");
        NS_TEST_ASSERT_MSG_EQ(h.switchRoutingDelay, d.switchRoutingDelay, "switch transit");
        NS_TEST_ASSERT_MSG_EQ(h.paperCables, d.paperCables, "cables");
        NS_TEST_ASSERT_MSG_EQ(h.stateMachine, true, "Hamlyn's state-machine preset");
        NS_TEST_ASSERT_MSG_EQ(d.costModel, "ns3::DartHardwareCostModel", "hardware DART");
    }
};

/// 63 clients increment one counter through each interface.
class DartVersusHamlynCounterTestCase : public TestCase
{
  public:
    DartVersusHamlynCounterTestCase()
        : TestCase("shared counter: every increment counted once through both interfaces; "
                   "DART's server CPU does nothing, Hamlyn's works and is interrupted")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t k = 3;
        const DartVersusHamlyn::Counter d = DartVersusHamlyn::RunCounter(DartVersusHamlyn::DART, k);
        const DartVersusHamlyn::Counter h =
            DartVersusHamlyn::RunCounter(DartVersusHamlyn::HAMLYN, k);
        for (const auto* c : {&d, &h})
        {
            NS_TEST_ASSERT_MSG_EQ(c->clients, 63u, "63 clients");
            NS_TEST_ASSERT_MSG_EQ(c->increments, 63u * k, "every increment completed");
            NS_TEST_ASSERT_MSG_EQ(c->finalValue, 63u * k, "final counter = clients x K");
            NS_TEST_ASSERT_MSG_EQ(c->distinct, true, "old values 0 .. N-1, once each");
            NS_TEST_ASSERT_MSG_GT(c->meanLatencyUs, 0.0, "latency");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(c->totalUs, k * c->meanLatencyUs * 0.99, "total");
        }
        NS_TEST_ASSERT_MSG_EQ(d.serverCpuUs, 0.0, "DART: the server's CPU did nothing");
        NS_TEST_ASSERT_MSG_EQ(d.serverInterrupts, 0u, "DART: no interrupt at the server");
        NS_TEST_ASSERT_MSG_GT(h.serverCpuUs, 0.0, "Hamlyn: the server's CPU worked");
        NS_TEST_ASSERT_MSG_GT(h.serverInterrupts, 0u, "Hamlyn: a blocked server is woken");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(h.serverInterrupts,
                                    63u * k,
                                    "Hamlyn: at most one wake-up per request");
        // One client: every request finds Hamlyn's server asleep.
        const DartVersusHamlyn::Counter d1 =
            DartVersusHamlyn::RunCounter(DartVersusHamlyn::DART, k, 1);
        const DartVersusHamlyn::Counter h1 =
            DartVersusHamlyn::RunCounter(DartVersusHamlyn::HAMLYN, k, 1);
        NS_TEST_ASSERT_MSG_EQ(d1.finalValue, k, "DART, one client");
        NS_TEST_ASSERT_MSG_EQ(h1.finalValue, k, "Hamlyn, one client");
        NS_TEST_ASSERT_MSG_EQ(d1.serverInterrupts, 0u, "DART, one client: no interrupt");
        NS_TEST_ASSERT_MSG_EQ(h1.serverInterrupts, k, "Hamlyn, one client: a wake-up each");
    }
};

/// A barrier across the 63 clients through each interface.
class DartVersusHamlynBarrierTestCase : public TestCase
{
  public:
    DartVersusHamlynBarrierTestCase()
        : TestCase("barrier: nobody released before the last arrival; one notification (DART: "
                   "action) and one interrupt per episode at the coordinator, both interfaces")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t episodes = 2;
        for (auto i : {DartVersusHamlyn::DART, DartVersusHamlyn::HAMLYN})
        {
            const std::string name = DartVersusHamlyn::GetName(i);
            const DartVersusHamlyn::Barrier b = DartVersusHamlyn::RunBarrier(i, episodes);
            NS_TEST_ASSERT_MSG_EQ(b.participants, 63u, name);
            NS_TEST_ASSERT_MSG_EQ(b.episodes, episodes, name << ": everyone released each time");
            NS_TEST_ASSERT_MSG_EQ(b.noneEarly, true, name << ": nobody released early");
            NS_TEST_ASSERT_MSG_GT(b.lastArrivalToFirstReleaseUs, 0.0, name);
            NS_TEST_ASSERT_MSG_GT(b.firstArrivalToLastReleaseUs,
                                  b.lastArrivalToLastReleaseUs,
                                  name << ": arrivals are spread");
            NS_TEST_ASSERT_MSG_EQ(b.notificationsPerEpisode, 1.0, name << ": one per episode");
            NS_TEST_ASSERT_MSG_EQ(b.interruptsPerEpisode, 1.0, name << ": one interrupt each");
            NS_TEST_ASSERT_MSG_GT(b.coordinatorCpuUsPerEpisode, 0.0, name);
        }
    }
};

/// The suite.
class SanDartVersusHamlynTestSuite : public TestSuite
{
  public:
    SanDartVersusHamlynTestSuite()
        : TestSuite("san-dart-versus-hamlyn", SYSTEM)
    {
        AddTestCase(new DartVersusHamlynSettingTestCase, TestCase::QUICK);
        AddTestCase(new DartVersusHamlynCounterTestCase, TestCase::QUICK);
        AddTestCase(new DartVersusHamlynBarrierTestCase, TestCase::QUICK);
    }
};

/// The suite's instance.
SanDartVersusHamlynTestSuite g_sanDartVersusHamlynTestSuite;

} // namespace
