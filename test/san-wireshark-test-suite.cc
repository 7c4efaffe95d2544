/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup san-tests
 * Suite "san-wireshark": tools/wireshark/san.lua decodes san's pcap files in tshark (Debian's
 * tshark, which scripts/install-deps.sh installs): the fabric header of a fabric's own pcap
 * file, at its nanosecond times, and each network interface's header as its Serialize()
 * writes it.
 */

#include "san-module-root.h"
#include "san-run-capture.h"

#include "ns3/clan-header.h"
#include "ns3/core-module.h"
#include "ns3/dart-header.h"
#include "ns3/hamlyn-header.h"
#include "ns3/network-module.h"
#include "ns3/san-module.h"
#include "ns3/sci-header.h"
#include "ns3/shrimp-header.h"
#include "ns3/test.h"

#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{
namespace
{

/// \return the dissector's path, or "" (the failure names the places tried)
std::string
DissectorPath(std::string& tried)
{
    std::vector<std::string> candidates;
    const std::filesystem::path root = santest::FindModuleRoot(candidates);
    for (const auto& c : candidates)
    {
        tried += " " + c;
    }
    return root.empty() ? "" : (root / "tools" / "wireshark" / "san.lua").string();
}

/**
 * Run tshark on a pcap file with san's dissector and print fields, one line per record.
 * \param pcap the file \param nic the "san.nic" preference \param fields the fields
 * \param lines the output lines \return "" or what went wrong
 */
std::string
Tshark(const std::string& pcap,
       const std::string& nic,
       const std::vector<std::string>& fields,
       std::vector<std::string>& lines)
{
    std::string tried;
    const std::string lua = DissectorPath(tried);
    if (lua.empty())
    {
        return "the module's root (tools/wireshark/san.lua) is not at any of:" + tried;
    }
    // Quoted: a test's temporary folder is named after the test.
    std::string command = "tshark -n -X " + santest::ShellQuote("lua_script:" + lua) +
                          " -o san.nic:" + nic + " -r " + santest::ShellQuote(pcap) +
                          " -T fields -E separator=/t";
    for (const auto& f : fields)
    {
        command += " -e " + f;
    }
    std::string out;
    if (santest::RunCapture(command, out) != 0)
    {
        return "tshark failed (is it installed? scripts/install-deps.sh installs it): " + command +
               "\n" + out;
    }
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line))
    {
        if (line.rfind("Running as user", 0) == 0)
        {
            continue; // tshark's note when run as root
        }
        lines.push_back(line);
    }
    return "";
}

/**
 * \param pcap a fabric's pcap file \param lines per record: source, destination, sequence,
 * bytes and time, tab-separated \return "" or what went wrong
 */
std::string
FabricRecords(const std::string& pcap, std::vector<std::string>& lines)
{
    return Tshark(pcap,
                  "none",
                  {"san.src", "san.dst", "san.seq", "san.bytes", "frame.time_epoch"},
                  lines);
}

/// A fabric's own pcap file: the fabric header's fields at the packets' nanosecond times.
class SanWiresharkFabricTestCase : public TestCase
{
  public:
    SanWiresharkFabricTestCase()
        : TestCase("tshark decodes a fabric's pcap: hosts, sequence, bytes, nanosecond times")
    {
    }

  private:
    void DoRun() override
    {
        const std::string prefix = CreateTempDirFilename("san-wireshark");
        {
            SanFabricHelper fabric;
            fabric.SetTopology("ns3::SanMeshTopology",
                               "X",
                               UintegerValue(2),
                               "Y",
                               UintegerValue(2));
            fabric.SetChannelAttribute("DataRate", DataRateValue(DataRate("640Mbps")));
            NodeContainer hosts;
            hosts.Create(4);
            NetDeviceContainer nics = fabric.Install(hosts);
            fabric.EnablePcapAll(prefix);
            Ptr<SanEndpointDevice> src = DynamicCast<SanEndpointDevice>(nics.Get(0));
            Simulator::Schedule(NanoSeconds(1234), [src]() {
                src->SendTo(3, 64);
                src->SendTo(2, 256);
            });
            Simulator::Run();
            Simulator::Destroy();
        }
        std::vector<std::string> lines;
        const std::string problem = FabricRecords(prefix + "-host-0.pcap", lines);
        NS_TEST_EXPECT_MSG_EQ(problem, "", problem);
        NS_TEST_EXPECT_MSG_EQ(lines.size(), 2u, "host 0's two departures");
        if (lines.size() != 2)
        {
            return; // the runner may go on after a failed check
        }
        // The first leaves as it is sent, 1234 ns in: a time only a nanosecond file keeps.
        NS_TEST_EXPECT_MSG_EQ(lines[0], "0\t3\t0\t64\t0.000001234", "the 64-byte packet");
        NS_TEST_EXPECT_MSG_EQ(lines[1].rfind("0\t2\t1\t256\t", 0), 0u, lines[1]);
    }
};

