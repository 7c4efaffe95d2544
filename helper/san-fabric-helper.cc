/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-fabric-helper.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/pointer.h"
#include "ns3/san-channel.h"
#include "ns3/san-distributed.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-fabric-header.h"
#include "ns3/san-remote-channel.h"
#include "ns3/san-switch-port-device.h"
#include "ns3/san-switch-port.h"
#include "ns3/san-switch.h"
#include "ns3/san-type-check.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanFabricHelper");

SanFabricHelper::SanFabricHelper()
{
    m_topologyFactory.SetTypeId("ns3::SanCrossbarTopology");
    m_fabricFactory.SetTypeId("ns3::SanFabric");
    m_channelFactory.SetTypeId("ns3::SanChannel");
    m_switchFactory.SetTypeId("ns3::SanSwitch");
    m_deviceFactory.SetTypeId("ns3::SanEndpointDevice");
}

SanFabricHelper::~SanFabricHelper() = default;

void
SanFabricHelper::SetTopology(std::string type,
                             std::string n1,
                             const AttributeValue& v1,
                             std::string n2,
                             const AttributeValue& v2,
                             std::string n3,
                             const AttributeValue& v3,
                             std::string n4,
                             const AttributeValue& v4)
{
    m_topologyFactory = ObjectFactory();
    m_topologyFactory.SetTypeId(
        SanCheckTypeId(type, SanTopology::GetTypeId(), "SanFabricHelper::SetTopology"));
    m_topologyFactory.Set(n1, v1, n2, v2, n3, v3, n4, v4);
    m_topology = nullptr;
}

void
SanFabricHelper::SetTopology(Ptr<SanTopology> topology)
{
    m_topology = topology;
}

void
SanFabricHelper::SetRouting(std::string type, std::string n1, const AttributeValue& v1)
{
    m_routingFactory = ObjectFactory();
    m_routingFactory.SetTypeId(
        SanCheckTypeId(type, SanRouting::GetTypeId(), "SanFabricHelper::SetRouting"));
    m_routingFactory.Set(n1, v1);
}

void
SanFabricHelper::SetFabricAttribute(std::string name, const AttributeValue& value)
{
    m_fabricFactory.Set(name, value);
}

void
SanFabricHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
SanFabricHelper::SetFlowControl(std::string mode, uint32_t xoffBytes, uint32_t xonBytes)
{
    NS_ABORT_MSG_IF(mode != "Credits" && mode != "XonXoff",
                    "SanFabricHelper::SetFlowControl: unknown mode \""
                        << mode << "\" (Credits or XonXoff)");
    m_channelFactory.Set("FlowControl", StringValue(mode));
    m_channelFactory.Set("XoffThreshold", UintegerValue(xoffBytes));
    m_channelFactory.Set("XonThreshold", UintegerValue(xonBytes));
}

void
SanFabricHelper::SetSwitchAttribute(std::string name, const AttributeValue& value)
{
    m_switchFactory.Set(name, value);
}

void
SanFabricHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

Ptr<SanTopology>
SanFabricHelper::GetTopology()
{
    if (m_topology == nullptr)
    {
        m_topology = m_topologyFactory.Create<SanTopology>();
        NS_ABORT_MSG_IF(m_topology == nullptr,
                        "SanFabricHelper: " << m_topologyFactory.GetTypeId().GetName()
                                            << " is not a SanTopology");
    }
    return m_topology;
}

Ptr<SanRouting>
SanFabricHelper::CreateRouting()
{
    ObjectFactory factory = m_routingFactory;
    factory.SetTypeId(GetRoutingTypeId());
    Ptr<SanRouting> routing = factory.Create<SanRouting>();
    NS_ABORT_MSG_IF(routing == nullptr,
                    "SanFabricHelper: " << factory.GetTypeId().GetName() << " is not a SanRouting");
    return routing;
}

TypeId
SanFabricHelper::GetRoutingTypeId()
{
    return m_routingFactory.GetTypeId() == TypeId()
               ? TypeId::LookupByName(SanRouting::GetDefaultTypeIdName(*GetTopology()))
               : m_routingFactory.GetTypeId();
}

std::string
SanFabricHelper::GetConfigurationError()
{
    Ptr<SanFabric> fabric = m_fabricFactory.Create<SanFabric>();
    fabric->SetAttribute("Topology", PointerValue(GetTopology()));
    fabric->SetAttribute("Routing", PointerValue(CreateRouting()));
    const std::string error = fabric->GetConfigurationError();
    fabric->Dispose();
    return error;
}

