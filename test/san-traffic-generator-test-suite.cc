/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-traffic-generator": generators set the same way share one settings record, and a
// change to one generator's attributes reaches that generator alone -- in what its attributes
// read back and in the traffic it makes.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

/**
 * \ingroup san-tests
 * Shared settings: many generators made alike add one record at most; an attribute set on one
 * generator changes it alone (read back, and in a run); setting it back drops the record it
 * made; statistics set on all keep them sharing.
 */
class SanGeneratorSettingsTestCase : public TestCase
{
  public:
    SanGeneratorSettingsTestCase()
        : TestCase("generators set alike share their settings; a change reaches one generator")
    {
    }

  private:
    /// \param app a generator \param name an attribute \return its value as text
    static std::string Read(Ptr<Application> app, const std::string& name)
    {
        // Through the checker's string form: every attribute type has one.
        TypeId::AttributeInformation info;
        SanTrafficGenerator::GetTypeId().LookupAttributeByName(name, &info);
        Ptr<AttributeValue> value = info.checker->Create();
        app->GetAttribute(name, *value);
        return value->SerializeToString(info.checker);
    }

    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(4), "Y", UintegerValue(4));
        fabric.SetRouting("ns3::SanDimensionOrderRouting");
        NodeContainer hosts;
        hosts.Create(fabric.GetTopology()->GetNHosts());
        NetDeviceContainer endpoints = fabric.Install(hosts);
        fabric.AssignStreams(1000);

        const uint64_t before = SanTrafficGenerator::GetSharedSettingsCount();
        SanTrafficHelper traffic;
        traffic.SetAttribute("OfferedLoad", DoubleValue(0.3));
        traffic.SetAttribute("PacketSize", UintegerValue(96));
        traffic.SetAttribute("MeasureStart", TimeValue(MicroSeconds(2)));
        ApplicationContainer apps = traffic.Install(endpoints);
        const uint64_t alike = SanTrafficGenerator::GetSharedSettingsCount();
        NS_TEST_ASSERT_MSG_EQ(apps.GetN(), 16u, "a generator a host");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(alike, before + 1, "sixteen generators set alike: one record");

        // One generator changed: it reads its own values, the others theirs.
        apps.Get(5)->SetAttribute("OfferedLoad", DoubleValue(0.0));
        apps.Get(9)->SetAttribute("SizeDistribution", StringValue("64:1,128:3"));
        NS_TEST_EXPECT_MSG_EQ(SanTrafficGenerator::GetSharedSettingsCount(),
                              alike + 2,
                              "two generators changed apart: two more records");
        NS_TEST_EXPECT_MSG_EQ(Read(apps.Get(5), "OfferedLoad"), "0", "the changed load");
        NS_TEST_EXPECT_MSG_EQ(Read(apps.Get(4), "OfferedLoad"), "0.3", "a neighbour's load");
        NS_TEST_EXPECT_MSG_EQ(Read(apps.Get(9), "SizeDistribution"), "64:1,128:3", "its sizes");
        NS_TEST_EXPECT_MSG_EQ(Read(apps.Get(8), "SizeDistribution"), "", "a neighbour's sizes");
        NS_TEST_EXPECT_MSG_EQ(Read(apps.Get(9), "PacketSize"), "96", "the rest is kept");
        NS_TEST_EXPECT_MSG_EQ(Read(apps.Get(9), "MeasureStart"), "+2000ns", "the rest is kept");

        // Set back: its own record goes, as no other generator holds it.
        apps.Get(9)->SetAttribute("SizeDistribution", StringValue("64:1,128:3"));
        apps.Get(9)->SetAttribute("SizeDistribution", StringValue(""));
        NS_TEST_EXPECT_MSG_EQ(SanTrafficGenerator::GetSharedSettingsCount(),
                              alike + 1,
                              "set back: it shares the others' record again");

        // Statistics given to all keep them sharing (the idle host apart).
        auto stats = std::make_shared<SanTrafficStats>(16);
        for (uint32_t h = 0; h < apps.GetN(); ++h)
        {
            DynamicCast<SanTrafficGenerator>(apps.Get(h))->SetStats(stats);
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(SanTrafficGenerator::GetSharedSettingsCount(),
                                    alike + 2,
                                    "statistics for all: two records (and perhaps the old)");

        SanTrafficHelper::AssignStreams(apps, 1);
        apps.Start(Seconds(0));
        apps.Stop(MicroSeconds(50));
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        std::vector<uint64_t> generated;
        for (uint32_t h = 0; h < apps.GetN(); ++h)
        {
            generated.push_back(DynamicCast<SanTrafficGenerator>(apps.Get(h))->GetGenerated());
        }
        NS_TEST_EXPECT_MSG_EQ(generated[5], 0u, "the host set to load 0 sends nothing");
        for (uint32_t h = 0; h < apps.GetN(); ++h)
        {
            if (h != 5)
            {
                NS_TEST_EXPECT_MSG_GT(generated[h], 5u, "host " << h << " sends at 0.3");
            }
        }
        NS_TEST_EXPECT_MSG_GT(stats->GetCount(), 0u, "the shared statistics record deliveries");
        Simulator::Destroy();
    }
};

/**
 * \ingroup san-tests
 * The traffic generator's suite.
 */
class SanTrafficGeneratorTestSuite : public TestSuite
{
  public:
    SanTrafficGeneratorTestSuite()
        : TestSuite("san-traffic-generator", UNIT)
    {
        AddTestCase(new SanGeneratorSettingsTestCase, TestCase::QUICK);
    }
};

static SanTrafficGeneratorTestSuite g_sanTrafficGeneratorTestSuite; //!< registers the suite
