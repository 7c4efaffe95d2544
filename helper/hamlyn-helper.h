/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HAMLYN_HELPER_H
#define HAMLYN_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class HostCpu;
class HostBus;
class HostMemory;
class HamlynNetDevice;
class RatsInterfaceManager;

/**
 * \ingroup san
 * \brief Installs Hamlyn interfaces on hosts already attached to a san fabric.
 *
 * For every host node i of the NodeContainer, with endpoints.Get(i) its SanEndpointDevice
 * (what SanFabricHelper::Install returns, in the same order), the helper creates a HostCpu,
 * a HostBus and a HostMemory (their defaults describe the HP 9000 J200 and its GSC+ bus of
 * Hamlyn 1995, section 4.2), a HamlynNetDevice wired to them and to the endpoint, and
 * optionally a RatsInterfaceManager (EnableRats). The host objects and the manager are
 * aggregated to the node, so they are found with node->GetObject<HostCpu>() etc., or with the
 * static getters below, and are disposed with the node.
 *
 * \code
 *   SanFabricHelper fabric;
 *   fabric.SetTopology("ns3::SanCrossbarTopology", "NHosts", UintegerValue(2));
 *   NodeContainer hosts;
 *   hosts.Create(2);
 *   NetDeviceContainer eps = fabric.Install(hosts);
 *   HamlynHelper hamlyn;
 *   hamlyn.SetCostModel("ns3::HamlynStateMachineCostModel");
 *   hamlyn.EnableRats(true);
 *   NetDeviceContainer nics = hamlyn.Install(hosts, eps);
 *   Ptr<RatsInterfaceManager> rats0 = HamlynHelper::GetRats(hosts.Get(0));
 * \endcode
 */
class HamlynHelper
{
  public:
    HamlynHelper();

    /**
     * \param name an attribute of ns3::HamlynNetDevice
     * \param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);
    /**
     * \brief Choose the device's cost preset (default: the device's own, LANai 3).
     * \param type a HamlynCostModel TypeId name, e.g. "ns3::HamlynStateMachineCostModel"
     */
    void SetCostModel(std::string type);
    /// \param name an attribute of the cost model \param value its value
    void SetCostModelAttribute(std::string name, const AttributeValue& value);
    /// \param name an attribute of ns3::HostCpu \param value its value
    void SetHostCpuAttribute(std::string name, const AttributeValue& value);
    /// \param name an attribute of ns3::HostBus \param value its value
    void SetHostBusAttribute(std::string name, const AttributeValue& value);
    /// \param name an attribute of ns3::HostMemory \param value its value
    void SetHostMemoryAttribute(std::string name, const AttributeValue& value);
    /// \param enable create a RatsInterfaceManager per host (default false)
    void EnableRats(bool enable);
    /// \param name an attribute of ns3::RatsInterfaceManager \param value its value
    void SetRatsAttribute(std::string name, const AttributeValue& value);

    /**
     * \param hosts host nodes
     * \param endpoints their SanEndpointDevices, same order (from SanFabricHelper::Install)
     * \return the HamlynNetDevices, same order
     */
    NetDeviceContainer Install(const NodeContainer& hosts,
                               const NetDeviceContainer& endpoints) const;

    /**
     * \brief Fix the random streams (protection keys) of the installed Rats interfaces.
     * \param hosts the hosts \param stream first stream \return streams used
     */
    static int64_t AssignStreams(const NodeContainer& hosts, int64_t stream);

    /// \param node a host \return its HostCpu (null if none)
    static Ptr<HostCpu> GetHostCpu(Ptr<Node> node);
    /// \param node a host \return its HostBus (null if none)
    static Ptr<HostBus> GetHostBus(Ptr<Node> node);
    /// \param node a host \return its HostMemory (null if none)
    static Ptr<HostMemory> GetHostMemory(Ptr<Node> node);
    /// \param node a host \return its HamlynNetDevice (null if none)
    static Ptr<HamlynNetDevice> GetDevice(Ptr<Node> node);
    /// \param node a host \return its RatsInterfaceManager (null if none)
    static Ptr<RatsInterfaceManager> GetRats(Ptr<Node> node);

  private:
    ObjectFactory m_device; //!< HamlynNetDevice
    ObjectFactory m_cost;   //!< cost preset (if its TypeId is set)
    bool m_hasCost;         //!< SetCostModel was called
    ObjectFactory m_cpu;    //!< HostCpu
    ObjectFactory m_bus;    //!< HostBus
    ObjectFactory m_memory; //!< HostMemory
    ObjectFactory m_rats;   //!< RatsInterfaceManager
    bool m_withRats;        //!< create managers
};

/**
 * \ingroup san
 * \brief One reproduced value of Hamlyn 1995 (a row of results/hamlyn.csv).
 */
