/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-traffic-generator.h"

#include "san-endpoint-device.h"
#include "san-fabric.h"
#include "san-traffic-stats.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

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
                          MakeEnumAccessor(&SanTrafficGenerator::Set<Pattern, &Settings::pattern>,
                                           &SanTrafficGenerator::Get<Pattern, &Settings::pattern>),
                          MakeEnumChecker(UNIFORM,
                                          "Uniform",
                                          HOTSPOT,
                                          "HotSpot",
                                          TRANSPOSE,
                                          "Transpose",
                                          BIT_COMPLEMENT,
                                          "BitComplement",
                                          BIT_REVERSAL,
                                          "BitReversal",
                                          SHUFFLE,
                                          "Shuffle",
                                          TORNADO,
                                          "Tornado",
                                          NEIGHBOR,
                                          "Neighbor",
                                          PERMUTATION,
                                          "Permutation",
                                          GROUP_SHIFT,
                                          "GroupShift"))
            .AddAttribute("OfferedLoad",
                          "Packets per host per packet-time (a packet-time serializes one "
                          "packet of the mean size, framing included, on the host link); 0 (an "
                          "idle host) or 1e-9 .. 10.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&SanTrafficGenerator::Set<double, &Settings::load>,
                                             &SanTrafficGenerator::Get<double, &Settings::load>),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute(
                "PacketSize",
                "Bytes per packet.",
                UintegerValue(64),
                MakeUintegerAccessor(&SanTrafficGenerator::Set<uint32_t, &Settings::packetSize>,
                                     &SanTrafficGenerator::Get<uint32_t, &Settings::packetSize>),
                MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "HotSpotHost",
                "Destination of hot-spot traffic.",
                UintegerValue(0),
                MakeUintegerAccessor(&SanTrafficGenerator::Set<uint32_t, &Settings::hotSpotHost>,
                                     &SanTrafficGenerator::Get<uint32_t, &Settings::hotSpotHost>),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "HotSpotFraction",
                "Share of packets sent to the hot spot (HotSpot pattern).",
                DoubleValue(0.1),
                MakeDoubleAccessor(&SanTrafficGenerator::Set<double, &Settings::hotSpotFraction>,
                                   &SanTrafficGenerator::Get<double, &Settings::hotSpotFraction>),
                MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute(
                "MeasureStart",
                "Packets created from this time on are measured.",
                TimeValue(Seconds(0)),
                MakeTimeAccessor(&SanTrafficGenerator::Set<Time, &Settings::measureStart>,
                                 &SanTrafficGenerator::Get<Time, &Settings::measureStart>),
                MakeTimeChecker())
            .AddAttribute("MeasureStop",
                          "Packets created from this time on are not measured.",
                          TimeValue(Seconds(1e9)),
                          MakeTimeAccessor(&SanTrafficGenerator::Set<Time, &Settings::measureStop>,
                                           &SanTrafficGenerator::Get<Time, &Settings::measureStop>),
                          MakeTimeChecker())
            .AddAttribute(
                "TrackOrder",
                "Count packets that overtake an earlier one of the same source.",
                BooleanValue(false),
                MakeBooleanAccessor(&SanTrafficGenerator::Set<bool, &Settings::trackOrder>,
                                    &SanTrafficGenerator::Get<bool, &Settings::trackOrder>),
                MakeBooleanChecker())
            // Not from a paper: a NIC's send queue is finite (BookSim keeps an unbounded source
            // queue instead; here memory must stay flat at overload). 256 packets is far more
            // than a source below saturation ever holds.
            .AddAttribute("MaxSourceQueue",
                          "Packets (cells in Cell mode) that may wait in a host's interface to "
                          "enter the fabric; a packet created while it is full is counted as not "
                          "injected and dropped at the source. 0: no bound.",
                          UintegerValue(256),
                          MakeUintegerAccessor(
                              &SanTrafficGenerator::Set<uint32_t, &Settings::maxSourceQueue>,
                              &SanTrafficGenerator::Get<uint32_t, &Settings::maxSourceQueue>),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "Radix",
                "k of the k-ary n-cube the hosts are seen as (Tornado, Neighbor): the "
                "host count must be a power of k. 0: the square root of a square host "
                "count, else the host count (a ring).",
                UintegerValue(0),
                MakeUintegerAccessor(&SanTrafficGenerator::Set<uint32_t, &Settings::radix>,
                                     &SanTrafficGenerator::Get<uint32_t, &Settings::radix>),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute("Destination",
                          "Permutation pattern: this host's destination.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanTrafficGenerator::m_destination),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SizeDistribution",
                          "Packet sizes drawn at random, 'size:weight,size:weight,...'; empty: "
                          "every packet has PacketSize bytes.",
                          StringValue(""),
                          MakeStringAccessor(&SanTrafficGenerator::SetSizeText,
                                             &SanTrafficGenerator::GetSizeText),
                          MakeStringChecker())
            // Kim, Dally, Scott and Abts, ISCA 2008, evaluation: the adversarial (worst-case)
            // pattern in which every node of group i sends to group i+1; a dragonfly's group is P*A
            // hosts.
            .AddAttribute(
                "GroupSize",
                "GroupShift pattern: hosts per block (must divide the number of "
                "hosts into at least two blocks).",
                UintegerValue(0),
                MakeUintegerAccessor(&SanTrafficGenerator::Set<uint32_t, &Settings::groupSize>,
                                     &SanTrafficGenerator::Get<uint32_t, &Settings::groupSize>),
                MakeUintegerChecker<uint32_t>());
    return tid;
}

SanTrafficGenerator::SanTrafficGenerator()
    : m_settings(s_lastConstructed != nullptr ? s_lastConstructed : Settings::Intern(Settings{})),
      m_rng(RngSeedManager::GetSeed(),
            RngSeedManager::GetNextStreamIndex(),
            RngSeedManager::GetRun())
{
}

void
SanTrafficGenerator::NotifyConstructionCompleted()
{
    // The next generator starts from these settings: set the same way (as a helper's are), its
    // attributes then change nothing, and no record is made for it.
    s_lastConstructed = m_settings;
    Application::NotifyConstructionCompleted();
}

SanTrafficGenerator::~SanTrafficGenerator() = default;

void
SanTrafficGenerator::DoDispose()
{
    if (m_dev != nullptr && m_dev->GetDeliverSink() == this)
    {
        m_dev->SetDeliverSink(nullptr);
    }
    m_dev = nullptr;
    Set<std::shared_ptr<SanTrafficStats>, &Settings::stats>(nullptr);
    m_stopTs = 0; // a packet still scheduled finds the generator stopped
    Application::DoDispose();
}

void
SanTrafficGenerator::DoInitialize()
{
    // Application::DoInitialize's start event; its stop event, which would cancel the next
    // packet, is a check in ScheduleNext (a packet due at the stop time is not sent, as the
    // stop event, scheduled first, ran before it).
    m_startEvent = Simulator::Schedule(m_startTime, &SanTrafficGenerator::StartApplication, this);
    if (m_stopTime != TimeStep(0))
    {
        m_stopTs = (Simulator::Now() + m_stopTime).GetTimeStep();
    }
    Object::DoInitialize(); // not Application's: that would schedule both events
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
SanTrafficGenerator::GetHost() const
{
    NS_ABORT_MSG_IF(m_dev == nullptr, "SanTrafficGenerator: installed on no endpoint");
    return m_dev->GetHost();
}

std::string
SanTrafficGenerator::CheckLoad(double load)
{
    std::ostringstream msg;
    if (!std::isfinite(load))
    {
        msg << "offered load " << load << " is not a finite number";
    }
    else if (load <= 0)
    {
        msg << "offered load " << load << " must be positive (packets per host per packet-time)";
    }
    else if (load < MIN_LOAD)
    {
        msg << "offered load " << load << " is below " << MIN_LOAD
            << " packets per host per packet-time: nothing would be sent";
    }
    else if (load > MAX_LOAD)
    {
        msg << "offered load " << load << " exceeds " << MAX_LOAD
            << " packets per host per packet-time (a host link carries at most 1)";
    }
    return msg.str();
}

std::string
SanTrafficGenerator::Abbreviate(const std::string& s)
{
    return s.size() <= 40 ? s : s.substr(0, 40) + "... (" + std::to_string(s.size()) + " chars)";
}

std::string
SanTrafficGenerator::ParseSizeDistribution(const std::string& text,
                                           std::vector<std::pair<uint32_t, double>>& out)
{
    out.clear();
    std::istringstream in(text);
    std::string item;
    double total = 0;
    while (std::getline(in, item, ','))
    {
        const auto colon = item.find(':');
        const std::string sizeText = item.substr(0, colon);
        const std::string weightText = colon == std::string::npos ? "1" : item.substr(colon + 1);
        char* end = nullptr;
        errno = 0;
        const unsigned long long size = std::strtoull(sizeText.c_str(), &end, 10);
        if (sizeText.empty() || *end != '\0' || errno != 0 || size == 0 || size > 0xffffffffULL ||
            sizeText.find('-') != std::string::npos)
        {
            return "packet size '" + Abbreviate(sizeText) +
                   "' in the size distribution is not a whole number of bytes from 1 to "
                   "4294967295";
        }
        const double w = std::strtod(weightText.c_str(), &end);
        if (weightText.empty() || *end != '\0' || !std::isfinite(w) || w <= 0)
        {
            return "weight '" + Abbreviate(weightText) + "' of size " + sizeText +
                   " in the size distribution is not a positive number";
        }
        total += w;
        out.emplace_back(static_cast<uint32_t>(size), total);
    }
    if (out.empty())
    {
        return "the size distribution '" + Abbreviate(text) + "' lists no size";
    }
    for (auto& e : out)
    {
        e.second /= total;
    }
    out.back().second = 1.0;
    return "";
}

double
SanTrafficGenerator::GetMeanPacketSize() const
{
    std::vector<std::pair<uint32_t, double>> sizes;
    if (S().sizeDist == nullptr || !ParseSizeDistribution(S().sizeDist->text, sizes).empty())
    {
        return S().packetSize;
    }
    double mean = 0;
    double prev = 0;
    for (const auto& e : sizes)
    {
        mean += e.first * (e.second - prev);
        prev = e.second;
    }
    return mean;
}

void
SanTrafficGenerator::SetStats(std::shared_ptr<SanTrafficStats> stats)
{
    Set<std::shared_ptr<SanTrafficStats>, &Settings::stats>(std::move(stats));
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
    m_dev->SetDeliverSink(this); // a Callback would cost about 200 bytes per host
    m_host = m_dev->GetHost();
    Set<uint32_t, &Settings::nHosts>(m_dev->GetFabric()->GetTopology()->GetNHosts());
    NS_ABORT_MSG_IF(S().nHosts < 2, "SanTrafficGenerator: needs at least two hosts");
    NS_ABORT_MSG_IF(S().pattern == HOTSPOT && S().hotSpotHost >= S().nHosts,
                    "SanTrafficGenerator: HotSpotHost "
                        << S().hotSpotHost << " out of range (hosts: " << S().nHosts << ")");
    if (S().load != 0)
    {
        const std::string loadError = CheckLoad(S().load);
        NS_ABORT_MSG_IF(!loadError.empty(), "SanTrafficGenerator: " << loadError);
    }
    uint32_t largest = S().packetSize;
    uint32_t shortest = S().packetSize;
    if (S().sizeDist != nullptr)
    {
        SizeDistribution& dist = *S().sizeDist; // shared: the first generator to start parses it
        if (dist.sizes.empty())
        {
            const std::string sizeError = ParseSizeDistribution(dist.text, dist.sizes);
            NS_ABORT_MSG_IF(!sizeError.empty(), "SanTrafficGenerator: " << sizeError);
        }
        largest = 0;
        shortest = std::numeric_limits<uint32_t>::max();
        for (const auto& e : S().sizeDist->sizes)
        {
            largest = std::max(largest, e.first);
            shortest = std::min(shortest, e.first);
        }
    }
    NS_ABORT_MSG_IF(largest > m_dev->GetFabric()->GetMaxPacketSize(),
                    "SanTrafficGenerator: packet size " << largest
                                                        << " exceeds the fabric's MaxPacketSize "
                                                        << m_dev->GetFabric()->GetMaxPacketSize());
    NS_ABORT_MSG_IF(shortest < m_dev->GetFabric()->GetMinPacketSize(),
                    "SanTrafficGenerator: packet size "
                        << shortest << " is shorter than the fabric's MinPacketSize "
                        << m_dev->GetFabric()->GetMinPacketSize());
    m_fixedDst = GetPermutationDestination(m_host, S().nHosts);
    // A packet-time: the serialization of a packet of the mean size.
    const double mean = GetMeanPacketSize();
    Set<int64_t, &Settings::packetTimeSteps>(
        m_dev->GetSerializationSteps(static_cast<uint32_t>(std::lround(mean))));
    if (S().load <= 0 || (S().pattern != UNIFORM && S().pattern != HOTSPOT &&
                          S().pattern != GROUP_SHIFT && m_fixedDst == m_host))
    {
        return; // idle host
    }
    ScheduleNext();
}

void
SanTrafficGenerator::ScheduleNext()
{
    // Exponential gap with mean packetTime / load (Poisson arrivals). CheckLoad keeps the gap
    // far inside the clock's range; the clamp only guards against rounding.
    double gap = -std::log(1.0 - m_rng.RandU01()) * S().packetTimeSteps / S().load;
    gap = std::min(gap, 4e18);
    const int64_t delay = static_cast<int64_t>(gap);
    if (m_stopTs >= 0 && delay >= m_stopTs - Simulator::Now().GetTimeStep())
    {
        return; // stopped by then
    }
    Simulator::Schedule(TimeStep(delay), &SanTrafficGenerator::Generate, this);
}

void
SanTrafficGenerator::StopApplication()
{
    // Application's stop; DoInitialize schedules no event for it. A packet already scheduled
    // is not sent (Generate).
    m_stopTs = Simulator::Now().GetTimeStep();
}

uint32_t
SanTrafficGenerator::PickSize()
{
    if (S().sizeDist == nullptr || S().sizeDist->sizes.empty())
    {
        return S().packetSize;
    }
    const double u = m_rng.RandU01();
    for (const auto& e : S().sizeDist->sizes)
    {
        if (u < e.second)
        {
            return e.first;
        }
    }
    return S().sizeDist->sizes.back().first;
}

void
SanTrafficGenerator::SetSizeText(std::string text)
{
    if (text == GetSizeText())
    {
        return; // Set compares the pointers; records compare the texts
    }
    std::shared_ptr<SizeDistribution> dist;
    if (!text.empty())
    {
        dist = std::make_shared<SizeDistribution>();
        dist->text = std::move(text);
    }
    Set<std::shared_ptr<SizeDistribution>, &Settings::sizeDist>(std::move(dist));
}

std::string
SanTrafficGenerator::GetSizeText() const
{
    return S().sizeDist != nullptr ? S().sizeDist->text : std::string();
}

void
SanTrafficGenerator::Generate()
{
    if (m_stopTs >= 0 && Simulator::Now().GetTimeStep() >= m_stopTs)
    {
        return; // stopped (or disposed) since it was scheduled
    }
    uint32_t dst = PickDestination();
    const Time now = Simulator::Now();
    const bool measured = now >= S().measureStart && now < S().measureStop;
    ++m_generated;
    if (measured)
    {
        ++m_generatedMeasured;
    }
    const uint32_t size = PickSize();
    if (S().maxSourceQueue != 0 && m_dev->GetQueueLength() >= S().maxSourceQueue)
    {
        ++m_notInjected;
        m_notInjectedMeasured += measured ? 1 : 0;
    }
    else
    {
        m_dev->SendTo(dst, size);
    }
    ScheduleNext();
}

void
SanTrafficGenerator::DeliverFromFabric(const SanFabricPacket& p)
{
    const int64_t now = Simulator::Now().GetTimeStep();
    ++m_received;
    if (now >= S().measureStart.GetTimeStep() && now < S().measureStop.GetTimeStep())
    {
        ++m_receivedInWindow;
    }
    if (p.createdTs >= S().measureStart.GetTimeStep() &&
        p.createdTs < S().measureStop.GetTimeStep())
    {
        ++m_receivedMeasured;
        const int64_t lat = now - p.createdTs;
        m_latencySum += TimeStep(lat).GetSeconds();
        m_maxLatency = std::max(m_maxLatency, lat);
        m_hopSum += p.hops;
        if (S().stats)
        {
            S().stats->Record(p.src, lat);
        }
    }
    if (S().trackOrder)
    {
        if (!m_order)
        {
            m_order = std::make_unique<OrderCheck>();
        }
        auto it = m_order->lastSeq.find(p.src);
        if (it == m_order->lastSeq.end())
        {
            m_order->lastSeq.emplace(p.src, p.seq);
        }
        else if (static_cast<int32_t>(p.seq - it->second) < 0)
        {
            // Earlier than the latest seen (sequence numbers wrap after 2^32).
            ++m_order->reordered;
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
    return m_order != nullptr ? m_order->reordered : 0;
}

uint64_t
SanTrafficGenerator::GetNotInjected() const
{
    return m_notInjected;
}

uint64_t
SanTrafficGenerator::GetNotInjectedMeasured() const
{
    return m_notInjectedMeasured;
}

} // namespace ns3
