/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_ENDPOINT_DEVICE_H
#define SAN_ENDPOINT_DEVICE_H

#include "san-port-device.h"

#include "ns3/callback.h"
#include "ns3/san-fabric-port.h"

#include <memory>

namespace ns3
{

/**
 * \ingroup san
 * \brief A host's plain interface to the fabric: it injects packets in
 * order (strict FIFO, as a NIC's send DMA does), receives them at link speed
 * and hands them up. NICs with their own semantics (Hamlyn, DART, ...) sit
 * on top of it; the fabric-only traffic generator uses it directly.
 *
 * In Cell mode it cuts each packet into cells and reassembles them.
 *
 * Splittable packets (SendSplittable, SanFabricPort::SendSplittablePacket)
 * may reach it in pieces, split by switches under contention (SanSwitch
 * SplitThreshold). With a piece-arrival callback each piece is handed up
 * as its tail arrives, with its data offset in the burst: what CLAN's NIC
 * does, writing each piece to memory at its own address (CLAN 1999,
 * section 2.2), so data is usable as soon as it lands. Without one, the
 * port reassembles: it counts each burst's data bytes (keyed by source and
 * sequence number, in a list of pooled descriptors: nothing is allocated)
 * and hands the packet up once they are all in, so a NIC written for whole
 * packets sees no difference. Either way every data byte is delivered
 * once, at its offset.
 *
 * It is also the fabric's SanFabricPort: a NIC of the nic/ layer sends and
 * receives ns-3 Packets through that interface and sees nothing else of the
 * fabric. The descriptor-level API (SendTo, SetDeliverCallback, ...) serves
 * the fabric's own traffic generator and tests.
 */
/**
 * \ingroup san
 * What an endpoint hands delivered packets to without an ns-3 Callback: a plain C++
 * interface, for a receiver on every host of a large fabric (a Callback bound to a member
 * function costs about 200 bytes of heap). SanTrafficGenerator is one.
 */
class SanDeliverySink
{
  public:
    virtual ~SanDeliverySink() = default;
    /// \param p a packet delivered to the endpoint (recycled as soon as this returns)
    virtual void DeliverFromFabric(const SanFabricPacket& p) = 0;
};

class SanEndpointDevice : public SanPortDevice, public SanPort, public SanFabricPort
{
  public:
    /// Called for each packet delivered to this host (the descriptor is
    /// recycled as soon as the callback returns).
    typedef Callback<void, const SanFabricPacket&> DeliverCallback;

    /**
     * TracedCallback signature for deliveries.
     * \param uid packet uid
     * \param src source host
     * \param bytes size
     * \param latency creation to delivery
     * \param hops switches traversed
     */
    typedef void (*PacketRxTracedCallback)(uint64_t uid,
                                           uint32_t src,
                                           uint32_t bytes,
                                           Time latency,
                                           uint32_t hops);

    /**
     * TracedCallback signature for sends.
     * \param uid packet uid
     * \param dst destination host
     * \param bytes size
     */
    typedef void (*PacketSentTracedCallback)(uint64_t uid, uint32_t dst, uint32_t bytes);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanEndpointDevice();
    ~SanEndpointDevice() override;

    /**
     * \param host host index in the topology
     * \param srcSwitch the switch it hangs off
     */
    void SetHost(uint32_t host, uint32_t srcSwitch);
    /// \return host index
    uint32_t GetHost() const;

    /**
     * Send a packet across the fabric.
     * \param dst destination host
     * \param bytes size on the wire (1 .. fabric MaxPacketSize)
     * \param payload optional ns-3 packet carried along for the receiver
     * \param tag opaque value delivered with the packet
     * \return false (and a SendReject trace) if dst or bytes is invalid
     */
    bool SendTo(uint32_t dst, uint32_t bytes, Ptr<Packet> payload = nullptr, uint64_t tag = 0);

    /**
     * Send a packet whose bytes become available to the link gradually, as
     * when a card streams a packet from a slower host bus (cut-through): the
     * head leaves as soon as the link allows, but the tail cannot leave the
     * host before lastByteReady, and every later link inherits that pace. In
     * Cell mode the last cell, which carries the packet's CRC, cannot start
     * before lastByteReady.
     * \param dst destination host
     * \param bytes size on the wire
     * \param payload optional ns-3 packet
     * \param tag opaque value delivered with the packet
     * \param lastByteReady when the source has its last byte (absolute time)
     * \return false (and a SendReject trace) if dst or bytes is invalid
     */
    bool SendStreaming(uint32_t dst,
                       uint32_t bytes,
                       Ptr<Packet> payload,
                       uint64_t tag,
                       Time lastByteReady);

