/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Output arbitration (SanSwitch "Arbitration", SanOutputArbiter): on one crossbar, host 2's
// long packet holds the output to host 3 while hosts 0 and 1 queue packets for it; the order in
// which host 3 receives them shows each policy's choice. FCFS serves them as they came, round
// robin alternates the inputs, priority serves the higher traffic class first, and oldest-first
// serves the packet injected first even when it reached the switch last. Each scenario is run
// twice (each run ends with Simulator::Destroy), under credits and under Xon/Xoff.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One crossbar run: what each source sends and when, and the order host 3 receives.
struct SanArbitrationRun
{
    std::string policy{"FCFS"};            //!< SanSwitch Arbitration
    std::string mode{"VirtualCutThrough"}; //!< SanFabric SwitchingMode
    std::string flowControl{"Credits"};    //!< SanChannel FlowControl
    bool setAfterInstall{false};           //!< set the policy by Config::Set after Install
    uint32_t classOfHost1{1};              //!< TrafficClass of host 1 (host 0's is 0)
    bool streamHost0{false};               //!< host 0's packet's last byte is ready only at 1500 ns

    /**
     * Run: at 0 host 2 sends 1000 bytes to host 3 (links at 1 byte per ns, no delays, so the
     * output to host 3 is busy for 1000 ns from the time the switch routes it); host 0 sends
     * packets of 100 bytes from 100 ns, host 1 from 400 ns, all to host 3. With streamHost0,
     * one each: host 0's at 1050 ns, its last byte ready at 1700 ns, host 1's at 1100 ns (in
     * store-and-forward host 2's packet holds the output from 1000 to 2000 ns).
     * \param n packets from each of hosts 0 and 1
     * \return the sources of host 3's deliveries, in order, after host 2's
     */
    std::string Run(uint32_t n) const
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(4));
        fabric.SetRouting("ns3::SanDimensionOrderRouting");
        fabric.SetFabricAttribute("SwitchingMode", StringValue(mode));
        fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(1000));
        fabric.SetFabricAttribute("BufferSize", UintegerValue(4000));
        fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("8Gbps")));
        fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
        fabric.SetFlowControl(flowControl);
        fabric.SetSwitchAttribute("RoutingDelay", TimeValue(Seconds(0)));
        if (!setAfterInstall)
        {
            fabric.SetSwitchAttribute("Arbitration", StringValue(policy));
        }
        NodeContainer hosts;
        hosts.Create(4);
        NetDeviceContainer nics = fabric.Install(hosts);
        if (setAfterInstall)
        {
            Config::Set("/NodeList/*/$ns3::SanSwitch/Arbitration", StringValue(policy));
        }
        auto dev = [&nics](uint32_t i) { return DynamicCast<SanEndpointDevice>(nics.Get(i)); };
        dev(1)->SetAttribute("TrafficClass", UintegerValue(classOfHost1));
        std::string order;
        dev(3)->SetDeliverCallback(MakeCallback(+[](std::string* out, const SanFabricPacket& p) {
                                       *out += static_cast<char>('0' + p.src);
                                   }).Bind(&order));
        Ptr<SanEndpointDevice> h0 = dev(0);
        Ptr<SanEndpointDevice> h1 = dev(1);
        Ptr<SanEndpointDevice> h2 = dev(2);
        Simulator::Schedule(Seconds(0), [h2]() { h2->SendTo(3, 1000); });
        if (streamHost0)
        {
            Simulator::Schedule(NanoSeconds(1050), [h0]() {
                h0->SendStreaming(3, 100, nullptr, 0, NanoSeconds(1700));
            });
            Simulator::Schedule(NanoSeconds(1100), [h1]() { h1->SendTo(3, 100); });
        }
        else
        {
            Simulator::Schedule(NanoSeconds(100), [h0, n]() {
                for (uint32_t i = 0; i < n; ++i)
                {
                    h0->SendTo(3, 100);
                }
            });
            Simulator::Schedule(NanoSeconds(400), [h1, n]() {
                for (uint32_t i = 0; i < n; ++i)
                {
                    h1->SendTo(3, 100);
                }
            });
        }
        Simulator::Run();
        Simulator::Destroy();
        if (order.empty() || order[0] != '2')
        {
            return "host 2's packet was not first: " + order;
        }
        return order.substr(1);
    }
};

} // namespace

/**
 * \ingroup san-tests
 * Each policy's order at a contended output, on a crossbar, twice each (Simulator::Destroy in
 * between gives the same order), under the given flow control.
 */
