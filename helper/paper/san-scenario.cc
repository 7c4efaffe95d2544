/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-scenario.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/san-distributed.h"
#include "ns3/san-graph-topology.h"
#include "ns3/san-remote-channel.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <sstream>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanScenario");

namespace
{

/// SanScenarioSwitches: see SanScenario.
GlobalValue g_sanScenarioSwitches(
    "SanScenarioSwitches",
    "Switches of the paper scenarios' crossbars: 1 (as the papers had them) or 2 (half of the "
    "hosts on each of two linked switches, in order, an odd one more on the first, so that "
    "SanScenarioPartitions has a link to cut). Scenarios with one host, and other topologies, "
    "are built as they are.",
    UintegerValue(1),
    MakeUintegerChecker<uint32_t>(1, 2));

/// SanScenarioPartitions: see SanScenario.
GlobalValue g_sanScenarioPartitions(
    "SanScenarioPartitions",
    "Parts to cut the paper scenarios' fabrics into (SanFabricHelper::SetPartitions; links "
    "between parts deliver through the scheduler, encoded, one lead later; in one process). "
    "0 or 1: not cut.",
    UintegerValue(0),
    MakeUintegerChecker<uint32_t>());

/// SanScenarioBufferSize: see SanScenario.
GlobalValue g_sanScenarioBufferSize(
    "SanScenarioBufferSize",
    "Bytes of every switch buffer (per virtual channel) in the paper scenarios' fabrics, instead "
    "of the paper's: a what-if on buffering. In wormhole switching a packet that fits a buffer "
    "is not a worm, so a large one lets SanScenarioPartitions cut a wormhole fabric. 0: as the "
    "paper has it.",
    UintegerValue(0),
    MakeUintegerChecker<uint32_t>());

/// SanScenarioCreditsTakeDelay: see SanScenario.
GlobalValue g_sanScenarioCreditsTakeDelay(
    "SanScenarioCreditsTakeDelay",
    "Let every credit of the scenarios' fabrics take its link's Delay back to the sender "
    "(SanChannel CreditDelay), as a credit on a real cable does, instead of counting as the "
    "packet that frees its slot has left (the default, which keeps every result). Links with a "
    "Delay can then be cut across MPI ranks (SanBenchRanks sets it).",
    BooleanValue(false),
    MakeBooleanChecker());

/// \param value a global value \return its value
uint32_t
ScenarioSetting(GlobalValue& value)
{
    UintegerValue v;
    value.GetValue(v);
    return static_cast<uint32_t>(v.Get());
}

/// What the cut scenarios of this process have cut (SanScenario::GetCutStatistics).
SanScenario::CutStatistics g_sanScenarioCuts;

/**
 * At Destroy: add the messages that crossed these cut links to the process's count.
 * \param links the cut links of one scenario
 */
void
CountCrossings(std::vector<Ptr<SanRemoteChannel>> links)
{
    for (const Ptr<SanRemoteChannel>& link : links)
    {
        g_sanScenarioCuts.crossings += link->GetLocalMessages() + link->GetRemoteMessages();
    }
}

} // namespace