    /**
     * Send a splittable packet (a CLAN write burst): switches may split its data at 4-byte
     * word boundaries, each piece carrying headerBytes of header, and coalesce pieces again.
     * \param dst destination host
     * \param bytes size on the wire (header and data)
     * \param headerBytes header bytes (0 .. bytes - 1, at most 65535) that every piece carries
     * \param payload optional ns-3 packet (header and data) carried along for the receiver
     * \param tag opaque value delivered with the packet
     * \param lastByteReady when the source has its last byte (absolute time; zero: now), as
     * in SendStreaming
     * \return false (and a SendReject trace) if dst, bytes or headerBytes is invalid
     */
    bool SendSplittable(uint32_t dst,
                        uint32_t bytes,
                        uint32_t headerBytes,
                        Ptr<Packet> payload = nullptr,
                        uint64_t tag = 0,
                        Time lastByteReady = Seconds(0));

    /// \param cb called for every delivered packet (with a piece-arrival callback set, for
    /// every piece of a splittable packet; without, for reassembled packets)
    void SetDeliverCallback(DeliverCallback cb);
    /// \param sink told of every packet the deliver callback sees, before it (nullptr: none;
    /// the sink must outlive the endpoint or be unset first)
    void SetDeliverSink(SanDeliverySink* sink);
    /// \return the sink set by SetDeliverSink, or nullptr
    SanDeliverySink* GetDeliverSink() const;

    /// \return packets handed to SendTo and accepted
    uint64_t GetSentPackets() const;
    /// \return packets delivered here
    uint64_t GetReceivedPackets() const;

    /**
     * \param host a host index
     * \return the MAC address san gives that host's endpoint
     */
    static Mac48Address HostAddress(uint32_t host);

    // SanFabricPort
    /// \return the host index (as GetHost())
    uint32_t GetHostNumber() const override;
    /// \return "host-<host index>"
    std::string GetPortName() const;
    /// SendTo(dst, packet->GetSize(), packet, 0); a null packet is refused.
    /// \param dst destination host \param packet the packet \return false if refused
    bool SendPacket(uint32_t dst, Ptr<Packet> packet) override;
    /// SendStreaming(dst, packet->GetSize(), packet, 0, lastByteReady); a null packet is refused.
    /// \param dst destination host \param packet the packet
    /// \param lastByteReady when the card has the last byte \return false if refused
    bool SendPacketPaced(uint32_t dst, Ptr<Packet> packet, Time lastByteReady) override;
    /// SendSplittable(dst, packet->GetSize(), headerBytes, packet, 0, lastByteReady); a null
    /// packet is refused.
    /// \param dst destination host \param packet the packet \param headerBytes its header
    /// \param lastByteReady when the card has the last byte \return false if refused
    bool SendSplittablePacket(uint32_t dst,
                              Ptr<Packet> packet,
                              uint32_t headerBytes,
                              Time lastByteReady) override;
    /// \param cb called for every packet delivered here, with its payload (nullptr if it was
    /// sent without one) and its source host
    void SetPacketArrivalCallback(PacketArrivalCallback cb) override;
    /// \param cb called for every piece of a splittable packet as its tail arrives (then
    /// neither the arrival nor the head-arrival callback runs for splittable packets); null:
    /// reassemble. Without it, the head-arrival callback runs for a split packet when it has
    /// been reassembled, with the tail's time = now (as in Cell mode).
    void SetPieceArrivalCallback(PieceArrivalCallback cb) override;
    /// \param cb called for every packet's head arrival (null: none; costs one event per packet
    /// only while it is set). In Cell mode a packet is seen only once its cells are
    /// reassembled: the callback runs then, with the tail's time = now, before the arrival
    /// callback.
    void SetHeadArrivalCallback(HeadArrivalCallback cb) override;
    /// \param bytes packet size \return its serialization time on this host's link, framing
    /// included (DataRate::CalculateBytesTxTime(bytes + framing); the fabric's header is not
    /// charged on the wire)
    Time GetLinkTxTime(uint32_t bytes) const override;
    /// \return the fabric's MaxPacketSize
    uint32_t GetMaxPacketSize() const override;
    /// \return the fabric's host count
    uint32_t GetNHosts() const override;
    /// \return this device
    Ptr<NetDevice> GetPortDevice() override;

    // NetDevice
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    void SetNode(Ptr<Node> node) override;
    void SetIfIndex(const uint32_t index) override;

    // SanPort (which dispatches to these by the port's kind: it has no virtual functions)
    /// \return this device
    Ptr<NetDevice> GetDevice();
    /// \return the id of its node: the context its events run in
    uint32_t GetContextId() const;

  protected:
    void DoDispose() override;

