/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * Suite "san-user-program": every interface driven the way a user's program drives it, through
 * the public helpers only (SanHostHelper, SanFabricHelper, the interface's helper and the
 * per-process contexts and libraries it hands out; no paper scenario classes):
 *
 *  - Hamlyn with Rats (HamlynHelper::EnableRats, as HamlynHelper's own comment shows): tagged
 *    writes on a crossbar, on a fat tree, and on a crossbar again with the other disposal
 *    order;
 *  - DART (DartHelper): remote writes both ways over a Cell-mode crossbar;
 *  - CLAN (ClanHelper): a PIO write and a DMA into an exported, mapped region;
 *  - SHRIMP (ShrimpHelper, VMMC): export, import, deliberate updates (one with a null
 *    completion callback), an export and unexport with null callbacks;
 *  - SCI with SCILAN (SciHelper, ScilanHelper): a stream and a datagram.
 *
 * Each case checks that the bytes arrived, calls Simulator::Destroy, then builds and runs a
 * second scenario in the same process and checks it too. Destroy disposes a node's devices and
 * the objects aggregated to it (the host, Rats, the SHRIMP daemon, SCILAN) in an order that
 * depends on how often each was looked up; nothing may depend on that order. A plain program
 * has the host disposed first (SanHost::Of looks it up most); each case's second scenario
 * turns that around (DisposeDevicesFirst).
 */

#include "san-test-util.h"

#include "ns3/clan-context.h"
#include "ns3/clan-helper.h"
#include "ns3/core-module.h"
#include "ns3/dart-context.h"
#include "ns3/dart-helper.h"
#include "ns3/dart-net-device.h"
#include "ns3/hamlyn-helper.h"
#include "ns3/host-memory.h"
#include "ns3/inet-socket-address.h"
#include "ns3/network-module.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/san-channel.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/sci-helper.h"
#include "ns3/scilan-helper.h"
#include "ns3/scilan-socket-factory.h"
#include "ns3/shrimp-helper.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/vmmc-daemon.h"
#include "ns3/vmmc-endpoint.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \param n bytes \param seed first value \return a recognisable pattern
std::vector<uint8_t>
UserPattern(uint32_t n, uint8_t seed)
{
    std::vector<uint8_t> v(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        v[i] = static_cast<uint8_t>(seed + 13 * i + (i >> 8));
    }
    return v;
}

/// \param memory a host's memory \param address first byte \param n bytes \return them
std::vector<uint8_t>
ReadMemory(Ptr<HostMemory> memory, uint64_t address, uint32_t n)
{
    std::vector<uint8_t> v(n);
    memory->Read(address, v.data(), n);
    return v;
}

/**
 * Make the nodes' devices be disposed before the objects aggregated to the nodes. ns-3 keeps a
 * node's aggregated objects sorted by how often each was looked up, and Destroy disposes them
 * in that order; the node itself disposes its devices. Looking each node up more often than
 * the program looked up its SanHost or libraries puts the node, and so the devices, first.
 * \param hosts the nodes
 */
void
DisposeDevicesFirst(const NodeContainer& hosts)
{
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        for (uint32_t k = 0; k < 1000; ++k)
        {
            hosts.Get(i)->GetObject<Node>();
        }
    }
}

/**
 * \param hosts the hosts, created here \param fabric the fabric, topology chosen
 * \param n hosts to create \param preset a host preset ("" for SanHostHelper's default)
 * \return the hosts' fabric endpoints
 */
NetDeviceContainer
MakeHosts(NodeContainer& hosts, SanFabricHelper& fabric, uint32_t n, const std::string& preset)
{
    hosts.Create(n);
    SanHostHelper hostHelper;
    if (!preset.empty())
    {
        hostHelper.SetPreset(preset);
    }
    hostHelper.Install(hosts);
    return fabric.Install(hosts);
}

/**
 * \ingroup san-tests
 * Hamlyn with Rats as HamlynHelper's comment shows it, with tagged writes: on a crossbar,
 * then (after Destroy) on a fat tree, then on a crossbar whose devices are disposed before the
 * hosts and Rats. A program that had sent a tagged write crashed in Destroy, in either order.
 */
