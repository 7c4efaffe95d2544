/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switch.h"

#include "san-fabric.h"
#include "san-switch-port-device.h"
#include "san-switch-port.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/object-vector.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/san-routing.h"
#include "ns3/san-topology.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <new>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanSwitch");

NS_OBJECT_ENSURE_REGISTERED(SanSwitch);

namespace
{

/**
 * The switch's "Ports" attribute: its connected ports' devices (made on first use), each at its
 * topology port number, so that a Config path names a port as the topology does.
 */
class SanSwitchPortsAccessor : public ObjectPtrContainerAccessor
{
  public:
    bool HasGetter() const override
    {
        return true;
    }

    bool HasSetter() const override
    {
        return false;
    }

  private:
    bool DoGetN(const ObjectBase* object, std::size_t* n) const override
    {
        const auto* sw = dynamic_cast<const SanSwitch*>(object);
        if (sw == nullptr)
        {
            return false;
        }
        *n = sw->GetNConnectedPorts();
        return true;
    }

    Ptr<Object> DoGet(const ObjectBase* object, std::size_t i, std::size_t* index) const override
    {
        // Reading the attribute makes the devices: the switch is logically unchanged.
        auto* sw = const_cast<SanSwitch*>(dynamic_cast<const SanSwitch*>(object));
        const uint32_t port =
            sw->GetConnectedPortAt(static_cast<uint32_t>(i))->GetNumber(); // its topology port
        *index = port;
        return sw->GetPortDevice(port);
    }
};

} // namespace

TypeId
SanSwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanSwitch")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<SanSwitch>()
            .AddAttribute("Ports",
                          "The devices of the switch's connected ports, by "
                          "topology port number (each made on first use).",
                          ObjectVectorValue(),
                          Ptr<const AttributeAccessor>(Create<SanSwitchPortsAccessor>()),
                          MakeObjectVectorChecker<SanSwitchPortDevice>())
            // Hamlyn 1995, section 4.1 ("about 0.5 us of switching latency") and
            // Table 3, row "switch": 20 LANai cycles, 0.5 us.
            .AddAttribute(
                "RoutingDelay",
                "Time from a head's arrival to its routing decision.",
                TimeValue(NanoSeconds(500)),
                MakeTimeAccessor(&SanSwitch::SetRoutingDelay, &SanSwitch::GetRoutingDelay),
                MakeTimeChecker(Seconds(0)))
            // Modelling choice: lets one crossbar "switch" with RoutingDelay 0
            // stand for the plain fiber between two back-to-back hosts (DART's
            // switchless ATM network), which adds no store-and-forward time.
            .AddAttribute(
                "CutThroughCells",
                "In Cell mode, route each cell on its head instead of "
                "its tail (a cut-through cell switch; with "
                "RoutingDelay 0 it is a plain link).",
                BooleanValue(false),
                MakeBooleanAccessor(&SanSwitch::SetCutThroughCells, &SanSwitch::GetCutThroughCells),
                MakeBooleanChecker())
            // Modelling choice: 0 (off) keeps every result that predates packet
            // splitting. CLAN 1999, section 2.2, says a switch should split a
            // large packet so that it does not hog an output port, but gives no
            // piece size.
            .AddAttribute("SplitThreshold",
                          "Wormhole and virtual cut-through: when other packets "
                          "wait for the output a splittable packet longer than "
                          "this (bytes on the wire) is about to take, send only a "
                          "piece of at most this many bytes (its header and a "
                          "whole number of 4-byte words) and queue the rest "
                          "behind them as a new packet. 0: never split.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanSwitch::m_splitThreshold),
                          MakeUintegerChecker<uint32_t>())
            // CLAN 1999, section 2.2: "Even if a packet is split, it may
            // potentially be coalesced at another switch further on its route."
            .AddAttribute("Coalesce",
                          "Virtual cut-through: merge a piece of a split packet "
                          "into the piece before it when both wait for the same "
                          "output with no other packet between them.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&SanSwitch::m_coalesce),
                          MakeBooleanChecker())
            // Modelling choice: FCFS keeps every result that predates the choice; the others
            // are the switch allocators BookSim2 and SST merlin offer (SanOutputArbiter).
            .AddAttribute("Arbitration",
                          "Which waiting packet an output port serves next when its link "
                          "frees: FCFS (arrival order), RoundRobin (over input ports), "
                          "OldestFirst (earliest injection at the source) or Priority "
                          "(highest traffic class, SanEndpointDevice TrafficClass). Takes "
                          "effect at once, also after Install.",
                          EnumValue(SanOutputArbiter::FCFS),
                          MakeEnumAccessor(&SanSwitch::SetArbitration, &SanSwitch::GetArbitration),
                          MakeEnumChecker(SanOutputArbiter::FCFS,
                                          "FCFS",
                                          SanOutputArbiter::ROUND_ROBIN,
                                          "RoundRobin",
                                          SanOutputArbiter::OLDEST_FIRST,
                                          "OldestFirst",
                                          SanOutputArbiter::PRIORITY,
                                          "Priority"));
    return tid;
}