  private:
    friend class SanPort; // dispatches to what follows

    /// A packet's head and tail arrival times are known (SanPort::ReceivePacket): deliver it
    /// as its tail arrives. \param p the packet \param headTs head \param tailTs tail
    void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs);
    /// A packet leaves (SanPort::OnDepart): its injection time.
    /// \param p the packet \param vc its channel \param departTs its departure
    void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs);

    /// Tail arrived (event handler).
    /// \param p the packet or cell
    void Deliver(SanFabricPacket* p);
    /// Head arrived (event handler; only with a head callback).
    /// \param p the packet
    /// \param tailTs when its tail arrives
    void HeadArrived(SanFabricPacket* p, int64_t tailTs);
    /// Shared body of SendTo and SendStreaming.
    /// \param dst destination host \param bytes size \param payload packet
    /// \param tag opaque value \param lastByteTs when the source has its last byte
    /// \return false if refused
    /// \param splittable switches may split it
    /// \param headerBytes header bytes every piece carries (splittable packets)
    bool DoSend(uint32_t dst,
                uint32_t bytes,
                Ptr<Packet> payload,
                uint64_t tag,
                int64_t lastByteTs,
                bool splittable = false,
                uint32_t headerBytes = 0);
    /// A piece of a split packet arrived (without a piece callback): count it into its burst's
    /// reassembly record and hand the burst up once complete (kept out of line).
    /// \param p the piece
    void Reassemble(SanFabricPacket* p);
    /// Hand a complete packet up and recycle it.
    /// \param p the packet
    void HandUp(SanFabricPacket* p);

    uint32_t m_host{0};                      //!< host index
    uint32_t m_srcSwitch{0};                 //!< switch it hangs off
    uint8_t m_trafficClass{0};               //!< TrafficClass of the packets it sends
    uint64_t m_nextSeq{0};                   //!< sender sequence number
    uint64_t m_uidCount{0};                  //!< packets (and cells) made here, for their uids
    uint64_t m_sent{0};                      //!< counter
    uint64_t m_received{0};                  //!< counter
    SanDeliverySink* m_deliverSink{nullptr}; //!< upper layer, without a Callback
    SanFabricPacket* m_partial{nullptr}; //!< reassembly records of split bursts (intrusive list)

    /// The upper layer's callbacks (a traffic generator sets none: it is the delivery sink).
    struct Callbacks
    {
        DeliverCallback deliver;         //!< upper layer
        PacketArrivalCallback arrival;   //!< SanFabricPort: whole packets
        HeadArrivalCallback headArrival; //!< SanFabricPort: head arrivals
        PieceArrivalCallback piece;      //!< SanFabricPort: pieces of splittable packets
    };

    /// The trace sources.
    struct Traces
    {
        TracedCallback<uint64_t, uint32_t, uint32_t, Time, uint32_t> rx; //!< deliveries
        TracedCallback<uint64_t, uint32_t, uint32_t> sent;               //!< accepted sends
        TracedCallback<uint32_t, uint32_t> reject; //!< refused sends (dst, bytes)
    };

    /// What few endpoints of a large fabric use, made when a callback is set or a tracer first
    /// connects: four callbacks and two trace sources in every host would be 80 bytes.
    struct Extras
    {
        Callbacks callbacks; //!< the upper layer's callbacks
        Traces traces;       //!< the trace sources
    };

    /// \return the callbacks (all null until one is set)
    const Callbacks& Cb() const
    {
        static const Callbacks none;
        return m_extras != nullptr ? m_extras->callbacks : none;
    }

    /// \return the extras, made on first use
    Extras& GetExtras();

    /// \return the trace sources, made on first use
    Traces& GetTraces()
    {
        return GetExtras().traces;
    }

    /// \param o an object \return its "PacketRx" source (nullptr: not an endpoint)
    static TracedCallback<uint64_t, uint32_t, uint32_t, Time, uint32_t>* RxTraceOf(ObjectBase* o);
    /// \param o an object \return its "PacketSent" source (nullptr: not an endpoint)
    static TracedCallback<uint64_t, uint32_t, uint32_t>* SentTraceOf(ObjectBase* o);
    /// \param o an object \return its "SendReject" source (nullptr: not an endpoint)
    static TracedCallback<uint32_t, uint32_t>* RejectTraceOf(ObjectBase* o);
    /// Fire "SendReject" if anyone listens. \param dst destination \param bytes size
    void TraceReject(uint32_t dst, uint32_t bytes);

    std::unique_ptr<Extras> m_extras; //!< callbacks and trace sources, or nullptr until used
};

} // namespace ns3

#endif /* SAN_ENDPOINT_DEVICE_H */
