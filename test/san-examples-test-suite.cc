/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Examples run as tests: each example program is started with small
// settings and its output is checked. Only in the standalone build, where
// the runner knows the build folder (SAN_BUILD_DIR); inside an ns-3 tree the
// examples are ns-3's business.

#include "san-run-capture.h"

#include "ns3/test.h"

#include <array>
#include <cstdio>
#include <regex>
#include <string>
#include <sys/wait.h>

#ifdef SAN_BUILD_DIR

using namespace ns3;

using santest::RunCapture;

/**
 * \ingroup san-tests
 * Run one example and match its output against regular expressions.
 */
class SanExampleTestCase : public TestCase
{
  public:
    /**
     * \param program example name
     * \param args its arguments
     * \param patterns regular expressions its output must match (each somewhere)
     * \param status the exit status it must end with (not 0: a run refusing bad input)
     */
    SanExampleTestCase(std::string program,
                       std::string args,
                       std::vector<std::string> patterns,
                       int status = 0)
        : TestCase(Named("example " + program +
                         (status == 0 ? std::string() : " refuses " + args + " (status 1)"))),
          m_program(program),
          m_args(args),
          m_patterns(patterns),
          m_status(status)
    {
    }

  private:
    /// \param text a name \return it with the characters a TestCase name may not hold as '_'
    static std::string Named(std::string text)
    {
        for (char& c : text)
        {
            c = std::string("\"/\\|?").find(c) == std::string::npos ? c : '_';
        }
        return text;
    }

    void DoRun() override
    {
        std::string out;
        std::string cmd = std::string(SAN_BUILD_DIR) + "/examples/" + m_program + " " + m_args;
        int status = RunCapture(cmd, out);
        if (status != -1 && WIFEXITED(status))
        {
            status = WEXITSTATUS(status);
        }
        NS_TEST_ASSERT_MSG_EQ(status,
                              m_status,
                              cmd << " ended with status " << status << ":\n"
                                  << out);
        for (const std::string& p : m_patterns)
        {
            NS_TEST_EXPECT_MSG_EQ(std::regex_search(out, std::regex(p)),
                                  true,
                                  cmd << ": no line matches '" << p << "' in:\n"
                                      << out);
        }
    }

    std::string m_program;               //!< example
    std::string m_args;                  //!< arguments
    std::vector<std::string> m_patterns; //!< expected output
    int m_status;                        //!< expected exit status
};

/**
 * \ingroup san-tests
 * The examples suite.
 */