class UserHamlynRatsTestCase : public TestCase
{
  public:
    UserHamlynRatsTestCase()
        : TestCase("Hamlyn and Rats: tagged writes on a crossbar, then on a fat tree, then on "
                   "a crossbar whose devices are disposed first")
    {
    }

  private:
    /**
     * \param fatTree a 2-ary 2-tree (4 hosts) instead of a 2-host crossbar
     * \param devicesFirst dispose the devices before the hosts and Rats
     */
    void RunOne(bool fatTree, bool devicesFirst)
    {
        const std::string where = std::string(fatTree ? "fat tree" : "crossbar") +
                                  (devicesFirst ? ", devices disposed first: " : ": ");
        NodeContainer hosts;
        SanFabricHelper fabric;
        uint32_t n = 2;
        if (fatTree)
        {
            n = 4;
            fabric.SetTopology("ns3::SanFatTreeTopology",
                               "K",
                               UintegerValue(2),
                               "N",
                               UintegerValue(2));
            // No SetRouting: the helper gives a fat tree its own (up*/down*).
        }
        else
        {
            fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(n));
        }
        NetDeviceContainer eps = MakeHosts(hosts, fabric, n, "");
        HamlynHelper hamlyn;
        hamlyn.SetCostModel("ns3::HamlynStateMachineCostModel");
        hamlyn.EnableRats(true);
        NetDeviceContainer nics = hamlyn.Install(hosts, eps);
        NS_TEST_EXPECT_MSG_EQ(nics.GetN(), n, where << "a device per host");

        // A terminus kept past Destroy: posting on it then is an error, not a silent no-op.
        Ptr<HamlynSendTerminus> kept =
            HamlynHelper::GetDevice(hosts.Get(0))->OpenContext(1)->GetTerminus();
        Ptr<RatsInterfaceManager> writer = HamlynHelper::GetRats(hosts.Get(0));
        Ptr<RatsInterfaceManager> reader = HamlynHelper::GetRats(hosts.Get(n - 1));
        Ptr<RatsTaggedWriteServer> server = RatsTaggedWriteServer::Create(reader, 2048);
        Ptr<RatsTaggedWriteClient> client =
            Create<RatsTaggedWriteClient>(writer, server->MakeSeed());
        const std::vector<uint8_t> small = UserPattern(16, fatTree ? 3 : 1);
        const std::vector<uint8_t> large = UserPattern(300, fatTree ? 4 : 2); // DMA
        RatsBuffer a = writer->Malloc(16);
        RatsBuffer b = writer->Malloc(300);
        writer->Write(a.offset, small);
        writer->Write(b.offset, large);
        Simulator::Schedule(MicroSeconds(1), [client, a]() { client->Write(a.offset, 16, 64, 5); });
        Simulator::Schedule(MicroSeconds(2),
                            [client, b]() { client->Write(b.offset, 300, 1024, 6); });
        std::vector<uint32_t> tags;
        server->GetTag([&tags, server](RatsTaggedWriteServer::Tag t) {
            tags.push_back(t.tag);
            server->GetTag([&tags](RatsTaggedWriteServer::Tag t2) { tags.push_back(t2.tag); });
        });
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(tags.size(), 2u, where << "both tags arrived");
        NS_TEST_EXPECT_MSG_EQ((tags == std::vector<uint32_t>{5, 6}), true, where << "in order");
        const RatsBuffer dst = server->GetBuffer();
        NS_TEST_EXPECT_MSG_EQ((reader->Read(dst.offset + 64, 16) == small),
                              true,
                              where << "the small write landed");
        NS_TEST_EXPECT_MSG_EQ((reader->Read(dst.offset + 1024, 300) == large),
                              true,
                              where << "the DMA write landed");
        if (devicesFirst)
        {
            DisposeDevicesFirst(hosts);
        }
        Simulator::Destroy();
        std::string msg;
        const bool refused = santest::DiesWithMessage(
            [kept]() {
                HamlynSendRequest req;
                req.data = {1, 2, 3, 4};
                kept->Post(req);
            },
            "HamlynSendTerminus::Post: the terminus's HamlynNetDevice is disposed",
            msg);
        NS_TEST_EXPECT_MSG_EQ(refused, true, where << "Post after Destroy: " << msg);
    }

    void DoRun() override
    {
        RunOne(false, false);
        RunOne(true, false);
        RunOne(false, true);
    }
};