#ifdef SAN_BUILD_DIR
/// The pcap files an example writes (fabric-first --pcap=true, in the working folder): the
/// packet leaves host 0 at 1 us.
class SanWiresharkExampleTestCase : public TestCase
{
  public:
    SanWiresharkExampleTestCase()
        : TestCase("tshark decodes the pcap files fabric-first --pcap=true writes")
    {
    }

  private:
    void DoRun() override
    {
        const std::string folder = CreateTempDirFilename("first");
        std::filesystem::create_directories(folder);
        const std::string command = "cd " + santest::ShellQuote(folder) + " && " +
                                    std::string(SAN_BUILD_DIR) +
                                    "/examples/fabric-first --pcap=true";
        const std::string prefix = folder + "/fabric-first";
        std::string out;
        NS_TEST_ASSERT_MSG_EQ(santest::RunCapture(command, out), 0, command << "\n" << out);
        std::vector<std::string> lines;
        const std::string problem = FabricRecords(prefix + "-host-0.pcap", lines);
        NS_TEST_EXPECT_MSG_EQ(problem, "", problem);
        NS_TEST_EXPECT_MSG_EQ(lines.size(), 1u, "host 0 sends one packet");
        if (lines.size() == 1)
        {
            NS_TEST_EXPECT_MSG_EQ(lines[0], "0\t15\t0\t512\t0.000001000", "its fabric header");
        }
    }
};
#endif

/// Each interface's header, as its own Serialize() writes it, behind a fabric header.
class SanWiresharkNicTestCase : public TestCase
{
  public:
    SanWiresharkNicTestCase()
        : TestCase("tshark decodes each interface's header: Hamlyn, DART, CLAN, SHRIMP, SCI")
    {
    }

  private:
    /// One record: a fabric header, \p nic's header (added by the caller), 8 payload bytes.
    struct Sample
    {
        std::string nic;                 //!< the preference value
        Ptr<Packet> packet;              //!< the NIC header and payload
        std::vector<std::string> fields; //!< tshark fields to print
        std::string expected;            //!< their values, tab-separated
    };

