/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CROSSBAR_TOPOLOGY_H
#define SAN_CROSSBAR_TOPOLOGY_H

#include "san-topology.h"

namespace ns3
{

/**
 * \ingroup san
 * \brief A single crossbar switch with every host on its own port.
 *
 * Host h is on port h of switch 0; there are no switch-to-switch links, so
 * the diameter is 0 and every route is one switch traversal. The default of
 * eight hosts is the Myrinet switch of the Hamlyn prototype, "a wormhole
 * router configured as a non-blocking 8x8 crossbar" (Hamlyn, Buzzard et al.
 * 1995, section 4.2 "The hardware prototype").
 *
 * Routing questions never arise (every host's switch is switch 0): both
 * routing calls answer "no switch-to-switch port" (NO_PORT, zero candidates).
 *
 * Attributes: NHosts (>= 1).
 */
class SanCrossbarTopology : public SanTopology
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanCrossbarTopology();
    ~SanCrossbarTopology() override;

    std::string GetName() const override;
    uint32_t GetNSwitches() const override;
    uint32_t GetNHosts() const override;
    uint32_t GetNPorts(uint32_t sw) const override;
    uint32_t GetHostSwitch(uint32_t host) const override;
    uint32_t GetHostPort(uint32_t host) const override;
    SanPortPeer GetPeer(uint32_t sw, uint32_t port) const override;
    /**
     * \copydoc SanTopology::GetDeterministicPort
     * A crossbar has one switch, so there is never another switch to go to:
     * returns NO_PORT.
     */
    uint32_t GetDeterministicPort(uint32_t sw, uint32_t dst) const override;
    /**
     * \copydoc SanTopology::GetMinimalPorts
     * A crossbar has one switch: returns 0 (no candidate).
     */
    uint32_t GetMinimalPorts(uint32_t sw, uint32_t dst, uint32_t* ports) const override;
    /// \return true: a single crossbar cannot deadlock
    bool IsMinimalRoutingDeadlockFree() const override;

    /**
     * Check a crossbar's attributes (what Configure aborts on).
     * \param nHosts hosts (= ports)
     * \return "" if they make a topology, else one line saying why not
     */
    static std::string CheckAttributes(uint32_t nHosts);

  protected:
    void NotifyConstructionCompleted() override;

  private:
    /**
     * Set the number of hosts (attribute NHosts).
     * \param nHosts number of hosts (= ports)
     */
    void SetNHosts(uint32_t nHosts);
    /// Check the attributes; aborts with a message if they are invalid.
    void Configure();

    uint32_t m_nHosts{8};      //!< number of hosts, one per port
    bool m_constructed{false}; //!< true once the attributes have all been set
};

} // namespace ns3

#endif /* SAN_CROSSBAR_TOPOLOGY_H */