/**
 * \ingroup san-tests
 * DART as DartHelper's comment shows it: a remote write each way, twice.
 */
class UserDartTestCase : public TestCase
{
  public:
    UserDartTestCase()
        : TestCase("DART: remote writes both ways, two scenarios in a row")
    {
    }

  private:
    /// \param round 0 or 1 (different data; 1 disposes the devices first)
    void RunOne(uint32_t round)
    {
        NodeContainer hosts;
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        fabric.SetFabricAttribute("SwitchingMode", StringValue("Cell"));
        NetDeviceContainer eps = MakeHosts(hosts, fabric, 2, "ns3::Decstation5000HostPreset");
        DartHelper dart;
        dart.SetCostModel("ns3::DartSoftwareCostModel");
        dart.Install(hosts, eps);
        Ptr<DartContext> a = DartHelper::GetDevice(hosts.Get(0))->OpenEndpoint(65536);
        Ptr<DartContext> b = DartHelper::GetDevice(hosts.Get(1))->OpenEndpoint(65536);
        auto vcis = DartHelper::Connect(a, b, DartWindow{0, 16}, DartWindow{0, 16});

        const std::vector<uint8_t> ab = UserPattern(32, static_cast<uint8_t>(10 + round));
        const std::vector<uint8_t> ba = UserPattern(32, static_cast<uint8_t>(20 + round));
        a->Write(256, ab.data(), 32);
        b->Write(512, ba.data(), 32);
        DartControl toB;
        toB.operand = 4096;
        DartControl toA;
        toA.operand = 8192;
        bool bSaw = false;
        bool issued = false;
        b->WaitForDeposit(4096, 32, Callback<void>([&bSaw]() { bSaw = true; }));
        a->Send(vcis.first, toB, 256, 32, Callback<void>([&issued]() { issued = true; }));
        b->Send(vcis.second, toA, 512, 32); // no notice wanted
        Simulator::Run();

        std::vector<uint8_t> atB(32);
        std::vector<uint8_t> atA(32);
        b->Read(4096, atB.data(), 32);
        a->Read(8192, atA.data(), 32);
        NS_TEST_EXPECT_MSG_EQ(issued, true, "the sender went on");
        NS_TEST_EXPECT_MSG_EQ(bSaw, true, "the receiver saw the deposit");
        NS_TEST_EXPECT_MSG_EQ((atB == ab), true, "a's write landed at b");
        NS_TEST_EXPECT_MSG_EQ((atA == ba), true, "b's write landed at a");
        if (round == 1)
        {
            DisposeDevicesFirst(hosts);
        }
        Simulator::Destroy();
    }

    void DoRun() override
    {
        RunOne(0);
        RunOne(1);
    }
};

/**
 * \ingroup san-tests
 * DartHelper::ConfigureFabric builds the network DART is made for: Cell switching, links at
 * the chosen cost preset's rate (the software DART's TAXI, the projection's OC-3).
 */