struct HamlynPaperRow
{
    std::string experiment; //!< experiment id
    std::string metric;     //!< stable metric id
    std::string unit;       //!< unit (for MB/s: which megabyte)
    double paper;           //!< the paper's value; NaN where withheld or not in the paper
    double simulated;       //!< the simulated value
    std::string source;     //!< table, figure or section
    /// Relative tolerance the system test asserts (0: not checked).
    double tolerance{0};
    /// Non-empty: a documented expected deviation; the test prints it instead of asserting.
    std::string deviation;
};

/**
 * \ingroup san
 * \brief The experiments of Hamlyn 1995 (Buzzard, Jacobson, Marovich, Wilkes, HPL-95-86) as
 * callable functions, shared by examples/hamlyn-paper.cc and the san-hamlyn-paper system test.
 *
 * Each function builds its scenario (HamlynHelper over a SanFabricHelper crossbar, the paper's
 * 8x8 Myrinet switch; fabric defaults), runs the simulation, destroys it, and returns rows. No
 * paper total is typed in: every simulated value is measured.
 *
 * Megabytes: the paper's stated MB/s are decimal (the link's "80 MB/s" is 2 bytes per 25 ns,
 * the ping-pong's "12.1MB/s" is 512 B / 42.2 us); its transfer sizes are binary ("1MB" is
 * N = 2048 packets of 512 bytes, Table 5). Every bandwidth row is bytes moved per second in
 * 10^6-byte megabytes, and says so in its unit.
 */
class HamlynPaperExperiments
{
  public:
    /// Table 1: Rats tagged remote write, instruction counts and times (16-byte message).
    static std::vector<HamlynPaperRow> Table1();
    /// Table 2: Rats simple datagram, instruction counts and times (12+16 and 44+16).
    static std::vector<HamlynPaperRow> Table2();
    /// Table 3: LANai 3 direct I/O of a 16-byte message.
    static std::vector<HamlynPaperRow> Table3();
    /// Table 4: LANai 3 DMA of a 512-byte packet.
    static std::vector<HamlynPaperRow> Table4();
    /// Table 5: LANai 3 DMA of a 1 MB message in 512-byte packets (and its bandwidth).
    static std::vector<HamlynPaperRow> Table5();
    /// Section 4.2: the Rats-level end-to-end results (tagged write, round trip, ping-pong).
    static std::vector<HamlynPaperRow> RatsEndToEnd();
    /// Section 4.2: pipelined 512-byte messages and 4 KB transfers (NIC level).
    static std::vector<HamlynPaperRow> Bandwidths();
    /// Section 4.2: the DMA / direct I/O break-even size (NIC level).
    static std::vector<HamlynPaperRow> Breakeven();
    /// Section 4.2: the projected state-machine implementation.
    static std::vector<HamlynPaperRow> StateMachine();
    /// Beyond the paper: 64-host fat tree, adaptive routing, reassembly, barrier, DOR vs
    /// adaptive.
    static std::vector<HamlynPaperRow> BeyondPaper();

    /**
     * \brief 16-byte tagged remote write, application to application (send call to get_tag's
     * return), Rats over the LANai 3 or the state-machine preset.
     * \param stateMachine use HamlynStateMachineCostModel
     * \return microseconds
     */
    static double TaggedWriteSendRecvUs(bool stateMachine);

    /// A simple-datagram round trip and what it is measured between.
    struct RoundTrip
    {
        double toRecvUs{0};       //!< send call to the ack's recv returning at the sender
        double toNotifyUs{0};     //!< send call to the ack's notification at the sender
        double outboundUs{0};     //!< send call to the datagram's recv returning at the server
        uint32_t wireBytes{0};    //!< the datagram's metadata + data bytes
        uint32_t ackWireBytes{0}; //!< the ack's metadata + data bytes
    };

    /**
     * \brief One simple-datagram round trip: host 0 sends \p dataBytes with a reply seed
     * (44 bytes of metadata), host 1's recv replies with \p ackBytes (12 bytes of metadata).
     * \param dataBytes the datagram's data bytes
     * \param ackBytes the ack's data bytes
     * \return the times
     */
    static RoundTrip DatagramRoundTrip(uint32_t dataBytes, uint32_t ackBytes);

    /**
     * \brief One-way NIC-level latency (post to the receiver's notification) of a message.
     * \param bytes message bytes
     * \param dma DMA (else direct I/O including the host's PIO stores over the GSC+ bus)
     * \return microseconds
     */
    static double OneWayUs(uint32_t bytes, bool dma);

    /**
     * \brief Bandwidth of one DMA transfer (post to notification), LANai 3.
     * \param bytes transfer size
     * \return MB/s (10^6 B)
     */
    static double TransferBandwidthMBps(uint32_t bytes);

    /**
     * \brief Write rows as results/hamlyn.csv (DESIGN.md, Results contract) and print them.
     * \param path output file (its folder is created)
     * \param rows the rows
     */
    static void WriteCsv(const std::string& path, const std::vector<HamlynPaperRow>& rows);
};

} // namespace ns3

#endif /* HAMLYN_HELPER_H */