// What a packet-hop reads of a switch stays in its 128-byte malloc chunk (see the members).
static_assert(sizeof(void*) != 8 || sizeof(SanSwitch) <= 120, "SanSwitch grew past 120 bytes");

SanSwitch::SanSwitch() = default;

SanSwitch::~SanSwitch()
{
    FreeStore();
}

void
SanSwitch::MakeStore(uint32_t n)
{
    FreeStore();
    // One allocation: the header through which a port finds its switch, then the ports, each
    // made with its index (SanPort::GetSwitchBlock). Malloc's alignment is the ports' (an
    // alignment to cache lines would cost up to a line per switch; the 72-byte ports straddle
    // lines anyway).
    static_assert(sizeof(SanPort::SwitchBlock) == 16, "the block header grew");
    static_assert(sizeof(SanPort::SwitchBlock) % alignof(SanSwitchPort) == 0,
                  "the ports after the header would be misaligned");
    static_assert(alignof(SanSwitchPort) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__,
                  "the ports need more than malloc's alignment");
    // After the ports, each one's last input served (round-robin arbitration): 2 bytes a port,
    // so that the policy can change at any time without moving the ports.
    void* mem = ::operator new(sizeof(SanPort::SwitchBlock) + n * sizeof(SanSwitchPort) +
                               n * sizeof(uint16_t));
    auto* header = new (mem) SanPort::SwitchBlock{this, m_nodeId, m_arbitration, {0, 0, 0}};
    m_store = reinterpret_cast<SanSwitchPort*>(header + 1);
    for (uint32_t i = 0; i < n; ++i)
    {
        new (&m_store[i]) SanSwitchPort(i);
    }
    m_storeSize = n;
    // None served yet: the lowest-numbered input comes first.
    std::fill_n(LastInputs(), n, uint16_t{0xffff});
}

void
SanSwitch::FreeStore()
{
    if (m_store == nullptr)
    {
        return;
    }
    for (uint32_t i = 0; i < m_storeSize; ++i)
    {
        m_store[i].~SanSwitchPort();
    }
    auto* header = reinterpret_cast<SanPort::SwitchBlock*>(m_store) - 1;
    header->~SwitchBlock();
    ::operator delete(header);
    m_store = nullptr;
    m_storeSize = 0;
}

void
SanSwitch::DoDispose()
{
    for (uint32_t i = 0; i < m_storeSize; ++i)
    {
        m_store[i].Dispose(); // a port never made has nothing to give back
    }
    m_devices.reset();
    m_ports.reset();
    m_fabric = nullptr;
    Object::DoDispose();
}

void
SanSwitch::Setup(Ptr<SanFabric> fabric, uint32_t index, uint32_t connectedPorts)
{
    m_fabric = PeekPointer(fabric);
    m_index = index;
    m_routingDelaySteps = m_routingDelay.GetTimeStep();
    UpdateRoutesOnTail();
    m_allVcs = (1u << fabric->GetNVcs()) - 1;
    const uint32_t nPorts = m_fabric->PeekTopology()->GetNPorts(index);
    NS_ABORT_MSG_IF(connectedPorts > nPorts,
                    "SanSwitch " << index << ": " << connectedPorts << " connected ports, but the "
                                 << "topology gives it " << nPorts);
    m_nPorts = nPorts;
    MakeStore(connectedPorts != 0 ? connectedPorts : nPorts);
    m_nStored = 0;
    // Every port connected (most switches of a fat tree or a torus): the array is indexed by
    // port number, with no table beside it. Otherwise a table by port number points into it.
    m_byNumber = connectedPorts == nPorts;
    m_ports.reset();
    if (!m_byNumber)
    {
        m_ports = std::make_unique<SanSwitchPort*[]>(nPorts); // all nullptr
    }
}

void
SanSwitch::SetRoutingDelay(Time delay)
{
    // The cached steps follow, so that Config::Set after Install takes effect.
    m_routingDelay = delay;
    m_routingDelaySteps = delay.GetTimeStep();
}