class UserDartFabricTestCase : public TestCase
{
  public:
    UserDartFabricTestCase()
        : TestCase("DART: ConfigureFabric gives ATM cells at the cost preset's link rate")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<DataRate> rates;
        for (const char* preset : {"ns3::DartSoftwareCostModel", "ns3::DartHardwareCostModel"})
        {
            NodeContainer hosts;
            SanFabricHelper fabric;
            fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
            DartHelper dart;
            dart.SetCostModel(preset);
            dart.ConfigureFabric(fabric);
            NetDeviceContainer eps = MakeHosts(hosts, fabric, 2, "ns3::Decstation5000HostPreset");
            NS_TEST_EXPECT_MSG_EQ(fabric.GetFabric()->GetSwitchingMode(),
                                  SanFabric::CELL,
                                  preset << ": ATM cells");
            Ptr<SanChannel> ch = DynamicCast<SanChannel>(eps.Get(0)->GetChannel());
            NS_TEST_ASSERT_MSG_EQ((ch != nullptr), true, "a host link");
            NS_TEST_EXPECT_MSG_EQ(ch->GetDataRate(),
                                  dart.CreateDartCostModel()->GetLinkRate(),
                                  preset << ": the card's rate");
            rates.push_back(ch->GetDataRate());
            dart.Install(hosts, eps);
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_EQ((rates[0] != rates[1]), true, "the two presets' links differ");
    }
};

/**
 * \ingroup san-tests
 * CLAN through ClanHelper and ClanContext: a PIO write and a DMA into a mapped region, twice.
 */
class UserClanTestCase : public TestCase
{
  public:
    UserClanTestCase()
        : TestCase("CLAN: a PIO write and a DMA into a mapped region, two scenarios in a row")
    {
    }

  private:
    /// \param round 0 or 1 (different data; 1 disposes the devices first)
    void RunOne(uint32_t round)
    {
        NodeContainer hosts;
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        NetDeviceContainer eps = MakeHosts(hosts, fabric, 2, "ns3::AlphaLinuxHostPreset");
        ClanHelper clan;
        clan.Install(hosts, eps);
        Ptr<ClanContext> sender = ClanHelper::CreateContext(hosts.Get(0));
        Ptr<ClanContext> receiver = ClanHelper::CreateContext(hosts.Get(1));
        const uint64_t region = receiver->Allocate(8192, "user-region");
        const uint64_t mapped = sender->Map(receiver->Export(region, 8192));

        const std::vector<uint8_t> pio = UserPattern(64, static_cast<uint8_t>(30 + round));
        const std::vector<uint8_t> dma = UserPattern(1024, static_cast<uint8_t>(40 + round));
        const uint64_t source = sender->Allocate(1024, "user-source");
        sender->GetMemory()->Write(source, dma.data(), dma.size());
        bool dmaDone = false;
        Simulator::Schedule(MicroSeconds(10), [sender, mapped, &pio]() {
            sender->Write(mapped + 64, pio.data(), 64, Callback<void>()); // no notice wanted
        });
        Simulator::Schedule(MicroSeconds(20), [sender, mapped, source, &dmaDone]() {
            sender->Dma(source, mapped + 4096, 1024, Callback<void>(), Callback<void>([&dmaDone]() {
                            dmaDone = true;
                        }));
        });
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ((ReadMemory(receiver->GetMemory(), region + 64, 64) == pio),
                              true,
                              "the PIO write landed");
        NS_TEST_EXPECT_MSG_EQ(dmaDone, true, "the DMA completed");
        NS_TEST_EXPECT_MSG_EQ((ReadMemory(receiver->GetMemory(), region + 4096, 1024) == dma),
                              true,
                              "the DMA landed");
        if (round == 1)
        {
            DisposeDevicesFirst(hosts);
        }
        Simulator::Destroy();
    }

    void DoRun() override
    {
        RunOne(0);
        RunOne(1);
    }
};

/**
 * \ingroup san-tests
 * SHRIMP through ShrimpHelper and VMMC: export, import and deliberate updates, one with a null
 * completion callback; an export and its unexport with null callbacks. Twice.
 */
class UserShrimpTestCase : public TestCase
{
  public:
    UserShrimpTestCase()
        : TestCase("SHRIMP: VMMC export, import, deliberate updates (null callbacks too), "
                   "two scenarios in a row")
    {
    }

