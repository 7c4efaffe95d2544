/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_RING_TOPOLOGY_H
#define SAN_RING_TOPOLOGY_H

#include "san-topology.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A bidirectional ring of N switches (N >= 3) with c hosts on each.
 *
 * Port conventions (a contract with the routing code):
 * - port 0: + direction, to switch (i+1) mod N, arriving at its port 1;
 * - port 1: - direction, to switch (i-1) mod N, arriving at its port 0;
 * - ports 2..2+c-1: hosts; host h is on switch h / c, port 2 + h % c.
 *
 * Deterministic routing takes the shorter way round, the + direction on a
 * tie (N even, destination opposite). Minimal ports: the shorter direction,
 * or both on a tie. Ports 0 and 1 move along dimension 0. The wrap-around
 * link (the dateline) is the one between switch N-1 and switch 0: port 0 of
 * switch N-1 and port 1 of switch 0 are wrap ports; deterministic routes
 * need 2 dateline classes.
 *
 * Attributes: NSwitches (N >= 3; N = 2 would link the same pair twice),
 * HostsPerSwitch (c >= 1).
 */
class SanRingTopology : public SanTopology
{
  public:
    /// Port of the + direction (to switch (i+1) mod N).
    static constexpr uint32_t PORT_PLUS = 0;
    /// Port of the - direction (to switch (i-1) mod N).
    static constexpr uint32_t PORT_MINUS = 1;
    /// First host port.
    static constexpr uint32_t FIRST_HOST_PORT = 2;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRingTopology();
    ~SanRingTopology() override;

    std::string GetName() const override;
    uint32_t GetNSwitches() const override;
    uint32_t GetNHosts() const override;
    uint32_t GetNPorts(uint32_t sw) const override;
    uint32_t GetHostSwitch(uint32_t host) const override;
    uint32_t GetHostPort(uint32_t host) const override;
    SanPortPeer GetPeer(uint32_t sw, uint32_t port) const override;
    uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const override;
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const override;
    uint32_t GetPortDimension(uint32_t sw, uint32_t port) const override;
    bool IsWrapPort(uint32_t sw, uint32_t port) const override;
    uint32_t GetNDatelineClasses() const override;

    /// \return the number of hosts on each switch (c)
    uint32_t GetHostsPerSwitch() const;

    /**
     * Check a ring's attributes (what Configure aborts on).
     * \param nSwitches switches \param hostsPerSwitch hosts per switch
     * \return "" if they make a topology, else one line saying why not
     */
    static std::string CheckAttributes(uint32_t nSwitches, uint32_t hostsPerSwitch);

  protected:
    void NotifyConstructionCompleted() override;

  private:
    /**
     * Set the number of switches (attribute NSwitches).
     * \param n number of switches
     */
    void SetNSwitches(uint32_t n);
    /**
     * Set the number of hosts per switch (attribute HostsPerSwitch).
     * \param c hosts per switch
     */
    void SetHostsPerSwitch(uint32_t c);
    /// Check the attributes; aborts with a message if they are invalid.
    void Configure();

    uint32_t m_n{8};           //!< number of switches
    uint32_t m_c{1};           //!< hosts per switch
    bool m_constructed{false}; //!< true once the attributes have all been set
};

} // namespace ns3

#endif /* SAN_RING_TOPOLOGY_H */
