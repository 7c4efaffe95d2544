/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Each paper's scenario cut in two, in one process: with the global values SanScenarioSwitches=2
// (a crossbar's hosts on two linked switches) and SanScenarioPartitions=2 (SanFabricHelper::
// SetPartitions: the links between the parts become SanRemoteChannels, which encode every
// message and deliver it through the scheduler one lead later), a paper experiment must give
// exactly the rows it gives uncut on the same two switches. Every row is compared whole, its
// values printed at full precision; each comparison also requires messages to have crossed the
// cut, so it cannot pass without one. What a cut refuses (wormhole packets longer than a
// buffer) is checked as refused, so the case fails, and asks for a comparison, once the fabric
// can cut it; that experiment is also compared with buffers large enough that nothing is a worm.

#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/san-module.h"
#include "ns3/san-paper.h"
#include "ns3/san-scenario.h"
#include "ns3/test.h"

#include <cstdio>
#include <map>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup san-tests
 * Paper scenarios cut in two give the rows they give uncut.
 */

namespace ns3
{

namespace
{

/**
 * The scenario global values (SanScenarioSwitches, SanScenarioPartitions,
 * SanScenarioBufferSize) for as long as it lives; then their defaults again, so that the
 * suite's cases do not depend on their order.
 */
class PartitionSettings
{
  public:
    /// \param switches SanScenarioSwitches \param parts SanScenarioPartitions
    /// \param buffer SanScenarioBufferSize (0: the paper's)
    PartitionSettings(uint32_t switches, uint32_t parts, uint32_t buffer = 0)
    {
        Config::SetGlobal("SanScenarioSwitches", UintegerValue(switches));
        Config::SetGlobal("SanScenarioPartitions", UintegerValue(parts));
        Config::SetGlobal("SanScenarioBufferSize", UintegerValue(buffer));
    }

    ~PartitionSettings()
    {
        for (auto i = GlobalValue::Begin(); i != GlobalValue::End(); ++i)
        {
            if ((*i)->GetName() == "SanScenarioSwitches" ||
                (*i)->GetName() == "SanScenarioPartitions" ||
                (*i)->GetName() == "SanScenarioBufferSize")
            {
                (*i)->ResetInitialValue();
            }
        }
    }

    PartitionSettings(const PartitionSettings&) = delete;
    PartitionSettings& operator=(const PartitionSettings&) = delete;
};

/// \param name a global value \return its value
uint64_t
PartitionSetting(const std::string& name)
{
    UintegerValue v;
    GlobalValue::GetValueByName(name, v);
    return v.Get();
}

/// \param x a value \return it at full precision (%.17g, which reads back exactly)
std::string
Exact(double x)
{
    char buf[40];
    std::snprintf(buf, sizeof(buf), "%.17g", x);
    return buf;
}

/// \param rows an experiment's rows \return each row whole, one line each
std::vector<std::string>
RenderPartitionRows(const std::vector<SanPaperRow>& rows)
{
    std::vector<std::string> lines;
    for (const SanPaperRow& r : rows)
    {
        lines.push_back(r.experiment + "," + r.metric + "," + r.unit + "," + r.paper.Format() +
                        ",simulated=" + Exact(r.simulated) + ",tolerance=" + Exact(r.tolerance) +
                        ",role=" + std::to_string(r.role) + ",source=" + r.source +
                        ",deviation=" + r.deviation + ",missing=" + r.missing);
    }
    return lines;
}

/**
 * \param type a paper's TypeId name
 * \param name one of its experiments
 * \return the experiment (no producer if the paper has none of that name)
 */
SanPaper::Experiment
FindPartitionExperiment(const std::string& type, const std::string& name)
{
    for (const SanPaper::Experiment& e : SanPaper::CreatePaper(type)->GetExperiments())
    {
        if (e.name == name)
        {
            return e;
        }
    }
    return SanPaper::Experiment{};
}

/// What one run of an experiment gave.
struct PartitionRun
{
    std::vector<std::string> rows;   //!< its rows, rendered
    SanScenario::CutStatistics cuts; //!< what its scenarios cut
};

/**
 * Run an experiment on two switches, cut into \p parts, under a scheduler, and destroy the
 * simulation.
 * \param e the experiment
 * \param parts SanScenarioPartitions
 * \param scheduler the scheduler's TypeId name ("": ns-3's default, as the paper programs run)
 * \param buffer SanScenarioBufferSize (0: the paper's)
 * \return its rows and what was cut
 */
PartitionRun
RunPartitioned(const SanPaper::Experiment& e,
               uint32_t parts,
               const std::string& scheduler,
               uint32_t buffer)
{
    PartitionRun run;
    // The simulator reads SchedulerType when it is made, the next time it is used.
    Simulator::Destroy();
    StringValue before;
    GlobalValue::GetValueByName("SchedulerType", before);
    if (!scheduler.empty())
    {
        Config::SetGlobal("SchedulerType", StringValue(scheduler));
    }
    SanScenario::ResetCutStatistics();
    {
        PartitionSettings settings(2, parts, buffer);
        run.rows = RenderPartitionRows(e.rows());
    }
    Simulator::Destroy(); // counts the crossings of a scenario whose run was not destroyed
    Config::SetGlobal("SchedulerType", before);
    run.cuts = SanScenario::GetCutStatistics();
    SanScenario::ResetCutStatistics();
    return run;
}

} // namespace

/**
 * \ingroup san-tests
 * One experiment of a paper: its rows on two switches, uncut and cut in two, must be the same,
 * row by row and value by value, and messages must have crossed the cut; under ns-3's default
 * scheduler (as the paper programs run) and under SanOrderedScheduler. Only the second
 * promises it in general: a cut hands a message over in a later event (on SCI's and CLAN's
 * links, which have no lead, a later event of the same time), the events it causes are then
 * scheduled after others of their time, and the default scheduler runs simultaneous events in
 * the order they were scheduled; SCILAN's beyond-paper all-to-all runs differ so (by up to 1.7%
 * on a row), not these experiments. All run twice, with Simulator::Destroy between: the second run
 * must repeat the first.
 */
class SanPaperPartitionTestCase : public TestCase
{
  public:
    /// \param type the paper's TypeId name \param experiment one of its experiments
    /// \param buffer SanScenarioBufferSize for both runs (0: the paper's buffers)
    SanPaperPartitionTestCase(const std::string& type,
                              const std::string& experiment,
                              uint32_t buffer = 0)
        : TestCase(type + ", " + experiment + ": cut in two as uncut" +
                   (buffer > 0 ? ", switch buffers of " + std::to_string(buffer) + " bytes"
                               : std::string())),
          m_type(type),
          m_experiment(experiment),
          m_buffer(buffer)
    {
    }

