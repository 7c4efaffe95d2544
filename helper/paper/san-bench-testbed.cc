/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-bench-testbed.h"

#include "clan-scenario.h"
#include "dart-scenario.h"
#include "hamlyn-scenario.h"
#include "shrimp-scenario.h"
#include "tcp-baseline-experiments.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/nx-group.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/san-dart-messenger.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-group-workload-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-messenger.h"
#include "ns3/san-pair-workload-helper.h"
#include "ns3/san-rats-messenger.h"
#include "ns3/sci-helper.h"
#include "ns3/scilan-helper.h"
#include "ns3/shrimp-socket-factory.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"
#include "ns3/vmmc-endpoint.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

namespace
{

/// \param device a device on a channel \return the channel's DataRate (bit/s)
double
ChannelRate(Ptr<NetDevice> device)
{
    DataRateValue rate;
    device->GetChannel()->GetAttribute("DataRate", rate);
    return static_cast<double>(rate.Get().GetBitRate());
}

} // namespace

std::vector<std::string>
SanBenchTestbed::GetInterfaces()
{
    return {"tcp",
            "scilan",
            "shrimp-sockets",
            "shrimp-nx",
            "shrimp-vmmc",
            "dart",
            "clan",
            "hamlyn"};
}

SanBenchTestbed::SanBenchTestbed(const std::string& iface, uint32_t hosts)
    : m_iface(iface)
{
    NS_ABORT_MSG_IF(hosts < 2, "SanBenchTestbed: " << hosts << " hosts (at least 2)");
    // SHRIMP: the paper's 2x2 mesh for a pair (hosts 0 and 3: two hops), else the smallest
    // square mesh that holds them, its first hosts in order.
    uint32_t side = 2;
    while (side * side < hosts)
    {
        ++side;
    }
    auto shrimpHosts = [hosts](const ShrimpScenario& s, NodeContainer& out) {
        if (hosts == 2)
        {
            out.Add(s.GetHosts().Get(0));
            out.Add(s.GetHosts().Get(3));
            return;
        }
        for (uint32_t i = 0; i < hosts; ++i)
        {
            out.Add(s.GetHosts().Get(i));
        }
    };
    if (iface == "tcp")
    {
        NS_ABORT_MSG_IF(hosts != 2,
                        "SanBenchTestbed: tcp is its paper's two hosts back to back, not "
                            << hosts);
        const TcpBaselineExperiments::Link link = TcpBaselineExperiments::Ethernet100();
        auto pair =
            std::make_shared<TcpBaselineExperiments::Pair>(TcpBaselineExperiments::BuildPair(link));
        m_hosts = pair->nodes;
        m_keep = pair;
        m_messengerAttributes.emplace_back("SocketFactory",
                                           StringValue("ns3::TcpSocketFactory").Copy());
        m_linkBps = link.rateBps;
        m_described = "TCP on the host stack, 530 MHz Alpha / Linux 2.2, 100 Mbit/s Ethernet";
    }
    else if (iface == "scilan")
    {
        m_hosts.Create(hosts);
        SanHostHelper hostHelper;
        hostHelper.SetPreset("ns3::PentiumNtHostPreset");
        hostHelper.Install(m_hosts);
        auto fabric = std::make_shared<SanFabricHelper>();
        fabric->SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(hosts));
        NetDeviceContainer endpoints = fabric->Install(m_hosts);
        SciHelper sci;
        sci.Install(m_hosts, endpoints);
        ScilanHelper scilan;
        scilan.Install(m_hosts);
        m_keep = fabric;
        m_messengerAttributes.emplace_back("SocketFactory",
                                           StringValue("ns3::ScilanSocketFactory").Copy());
        m_linkBps = ChannelRate(endpoints.Get(0));
        m_described = "SCILAN sockets over SCI, Pentium Pro / NT, Dolphin PCI-SCI adapters";
    }
    else if (iface == "shrimp-sockets")
    {
        ShrimpScenario::Spec spec = ShrimpScenario::Configure(side, side);
        spec.ethernet = true;
        auto s = std::make_shared<ShrimpScenario>(spec);
        ShrimpSocketFactory::Install(s->GetHosts());
        m_keep = s;
        shrimpHosts(*s, m_hosts);
        m_messengerAttributes.emplace_back("SocketFactory",
                                           StringValue("ns3::ShrimpSocketFactory").Copy());
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = "SHRIMP sockets over VMMC, DEC 560ST (60 MHz Pentium), Paragon mesh, 2 hops";
    }
    else if (iface == "shrimp-nx")
    {
        auto s = std::make_shared<ShrimpScenario>(ShrimpScenario::Configure(side, side));
        m_keep = s;
        shrimpHosts(*s, m_hosts);
        std::vector<Ptr<VmmcEndpoint>> ranks;
        for (uint32_t i = 0; i < hosts; ++i)
        {
            ranks.push_back(VmmcDaemon::Of(m_hosts.Get(i))->CreateEndpoint());
        }
        Ptr<NxGroup> group = CreateObject<NxGroup>();
        group->Create(ranks);
        // The program starts with the run: every pair connects over the SHRIMP network.
        group->Initialize(Callback<void>());
        m_messengerAttributes.emplace_back("Group", PointerValue(group).Copy());
        m_messenger = "ns3::SanNxMessenger";
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = "NX on VMMC, DEC 560ST (60 MHz Pentium), Paragon mesh, 2 hops";
    }
    else if (iface == "dart")
    {
        // Osborne 1994 section 3's software DART: a pair "connected via a switchless ATM
        // network" (its 24.5 us), more hosts through one switch as its ASX-100 (its 30 us).
        DartScenario::Spec spec = DartScenario::Configure(
            hosts == 2 ? DartScenario::SOFTWARE_SWITCHLESS : DartScenario::SOFTWARE_SWITCH,
            hosts);
        spec.endpointBytes = SanDartMessenger::GetEndpointBytes(hosts - 1);
        auto s = std::make_shared<DartScenario>(spec);
        m_keep = s;
        m_hosts = s->GetHosts();
        Ptr<SanDartWiring> wiring = CreateObject<SanDartWiring>();
        wiring->Wire(m_hosts, s->ctx);
        m_messengerAttributes.emplace_back("Wiring", Create<PointerValue>(wiring));
        m_messenger = "ns3::SanDartMessenger";
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = std::string("DART messages (hybrid deposit, action queue), software DART, "
                                  "DECstation 5000/240, TCA-100 ATM at 140 Mbit/s, ") +
                      (hosts == 2 ? "back to back" : "one ATM switch");
    }
    else if (iface == "clan")
    {
        // The Tripwire paper's Alphas with CLAN NICs through one wormhole switch (its hosts
        // were back to back); more hosts share that crossbar.
        auto s = std::make_shared<ClanScenario>(ClanScenario::Configure(hosts));
        m_keep = s;
        m_hosts = s->GetHosts();
        m_messenger = "ns3::SanClanMessenger";
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = "CLAN message channels, 530 MHz Alpha / Linux 2.2, CLAN NICs, G-Link";
    }
    else if (iface == "hamlyn")
    {
        // Each process pins room for a stream each way to every other host (real bytes): about
        // 10 MB a host, the largest message shrinking as hosts are added.
        uint32_t maxBytes = 1u << 20;
        while (maxBytes > 4096 && uint64_t(maxBytes) * (hosts - 1) > (1u << 20))
        {
            maxBytes /= 2;
        }
        const uint64_t pinned =
            SanRatsMessenger::GetPinnedBytesNeeded(hosts - 1,
                                                   maxBytes,
                                                   SanRatsMessenger::DEFAULT_SLOTS);
        // "PinnedBytes" is read when HamlynHelper opens each host's Rats process: set for
        // this scenario only.
        const std::string pinnedName = "ns3::RatsHardwareInterface::PinnedBytes";
        UintegerValue before;
        TypeId::AttributeInformation info;
        TypeId::LookupByName("ns3::RatsHardwareInterface")
            .LookupAttributeByName("PinnedBytes", &info);
        before.Set(DynamicCast<const UintegerValue>(info.initialValue)->Get());
        Config::SetDefault(pinnedName, UintegerValue(std::max<uint64_t>(pinned, before.Get())));
        HamlynScenario::Spec spec;
        spec.hosts = hosts; // the paper's crossbar (an 8x8 Myrinet switch), grown to the hosts
        spec.rats = true;
        auto s = std::make_shared<HamlynScenario>(spec);
        Config::SetDefault(pinnedName, before);
        Ptr<SanRatsDirectory> directory = CreateObject<SanRatsDirectory>();
        directory->Install(s->GetHosts());
        m_keep = s;
        m_hosts = s->GetHosts();
        m_messenger = "ns3::SanRatsMessenger";
        m_messengerAttributes.emplace_back("Directory", PointerValue(directory).Copy());
        m_messengerAttributes.emplace_back("MaxMessageBytes", UintegerValue(maxBytes).Copy());
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = "Rats streams on Hamlyn, HP 9000 J200 (GSC+), Myrinet LANai 3, crossbar";
    }
    else if (iface == "shrimp-vmmc")
    {
        auto s = std::make_shared<ShrimpScenario>(ShrimpScenario::Configure(side, side));
        m_keep = s;
        shrimpHosts(*s, m_hosts);
        m_messenger = "ns3::SanVmmcMessenger";
        // A pair: slots for the shoot-out's largest messages (1 MiB; a receive ring per peer
        // is Slots of them). More hosts: 64 KB, the messenger's default.
        m_messengerAttributes.emplace_back("MaxMessageBytes",
                                           Create<UintegerValue>(hosts == 2 ? 1u << 20 : 1u << 16));
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = "VMMC (deliberate update, polling), DEC 560ST (60 MHz Pentium), Paragon "
                      "mesh, 2 hops";
    }
    else
    {
        std::ostringstream known;
        for (const std::string& name : GetInterfaces())
        {
            known << " " << name;
        }
        NS_ABORT_MSG("SanBenchTestbed: no interface '" << iface << "' (known:" << known.str()
                                                       << ")");
    }
}