NetDeviceContainer
SanFabricHelper::Install(NodeContainer hosts)
{
    Ptr<SanTopology> topo = GetTopology();
    Ptr<SanRouting> routing = CreateRouting();
    NS_ABORT_MSG_IF(hosts.GetN() != topo->GetNHosts(),
                    "SanFabricHelper::Install: the " << topo->GetName() << " topology has "
                                                     << topo->GetNHosts() << " hosts but "
                                                     << hosts.GetN() << " host nodes were given");
    m_fabric = m_fabricFactory.Create<SanFabric>();
    m_fabric->SetAttribute("Topology", PointerValue(topo));
    m_fabric->SetAttribute("Routing", PointerValue(routing));
    m_fabric->Configure();
    // Its ports know the fabric by a plain pointer (a port is kept small), so the fabric lives
    // until the simulator is destroyed, as ns-3's ChannelList keeps channels: a program may let
    // this helper go out of scope once Install has returned.
    Simulator::ScheduleDestroy(
        +[](Ptr<SanFabric>) {},
        m_fabric);

    const uint32_t nSwitches = topo->GetNSwitches();
    const uint32_t parts = GetPartitions();
    const uint32_t ranks = SanDistributed::GetSize();
    NS_ABORT_MSG_IF(ranks > 1 && parts != ranks,
                    "SanFabricHelper::Install: the fabric is cut into "
                        << parts << " parts but the run has " << ranks
                        << " MPI ranks; a distributed run needs one part per rank");
    std::vector<uint32_t> switchPart(nSwitches);
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        switchPart[s] = GetSwitchPart(s);
    }
    for (uint32_t h = 0; h < hosts.GetN(); ++h)
    {
        const uint32_t want = ranks > 1 ? switchPart[topo->GetHostSwitch(h)] : 0;
        NS_ABORT_MSG_IF(hosts.Get(h)->GetSystemId() != want,
                        "SanFabricHelper::Install: host "
                            << h << " is on rank " << hosts.Get(h)->GetSystemId()
                            << " but its switch on rank " << want
                            << "; create the hosts with SanFabricHelper::CreateHosts");
    }
    NS_ABORT_MSG_IF(!m_makeSwitchNodes && m_switchPortDevices,
                    "SanFabricHelper::Install: switches without nodes (SetSwitchNodes(false)) "
                    "need SetSwitchPortDevices(false): a port's device sits on its switch's node");
    NS_ABORT_MSG_IF(!m_makeSwitchNodes && parts > 1,
                    "SanFabricHelper::Install: a fabric cut into "
                        << parts
                        << " parts needs switch nodes (SetSwitchNodes(true)): MPI hands "
                           "messages to devices on them");
    // A switch without a node runs its events in the context its node would have had.
    const uint32_t firstSwitchId = NodeList::GetNNodes();
    m_switchNodes = NodeContainer();
    for (uint32_t s = 0; s < nSwitches && m_makeSwitchNodes; ++s)
    {
        m_switchNodes.Add(CreateObject<Node>(ranks > 1 ? switchPart[s] : 0));
    }
    // Each switch's ports live in one array, sized exactly: count the links first.
    std::vector<uint32_t> connected(nSwitches, 0);
    for (const SanTopologyLink& link : topo->GetLinks())
    {
        ++connected[link.switchA];
        if (!link.toHost)
        {
            ++connected[link.b];
        }
    }
    std::vector<Ptr<SanSwitch>> switches(nSwitches);
    ObjectFactory remoteFactory = m_channelFactory;
    remoteFactory.SetTypeId(SanRemoteChannel::GetTypeId());
    m_cutLinks = 0;
    m_lookahead = Time::Max();
    for (uint32_t s = 0; s < nSwitches; ++s)
    {
        Ptr<SanSwitch> sw = m_switchFactory.Create<SanSwitch>();
        sw->SetNodeId(m_makeSwitchNodes ? m_switchNodes.Get(s)->GetId() : firstSwitchId + s);
        sw->Setup(m_fabric, s, connected[s]);
        if (m_makeSwitchNodes)
        {
            m_switchNodes.Get(s)->AggregateObject(sw);
        }
        m_fabric->RegisterSwitch(s, sw);
        switches[s] = sw;
    }
    connected = std::vector<uint32_t>();
    if (!m_makeSwitchNodes)
    {
        // No node disposes these switches when the simulator is destroyed: do it here.
        Simulator::ScheduleDestroy(
            +[](Ptr<SanFabric> fabric) {
                for (uint32_t s = 0; s < fabric->GetTopology()->GetNSwitches(); ++s)
                {
                    if (Ptr<SanSwitch> sw = fabric->GetSwitch(s))
                    {
                        sw->Dispose();
                    }
                }
            },
            m_fabric);
    }

    auto makeSwitchPort = [this, &switches](uint32_t s, uint32_t port) {
        SanSwitchPort* p = switches[s]->AddPort(port);
        if (m_switchPortDevices)
        {
            switches[s]->GetPortDevice(port);
        }
        return p;
    };

    std::vector<Ptr<SanRemoteChannel>> cutChannels;
    // Without switch port devices, links between switches of one process are bare: no
    // channel object each, only this one's attributes (SanPort::AttachBare).
    Ptr<SanChannel> bareAttributes;
    std::vector<Ptr<SanEndpointDevice>> endpoints(topo->GetNHosts());
    for (const SanTopologyLink& link : topo->GetLinks())
    {
        const bool cut = !link.toHost && switchPart[link.switchA] != switchPart[link.b];
        if (!m_switchPortDevices && !link.toHost && !cut)
        {
            if (bareAttributes == nullptr)
            {
                bareAttributes = m_channelFactory.Create<SanChannel>();
            }
            SanSwitchPort* a = makeSwitchPort(link.switchA, link.portA);
            SanSwitchPort* b = makeSwitchPort(link.b, link.portB);
            SanPort::AttachBare(m_fabric, bareAttributes, a, b);
            continue;
        }
        if (link.toHost)
        {
            SanSwitchPort* a = makeSwitchPort(link.switchA, link.portA);
            Ptr<SanEndpointDevice> ep = m_deviceFactory.Create<SanEndpointDevice>();
            hosts.Get(link.b)->AddDevice(ep);
            if (!m_hostNodeReceive)
            {
                // At once, so that the next host's AddDevice reuses its memory.
                ep->SetReceiveCallback(NetDevice::ReceiveCallback());
            }
            ep->SetHost(link.b, link.switchA);
            m_fabric->RegisterEndpoint(link.b, ep);
            endpoints[link.b] = ep;
            if (!m_makeSwitchNodes)
            {
                // The largest fabrics: a host's link is bare too (no channel object).
                if (bareAttributes == nullptr)
                {
                    bareAttributes = m_channelFactory.Create<SanChannel>();
                }
                SanPort::AttachBare(m_fabric, bareAttributes, a, PeekPointer(ep));
                continue;
            }
            Ptr<SanChannel> channel = m_channelFactory.Create<SanChannel>();
            a->Attach(m_fabric, channel);
            ep->Attach(m_fabric, channel);
        }
        else
        {
            Ptr<SanChannel> channel = (cut ? remoteFactory : m_channelFactory).Create<SanChannel>();
            SanSwitchPort* a = makeSwitchPort(link.switchA, link.portA);
            SanSwitchPort* b = makeSwitchPort(link.b, link.portB);
            a->Attach(m_fabric, channel);
            b->Attach(m_fabric, channel);
            if (cut)
            {
                // MPI hands a message to a device of the receiving node: a cut port has one.
                switches[link.switchA]->GetPortDevice(link.portA);
                switches[link.b]->GetPortDevice(link.portB);
                cutChannels.push_back(DynamicCast<SanRemoteChannel>(channel));
                cutChannels.back()->SetEndParts(switchPart[link.switchA], switchPart[link.b]);
            }
        }
    }
    if (parts > 1)
    {
        // Cells of Cell mode find their packet's record in each part they reach.
        m_fabric->SetSwitchParts(switchPart);
    }
    // A cut link's lead depends on the links of the switches at its ends: all are attached now.
    bool allOwnLookahead = true;
    for (const Ptr<SanRemoteChannel>& channel : cutChannels)
    {
        channel->SetupReceivers();
        ++m_cutLinks;
        m_lookahead = std::min(m_lookahead, channel->GetLead());
        allOwnLookahead = allOwnLookahead && channel->HasOwnLookahead();
    }
    if (m_cutLinks == 0)
    {
        m_lookahead = Time(0);
    }
    // A batch window needs an engine lookahead shorter than the leads by the window: the
    // granted time window's is bounded (BoundLookahead); the null-message engine's is per link,
    // given by san only for links with their own lookahead (ns-3 takes the others' Delay).
    m_batchWindow = Time(0);
    const bool granted = SanDistributed::GetEngine() == SanDistributed::GRANTED_TIME_WINDOW;
    if (m_cutLinks > 0 && SanDistributed::GetSize() > 1 && (granted || allOwnLookahead))
    {
        const auto steps = static_cast<int64_t>(m_lookahead.GetTimeStep() * m_batchFraction);
        if (steps > 0 && steps < m_lookahead.GetTimeStep())
        {
            m_batchWindow = TimeStep(steps);
        }
        if (granted)
        {
            // Always: links with their own lookahead hide from the engine's own search.
            SanDistributed::BoundLookahead(m_lookahead - m_batchWindow);
        }
    }
    // Every cut link to the null-message engine, plain ones too: ns-3 would take a plain
    // link's Delay, the lead itself, as its lookahead, where DeclareCutLink takes one step
    // less (see there), so that simultaneous events keep the order they have on one rank.
    const uint32_t rank = SanDistributed::GetRank();
    for (const Ptr<SanRemoteChannel>& channel : cutChannels)
    {
        const uint32_t rankA = NodeList::GetNode(channel->GetPort(0)->GetNodeId())->GetSystemId();
        const uint32_t rankB = NodeList::GetNode(channel->GetPort(1)->GetNodeId())->GetSystemId();
        if ((rankA == rank) != (rankB == rank))
        {
            SanDistributed::DeclareCutLink(channel,
                                           rankA == rank ? rankB : rankA,
                                           channel->GetLead() - m_batchWindow);
        }
    }
    SanRemoteChannel::SetBatchWindow(m_batchWindow);
    NetDeviceContainer result;
    for (uint32_t h = 0; h < endpoints.size(); ++h)
    {
        NS_ABORT_MSG_IF(endpoints[h] == nullptr,
                        "SanFabricHelper: host " << h << " of the " << topo->GetName()
                                                 << " topology has no link");
        result.Add(endpoints[h]);
    }
    return result;
}