  private:
    void DoRun() override
    {
        const SanPaper::Experiment e = FindPartitionExperiment(m_type, m_experiment);
        NS_TEST_ASSERT_MSG_EQ(bool(e.rows), true, m_type << " has no experiment " << m_experiment);
        std::map<std::string, std::vector<std::string>> first;
        for (int round = 0; round < 2; ++round)
        {
            for (const std::string scheduler : {"", "ns3::SanOrderedScheduler"})
            {
                const std::string under =
                    scheduler.empty() ? "ns-3's default scheduler" : scheduler;
                const PartitionRun uncut = RunPartitioned(e, 1, scheduler, m_buffer);
                const PartitionRun cut = RunPartitioned(e, 2, scheduler, m_buffer);
                NS_TEST_ASSERT_MSG_EQ(uncut.cuts.scenarios, 0u, "one part: nothing is cut");
                NS_TEST_ASSERT_MSG_GT(cut.cuts.scenarios, 0u, "two parts: a scenario is cut");
                NS_TEST_ASSERT_MSG_GT(cut.cuts.cutLinks, 0u, "two parts: links are cut");
                NS_TEST_ASSERT_MSG_GT(cut.cuts.crossings,
                                      0u,
                                      m_experiment << ": no message crossed the cut");
                NS_TEST_ASSERT_MSG_GT(uncut.rows.size(), 0u, "rows");
                NS_TEST_ASSERT_MSG_EQ(cut.rows.size(), uncut.rows.size(), "as many rows cut");
                for (std::size_t i = 0; i < uncut.rows.size(); ++i)
                {
                    NS_TEST_EXPECT_MSG_EQ(cut.rows[i],
                                          uncut.rows[i],
                                          "row " << i << " cut in two (" << cut.cuts.cutLinks
                                                 << " links, " << cut.cuts.crossings
                                                 << " messages across) differs from uncut, under "
                                                 << under);
                }
                if (round == 0)
                {
                    first[scheduler] = uncut.rows;
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ((uncut.rows == first[scheduler]),
                                          true,
                                          "the second run repeats the first, under " << under);
                }
            }
        }
        StringValue scheduler;
        GlobalValue::GetValueByName("SchedulerType", scheduler);
        NS_TEST_EXPECT_MSG_NE(scheduler.Get(), "ns3::SanOrderedScheduler", "scheduler again");
        NS_TEST_EXPECT_MSG_EQ(PartitionSetting("SanScenarioSwitches"), 1u, "default again");
        NS_TEST_EXPECT_MSG_EQ(PartitionSetting("SanScenarioPartitions"), 0u, "default again");
        NS_TEST_EXPECT_MSG_EQ(PartitionSetting("SanScenarioBufferSize"), 0u, "default again");
    }