class SanExamplesTestSuite : public TestSuite
{
  public:
    SanExamplesTestSuite()
        : TestSuite("san-examples", EXAMPLE)
    {
        AddTestCase(new SanExampleTestCase(
                        "fabric-first",
                        "",
                        {"fabric-first: 512 bytes from host 0 in 9980 ns over 7 switches"}),
                    TestCase::QUICK);
        const std::string number = "[0-9]+(\\.[0-9]+)?";
        AddTestCase(new SanExampleTestCase(
                        "fabric-load",
                        "--csv= --topologies=mesh --step=0.2 --maxLoad=0.6 --warmup=200 "
                        "--measure=400 "
                        "--drain=400",
                        {"fabric-load: topology=mesh traffic=uniform routing=dimension-order "
                         "saturation>?=" +
                             number,
                         "fabric-load: topology=mesh traffic=transpose routing=minimal-adaptive "
                         "saturation>?=" +
                             number,
                         "fabric-load: topology=mesh traffic=transpose "
                         "minimal-adaptive/dimension-order=" +
                             number}),
                    TestCase::QUICK);
        AddTestCase(
            new SanExampleTestCase(
                "fabric-bench",
                "--csv=/dev/null --packetTimes=300 --meshSize=4 --ftK=4 --ftN=3 "
                "--rawEvents=1000000",
                {"fabric-bench: workload=mesh-4x4 hosts=16 hop_rate=" + number +
                     " hop_rate_cpu=" + number + " raw_event_rate=" + number + " ratio=" + number +
                     " rss_per_host_kib=" + number,
                 "fabric-bench: workload=fat-tree-4-ary-3-tree hosts=64 hop_rate=" + number}),
            TestCase::QUICK);
        AddTestCase(
            new SanExampleTestCase(
                "san-scaling",
                "--csv=/dev/null --set=quick --hopBudget=10000",
                {"san-scaling: workload=fat-tree-32-ary-2-tree scheduler=ns3::[A-Za-z]+ "
                 "hosts=1024 hop_rate=" +
                     number + " hop_rate_cpu=" + number + " ns_per_hop=" + number +
                     " build_s=" + number + " run_s=" + number + " rss_per_host_kib=" + number,
                 "san-scaling: workload=fat-tree-4-ary-5-tree .* hosts=1024 ",
                 "san-scaling: workload=mesh-32x32 .* hosts=1024 ",
                 "san-scaling: workload=torus-32x32 .* hosts=1024 ",
                 "san-scaling: workload=dragonfly-4-8-4 .* hosts=1056 "}),
            TestCase::QUICK);
        // san-run: a torus under tornado traffic with adaptive routing, command line only; its
        // saturation must lie just below the bound of minimal routing, 1 / (ceil(k/2) - 1) =
        // 1/3 packets per host per packet-time on an 8x8 torus (every packet crosses
        // ceil(k/2) - 1 channels of each of its rings, all in the same direction).
        AddTestCase(new SanExampleTestCase(
                        "san-run",
                        "--topology=torus --x=8 --y=8 --routing=minimal-adaptive --pattern=tornado "
                        "--load=0.1:0.6:0.1 --saturation=true --bisections=2 --warmup=200 "
                        "--measure=600 --drain=600 --progress=false --csv= --json=",
                        {"san-run: load=0\\.100 accepted=0\\.[01][0-9]* latency mean=" + number +
                             " p50=" + number + " p99=" + number + " max=" + number +
                             " packet-times hops=" + number,
                         "san-run: saturation=0\\.(2[5-9]|3[0-3])[0-9]* \\(demand met at",
                         "san-run:   link switch [0-9]+ port [0-9]+ -> switch [0-9]+ "
                         "utilisation " +
                             number}),
                    TestCase::QUICK);
        // ... and a graph-file scenario from the example configuration file.
        AddTestCase(
            new SanExampleTestCase("san-run",
                                   std::string("--config=") + SAN_SOURCE_DIR +
                                       "/examples/san-run-graph.conf --graph=" + SAN_SOURCE_DIR +
                                       "/examples/san-run-graph.txt --seeds=2 "
                                       "--measure=500 --csv= --progress=false",
                                   {"san-run: graph topology, routing "
                                    "ns3::SanUpDownRouting, VirtualCutThrough, pattern "
                                    "uniform, 2 seeds",
                                    "accepted=" + number + "±" + number,
                                    "san-run: saturation=" + number}),
            TestCase::QUICK);
        // One process, the fabric cut as two ranks would cut it: stripes of a 4x4 mesh.
        AddTestCase(new SanExampleTestCase(
                        "san-distributed",
                        "--topology=mesh --x=4 --y=4 --partitions=2 --measure=300 --drain=300",
                        {"san-distributed: mesh, 16 hosts, 16 switches, 2 part\\(s\\) on 1 "
                         "rank\\(s\\), engine granted-time-window; 4 links cut, lookahead 510 ns "
                         "\\(delay 10 ns\\)",
                         "mesh,16,16,VirtualCutThrough,Uniform,0.5,1,[0-9]+,"}),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("scilan-bulk-send",
                                           "--bytes=262144",
                                           {"scilan-bulk-send: 262144 of 262144 bytes from host 0 "
                                            "to host 15 in " +
                                            number + " us, " + number + " MB/s"}),
                    TestCase::QUICK);
        // The four interface examples: each checks its own data and fails if it did not land.
        AddTestCase(new SanExampleTestCase(
                        "hamlyn-rats",
                        "--streamBytes=262144",
                        {"hamlyn-rats: tagged write of 16 bytes from host 0 to host 15: " + number +
                             " us, write call to get_tag's return \\(data checked\\)",
                         "hamlyn-rats: stream of 262144 of 262144 bytes in 4096-byte writes "
                         "through 8 slots: " +
                             number + " us, " + number + " MB/s \\(data checked\\)"}),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase(
                        "dart-remote",
                        "--ops=3",
                        {"dart-remote: remote write of 32 bytes from host 0 to host 15: " + number +
                             " us, send call to the receiver seeing it \\(software DART, data "
                             "checked\\)",
                         "dart-remote: fetch-and-add by 15 hosts x 3 on host 0's counter: final "
                         "value 360 \\(expected 360\\), mean " +
                             number + " us per operation, 45 operations in " + number +
                             " us, [0-9]+ interrupts at host 0 \\(checked\\)"}),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase(
                        "clan-tripwire",
                        "--messages=100",
                        {"clan-tripwire: one-way latency of a 64-byte message from host 0 to host "
                         "15: " +
                             number +
                             " us, send call to the receive's return \\(receiver waits: "
                             "tripwire\\)",
                         "clan-tripwire: 100 of 100 messages of 64 bytes in " + number +
                             " us: " + number + " messages/s, " + number +
                             " MB/s, [0-9]+ Tripwire interrupts and [0-9]+ wake-ups at the "
                             "receiver \\(data checked\\)"}),
                    TestCase::QUICK);
        AddTestCase(
            new SanExampleTestCase(
                "shrimp-vmmc-nx",
                "--rounds=5",
                {"shrimp-vmmc-nx: VMMC deliberate update of 64 bytes from host 0 to host "
                 "15: " +
                     number + " us, send call to the receiver's poll seeing it \\(data checked\\)",
                 "shrimp-vmmc-nx: NX AU ping-pong of 1024-byte messages between host 0 "
                 "and host 15: " +
                     number + " us one way, " + number + " MB/s \\(5 rounds, data checked\\)"}),
            TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("tcp-baseline",
                                           "--bytes=1024 --link=gige",
                                           {"gige 1024 bytes: rtt " + number + " us, bandwidth " +
                                            number + " Mbit/s"}),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("tcp-baseline",
                                           "--bytes=1 --link=atm_lane",
                                           {"atm_lane 1 bytes: rtt " + number + " us"}),
                    TestCase::QUICK);
        // The shoot-out: every workload over every testbed, rows printed (no CSV).
        AddTestCase(
            new SanExampleTestCase(
                "nic-shootout",
                "--csv=none --sizes=8,4096 --rounds=3 --messages=8 "
                "--streamBytes=32768 --clients=1,2 --requests=3",
                {"nic-shootout: shrimp-sockets: SHRIMP sockets over VMMC",
                 "nic-shootout: clan \\(same-hosts\\): CLAN message channels, 200 MHz Pentium",
                 "ping-pong +tcp +as-published +4096 +1 one_way_latency +" + number + " us",
                 "stream +scilan +as-published +4096 +1 bandwidth +" + number + " MB/s",
                 "stream +dart +same-hosts +4096 +1 bandwidth +" + number + " MB/s",
                 "request-response +scilan +same-hosts +64 +2 requests_per_second +" + number +
                     " 1/s"}),
            TestCase::QUICK);
        // At scale (small here): each run in a process of its own, its costs printed.
        AddTestCase(new SanExampleTestCase(
                        "nic-scaling",
                        "--csv=none --hosts=16 --group=4 --count=2 --interfaces=clan,hamlyn,tcp",
                        {"clan +request-response +16 +" + number + " +" + number,
                         "hamlyn +incast +16 +" + number,
                         "clan +all-to-all +16 +" + number,
                         "tcp +all-to-all +16 +" + number}),
                    TestCase::QUICK);
        // Where the events go: a census file per run, read back (the shell's $$ names the
        // directory).
        AddTestCase(
            new SanExampleTestCase(
                "nic-scaling",
                "--csv=none --hosts=16 --group=4 --count=2 --interfaces=clan "
                "--workloads=request-response --census=/tmp/san-census-$$ && cat "
                "/tmp/san-census-$$/clan-request-response-16.txt && rm -r "
                "/tmp/san-census-$$",
                {"each run's event census in /tmp/san-census-",
                 "event census: [0-9]+ events taken, [0-9]+ kinds, " + number + " per message",
                 "SanSwitch::HandleReady",
                 "SanResource step end, then callback"}),
            TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-scaling",
                                           "--hosts=16 --census=/proc/san-no-such-dir",
                                           {"nic-scaling: --census: cannot make the directory "
                                            "'/proc/san-no-such-dir'"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-scaling",
                                           "--hosts=20 --group=4",
                                           {"nic-scaling: --hosts: a fat tree of 8-port switches "
                                            "holds a power of 4 hosts"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-scaling",
                                           "--fabric=torus",
                                           {"nic-scaling: --fabric: no fabric 'torus'"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-scaling",
                                           "--fabric=dragonfly --hosts=1024",
                                           {"nic-scaling: --hosts: a balanced dragonfly .* "
                                            "holds 2p\\^2\\(2p\\^2\\+1\\) hosts .*not 1024"},
                                           1),
                    TestCase::QUICK);
        // An interface's workload as a distributed run, cut in two in one process.
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=clan --preset=modern --hosts=16 "
                                           "--group=8 --partitions=2",
                                           {"san-distributed: request-response over clan "
                                            "\\(modern\\), 16 hosts on a fat-tree, 1 rank\\(s\\); "
                                            "[1-9][0-9]* links cut, lookahead 145 ns",
                                            "san-distributed: 308 messages, last process done "
                                            "at " +
                                                number + " us"}),
                    TestCase::QUICK);
        // TCP/IP too: its Ethernet is a san fabric of the same shape, cut as the others'.
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=tcp --preset=modern --hosts=16 "
                                           "--group=8 --partitions=2",
                                           {"san-distributed: request-response over tcp "
                                            "\\(modern\\), 16 hosts on a fat-tree, 1 rank\\(s\\); "
                                            "[1-9][0-9]* links cut, lookahead 160 ns",
                                            "san-distributed: 308 messages, last process done "
                                            "at " +
                                                number + " us"}),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=nosuch",
                                           {"san-distributed: no interface 'nosuch'"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=dart --hosts=16 --csv=.",
                                           {"san-distributed: .*'\\.'"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=dart --workload=all-to-all --group=8 "
                                           "--go=1ms",
                                           {"san-distributed: the last of a group's 8 processes "
                                            "has until 3610 us to join, after the go at 1000 us"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=clan --preset=modern --workload=all-to-all "
                                           "--group=8 --slot=10ns --csv=none",
                                           {"san-distributed: [0-9]+ processes had not joined "
                                            ".*give a connection a longer join slot"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("san-distributed",
                                           "--interface=clan --preset=modern --workload=all-to-all "
                                           "--group=8 --partitions=2 --csv=none",
                                           {"san-distributed: 1232 messages, .*round_us_slowest"}),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-scaling",
                                           "--workloads=ping",
                                           {"nic-scaling: --workloads: no workload 'ping'"},
                                           1),
                    TestCase::QUICK);
        // Bad input: one line naming it and status 1, nothing run.
        AddTestCase(new SanExampleTestCase("nic-shootout",
                                           "--interfaces=myrinet",
                                           {"nic-shootout: --interfaces: no interface 'myrinet'"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-shootout",
                                           "--presets=modern-ish",
                                           {"nic-shootout: --presets: no preset 'modern-ish'"},
                                           1),
                    TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-shootout",
                                           "--workloads=ping",
                                           {"nic-shootout: --workloads: no workload 'ping'"},
                                           1),
                    TestCase::QUICK);
        // The workloads asked for, and only they (counted by awk over the printed rows).
        AddTestCase(
            new SanExampleTestCase("nic-shootout",
                                   "--interfaces=dart --presets=modern --clients=2 --requests=3 "
                                   "--workloads=barrier --csv=none | awk '/^(ping-pong|stream|"
                                   "request-response|incast|all-to-all) /{o++} /^barrier /{b++} "
                                   "END{print \"other rows \" o+0 \", barrier rows \" b+0}'",
                                   {"other rows 0, barrier rows 1"}),
            TestCase::QUICK);
        AddTestCase(new SanExampleTestCase("nic-shootout",
                                           "--clients=1,x",
                                           {"nic-shootout: --clients: '1,x' is not a list"},
                                           1),
                    TestCase::QUICK);
    }
};

/// Static instance.
static SanExamplesTestSuite g_sanExamplesTestSuite;

#endif // SAN_BUILD_DIR
