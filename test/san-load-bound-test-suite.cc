/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SanLoadBound against channel loads worked out by hand for regular topologies, and a
// saturation sweep that must stay at or under the bound however lenient its window test.

#include "ns3/core-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <cmath>
#include <string>

using namespace ns3;

namespace
{

/// A fabric setup: a topology with its attributes and a routing function.
struct Fabric
{
    std::string topology;           //!< TypeId name
    std::vector<std::string> names; //!< topology attribute names
    std::vector<uint32_t> values;   //!< their values
    bool wrap{false};               //!< SanMeshTopology Wrap
    std::string routing;            //!< TypeId name
};

void
Configure(const Fabric& f, SanFabricHelper& fabric)
{
    fabric.SetTopology(f.topology);
    Ptr<SanTopology> topo = fabric.GetTopology();
    for (size_t i = 0; i < f.names.size(); ++i)
    {
        topo->SetAttribute(f.names[i], UintegerValue(f.values[i]));
    }
    if (f.wrap)
    {
        topo->SetAttribute("Wrap", BooleanValue(true));
    }
    fabric.SetRouting(f.routing);
}

Fabric
Mesh(uint32_t k, const std::string& routing, bool wrap = false)
{
    return {"ns3::SanMeshTopology", {"X", "Y"}, {k, k}, wrap, routing};
}

SanLoadBound
Bound(const Fabric& f,
      const std::string& pattern,
      std::vector<std::pair<std::string, Ptr<AttributeValue>>> more = {})
{
    SanFabricHelper fabric;
    Configure(f, fabric);
    more.emplace_back("Pattern", Create<StringValue>(pattern));
    return SanLoadBound::Compute(fabric, SanTrafficGenerator::GetPatternSpec(more), {});
}

} // namespace

/**
 * \ingroup san-tests
 * Bounds with closed forms: a k x k mesh under uniform traffic and dimension order carries
 * k^3/4 / (k^2 - 1) of a host's load on the middle channels (four sources' halves meet there),
 * so its bound is 4 (k^2 - 1) / k^3, which is also the mesh's bisection bound; bit complement
 * sends k/2 flows over each middle channel (2/k); tornado on an 8 x 8 torus sends three flows
 * over every channel (1/3); a hot spot's link receives 15 x 0.1 + 0.9 of a host's load from
 * 15 others and its own share of the uniform rest (1/2.4); a 4-ary 2-tree spreads uniform
 * traffic evenly over its up-links (each 0.8), so the hosts' own links limit it (1).
 */