SanScenario::SanScenario(const SanScenarioSpec& spec)
{
    const uint32_t switches = ScenarioSetting(g_sanScenarioSwitches);
    const uint32_t parts = ScenarioSetting(g_sanScenarioPartitions);
    const bool twoSwitches =
        switches == 2 && spec.topology == "ns3::SanCrossbarTopology" && spec.hosts > 1;
    // An odd count of hosts on two switches: the extra one on switch 0, which a mesh (the
    // same count on every switch) cannot hold; a two-switch graph does.
    const bool oddSplit = twoSwitches && spec.hosts % 2 != 0;
    if (twoSwitches && !oddSplit)
    {
        // The same hosts in the same order, half on each of two switches: the switch-to-switch
        // link is what a partition can cut (host links never are).
        m_fabric.SetTopology("ns3::SanMeshTopology",
                             "X",
                             UintegerValue(2),
                             "Y",
                             UintegerValue(1),
                             "HostsPerSwitch",
                             UintegerValue(spec.hosts / 2));
    }
    else if (oddSplit)
    {
        Ptr<SanGraphTopology> graph = CreateObject<SanGraphTopology>();
        std::ostringstream text;
        text << "switches 2\nlink 0 1\nhosts 0 " << spec.hosts / 2 + 1 << "\nhosts 1 "
             << spec.hosts / 2 << "\n";
        graph->LoadFromString(text.str(), "SanScenarioSwitches");
        m_fabric.SetTopology(graph);
    }
    else if (spec.topology == "ns3::SanFatTreeTopology")
    {
        m_fabric.SetTopology(spec.topology,
                             "K",
                             UintegerValue(spec.fatTreeK),
                             "N",
                             UintegerValue(spec.fatTreeLevels));
    }
    else if (spec.topology == "ns3::SanDragonflyTopology")
    {
        // Every pair of groups joined by one global link (the topology's default groups).
        m_fabric.SetTopology(spec.topology,
                             "P",
                             UintegerValue(spec.dragonflyP),
                             "A",
                             UintegerValue(spec.dragonflyA),
                             "H",
                             UintegerValue(spec.dragonflyH));
    }
    else if (spec.topology == "ns3::SanMeshTopology")
    {
        m_fabric.SetTopology(spec.topology,
                             "X",
                             UintegerValue(spec.meshX),
                             "Y",
                             UintegerValue(spec.meshY));
    }
    else if (spec.topology == "ns3::SanRingTopology")
    {
        // One host per ring stop (an SCI ringlet: each adapter is a stop).
        m_fabric.SetTopology(spec.topology,
                             "NSwitches",
                             UintegerValue(spec.hosts),
                             "HostsPerSwitch",
                             UintegerValue(1));
    }
    else
    {
        m_fabric.SetTopology(spec.topology, "NHosts", UintegerValue(spec.hosts));
    }
    // A graph is routed by tables (up*\/down*): on two switches, the one route there is.
    m_fabric.SetRouting(oddSplit ? "ns3::SanUpDownRouting" : spec.routing);
    if (spec.paperCables)
    {
        // Hamlyn Tables 3 and 4 account 20 cycles ("switch", 0.5 us) between the sender's
        // "send packet" and the receiver's "link to interface", and nothing for the cables: the
        // switch's RoutingDelay is the whole term, so the links have no propagation delay of
        // their own (the fabric default is 10 ns per link).
        m_fabric.SetChannelAttribute("Delay", TimeValue(Seconds(0)));
    }
    if (!spec.linkDelay.IsNegative())
    {
        m_fabric.SetChannelAttribute("Delay", TimeValue(spec.linkDelay));
    }
    Time creditDelay = spec.creditDelay;
    BooleanValue creditsTakeDelay;
    g_sanScenarioCreditsTakeDelay.GetValue(creditsTakeDelay);
    if (creditsTakeDelay.Get())
    {
        // The links' Delay as set above, or the channel's default.
        struct TypeId::AttributeInformation info;
        NS_ABORT_MSG_IF(
            !TypeId::LookupByName("ns3::SanChannel").LookupAttributeByName("Delay", &info),
            "SanScenario: SanChannel has no Delay attribute");
        creditDelay = !spec.linkDelay.IsNegative() ? spec.linkDelay
                      : spec.paperCables           ? Seconds(0)
                                         : DynamicCast<const TimeValue>(info.initialValue)->Get();
    }
    if (!creditDelay.IsNegative())
    {
        m_fabric.SetChannelAttribute("CreditDelay", TimeValue(creditDelay));
    }
    if (spec.cutThroughPacketBytes > 0)
    {
        // Room for four packets per input buffer, so that congestion queues in the switches
        // instead of stalling whole paths.
        m_fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
        m_fabric.SetFabricAttribute("MaxPacketSize", UintegerValue(spec.cutThroughPacketBytes));
        m_fabric.SetFabricAttribute("BufferSize", UintegerValue(4 * spec.cutThroughPacketBytes));
    }
    if (!spec.switchingMode.empty())
    {
        m_fabric.SetFabricAttribute("SwitchingMode", StringValue(spec.switchingMode));
    }
    if (spec.bufferSize > 0)
    {
        m_fabric.SetFabricAttribute("BufferSize", UintegerValue(spec.bufferSize));
    }
    if (const uint32_t buffer = ScenarioSetting(g_sanScenarioBufferSize); buffer > 0)
    {
        m_fabric.SetFabricAttribute("BufferSize", UintegerValue(buffer));
    }
    if (!spec.linkRate.empty())
    {
        m_fabric.SetChannelAttribute("DataRate", StringValue(spec.linkRate));
    }
    if (!spec.switchRoutingDelay.IsStrictlyNegative())
    {
        m_fabric.SetSwitchAttribute("RoutingDelay", TimeValue(spec.switchRoutingDelay));
    }
    if (spec.cutThroughCells)
    {
        m_fabric.SetSwitchAttribute("CutThroughCells", BooleanValue(true));
    }
    if (!spec.flowControl.empty())
    {
        m_fabric.SetFlowControl(spec.flowControl);
    }
    if (spec.splitThreshold > 0)
    {
        m_fabric.SetSwitchAttribute("SplitThreshold", UintegerValue(spec.splitThreshold));
    }
    const bool cut = parts >= 2;
    if (cut)
    {
        CutFabric(spec, parts);
    }
    SanHostHelper hosts;
    hosts.SetPreset(spec.hostPreset);
    const uint32_t n = m_fabric.GetTopology()->GetNHosts();
    if (cut)
    {
        // Each host on its switch's part (the same nodes as below in one process).
        m_hosts = m_fabric.CreateHosts();
    }
    else
    {
        m_hosts.Create(n);
    }
    hosts.Install(m_hosts);
    m_fabric.SetSwitchPortDevices(spec.switchPortDevices);
    m_endpoints = m_fabric.Install(m_hosts);
    if (cut)
    {
        CountCut();
    }
}

