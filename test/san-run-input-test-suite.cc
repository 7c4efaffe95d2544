/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Inputs that cannot crash san-run (issue 13, section 2): each bad value gets a clear error that
// names it, from the checks the tool itself uses; and the descriptor pool gets back what pending
// events held when a run stops early.

#include "san-run-capture.h"
#include "san-test-util.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>

using namespace ns3;

namespace
{

/// \param text a message \param part what it must contain \return true if it does
bool
Has(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

/// \param fileName a file to write \param bytes its contents
void
WriteFile(const std::string& fileName, const std::string& bytes)
{
    std::ofstream out(fileName, std::ios::binary);
    out << bytes;
}

/// A small valid graph, with the line end given.
std::string
Graph(const std::string& eol)
{
    return "switches 2" + eol + "link 0 1" + eol + "hosts 0 1" + eol + "hosts 1 1" + eol;
}

#ifdef SAN_BUILD_DIR
/**
 * Run one of the example programs.
 * \param program its name and arguments (a shell command line's), e.g. "san-run --x=2"
 * \param out its standard output and error
 * \return its exit status as pclose gives it (0 on success)
 */
int
RunExample(const std::string& program, std::string& out)
{
    return santest::RunCapture(std::string(SAN_BUILD_DIR) + "/examples/" + program, out);
}

/// \param args san-run's arguments \param out its output \return its status (RunExample)
int
RunSanRun(const std::string& args, std::string& out)
{
    return RunExample("san-run --progress=false " + args, out);
}

/// \param status a pclose status \return the program's exit code (-1 if it did not exit)
int
ExitCode(int status)
{
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// \param out a program's output \return true if it is exactly one line "san-run: error: ..."
bool
IsOneLineError(const std::string& out)
{
    return out.rfind("san-run: error: ", 0) == 0 && out.find('\n') == out.size() - 1;
}

/// \param fileName a JSON file \return true if Python's json module reads it
bool
PythonReadsJson(const std::string& fileName)
{
    const std::string cmd =
        "/usr/bin/python3 -c 'import json,sys; json.load(open(sys.argv[1]))' '" + fileName +
        "' 2>/dev/null";
    return std::system(cmd.c_str()) == 0;
}

/// \param fileName a file \return its contents
std::string
ReadWhole(const std::string& fileName)
{
    std::ifstream in(fileName, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/**
 * \param json a san-run --json file \param key a setting
 * \param[out] value what the file's "settings" report for it
 * \return false if the file reports no such setting
 */
bool
ReportedSetting(const std::string& json, const std::string& key, std::string& value)
{
    const nlohmann::json doc = nlohmann::json::parse(ReadWhole(json), nullptr, false);
    if (doc.is_discarded() || !doc.contains("settings") || !doc["settings"].contains(key) ||
        !doc["settings"][key].is_string())
    {
        return false;
    }
    value = doc["settings"][key].get<std::string>();
    return true;
}

/**
 * \param given a value as given \param reported as san-run reports it
 * \return true if they are the same setting: equal without blanks (a unit may be written with
 * or without one), or the same number
 */
bool
SameSetting(const std::string& given, const std::string& reported)
{
    auto squeeze = [](const std::string& v) {
        std::string out;
        for (char c : v)
        {
            if (c != ' ' && c != '\t')
            {
                out += c;
            }
        }
        return out;
    };
    const std::string a = squeeze(given);
    const std::string b = squeeze(reported);
    if (a == b)
    {
        return true;
    }
    char* endA = nullptr;
    char* endB = nullptr;
    const double x = std::strtod(a.c_str(), &endA);
    const double y = std::strtod(b.c_str(), &endB);
    return !a.empty() && !b.empty() && *endA == '\0' && *endB == '\0' &&
           std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y));
}
#endif

} // namespace

/**
 * \ingroup san-tests
 * Unknown TypeIds, bad loads, overflowing sizes and unknown pattern names give errors that name
 * the bad value.
 */
class SanRunValueErrorsTestCase : public TestCase
{
  public:
    SanRunValueErrorsTestCase()
        : TestCase("unknown TypeIds, loads, sizes and pattern names are named in errors")
    {
    }

  private:
    void DoRun() override
    {
        // TypeIds: once a segfault in Debian's release build.
        std::string e =
            SanTypeIdError("ns3::SanNoSuchRouting", SanRouting::GetTypeId(), "--routing");
        NS_TEST_EXPECT_MSG_EQ(Has(e, "--routing: no TypeId named 'ns3::SanNoSuchRouting'"),
                              true,
                              e);
        e = SanTypeIdError("ns3::SanMeshTopology", SanRouting::GetTypeId(), "--routing");
        NS_TEST_EXPECT_MSG_EQ(Has(e, "'ns3::SanMeshTopology' is not a ns3::SanRouting"), true, e);
        NS_TEST_EXPECT_MSG_EQ(
            SanTypeIdError("ns3::SanValiantRouting", SanRouting::GetTypeId(), "--routing"),
            "",
            "a valid routing");
        std::string msg;
        bool ok = santest::DiesWithMessage(
            []() {
                SanFabricHelper fabric;
                fabric.SetTopology("ns3::SanNoSuchTopology");
            },
            "SanFabricHelper::SetTopology: no TypeId named 'ns3::SanNoSuchTopology'",
            msg);
        NS_TEST_EXPECT_MSG_EQ(ok, true, "unknown topology in the helper: " << msg);
        ok = santest::DiesWithMessage(
            []() {
                SanFabricHelper fabric;
                fabric.SetRouting("ns3::SanNoSuchRouting");
            },
            "SanFabricHelper::SetRouting: no TypeId named 'ns3::SanNoSuchRouting'",
            msg);
        NS_TEST_EXPECT_MSG_EQ(ok, true, "unknown routing in the helper: " << msg);

        // Loads: zero, negative, not finite, absurd (1e9 exhausted memory, 1e-300 ran the clock
        // backwards).
        std::vector<double> loads;
        for (const char* bad : {"0", "-0.5", "nan", "inf", "1e9", "1e-300"})
        {
            e = SanRunInput::ParseLoads(bad, loads);
            NS_TEST_EXPECT_MSG_EQ(e.empty(), false, bad << " accepted");
            NS_TEST_EXPECT_MSG_EQ(Has(e, std::string("--load=") + bad), true, e);
        }
        NS_TEST_EXPECT_MSG_EQ(SanRunInput::ParseLoads("0.1,0.3,0.2", loads), "", "a list");
        NS_TEST_EXPECT_MSG_EQ(loads.size(), 3u, "three loads");
        NS_TEST_EXPECT_MSG_EQ_TOL(loads[1], 0.2, 1e-12, "sorted");
        NS_TEST_EXPECT_MSG_EQ(SanRunInput::ParseLoads("0.1:0.5:0.1", loads), "", "a range");
        NS_TEST_EXPECT_MSG_EQ(loads.size(), 5u, "0.1 .. 0.5");
        e = SanRunInput::ParseLoads("0.1:0.9:0", loads);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "positive step"), true, e);
        // The generator refuses them too, whoever sets them.
        ok = santest::DiesWithMessage(
            []() {
                SanFabricHelper fabric;
                fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
                NodeContainer hosts;
                hosts.Create(2);
                SanTrafficHelper traffic;
                traffic.SetAttribute("OfferedLoad", DoubleValue(1e9));
                ApplicationContainer apps = traffic.Install(fabric.Install(hosts));
                Simulator::Run();
            },
            "offered load 1e+09 exceeds 10",
            msg);
        NS_TEST_EXPECT_MSG_EQ(ok, true, "generator at 1e9: " << msg);

        // Sizes that overflow their integer types.
        uint64_t v = 0;
        e = SanRunInput::ParseUnsigned("framing", "99999999999999999999999", 0, 0xffffffffULL, v);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "--framing=99999999999999999999999: out of range"), true, e);
        e = SanRunInput::ParseUnsigned("packetSize", "4294967296", 1, 0xffffffffULL, v);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "--packetSize=4294967296: out of range"), true, e);
        e = SanRunInput::ParseUnsigned("packetSize", "-1", 1, 0xffffffffULL, v);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "--packetSize=-1: not a whole number"), true, e);
        e = SanRunInput::CheckSizes(4096, 4294967295ULL, 16384);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "packet size 4096 plus framing 4294967295"), true, e);
        e = SanRunInput::CheckSizes(2147483648ULL, 0, 256ULL * 2147483648ULL);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "buffer of 549755813888 bytes"), true, e);
        NS_TEST_EXPECT_MSG_EQ(SanRunInput::CheckSizes(4096, 8, 16384), "", "fits");
        // The model refuses them too, whoever sets them.
        ok = santest::DiesWithMessage(
            []() {
                SanFabricHelper fabric;
                fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
                fabric.SetChannelAttribute("FramingBytes", UintegerValue(4294967295U));
                NodeContainer hosts;
                hosts.Create(2);
                fabric.Install(hosts);
            },
            "FramingBytes (4294967295) plus the fabric's MaxPacketSize (4096) overflow",
            msg);
        NS_TEST_EXPECT_MSG_EQ(ok, true, "framing overflow in the model: " << msg);

        // An unknown pattern name (fabric-load once ran it as transpose).
        SanTrafficGenerator::Pattern pattern;
        e = SanTrafficGenerator::PatternFromName("tornadoe", pattern);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "unknown traffic pattern 'tornadoe'"), true, e);

        // Messages never echo megabytes of input.
        const std::string huge(4 << 20, 'x');
        for (const std::string& m : {SanTrafficGenerator::PatternFromName(huge, pattern),
                                     SanRunInput::ParseLoads(huge, loads),
                                     SanTypeIdError(huge, SanRouting::GetTypeId(), "--routing"),
                                     SanRunInput::ParseUnsigned("x", huge, 0, 9, v)})
        {
            NS_TEST_EXPECT_MSG_LT(m.size(), 300u, "a message echoed " << m.size() << " bytes");
            NS_TEST_EXPECT_MSG_EQ(m.empty(), false, "the huge value was refused");
        }
    }
};