class SanLoadBoundClosedFormTestCase : public TestCase
{
  public:
    SanLoadBoundClosedFormTestCase()
        : TestCase("channel-load and bisection bounds of regular topologies, worked by hand")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dor = "ns3::SanDimensionOrderRouting";
        for (uint32_t k : {4u, 8u})
        {
            const double expect = 4.0 * (k * k - 1) / (k * k * k);
            SanLoadBound b = Bound(Mesh(k, dor), "Uniform");
            NS_TEST_ASSERT_MSG_EQ(b.kind, SanLoadBound::CHANNEL, "walked: " << b.reason);
            NS_TEST_EXPECT_MSG_EQ_TOL(b.load, expect, 1e-9, "mesh " << k << " uniform DOR");
            SanLoadBound a = Bound(Mesh(k, "ns3::SanMinimalAdaptiveRouting"), "Uniform");
            NS_TEST_ASSERT_MSG_EQ(a.kind, SanLoadBound::BISECTION, "adaptive: the bisection");
            NS_TEST_EXPECT_MSG_EQ_TOL(a.load, expect, 1e-9, "mesh " << k << " bisection");
            SanLoadBound c = Bound(Mesh(k, dor), "BitComplement");
            NS_TEST_EXPECT_MSG_EQ_TOL(c.load, 2.0 / k, 1e-9, "mesh " << k << " complement");
        }
        // The same routing by the topology's own deterministic ports, and by source routes.
        for (const std::string routing : {"ns3::SanDeterministicRouting", "ns3::SanSourceRouting"})
        {
            SanLoadBound b = Bound(Mesh(4, routing), "Uniform");
            NS_TEST_EXPECT_MSG_EQ_TOL(b.load, 0.9375, 1e-9, routing);
        }
        SanLoadBound t =
            Bound(Mesh(8, dor, true), "Tornado", {{"Radix", Create<UintegerValue>(8)}});
        NS_TEST_EXPECT_MSG_EQ_TOL(t.load, 1.0 / 3, 1e-9, "torus tornado: " << t.channel);
        SanLoadBound h = Bound(Mesh(4, dor),
                               "HotSpot",
                               {{"HotSpotHost", Create<UintegerValue>(5)},
                                {"HotSpotFraction", Create<DoubleValue>(0.1)}});
        NS_TEST_EXPECT_MSG_EQ_TOL(h.load, 1 / 2.4, 1e-9, "hot spot");
        NS_TEST_EXPECT_MSG_EQ(h.channel, "switch 5 port 4 -> host 5", "the hot spot's link");
        Fabric tree{"ns3::SanFatTreeTopology", {"K", "N"}, {4, 2}, false, "ns3::SanUpDownRouting"};
        SanLoadBound f = Bound(tree, "Uniform");
        NS_TEST_EXPECT_MSG_EQ(f.kind, SanLoadBound::CHANNEL, "fat tree walked");
        NS_TEST_EXPECT_MSG_EQ_TOL(f.load, 1.0, 1e-9, "fat tree uniform: " << f.channel);
        // A pattern the host count does not suit has no bound, and says why.
        SanLoadBound none = Bound(Mesh(3, dor), "BitComplement");
        NS_TEST_EXPECT_MSG_EQ(none.kind, SanLoadBound::NONE, "9 hosts: no complement");
        NS_TEST_EXPECT_MSG_EQ((none.reason.find("power-of-two") != std::string::npos),
                              true,
                              none.reason);
        // Too large to walk: the bisection bound instead, with the reason.
        SanFabricHelper big;
        Configure(Mesh(8, dor), big);
        SanLoadBound cut = SanLoadBound::Compute(
            big,
            SanTrafficGenerator::GetPatternSpec({{"Pattern", Create<StringValue>("Uniform")}}),
            {},
            1000);
        NS_TEST_EXPECT_MSG_EQ(cut.kind, SanLoadBound::BISECTION, "fallback");
        NS_TEST_EXPECT_MSG_EQ_TOL(cut.load, 4.0 * 63 / 512, 1e-9, "8x8 mesh bisection");
    }
};

/**
 * \ingroup san-tests
 * A saturation sweep under uniform traffic with a window test far more lenient than the default
 * (30% shortfall forgiven), so that the window alone would call loads past the channels'
 * capacity unsaturated: the sweep's answer must still not exceed the bound, the loads above it
 * must be marked, and the answer must be near the bound (a bound far too high would let the
 * window decide again). On the 4 x 4 mesh the lenient window misses an overloaded point, which
 * the bound must catch.
 */
class SanSaturationUnderBoundTestCase : public TestCase
{
  public:
    /// \param name what is run \param f the fabric \param bound its bound
    /// \param windowMisses the lenient window is known to miss a point above the bound
    SanSaturationUnderBoundTestCase(const std::string& name,
                                    const Fabric& f,
                                    double bound,
                                    bool windowMisses)
        : TestCase("saturation never exceeds the load bound: " + name + ", uniform"),
          m_fabric(f),
          m_bound(bound),
          m_windowMisses(windowMisses)
    {
    }

