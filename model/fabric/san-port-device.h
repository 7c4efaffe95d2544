/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PORT_DEVICE_H
#define SAN_PORT_DEVICE_H

#include "san-port.h"

#include "ns3/san-net-device.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief What ns-3 sees of a fabric port (SanPort): a NetDevice with the port's channel and
 * trace sources.
 *
 * A host's interface (SanEndpointDevice) is its own port. A switch port is a plain record in
 * its switch, and its device (SanSwitchPortDevice) is made when someone asks for it: by
 * SanSwitch::GetPortDevice, the switch's "Ports" attribute (a Config path), the channel's
 * GetDevice, or the helper (every switch port, unless SanFabricHelper's SwitchPortDevices is
 * false). The trace sources are the port's own, so connecting through any device of a port
 * traces the same events.
 */
class SanPortDevice : public SanNetDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanPortDevice();
    ~SanPortDevice() override;

    /// \return the port this device shows (nullptr once disposed)
    SanPort* GetPort() const;

    /// Signature of "PacketTx" (see SanPort::PacketTxTracedCallback).
    typedef SanPort::PacketTxTracedCallback PacketTxTracedCallback;
    /// Signature of "PacketEvent" (see SanPort::PacketEventTracedCallback).
    typedef SanPort::PacketEventTracedCallback PacketEventTracedCallback;

    // NetDevice (the rest comes from SanNetDevice)
    Ptr<Channel> GetChannel() const override;
    bool IsLinkUp() const override;
    /// \return true, except at the ends of a link cut between MPI ranks whose lookahead is
    /// longer than its Delay (SanRemoteChannel::HasOwnLookahead): ns-3's engines would bound
    /// their lookahead by the Delay of every point-to-point device's channel
    bool IsPointToPoint() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;

  protected:
    void DoDispose() override;
    /// \param port the port this device shows
    void SetPort(SanPort* port);

  private:
    /**
     * \tparam SOURCE one of SanPort::Traces' members
     * \param o an object
     * \return that source of its port (made on first use), or nullptr if it is not a port's
     * device
     */
    template <auto SOURCE>
    static auto* SourceOf(ObjectBase* o)
    {
        auto* dev = dynamic_cast<SanPortDevice*>(o);
        return dev != nullptr && dev->m_port != nullptr ? &(dev->m_port->GetTraces().*SOURCE)
                                                        : nullptr;
    }

    SanPort* m_port{nullptr}; //!< the port (owned by its switch, or this device itself)
};

} // namespace ns3

#endif /* SAN_PORT_DEVICE_H */