/**
 * \ingroup san-tests
 * Graph and configuration files: byte-order marks and CR line ends are read, NUL bytes and
 * directories are refused by name, and a huge line is not echoed back.
 */
class SanRunFileErrorsTestCase : public TestCase
{
  public:
    SanRunFileErrorsTestCase()
        : TestCase("graph and configuration files: BOM, CR, NUL, directories, huge lines")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("san-run-input");
        mkdir(dir.c_str(), 0777);
        const std::string g = dir + "/g.txt";

        WriteFile(g, "\xEF\xBB\xBF" + Graph("\n"));
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::ValidateFile(g), "", "byte-order mark");
        WriteFile(g, Graph("\r"));
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::ValidateFile(g), "", "CR-only line ends");
        WriteFile(g, Graph("\r\n"));
        NS_TEST_EXPECT_MSG_EQ(SanGraphTopology::ValidateFile(g), "", "CR-LF line ends");
        {
            Ptr<SanGraphTopology> t = CreateObject<SanGraphTopology>();
            WriteFile(g, "\xEF\xBB\xBF" + Graph("\r"));
            t->LoadFromFile(g);
            NS_TEST_EXPECT_MSG_EQ(t->GetNHosts(), 2u, "BOM + CR graph read whole");
        }
        WriteFile(g, std::string("switches 2\nlink 0\0 1\n", 22));
        std::string e = SanGraphTopology::ValidateFile(g);
        NS_TEST_EXPECT_MSG_EQ(Has(e, g + ":2: NUL byte"), true, e);
        e = SanGraphTopology::ValidateFile(dir);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "is a directory, not a file"), true, e);
        e = SanGraphTopology::ValidateFile(dir + "/missing.txt");
        NS_TEST_EXPECT_MSG_EQ(Has(e, "does not exist"), true, e);
        std::string msg;
        const bool ok = santest::DiesWithMessage(
            [dir]() { CreateObject<SanGraphTopology>()->LoadFromFile(dir); },
            "is a directory, not a file",
            msg);
        NS_TEST_EXPECT_MSG_EQ(ok, true, "LoadFromFile on a directory: " << msg);
        WriteFile(g, "switches 2\n" + std::string(2 << 20, 'z') + "\n");
        e = SanGraphTopology::ValidateFile(g);
        NS_TEST_EXPECT_MSG_EQ(Has(e, ":2: unknown keyword 'zzzz"), true, e.substr(0, 200));
        NS_TEST_EXPECT_MSG_LT(e.size(), 400u, "a 2 MiB line echoed back");

        // Configuration files, BookSim style.
        std::vector<SanRunInput::Setting> settings;
        e = SanRunInput::ParseConfig("\xEF\xBB\xBF// a comment\rtopology = torus;\r\n"
                                     "x = 16 # sixteen\rload = {0.1,0.2};\r",
                                     "c.conf",
                                     settings);
        NS_TEST_EXPECT_MSG_EQ(e, "", "BOM, CR, comments, ';' and braces");
        NS_TEST_ASSERT_MSG_EQ(settings.size(), 3u, "three settings");
        NS_TEST_EXPECT_MSG_EQ(settings[0].key, "topology", "first key");
        NS_TEST_EXPECT_MSG_EQ(settings[1].value, "16", "comment stripped");
        NS_TEST_EXPECT_MSG_EQ(settings[2].value, "0.1,0.2", "braces dropped");
        NS_TEST_EXPECT_MSG_EQ(settings[2].where, "c.conf:4", "line numbers count CR ends");
        e = SanRunInput::ParseConfig(std::string("x = 1\ny \0= 2\n", 12), "c.conf", settings);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "c.conf:2: NUL byte"), true, e);
        e = SanRunInput::ParseConfig("x = 1\n" + std::string(1 << 20, 'q') + "\n",
                                     "c.conf",
                                     settings);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "c.conf:2: expected 'key = value'"), true, e.substr(0, 200));
        NS_TEST_EXPECT_MSG_LT(e.size(), 300u, "a 1 MiB line echoed back");
        e = SanRunInput::ReadConfigFile(dir, settings);
        NS_TEST_EXPECT_MSG_EQ(Has(e, "is a directory, not a file"), true, e);

        // Output folders are created; a file in the way is named.
        const std::string out = dir + "/a/b/c/out.csv";
        NS_TEST_EXPECT_MSG_EQ(SanRunInput::MakeParentFolders(out), "", "nested folders");
        struct stat st;
        const bool made = stat((dir + "/a/b/c").c_str(), &st) == 0 && S_ISDIR(st.st_mode);
        NS_TEST_EXPECT_MSG_EQ(made, true, "folder made");
        e = SanRunInput::MakeParentFolders(g + "/x/out.csv");
        NS_TEST_EXPECT_MSG_EQ(Has(e, "is not a folder"), true, e);
    }
};