void
SanFabricHelper::SetSwitchPortDevices(bool all)
{
    m_switchPortDevices = all;
}

void
SanFabricHelper::SetSwitchNodes(bool make)
{
    m_makeSwitchNodes = make;
}

void
SanFabricHelper::SetHostNodeReceive(bool handUp)
{
    m_hostNodeReceive = handUp;
}

void
SanFabricHelper::SetPartitions(uint32_t parts)
{
    m_parts = parts;
}

void
SanFabricHelper::SetSwitchParts(std::vector<uint32_t> parts)
{
    m_switchParts = std::move(parts);
}

uint32_t
SanFabricHelper::GetPartitions() const
{
    return m_parts != 0 ? m_parts : SanDistributed::GetSize();
}

uint32_t
SanFabricHelper::GetSwitchPart(uint32_t sw)
{
    Ptr<SanTopology> topo = GetTopology();
    const uint32_t parts = GetPartitions();
    NS_ABORT_MSG_IF(sw >= topo->GetNSwitches(),
                    "SanFabricHelper::GetSwitchPart: switch " << sw << " of "
                                                              << topo->GetNSwitches());
    if (parts <= 1)
    {
        return 0;
    }
    if (m_switchParts.empty())
    {
        return topo->GetSwitchPart(sw, parts);
    }
    NS_ABORT_MSG_IF(m_switchParts.size() != topo->GetNSwitches(),
                    "SanFabricHelper: the partition gives "
                        << m_switchParts.size() << " switches a part, the " << topo->GetName()
                        << " topology has " << topo->GetNSwitches());
    NS_ABORT_MSG_IF(m_switchParts[sw] >= parts,
                    "SanFabricHelper: the partition puts switch "
                        << sw << " in part " << m_switchParts[sw] << ", but there are only "
                        << parts << " parts");
    return m_switchParts[sw];
}

