/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SWITCH_PORT_H
#define SAN_SWITCH_PORT_H

#include "san-port-device.h"

namespace ns3
{

class SanSwitch;

/**
 * \ingroup san
 * \brief A port of a fabric switch: hands arriving packets to its switch
 * (after the switch's routing delay) and sends what the switch routes to it.
 */
class SanSwitchPort : public SanPortDevice
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanSwitchPort();
    ~SanSwitchPort() override;

    /**
     * \param sw the switch this port belongs to
     * \param port its port number in the topology
     */
    void SetSwitch(SanSwitch* sw, uint32_t port);
    /// \return its port number in the topology
    uint32_t GetPortNumber() const;
    /// \return "switch-<switch index>-port-<port number>"
    std::string GetPortName() const override;

    /**
     * A switch port forwards every packet it takes; none goes up to its node, so the node's
     * receive callback is not kept (on a deep tree a kept callback, a few heap blocks, costs
     * more than the port's own state).
     * \param cb ignored
     */
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    /**
     * Not kept either, for the same reason (a switch port has no promiscuous listener).
     * \param cb ignored
     */
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;

  protected:
    void DoDispose() override;
    void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs) override;
    void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs) override;
    uint32_t GetSplitThreshold() const override;
    bool MayCoalesce() const override;

  private:
    SanSwitch* m_switch{nullptr}; //!< owning switch
    uint32_t m_port{0};           //!< topology port number
};

} // namespace ns3

#endif /* SAN_SWITCH_PORT_H */