/**
 * \ingroup san-tests
 * A run stopped while packets are in flight: Simulator::Destroy deletes the pending events
 * without running them, and the descriptors they carried go back to the pool (they once leaked
 * across the runs of a sweep).
 */
class SanRunPoolReclaimTestCase : public TestCase
{
  public:
    SanRunPoolReclaimTestCase()
        : TestCase("descriptors held by pending events return to the pool when a run stops")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t midLive = 0;
        for (int run = 0; run < 3; ++run)
        {
            SanFabricHelper fabric;
            fabric.SetTopology("ns3::SanMeshTopology",
                               "X",
                               UintegerValue(4),
                               "Y",
                               UintegerValue(4));
            fabric.SetFabricAttribute("SwitchingMode", StringValue("Wormhole"));
            NodeContainer hosts;
            hosts.Create(16);
            NetDeviceContainer eps = fabric.Install(hosts);
            SanTrafficHelper traffic;
            traffic.SetAttribute("OfferedLoad", DoubleValue(2.0));
            traffic.SetAttribute("PacketSize", UintegerValue(512));
            ApplicationContainer apps = traffic.Install(eps);
            apps.Start(Seconds(0));
            Simulator::Schedule(MicroSeconds(99),
                                [&midLive]() { midLive = SanFabricPacket::GetLiveCount(); });
            Simulator::Stop(MicroSeconds(100)); // mid-flight, at overload
            Simulator::Run();
            NS_TEST_EXPECT_MSG_GT(midLive, 16u, "packets were in flight when the run stopped");
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ(SanFabricPacket::GetLiveCount(),
                                  0u,
                                  "run " << run << ": descriptors left out of the pool");
        }
    }
};

