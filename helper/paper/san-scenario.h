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
    uint32_t dragonflyP{4};                               //!< dragonfly: hosts a router
    uint32_t dragonflyA{8};                               //!< dragonfly: routers a group
    uint32_t dragonflyH{4};                               //!< dragonfly: global links a router
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
    /// Links' propagation delay (negative keeps the channel's default, or paperCables' zero).
    Time linkDelay{Seconds(-1)};
    /// Links' CreditDelay: a credit's flight back (negative keeps the channel's default, 0).
    Time creditDelay{Seconds(-1)};
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
    /// Make every switch port's NetDevice on its switch's node, ns-3's convention (a trace or
    /// pcap per port); false: only the ports a cut or a host needs (SanFabricHelper::
    /// SetSwitchPortDevices).
    bool switchPortDevices{true};
};

/**
 * \ingroup san
 * \brief The scenario builder every reproduction and test shares: hosts (SanHostHelper) on a
 * fabric (SanFabricHelper). A paper's scenario adds its interfaces with their helper, onto
 * these hosts and endpoints. Keep the object alive while the simulation runs (the fabric
 * helper owns the fabric).
 *
 * Four ns-3 global values (so any program's CommandLine takes them, e.g.
 * --SanScenarioPartitions=2) change every scenario built while they are set; their defaults
 * build each spec as it is:
 * - SanScenarioSwitches (1 or 2): 2 builds a crossbar spec as two linked switches with the
 *   first half of the hosts on switch 0 and the second on switch 1, in the same order (a 2x1
 *   SanMeshTopology; for an odd count, with the extra host on switch 0, a two-switch
 *   SanGraphTopology routed up*\/down*); a one-host crossbar and the other topologies (which
 *   have several switches already) are built as they are.
 * - SanScenarioPartitions: 2 or more cuts the fabric into that many parts
 *   (SanFabricHelper::SetPartitions): links between switches of different parts become
 *   SanRemoteChannels, which encode every message and deliver it through the scheduler one
 *   lead later. The fabric then promises its MinPacketSize as 1 byte (unless it is set), the
 *   least every host sends, so that on a credit link a cut link's lead is its Delay plus a
 *   byte's serialization or the switch's routing delay, whichever is shorter (the papers'
 *   cables have no Delay; 13 ns on Hamlyn's). SCI's fabric (no routing delay) and CLAN's
 *   (Xon/Xoff links, which count only the Delay) have no lead at all: a cut delivers through a
 *   same-time event, which runs alike in one process. A Cell-mode fabric (DART) is cut like
 *   any other (each part keeps its own record of a packet whose cells cross; see
 *   SanCutCellRecords). What the fabric cannot cut, a wormhole packet longer than a buffer
 *   (Hamlyn's, SHRIMP's and CLAN's wormhole switches keep the fabric's 64-byte buffers), is
 *   refused by SanRemoteChannel as it crosses: when a worm's head stops, the slots its tail
 *   was about to free upstream stay held from that instant, which no lead can carry to
 *   another part in time. The paper experiments read
 *   every host's results in one process, so a cut scenario runs in one process (not across MPI
 *   ranks). Cut and uncut give the same rows under SanOrderedScheduler; under ns-3's default
 *   scheduler a cut's later hand-over can break ties between simultaneous events otherwise
 *   (SCILAN's all-to-all runs). The san-paper-partition suite compares paper experiments cut
 *   and uncut.
 * - SanScenarioCreditsTakeDelay: every link's credits take its Delay back to the sender
 *   (SanChannel CreditDelay) instead of counting at once; what a cut of a fabric whose cables
 *   have a Delay needs (SanBenchRanks sets it); the papers' cables have none.
 * - SanScenarioBufferSize: the bytes of every switch buffer, instead of the spec's (0: as the
 *   spec has it). A what-if on buffering; in wormhole mode a packet that fits a buffer is no
 *   worm, so with buffers as large as the largest packet a wormhole fabric can be cut (the
 *   partition suite compares SHRIMP's experiments so: their rows then are not the paper's,
 *   but what crosses between hosts is).
 */
class SanScenario
{
  public:
    /// \param spec what to build (as changed by the global values above)
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

    /// What the scenarios built in this process have cut (SanScenarioPartitions): a cut
    /// that no message crosses proves nothing, so a test can ask.
    struct CutStatistics
    {
        uint64_t scenarios{0}; //!< scenarios built with a cut fabric
        uint64_t cutLinks{0};  //!< their cut links
        uint64_t crossings{0}; //!< messages that crossed a cut link (counted at Destroy)
        Time lookahead;        //!< the least of their fabrics' lookaheads (zero: none cut)
    };

    /// \return the counts since the last ResetCutStatistics
    static CutStatistics GetCutStatistics();
    /// \brief Set the counts to zero.
    static void ResetCutStatistics();

  private:
    /**
     * Cut the fabric (SanScenarioPartitions), before the hosts are made.
     * \param spec what is built
     * \param parts parts, at least 2
     */
    void CutFabric(const SanScenarioSpec& spec, uint32_t parts);
    /// After Install: count the cut links, and at Destroy the messages that crossed them.
    void CountCut();

    SanFabricHelper m_fabric;       //!< builds and owns the fabric
    NodeContainer m_hosts;          //!< hosts
    NetDeviceContainer m_endpoints; //!< their endpoints
};

} // namespace ns3

#endif /* SAN_SCENARIO_H */
