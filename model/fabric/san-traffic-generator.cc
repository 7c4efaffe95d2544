/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-traffic-generator.h"

#include "san-endpoint-device.h"
#include "san-fabric.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanTrafficGenerator");

NS_OBJECT_ENSURE_REGISTERED(SanTrafficGenerator);

TypeId
SanTrafficGenerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanTrafficGenerator")
            .SetParent<Application>()
            .SetGroupName("San")
            .AddConstructor<SanTrafficGenerator>()
            .AddAttribute("Pattern",
                          "Destination pattern.",
                          EnumValue(UNIFORM),
                          MakeEnumAccessor(&SanTrafficGenerator::m_pattern),
                          MakeEnumChecker(UNIFORM,
                                          "Uniform",
                                          HOTSPOT,
                                          "HotSpot",
                                          TRANSPOSE,
                                          "Transpose",
                                          BIT_COMPLEMENT,
                                          "BitComplement",
                                          GROUP_SHIFT,
                                          "GroupShift"))
            .AddAttribute("OfferedLoad",
                          "Packets per host per packet-time (a packet-time serializes one "
                          "packet on the host link).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&SanTrafficGenerator::m_load),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("PacketSize",
                          "Bytes per packet.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&SanTrafficGenerator::m_packetSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("HotSpotHost",
                          "Destination of hot-spot traffic.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanTrafficGenerator::m_hotSpotHost),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HotSpotFraction",
                          "Share of packets sent to the hot spot (HotSpot pattern).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&SanTrafficGenerator::m_hotSpotFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("MeasureStart",
                          "Packets created from this time on are measured.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&SanTrafficGenerator::m_measureStart),
                          MakeTimeChecker())
            .AddAttribute("MeasureStop",
                          "Packets created from this time on are not measured.",
                          TimeValue(Seconds(1e9)),
                          MakeTimeAccessor(&SanTrafficGenerator::m_measureStop),
                          MakeTimeChecker())
            .AddAttribute("TrackOrder",
                          "Count packets that overtake an earlier one of the same source.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&SanTrafficGenerator::m_trackOrder),
                          MakeBooleanChecker())
            // Kim, Dally, Scott and Abts, ISCA 2008, evaluation: the adversarial (worst-case)
            // pattern in which every node of group i sends to group i+1; a dragonfly's group is P*A
            // hosts.
            .AddAttribute("GroupSize",
                          "GroupShift pattern: hosts per block (must divide the number of "
                          "hosts into at least two blocks).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanTrafficGenerator::m_groupSize),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

SanTrafficGenerator::SanTrafficGenerator()
    : m_rng(RngSeedManager::GetSeed(),
            RngSeedManager::GetNextStreamIndex(),
            RngSeedManager::GetRun())
{
}

SanTrafficGenerator::~SanTrafficGenerator() = default;

void
SanTrafficGenerator::DoDispose()
{
    m_dev = nullptr;
    Application::DoDispose();
}

void
SanTrafficGenerator::SetEndpoint(Ptr<SanEndpointDevice> dev)
{
    m_dev = dev;
}

int64_t
SanTrafficGenerator::AssignStreams(int64_t stream)
{
    // As RandomVariableStream::SetStream: fixed streams live in the upper half.
    m_rng = RngStream(RngSeedManager::GetSeed(),
                      (static_cast<uint64_t>(1) << 63) + static_cast<uint64_t>(stream),
                      RngSeedManager::GetRun());
    return 1;
}

uint32_t
SanTrafficGenerator::GetPermutationDestination(uint32_t host, uint32_t nHosts) const
{
    if (m_pattern == TRANSPOSE)
    {
        auto n = static_cast<uint32_t>(std::lround(std::sqrt(static_cast<double>(nHosts))));
        NS_ABORT_MSG_IF(n * n != nHosts,
                        "SanTrafficGenerator: Transpose needs a square number of hosts, not "
                            << nHosts);
        return (host % n) * n + host / n;
    }
    if (m_pattern == BIT_COMPLEMENT)
    {
        NS_ABORT_MSG_IF(nHosts == 0 || (nHosts & (nHosts - 1)) != 0,
                        "SanTrafficGenerator: BitComplement needs a power-of-two number of "
                        "hosts, not "
                            << nHosts);
        return ~host & (nHosts - 1);
    }
    return host;
}

void
SanTrafficGenerator::StartApplication()
{
    if (m_dev == nullptr)
    {
        for (uint32_t i = 0; i < GetNode()->GetNDevices(); ++i)
        {
            m_dev = DynamicCast<SanEndpointDevice>(GetNode()->GetDevice(i));
            if (m_dev != nullptr)
            {
                break;
            }
        }
    }
    NS_ABORT_MSG_IF(m_dev == nullptr,
                    "SanTrafficGenerator: node " << GetNode()->GetId()
                                                 << " has no SanEndpointDevice");
    m_dev->SetDeliverCallback(MakeCallback(&SanTrafficGenerator::Receive, this));
    m_host = m_dev->GetHost();
    m_nHosts = m_dev->GetFabric()->GetTopology()->GetNHosts();
    NS_ABORT_MSG_IF(m_nHosts < 2, "SanTrafficGenerator: needs at least two hosts");
    NS_ABORT_MSG_IF(m_pattern == HOTSPOT && m_hotSpotHost >= m_nHosts,
                    "SanTrafficGenerator: HotSpotHost "
                        << m_hotSpotHost << " out of range (hosts: " << m_nHosts << ")");
    NS_ABORT_MSG_IF(m_packetSize > m_dev->GetFabric()->GetMaxPacketSize(),
                    "SanTrafficGenerator: PacketSize " << m_packetSize
                                                       << " exceeds the fabric's MaxPacketSize "
                                                       << m_dev->GetFabric()->GetMaxPacketSize());
    NS_ABORT_MSG_IF(m_pattern == GROUP_SHIFT && (m_groupSize == 0 || m_nHosts % m_groupSize != 0 ||
                                                 m_nHosts / m_groupSize < 2),
                    "SanTrafficGenerator: GroupShift needs a GroupSize that divides the "
                        << m_nHosts << " hosts into at least two blocks, not " << m_groupSize);
    m_fixedDst = GetPermutationDestination(m_host, m_nHosts);
    m_packetTimeSteps = m_dev->GetSerializationSteps(m_packetSize);
    if (m_load <= 0 ||
        ((m_pattern == TRANSPOSE || m_pattern == BIT_COMPLEMENT) && m_fixedDst == m_host))
    {
        return; // idle host
    }
    ScheduleNext();
}

void
SanTrafficGenerator::ScheduleNext()
{
    // Exponential gap with mean packetTime / load (Poisson arrivals).
    const double gap = -std::log(1.0 - m_rng.RandU01()) * m_packetTimeSteps / m_load;
    m_next = Simulator::Schedule(TimeStep(static_cast<int64_t>(gap)),
                                 &SanTrafficGenerator::Generate,
                                 this);
}

void
SanTrafficGenerator::StopApplication()
{
    Simulator::Cancel(m_next);
}

uint32_t
SanTrafficGenerator::PickDestination()
{
    switch (m_pattern)
    {
    case HOTSPOT:
        if (m_rng.RandU01() < m_hotSpotFraction && m_hotSpotHost != m_host)
        {
            return m_hotSpotHost;
        }
        [[fallthrough]];
    case UNIFORM: {
        uint32_t d = UniformBelow(m_nHosts - 1);
        return d >= m_host ? d + 1 : d;
    }
    case GROUP_SHIFT: {
        const uint32_t next = (m_host / m_groupSize + 1) % (m_nHosts / m_groupSize);
        return next * m_groupSize + UniformBelow(m_groupSize);
    }
    default:
        return m_fixedDst;
    }
}

uint32_t
SanTrafficGenerator::UniformBelow(uint32_t n)
{
    auto v = static_cast<uint32_t>(m_rng.RandU01() * n);
    return v < n ? v : n - 1;
}

void
SanTrafficGenerator::Generate()
{
    uint32_t dst = PickDestination();
    const Time now = Simulator::Now();
    ++m_generated;
    if (now >= m_measureStart && now < m_measureStop)
    {
        ++m_generatedMeasured;
    }
    m_dev->SendTo(dst, m_packetSize);
    ScheduleNext();
}

void
SanTrafficGenerator::Receive(const SanFabricPacket& p)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    ++m_received;
    if (now >= m_measureStart.GetTimeStep() && now < m_measureStop.GetTimeStep())
    {
        ++m_receivedInWindow;
    }
    if (p.createdTs >= m_measureStart.GetTimeStep() && p.createdTs < m_measureStop.GetTimeStep())
    {
        ++m_receivedMeasured;
        const int64_t lat = now - p.createdTs;
        m_latencySum += TimeStep(lat).GetSeconds();
        m_maxLatency = std::max(m_maxLatency, lat);
        m_hopSum += p.hops;
    }
    if (m_trackOrder)
    {
        if (!m_lastSeq)
        {
            m_lastSeq = std::make_unique<std::unordered_map<uint32_t, uint64_t>>();
        }
        auto it = m_lastSeq->find(p.src);
        if (it == m_lastSeq->end())
        {
            m_lastSeq->emplace(p.src, p.seq);
        }
        else if (p.seq < it->second)
        {
            ++m_reordered;
        }
        else
        {
            it->second = p.seq;
        }
    }
}

uint64_t
SanTrafficGenerator::GetGenerated() const
{
    return m_generated;
}

uint64_t
SanTrafficGenerator::GetGeneratedMeasured() const
{
    return m_generatedMeasured;
}

uint64_t
SanTrafficGenerator::GetReceived() const
{
    return m_received;
}

uint64_t
SanTrafficGenerator::GetReceivedInWindow() const
{
    return m_receivedInWindow;
}

uint64_t
SanTrafficGenerator::GetReceivedMeasured() const
{
    return m_receivedMeasured;
}

double
SanTrafficGenerator::GetLatencySum() const
{
    return m_latencySum;
}

Time
SanTrafficGenerator::GetMaxLatency() const
{
    return TimeStep(m_maxLatency);
}

uint64_t
SanTrafficGenerator::GetHopSum() const
{
    return m_hopSum;
}

uint64_t
SanTrafficGenerator::GetReordered() const
{
    return m_reordered;
}

} // namespace ns3
