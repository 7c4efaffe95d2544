/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-switch.h"

#include "san-fabric.h"
#include "san-switch-port.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/san-routing.h"
#include "ns3/san-topology.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanSwitch");

NS_OBJECT_ENSURE_REGISTERED(SanSwitch);

TypeId
SanSwitch::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanSwitch")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanSwitch>()
                            // Hamlyn 1995, section 4.1 ("about 0.5 us of switching latency") and
                            // Table 3, row "switch": 20 LANai cycles, 0.5 us.
                            .AddAttribute("RoutingDelay",
                                          "Time from a head's arrival to its routing decision.",
                                          TimeValue(NanoSeconds(500)),
                                          MakeTimeAccessor(&SanSwitch::m_routingDelay),
                                          MakeTimeChecker(Seconds(0)))
                            // Modelling choice: lets one crossbar "switch" with RoutingDelay 0
                            // stand for the plain fiber between two back-to-back hosts (DART's
                            // switchless ATM network), which adds no store-and-forward time.
                            .AddAttribute("CutThroughCells",
                                          "In Cell mode, route each cell on its head instead of "
                                          "its tail (a cut-through cell switch; with "
                                          "RoutingDelay 0 it is a plain link).",
                                          BooleanValue(false),
                                          MakeBooleanAccessor(&SanSwitch::m_cutThroughCells),
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
                                          MakeBooleanChecker());
    return tid;
}

SanSwitch::SanSwitch() = default;

SanSwitch::~SanSwitch() = default;

void
SanSwitch::DoDispose()
{
    m_ports.clear();
    m_fabric = nullptr;
    m_routing = nullptr;
    m_topology = nullptr;
    Object::DoDispose();
}

void
SanSwitch::Setup(Ptr<SanFabric> fabric, uint32_t index)
{
    m_fabric = PeekPointer(fabric);
    m_routing = PeekPointer(fabric->GetRouting());
    m_topology = PeekPointer(fabric->GetTopology());
    m_index = index;
    m_routingDelaySteps = m_routingDelay.GetTimeStep();
    m_routesOnTail = fabric->RoutesOnTail();
    if (m_cutThroughCells && fabric->GetSwitchingMode() == SanFabric::CELL)
    {
        m_routesOnTail = false;
    }
    m_allVcs = (1u << fabric->GetNVcs()) - 1;
    m_ports.assign(m_topology->GetNPorts(index), nullptr);
}

void
SanSwitch::AddPort(uint32_t port, Ptr<SanSwitchPort> dev)
{
    NS_ABORT_MSG_IF(port >= m_ports.size(),
                    "SanSwitch " << m_index << ": port " << port << " out of range");
    m_ports[port] = PeekPointer(dev);
    dev->SetSwitch(this, port);
}

uint32_t
SanSwitch::GetIndex() const
{
    return m_index;
}

Ptr<SanSwitchPort>
SanSwitch::GetPort(uint32_t port) const
{
    return port < m_ports.size() ? Ptr<SanSwitchPort>(m_ports[port]) : nullptr;
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
SanSwitch::SetNodeId(uint32_t id)
{
    m_nodeId = id;
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
    SanSwitchPort* dev = port < m_ports.size() ? m_ports[port] : nullptr;
    if (dev == nullptr)
    {
        AbortNotConnected(m_index, port);
    }
    return dev;
}

void
SanSwitch::HandleReady(SanFabricPacket* p)
{
    p->readyTs = Simulator::Now().GetTimeStep();
    ++p->hops;
    NS_LOG_LOGIC("switch-" << m_index << ": packet " << p->uid << " (host " << p->src << " to host "
                           << p->dst << ", hop " << p->hops << ") ready to route");
    if (p->dstSwitch == m_index)
    {
        GetConnectedPort(m_topology->GetHostPort(p->dst))->Forward(p, m_allVcs);
        return;
    }
    SanRouteChoice choice;
    m_routing->Route(m_index, *p, choice);
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
    m_routing->OnDepart(m_index, port, vc, *p);
}

} // namespace ns3
