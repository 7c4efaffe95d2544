/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_STACK_NET_DEVICE_H
#define HOST_STACK_NET_DEVICE_H

#include "host-nic-driver-costs.h"
#include "host-stack-costs.h"

#include "ns3/event-id.h"
#include "ns3/san-net-device.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace ns3
{

class SanHost;

/**
 * \ingroup san
 * \brief The host's side of a network interface under ns-3's internet stack: a NetDevice that
 * ns-3's IPv4 uses as its interface and that hands frames to a lower NetDevice (ns-3's
 * point-to-point or CSMA device for Ethernet, a san NIC's IP device), charging on the node's
 * SanHost what the operating system and the driver spend per packet.
 *
 * Send (from IPv4, one call per IP packet: a TCP segment or a pure ACK):
 *  1. CPU: TCP/IP output processing ("tcpip-output"), the driver's transmit routine
 *     ("driver-transmit") and the DMA set-up ("dma-setup"), one step;
 *  2. I/O bus: the NIC reads the descriptor and DMAs the frame ("dma"); with a transmit
 *     threshold ("TransmitStartBytes") only that much precedes the wire and the rest of the DMA
 *     keeps the bus busy while the frame is sent ("dma-overlap");
 *  3. the lower device transmits; when the last frame handed to the NIC has left and the NIC
 *     interrupts on an idle transmitter, the handler reaps it ("tx-interrupt", off the
 *     message's path but on the CPU).
 * Receive (from the lower device):
 *  1. after the card's own "ReceiveLatency", I/O bus: the NIC DMAs the frame into host memory
 *     ("dma"); a NIC that moves the frame while it arrives has only its last
 *     "ReceiveDmaTailBytes" left to move, and the rest is charged as bus occupancy after it
 *     ("dma-overlap": in truth it came before, which matters only on a contended bus);
 *  2. the NIC raises its interrupt at once, or after "ReceiveInterruptDelay", or when
 *     "ReceiveCoalesceFrames" frames wait; the handler ("interrupt": HostCpu dispatch plus the
 *     driver's receive routine per frame) takes the frames waiting then;
 *  3. CPU: the deferred processing ("softirq" once per batch; "tcpip-input" and, without
 *     checksum offload, "checksum" per frame), after which the frame goes up to IPv4.
 * The CPU is a FIFO server, so these steps queue behind (and delay) the processes' own work:
 * bandwidth follows from the occupied CPU and bus, never from a rate typed in.
 *
 * Each charge is traced ("Charge": kind, duration) so tests can count them.
 */
class HostStackNetDevice : public SanNetDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostStackNetDevice();
    ~HostStackNetDevice() override;

    /**
     * \brief Attach the device (once): the lower device's receive callback is taken over.
     * \param host the host whose CPU and I/O bus are charged
     * \param lower the device that moves the frames (installed on the same node)
     * \param os the operating system's costs
     * \param nic the NIC's and driver's costs
     */
    void Setup(Ptr<SanHost> host,
               Ptr<NetDevice> lower,
               Ptr<HostStackCosts> os,
               Ptr<HostNicDriverCosts> nic);

    /// \return the lower device
    Ptr<NetDevice> GetLower() const;
    /// \return the OS costs
    Ptr<HostStackCosts> GetStackCosts() const;
    /// \return the NIC costs
    Ptr<HostNicDriverCosts> GetNicCosts() const;
    /// \return IP packets sent
    uint64_t GetPacketsSent() const;
    /// \return IP packets received
    uint64_t GetPacketsReceived() const;
    /// \return receive interrupts taken
    uint64_t GetReceiveInterrupts() const;

    /**
     * TracedCallback signature for a charged cost.
     * \param [in] kind what was charged ("tcpip-output", "interrupt", ...)
     * \param [in] duration its duration (for "dma": the bus time)
     */
    typedef void (*ChargeTracedCallback)(const std::string& kind, Time duration);

    // NetDevice
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsPointToPoint() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    bool NeedsArp() const override;

  protected:
    void DoDispose() override;

  private:
    /**
     * Completions handed on in the order their transfers began. The host bus shares itself
     * out per grant, so a short frame's DMA can finish before a longer one started earlier;
     * the NIC's DMA engine moves its ring's frames one after the other, and a frame never
     * overtakes another on the wire or into the ring.
     */
    class InOrder
    {
      public:
        /// \return the number of a transfer that begins now (1, 2, ...)
        uint64_t Begin();
        /// The transfer \p number finished: \p then runs once every earlier one has.
        /// \param number from Begin \param then what follows the transfer
        void Done(uint64_t number, std::function<void()> then);
        /// Forget what waits (on dispose).
        void Clear();

      private:
        uint64_t m_begun{0};                               //!< transfers begun
        uint64_t m_next{1};                                //!< the next to hand on
        std::map<uint64_t, std::function<void()>> m_early; //!< finished before their turn
    };

    /// A received frame waiting for its interrupt.
    struct RxFrame
    {
        Ptr<Packet> packet; //!< the IP packet
        uint16_t protocol;  //!< its protocol number
        Address from;       //!< the sender's link address
        uint64_t number{0}; //!< its place in the receive ring (1, 2, ...)
    };

    /// Step 2 of Send: the bus. \param p packet \param dest to \param proto protocol
    void TransmitDma(Ptr<Packet> p, Address dest, uint16_t proto);
    /// The lower device received a frame.
    bool ReceiveFromLower(Ptr<NetDevice> dev,
                          Ptr<const Packet> p,
                          uint16_t protocol,
                          const Address& from);
    /// The frame is in host memory. \param frame the frame
    void ReceiveDmaDone(RxFrame frame);
    /// Raise the receive interrupt for the frames no interrupt has been raised for yet.
    void RaiseInterrupt();
    /// An interrupt's handler returned: the ring's frames up to \p last go up, in ring order.
    /// \param last the newest frame the handler was raised for
    void HandlerReturned(uint64_t last);
    /// The lower device finished sending a frame. \param p the frame
    void TransmitEnded(Ptr<const Packet> p);
    /// The deferred processing of received frames: softirq, then each up the stack.
    /// \param batch the frames
    void DeliverBatch(std::shared_ptr<std::deque<RxFrame>> batch);
    /// Run \p f in this device's node's context (now). \param f what to run
    void InNodeContext(std::function<void()> f);
    /// Charge and trace. \param kind what \param duration how long
    void Trace(const char* kind, Time duration);

    Ptr<SanHost> m_host;           //!< charged host
    Ptr<NetDevice> m_lower;        //!< frame mover
    Ptr<HostStackCosts> m_os;      //!< OS costs
    Ptr<HostNicDriverCosts> m_nic; //!< NIC costs
    std::deque<RxFrame> m_ring;    //!< frames in memory, not yet handed up
    InOrder m_txOrder;             //!< frames onto the wire in order
    InOrder m_rxOrder;             //!< frames into the ring in order
    uint64_t m_ringFrames{0};      //!< frames the ring has taken in all
    uint64_t m_raisedThrough{0};   //!< the newest frame an interrupt was raised for
    EventId m_interruptTimer;      //!< interrupt moderation timer
    uint64_t m_sent{0};            //!< IP packets sent
    uint64_t m_received{0};        //!< IP packets received
    uint64_t m_interrupts{0};      //!< receive interrupts
    uint64_t m_txInFlight{0};      //!< frames handed to the NIC, not yet sent
    bool m_txEndTraced{false};     //!< the lower device traces "PhyTxEnd"

    TracedCallback<const std::string&, Time> m_chargeTrace; //!< every charge
};

} // namespace ns3

#endif /* HOST_STACK_NET_DEVICE_H */