    std::string m_type;       //!< the paper's TypeId name
    std::string m_experiment; //!< the experiment
    uint32_t m_buffer;        //!< SanScenarioBufferSize (0: the paper's)
};

/**
 * \ingroup san-tests
 * An experiment whose fabric cannot be cut as the paper has it: run in a child process, cut in
 * two, it must stop with the message that says why (and uncut, on two switches, still run).
 * When the fabric learns to cut it, this fails: compare it then (SanPaperPartitionTestCase).
 */
class SanPaperPartitionRefusedTestCase : public TestCase
{
  public:
    /**
     * \param type the paper's TypeId name
     * \param experiment one of its experiments
     * \param why the text the refusal must contain
     */
    SanPaperPartitionRefusedTestCase(const std::string& type,
                                     const std::string& experiment,
                                     const std::string& why)
        : TestCase(type + ", " + experiment + ": a cut is refused (" + why + ")"),
          m_type(type),
          m_experiment(experiment),
          m_why(why)
    {
    }

  private:
    void DoRun() override
    {
        const SanPaper::Experiment e = FindPartitionExperiment(m_type, m_experiment);
        NS_TEST_ASSERT_MSG_EQ(bool(e.rows), true, m_type << " has no experiment " << m_experiment);
        for (int round = 0; round < 2; ++round)
        {
            const PartitionRun uncut = RunPartitioned(e, 1, "", 0);
            NS_TEST_EXPECT_MSG_GT(uncut.rows.size(), 0u, "uncut on two switches, it runs");
            std::string message;
            {
                PartitionSettings settings(2, 2);
                santest::DiesWithMessage([&e]() { e.rows(); }, m_why, message);
            }
            NS_TEST_EXPECT_MSG_NE(message.find(m_why),
                                  std::string::npos,
                                  "cut in two, " << m_experiment << " is refused with '" << m_why
                                                 << "'; it said: " << message);
            Simulator::Destroy();
        }
    }

    std::string m_type;       //!< the paper's TypeId name
    std::string m_experiment; //!< the experiment
    std::string m_why;        //!< the refusal's text
};

/**
 * \ingroup san-tests
 * What the two global values build: the defaults, the spec as it is; SanScenarioSwitches=2, a
 * crossbar's hosts half on each of two switches in the same order (an odd one more on the
 * first; a one-host crossbar and other topologies as they are); SanScenarioPartitions=2, a cut
 * whose links have a lead even on the papers' cables (no Delay), and the hosts on their switch's
 * part; a Cell-mode fabric cut, with its records of cells; SanScenarioBufferSize, the buffers
 * instead of the spec's.
 */
class SanScenarioPartitionSettingsTestCase : public TestCase
{
  public:
    SanScenarioPartitionSettingsTestCase()
        : TestCase("SanScenarioSwitches, SanScenarioPartitions and SanScenarioBufferSize build "
                   "what they say")
    {
    }

  private:
    /// \param hosts hosts of a crossbar spec \return the spec
    static SanScenarioSpec Crossbar(uint32_t hosts)
    {
        SanScenarioSpec spec;
        spec.hosts = hosts;
        return spec;
    }