uint32_t
SanFabricHelper::GetHostPart(uint32_t host)
{
    Ptr<SanTopology> topo = GetTopology();
    NS_ABORT_MSG_IF(host >= topo->GetNHosts(),
                    "SanFabricHelper::GetHostPart: host " << host << " of " << topo->GetNHosts());
    return GetSwitchPart(topo->GetHostSwitch(host));
}

bool
SanFabricHelper::IsLocalHost(uint32_t host)
{
    return SanDistributed::GetSize() <= 1 || GetHostPart(host) == SanDistributed::GetRank();
}

NodeContainer
SanFabricHelper::CreateHosts()
{
    Ptr<SanTopology> topo = GetTopology();
    const bool distributed = SanDistributed::GetSize() > 1;
    NodeContainer hosts;
    for (uint32_t h = 0; h < topo->GetNHosts(); ++h)
    {
        hosts.Add(CreateObject<Node>(distributed ? GetHostPart(h) : 0));
    }
    return hosts;
}

uint32_t
SanFabricHelper::GetCutLinks() const
{
    return m_cutLinks;
}

Time
SanFabricHelper::GetLookahead() const
{
    return m_lookahead;
}

void
SanFabricHelper::SetBatchFraction(double fraction)
{
    NS_ABORT_MSG_IF(!(fraction >= 0 && fraction < 1),
                    "SanFabricHelper::SetBatchFraction: " << fraction << " is not in [0, 1)");
    m_batchFraction = fraction;
}

