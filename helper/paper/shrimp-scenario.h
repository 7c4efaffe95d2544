/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHRIMP_SCENARIO_H
#define SHRIMP_SCENARIO_H

#include "san-scenario.h"

#include "ns3/ipv4-address.h"
#include "ns3/shrimp-net-device.h"
#include "ns3/vmmc-endpoint.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The SHRIMP system (Felten et al. 1996, section 3.1): DEC 560ST nodes with SHRIMP
 * interfaces on Intel's iMRC routing backplane, a 2-D mesh with oblivious (dimension-order)
 * wormhole routing that keeps each sender's order. The prototype has four nodes (a 2x2 mesh);
 * larger meshes are the system the paper planned (16 nodes) and beyond.
 */
class ShrimpScenario : public SanScenario
{
  public:
    /// What to build.
    struct Spec : public SanScenarioSpec
    {
        /// Also the commodity Ethernet of section 3.1 ("used for diagnostics, booting, and
        /// exchange of low-priority messages"; the sockets library sets up connections over
        /// it): ns-3's internet stack on every node, all on one 10 Mbit/s switch
        /// (SanSwitchedEthernet).
        bool ethernet{false};
    };

    /**
     * \param x mesh columns
     * \param y mesh rows
     * \return the spec (one node per router)
     */
    static Spec Configure(uint32_t x = 2, uint32_t y = 2);

    /// \param spec what to build
    explicit ShrimpScenario(const Spec& spec);

    /// \param i a host \return a new process's VMMC endpoint on it
    Ptr<VmmcEndpoint> CreateEndpoint(uint32_t i) const;
    /// \param i a host \return its Ethernet address (Spec::ethernet only)
    Ipv4Address GetEthernetAddress(uint32_t i) const;

    std::vector<Ptr<ShrimpNetDevice>> nics; //!< interfaces, by host

  private:
    std::vector<Ipv4Address> m_ethernet; //!< Ethernet addresses, by host
};

} // namespace ns3

#endif /* SHRIMP_SCENARIO_H */