class SanArbitrationOrderTestCase : public TestCase
{
  public:
    /// \param flowControl "Credits" or "XonXoff"
    explicit SanArbitrationOrderTestCase(std::string flowControl)
        : TestCase("Arbitration: each policy's order at one contended output, " + flowControl),
          m_flowControl(flowControl)
    {
    }

  private:
    /// Run twice, check both runs give the expected order.
    /// \param r the run \param expected sources in order \param what the case
    void Check(SanArbitrationRun r, const std::string& expected, const std::string& what)
    {
        r.flowControl = m_flowControl;
        const uint32_t n = r.streamHost0 ? 1 : 3;
        NS_TEST_EXPECT_MSG_EQ(r.Run(n), expected, what);
        NS_TEST_EXPECT_MSG_EQ(r.Run(n), expected, what << ", second run");
    }

    void DoRun() override
    {
        SanArbitrationRun r;
        // Host 0's three packets reached the switch before host 1's.
        r.policy = "FCFS";
        Check(r, "000111", "FCFS: arrival order");
        r.policy = "RoundRobin";
        Check(r, "010101", "round robin: the inputs alternate, lowest first");
        r.policy = "OldestFirst";
        Check(r, "000111", "oldest first: host 0's were injected first");
        r.policy = "Priority";
        Check(r, "111000", "priority: host 1's class 1 before host 0's class 0");
        r.classOfHost1 = 0;
        Check(r, "000111", "priority, one class: arrival order");
        r.classOfHost1 = 1;
        r.policy = "RoundRobin";
        r.setAfterInstall = true;
        Check(r, "010101", "round robin set by Config::Set after Install");
        r.setAfterInstall = false;

        // Store-and-forward: host 0's packet leaves first but its last byte is late, so its
        // tail (and its routing) comes after host 1's packet.
        SanArbitrationRun s;
        s.mode = "StoreAndForward";
        s.streamHost0 = true;
        s.classOfHost1 = 0;
        s.policy = "FCFS";
        Check(s, "10", "store-and-forward FCFS: host 1's packet was routed first");
        s.policy = "OldestFirst";
        Check(s, "01", "store-and-forward oldest first: host 0's packet was injected first");
    }

    std::string m_flowControl; //!< the flow control under test
};

/**
 * \ingroup san-tests
 * The traffic class a sender sets travels with the packet and its default is 0.
 */
class SanTrafficClassTestCase : public TestCase
{
  public:
    SanTrafficClassTestCase()
        : TestCase("Arbitration: TrafficClass defaults to 0 and travels with the packet")
    {
    }

  private:
    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        NodeContainer hosts;
        hosts.Create(2);
        NetDeviceContainer nics = fabric.Install(hosts);
        Ptr<SanEndpointDevice> a = DynamicCast<SanEndpointDevice>(nics.Get(0));
        Ptr<SanEndpointDevice> b = DynamicCast<SanEndpointDevice>(nics.Get(1));
        UintegerValue cls;
        a->GetAttribute("TrafficClass", cls);
        NS_TEST_EXPECT_MSG_EQ(cls.Get(), uint64_t{0}, "default class");
        NS_TEST_EXPECT_MSG_EQ(
            a->SetAttributeFailSafe("TrafficClass",
                                    UintegerValue(SanFabricPacket::MAX_TRAFFIC_CLASS + 1)),
            false,
            "a class above MAX_TRAFFIC_CLASS is refused");
        std::vector<uint32_t> classes;
        b->SetDeliverCallback(
            MakeCallback(+[](std::vector<uint32_t>* out, const SanFabricPacket& p) {
                out->push_back(p.trafficClass);
            }).Bind(&classes));
        Simulator::Schedule(NanoSeconds(1), [a]() {
            a->SendTo(1, 64);
            a->SetAttribute("TrafficClass", UintegerValue(5));
            a->SendTo(1, 64);
        });
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(classes.size(), size_t{2}, "both delivered");
        NS_TEST_EXPECT_MSG_EQ(classes[0], 0u, "default class on the wire");
        NS_TEST_EXPECT_MSG_EQ(classes[1], 5u, "the class set");
    }
};

/**
 * \ingroup san-tests
 * Output arbitration policies of the fabric's switches.
 */
class SanArbitrationTestSuite : public TestSuite
{
  public:
    SanArbitrationTestSuite()
        : TestSuite("san-arbitration", UNIT)
    {
        AddTestCase(new SanArbitrationOrderTestCase("Credits"), TestCase::QUICK);
        AddTestCase(new SanArbitrationOrderTestCase("XonXoff"), TestCase::QUICK);
        AddTestCase(new SanTrafficClassTestCase, TestCase::QUICK);
    }
};

/// The suite's instance.
static SanArbitrationTestSuite g_sanArbitrationTestSuite;