/**
 * \ingroup san-tests
 * The measurement pieces san-run relies on: the latency histogram's percentiles, Student-t
 * intervals, and saturation found by sweep and bisection (and "at least" when never reached).
 */
class SanRunMeasurementTestCase : public TestCase
{
  public:
    SanRunMeasurementTestCase()
        : TestCase("histogram percentiles, confidence intervals, saturation search")
    {
    }

  private:
    void DoRun() override
    {
        SanTrafficStats stats(4);
        for (int64_t v = 1; v <= 100000; ++v)
        {
            stats.Record(static_cast<uint32_t>(v % 4), v);
        }
        NS_TEST_EXPECT_MSG_EQ(stats.GetCount(), 100000u, "count");
        NS_TEST_EXPECT_MSG_EQ(stats.GetMax(), 100000, "max exact");
        NS_TEST_EXPECT_MSG_EQ_TOL(stats.GetQuantile(0.5), 50000, 50000.0 / 64, "median");
        NS_TEST_EXPECT_MSG_EQ_TOL(stats.GetQuantile(0.99), 99000, 99000.0 / 64, "p99");
        NS_TEST_EXPECT_MSG_EQ(stats.GetDeliveredFrom(1), 25000u, "per source");
        stats.Reset();
        for (int64_t v : {3, 5, 7, 100})
        {
            stats.Record(0, v);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(stats.GetQuantile(0.5), 5, 1e-9, "small values exact");
        NS_TEST_EXPECT_MSG_EQ_TOL(stats.GetQuantile(1.0), 100, 1e-9, "top");

        const SanStatistic ci = SanLoadSweep::Summarize({1, 2, 3});
        NS_TEST_EXPECT_MSG_EQ_TOL(ci.mean, 2, 1e-12, "mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(ci.ci95, 4.303 / std::sqrt(3.0), 1e-9, "t(2) = 4.303");
        NS_TEST_EXPECT_MSG_EQ(SanLoadSweep::Summarize({5}).ci95, 0, "one seed: no interval");

        // A crossbar of 8 hosts: every host link carries at most 1 packet per packet-time.
        SanLoadSweep sweep;
        sweep.SetFabricSetup([](SanFabricHelper& fabric) {
            fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(8));
            fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
            fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(64));
            fabric.SetFabricAttribute("BufferSize", UintegerValue(256));
        });
        sweep.SetTrafficAttribute("PacketSize", UintegerValue(64));
        sweep.SetWindows(100, 1000, 1000);
        SanSaturation low = sweep.FindSaturation({0.05, 0.1}, 3, 0, nullptr);
        NS_TEST_EXPECT_MSG_EQ(low.atLeast, true, "never saturated at 0.1");
        NS_TEST_EXPECT_MSG_EQ_TOL(low.load, 0.1, 1e-12, "at least the largest load tried");
        NS_TEST_EXPECT_MSG_EQ(low.points.size(), 2u, "no bisection");
        SanSaturation sat = sweep.FindSaturation({0.2, 0.4, 0.6, 0.8, 1.0, 1.2}, 3, 0, nullptr);
        NS_TEST_EXPECT_MSG_EQ(sat.atLeast, false, "saturates");
        NS_TEST_EXPECT_MSG_GT(sat.load, 0.4, "well above 0.4");
        NS_TEST_EXPECT_MSG_LT(sat.load, 1.0, "below a host link's capacity");
        NS_TEST_EXPECT_MSG_LT(sat.upper - sat.load, 0.2 / 8 + 1e-9, "bracket halved 3 times");
        const SanLoadSummary& last = sat.points.back();
        NS_TEST_EXPECT_MSG_EQ(last.runs.size(), 1u, "one seed");
        bool sawSaturated = false;
        for (const SanLoadSummary& p : sat.points)
        {
            sawSaturated = sawSaturated || p.saturated;
            if (!p.saturated)
            {
                NS_TEST_EXPECT_MSG_LT(p.offered, sat.upper, "a met load below the bracket top");
                NS_TEST_EXPECT_MSG_GT(p.accepted.mean,
                                      0.95 * p.offeredMeasured.mean - 1e-9,
                                      "demand met at " << p.offered);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(sawSaturated, true, "a saturated point");
        NS_TEST_EXPECT_MSG_EQ(SanFabricPacket::GetLiveCount(), 0u, "nothing left across runs");
    }
};

#ifdef SAN_BUILD_DIR
/**
 * \ingroup san-tests
 * The san-run program itself: each bad input ends it with status 1 and one line naming the
 * value; --csv= writes nothing.
 */
class SanRunProgramErrorsTestCase : public TestCase
{
  public:
    SanRunProgramErrorsTestCase()
        : TestCase("san-run ends with a message naming each bad input")
    {
    }

  private:
    /// \param args arguments \param out its output \return its exit status (as pclose's)
    static int Run(const std::string& args, std::string& out)
    {
        return RunSanRun(args, out);
    }

    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("san-run-program");
        mkdir(dir.c_str(), 0777);
        const std::string tiny = "--topology=mesh --x=2 --y=2 --warmup=10 --measure=50 --drain=50 ";
        std::vector<std::pair<std::string, std::string>> cases = {
            {"--routing=ns3::SanNoSuchRouting", "no TypeId named 'ns3::SanNoSuchRouting'"},
            {"--topology=ns3::SanNoSuchTopology", "no TypeId named 'ns3::SanNoSuchTopology'"},
            {"--load=0", "--load=0: offered load 0 must be positive"},
            {"--load=-1", "--load=-1: offered load -1 must be positive"},
            {"--load=nan", "--load=nan: not a finite number"},
            {"--load=1e9", "--load=1e9: offered load 1e+09 exceeds 10"},
            {"--load=1e-300", "--load=1e-300: offered load 1e-300 is below 1e-09"},
            {"--framing=99999999999", "--framing=99999999999: out of range"},
            {"--framing=4294967295", "plus framing 4294967295 bytes overflows"},
            {"--bufferPackets=256 --maxPacketSize=4294967295",
             "buffer of 1099511627520 bytes per virtual channel overflows"},
            {"--pattern=tranpose", "unknown traffic pattern 'tranpose'"},
            {"--topology=graph --graph=" + dir, "is a directory, not a file"},
            {"--mode=flits", "--mode=flits: unknown switching mode"},
            {"--delay=xyz", "--delay=xyz: not a valid time"},
            {"--dataRate=fast", "--dataRate=fast: not a valid data rate"},
            {"--pattern=hot-spot --hotSpotFraction=2", "--hotSpotFraction=2: must be between"},
            {"--config=" + dir, "is a directory, not a file"},
            // Topologies and routing functions that do not fit: one line, before any run.
            {"--topology=torus --x=1", "a torus (Wrap=true) needs X >= 3"},
            {"--topology=mesh --x=1 --y=1", "1 host; traffic needs at least 2"},
            {"--topology=ring --switches=2", "NSwitches must be at least 3"},
            {"--topology=fat-tree --k=64 --n=8", "too many hosts (k^n must be below 2^32)"},
            {"--topology=crossbar --hosts=65536", "NHosts must be between 1 and 65535"},
            {"--topology=dragonfly --routersPerGroup=4 --globalLinks=2 --groups=4",
             "does not divide"},
            {"--topology=ns3::SanTopology", "cannot be made (an abstract ns3::SanTopology"},
            {"--routing=ns3::SanRouting", "cannot be made (an abstract ns3::SanRouting"},
            {"--topology=fat-tree --k=2 --n=2 --routing=dimension-order",
             "ns3::SanDimensionOrderRouting cannot route on a fat-tree topology"},
            {"--topology=dragonfly --routing=up-down",
             "ns3::SanUpDownRouting cannot route on a dragonfly topology"},
            {"--bufferSize=10", "virtual cut-through and store-and-forward need BufferSize (10)"},
            {"--pattern=group-shift", "--pattern=group-shift needs --groupSize"},
            {"--pattern=group-shift --groupSize=3", "GroupShift needs a GroupSize"},
            // Options that are not options, and attributes san-run sets itself.
            {"load=0.9", "'load=0.9': options start with --"},
            {"--nosuch=1", "--nosuch: unknown option"},
            {"--csv", "--csv: needs a value"},
            {"--ns3::SanFabric::BufferSize=1", "san-run sets this attribute from --bufferSize"},
            {"--ns3::SanFabric::NoSuch=1", "no such ns-3 attribute"},
            {"--ns3::SanUgalRouting::Decision=Bogus", "not a valid value of this attribute"},
            {"--run=2 --RngRun=3", "--run and --RngRun both set the first run number"},
            // Simulated time, sweeps and source queues that would not end.
            {"--dataRate=1kbps --packetSize=1000000000 --warmup=500 --measure=2000 --drain=1500",
             "ns-3's time range"},
            {"--load=0.5:0.6:1e-300", "at most 1000 points"},
            {"--maxSourceQueue=0", "--maxSourceQueue=0: out of range"},
            {"--delay=1e300s", "--delay=1e300s: not a valid time"},
            // Outputs: a folder in the way.
            {"--csv=" + dir, "is a directory"},
        };
        WriteFile(dir + "/nohosts.txt", "switches 2\nlink 0 1\n");
        cases.emplace_back("--topology=graph --graph=" + dir + "/nohosts.txt",
                           "SanFabric: the topology has no hosts");
        for (const auto& c : cases)
        {
            std::string out;
            const int status = Run(tiny + c.first, out);
            NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 1, c.first << ": exit status 1:\n" << out);
            NS_TEST_EXPECT_MSG_EQ(IsOneLineError(out) && Has(out, c.second),
                                  true,
                                  c.first << ": expected one line with '" << c.second << "', got:\n"
                                          << out);
        }
        // fabric-bench and san-scaling answer a misspelled TypeId or setting in one line too,
        // before any child process.
        for (const std::string& cmd :
             {std::string("fabric-bench --SchedulerType=ns3::NoSuchScheduler"),
              std::string("fabric-bench --csv= --treeRouting=ns3::NoSuchRouting"),
              std::string("san-scaling --csv= --schedulers=ns3::NoSuchScheduler"),
              std::string("san-scaling --csv= --set=everything")})
        {
            std::string out;
            const int status = RunExample(cmd, out);
            NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 1, cmd << ":\n" << out);
            NS_TEST_EXPECT_MSG_EQ(
                (out.find("error: ") != std::string::npos && out.find('\n') == out.size() - 1),
                true,
                cmd << ": one line:\n"
                    << out);
        }
        // A device that refuses writes (its writes fail only once made): the run ends with
        // status 1 and says so on its last line.
        {
            std::string out;
            const int status = Run(tiny + "--load=0.1 --csv=/dev/full", out);
            NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 1, out);
            const auto last = out.rfind("san-run: error: cannot write '/dev/full': ");
            NS_TEST_EXPECT_MSG_EQ(
                (last != std::string::npos && out.find('\n', last) == out.size() - 1),
                true,
                "the write error ends the output:\n"
                    << out);
        }
        // Output folders are made; an empty --csv= writes nothing.
        std::string out;
        const std::string csv = dir + "/new/folder/run.csv";
        int status = Run(tiny + "--load=0.1 --csv=" + csv + " --json=" + dir + "/j/run.json", out);
        NS_TEST_EXPECT_MSG_EQ(status, 0, out);
        std::ifstream made(csv);
        std::string header;
        std::getline(made, header);
        NS_TEST_EXPECT_MSG_EQ(Has(header, "offered_load,accepted"), true, "CSV written: " << out);
        NS_TEST_EXPECT_MSG_EQ(std::ifstream(dir + "/j/run.json").good(), true, "JSON written");
        status = Run(tiny + "--load=0.1 --csv= --json=", out);
        NS_TEST_EXPECT_MSG_EQ(status, 0, out);
        NS_TEST_EXPECT_MSG_EQ(Has(out, "san-run: load=0.100"), true, out);
    }
};

