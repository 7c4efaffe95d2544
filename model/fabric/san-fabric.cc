/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-fabric.h"

#include "san-cut-cell-records.h"
#include "san-endpoint-device.h"
#include "san-remote-channel.h"
#include "san-switch-port.h"
#include "san-switch.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanFabric");

NS_OBJECT_ENSURE_REGISTERED(SanFabric);

namespace
{
/// A reclaim of the descriptor pool is scheduled for the current simulator's Destroy.
bool g_reclaimScheduled = false;
} // namespace

TypeId
SanFabric::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanFabric")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanFabric>()
                            .AddAttribute("Topology",
                                          "The fabric's topology (a SanTopology subclass).",
                                          PointerValue(),
                                          MakePointerAccessor(&SanFabric::m_topology),
                                          MakePointerChecker<SanTopology>())
                            .AddAttribute("Routing",
                                          "The routing function (a SanRouting subclass).",
                                          PointerValue(),
                                          MakePointerAccessor(&SanFabric::m_routing),
                                          MakePointerChecker<SanRouting>())
                            // Hamlyn 1995, section 4.1: "The Myrinet switch is a wormhole router".
                            .AddAttribute("SwitchingMode",
                                          "How switches move packets: Wormhole, VirtualCutThrough, "
                                          "StoreAndForward or Cell.",
                                          EnumValue(WORMHOLE),
                                          MakeEnumAccessor(&SanFabric::m_mode),
                                          MakeEnumChecker(WORMHOLE,
                                                          "Wormhole",
                                                          VIRTUAL_CUT_THROUGH,
                                                          "VirtualCutThrough",
                                                          STORE_AND_FORWARD,
                                                          "StoreAndForward",
                                                          CELL,
                                                          "Cell"))
                            // Not given by the papers: wormhole routers of the period held a few
                            // flits per channel; 64 bytes is an assumption. Virtual cut-through and
                            // store-and-forward need at least MaxPacketSize.
                            .AddAttribute("BufferSize",
                                          "Bytes of input buffer per virtual channel per port.",
                                          UintegerValue(64),
                                          MakeUintegerAccessor(&SanFabric::m_bufferSize),
                                          MakeUintegerChecker<uint32_t>(1))
                            // Not fixed by the papers (Hamlyn 1995, section 2: Myrinet does not
                            // limit packet size; FedEx used 128-byte packets). An assumption.
                            .AddAttribute("MaxPacketSize",
                                          "Largest packet the fabric carries, in bytes.",
                                          UintegerValue(4096),
                                          MakeUintegerAccessor(&SanFabric::m_maxPacketSize),
                                          MakeUintegerChecker<uint32_t>(1))
                            // Not a cost: a promise about the traffic, which a partitioned run
                            // turns into lookahead (SanRemoteChannel::GetLead). 0 promises nothing.
                            .AddAttribute("MinPacketSize",
                                          "Shortest packet hosts send, in bytes (0: no promise). "
                                          "A link cut between MPI ranks counts on it for its "
                                          "lookahead: a packet's credit takes effect no sooner "
                                          "than the packet's serialization. Hosts refuse shorter "
                                          "packets.",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(&SanFabric::m_minPacketSize),
                                          MakeUintegerChecker<uint32_t>())
                            // DART 1994, Figure 3: a 53-byte ATM cell with a 48-byte payload.
                            .AddAttribute("CellSize",
                                          "Bytes of one cell on the wire (Cell mode).",
                                          UintegerValue(53),
                                          MakeUintegerAccessor(&SanFabric::m_cellSize),
                                          MakeUintegerChecker<uint32_t>(1))
                            // DART 1994, Figure 3.
                            .AddAttribute("CellPayload",
                                          "Payload bytes of one cell (Cell mode).",
                                          UintegerValue(48),
                                          MakeUintegerAccessor(&SanFabric::m_cellPayload),
                                          MakeUintegerChecker<uint32_t>(1))
                            .AddTraceSource("XonXoff",
                                            "The receiving end of an Xon/Xoff link (node id, port "
                                            "number: a switch port's topology port, a host's "
                                            "interface index) sends Xoff or Xon for one of its "
                                            "virtual channels' buffers.",
                                            MakeTraceSourceAccessor(&SanFabric::m_xonXoffTrace),
                                            "ns3::SanFabric::XonXoffTracedCallback");
    return tid;
}