  private:
    /// \param round 0 or 1 (different data; 1 disposes the devices first)
    void RunOne(uint32_t round)
    {
        NodeContainer hosts;
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        // VMMC's processes need a host that models its memory system.
        NetDeviceContainer eps = MakeHosts(hosts, fabric, 2, "ns3::Dec560stHostPreset");
        ShrimpHelper shrimp;
        shrimp.Install(hosts, eps);
        Ptr<VmmcEndpoint> a = VmmcDaemon::Of(hosts.Get(0))->CreateEndpoint();
        Ptr<VmmcEndpoint> b = VmmcDaemon::Of(hosts.Get(1))->CreateEndpoint();
        const uint32_t page = a->GetPageBytes();
        const uint64_t recv = b->Allocate(2 * page);
        const uint64_t spare = b->Allocate(page);
        const uint64_t src = a->Allocate(page);
        const std::vector<uint8_t> data = UserPattern(128, static_cast<uint8_t>(50 + round));
        a->GetMemory()->Write(src, data.data(), data.size());

        int32_t handle = -1;
        bool first = false;
        b->Export(recv, 2 * page, {}, VmmcEndpoint::ExportCallback([&, a, b](uint32_t id) {
                      a->Import(b->GetHostNumber(),
                                id,
                                VmmcEndpoint::ImportCallback([&, a](int32_t h) {
                                    handle = h;
                                    a->SendDeliberate(h,
                                                      0,
                                                      src,
                                                      64,
                                                      false,
                                                      Callback<void, bool>([&, a](bool ok) {
                                                          first = ok;
                                                          // No notice wanted for the second.
                                                          a->SendDeliberate(handle,
                                                                            page + 128,
                                                                            src + 64,
                                                                            64,
                                                                            false,
                                                                            Callback<void, bool>());
                                                      }));
                                }));
                  }));
        // An export nobody hears back from, unexported without a notice either.
        b->Export(spare, page, {}, VmmcEndpoint::ExportCallback());
        Ptr<VmmcDaemon> daemonB = VmmcDaemon::Of(hosts.Get(1));
        uint32_t spareId = 0;
        Simulator::Schedule(MilliSeconds(20), [&spareId, daemonB, b, spare, page]() {
            spareId = daemonB->GetExportOfPage(spare / page);
            b->Unexport(spareId, Callback<void>());
        });
        Simulator::Run();

        NS_TEST_EXPECT_MSG_NE(handle, -1, "imported");
        NS_TEST_EXPECT_MSG_EQ(first, true, "the first update was accepted");
        NS_TEST_EXPECT_MSG_EQ((ReadMemory(b->GetMemory(), recv, 64) ==
                               std::vector<uint8_t>(data.begin(), data.begin() + 64)),
                              true,
                              "the first update landed");
        NS_TEST_EXPECT_MSG_EQ((ReadMemory(b->GetMemory(), recv + page + 128, 64) ==
                               std::vector<uint8_t>(data.begin() + 64, data.end())),
                              true,
                              "the update with a null callback landed");
        NS_TEST_EXPECT_MSG_NE(spareId, 0u, "the spare buffer was exported");
        NS_TEST_EXPECT_MSG_EQ((daemonB->FindExport(spareId) == nullptr), true, "and unexported");
        NS_TEST_EXPECT_MSG_EQ(daemonB->GetExportOfPage(spare / page), 0u, "its pages disabled");
        if (round == 1)
        {
            DisposeDevicesFirst(hosts);
        }
        Simulator::Destroy();
    }

    void DoRun() override
    {
        RunOne(0);
        RunOne(1);
    }
};

/**
 * \ingroup san-tests
 * SCI adapters with SCILAN: a stream over ScilanSocketFactory and a datagram over SCILAN's
 * UDP, twice.
 */
class UserScilanTestCase : public TestCase
{
  public:
    UserScilanTestCase()
        : TestCase("SCILAN: a stream and a datagram, two scenarios in a row")
    {
    }