/**
 * \ingroup san-tests
 * What san-run is given is what it runs: values with blanks, units apart from their numbers,
 * '#' inside a value, quoted file names with blanks, several configuration files, ns-3
 * attributes and globals in a file, relative paths taken from the file's folder, RngRun; and
 * every JSON document it writes is valid (Python's json module reads it), multi-channel
 * routings included.
 */
class SanRunWholeValuesTestCase : public TestCase
{
  public:
    SanRunWholeValuesTestCase()
        : TestCase("san-run runs what it is given, whole, and writes valid JSON")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("san-run-whole");
        mkdir(dir.c_str(), 0777);
        mkdir((dir + "/conf").c_str(), 0777);
        const std::string tiny = "--topology=mesh --x=2 --y=2 --warmup=10 --measure=50 --drain=50 ";
        // A configuration file whose values have blanks, units apart, a '#' and a quoted name
        // with a blank; its file names are relative to its own folder.
        WriteFile(dir + "/conf/a.conf",
                  "# san-run settings\n"
                  "dataRate = 640 Mbps   // a comment after a blank\n"
                  "delay = 10 ns\n"
                  "sizes = 64:0.5, 4096:0.5\n"
                  "csv = \"my results#1.csv\"\n"
                  "json = out.json\n"
                  "ns3::SanUgalRouting::Threshold = 0\n"
                  "load = 0.05\n");
        WriteFile(dir + "/conf/b.conf", "load = 0.1\n");
        std::string out;
        int status =
            RunSanRun(tiny + "--config=" + dir + "/conf/a.conf --config=" + dir + "/conf/b.conf",
                      out);
        NS_TEST_ASSERT_MSG_EQ(ExitCode(status), 0, out);
        // The second file's load wins; the first file's other settings stay.
        NS_TEST_EXPECT_MSG_EQ(Has(out, "san-run: load=0.100"), true, out);
        const std::string csv = ReadWhole(dir + "/conf/my results#1.csv");
        NS_TEST_EXPECT_MSG_EQ(Has(csv, "offered_load,accepted"), true, "CSV at its whole name");
        const std::string json = dir + "/conf/out.json";
        NS_TEST_EXPECT_MSG_EQ(PythonReadsJson(json), true, "valid JSON");
        const std::string doc = ReadWhole(json);
        NS_TEST_EXPECT_MSG_EQ(Has(doc, "\"dataRate\": \"640Mbps\""), true, doc);
        NS_TEST_EXPECT_MSG_EQ(Has(doc, "\"sizes\": \"64:0.5, 4096:0.5\""), true, doc);
        // The packet-time is that of the mean size, 2080 bytes, at 640 Mbit/s: 26 us (it would
        // be 64-byte packets at 640 bit/s had the values been cut at their blanks).
        const auto at = doc.find("\"packet_time_ns\": ");
        const double packetTimeNs =
            at == std::string::npos ? 0 : std::strtod(doc.c_str() + at + 18, nullptr);
        NS_TEST_EXPECT_MSG_EQ_TOL(packetTimeNs, 26000.0, 1e-6, doc);
        std::ifstream left(dir + "/conf/my results#1.csv.partial-" + std::to_string(0));
        NS_TEST_EXPECT_MSG_EQ(left.good(), false, "no temporary file left");