NodeContainer
SanBenchTestbed::GetHosts() const
{
    return m_hosts;
}

NodeContainer
SanBenchTestbed::GetClients() const
{
    NodeContainer clients;
    for (uint32_t i = 1; i < m_hosts.GetN(); ++i)
    {
        clients.Add(m_hosts.Get(i));
    }
    return clients;
}

std::string
SanBenchTestbed::GetMessengerType() const
{
    return m_messenger;
}

void
SanBenchTestbed::ForEachMessengerAttribute(
    const std::function<void(const std::string&, const AttributeValue&)>& set) const
{
    for (const auto& [name, value] : m_messengerAttributes)
    {
        set(name, *value);
    }
}

void
SanBenchTestbed::ConfigureMessenger(SanPairWorkloadHelper& helper) const
{
    ForEachMessengerAttribute([&helper](const std::string& name, const AttributeValue& value) {
        helper.SetMessengerAttribute(name, value);
    });
}

void
SanBenchTestbed::ConfigureMessenger(SanGroupWorkloadHelper& helper) const
{
    ForEachMessengerAttribute([&helper](const std::string& name, const AttributeValue& value) {
        helper.SetMessengerAttribute(name, value);
    });
}

Ptr<SanMessenger>
SanBenchTestbed::CreateMessenger() const
{
    ObjectFactory factory(m_messenger);
    ForEachMessengerAttribute([&factory](const std::string& name, const AttributeValue& value) {
        factory.Set(name, value);
    });
    return factory.Create<SanMessenger>();
}

void
SanBenchTestbed::ConfigureMessenger(ObjectFactory& factory) const
{
    ForEachMessengerAttribute([&factory](const std::string& name, const AttributeValue& value) {
        factory.Set(name, value);
    });
}

double
SanBenchTestbed::GetLinkBps() const
{
    return m_linkBps;
}

std::string
SanBenchTestbed::GetDescription() const
{
    return m_described;
}

} // namespace ns3