Time
SanFabricHelper::GetBatchWindow() const
{
    return m_batchWindow;
}

Ptr<SanFabric>
SanFabricHelper::GetFabric() const
{
    return m_fabric;
}

NodeContainer
SanFabricHelper::GetSwitchNodes() const
{
    return m_switchNodes;
}

int64_t
SanFabricHelper::AssignStreams(int64_t stream)
{
    NS_ABORT_MSG_IF(m_fabric == nullptr, "SanFabricHelper::AssignStreams: call Install first");
    return m_fabric->GetRouting()->AssignStreams(stream);
}

void
SanFabricHelper::EnablePcapInternal(std::string prefix,
                                    Ptr<NetDevice> nd,
                                    bool promiscuous,
                                    bool explicitFilename)
{
    Ptr<SanPortDevice> device = nd->GetObject<SanPortDevice>();
    if (device == nullptr)
    {
        NS_LOG_INFO("SanFabricHelper::EnablePcapInternal: device " << nd << " is not a san port");
        return;
    }
    PcapHelper pcapHelper;
    // Named by the port (prefix-switch-3-port-2.pcap), not by node and device ids.
    std::string filename =
        explicitFilename ? prefix : prefix + "-" + device->GetPort()->GetPortName() + ".pcap";
    // Nanosecond timestamps (the nanosecond pcap magic): most of a fabric's events are less
    // than a microsecond apart. DLT_USER0: records start with the 16-byte SanFabricHeader.
    Ptr<PcapFileWrapper> file =
        CreateObjectWithAttributes<PcapFileWrapper>("NanosecMode", BooleanValue(true));
    file->Open(filename, std::ios::out);
    NS_ABORT_MSG_IF(file->Fail(), "SanFabricHelper: cannot open the pcap file " << filename);
    file->Init(PCAP_LINK_TYPE);
    NS_ABORT_MSG_IF(file->Fail(), "SanFabricHelper: cannot write the pcap file " << filename);
    pcapHelper.HookDefaultSink<SanPortDevice>(device, "PromiscSniffer", file);
}

namespace
{
/**
 * One ASCII trace line: kind ('-' leaves, 'r' arrives), time in seconds, the port's name, the
 * virtual channel (departures), then the san header's fields.
 */
void
SanAsciiPacketEvent(Ptr<OutputStreamWrapper> stream,
                    std::string port,
                    char kind,
                    Ptr<const Packet> packet,
                    uint32_t vc)
{
    SanFabricHeader h;
    packet->PeekHeader(h);
    std::ostream& os = *stream->GetStream();
    os << kind << " " << Simulator::Now().GetSeconds() << " " << port;
    if (vc != SanPort::NO_VC)
    {
        os << " vc=" << vc;
    }
    os << " src=" << h.GetSource() << " dst=" << h.GetDestination() << " seq=" << h.GetSequence()
       << " bytes=" << h.GetWireSize() << "\n";
}
} // namespace

void
SanFabricHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                                     std::string prefix,
                                     Ptr<NetDevice> nd,
                                     bool explicitFilename)
{
    Ptr<SanPortDevice> device = nd->GetObject<SanPortDevice>();
    if (device == nullptr)
    {
        NS_LOG_INFO("SanFabricHelper::EnableAsciiInternal: device " << nd << " is not a san port");
        return;
    }
    if (stream == nullptr)
    {
        AsciiTraceHelper asciiHelper;
        stream = asciiHelper.CreateFileStream(
            explicitFilename ? prefix : prefix + "-" + device->GetPort()->GetPortName() + ".tr");
    }
    device->TraceConnectWithoutContext(
        "PacketEvent",
        MakeBoundCallback(&SanAsciiPacketEvent, stream, device->GetPort()->GetPortName()));
}

} // namespace ns3
