/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FLOW_MONITOR_H
#define SAN_FLOW_MONITOR_H

#include "san-flow-probe.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

class SanFabric;

/**
 * \ingroup san
 * \brief Per-flow statistics of a fabric, as ns-3's FlowMonitor gives them for IP: a flow is
 * the traffic from one source host to one destination host, whatever the NIC above (Hamlyn,
 * DART, CLAN, SHRIMP, SCI, IP over the fabric or the fabric's own traffic generator).
 *
 * It watches the fabric at its edge: a packet counts as sent when a monitored source host's
 * endpoint accepts it, and as received when a monitored destination host's endpoint hands it
 * up (its tail delivered, a cell-mode packet reassembled). A burst a switch split counts as one
 * packet, received when its last byte lands, whether the host takes it whole or piece by piece.
 * The fabric is lossless by design (credit or Xon/Xoff flow control; a full buffer stalls the
 * sender rather than dropping), so lostPackets is always 0: what is sent and not received is
 * in flight. A packet a NIC discards after delivery (a wrong protection key, a full ring) was
 * delivered by the fabric; the NIC's own counters and traces say why.
 *
 * Delay is creation (the host's send) to delivery of the tail; jitter is the difference of
 * successive packets' delays, as in FlowMonitor (RFC 3393). Hop counts are the switches a
 * packet traversed. Histograms have bins of the widths the attributes give.
 *
 * The fabric tells one monitor of every send and delivery (SanFabric::SetFlowProbe): nothing
 * per host is kept beyond a bit saying it is monitored, and state is per flow, so a run with
 * every host talking to every other keeps O(hosts^2) records: monitor a subset on large
 * fabrics. In a distributed run each rank's monitor sees the sends of its own hosts and the
 * deliveries to them.
 */
class SanFlowMonitor : public Object, public SanFlowProbe
{
  public:
    /// A flow's number, from 1, in the order flows were first seen (as FlowMonitor's FlowId).
    typedef uint32_t FlowId;

    /// A sparse histogram: bin index -> count (only bins with a count).
    typedef std::map<uint32_t, uint64_t> Histogram;

    /// What is known of one flow.
    struct FlowStats
    {
        FlowId flowId{0};              //!< number
        uint32_t source{0};            //!< source host
        uint32_t destination{0};       //!< destination host
        uint16_t interfaceIndex{0};    //!< into GetInterfaceName: the source's NIC
        Time timeFirstTxPacket;        //!< first accepted send
        Time timeLastTxPacket;         //!< last accepted send
        Time timeFirstRxPacket;        //!< first delivery
        Time timeLastRxPacket;         //!< last delivery
        Time delaySum;                 //!< sum of creation-to-delivery delays
        Time jitterSum;                //!< sum of |delay - previous delay|
        Time lastDelay;                //!< delay of the last packet received
        Time minDelay{Time::Max()};    //!< smallest delay (Time::Max() until a delivery)
        Time maxDelay;                 //!< largest delay
        uint64_t txBytes{0};           //!< bytes sent (fabric sizes: header and payload)
        uint64_t rxBytes{0};           //!< bytes received
        uint64_t txPackets{0};         //!< packets sent
        uint64_t rxPackets{0};         //!< packets received (a split burst once)
        uint64_t hopsSum{0};           //!< switches traversed by the received packets
        Histogram delayHistogram;      //!< by DelayBinWidth
        Histogram jitterHistogram;     //!< by JitterBinWidth
        Histogram packetSizeHistogram; //!< by PacketSizeBinWidth, of received packets
        Histogram hopCountHistogram;   //!< by single hops

        /// \return packets sent and not (yet) received: the fabric loses none
        uint64_t GetPacketsInFlight() const
        {
            return txPackets >= rxPackets ? txPackets - rxPackets : 0;
        }
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanFlowMonitor();
    ~SanFlowMonitor() override;

    /**
     * Watch a fabric's hosts (the first host watched installs this monitor on the fabric).
     * \param fabric the fabric
     * \param host a host index of it
     * \return an error (a second monitor on the fabric, a host out of range), or empty
     */
    std::string Monitor(Ptr<SanFabric> fabric, uint32_t host);
    /// \return the fabric watched (nullptr before Monitor)
    Ptr<SanFabric> GetFabric() const;
    /// \param host a host index \return true if its sends and deliveries are counted
    bool IsMonitored(uint32_t host) const;

    /// \return every flow seen, by flow id - 1
    const std::vector<FlowStats>& GetFlowStats() const;
    /// \param index a FlowStats::interfaceIndex \return the NIC's name ("fabric": none)
    const std::string& GetInterfaceName(uint16_t index) const;

    /// Forget every flow (the hosts stay monitored).
    void ResetAllStats();

    /**
     * Write the flows as XML in the shape of FlowMonitor's (FlowStats with its histograms,
     * and a SanFlowClassifier naming each flow's hosts, addresses and interface).
     * \param os where \param indent spaces before the outermost element
     * \param enableHistograms write the histograms
     */
    void SerializeToXmlStream(std::ostream& os, uint16_t indent, bool enableHistograms) const;
    /// \param indent spaces \param enableHistograms histograms too \return the XML
    std::string SerializeToXmlString(uint16_t indent, bool enableHistograms) const;
    /// \param fileName file (aborts with one line if it cannot be written)
    /// \param enableHistograms histograms too
    void SerializeToXmlFile(std::string fileName, bool enableHistograms) const;
    /// Write one CSV row per flow, with a header line (no histograms). \param os where
    void SerializeToCsvStream(std::ostream& os) const;

    // SanFlowProbe
    void PacketSent(const SanFabricPacket& p) override;
    void PacketDelivered(const SanFabricPacket& p) override;

  protected:
    void DoDispose() override;

  private:
    /// \param src source host \param dst destination host \return its record, made if new
    FlowStats& GetFlow(uint32_t src, uint32_t dst);
    /// \param host a source host \return the index of its NIC's name (looked up once)
    uint16_t InterfaceOf(uint32_t host);
    /// A packet (or a whole split burst) was received. \param f its flow \param bytes size
    /// \param createdTs when it was sent \param hops switches traversed
    void CountReceived(FlowStats& f, uint32_t bytes, int64_t createdTs, uint32_t hops);
    /// \param width bin width \param value a value \return its bin
    static uint32_t BinOf(double width, double value);

    /// A split burst whose pieces are landing.
    struct Burst
    {
        uint32_t dataLeft{0}; //!< data bytes still to land
        uint32_t hops{0};     //!< most switches a piece traversed
    };

    Ptr<SanFabric> m_fabric;                        //!< watched
    std::vector<bool> m_monitored;                  //!< by host
    std::vector<FlowStats> m_flows;                 //!< by flow id - 1
    std::unordered_map<uint64_t, FlowId> m_flowIds; //!< (src << 32 | dst) -> id
    std::unordered_map<uint64_t, Burst> m_bursts;   //!< (src << 32 | seq) -> burst
    std::vector<uint16_t> m_hostInterface;          //!< by host; NONE: not looked up
    std::vector<std::string> m_interfaceNames;      //!< by index
    Time m_startTime;                               //!< packets sent before are ignored
    Time m_delayBinWidth;                           //!< histogram bin
    Time m_jitterBinWidth;                          //!< histogram bin
    uint32_t m_packetSizeBinWidth{64};              //!< histogram bin, bytes
    static constexpr uint16_t NONE = 0xffff;        //!< interface not looked up yet
};

} // namespace ns3

#endif /* SAN_FLOW_MONITOR_H */
