/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SCI_IP_TRANSPORT_H
#define SCI_IP_TRANSPORT_H

#include "ns3/san-ip-transport.h"
#include "ns3/sci-ring.h"

#include <deque>
#include <map>

namespace ns3
{

/**
 * \ingroup san
 * \brief IP over SCI as Dolphin's SCI/NDIS driver carries it (SCILAN 1998, sections 2.1.3,
 * 4.1 and 4.7): SCI "at the MAC level of a standard Windows NT protocol stack".
 *
 * Each pair of hosts has a ring each way (SciRingReceiver / SciRingTransmitter, set up by
 * Connect). To send, the driver copies the packet (a length word, then the packet) into the
 * peer's ring by processor stores, checks the transfer, publishes it and stimulates the
 * peer's flag. The receiving driver keeps its flag enabled: a stimulus interrupts, and the
 * interrupt's deferred work copies every packet in the ring out into an NDIS packet and
 * indicates it up, then enables the flag again and looks once more. A sender that finds the
 * ring full retries after "RetryDelay". The driver's interrupt path costs "InterruptWork"
 * besides the operating system's dispatch: the paper blames the SCI/NDIS latency on "a known
 * weakness in the interrupt handling in the Dolphin driver software for Windows NT".
 */
class SciIpTransport : public SanIpTransport
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SciIpTransport();
    ~SciIpTransport() override;

    /// \param nic this host's adapter (once; the driver opens its own SciContext on it)
    void Setup(Ptr<SciNetDevice> nic);
    /**
     * \brief The drivers' start-up: a ring each way between \p a and \p b, wired into both
     * hosts' tables before Simulator::Run (aborts once simulated time has begun). The paper
     * gives no protocol for how Dolphin's driver finds its peers' rings, so none is simulated.
     * \param a one host's driver \param b the other's
     */
    static void Connect(Ptr<SciIpTransport> a, Ptr<SciIpTransport> b);

    /// \return interrupts taken by this driver
    uint64_t GetInterrupts() const;

    bool Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol) override;
    void SetReceiveCallback(ReceiveCallback cb) override;
    uint32_t GetHostNumber() const override;
    uint16_t GetMtu() const override;

  protected:
    void DoDispose() override;

  private:
    /// Bytes of a record's header in the ring (length, protocol).
    static constexpr uint32_t RECORD_HEADER = 8;

    /// A peer's rings.
    struct Peer
    {
        Ptr<SciRingReceiver> rx;                            //!< its packets arrive here
        Ptr<SciRingTransmitter> tx;                         //!< this host's packets go there
        std::deque<std::pair<Ptr<Packet>, uint16_t>> queue; //!< waiting to be copied
        bool sending{false};                                //!< a copy is in progress
        bool draining{false};                               //!< the receive side is working
    };

    /// \param bytes a packet \return its record's size in the ring (64-byte aligned)
    static uint32_t RecordBytes(uint32_t bytes);
    /// Copy the next queued packet to \p host.
    void SendNext(uint32_t host);
    /// The flag of \p host's ring interrupted.
    void Interrupted(uint32_t host);
    /// Take the next packet out of \p host's ring (or enable the flag and stop).
    void Drain(uint32_t host);

    Ptr<SciContext> m_ctx;            //!< the driver's view of the adapter
    std::map<uint32_t, Peer> m_peers; //!< by host number
    ReceiveCallback m_receive;        //!< up the stack
    uint16_t m_mtu;                   //!< attribute
    uint32_t m_ringBytes;             //!< attribute
    Time m_interruptWork;             //!< attribute
    double m_ringInstructions;        //!< attribute
    Time m_retryDelay;                //!< attribute
    uint64_t m_interrupts{0};         //!< interrupts taken
};

} // namespace ns3

#endif /* SCI_IP_TRANSPORT_H */
