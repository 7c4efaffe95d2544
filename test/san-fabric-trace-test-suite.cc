/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Suite "san-fabric-trace": pcap and ASCII traces of the fabric's ports record departures and
// arrivals at the times they happen, in files and lines named by the ports
// (switch-3-port-2, host-5); PacketTx connects by Config path and directly, and disconnects.

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One ASCII trace line.
struct TraceLine
{
    char kind{0};      //!< '-' or 'r'
    double t{0};       //!< seconds
    std::string port;  //!< port name
    uint32_t seq{0};   //!< packet sequence number
    uint32_t bytes{0}; //!< wire size
};

/// Departures and arrivals, in pcap and ASCII, at their times, named by port.
class SanFabricTraceTestCase : public TestCase
{
  public:
    SanFabricTraceTestCase()
        : TestCase("pcap and ASCII traces record departures and arrivals by port name")
    {
    }

  private:
    void DoRun() override
    {
        const std::string prefix = CreateTempDirFilename("san-trace");
        std::ostringstream ascii;
        {
            SanFabricHelper fabric;
            fabric.SetTopology("ns3::SanMeshTopology",
                               "X",
                               UintegerValue(2),
                               "Y",
                               UintegerValue(2));
            fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("640Mbps")));
            fabric.SetChannelAttribute("Delay", TimeValue(NanoSeconds(10)));
            NodeContainer hosts;
            hosts.Create(4);
            NetDeviceContainer nics = fabric.Install(hosts);
            fabric.EnablePcapAll(prefix);
            fabric.EnableAsciiAll(Create<OutputStreamWrapper>(&ascii));
            Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(0));
            Simulator::Schedule(MicroSeconds(1), [src]() {
                src->SendTo(3, 64);
                src->SendTo(3, 256);
            });
            Simulator::Run();
            Simulator::Destroy();
        }

        std::vector<TraceLine> lines;
        std::istringstream in(ascii.str());
        std::string text;
        while (std::getline(in, text))
        {
            std::istringstream f(text);
            TraceLine l;
            f >> l.kind >> l.t >> l.port;
            std::string field;
            while (f >> field)
            {
                if (field.rfind("seq=", 0) == 0)
                {
                    l.seq = std::stoul(field.substr(4));
                }
                else if (field.rfind("bytes=", 0) == 0)
                {
                    l.bytes = std::stoul(field.substr(6));
                }
            }
            lines.push_back(l);
        }
        // Host 0 to host 3 on a 2x2 mesh: switches 0, 1 and 3 (dimension order), so four
        // links, each with one departure and one arrival per packet.
        NS_TEST_ASSERT_MSG_EQ(lines.size(), 16, "two packets x four links x (leave, arrive)");
        std::map<std::string, uint32_t> perPort;
        uint32_t departures = 0;
        for (size_t i = 0; i < lines.size(); ++i)
        {
            ++perPort[lines[i].port];
            departures += lines[i].kind == '-' ? 1 : 0;
            if (i > 0)
            {
                NS_TEST_EXPECT_MSG_GT_OR_EQ(lines[i].t, lines[i - 1].t, "lines in time order");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(departures, 8, "half of them departures");
        NS_TEST_EXPECT_MSG_EQ(perPort["host-0"], 2, "host 0's interface: two departures");
        NS_TEST_EXPECT_MSG_EQ(perPort["host-3"], 2, "host 3's interface: two arrivals");
        NS_TEST_EXPECT_MSG_EQ(perPort.count("switch-0-port-0") + perPort.count("switch-0-port-1") +
                                  perPort.count("switch-0-port-2") +
                                  perPort.count("switch-0-port-3") +
                                  perPort.count("switch-0-port-4"),
                              2,
                              "switch 0: the arrival port and the departure port, named");
        // The first packet alone on the first link: its tail arrives one serialization (64
        // bytes at 80 MB/s: 800 ns) and one propagation delay (10 ns) after its head left.
        double left = -1;
        double arrived = -1;
        std::string arrivalPort;
        for (const TraceLine& l : lines)
        {
            if (l.bytes == 64 && l.kind == '-' && l.port == "host-0")
            {
                left = l.t;
            }
            if (l.bytes == 64 && l.kind == 'r' && l.port.rfind("switch-0-", 0) == 0)
            {
                arrived = l.t;
                arrivalPort = l.port;
            }
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(arrived - left, 810e-9, 1e-12, "tail arrival = head + 810 ns");

        // Each port's pcap file has the same records as its ASCII lines, in time order, with
        // nanosecond timestamps and san's link type.
        std::map<std::string, uint64_t> firstNs;
        for (const auto& [port, count] : perPort)
        {
            PcapFile pcap;
            pcap.Open(prefix + "-" + port + ".pcap", std::ios::in);
            NS_TEST_ASSERT_MSG_EQ(pcap.Fail(), false, "opens " << prefix << "-" << port);
            NS_TEST_EXPECT_MSG_EQ(pcap.IsNanoSecMode(), true, port << ": nanosecond timestamps");
            NS_TEST_EXPECT_MSG_EQ(pcap.GetDataLinkType(),
                                  SanFabricHelper::PCAP_LINK_TYPE,
                                  port << ": DLT_USER0");
            uint32_t records = 0;
            uint64_t lastNs = 0;
            uint8_t buf[2048];
            while (true)
            {
                uint32_t sec = 0;
                uint32_t usec = 0;
                uint32_t inclLen = 0;
                uint32_t origLen = 0;
                uint32_t readLen = 0;
                pcap.Read(buf, sizeof(buf), sec, usec, inclLen, origLen, readLen);
                if (pcap.Eof() || pcap.Fail())
                {
                    break;
                }
                const uint64_t ns = uint64_t(sec) * 1000000000 + usec; // usec holds nanoseconds
                NS_TEST_EXPECT_MSG_GT_OR_EQ(ns, lastNs, port << ": records in time order");
                if (records == 0)
                {
                    firstNs[port] = ns;
                }
                lastNs = ns;
                ++records;
            }
            pcap.Close();
            NS_TEST_EXPECT_MSG_EQ(records, count, port << ": one record per departure and arrival");
        }
        // The 810 ns between the first packet's departure and its arrival, to the nanosecond
        // (a microsecond pcap would show 0 or 1 us).
        NS_TEST_EXPECT_MSG_EQ(firstNs[arrivalPort] - firstNs["host-0"],
                              810u,
                              "pcap: tail arrival = head + 810 ns, in nanoseconds");
    }
};

/// PacketTx through a Config path (with context) and connected and disconnected directly.
/// Ports make their trace sources only when a tracer connects (SanPortDevice::Traces).
class SanFabricPacketTxTestCase : public TestCase
{
  public:
    SanFabricPacketTxTestCase()
        : TestCase("PacketTx fires once per departure, by Config path and directly")
    {
    }

  private:
    void DoRun() override
    {
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(2), "Y", UintegerValue(2));
        NodeContainer hosts;
        hosts.Create(4);
        NetDeviceContainer nics = fabric.Install(hosts);
        std::map<std::string, uint32_t> byContext;
        Config::Connect("/NodeList/*/DeviceList/*/$ns3::SanSwitchPortDevice/PacketTx",
                        MakeCallback(+[](std::map<std::string, uint32_t>* seen,
                                         std::string context,
                                         uint64_t,
                                         uint32_t,
                                         uint32_t,
                                         uint32_t,
                                         uint32_t) {
                            ++(*seen)[context];
                        }).Bind(&byContext));
        uint32_t fromHost = 0;
        Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(0));
        auto count = Callback<void, uint64_t, uint32_t, uint32_t, uint32_t, uint32_t>(
            [&fromHost](uint64_t, uint32_t, uint32_t, uint32_t, uint32_t) { ++fromHost; });
        NS_TEST_ASSERT_MSG_EQ(src->TraceConnectWithoutContext("PacketTx", count),
                              true,
                              "an endpoint's PacketTx connects");
        Simulator::Schedule(MicroSeconds(1), [src]() { src->SendTo(3, 64); });
        Simulator::Schedule(MicroSeconds(10), [src, count]() {
            src->TraceDisconnectWithoutContext("PacketTx", count);
            src->SendTo(3, 64);
        });
        Simulator::Run();
        Simulator::Destroy();
        // Host 0 to host 3 on a 2x2 mesh: three switches, each one departure per packet.
        uint32_t switchDepartures = 0;
        for (const auto& [context, n] : byContext)
        {
            switchDepartures += n;
        }
        NS_TEST_EXPECT_MSG_EQ(byContext.size(), 3, "three switch ports, told apart by context");
        NS_TEST_EXPECT_MSG_EQ(switchDepartures, 6, "two packets x three switches");
        NS_TEST_EXPECT_MSG_EQ(fromHost, 1, "the host's source counted until disconnected");
    }
};

/// The suite.
class SanFabricTraceTestSuite : public TestSuite
{
  public:
    SanFabricTraceTestSuite()
        : TestSuite("san-fabric-trace", UNIT)
    {
        AddTestCase(new SanFabricTraceTestCase, TestCase::QUICK);
        AddTestCase(new SanFabricPacketTxTestCase, TestCase::QUICK);
    }
};

static SanFabricTraceTestSuite g_sanFabricTraceTestSuite; //!< registers the suite

} // namespace