  private:
    /// \param round 0 or 1 (different data; 1 disposes the devices first)
    void RunOne(uint32_t round)
    {
        NodeContainer hosts;
        SanFabricHelper fabric;
        fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
        NetDeviceContainer eps = MakeHosts(hosts, fabric, 2, "ns3::PentiumNtHostPreset");
        SciHelper sci;
        sci.Install(hosts, eps);
        ScilanHelper scilan;
        scilan.SetReplaceUdp(true);
        scilan.Install(hosts);
        const Ipv4Address to = ScilanHelper::GetAddress(hosts.Get(1));

        // A stream.
        const std::vector<uint8_t> stream = UserPattern(3000, static_cast<uint8_t>(60 + round));
        std::vector<uint8_t> streamIn;
        std::vector<Ptr<Socket>> accepted;
        Ptr<Socket> listener = Socket::CreateSocket(hosts.Get(1), ScilanSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 7));
        listener->Listen();
        listener->SetAcceptCallback(
            MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
            Callback<void, Ptr<Socket>, const Address&>(
                [&accepted, &streamIn](Ptr<Socket> s, const Address&) {
                    accepted.push_back(s);
                    s->SetRecvCallback(Callback<void, Ptr<Socket>>([&streamIn](Ptr<Socket> x) {
                        while (Ptr<Packet> p = x->Recv())
                        {
                            std::vector<uint8_t> b(p->GetSize());
                            p->CopyData(b.data(), b.size());
                            streamIn.insert(streamIn.end(), b.begin(), b.end());
                        }
                    }));
                }));
        Ptr<Socket> client = Socket::CreateSocket(hosts.Get(0), ScilanSocketFactory::GetTypeId());
        client->SetConnectCallback(Callback<void, Ptr<Socket>>([&stream](Ptr<Socket> s) {
                                       s->Send(Create<Packet>(stream.data(), stream.size()));
                                   }),
                                   MakeNullCallback<void, Ptr<Socket>>());
        client->Connect(InetSocketAddress(to, 7));

        // A datagram, through the UDP that SCILAN answers for.
        const std::vector<uint8_t> datagram = UserPattern(200, static_cast<uint8_t>(70 + round));
        std::vector<uint8_t> datagramIn;
        Ptr<Socket> udpIn = Socket::CreateSocket(hosts.Get(1), UdpSocketFactory::GetTypeId());
        udpIn->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        udpIn->SetRecvCallback(Callback<void, Ptr<Socket>>([&datagramIn](Ptr<Socket> x) {
            while (Ptr<Packet> p = x->Recv())
            {
                datagramIn.resize(p->GetSize());
                p->CopyData(datagramIn.data(), datagramIn.size());
            }
        }));
        Ptr<Socket> udpOut = Socket::CreateSocket(hosts.Get(0), UdpSocketFactory::GetTypeId());
        Simulator::Schedule(MicroSeconds(50), [udpOut, to, &datagram]() {
            udpOut->SendTo(Create<Packet>(datagram.data(), datagram.size()),
                           0,
                           InetSocketAddress(to, 9));
        });
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(accepted.size(), 1u, "one connection accepted");
        NS_TEST_EXPECT_MSG_EQ((streamIn == stream), true, "the stream arrived whole");
        NS_TEST_EXPECT_MSG_EQ((datagramIn == datagram), true, "the datagram arrived whole");
        if (round == 1)
        {
            DisposeDevicesFirst(hosts);
        }
        Simulator::Destroy();
    }

    void DoRun() override
    {
        RunOne(0);
        RunOne(1);
    }
};

} // namespace

/**
 * \ingroup san-tests
 * The suite.
 */
class SanUserProgramTestSuite : public TestSuite
{
  public:
    SanUserProgramTestSuite()
        : TestSuite("san-user-program", UNIT)
    {
        AddTestCase(new UserHamlynRatsTestCase, TestCase::QUICK);
        AddTestCase(new UserDartTestCase, TestCase::QUICK);
        AddTestCase(new UserDartFabricTestCase, TestCase::QUICK);
        AddTestCase(new UserClanTestCase, TestCase::QUICK);
        AddTestCase(new UserShrimpTestCase, TestCase::QUICK);
        AddTestCase(new UserScilanTestCase, TestCase::QUICK);
    }
};

static SanUserProgramTestSuite g_sanUserProgramTestSuite; //!< registers the suite
