/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCH_PORT_H
#define SAN_SWITCH_PORT_H

#include "san-port.h"

namespace ns3
{

class SanSwitch;

/**
 * \ingroup san
 * \brief A port of a fabric switch: hands arriving packets to its switch
 * (after the switch's routing delay) and sends what the switch routes to it.
 *
 * A plain record in its switch's array of ports (SanSwitch owns them), not an ns-3 Object: a
 * deep tree has twenty switch ports per host, and a NetDevice each (with its aggregates, its
 * node's callbacks and an initialization event) cost more than the port's own state. Its
 * NetDevice, for tracing and Config paths, is made on first use (GetDevice). A port is 72
 * bytes (64-bit builds), all of it SanPort's: it finds its switch through the header of the
 * array it is in (SanPort::SwitchBlock), from its index there.
 */
class SanSwitchPort : public SanPort
{
  public:
    /// \param storeIndex its index in its switch's array of ports
    explicit SanSwitchPort(uint32_t storeIndex);
    ~SanSwitchPort();

    /**
     * Make the port: give it its number (once, after its switch's SetNodeId).
     * \param port its port number in the topology
     */
    void SetPortNumber(uint32_t port);
    /// \return true once SetPortNumber has made it
    bool IsMade() const;
    /// \return the switch it belongs to
    SanSwitch* GetSwitch() const;
    /// \return "switch-<switch index>-port-<port number>"
    std::string GetPortName() const;
    /// \return its device (SanSwitch::GetPortDevice: made on first use)
    Ptr<NetDevice> GetDevice();
    /// \return the smaller of the switch's routing delay and a packet's serialization on this
    /// port's link \param bytes the shortest packet that may arrive
    int64_t GetArrivalLeadSteps(uint32_t bytes) const;
    /// \return the shortest serialization of a packet on any of the switch's links (the credit
    /// is sent as the packet leaves by one of them, and frees as its tail has left)
    /// \param bytes the shortest packet that may arrive
    int64_t GetCreditLeadSteps(uint32_t bytes) const;

  private:
    friend class SanPort; // dispatches to what follows

    /// A packet arrives (SanPort::ReceivePacket): route it after the switch's routing delay.
    /// \param p the packet \param headTs its head's arrival \param tailTs its tail's
    void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs);
    /// A packet leaves (SanPort::OnDepart): tell the switch.
    /// \param p the packet \param vc its channel \param departTs its departure
    void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs);
    /// \return the switch's split threshold
    uint32_t GetSplitThreshold() const;
    /// \return true if the switch merges pieces of a burst
    bool MayCoalesce() const;
};

} // namespace ns3

#endif /* SAN_SWITCH_PORT_H */
