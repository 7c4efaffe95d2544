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
 * It is also the fabric's SanFabricPort: a NIC of the nic/ layer sends and
 * receives ns-3 Packets through that interface and sees nothing else of the
 * fabric. The descriptor-level API (SendTo, SetDeliverCallback, ...) serves
 * the fabric's own traffic generator and tests.
 */
class SanEndpointDevice : public SanPortDevice, public SanFabricPort
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

    /// \param cb called for every delivered packet
    void SetDeliverCallback(DeliverCallback cb);

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
    /// SendTo(dst, packet->GetSize(), packet, 0); a null packet is refused.
    /// \param dst destination host \param packet the packet \return false if refused
    bool SendPacket(uint32_t dst, Ptr<Packet> packet) override;
    /// SendStreaming(dst, packet->GetSize(), packet, 0, lastByteReady); a null packet is refused.
    /// \param dst destination host \param packet the packet
    /// \param lastByteReady when the card has the last byte \return false if refused
    bool SendPacketPaced(uint32_t dst, Ptr<Packet> packet, Time lastByteReady) override;
    /// \param cb called for every packet delivered here, with its payload (nullptr if it was
    /// sent without one) and its source host
    void SetPacketArrivalCallback(PacketArrivalCallback cb) override;
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
    /// \return this device
    Ptr<NetDevice> GetPortDevice() override;

    // NetDevice
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;

  protected:
    void DoDispose() override;
    void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs) override;
    void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs) override;
    bool MayReorderQueue() const override;
    bool IsSink() const override;

  private:
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
    bool DoSend(uint32_t dst,
                uint32_t bytes,
                Ptr<Packet> payload,
                uint64_t tag,
                int64_t lastByteTs);
    /// Hand a complete packet up and recycle it.
    /// \param p the packet
    void HandUp(SanFabricPacket* p);

    uint32_t m_host{0};                  //!< host index
    uint32_t m_srcSwitch{0};             //!< switch it hangs off
    uint64_t m_nextSeq{0};               //!< sender sequence number
    uint64_t m_sent{0};                  //!< counter
    uint64_t m_received{0};              //!< counter
    DeliverCallback m_deliverCb;         //!< upper layer
    PacketArrivalCallback m_arrivalCb;   //!< SanFabricPort: whole packets
    HeadArrivalCallback m_headArrivalCb; //!< SanFabricPort: head arrivals
    TracedCallback<uint64_t, uint32_t, uint32_t, Time, uint32_t> m_rxTrace; //!< deliveries
    TracedCallback<uint32_t, uint32_t> m_rejectTrace; //!< refused sends (dst, bytes)
};

} // namespace ns3

#endif /* SAN_ENDPOINT_DEVICE_H */
