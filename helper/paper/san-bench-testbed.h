/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_BENCH_TESTBED_H
#define SAN_BENCH_TESTBED_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class SanMessenger;
struct SanScenarioSpec;
class SanPairWorkloadHelper;
class SanGroupWorkloadHelper;

/**
 * \ingroup san
 * \brief Hosts with one interface and its library, as its paper measured it ("as published"),
 * for the benchmark workloads (model/bench): the same workload then runs on every interface
 * through its own messenger. Two hosts by default (the pair workloads); more for workloads with
 * many clients, on a larger network of the paper's kind (see each interface).
 *
 * Interfaces (GetInterfaces): "tcp" (ns-3's TCP on the host stack, Alphas under Linux 2.2 with
 * 100 Mbit/s Ethernet back to back: the Tripwire paper's baseline; more hosts share one
 * store-and-forward Fast Ethernet switch, TcpSwitchedLan, each process waiting on its
 * connections in select(), SanSocketMessenger); "scilan" (SCILAN's sockets
 * over SCI adapters, 200 MHz Pentium PCs under NT on its paper's SCI fabric, SciScenario);
 * "shrimp-sockets" (SHRIMP's sockets over VMMC, hosts 0 and 3 of the paper's 2x2 Paragon mesh,
 * connections set up over its Ethernet); "shrimp-nx" (NX on VMMC, the same hosts: a two-rank NX
 * program whose start-up, every pair connected over the SHRIMP network, begins when the testbed is
 * built); "shrimp-vmmc" (VMMC itself, the same hosts: SanVmmcMessenger, deliberate update and
 * polling, receive rings set up by export and import through the daemons when a client connects);
 * "dart" (SanDartMessenger on MERL's software DART: DECstation 5000/240s with TCA-100 cards,
 * Osborne 1994 section 3: a pair back to back, the paper's "switchless ATM network"; more hosts
 * through one ASX-100-like ATM switch, the paper's other configuration, grown to their number;
 * every pair connected at start-up, SanDartWiring);
 * "clan" (CLAN's message channels, SanClanMessenger: the Tripwire paper's 530 MHz Alphas under
 * Linux 2.2 with CLAN NICs through one wormhole switch, ClanScenario; connections set up during
 * the run);
 * "hamlyn" (Rats streams on Hamlyn: HP 9000 J200s on GSC+ with Myrinet LANai 3 cards on a
 * crossbar, HamlynScenario as the Hamlyn reproduction builds it; each host's Rats process has a
 * well-known initial-request server, SanRatsDirectory, and pins room for a stream each way to
 * every other host: "MaxMessageBytes" is 1 MiB / (hosts - 1), a power of two, at least 4 KiB).
 * With more than two hosts: SCI's, CLAN's and Hamlyn's crossbars grow to their number;
 * DART's one switch grows to their number; SHRIMP's mesh is the smallest square Paragon mesh
 * that holds them (its first hosts, in order; NX: one rank each); TCP's hosts share one
 * switch (the pair stays back to back).
 *
 * Presets (GetPresets): "as-published", the above; "same-hosts", every interface on one host
 * and one fabric, so that what differs is the interface: SCILAN's PCs (PentiumNtHostPreset: a
 * 200 MHz Pentium on the 430HX, 33 MHz PCI, Windows NT 4.0's system-call, interrupt and
 * wake-up costs) on Hamlyn's Myrinet-class fabric (the fabric's defaults: 640 Mbit/s links,
 * 500 ns wormhole switches with credits), one crossbar of the hosts. What carries over and how:
 * each library's and driver's work is counted in instructions and runs on the new CPU; PIO and
 * DMA go over its PCI bus (whose bridge bursts a cache line: CLAN's DMA reads burst no
 * longer, SHRIMP's packets carry a burst each); the cards keep their own logic and clocks
 * (LANai 3, the CLAN FPGA's pipeline, SHRIMP's datapath, SCI's adapter, DART's i960); DART is
 * the hardware DART its paper targets at PCI, its frames switched whole as every other
 * interface's (no ATM cells); SHRIMP's automatic update keeps its memory-bus snooping (the
 * 430HX has no such connector: a hypothetical card; NX and SHRIMP sockets bind their control
 * pages by it); TCP runs NT 4.0's stack over its own 100 Mbit/s Ethernet (the SCILAN
 * paper's baseline: no IP driver's costs for a Myrinet card are published; more hosts on one
 * switch as above).
 * "modern", a what-if on today's hardware: a current server (ModernServerHostPreset: a 3 GHz
 * core, Linux's costs without page-table isolation, PCIe Gen3 x8) and a fabric of 100 Gbit/s
 * links and 270 ns cut-through switches, one crossbar; the interfaces carry over as for
 * "same-hosts" (hardware DART, frames switched whole, bursts at the bus's payload), and each
 * card's logic keeps pace with its host as its designers built it (DERIVED): its clock (the
 * LANai 3, DART's i960), pipelines (CLAN), datapath latency and rates (SHRIMP, SCI) scale by
 * the modern core's clock over its paper host's. TCP: the same servers with a current Linux
 * stack and a 100 Gbit/s NIC (ModernLinuxStackCosts, ModernEthernetNicCosts) on its own
 * 100 Gbit/s Ethernet through a 300 ns cut-through switch, for two hosts too
 * (TcpSwitchedLan::Modern). Every interface has a testbed under every preset (GetMissing is
 * kept for presets to come).
 * Keep the object alive while the simulation runs.
 */
class SanBenchTestbed
{
  public:
    /// \return the interfaces a testbed can be built for
    static std::vector<std::string> GetInterfaces();

