/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-logging": ns-3's logging works in every build of san, the release build included
// (as in Debian's ns-3, whose libraries keep logging): enabling SanSwitch at LOG_LOGIC, as
// NS_LOG=SanSwitch=level_logic does, prints each switch's routing and departures.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <sstream>
#include <string>

using namespace ns3;

namespace
{

/// Switch logging is compiled in and names switches and ports.
class SanSwitchLoggingTestCase : public TestCase
{
  public:
    SanSwitchLoggingTestCase()
        : TestCase("SanSwitch logs routing and departures when enabled")
    {
    }

  private:
    void DoRun() override
    {
        std::ostringstream captured;
        std::streambuf* saved = std::clog.rdbuf(captured.rdbuf());
        LogComponentEnable("SanSwitch", LOG_LEVEL_LOGIC);
        {
            SanFabricHelper fabric;
            fabric.SetTopology("ns3::SanMeshTopology",
                               "X",
                               UintegerValue(2),
                               "Y",
                               UintegerValue(2));
            NodeContainer hosts;
            hosts.Create(4);
            NetDeviceContainer nics = fabric.Install(hosts);
            Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(0));
            Simulator::Schedule(MicroSeconds(1), [src]() { src->SendTo(3, 64); });
            Simulator::Run();
            Simulator::Destroy();
        }
        LogComponentDisable("SanSwitch", LOG_LEVEL_ALL);
        std::clog.rdbuf(saved);
        const std::string text = captured.str();
        NS_TEST_EXPECT_MSG_NE(text.find("switch-0: packet"),
                              std::string::npos,
                              "the first switch logs the packet it routes");
        NS_TEST_EXPECT_MSG_NE(text.find("switch-3-port-"),
                              std::string::npos,
                              "the last switch logs the port the packet leaves by");
        NS_TEST_EXPECT_MSG_NE(text.find("host 0 to host 3"),
                              std::string::npos,
                              "with its source and destination");
    }
};

/// The suite.
class SanLoggingTestSuite : public TestSuite
{
  public:
    SanLoggingTestSuite()
        : TestSuite("san-logging", UNIT)
    {
        AddTestCase(new SanSwitchLoggingTestCase, TestCase::QUICK);
    }
};

static SanLoggingTestSuite g_sanLoggingTestSuite; //!< registers the suite

} // namespace
