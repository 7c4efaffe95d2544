/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCHED_ETHERNET_H
#define SAN_SWITCHED_ETHERNET_H

#include "san-ip-transport.h"

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/san-fifo.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class SanEthernetIpTransport;

/**
 * \ingroup san
 * \brief An Ethernet of hosts on one store-and-forward switch, carrying IP
 * (SanSwitchedEthernetHelper): a network beside the fabric for what the papers send on their
 * hosts' commodity Ethernet (SHRIMP's sockets set their connections up over it).
 *
 * Each host's port is a SanEthernetIpTransport under a SanIpNetDevice (no ARP: host n is the
 * subnet's address n + 1). A frame is serialized at the host (its port sends one frame at a
 * time, the others wait in order), crosses its cable, is stored whole in the switch, waits
 * for the output port to its destination (frames to one host leave one after another) and
 * crosses that port's cable. The switch's state is kept with each host (the output port
 * toward it), so nothing grows with the square of the hosts and a host costs one small object
 * besides its IP device. A frame is the IP packet with Ethernet's header and FCS (18 bytes),
 * padded to 64 bytes, and the preamble and inter-frame gap (20 bytes) on the wire.
 *
 * Across MPI ranks (hosts on the ranks their fabric gives them) a frame for a host on another
 * rank travels as an MPI message that arrives when the frame is in the switch, through the
 * receiver (MpiReceiver) on the host's device; the cable's Delay and the shortest frame's time
 * are the lead (GetLead; SanSwitchedEthernetHelper gives it to ns-3's engines).
 */
class SanSwitchedEthernet : public Channel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanSwitchedEthernet();
    ~SanSwitchedEthernet() override;

    /**
     * \brief Add a host's port (its host number is the order of addition).
     * \param port the port, not yet on an Ethernet
     */
    void Attach(Ptr<SanEthernetIpTransport> port);

    /// \param ipBytes an IP packet's size \return the time its frame takes on a link
    Time GetFrameTime(uint32_t ipBytes) const;
    /// \return the shortest time from a frame's first bit at a host to its last in the switch
    Time GetLead() const;
    /// \return the cables' delay
    Time GetDelay() const;
    /// \return the switch's forwarding time after a frame is in whole
    Time GetSwitchDelay() const;
    /// \return the largest IP packet a frame carries
    uint16_t GetMtu() const;
    /// \param host a host number \return its port (host < GetNPorts())
    Ptr<SanEthernetIpTransport> GetPort(uint32_t host) const;
    /// \return the number of ports
    uint32_t GetNPorts() const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

  private:
    DataRate m_rate;                                  //!< every link's rate
    Time m_delay;                                     //!< every cable's delay
    Time m_switchDelay;                               //!< the switch's forwarding time
    uint32_t m_headerBytes{18};                       //!< header and FCS per frame
    uint32_t m_framingBytes{20};                      //!< preamble and gap per frame
    uint32_t m_minFrameBytes{64};                     //!< frames are padded to this
    uint16_t m_mtu{1500};                             //!< largest IP packet
    std::vector<Ptr<SanEthernetIpTransport>> m_ports; //!< by host number
};

/**
 * \ingroup san
 * \brief A host's port on a SanSwitchedEthernet, the transport under its SanIpNetDevice: the
 * host's transmitter (frames in order, one at a time) and the switch's output port toward
 * the host.
 */
class SanEthernetIpTransport : public SanIpTransport
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanEthernetIpTransport();
    ~SanEthernetIpTransport() override;

    /**
     * \brief Put the port on its Ethernet (SanSwitchedEthernet::Attach calls it).
     * \param lan the Ethernet \param host this port's host number
     */
    void SetEthernet(Ptr<SanSwitchedEthernet> lan, uint32_t host);
    /**
     * \brief The device above it, whose node and interface index address MPI messages.
     * \param device the host's SanIpNetDevice
     */
    void SetDevice(Ptr<NetDevice> device);
    /// \return the device above it
    Ptr<NetDevice> GetDevice() const;

    /**
     * \brief A frame is in the switch, whole: queue it on the output port to this host.
     * \param frame the IP packet with the Ethernet header (from a port, or from MPI)
     */
    void ArriveAtSwitch(Ptr<Packet> frame);

    /// \return frames this host sent
    uint64_t GetSent() const;
    /// \return frames this host received
    uint64_t GetReceived() const;

    bool Transmit(Ptr<Packet> packet, uint32_t dstHost, uint16_t protocol) override;
    void SetReceiveCallback(ReceiveCallback cb) override;
    uint32_t GetHostNumber() const override;
    uint16_t GetMtu() const override;

  protected:
    void DoDispose() override;

  private:
    /// Start serializing the next waiting frame, if any.
    void StartNext();
    /// The frame on the wire is out: the next may start.
    void TransmitDone();
    /// A frame crossed the cable from the switch. \param frame it
    void Deliver(Ptr<Packet> frame);

    SanSwitchedEthernet* m_lan{nullptr}; //!< the Ethernet (it outlives its ports)
    NetDevice* m_device{nullptr};        //!< the device above (it holds this)
    uint32_t m_host{0};                  //!< host number
    ReceiveCallback m_rx;                //!< the device's receive
    SanFifo<Ptr<Packet>> m_waiting;      //!< framed, not yet sent, in order
    bool m_sending{false};               //!< a frame is being serialized
    int64_t m_portFreeTs{0};             //!< the switch's port to this host is free from then
    uint64_t m_sent{0};                  //!< frames sent
    uint64_t m_received{0};              //!< frames received
    TracedCallback<Ptr<const Packet>> m_txTrace; //!< a frame starts out of this host
    TracedCallback<Ptr<const Packet>> m_rxTrace; //!< a frame is in at this host
};

} // namespace ns3

#endif /* SAN_SWITCHED_ETHERNET_H */
