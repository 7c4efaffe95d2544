/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-flow-monitor.h"

#include "san-endpoint-device.h"
#include "san-fabric.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanFlowMonitor");

NS_OBJECT_ENSURE_REGISTERED(SanFlowMonitor);

TypeId
SanFlowMonitor::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanFlowMonitor")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<SanFlowMonitor>()
            .AddAttribute("StartTime",
                          "Packets sent before this time are not counted (a warm-up).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&SanFlowMonitor::m_startTime),
                          MakeTimeChecker(Seconds(0)))
            // san's delays are sub-microsecond to milliseconds (FlowMonitor's 1 ms bins, made
            // for IP over WANs, would put every packet in bin 0).
            .AddAttribute("DelayBinWidth",
                          "Width of the delay histogram's bins.",
                          TimeValue(NanoSeconds(100)),
                          MakeTimeAccessor(&SanFlowMonitor::m_delayBinWidth),
                          MakeTimeChecker(PicoSeconds(1)))
            .AddAttribute("JitterBinWidth",
                          "Width of the jitter histogram's bins.",
                          TimeValue(NanoSeconds(100)),
                          MakeTimeAccessor(&SanFlowMonitor::m_jitterBinWidth),
                          MakeTimeChecker(PicoSeconds(1)))
            .AddAttribute("PacketSizeBinWidth",
                          "Width of the packet size histogram's bins, in bytes.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&SanFlowMonitor::m_packetSizeBinWidth),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

SanFlowMonitor::SanFlowMonitor() = default;

SanFlowMonitor::~SanFlowMonitor()
{
    if (m_fabric != nullptr && m_fabric->GetFlowProbe() == this)
    {
        m_fabric->SetFlowProbe(nullptr);
    }
}

void
SanFlowMonitor::DoDispose()
{
    if (m_fabric != nullptr && m_fabric->GetFlowProbe() == this)
    {
        m_fabric->SetFlowProbe(nullptr);
    }
    m_fabric = nullptr; // the statistics stay readable
    Object::DoDispose();
}

std::string
SanFlowMonitor::Monitor(Ptr<SanFabric> fabric, uint32_t host)
{
    if (fabric == nullptr)
    {
        return "SanFlowMonitor: no fabric";
    }
    if (m_fabric != nullptr && m_fabric != fabric)
    {
        return "SanFlowMonitor: a monitor watches one fabric (use one monitor per fabric)";
    }
    if (fabric->GetFlowProbe() != nullptr && fabric->GetFlowProbe() != this)
    {
        return "SanFlowMonitor: the fabric already has a flow monitor (install one per fabric)";
    }
    const uint32_t nHosts = fabric->GetTopology()->GetNHosts();
    if (host >= nHosts)
    {
        return "SanFlowMonitor: host " + std::to_string(host) + " is not one of the fabric's " +
               std::to_string(nHosts);
    }
    if (m_fabric == nullptr)
    {
        m_fabric = fabric;
        m_monitored.assign(nHosts, false);
        m_hostInterface.assign(nHosts, NONE);
        fabric->SetFlowProbe(this);
    }
    m_monitored[host] = true;
    return "";
}

Ptr<SanFabric>
SanFlowMonitor::GetFabric() const
{
    return m_fabric;
}

bool
SanFlowMonitor::IsMonitored(uint32_t host) const
{
    return host < m_monitored.size() && m_monitored[host];
}

const std::vector<SanFlowMonitor::FlowStats>&
SanFlowMonitor::GetFlowStats() const
{
    return m_flows;
}

const std::string&
SanFlowMonitor::GetInterfaceName(uint16_t index) const
{
    static const std::string unknown = "unknown";
    return index < m_interfaceNames.size() ? m_interfaceNames[index] : unknown;
}

void
SanFlowMonitor::ResetAllStats()
{
    m_flows.clear();
    m_flowIds.clear();
    m_bursts.clear();
}

uint16_t
SanFlowMonitor::InterfaceOf(uint32_t host)
{
    if (m_hostInterface[host] != NONE)
    {
        return m_hostInterface[host];
    }
    // The NIC (or IP device) the host's node carries beside its fabric endpoint, by its type's
    // name without "ns3::" and "NetDevice": Hamlyn, Dart, Clan, Shrimp, Sci, HostStack, ...
    std::string name;
    Ptr<SanEndpointDevice> ep = m_fabric != nullptr ? m_fabric->GetEndpoint(host) : nullptr;
    Ptr<Node> node = ep != nullptr ? ep->GetNode() : nullptr;
    if (node == nullptr)
    {
        name = "remote"; // another rank's host, or one without a node
    }
    else
    {
        for (uint32_t i = 0; i < node->GetNDevices(); ++i)
        {
            Ptr<NetDevice> d = node->GetDevice(i);
            if (DynamicCast<SanEndpointDevice>(d) != nullptr)
            {
                continue;
            }
            std::string t = d->GetInstanceTypeId().GetName();
            if (t.rfind("ns3::", 0) == 0)
            {
                t = t.substr(5);
            }
            const std::string suffix = "NetDevice";
            if (t.size() > suffix.size() &&
                t.compare(t.size() - suffix.size(), suffix.size(), suffix) == 0)
            {
                t.resize(t.size() - suffix.size());
            }
            name += (name.empty() ? "" : "+") + t;
        }
        if (name.empty())
        {
            name = "fabric"; // the fabric's own traffic (SanTrafficGenerator, a test)
        }
    }
    uint16_t index = 0;
    while (index < m_interfaceNames.size() && m_interfaceNames[index] != name)
    {
        ++index;
    }
    if (index == m_interfaceNames.size())
    {
        m_interfaceNames.push_back(name);
    }
    m_hostInterface[host] = index;
    return index;
}

SanFlowMonitor::FlowStats&
SanFlowMonitor::GetFlow(uint32_t src, uint32_t dst)
{
    const uint64_t key = (uint64_t(src) << 32) | dst;
    auto it = m_flowIds.find(key);
    if (it != m_flowIds.end())
    {
        return m_flows[it->second - 1];
    }
    FlowStats f;
    f.flowId = static_cast<FlowId>(m_flows.size() + 1);
    f.source = src;
    f.destination = dst;
    f.interfaceIndex = InterfaceOf(src);
    m_flowIds.emplace(key, f.flowId);
    m_flows.push_back(std::move(f));
    return m_flows.back();
}

uint32_t
SanFlowMonitor::BinOf(double width, double value)
{
    const double bin = std::floor(value / width);
    return bin >= 4294967295.0 ? 0xffffffffU : static_cast<uint32_t>(bin);
}

void
SanFlowMonitor::PacketSent(const SanFabricPacket& p)
{
    if (!m_monitored[p.src] || p.createdTs < m_startTime.GetTimeStep())
    {
        return;
    }
    FlowStats& f = GetFlow(p.src, p.dst);
    const Time now = Simulator::Now();
    if (f.txPackets == 0)
    {
        f.timeFirstTxPacket = now;
    }
    f.timeLastTxPacket = now;
    ++f.txPackets;
    f.txBytes += p.bytes;
}

void
SanFlowMonitor::PacketDelivered(const SanFabricPacket& p)
{
    if (!m_monitored[p.dst] || p.createdTs < m_startTime.GetTimeStep())
    {
        return;
    }
    FlowStats& f = GetFlow(p.src, p.dst);
    if (!p.IsPiece())
    {
        CountReceived(f, p.bytes, p.createdTs, p.hops);
        return;
    }
    // A piece of a split burst, handed up as it lands: its data (and the header once, with the
    // piece at offset 0) count as they arrive; the packet, its delay and hops once all is in.
    const SanFabricPacketExtra* x = p.PeekExtra();
    const uint64_t key = (uint64_t(p.src) << 32) | p.seq;
    auto it = m_bursts.find(key);
    if (it == m_bursts.end())
    {
        it = m_bursts.emplace(key, Burst{x->burstBytes, 0}).first;
    }
    Burst& b = it->second;
    const uint32_t data = p.GetPieceBytes();
    NS_ABORT_MSG_IF(data > b.dataLeft,
                    "SanFlowMonitor: a piece of " << data << " bytes overflows the burst from host "
                                                  << p.src << " (sequence " << p.seq << ")");
    b.dataLeft -= data;
    b.hops = std::max<uint32_t>(b.hops, p.hops);
    f.rxBytes += data + (x->burstOffset == 0 ? x->splitHeader : 0);
    if (b.dataLeft == 0)
    {
        const uint32_t hops = b.hops;
        m_bursts.erase(it);
        CountReceived(f, 0, p.createdTs, hops); // its bytes are counted above
        f.packetSizeHistogram[BinOf(m_packetSizeBinWidth, x->splitHeader + x->burstBytes)]++;
    }
}

void
SanFlowMonitor::CountReceived(FlowStats& f, uint32_t bytes, int64_t createdTs, uint32_t hops)
{
    const Time now = Simulator::Now();
    const Time delay = TimeStep(now.GetTimeStep() - createdTs);
    if (f.rxPackets == 0)
    {
        f.timeFirstRxPacket = now;
    }
    else
    {
        const Time jitter = Abs(delay - f.lastDelay);
        f.jitterSum += jitter;
        f.jitterHistogram[BinOf(m_jitterBinWidth.GetDouble(), jitter.GetDouble())]++;
    }
    f.timeLastRxPacket = now;
    f.lastDelay = delay;
    f.delaySum += delay;
    f.minDelay = std::min(f.minDelay, delay);
    f.maxDelay = std::max(f.maxDelay, delay);
    f.delayHistogram[BinOf(m_delayBinWidth.GetDouble(), delay.GetDouble())]++;
    f.hopCountHistogram[hops]++;
    f.hopsSum += hops;
    ++f.rxPackets;
    f.rxBytes += bytes;
    if (bytes != 0)
    {
        f.packetSizeHistogram[BinOf(m_packetSizeBinWidth, bytes)]++;
    }
}

namespace
{

/// Write one histogram as FlowMonitor's Histogram::SerializeToXmlStream shapes it.
/// \param os where \param indent spaces \param name element name \param h the bins
/// \param width a bin's width in the unit written (seconds or bytes)
void
WriteHistogram(std::ostream& os,
               uint16_t indent,
               const char* name,
               const SanFlowMonitor::Histogram& h,
               double width)
{
    const std::string pad(indent, ' ');
    const uint32_t nBins = h.empty() ? 0 : h.rbegin()->first + 1;
    os << pad << "<" << name << " nBins=\"" << nBins << "\" >\n";
    for (const auto& bin : h)
    {
        os << pad << "  <bin index=\"" << bin.first << "\" start=\"" << bin.first * width
           << "\" width=\"" << width << "\" count=\"" << bin.second << "\" />\n";
    }
    os << pad << "</" << name << ">\n";
}

} // namespace

void
SanFlowMonitor::SerializeToXmlStream(std::ostream& os, uint16_t indent, bool enableHistograms) const
{
    const std::string pad(indent, ' ');
    os << pad << "<FlowMonitor>\n";
    os << pad << "  <FlowStats>\n";
    for (const FlowStats& f : m_flows)
    {
        os << pad << "    <Flow flowId=\"" << f.flowId << "\""
           << " timeFirstTxPacket=\"" << f.timeFirstTxPacket.As(Time::NS) << "\""
           << " timeFirstRxPacket=\"" << f.timeFirstRxPacket.As(Time::NS) << "\""
           << " timeLastTxPacket=\"" << f.timeLastTxPacket.As(Time::NS) << "\""
           << " timeLastRxPacket=\"" << f.timeLastRxPacket.As(Time::NS) << "\""
           << " delaySum=\"" << f.delaySum.As(Time::NS) << "\""
           << " jitterSum=\"" << f.jitterSum.As(Time::NS) << "\""
           << " lastDelay=\"" << f.lastDelay.As(Time::NS) << "\""
           << " minDelay=\"" << (f.rxPackets ? f.minDelay : Time(0)).As(Time::NS) << "\""
           << " maxDelay=\"" << f.maxDelay.As(Time::NS) << "\""
           << " txBytes=\"" << f.txBytes << "\""
           << " rxBytes=\"" << f.rxBytes << "\""
           << " txPackets=\"" << f.txPackets << "\""
           << " rxPackets=\"" << f.rxPackets << "\""
           << " lostPackets=\"0\""
           << " packetsInFlight=\"" << f.GetPacketsInFlight() << "\""
           << " timesForwarded=\"" << f.hopsSum << "\""
           << " hopsSum=\"" << f.hopsSum << "\">\n";
        if (enableHistograms)
        {
            const uint16_t in = indent + 6;
            WriteHistogram(os,
                           in,
                           "delayHistogram",
                           f.delayHistogram,
                           m_delayBinWidth.GetSeconds());
            WriteHistogram(os,
                           in,
                           "jitterHistogram",
                           f.jitterHistogram,
                           m_jitterBinWidth.GetSeconds());
            WriteHistogram(os,
                           in,
                           "packetSizeHistogram",
                           f.packetSizeHistogram,
                           m_packetSizeBinWidth);
            WriteHistogram(os, in, "hopCountHistogram", f.hopCountHistogram, 1);
            // The fabric does not lose packets, so a flow is never interrupted by loss.
            os << std::string(in, ' ') << "<flowInterruptionsHistogram nBins=\"0\" >\n"
               << std::string(in, ' ') << "</flowInterruptionsHistogram>\n";
        }
        os << pad << "    </Flow>\n";
    }
    os << pad << "  </FlowStats>\n";
    os << pad << "  <SanFlowClassifier>\n";
    for (const FlowStats& f : m_flows)
    {
        os << pad << "    <Flow flowId=\"" << f.flowId << "\" sourceHost=\"" << f.source
           << "\" destinationHost=\"" << f.destination << "\" sourceAddress=\""
           << SanEndpointDevice::HostAddress(f.source) << "\" destinationAddress=\""
           << SanEndpointDevice::HostAddress(f.destination) << "\" interface=\""
           << GetInterfaceName(f.interfaceIndex) << "\" />\n";
    }
    os << pad << "  </SanFlowClassifier>\n";
    os << pad << "</FlowMonitor>\n";
}

std::string
SanFlowMonitor::SerializeToXmlString(uint16_t indent, bool enableHistograms) const
{
    std::ostringstream os;
    SerializeToXmlStream(os, indent, enableHistograms);
    return os.str();
}

void
SanFlowMonitor::SerializeToXmlFile(std::string fileName, bool enableHistograms) const
{
    std::ofstream os(fileName);
    NS_ABORT_MSG_IF(!os, "SanFlowMonitor: cannot write " << fileName);
    os << "<?xml version=\"1.0\" ?>\n";
    SerializeToXmlStream(os, 0, enableHistograms);
    os.close();
    NS_ABORT_MSG_IF(!os, "SanFlowMonitor: writing " << fileName << " failed");
}

void
SanFlowMonitor::SerializeToCsvStream(std::ostream& os) const
{
    os << "flow_id,source_host,destination_host,interface,tx_packets,tx_bytes,rx_packets,"
          "rx_bytes,lost_packets,packets_in_flight,first_tx_ns,last_tx_ns,first_rx_ns,"
          "last_rx_ns,delay_mean_ns,delay_min_ns,delay_max_ns,jitter_mean_ns,hops_mean\n";
    for (const FlowStats& f : m_flows)
    {
        const double rx = double(f.rxPackets);
        os << f.flowId << "," << f.source << "," << f.destination << ","
           << GetInterfaceName(f.interfaceIndex) << "," << f.txPackets << "," << f.txBytes << ","
           << f.rxPackets << "," << f.rxBytes << ",0," << f.GetPacketsInFlight() << ","
           << std::setprecision(12) << f.timeFirstTxPacket.GetSeconds() * 1e9 << ","
           << f.timeLastTxPacket.GetSeconds() * 1e9 << "," << f.timeFirstRxPacket.GetSeconds() * 1e9
           << "," << f.timeLastRxPacket.GetSeconds() * 1e9 << ","
           << (rx > 0 ? f.delaySum.GetSeconds() * 1e9 / rx : 0) << ","
           << (rx > 0 ? f.minDelay.GetSeconds() * 1e9 : 0) << "," << f.maxDelay.GetSeconds() * 1e9
           << "," << (rx > 1 ? f.jitterSum.GetSeconds() * 1e9 / (rx - 1) : 0) << ","
           << (rx > 0 ? double(f.hopsSum) / rx : 0) << "\n";
    }
}

} // namespace ns3