SanFabric::SanFabric() = default;

SanFabric::~SanFabric() = default;

void
SanFabric::DoDispose()
{
    m_flowProbe = nullptr;
    m_endpoints.clear();
    m_switches.clear();
    m_cutLinks.clear();
    m_cutCells.reset();
    if (m_routing != nullptr)
    {
        m_routing->SetOccupancy(nullptr);
    }
    m_routing = nullptr;
    m_topology = nullptr;
    Object::DoDispose();
}

std::string
SanFabric::GetConfigurationError() const
{
    if (m_topology == nullptr || m_routing == nullptr)
    {
        return std::string("SanFabric: attribute ") +
               (m_topology == nullptr ? "Topology" : "Routing") + " is not set";
    }
    if (m_topology->GetNHosts() == 0)
    {
        return "SanFabric: the topology has no hosts";
    }
    std::string error = m_routing->GetTopologyError(*m_topology);
    if (!error.empty())
    {
        return error;
    }
    if (m_minPacketSize > m_maxPacketSize)
    {
        return "SanFabric: MinPacketSize (" + std::to_string(m_minPacketSize) +
               ") exceeds MaxPacketSize (" + std::to_string(m_maxPacketSize) + ")";
    }
    return SanSwitchingPolicy::For(m_mode, SwitchingSizes()).GetError();
}

void
SanFabric::Configure()
{
    const std::string error = GetConfigurationError();
    NS_ABORT_MSG_IF(!error.empty(), error);
    m_routing->Setup(m_topology);
    m_routing->SetOccupancy(this);
    m_switching = SanSwitchingPolicy::For(m_mode, SwitchingSizes());
    m_endpoints.resize(m_topology->GetNHosts());
    m_switches.resize(m_topology->GetNSwitches());
    m_configured = true;
    // Descriptors carried by events still pending when the run is destroyed go back to the
    // pool then (once per simulator lifetime is enough: the flag is reset by the reclaim).
    if (!g_reclaimScheduled)
    {
        g_reclaimScheduled = true;
        Simulator::ScheduleDestroy([]() {
            g_reclaimScheduled = false;
            SanFabricPacket::ReclaimAll();
        });
    }
}

Ptr<SanTopology>
SanFabric::GetTopology() const
{
    return m_topology;
}

Ptr<SanRouting>
SanFabric::GetRouting() const
{
    return m_routing;
}

SanFabric::SwitchingMode
SanFabric::GetSwitchingMode() const
{
    return m_mode;
}

bool
SanFabric::RoutesOnTail() const
{
    return m_switching.RoutesOnTail();
}

uint32_t
SanFabric::GetNVcs() const
{
    NS_ABORT_MSG_UNLESS(m_configured, "SanFabric: Configure() has not run");
    return m_routing->GetNVcs();
}

uint32_t
SanFabric::GetSlotsPerVc() const
{
    return m_switching.GetSlotsPerVc();
}

SanSwitchingPolicy::Sizes
SanFabric::SwitchingSizes() const
{
    SanSwitchingPolicy::Sizes sizes;
    sizes.bufferSize = m_bufferSize;
    sizes.maxPacketSize = m_maxPacketSize;
    sizes.cellSize = m_cellSize;
    sizes.cellPayload = m_cellPayload;
    return sizes;
}

uint32_t
SanFabric::GetBufferSize() const
{
    return m_bufferSize;
}

uint32_t
SanFabric::GetMaxPacketSize() const
{
    return m_maxPacketSize;
}

uint32_t
SanFabric::GetMinPacketSize() const
{
    return m_minPacketSize;
}

uint32_t
SanFabric::GetShortestWirePacket() const
{
    return m_mode == CELL ? m_cellSize : m_minPacketSize;
}