    /// \return the presets a testbed can be built with
    static std::vector<std::string> GetPresets();
    /**
     * \param iface an interface \param preset a preset
     * \return why it has no testbed under that preset (empty: it has one)
     */
    static std::string GetMissing(const std::string& iface, const std::string& preset);
    /// \return the fabrics a testbed can be built on: "crossbar" (each preset's own: one
    /// switch of the hosts, SHRIMP's mesh, DART's pair back to back), "fat-tree" and
    /// "dragonfly"
    static std::vector<std::string> GetFabrics();
    /**
     * \param fabric one of GetFabrics() \param hosts hosts
     * \return why \p fabric cannot hold \p hosts (empty: it can)
     */
    static std::string CheckHosts(const std::string& fabric, uint32_t hosts);

    /**
     * \param iface one of GetInterfaces() (aborts, listing them, otherwise)
     * \param hosts how many hosts (at least 2)
     * \param preset one of GetPresets() (aborts, listing them, otherwise)
     * \param fabric one of GetFabrics(): "fat-tree" puts the hosts on a 4-ary n-tree of
     * 8-port switches of the preset's kind (Myrinet's and the 8-port switches;
     * 4^n hosts: 16, 64, 256, 1,024, 4,096, 16,384, ...; aborts for another count), routed
     * up*\/down* (deterministic: a connection's packets stay in order); "dragonfly" puts them
     * on a balanced dragonfly (Kim et al. 2008: p hosts a router, a = 2p routers a group, h = p
     * global links a router, 2p^2 + 1 groups, every pair joined by one global link) of
     * (4p - 1)-port switches of the preset's kind: 2p^2(2p^2 + 1) hosts, p >= 2 (72, 342,
     * 1,056, 2,550, 5,256, 9,702, 16,512, ...; aborts for another count), routed minimally
     * and deterministically (local, global, local: in order); for "tcp", its Ethernet's
     * switches in that shape (TcpSwitchedLan's, 8 ports each)
     * \param groups the hosts talk in this many groups (host i with the hosts j of its group,
     * i mod groups == j mod groups; 1: every host with every other; it divides \p hosts).
     * What an interface makes at start-up for each pair that may talk (DART's connection
     * wiring) or sizes for each peer a process may have (Hamlyn's pinned streams, DART's
     * receive rings) is made for the group only, as a parallel job's processes set up their
     * communicator's connections and no others; NX runs one program per group (SanNxPrograms),
     * whose start-up connects every pair of that group's ranks.
     */
    explicit SanBenchTestbed(const std::string& iface,
                             uint32_t hosts = 2,
                             const std::string& preset = "as-published",
                             const std::string& fabric = "crossbar",
                             uint32_t groups = 1);

    /// \return the hosts; with two: the workload's client (sender), then its server (sink)
    NodeContainer GetHosts() const;
    /// \return every host but the first: the clients of a server on GetHosts().Get(0)
    NodeContainer GetClients() const;
    /// \return the messenger's TypeId name, for a workload helper's constructor
    std::string GetMessengerType() const;
    /// \param helper a workload's helper: its messengers are set for this interface
    void ConfigureMessenger(SanPairWorkloadHelper& helper) const;
    /// \param helper a group workload's helper: its messengers are set for this interface
    void ConfigureMessenger(SanGroupWorkloadHelper& helper) const;
    /// \return a messenger for this interface, set as ConfigureMessenger sets a helper's (for
    /// programs with many processes; Open it on one of GetHosts())
    Ptr<SanMessenger> CreateMessenger() const;
    /// \param factory a factory of GetMessengerType(): its messengers are set likewise
    void ConfigureMessenger(ObjectFactory& factory) const;
    /// \return the rate of the slowest link between two hosts (bit/s)
    double GetLinkBps() const;
    /// \return one line: interface, library, hosts and network
    std::string GetDescription() const;

  private:
    /// \param hosts hosts \name Each interface's testbed, for m_preset
    /// @{
    void BuildTcp(uint32_t hosts);
    void BuildScilan(uint32_t hosts);
    void BuildShrimp(uint32_t hosts);
    void BuildDart(uint32_t hosts);
    void BuildClan(uint32_t hosts);
    void BuildHamlyn(uint32_t hosts);
    /// @}
    /**
     * \brief Put the hosts of \p spec on the fabric asked for (nothing for "crossbar").
     * \param spec a scenario's spec, its preset applied \param hosts hosts
     */
    void ShapeFabric(SanScenarioSpec& spec, uint32_t hosts);
    /// \return whether the preset is "same-hosts"
    bool IsSameHosts() const;
    /// \return whether the preset puts every interface on one host and fabric (not
    /// "as-published")
    bool IsEqualTerms() const;

    /// \param set called with each messenger attribute to set (name, value)
    void ForEachMessengerAttribute(
        const std::function<void(const std::string&, const AttributeValue&)>& set) const;

    std::string m_iface;           //!< its name
    std::string m_preset;          //!< GetPresets()
    std::string m_fabric;          //!< GetFabrics()
    std::string m_fabricDescribed; //!< what ShapeFabric made of the fabric, for GetDescription
    uint32_t m_groups;             //!< the hosts' groups (1: one)
    NodeContainer m_hosts;         //!< the hosts
    std::string m_messenger{"ns3::SanSocketMessenger"}; //!< the messenger's TypeId name
    /// The messengers' attributes (name, value): a socket factory, an NX program, ...
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_messengerAttributes;
    double m_linkBps{0};          //!< slowest link
    std::string m_described;      //!< GetDescription
    std::shared_ptr<void> m_keep; //!< what must outlive the run (a fabric, a scenario)
};

} // namespace ns3

#endif /* SAN_BENCH_TESTBED_H */
