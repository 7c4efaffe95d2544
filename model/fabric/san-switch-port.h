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
 * NetDevice, for tracing and Config paths, is made on first use (GetDevice). Aligned to a
 * cache line, a port is two whole lines (64-bit builds), the first holding what an arrival
 * and a credit touch.
 */
class alignas(64) SanSwitchPort : public SanPort
{
  public:
    SanSwitchPort();
    ~SanSwitchPort() override;

    /**
     * \param sw the switch this port belongs to
     * \param port its port number in the topology
     */
    void SetSwitch(SanSwitch* sw, uint32_t port);
    /// \return the switch it belongs to
    SanSwitch* GetSwitch() const;
    /// \return "switch-<switch index>-port-<port number>"
    std::string GetPortName() const override;
    /// \return its device (SanSwitch::GetPortDevice: made on first use)
    Ptr<NetDevice> GetDevice() override;
    /// \return the smaller of the switch's routing delay and a packet's serialization on this
    /// port's link \param bytes the shortest packet that may arrive
    int64_t GetArrivalLeadSteps(uint32_t bytes) const override;
    /// \return the shortest serialization of a packet on any of the switch's links (the credit
    /// is sent as the packet leaves by one of them, and frees as its tail has left)
    /// \param bytes the shortest packet that may arrive
    int64_t GetCreditLeadSteps(uint32_t bytes) const override;

  protected:
    void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs) override;
    void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs) override;
    uint32_t GetSplitThreshold() const override;
    bool MayCoalesce() const override;

  private:
    SanSwitch* m_switch{nullptr}; //!< owning switch
};

} // namespace ns3

#endif /* SAN_SWITCH_PORT_H */