Time
SanSwitch::GetRoutingDelay() const
{
    return m_routingDelay;
}

void
SanSwitch::SetCutThroughCells(bool cutThrough)
{
    m_cutThroughCells = cutThrough;
    UpdateRoutesOnTail();
}

bool
SanSwitch::GetCutThroughCells() const
{
    return m_cutThroughCells;
}

void
SanSwitch::UpdateRoutesOnTail()
{
    if (m_fabric == nullptr)
    {
        return; // Setup decides
    }
    // CutThroughCells lets a switch route a cell on its head (cells only).
    const SanSwitchingPolicy& switching = m_fabric->GetSwitching();
    m_routesOnTail = switching.RoutesOnTail() && !(m_cutThroughCells && switching.CutsIntoCells());
}

SanSwitchPort*
SanSwitch::AddPort(uint32_t port)
{
    NS_ABORT_MSG_IF(port >= m_nPorts,
                    "SanSwitch " << m_index << ": port " << port << " out of range");
    NS_ABORT_MSG_IF(GetPort(port) != nullptr,
                    "SanSwitch " << m_index << ": port " << port << " made twice");
    NS_ABORT_MSG_IF(m_nStored == m_storeSize,
                    "SanSwitch " << m_index << ": more ports than the " << m_storeSize
                                 << " announced to Setup");
    ++m_nStored;
    SanSwitchPort* p = m_byNumber ? &m_store[port] : &m_store[m_nStored - 1];
    p->SetPortNumber(port);
    if (!m_byNumber)
    {
        m_ports[port] = p;
    }
    return p;
}

uint32_t
SanSwitch::GetNConnectedPorts() const
{
    return m_nStored;
}

SanSwitchPort*
SanSwitch::GetConnectedPortAt(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_nStored, "SanSwitch " << m_index << ": no connected port #" << i);
    if (!m_byNumber || m_nStored == m_storeSize)
    {
        return &m_store[i];
    }
    // By number, while the links are being built: the i-th of those made so far.
    for (uint32_t k = 0; k < m_storeSize; ++k)
    {
        if (m_store[k].IsMade() && i-- == 0)
        {
            return &m_store[k];
        }
    }
    return nullptr;
}

Ptr<SanSwitchPortDevice>
SanSwitch::GetPortDevice(uint32_t port)
{
    SanSwitchPort* p = GetPort(port);
    if (p == nullptr)
    {
        return nullptr;
    }
    if (m_devices == nullptr)
    {
        m_devices = std::make_unique<Ptr<SanSwitchPortDevice>[]>(m_nPorts);
    }
    if (m_devices[port] == nullptr)
    {
        Ptr<Node> node = GetObject<Node>();
        NS_ABORT_MSG_IF(node == nullptr,
                        "SanSwitch " << m_index
                                     << " has no node, so its ports have no devices (a helper "
                                        "with SetSwitchNodes(false) makes none; aggregate the "
                                        "switch to a node first)");
        Ptr<SanSwitchPortDevice> dev = CreateObject<SanSwitchPortDevice>();
        dev->SetAddress(Mac48Address::Allocate());
        dev->SetSwitchPort(p);
        node->AddDevice(dev);
        m_devices[port] = dev;
    }
    return m_devices[port];
}

uint32_t
SanSwitch::GetIndex() const
{
    return m_index;
}

SanSwitchPort*
SanSwitch::GetPort(uint32_t port) const
{
    if (port >= m_nPorts)
    {
        return nullptr;
    }
    if (m_byNumber)
    {
        SanSwitchPort* p = &m_store[port];
        return p->IsMade() ? p : nullptr; // made yet?
    }
    return m_ports[port];
}

uint32_t
SanSwitch::GetSplitThreshold() const
{
    return m_splitThreshold;
}

bool
SanSwitch::GetCoalesce() const
{
    return m_coalesce;
}

void
SanSwitch::SetArbitration(SanOutputArbiter::Policy policy)
{
    m_arbitration = policy;
    if (m_store != nullptr)
    {
        (reinterpret_cast<SanPort::SwitchBlock*>(m_store) - 1)->arbitration = policy;
    }
}

SanOutputArbiter::Policy
SanSwitch::GetArbitration() const
{
    return static_cast<SanOutputArbiter::Policy>(m_arbitration);
}

uint16_t*
SanSwitch::LastInputs() const
{
    return reinterpret_cast<uint16_t*>(m_store + m_storeSize);
}