uint32_t
SanFabric::GetCellSize() const
{
    return m_cellSize;
}

uint32_t
SanFabric::GetCellPayload() const
{
    return m_cellPayload;
}

uint64_t
SanFabric::MakeUid(uint32_t host, uint64_t count)
{
    // 28 bits of host (a million hosts and more), 35 bits of count; the top bit is left for
    // the uids of split pieces.
    return (static_cast<uint64_t>(host & 0x0fffffff) << 35) | (count & ((1ULL << 35) - 1));
}

uint64_t
SanFabric::NextUid()
{
    return (1ULL << 63) | m_nextUid++;
}

void
SanFabric::RegisterEndpoint(uint32_t host, Ptr<SanEndpointDevice> dev)
{
    NS_ABORT_MSG_IF(host >= m_endpoints.size(), "SanFabric: host " << host << " out of range");
    m_endpoints[host] = dev;
}

Ptr<SanEndpointDevice>
SanFabric::GetEndpoint(uint32_t host) const
{
    return host < m_endpoints.size() ? m_endpoints[host] : nullptr;
}

void
SanFabric::RegisterSwitch(uint32_t sw, Ptr<SanSwitch> s)
{
    NS_ABORT_MSG_IF(sw >= m_switches.size(), "SanFabric: switch " << sw << " out of range");
    m_switches[sw] = s;
}

uint32_t
SanFabric::AddCutLink(Ptr<SanRemoteChannel> link)
{
    m_cutLinks.push_back(link);
    return static_cast<uint32_t>(m_cutLinks.size() - 1);
}

void
SanFabric::SetSwitchParts(std::vector<uint32_t> switchPart)
{
    m_cutCells = std::make_unique<SanCutCellRecords>(std::move(switchPart));
}

SanRemoteChannel*
SanFabric::GetCutLink(uint32_t index) const
{
    return index < m_cutLinks.size() ? PeekPointer(m_cutLinks[index]) : nullptr;
}

Ptr<SanSwitch>
SanFabric::GetSwitch(uint32_t sw) const
{
    return sw < m_switches.size() ? m_switches[sw] : nullptr;
}

uint32_t
SanFabric::GetOutputOccupancy(uint32_t sw, uint32_t port, uint32_t vcMask) const
{
    const SanSwitch* s = sw < m_switches.size() ? PeekPointer(m_switches[sw]) : nullptr;
    const SanSwitchPort* p = s != nullptr ? s->GetPort(port) : nullptr;
    return p != nullptr ? p->GetOccupancy(vcMask) : 0;
}

void
SanFabric::NotifyInjected()
{
    ++m_injected;
}

void
SanFabric::NotifyDelivered(uint32_t hops)
{
    ++m_delivered;
    m_hops += hops;
}

void
SanFabric::NotifySplit()
{
    ++m_splits;
}

void
SanFabric::NotifyCoalesced()
{
    ++m_coalesced;
}

void
SanFabric::NotifyXonXoff(uint32_t node, uint32_t port, uint32_t vc, bool xoff, uint64_t occupancy)
{
    ++(xoff ? m_xoffSymbols : m_xonSymbols);
    m_xonXoffTrace(node, port, vc, xoff, occupancy);
}

uint64_t
SanFabric::GetXoffSymbols() const
{
    return m_xoffSymbols;
}

uint64_t
SanFabric::GetXonSymbols() const
{
    return m_xonSymbols;
}

uint64_t
SanFabric::GetSplits() const
{
    return m_splits;
}

uint64_t
SanFabric::GetCoalesced() const
{
    return m_coalesced;
}

uint64_t
SanFabric::GetInjected() const
{
    return m_injected;
}

uint64_t
SanFabric::GetDelivered() const
{
    return m_delivered;
}

uint64_t
SanFabric::GetInFlight() const
{
    return m_injected + m_splits - m_coalesced - m_delivered;
}

void
SanFabric::SetFlowProbe(SanFlowProbe* probe)
{
    m_flowProbe = probe;
}

uint64_t
SanFabric::GetSwitchHops() const
{
    return m_hops;
}

} // namespace ns3
