/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-bench-testbed.h"

#include "clan-scenario.h"
#include "dart-scenario.h"
#include "hamlyn-scenario.h"
#include "san-bench-preset.h"
#include "sci-scenario.h"
#include "scilan-tcp-baselines.h"
#include "shrimp-scenario.h"
#include "tcp-baseline-experiments.h"
#include "tcp-switched-lan.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/nx-group.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/san-clan-messenger.h"
#include "ns3/san-dart-messenger.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-group-workload-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-messenger.h"
#include "ns3/san-nx-messenger.h"
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

std::vector<std::string>
SanBenchTestbed::GetPresets()
{
    return SanBenchPreset::GetNames();
}

std::string
SanBenchTestbed::GetMissing(const std::string&, const std::string&)
{
    return ""; // every interface has a testbed under every preset
}

std::vector<std::string>
SanBenchTestbed::GetFabrics()
{
    return {"crossbar", "fat-tree", "dragonfly"};
}

SanBenchTestbed::SanBenchTestbed(const std::string& iface,
                                 uint32_t hosts,
                                 const std::string& preset,
                                 const std::string& fabric,
                                 uint32_t groups)
    : m_iface(iface),
      m_preset(preset),
      m_fabric(fabric),
      m_groups(groups)
{
    NS_ABORT_MSG_IF(groups == 0 || hosts % groups != 0 || hosts / groups < 2,
                    "SanBenchTestbed: " << groups << " groups of " << hosts
                                        << " hosts (they must divide them, 2 or more each)");
    if (const auto f = GetFabrics(); std::find(f.begin(), f.end(), fabric) == f.end())
    {
        std::ostringstream known;
        for (const std::string& name : f)
        {
            known << " " << name;
        }
        NS_ABORT_MSG("SanBenchTestbed: no fabric '" << fabric << "' (known:" << known.str() << ")");
    }
    NS_ABORT_MSG_IF(hosts < 2, "SanBenchTestbed: " << hosts << " hosts (at least 2)");
    const std::string missing = GetMissing(iface, preset);
    NS_ABORT_MSG_IF(!missing.empty(),
                    "SanBenchTestbed: " << iface << " has no " << preset
                                        << " testbed: " << missing);
    if (!SanBenchPreset::IsKnown(preset))
    {
        std::ostringstream known;
        for (const std::string& name : GetPresets())
        {
            known << " " << name;
        }
        NS_ABORT_MSG("SanBenchTestbed: no preset '" << preset << "' (known:" << known.str() << ")");
    }
    if (iface == "tcp")
    {
        BuildTcp(hosts);
    }
    else if (iface == "scilan")
    {
        BuildScilan(hosts);
    }
    else if (iface == "shrimp-sockets" || iface == "shrimp-nx" || iface == "shrimp-vmmc")
    {
        BuildShrimp(hosts);
    }
    else if (iface == "dart")
    {
        BuildDart(hosts);
    }
    else if (iface == "clan")
    {
        BuildClan(hosts);
    }
    else if (iface == "hamlyn")
    {
        BuildHamlyn(hosts);
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
    m_described += m_fabricDescribed;
    if (IsSameHosts())
    {
        m_described +=
            iface == "tcp" ? " (same hosts; its own Ethernet)" : " (same hosts, same fabric)";
    }
    else if (m_preset == "modern")
    {
        m_described += " (modern what-if)";
    }
}

namespace
{

/// \param hosts hosts \return p of the balanced dragonfly (p, 2p, p; 2p^2 + 1 groups) that
/// holds exactly \p hosts, p >= 2 (0: none)
uint32_t
BalancedDragonflyP(uint32_t hosts)
{
    for (uint64_t p = 2;; ++p)
    {
        const uint64_t held = 2 * p * p * (2 * p * p + 1);
        if (held == hosts)
        {
            return static_cast<uint32_t>(p);
        }
        if (held > hosts)
        {
            return 0;
        }
    }
}

} // namespace

std::string
SanBenchTestbed::CheckHosts(const std::string& fabric, uint32_t hosts)
{
    if (fabric == "dragonfly")
    {
        if (BalancedDragonflyP(hosts) == 0)
        {
            return "a balanced dragonfly (p hosts a router, a = 2p, h = p) holds 2p^2(2p^2+1) "
                   "hosts (72, 342, 1056, 2550, 5256, 9702, 16512, ...), not " +
                   std::to_string(hosts);
        }
        return "";
    }
    if (fabric != "fat-tree")
    {
        return hosts < 2 ? "at least 2 hosts" : "";
    }
    uint64_t held = 4;
    while (held < hosts)
    {
        held *= 4;
    }
    if (held != hosts || hosts < 16)
    {
        return "a fat tree of 8-port switches holds a power of 4 hosts (16, 64, 256, 1024, 4096, "
               "16384, ...), not " +
               std::to_string(hosts);
    }
    return "";
}

void
SanBenchTestbed::ShapeFabric(SanScenarioSpec& spec, uint32_t hosts)
{
    if (m_fabric == "crossbar")
    {
        return;
    }
    const std::string error = CheckHosts(m_fabric, hosts);
    NS_ABORT_MSG_IF(!error.empty(), "SanBenchTestbed: " << error);
    spec.hosts = hosts;
    // Thousands of hosts: no NetDevice on a switch's node for every port (about 3 KiB a host
    // with the events that initialize them); the workloads use the hosts' NICs.
    spec.switchPortDevices = false;
    if (m_fabric == "dragonfly")
    {
        // Kim et al. 2008's balanced dragonfly: a = 2p routers a group, h = p global links a
        // router, 2p^2 + 1 groups (every pair of groups joined by one global link); routers
        // of 4p - 1 ports.
        const uint32_t p = BalancedDragonflyP(hosts);
        spec.topology = "ns3::SanDragonflyTopology";
        spec.dragonflyP = p;
        spec.dragonflyA = 2 * p;
        spec.dragonflyH = p;
        // Minimal and deterministic (local, global, local: the topology's own route; two
        // virtual-channel classes, the global hop between them): a connection's packets stay
        // in order, as on the fat tree. UGAL, as san-scaling routes, may reorder them.
        spec.routing = "ns3::SanDeterministicRouting";
        m_fabricDescribed = ", as a dragonfly of " + std::to_string(2 * p * p + 1) + " groups of " +
                            std::to_string(2 * p) + " " + std::to_string(4 * p - 1) +
                            "-port switches (p=" + std::to_string(p) +
                            " a=" + std::to_string(2 * p) + " h=" + std::to_string(p) + ")";
        return;
    }
    uint32_t levels = 1;
    for (uint64_t held = 4; held < hosts; held *= 4)
    {
        ++levels;
    }
    spec.topology = "ns3::SanFatTreeTopology";
    spec.fatTreeK = 4;
    spec.fatTreeLevels = levels;
    // Deterministic: a connection's packets stay in order, as every interface's protocol
    // (and ATM's virtual circuits) expects of its network.
    spec.routing = "ns3::SanUpDownRouting";
    m_fabricDescribed = ", as a 4-ary " + std::to_string(levels) + "-tree of 8-port switches";
}

bool
SanBenchTestbed::IsSameHosts() const
{
    return m_preset == "same-hosts";
}

bool
SanBenchTestbed::IsEqualTerms() const
{
    return m_preset != "as-published";
}

void
SanBenchTestbed::BuildTcp(uint32_t hosts)
{
    m_messengerAttributes.emplace_back("SocketFactory",
                                       StringValue("ns3::TcpSocketFactory").Copy());
    if (hosts > 2 || m_preset == "modern")
    {
        // More hosts: the same hosts and link settings on one switched Ethernet (its paper's
        // era's store-and-forward Fast Ethernet switch); modern: current servers, NIC and
        // Linux stack on 100 Gbit/s Ethernet through a cut-through switch (TcpSwitchedLan).
        // On a fat tree or a dragonfly: the same switches in that shape (an Ethernet of
        // 8-port switches routed up and down, as the other interfaces' fabric).
        const bool modern = m_preset == "modern";
        TcpSwitchedLan::Spec spec =
            modern ? TcpSwitchedLan::Modern(hosts)
                   : TcpSwitchedLan::Ethernet1990s(IsSameHosts()
                                                       ? ScilanTcpBaselines::FastEthernet()
                                                       : TcpBaselineExperiments::Ethernet100(),
                                                   hosts);
        ShapeFabric(spec.fabric, hosts);
        const std::string switches =
            m_fabric == "crossbar" ? "one store-and-forward switch" : "store-and-forward switches";
        auto lan = std::make_shared<TcpSwitchedLan>(spec);
        m_hosts = lan->GetHosts();
        m_keep = lan;
        m_linkBps = spec.link.rateBps;
        if (modern)
        {
            // The MSS of a 1500-byte MTU with timestamps (TcpBaselineExperiments::
            // ConfigureSocket); the 1990s testbeds keep ns-3's default segment, as their pair.
            m_messengerAttributes.emplace_back("SegmentSize",
                                               UintegerValue(spec.link.mtu - 52).Copy());
            m_described = "TCP on the host stack, 3 GHz server / Linux, 100 Gbit/s Ethernet, " +
                          std::string(m_fabric == "crossbar" ? "a 300 ns cut-through switch"
                                                             : "300 ns cut-through switches");
            return;
        }
        m_described = (IsSameHosts() ? "TCP on the host stack, 200 MHz Pentium / NT 4.0, "
                                       "100 Mbit/s Ethernet, "
                                     : "TCP on the host stack, 530 MHz Alpha / Linux 2.2, "
                                       "100 Mbit/s Ethernet, ") +
                      switches;
        return;
    }
    // Same hosts: the SCILAN paper's own TCP baseline on these PCs (NT 4.0's stack, a 3Com
    // PCI Fast Ethernet card): TCP over the Myrinet-class fabric would need an IP driver's
    // costs for a Myrinet card, which no source gives.
    const TcpBaselineExperiments::Link link =
        IsSameHosts() ? ScilanTcpBaselines::FastEthernet() : TcpBaselineExperiments::Ethernet100();
    auto pair =
        std::make_shared<TcpBaselineExperiments::Pair>(TcpBaselineExperiments::BuildPair(link));
    m_hosts = pair->nodes;
    m_keep = pair;
    m_linkBps = link.rateBps;
    m_described = IsSameHosts() ? "TCP on the host stack, 200 MHz Pentium / NT 4.0, 100 Mbit/s "
                                  "Ethernet"
                                : "TCP on the host stack, 530 MHz Alpha / Linux 2.2, 100 Mbit/s "
                                  "Ethernet";
}

void
SanBenchTestbed::BuildScilan(uint32_t hosts)
{
    // As published: SCILAN 1998's PCs with Dolphin's adapters on its SCI fabric (SciScenario).
    SciScenario::Spec spec = SciScenario::Configure(hosts);
    // Modern: the adapter's datapath and latency keep pace with the host.
    SanScopedDefaults card;
    SanBenchPreset::Equalize(
        m_preset,
        spec,
        hosts,
        card,
        {{"ns3::SciCostModel", "AdapterRate"}, {"ns3::SciCostModel", "AdapterLatency"}});
    ShapeFabric(spec, hosts);
    auto s = std::make_shared<SciScenario>(spec);
    ScilanHelper scilan;
    scilan.Install(s->GetHosts());
    m_keep = s;
    m_hosts = s->GetHosts();
    m_messengerAttributes.emplace_back("SocketFactory",
                                       StringValue("ns3::ScilanSocketFactory").Copy());
    m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
    m_described = "SCILAN sockets over SCI, " +
                  SanBenchPreset::DescribeHosts(m_preset, "200 MHz Pentium / NT 4.0") +
                  ", Dolphin PCI-SCI adapters, " +
                  SanBenchPreset::DescribeFabric(m_preset, "SCI switch");
}

void
SanBenchTestbed::BuildShrimp(uint32_t hosts)
{
    // As published: the paper's 2x2 mesh for a pair (hosts 0 and 3: two hops), else the
    // smallest square mesh that holds them, its first hosts in order.
    uint32_t side = 2;
    while (side * side < hosts)
    {
        ++side;
    }
    ShrimpScenario::Spec spec = ShrimpScenario::Configure(side, side);
    const bool published = !IsEqualTerms();
    // Modern: the card's datapath and its port keep pace with the host.
    SanScopedDefaults card;
    SanBenchPreset::Equalize(
        m_preset,
        spec,
        hosts,
        card,
        {{"ns3::ShrimpCostModel", "DatapathLatency"}, {"ns3::ShrimpCostModel", "PortRate"}});
    spec.ethernet = m_iface == "shrimp-sockets"; // the sockets set connections up over it
    ShapeFabric(spec, hosts);
    auto s = std::make_shared<ShrimpScenario>(spec);
    m_keep = s;
    if (published && hosts == 2 && m_fabric == "crossbar")
    {
        m_hosts.Add(s->GetHosts().Get(0));
        m_hosts.Add(s->GetHosts().Get(3));
    }
    else
    {
        for (uint32_t i = 0; i < hosts; ++i)
        {
            m_hosts.Add(s->GetHosts().Get(i));
        }
    }
    m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
    const std::string where =
        SanBenchPreset::DescribeHosts(m_preset, "DEC 560ST (60 MHz Pentium)") + ", " +
        SanBenchPreset::DescribeFabric(m_preset, "Paragon mesh, 2 hops");
    if (m_iface == "shrimp-sockets")
    {
        ShrimpSocketFactory::Install(s->GetHosts());
        m_messengerAttributes.emplace_back("SocketFactory",
                                           StringValue("ns3::ShrimpSocketFactory").Copy());
        m_described = "SHRIMP sockets over VMMC, " + where;
    }
    else if (m_iface == "shrimp-nx")
    {
        // One NX program per group of hosts (one for all with one group), each its own
        // application: rank j of program g runs on host g + j * groups.
        Ptr<SanNxPrograms> programs = CreateObject<SanNxPrograms>();
        for (uint32_t g = 0; g < m_groups; ++g)
        {
            std::vector<Ptr<VmmcEndpoint>> ranks;
            NodeContainer nodes;
            for (uint32_t i = g; i < hosts; i += m_groups)
            {
                ranks.push_back(VmmcDaemon::Of(m_hosts.Get(i))->CreateEndpoint());
                nodes.Add(m_hosts.Get(i));
            }
            Ptr<NxGroup> group = CreateObject<NxGroup>();
            group->Create(ranks);
            // The program starts with the run: every pair of its ranks connects over the
            // SHRIMP network.
            group->Initialize(Callback<void>());
            programs->Add(group, nodes);
        }
        m_messengerAttributes.emplace_back("Programs", PointerValue(programs).Copy());
        m_messenger = "ns3::SanNxMessenger";
        m_described = "NX on VMMC, " + where;
    }
    else
    {
        m_messenger = "ns3::SanVmmcMessenger";
        // A pair: slots for the shoot-out's largest messages (1 MiB; a receive ring per peer
        // is Slots of them). More hosts: 64 KB, the messenger's default.
        m_messengerAttributes.emplace_back("MaxMessageBytes",
                                           Create<UintegerValue>(hosts == 2 ? 1u << 20 : 1u << 16));
        m_described = "VMMC (deliberate update, polling), " + where;
    }
}

void
SanBenchTestbed::BuildDart(uint32_t hosts)
{
    DartScenario::Spec spec;
    SanScopedDefaults card;
    if (IsEqualTerms())
    {
        // Osborne 1994, section 3: "We are targeting the PCI bus and plan to use a cheap i960
        // embedded processor to implement the Operation Logic": the hardware DART, on these
        // hosts. Its frames cross the fabric's switches as whole packets (as every other
        // interface's): the ATM cells' headers and per-cell switching go; the card's per-cell
        // work stays (DartHardwareCostModel).
        spec = DartScenario::Configure(DartScenario::HARDWARE_155, hosts);
        // Modern: the i960's clock keeps pace with the host.
        SanBenchPreset::Equalize(m_preset,
                                 spec,
                                 hosts,
                                 card,
                                 {{"ns3::DartHardwareCostModel", "ClockRate"}});
        spec.switchingMode = IsSameHosts() ? "Wormhole" : "VirtualCutThrough";
        // The card sends at the fabric's link rate.
        spec.linkRate = spec.SanScenarioSpec::linkRate.empty()
                            ? SanBenchPreset::GetDefault("ns3::SanChannel", "DataRate")
                                  ->SerializeToString(MakeDataRateChecker())
                            : spec.SanScenarioSpec::linkRate;
    }
    else
    {
        // Osborne 1994 section 3's software DART: a pair "connected via a switchless ATM
        // network" (its 24.5 us), more hosts through one switch as its ASX-100 (its 30 us).
        spec = DartScenario::Configure(hosts == 2 ? DartScenario::SOFTWARE_SWITCHLESS
                                                  : DartScenario::SOFTWARE_SWITCH,
                                       hosts);
    }
    // Rings for every peer of its group.
    spec.endpointBytes = SanDartMessenger::GetEndpointBytes(hosts / m_groups - 1);
    ShapeFabric(spec, hosts);
    auto s = std::make_shared<DartScenario>(spec);
    m_keep = s;
    m_hosts = s->GetHosts();
    Ptr<SanDartWiring> wiring = CreateObject<SanDartWiring>();
    wiring->Wire(m_hosts, s->ctx, m_groups);
    m_messengerAttributes.emplace_back("Wiring", Create<PointerValue>(wiring));
    m_messenger = "ns3::SanDartMessenger";
    m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
    m_described = IsEqualTerms()
                      ? "DART messages (hybrid deposit, action queue), hardware DART (i960 "
                        "card), " +
                            SanBenchPreset::DescribeHosts(m_preset, "") + ", " +
                            SanBenchPreset::DescribeFabric(m_preset, "")
                      : std::string("DART messages (hybrid deposit, action queue), software "
                                    "DART, DECstation 5000/240, TCA-100 ATM at 140 Mbit/s, ") +
                            (hosts == 2 ? "back to back" : "one ATM switch");
}

void
SanBenchTestbed::BuildClan(uint32_t hosts)
{
    // As published: the Tripwire paper's Alphas with CLAN NICs through one wormhole switch
    // (its hosts were back to back); more hosts share that crossbar.
    ClanScenario::Spec spec = ClanScenario::Configure(hosts);
    SanScopedDefaults card;
    if (IsEqualTerms())
    {
        // Modern: the NIC's pipelines keep pace with the host.
        SanBenchPreset::Equalize(
            m_preset,
            spec,
            hosts,
            card,
            {{"ns3::ClanCostModel", "TxPipelineDelay"}, {"ns3::ClanCostModel", "RxPipelineDelay"}});
        // The card's DMA reads burst no longer than the host's bus lets a bus master (the
        // 430HX: a cache line; PCIe: its 256-byte payload; the Alpha's PCI took the card's 256
        // DWORDs).
        const auto hostBurst =
            DynamicCast<UintegerValue>(SanBenchPreset::GetDefault(spec.hostPreset, "BurstLength"))
                ->Get();
        const auto cardBurst =
            DynamicCast<UintegerValue>(
                SanBenchPreset::GetDefault("ns3::ClanCostModel", "DmaTransmitBurst"))
                ->Get();
        card.Set("ns3::ClanCostModel",
                 "DmaTransmitBurst",
                 UintegerValue(std::min(hostBurst, cardBurst)));
    }
    ShapeFabric(spec, hosts);
    auto s = std::make_shared<ClanScenario>(spec);
    m_keep = s;
    m_hosts = s->GetHosts();
    m_messenger = "ns3::SanClanMessenger";
    // One hosts file for all the processes: the nodes are read once, not at each Open.
    m_messengerAttributes.emplace_back("HostsFile",
                                       PointerValue(CreateObject<SanClanHostsFile>()).Copy());
    m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
    m_described = "CLAN message channels, " +
                  SanBenchPreset::DescribeHosts(m_preset, "530 MHz Alpha / Linux 2.2") +
                  ", CLAN NICs, " + SanBenchPreset::DescribeFabric(m_preset, "G-Link");
}

void
SanBenchTestbed::BuildHamlyn(uint32_t hosts)
{
    // Each process pins room for a stream each way to every other host of its group: about
    // 10 MB a host, the largest message shrinking as hosts are added (HostMemory gives a page
    // storage only once it is written).
    const uint32_t peers = hosts / m_groups - 1;
    uint32_t maxBytes = 1u << 20;
    while (maxBytes > 4096 && uint64_t(maxBytes) * peers > (1u << 20))
    {
        maxBytes /= 2;
    }
    const uint64_t pinned =
        SanRatsMessenger::GetPinnedBytesNeeded(peers, maxBytes, SanRatsMessenger::DEFAULT_SLOTS);
    // "PinnedBytes" is read when HamlynHelper opens each host's Rats process.
    const auto before = DynamicCast<UintegerValue>(
                            SanBenchPreset::GetDefault("ns3::RatsHardwareInterface", "PinnedBytes"))
                            ->Get();
    // Likewise its notification areas ("NotificationAreas", read at Open) and its card's
    // notification queue ("NotificationQueueEntries"): 256 each by default, which a server of
    // more than about 40 clients needs more of (Hamlyn 1995, section 3: a stream's receiver
    // "notification queue and message area" must not be overrun; a notification that finds
    // the queue full is lost, and its message with it).
    const uint32_t areas =
        SanRatsMessenger::GetNotificationAreasNeeded(peers, SanRatsMessenger::DEFAULT_SLOTS);
    const auto areasBefore =
        DynamicCast<UintegerValue>(
            SanBenchPreset::GetDefault("ns3::RatsInterfaceManager", "NotificationAreas"))
            ->Get();
    const auto queueBefore =
        DynamicCast<UintegerValue>(
            SanBenchPreset::GetDefault("ns3::HamlynNetDevice", "NotificationQueueEntries"))
            ->Get();
    std::shared_ptr<HamlynScenario> s;
    {
        SanScopedDefaults scoped;
        scoped.Set("ns3::RatsHardwareInterface",
                   "PinnedBytes",
                   UintegerValue(std::max<uint64_t>(pinned, before)));
        scoped.Set("ns3::RatsInterfaceManager",
                   "NotificationAreas",
                   UintegerValue(std::max<uint64_t>(areas, areasBefore)));
        scoped.Set("ns3::HamlynNetDevice",
                   "NotificationQueueEntries",
                   UintegerValue(std::max<uint64_t>(areas, queueBefore)));
        HamlynScenario::Spec spec;
        // Same hosts: Hamlyn's own fabric, only the hosts change. Modern: the LANai's clock
        // keeps pace with the host.
        SanBenchPreset::Equalize(m_preset,
                                 spec,
                                 hosts,
                                 scoped,
                                 {{"ns3::HamlynLanai3CostModel", "ClockRate"}});
        spec.hosts = hosts; // the paper's crossbar (an 8x8 Myrinet switch), grown to the hosts
        spec.rats = true;
        ShapeFabric(spec, hosts);
        s = std::make_shared<HamlynScenario>(spec);
    }
    Ptr<SanRatsDirectory> directory = CreateObject<SanRatsDirectory>();
    directory->Install(s->GetHosts());
    m_keep = s;
    m_hosts = s->GetHosts();
    m_messenger = "ns3::SanRatsMessenger";
    m_messengerAttributes.emplace_back("Directory", PointerValue(directory).Copy());
    m_messengerAttributes.emplace_back("MaxMessageBytes", UintegerValue(maxBytes).Copy());
    m_linkBps = ChannelRate(s->GetEndpoints().Get(0));
    m_described = "Rats streams on Hamlyn, " +
                  SanBenchPreset::DescribeHosts(m_preset, "HP 9000 J200 (GSC+)") +
                  ", Myrinet LANai 3, " + SanBenchPreset::DescribeFabric(m_preset, "crossbar");
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