uint32_t
SanSwitch::GetLastInput(uint32_t storeIndex) const
{
    return LastInputs()[storeIndex];
}

void
SanSwitch::SetLastInput(uint32_t storeIndex, uint32_t input)
{
    LastInputs()[storeIndex] = static_cast<uint16_t>(input);
}

void
SanSwitch::SetNodeId(uint32_t id)
{
    m_nodeId = id;
    if (m_store != nullptr)
    {
        (reinterpret_cast<SanPort::SwitchBlock*>(m_store) - 1)->context = id; // the ports' context
    }
}

namespace
{

/**
 * The routing function chose a port without a link (kept out of line, off the per-hop path).
 * \param sw switch index
 * \param port the port
 */
[[noreturn]] void
AbortNotConnected(uint32_t sw, uint32_t port)
{
    NS_ABORT_MSG("SanSwitch " << sw << ": routing chose port " << port
                              << ", which is not connected");
}

} // namespace

inline SanSwitchPort*
SanSwitch::GetConnectedPort(uint32_t port) const
{
    // By number, every port is connected once the links are built (Setup was told so).
    SanSwitchPort* dev = port >= m_nPorts ? nullptr : m_byNumber ? &m_store[port] : m_ports[port];
    if (dev == nullptr)
    {
        AbortNotConnected(m_index, port);
    }
    return dev;
}

void
SanSwitch::AbortTooManyHops(const SanFabricPacket* p) const
{
    NS_FATAL_ERROR("SanSwitch " << m_index << ": packet " << p->uid << " (host " << p->src
                                << " to host " << p->dst << ") has crossed "
                                << SanFabricPacket::MAX_HOPS
                                << " switches (its hop count has 16 bits): a routing livelock?");
}

void
SanSwitch::HandleReady(SanFabricPacket* p)
{
    p->readyTs = Simulator::Now().GetTimeStep();
    if (p->hops == SanFabricPacket::MAX_HOPS)
    {
        AbortTooManyHops(p);
    }
    ++p->hops;
    NS_LOG_LOGIC("switch-" << m_index << ": packet " << p->uid << " (host " << p->src << " to host "
                           << p->dst << ", hop " << p->hops << ") ready to route");
    if (p->dstSwitch == m_index)
    {
        GetConnectedPort(m_fabric->PeekTopology()->GetHostPort(p->dst))->Forward(p, m_allVcs);
        return;
    }
    SanRouteChoice choice;
    m_fabric->PeekRouting()->Route(m_index, *p, choice);
    if (choice.nCandidates > 0)
    {
        // Least-occupied candidate among those that can take the packet now.
        SanSwitchPort* best = nullptr;
        SanSwitchPort* leastLoaded = nullptr;
        uint32_t bestOcc = 0xffffffff;
        uint32_t leastOcc = 0xffffffff;
        const uint32_t n = choice.nCandidates;
        const uint32_t start = m_tieBreak++ % n;
        for (uint32_t k = 0; k < n; ++k)
        {
            SanSwitchPort* port = GetConnectedPort(choice.candidates[(start + k) % n]);
            uint32_t occ = port->GetOccupancy(choice.adaptiveMask);
            if (occ < leastOcc)
            {
                leastOcc = occ;
                leastLoaded = port;
            }
            if (occ < bestOcc && port->CanSendNow(choice.adaptiveMask))
            {
                bestOcc = occ;
                best = port;
            }
        }
        if (best != nullptr)
        {
            best->Forward(p, choice.adaptiveMask);
            return;
        }
        if (choice.escapePort == SanTopology::NO_PORT)
        {
            // No escape needed (e.g. fat tree): wait at the least loaded candidate.
            leastLoaded->Forward(p, choice.adaptiveMask);
            return;
        }
        uint32_t mask = choice.escapeMask;
        for (uint32_t k = 0; k < n; ++k)
        {
            if (choice.candidates[k] == choice.escapePort)
            {
                mask |= choice.adaptiveMask; // the escape port's adaptive channel too
                break;
            }
        }
        GetConnectedPort(choice.escapePort)->Forward(p, mask);
        return;
    }
    GetConnectedPort(choice.escapePort)->Forward(p, choice.escapeMask);
}

void
SanSwitch::NotifyDepart(uint32_t port, uint32_t vc, SanFabricPacket* p)
{
    NS_LOG_LOGIC("switch-" << m_index << "-port-" << port << ": packet " << p->uid
                           << " departs on vc " << vc);
    m_fabric->PeekRouting()->OnDepart(m_index, port, vc, *p);
}

} // namespace ns3