        // Multi-channel routings (a torus's dateline, adaptive, a dragonfly's UGAL) write
        // valid JSON too.
        for (const std::string& args :
             {std::string("--topology=torus --x=3 --y=3"),
              std::string("--topology=mesh --x=3 --y=3 --routing=minimal-adaptive"),
              std::string("--topology=dragonfly --routersPerGroup=2 --globalLinks=1 "
                          "--hostsPerRouter=1 --pattern=group-shift")})
        {
            const std::string j = dir + "/multi.json";
            status = RunSanRun(args + " --warmup=10 --measure=50 --drain=50 --load=0.1 --json=" + j,
                               out);
            NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 0, args << ":\n" << out);
            NS_TEST_EXPECT_MSG_EQ(PythonReadsJson(j), true, args << ": valid JSON");
            std::remove(j.c_str());
        }

        // RngRun is honoured: another run number gives another sample.
        std::string one;
        std::string two;
        std::string again;
        const std::string busy = tiny + "--load=0.5 --measure=400 ";
        // (The peak resident set, the last line, varies from process to process.)
        auto measured = [](const std::string& o) {
            return o.substr(0, o.find("san-run: peak_rss"));
        };
        RunSanRun(busy + "--RngRun=1", one);
        RunSanRun(busy + "--RngRun=2", two);
        RunSanRun(busy + "--RngRun=1", again);
        one = measured(one);
        two = measured(two);
        again = measured(again);
        NS_TEST_EXPECT_MSG_EQ((one == again), true, "the same run twice: the same result");
        NS_TEST_EXPECT_MSG_EQ((one != two),
                              true,
                              "RngRun 1 and 2 give different results:\n"
                                  << one << "\n"
                                  << two);
        // A sweep whose step is below the loads' precision is one point, not a full memory.
        status = RunSanRun(tiny + "--load=0.5:0.5:1e-300", out);
        NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 0, out);

        // "none" asks for no output file, on the command line or in a file (where it is not
        // taken as a name in the file's folder).
        mkdir((dir + "/none-test").c_str(), 0777);
        WriteFile(dir + "/none-test/n.conf", "csv = none\njson = none\nflows = none\n");
        status = RunSanRun(tiny + "--config=" + dir + "/none-test/n.conf", out);
        NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 0, out);
        std::ifstream madeInFolder(dir + "/none-test/none");
        NS_TEST_EXPECT_MSG_EQ(madeInFolder.good(), false, "no file named none in the folder");
        const bool before = std::ifstream("none").good();
        status = RunSanRun(tiny + "--csv=none --json=none --flows=none", out);
        NS_TEST_EXPECT_MSG_EQ(ExitCode(status), 0, out);
        NS_TEST_EXPECT_MSG_EQ(std::ifstream("none").good(), before, "no file named none made");
    }
};