void
SanScenario::CutFabric(const SanScenarioSpec& spec, uint32_t parts)
{
    m_fabric.SetPartitions(parts);
    // Every packet a host sends has at least one byte (SanEndpointDevice refuses empty ones),
    // so this promise changes nothing; it gives a cut link whose cable has no Delay (the
    // papers') a lead: a byte's serialization, or the switch's routing delay if shorter.
    // A MinPacketSize the user set stays.
    struct TypeId::AttributeInformation info;
    const bool found =
        TypeId::LookupByName("ns3::SanFabric").LookupAttributeByName("MinPacketSize", &info);
    NS_ABORT_MSG_IF(!found, "SanScenario: SanFabric has no MinPacketSize attribute");
    if (DynamicCast<const UintegerValue>(info.initialValue)->Get() == 0)
    {
        m_fabric.SetFabricAttribute("MinPacketSize", UintegerValue(1));
    }
}

void
SanScenario::CountCut()
{
    const uint32_t links = m_fabric.GetCutLinks();
    NS_LOG_INFO("SanScenario: " << links << " cut links, lookahead " << m_fabric.GetLookahead());
    // SCI's and CLAN's fabrics (no Delay, no routing delay; Xon/Xoff links count only the
    // Delay) give a message its effect at once: a cut delivers it through a same-time event,
    // which one process runs alike, but ns-3's MPI engines need a positive lookahead.
    NS_ABORT_MSG_IF(links > 0 && !m_fabric.GetLookahead().IsStrictlyPositive() &&
                        SanDistributed::GetSize() > 1,
                    "SanScenario: the cut links have no lead (cables without Delay, switches "
                    "without RoutingDelay, or Xon/Xoff links): a cut of this scenario runs in "
                    "one process only");
    if (links > 0 &&
        (g_sanScenarioCuts.cutLinks == 0 || m_fabric.GetLookahead() < g_sanScenarioCuts.lookahead))
    {
        g_sanScenarioCuts.lookahead = m_fabric.GetLookahead();
    }
    ++g_sanScenarioCuts.scenarios;
    g_sanScenarioCuts.cutLinks += links;
    std::vector<Ptr<SanRemoteChannel>> channels;
    for (uint32_t i = 0; i < links; ++i)
    {
        channels.emplace_back(m_fabric.GetFabric()->GetCutLink(i));
    }
    Simulator::ScheduleDestroy(&CountCrossings, channels);
}

SanScenario::CutStatistics
SanScenario::GetCutStatistics()
{
    return g_sanScenarioCuts;
}

void
SanScenario::ResetCutStatistics()
{
    g_sanScenarioCuts = CutStatistics();
}

const NodeContainer&
SanScenario::GetHosts() const
{
    return m_hosts;
}

const NetDeviceContainer&
SanScenario::GetEndpoints() const
{
    return m_endpoints;
}

Ptr<SanHost>
SanScenario::GetHost(uint32_t i) const
{
    return SanHost::Of(m_hosts.Get(i));
}

uint32_t
SanScenario::GetNHosts() const
{
    return m_hosts.GetN();
}

SanFabricHelper&
SanScenario::GetFabricHelper()
{
    return m_fabric;
}

void
SanScenario::RunAndDestroy()
{
    Simulator::Run();
    Simulator::Destroy();
}

} // namespace ns3