  private:
    void DoRun() override
    {
        SanLoadSweep sweep;
        const Fabric f = m_fabric;
        // As san-run's defaults: virtual cut-through, four 64-byte packets per channel.
        sweep.SetFabricSetup([f](SanFabricHelper& fabric) {
            Configure(f, fabric);
            fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
            fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(64));
            fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * 64));
            fabric.SetChannelAttribute("DataRate", StringValue("640Mbps"));
        });
        sweep.SetTrafficAttribute("Pattern", StringValue("Uniform"));
        sweep.SetTrafficAttribute("PacketSize", UintegerValue(64));
        sweep.SetWindows(300, 1500, 1000);
        sweep.SetTolerance(0.3);
        const SanSaturation sat = sweep.FindSaturation({0.6, 0.8, 1.0, 1.2}, 3, 0, nullptr);
        NS_TEST_ASSERT_MSG_EQ((sat.bound.kind != SanLoadBound::NONE), true, sat.bound.reason);
        NS_TEST_EXPECT_MSG_EQ_TOL(sat.bound.load, m_bound, 1e-9, "the bound");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(sat.load, sat.bound.load, "measured saturation <= bound");
        NS_TEST_EXPECT_MSG_GT(sat.load, 0.7 * sat.bound.load, "and near it");
        bool flaggedOnly = false;
        for (const SanLoadSummary& p : sat.points)
        {
            NS_TEST_EXPECT_MSG_EQ(p.aboveBound,
                                  (p.offered > sat.bound.load),
                                  "load " << p.offered << " against the bound");
            NS_TEST_EXPECT_MSG_EQ(p.saturated, p.aboveBound || p.windowSaturated, "verdict");
            flaggedOnly = flaggedOnly || (p.aboveBound && !p.windowSaturated);
        }
        if (m_windowMisses)
        {
            NS_TEST_EXPECT_MSG_EQ(flaggedOnly, true, "the bound caught what the window missed");
        }
        Simulator::Destroy();
    }

    Fabric m_fabric;     //!< the fabric
    double m_bound;      //!< its bound, worked by hand
    bool m_windowMisses; //!< see the constructor
};

/// \ingroup san-tests
/// The load bound suite.
class SanLoadBoundTestSuite : public TestSuite
{
  public:
    SanLoadBoundTestSuite()
        : TestSuite("san-load-bound", UNIT)
    {
        AddTestCase(new SanLoadBoundClosedFormTestCase, TestCase::QUICK);
        // Every deterministic routing of the mesh, the torus and the fat tree, and an adaptive
        // one against the bisection. The 8 x 8 torus: dimension order takes the shorter way
        // round each ring of eight, four hops the positive way, so a positive channel carries
        // the pairs 1, 2, 3 and 4 columns apart that start up to 0, 1, 2, 3 columns behind it:
        // 1 + 2 + 3 + 4 = 10 source columns, each to the 8 hosts of the destination column,
        // 80 of a host's 63 shares: 63/80.
        for (const std::string routing : {"ns3::SanDimensionOrderRouting",
                                          "ns3::SanDeterministicRouting",
                                          "ns3::SanSourceRouting"})
        {
            AddTestCase(
                new SanSaturationUnderBoundTestCase("4x4 mesh, " + routing,
                                                    Mesh(4, routing),
                                                    0.9375,
                                                    routing == "ns3::SanDimensionOrderRouting"),
                TestCase::QUICK);
        }
        AddTestCase(new SanSaturationUnderBoundTestCase("4x4 mesh, minimal adaptive",
                                                        Mesh(4, "ns3::SanMinimalAdaptiveRouting"),
                                                        0.9375,
                                                        false),
                    TestCase::QUICK);
        AddTestCase(
            new SanSaturationUnderBoundTestCase("8x8 torus, dimension order",
                                                Mesh(8, "ns3::SanDimensionOrderRouting", true),
                                                63.0 / 80,
                                                false),
            TestCase::QUICK);
        for (const std::string routing : {"ns3::SanUpDownRouting", "ns3::SanSourceRouting"})
        {
            AddTestCase(new SanSaturationUnderBoundTestCase(
                            "4-ary 2-tree, " + routing,
                            {"ns3::SanFatTreeTopology", {"K", "N"}, {4, 2}, false, routing},
                            1.0,
                            false),
                        TestCase::QUICK);
        }
    }
};

/// Static instance.
static SanLoadBoundTestSuite g_sanLoadBoundTestSuite;