    void DoRun() override
    {
        for (int round = 0; round < 2; ++round)
        {
            {
                SanScenario s(Crossbar(4));
                NS_TEST_EXPECT_MSG_EQ(s.GetFabricHelper().GetTopology()->GetNSwitches(),
                                      1u,
                                      "default: the crossbar");
                NS_TEST_EXPECT_MSG_EQ(s.GetFabricHelper().GetCutLinks(), 0u, "default: uncut");
            }
            Simulator::Destroy();
            {
                PartitionSettings settings(2, 1);
                SanScenario s(Crossbar(4));
                Ptr<SanTopology> topo = s.GetFabricHelper().GetTopology();
                NS_TEST_EXPECT_MSG_EQ(topo->GetNSwitches(), 2u, "two switches");
                NS_TEST_EXPECT_MSG_EQ(s.GetNHosts(), 4u, "the same hosts");
                for (uint32_t h = 0; h < 4; ++h)
                {
                    NS_TEST_EXPECT_MSG_EQ(topo->GetHostSwitch(h), h / 2, "host " << h);
                    NS_TEST_EXPECT_MSG_EQ(
                        DynamicCast<SanEndpointDevice>(s.GetEndpoints().Get(h))->GetHost(),
                        h,
                        "endpoints in host order");
                }
                NS_TEST_EXPECT_MSG_EQ(s.GetFabricHelper().GetCutLinks(), 0u, "one part: uncut");
                SanScenario one(Crossbar(1));
                NS_TEST_EXPECT_MSG_EQ(one.GetFabricHelper().GetTopology()->GetNSwitches(),
                                      1u,
                                      "one host: one switch");
            }
            Simulator::Destroy();
            {
                PartitionSettings settings(2, 2);
                SanScenario s(Crossbar(4));
                SanFabricHelper& fabric = s.GetFabricHelper();
                NS_TEST_EXPECT_MSG_EQ(fabric.GetCutLinks(), 1u, "the link between the switches");
                // The papers' cables have no Delay: the lead is a byte's serialization (the
                // fabric's MinPacketSize is 1), shorter than the switch's routing delay.
                NS_TEST_EXPECT_MSG_EQ(fabric.GetLookahead().IsStrictlyPositive(),
                                      true,
                                      "a lead on cables without Delay: " << fabric.GetLookahead());
                NS_TEST_EXPECT_MSG_EQ(fabric.GetHostPart(1), 0u, "host 1 with switch 0");
                NS_TEST_EXPECT_MSG_EQ(fabric.GetHostPart(2), 1u, "host 2 with switch 1");
                UintegerValue minPacket;
                fabric.GetFabric()->GetAttribute("MinPacketSize", minPacket);
                NS_TEST_EXPECT_MSG_EQ(minPacket.Get(), 1u, "every packet has a byte");

                SanScenarioSpec ring = Crossbar(6);
                ring.topology = "ns3::SanRingTopology";
                SanScenario r(ring);
                NS_TEST_EXPECT_MSG_EQ(r.GetFabricHelper().GetTopology()->GetNSwitches(),
                                      6u,
                                      "a ring stays a ring");
                NS_TEST_EXPECT_MSG_EQ(r.GetFabricHelper().GetCutLinks(), 2u, "a ring cut in two");
                const SanScenario::CutStatistics cuts = SanScenario::GetCutStatistics();
                NS_TEST_EXPECT_MSG_GT(cuts.scenarios, 1u, "cut scenarios are counted");
            }
            Simulator::Destroy();
            SanScenario::ResetCutStatistics();
            {
                PartitionSettings settings(2, 2);
                SanScenario s(Crossbar(5));
                Ptr<SanTopology> topo = s.GetFabricHelper().GetTopology();
                NS_TEST_EXPECT_MSG_EQ(topo->GetNSwitches(), 2u, "five hosts: two switches");
                for (uint32_t h = 0; h < 5; ++h)
                {
                    NS_TEST_EXPECT_MSG_EQ(topo->GetHostSwitch(h),
                                          (h < 3 ? 0u : 1u),
                                          "host " << h << " (the odd one on switch 0)");
                    NS_TEST_EXPECT_MSG_EQ(
                        DynamicCast<SanEndpointDevice>(s.GetEndpoints().Get(h))->GetHost(),
                        h,
                        "endpoints in host order");
                }
                NS_TEST_EXPECT_MSG_EQ(s.GetFabricHelper().GetCutLinks(), 1u, "cut between them");
            }
            Simulator::Destroy();
            SanScenario::ResetCutStatistics();
            {
                PartitionSettings settings(2, 2);
                SanScenarioSpec cells = Crossbar(2);
                cells.switchingMode = "Cell";
                SanScenario s(cells);
                NS_TEST_EXPECT_MSG_EQ(s.GetFabricHelper().GetCutLinks(), 1u, "Cell mode is cut");
                NS_TEST_EXPECT_MSG_NE(s.GetFabricHelper().GetFabric()->GetCutCellRecords(),
                                      nullptr,
                                      "with a record of cells per part");
            }
            Simulator::Destroy();
            SanScenario::ResetCutStatistics();
            {
                PartitionSettings settings(1, 1, 8192);
                SanScenarioSpec worms = Crossbar(2);
                worms.switchingMode = "Wormhole";
                worms.bufferSize = 64;
                SanScenario s(worms);
                UintegerValue buffer;
                s.GetFabricHelper().GetFabric()->GetAttribute("BufferSize", buffer);
                NS_TEST_EXPECT_MSG_EQ(buffer.Get(), 8192u, "SanScenarioBufferSize over the spec's");
            }
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ(PartitionSetting("SanScenarioSwitches"), 1u, "default again");
            NS_TEST_EXPECT_MSG_EQ(PartitionSetting("SanScenarioPartitions"), 0u, "default again");
            NS_TEST_EXPECT_MSG_EQ(PartitionSetting("SanScenarioBufferSize"), 0u, "default again");
        }
    }
};

/**
 * \ingroup san-tests
 * The plan covers every paper: each registered paper (but san-paper-interface's own test paper)
 * has its experiments here, and they exist.
 */
class SanPaperPartitionPlanTestCase : public TestCase
{
  public:
    /// \param planned paper TypeId name -> experiments the suite runs
    explicit SanPaperPartitionPlanTestCase(std::map<std::string, std::vector<std::string>> planned)
        : TestCase("every paper has experiments cut in two"),
          m_planned(std::move(planned))
    {
    }