    void DoRun() override
    {
        const uint8_t payload[8] = {'p', 'a', 'y', 'l', 'o', 'a', 'd', '!'};
        std::vector<Sample> samples;
        {
            HamlynHeader h;
            h.SetSlot(5);
            h.SetNotifyIndex(6);
            h.SetSourceTerminus(7);
            h.SetSourceNode(3);
            h.SetOffset(1024);
            h.SetDelta(512);
            h.SetKey(0x0123456789abcdefULL, 64);
            h.SetOutOfBand({1, 2});
            Ptr<Packet> p = Create<Packet>(payload, sizeof(payload));
            p->AddHeader(h);
            samples.push_back(
                {"hamlyn",
                 p,
                 {"san.hamlyn.slot",
                  "san.hamlyn.notify",
                  "san.hamlyn.terminus",
                  "san.hamlyn.source",
                  "san.hamlyn.offset",
                  "san.hamlyn.delta",
                  "san.hamlyn.key",
                  "san.hamlyn.oob",
                  "san.payload"},
                 "5\t6\t7\t3\t1024\t512\t0x0123456789abcdef\t0102\t7061796c6f616421"});
        }
        {
            DartControl ctl;
            ctl.opcode = DartOpcode::READ;
            ctl.addressing = DartAddressing::INDEXED;
            ctl.returnValue = true;
            ctl.mask = 0x0f;
            ctl.operand = 0xcafe;
            Ptr<Packet> p = Create<Packet>(payload, sizeof(payload));
            p->AddHeader(DartHeader(ctl, 258));
            samples.push_back({"dart",
                               p,
                               {"san.dart.opcode",
                                "san.dart.addressing",
                                "san.dart.return_value",
                                "san.dart.mask",
                                "san.dart.vci",
                                "san.dart.operand"},
                               "3\t3\t1\t0x0f\t258\t0x0000cafe"});
        }
        {
            ClanHeader h;
            h.SetType(ClanHeader::READ_REQUEST);
            h.SetDma(true);
            h.SetAddress(0x123456789abULL);
            h.SetLength(4096);
            h.SetTag(9);
            Ptr<Packet> p = Create<Packet>(payload, sizeof(payload));
            p->AddHeader(h);
            samples.push_back({"clan",
                               p,
                               {"san.clan.type",
                                "san.clan.dma",
                                "san.clan.address",
                                "san.clan.length",
                                "san.clan.tag",
                                "san.payload"},
                               "1\t1\t0x00000123456789ab\t4096\t9\t7061796c6f616421"});
        }
        {
            ShrimpHeader h;
            h.kind = ShrimpHeader::DATA;
            h.flags = ShrimpHeader::FLAG_INTERRUPT;
            h.length = 8;
            h.address = 0x1000;
            Ptr<Packet> p = Create<Packet>(payload, sizeof(payload));
            p->AddHeader(h);
            samples.push_back({"shrimp",
                               p,
                               {"san.shrimp.kind",
                                "san.shrimp.interrupt",
                                "san.shrimp.length",
                                "san.shrimp.address"},
                               "1\t1\t8\t0x00001000"});
        }
        {
            SciHeader h;
            h.SetType(SciHeader::ECHO);
            h.SetStatus(SciHeader::RETRY);
            h.SetSourceNode(4);
            h.SetTransaction(5);
            h.SetLength(64);
            h.SetAddress(0x20000000030ULL);
            Ptr<Packet> p = Create<Packet>(payload, sizeof(payload));
            p->AddHeader(h);
            samples.push_back({"sci",
                               p,
                               {"san.sci.type",
                                "san.sci.status",
                                "san.sci.source",
                                "san.sci.transaction",
                                "san.sci.length",
                                "san.sci.address"},
                               "3\t1\t4\t5\t64\t0x0000020000000030"});
        }
        for (Sample& s : samples)
        {
            const std::string path = CreateTempDirFilename("san-wireshark-" + s.nic + ".pcap");
            SanFabricHeader fh;
            fh.SetSource(3);
            fh.SetDestination(7);
            fh.SetSequence(42);
            fh.SetWireSize(s.packet->GetSize() + fh.GetSerializedSize());
            s.packet->AddHeader(fh);
            {
                PcapFile file;
                file.Open(path, std::ios::out);
                file.Init(SanFabricHelper::PCAP_LINK_TYPE,
                          PcapFile::SNAPLEN_DEFAULT,
                          PcapFile::ZONE_DEFAULT,
                          false,
                          true);
                file.Write(0, 5, s.packet);
                file.Close();
            }
            std::vector<std::string> fields = {"san.src", "san.dst", "san.seq", "san.bytes"};
            fields.insert(fields.end(), s.fields.begin(), s.fields.end());
            std::vector<std::string> lines;
            const std::string problem = Tshark(path, s.nic, fields, lines);
            NS_TEST_EXPECT_MSG_EQ(problem, "", problem);
            NS_TEST_EXPECT_MSG_EQ(lines.size(), 1u, s.nic << ": one record");
            if (lines.size() != 1)
            {
                continue;
            }
            const std::string fabric = "3\t7\t42\t" + std::to_string(s.packet->GetSize()) + "\t";
            NS_TEST_EXPECT_MSG_EQ(lines[0], fabric + s.expected, s.nic);
        }
    }
};

/// The suite.
class SanWiresharkTestSuite : public TestSuite
{
  public:
    SanWiresharkTestSuite()
        : TestSuite("san-wireshark", UNIT)
    {
        AddTestCase(new SanWiresharkFabricTestCase, TestCase::QUICK);
        AddTestCase(new SanWiresharkNicTestCase, TestCase::QUICK);
#ifdef SAN_BUILD_DIR
        AddTestCase(new SanWiresharkExampleTestCase, TestCase::QUICK);
#endif
    }
};

/// The instance.
SanWiresharkTestSuite g_sanWiresharkTestSuite;

} // namespace
} // namespace ns3