/**
 * \ingroup san-tests
 * A fuzz of san-run's command line and configuration files: random keys (options, unknown
 * names, ns-3 attributes and globals), values (numbers, units with and without blanks, junk,
 * comment characters, quotes) and places (the command line or a file). Every input either runs
 * (exit 0, and the settings it reports are the values given) or is refused in exactly one line
 * (exit 1); never an abort, a crash or a hang.
 */
class SanRunFuzzTestCase : public TestCase
{
  public:
    SanRunFuzzTestCase()
        : TestCase("san-run fuzz: every input runs or is refused in one line")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("san-run-fuzz");
        mkdir(dir.c_str(), 0777);
        const std::vector<std::string> keys = {"load",
                                               "packetSize",
                                               "dataRate",
                                               "delay",
                                               "routingDelay",
                                               "x",
                                               "y",
                                               "pattern",
                                               "routing",
                                               "mode",
                                               "bufferPackets",
                                               "framing",
                                               "sizes",
                                               "seeds",
                                               "tolerance",
                                               "hotSpotFraction",
                                               "radix",
                                               "maxSourceQueue",
                                               "topology",
                                               "flowControl",
                                               "nosuch",
                                               "RngRun",
                                               "ns3::SanUgalRouting::Threshold",
                                               "ns3::SanFabric::CellSize",
                                               "ns3::NoSuch::X",
                                               "Load",
                                               ""};
        const std::vector<std::string> values = {"0.1",
                                                 "0.3",
                                                 "2",
                                                 "64",
                                                 "1 0",
                                                 "640 Mbps",
                                                 "640Mbps",
                                                 "10 ns",
                                                 "10ns",
                                                 "xyz",
                                                 "",
                                                 "-1",
                                                 "1e30",
                                                 "nan",
                                                 "#",
                                                 "1 # 2",
                                                 "a//b",
                                                 "\"q\"",
                                                 "64:0.5, 128:0.5",
                                                 "uniform",
                                                 "tornado",
                                                 "wormhole",
                                                 "up-down",
                                                 "3 3",
                                                 "  7  ",
                                                 "0x10",
                                                 "1e-300",
                                                 "4294967296",
                                                 "true",
                                                 "mesh",
                                                 "torus",
                                                 ";",
                                                 "{0.1,0.2}"};
        std::mt19937 rng(12345);
        auto pick = [&rng](const std::vector<std::string>& v) {
            return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
        };
        const std::string tiny = "--topology=mesh --x=2 --y=2 --warmup=5 --measure=20 --drain=20 ";
        const std::map<std::string, std::string> tinyValues = {{"topology", "mesh"},
                                                               {"x", "2"},
                                                               {"y", "2"},
                                                               {"warmup", "5"},
                                                               {"measure", "20"},
                                                               {"drain", "20"}};
        uint32_t ran = 0;
        uint32_t refused = 0;
        uint32_t echoed = 0;
        for (uint32_t i = 0; i < 60; ++i)
        {
            const std::string key = pick(keys);
            const std::string value = pick(values);
            const bool inFile = i % 2 == 0;
            std::string args = tiny;
            std::string shown;
            if (inFile)
            {
                const std::string conf = dir + "/f" + std::to_string(i) + ".conf";
                WriteFile(conf, key + " = " + value + "\n");
                args += "--config=" + conf;
                shown = "file '" + key + " = " + value + "'";
            }
            else
            {
                // Single quotes keep the value one argument, blanks and all.
                args += "'--" + key + "=" + value + "'";
                shown = "argument '--" + key + "=" + value + "'";
            }
            const std::string json = dir + "/r" + std::to_string(i) + ".json";
            std::string out;
            const int code = ExitCode(RunSanRun(args + " --json=" + json, out));
            NS_TEST_EXPECT_MSG_EQ((code == 0 || code == 1),
                                  true,
                                  shown << ": exit " << code << "\n"
                                        << out);
            if (code == 1)
            {
                ++refused;
                NS_TEST_EXPECT_MSG_EQ(IsOneLineError(out),
                                      true,
                                      shown << ": not one line:\n"
                                            << out);
            }
            else if (code == 0)
            {
                ++ran;
                NS_TEST_EXPECT_MSG_EQ(PythonReadsJson(json), true, shown << ": invalid JSON");
                // What ran is what was asked for: san-run's own option reports the value given
                // (ns-3's RngRun as "run"; ns-3 attributes are not among its settings).
                // (The command line overrides a file: tiny's own options keep tiny's values.)
                const std::string setting = key == "RngRun" ? "run" : key;
                const auto line = tinyValues.find(key);
                const std::string expected =
                    inFile && line != tinyValues.end() ? line->second : value;
                std::string reported;
                if (ReportedSetting(json, setting, reported))
                {
                    ++echoed;
                    NS_TEST_EXPECT_MSG_EQ(SameSetting(expected, reported),
                                          true,
                                          shown << ": ran with " << setting << " = '" << reported
                                                << "'");
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ(key.rfind("ns3::", 0),
                                          0u,
                                          shown << ": ran, but reports no " << setting);
                }
            }
        }
        NS_TEST_EXPECT_MSG_GT(ran, 0u, "some inputs ran");
        NS_TEST_EXPECT_MSG_GT(echoed, 0u, "some runs reported the setting they were given");
        NS_TEST_EXPECT_MSG_GT(refused, 0u, "some inputs were refused");
    }
};
#endif

/**
 * \ingroup san-tests
 * The suite.
 */
class SanRunInputTestSuite : public TestSuite
{
  public:
    SanRunInputTestSuite()
        : TestSuite("san-run-input", UNIT)
    {
        AddTestCase(new SanRunValueErrorsTestCase(), TestCase::QUICK);
        AddTestCase(new SanRunFileErrorsTestCase(), TestCase::QUICK);
        AddTestCase(new SanRunPoolReclaimTestCase(), TestCase::QUICK);
        AddTestCase(new SanRunMeasurementTestCase(), TestCase::QUICK);
#ifdef SAN_BUILD_DIR
        AddTestCase(new SanRunProgramErrorsTestCase(), TestCase::QUICK);
        AddTestCase(new SanRunWholeValuesTestCase(), TestCase::QUICK);
        AddTestCase(new SanRunFuzzTestCase(), TestCase::QUICK);
#endif
    }
};

/// Static instance.
static SanRunInputTestSuite g_sanRunInputTestSuite;
