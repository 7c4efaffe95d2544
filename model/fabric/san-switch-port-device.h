/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCH_PORT_DEVICE_H
#define SAN_SWITCH_PORT_DEVICE_H

#include "san-port-device.h"

namespace ns3
{

class SanSwitchPort;

/**
 * \ingroup san
 * \brief The NetDevice of a switch port (SanSwitchPort), made by its switch on first use
 * (SanSwitch::GetPortDevice) and added to the switch's node.
 *
 * A switch port forwards every packet it takes and hands nothing up, so the node's receive
 * callbacks are not kept.
 */
class SanSwitchPortDevice : public SanPortDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanSwitchPortDevice();
    ~SanSwitchPortDevice() override;

    /// \param port the switch port this device shows
    void SetSwitchPort(SanSwitchPort* port);
    /// \return the switch port (nullptr once disposed)
    SanSwitchPort* GetSwitchPort() const;

    /**
     * Not kept: nothing goes up from a switch port.
     * \param cb ignored
     */
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    /**
     * Not kept either, for the same reason.
     * \param cb ignored
     */
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
};

} // namespace ns3

#endif /* SAN_SWITCH_PORT_DEVICE_H */
