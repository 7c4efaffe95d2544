/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-bench-testbed.h"

#include "shrimp-scenario.h"
#include "tcp-baseline-experiments.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/nx-group.h"
#include "ns3/pointer.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-pair-workload-helper.h"
#include "ns3/sci-helper.h"
#include "ns3/scilan-helper.h"
#include "ns3/shrimp-socket-factory.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"
#include "ns3/vmmc-endpoint.h"

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
    return {"tcp", "scilan", "shrimp-sockets", "shrimp-nx", "shrimp-vmmc"};
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
        m_factory = "ns3::TcpSocketFactory";
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
        m_factory = "ns3::ScilanSocketFactory";
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
        m_factory = "ns3::ShrimpSocketFactory";
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
        m_group = group;
        m_messenger = "ns3::SanNxMessenger";
        m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
        m_described = "NX on VMMC, DEC 560ST (60 MHz Pentium), Paragon mesh, 2 hops";
    }
    else if (iface == "shrimp-vmmc")
    {
        auto s = std::make_shared<ShrimpScenario>(ShrimpScenario::Configure(side, side));
        m_keep = s;
        shrimpHosts(*s, m_hosts);
        m_messenger = "ns3::SanVmmcMessenger";
        // A pair: slots for the shoot-out's largest messages (1 MiB; a receive ring per peer
        // is Slots of them). More hosts: 64 KB, the messenger's default.
        m_attributes.emplace_back("MaxMessageBytes",
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

std::string
SanBenchTestbed::GetMessengerType() const
{
    return m_messenger;
}

void
SanBenchTestbed::ConfigureMessenger(SanPairWorkloadHelper& helper) const
{
    for (const auto& [name, value] : m_attributes)
    {
        helper.SetMessengerAttribute(name, *value);
    }
    if (!m_attributes.empty())
    {
        return;
    }
    if (m_group != nullptr)
    {
        helper.SetMessengerAttribute("Group", PointerValue(m_group));
        return;
    }
    helper.SetMessengerAttribute("SocketFactory", StringValue(m_factory));
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