  private:
    void DoRun() override
    {
        uint32_t papers = 0;
        for (const std::string& type : SanPaper::GetPaperTypeIds())
        {
            if (type == "ns3::SanTestPaper")
            {
                continue; // san-paper-interface's own paper, a harness check
            }
            ++papers;
            NS_TEST_EXPECT_MSG_EQ(m_planned.count(type), 1u, type << " has no partition case");
        }
        NS_TEST_EXPECT_MSG_EQ(papers, 5u, "the five papers");
        for (const auto& [type, experiments] : m_planned)
        {
            for (const std::string& name : experiments)
            {
                NS_TEST_EXPECT_MSG_EQ(bool(FindPartitionExperiment(type, name).rows),
                                      true,
                                      type << " has no experiment " << name);
            }
        }
    }

    std::map<std::string, std::vector<std::string>> m_planned; //!< the suite's plan
};

/**
 * \ingroup san-tests
 * The suite: per paper, fast experiments with more than one host, compared cut and uncut; or,
 * where the fabric cannot be cut, the refusal.
 */
class SanPaperPartitionTestSuite : public TestSuite
{
  public:
    SanPaperPartitionTestSuite()
        : TestSuite("san-paper-partition", SYSTEM)
    {
        AddTestCase(new SanScenarioPartitionSettingsTestCase, TestCase::QUICK);
        std::map<std::string, std::vector<std::string>> planned;
        auto compare = [this, &planned](const std::string& type,
                                        const std::string& experiment,
                                        TestCase::TestDuration duration,
                                        uint32_t buffer = 0) {
            planned[type].push_back(experiment);
            AddTestCase(new SanPaperPartitionTestCase(type, experiment, buffer), duration);
        };
        auto refused = [this, &planned](const std::string& type,
                                        const std::string& experiment,
                                        const std::string& why) {
            planned[type].push_back(experiment);
            AddTestCase(new SanPaperPartitionRefusedTestCase(type, experiment, why),
                        TestCase::QUICK);
        };
        // Hamlyn: Myrinet wormhole switches with 64-byte buffers; only runs whose packets fit
        // a buffer can be cut (Tables 1 and 3: a message each way).
        compare("ns3::HamlynPaper", "Table 3", TestCase::QUICK);
        compare("ns3::HamlynPaper", "Table 1", TestCase::QUICK);
        // SCILAN: SCI's virtual cut-through (no routing delay: a lead of zero, one process).
        compare("ns3::ScilanPaper", "latencies", TestCase::QUICK);
        compare("ns3::ScilanPaper", "copies", TestCase::QUICK);
        // The 8-host ringlet, cut in two places (six seconds a run).
        compare("ns3::ScilanPaper", "prices", TestCase::EXTENSIVE);
        // CLAN: Xon/Xoff links without Delay (a lead of zero, one process).
        compare("ns3::TripwirePaper", "server", TestCase::QUICK);
        // SHRIMP's mesh is wormhole-switched with buffers shorter than its packets: a worm's
        // stalled tail holds slots upstream from the instant its head stops, which no lead
        // carries to another part in time, so the paper's fabric is refused. With buffers that
        // hold its largest packet (a page and its header) nothing is a worm: the rows are not
        // the paper's then, but whatever VMMC's daemons, libraries and NICs pass between hosts
        // must cross the cut as it does uncut.
        refused("ns3::ShrimpPaper", "VMMC", "a wormhole packet longer than a buffer");
        compare("ns3::ShrimpPaper", "VMMC", TestCase::QUICK, 8192);
        // DART's ATM cells: each part keeps its own record of a packet whose cells cross.
        compare("ns3::DartPaper", "latencies", TestCase::QUICK);
        AddTestCase(new SanPaperPartitionPlanTestCase(planned), TestCase::QUICK);
    }
};

/// The suite's one instance.
static SanPaperPartitionTestSuite g_sanPaperPartitionTestSuite;

} // namespace ns3
