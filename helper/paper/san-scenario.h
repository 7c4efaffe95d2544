/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_SCENARIO_H
#define SAN_SCENARIO_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-host-helper.h"
#include "ns3/san-host.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief What a reproduction's scenario is made of, before any network interface: hosts made
 * from a host preset, and a fabric.
 */
struct SanScenarioSpec
{
    uint32_t hosts{2};                                    //!< hosts (crossbar; ignored by others)
    std::string hostPreset{"ns3::HpJ200HostPreset"};      //!< SanHostPreset TypeId
    std::string topology{"ns3::SanCrossbarTopology"};     //!< topology TypeId
    std::string routing{"ns3::SanDimensionOrderRouting"}; //!< routing TypeId
    uint32_t fatTreeK{4};                                 //!< fat tree: K
    uint32_t fatTreeLevels{3};                            //!< fat tree: N
    uint32_t meshX{8};                                    //!< mesh: X
    uint32_t meshY{8};                                    //!< mesh: Y
    /// Links without propagation delay: the papers account the switch's latency only.
    bool paperCables{true};
    /// Virtual cut-through with room for four packets of this size per input buffer (0: the
    /// fabric's defaults).
    uint32_t cutThroughPacketBytes{0};
    /// Switching mode ("Cell", "Wormhole", ...; "" keeps the fabric's default or the above).
    std::string switchingMode;
    /// Links' rate ("" keeps the channel's default), e.g. "140Mbps".
    std::string linkRate;
    /// Switches' routing delay (negative keeps the switch's default).
    Time switchRoutingDelay{Seconds(-1)};
    /// Bytes of input buffer per virtual channel (0 keeps the fabric's default or the above).
    uint32_t bufferSize{0};
    /// Cell mode: switches route each cell on its head (see SanSwitch "CutThroughCells").
    bool cutThroughCells{false};
    /// Links' flow control ("Credits", "XonXoff"; "" keeps the fabric's default: credits).
    std::string flowControl;
    /// Switches split splittable packets longer than this when others wait (see SanSwitch
    /// "SplitThreshold"; 0 keeps the switch's default: never).
    uint32_t splitThreshold{0};
};

/**
 * \ingroup san
 * \brief The scenario builder every reproduction and test shares: hosts (SanHostHelper) on a
 * fabric (SanFabricHelper). A paper's scenario adds its interfaces with their helper, onto
 * these hosts and endpoints. Keep the object alive while the simulation runs (the fabric
 * helper owns the fabric).
 */
class SanScenario
{
  public:
    /// \param spec what to build
    explicit SanScenario(const SanScenarioSpec& spec);

    /// \return the host nodes
    const NodeContainer& GetHosts() const;
    /// \return their fabric endpoints, same order
    const NetDeviceContainer& GetEndpoints() const;
    /// \param i a host index \return its host
    Ptr<SanHost> GetHost(uint32_t i) const;
    /// \return the number of hosts
    uint32_t GetNHosts() const;
    /// \return the fabric helper
    SanFabricHelper& GetFabricHelper();

    /// \brief Run the simulation, then destroy it.
    static void RunAndDestroy();

  private:
    SanFabricHelper m_fabric;       //!< builds and owns the fabric
    NodeContainer m_hosts;          //!< hosts
    NetDeviceContainer m_endpoints; //!< their endpoints
};

} // namespace ns3

#endif /* SAN_SCENARIO_H */
