/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_HELPER_H
#define SAN_FABRIC_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/san-fabric.h"
#include "ns3/trace-helper.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief Builds a switch fabric from a topology: one ns-3 Node per switch
 * carrying a SanSwitch with one SanSwitchPort per connected port (and, by
 * default, the port's NetDevice, a SanSwitchPortDevice, on the node), a
 * SanEndpointDevice on every host node, and a SanChannel per link.
 *
 * For large fabrics, SetSwitchPortDevices(false) leaves the switch ports as
 * the switches' plain records: a port's device is then made only when asked
 * for (SanSwitch::GetPortDevice, Config paths through the switch's "Ports"
 * attribute, SanChannel::GetDevice), and EnablePcapAll or DeviceList paths
 * see the hosts' devices and those made so far. SetSwitchNodes(false) also
 * leaves the switches without nodes (one process only).
 *
 * \code
 *   SanFabricHelper fabric;
 *   fabric.SetTopology("ns3::SanMeshTopology", "X", UintegerValue(8), "Y", UintegerValue(8));
 *   fabric.SetRouting("ns3::SanDimensionOrderRouting");
 *   fabric.SetFabricAttribute("SwitchingMode", StringValue("VirtualCutThrough"));
 *   NodeContainer hosts;
 *   hosts.Create(64);
 *   NetDeviceContainer nics = fabric.Install(hosts);
 * \endcode
 */
class SanFabricHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    SanFabricHelper();
    ~SanFabricHelper() override;

    /**
     * Choose the topology by TypeId name, with up to four attributes.
     * \param type e.g. "ns3::SanFatTreeTopology"
     * \param n1 attribute name \param v1 value
     * \param n2 attribute name \param v2 value
     * \param n3 attribute name \param v3 value
     * \param n4 attribute name \param v4 value
     */
    void SetTopology(std::string type,
                     std::string n1 = "",
                     const AttributeValue& v1 = EmptyAttributeValue(),
                     std::string n2 = "",
                     const AttributeValue& v2 = EmptyAttributeValue(),
                     std::string n3 = "",
                     const AttributeValue& v3 = EmptyAttributeValue(),
                     std::string n4 = "",
                     const AttributeValue& v4 = EmptyAttributeValue());
    /**
     * Use a topology object built by the caller.
     * \param topology the topology
     */
    void SetTopology(Ptr<SanTopology> topology);
    /**
     * Choose the routing function by TypeId name. Without it, the topology gets the routing
     * function that fits it (SanRouting::GetDefaultTypeIdName: dimension order on meshes,
     * tori, rings and crossbars, up*\/down* on fat trees and graphs, UGAL on dragonflies).
     * \param type e.g. "ns3::SanMinimalAdaptiveRouting"
     * \param n1 attribute name \param v1 value
     */
    void SetRouting(std::string type,
                    std::string n1 = "",
                    const AttributeValue& v1 = EmptyAttributeValue());
    /**
     * Check what Install would build, without building it: the topology (made if it was not),
     * the routing function (chosen or default) and the fabric's attributes.
     * \return "" if they fit together, else one line saying what does not (e.g. a routing
     * function that cannot route on the topology, with the ones that can): what Install would
     * abort with
     */
    std::string GetConfigurationError();
    /// \return the routing function Install uses: the one chosen, else the topology's default
    TypeId GetRoutingTypeId();
    /// \param name attribute of SanFabric \param value its value
    void SetFabricAttribute(std::string name, const AttributeValue& value);
    /// \param name attribute of SanChannel \param value its value
    void SetChannelAttribute(std::string name, const AttributeValue& value);
    /**
     * Link-level flow control for every link of the fabric (SanChannel attributes
     * FlowControl, XoffThreshold and XonThreshold).
     * \param mode "Credits" (the default) or "XonXoff"
     * \param xoffBytes XonXoff: Xoff mark in bytes (0: automatic, see SanChannel)
     * \param xonBytes XonXoff: Xon mark in bytes (0: automatic)
     */
    void SetFlowControl(std::string mode, uint32_t xoffBytes = 0, uint32_t xonBytes = 0);
    /// \param name attribute of SanSwitch \param value its value
    void SetSwitchAttribute(std::string name, const AttributeValue& value);
    /// \param name attribute of SanEndpointDevice \param value its value
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * Build the fabric. hosts.GetN() must equal the topology's host count;
     * host i of the topology is hosts.Get(i).
     * \param hosts the host nodes
     * \return the hosts' SanEndpointDevices, in host order
     */
    NetDeviceContainer Install(NodeContainer hosts);

    /**
     * \brief Partition the fabric for a distributed run (ns-3's MPI engine): its switches
     * into \p parts parts, by the topology's SanTopology::GetSwitchPart (fat-tree pods, mesh
     * and torus stripes, dragonfly groups, a balanced cut of a graph) unless SetSwitchParts
     * gave them. Hosts go with their switch and only links are cut: a cut link is a
     * SanRemoteChannel. Under MPI with as many ranks as parts, part r is simulated by rank r
     * (its nodes' system id); with MPI off, the cut links deliver through the one scheduler,
     * which gives the same results (what the san-distributed suite checks).
     *
     * The default, 0, means one part per MPI rank (one part without MPI). Call before
     * CreateHosts and Install.
     * \param parts the number of parts
     */
    void SetPartitions(uint32_t parts);
    /**
     * \brief Give each switch its part (graph files cut by the user's own partitioner).
     * \param parts one entry per switch, each below the number of parts
     */
    void SetSwitchParts(std::vector<uint32_t> parts);
    /// \return the number of parts of the next (or last) Install
    uint32_t GetPartitions() const;
    /**
     * \param sw a switch of the topology
     * \return its part
     */
    uint32_t GetSwitchPart(uint32_t sw);
    /**
     * \param host a host of the topology
     * \return its part (its switch's)
     */
    uint32_t GetHostPart(uint32_t host);
    /**
     * \param host a host of the topology
     * \return true if this process simulates it (always, without MPI)
     */
    bool IsLocalHost(uint32_t host);
    /**
     * \brief Create the topology's hosts as nodes, each on the rank of its switch's part (its
     * system id), in host order; what Install expects in a distributed run. Node ids must be
     * the same on every rank: every rank creates every node, in the same order.
     * \return the host nodes
     */
    NodeContainer CreateHosts();
    /// \return links cut by the last Install's partition
    uint32_t GetCutLinks() const;
    /**
     * \return the lookahead of the last Install: the smallest lead of a cut link
     * (SanRemoteChannel::GetLead: its Delay, plus what the fabric's MinPacketSize allows), or
     * zero if no link is cut. Links whose lead exceeds their Delay give the engines their
     * lookahead through SanDistributed (BoundLookahead, DeclareCutLink).
     */
    Time GetLookahead() const;
    /**
     * \brief On several ranks, let cut-link messages wait for the end of a batch window of
     * \p fraction of the lookahead, so that those of a window to one rank go in as few MPI
     * packets as fit (ns-3 pays a buffer, a send and a receive event per packet); the engine's
     * lookahead shrinks by as much: the granted time window's through
     * SanDistributed::BoundLookahead, the null-message engine's per link through
     * SanDistributed::DeclareCutLink. The null-message engine batches only when every cut
     * link has its own lookahead (SanRemoteChannel::HasOwnLookahead: ns-3 would take the
     * others' Delay). Results do not change. Default 0.5; 0 sends the messages of each time
     * step at its end. Call before Install.
     * \param fraction in [0, 1)
     */
    void SetBatchFraction(double fraction);
    /**
     * \brief Whether Install gives every switch port its NetDevice on the switch's node
     * (default true, as ns-3's helpers do for the devices they make). False saves about a
     * third of a large fabric's memory and of its build time: ports are then plain records
     * whose devices are made on first use (see the class description). Call before Install.
     * \param all true: every switch port's device at once
     */
    void SetSwitchPortDevices(bool all);
    /**
     * \brief Whether Install gives every switch an ns-3 Node (default true). False, for the
     * largest fabrics in one process, saves a Node and its aggregation per switch (about
     * 200 bytes each): a switch then runs its events in the context its node would have had
     * (the id after the nodes that exist at Install, in switch order, so results do not
     * change), and is reached through SanFabric::GetSwitch rather than a node;
     * GetSwitchNodes is empty and its ports have no devices. Nodes made later take the same
     * ids. Hosts' links are bare too: an endpoint's GetChannel is null. Needs
     * SetSwitchPortDevices(false) (a port's device sits on its switch's node) and a fabric in one
     * part (MPI hands messages to devices). Call before Install. \param make true: a node per
     * switch
     */
    void SetSwitchNodes(bool make);
    /**
     * \brief Whether the hosts' devices hand received ns-3 packets to their node's protocol
     * handlers (Node::RegisterProtocolHandler, the way in of an IP stack): default true, as
     * for any NetDevice. False, for hosts whose traffic ends at the fabric device (a traffic
     * generator, SanDeliverySink, DeliverCallback, a NIC), drops the receive callback
     * Node::AddDevice gives each device as Install adds it, about 200 bytes a host; a
     * protocol handler on such a host's node then gets nothing. Call before Install.
     * \param handUp true: keep the node's receive callback
     */
    void SetHostNodeReceive(bool handUp);

    /// \return the batch window of the last Install (0: per time step, or not distributed)
    Time GetBatchWindow() const;

    /// \return the fabric built by the last Install
    Ptr<SanFabric> GetFabric() const;
    /// \return the switch nodes built by the last Install, in switch order (none after
    /// SetSwitchNodes(false))
    NodeContainer GetSwitchNodes() const;
    /// \return the topology of the next (or last) Install
    Ptr<SanTopology> GetTopology();

    /**
     * Random streams for routing functions that draw numbers.
     * \param stream first stream
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// \return a new routing function, as the next Install makes it: the chosen one with its
    /// attributes, else the topology's default (not yet bound to the topology)
    Ptr<SanRouting> CreateRouting();

    /// The pcap files' link type, DLT_USER0: each record starts with the 16-byte
    /// SanFabricHeader (tools/wireshark/san.lua decodes it).
    static constexpr uint32_t PCAP_LINK_TYPE = 147;

  private:
    /// pcap on a san port: departures and arrivals, in <prefix>-<port name>.pcap (link type
    /// PCAP_LINK_TYPE, nanosecond timestamps).
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;
    /// ASCII trace on a san port: one line per departure ('-') and arrival ('r'), in
    /// <prefix>-<port name>.tr or in the given stream.
    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    ObjectFactory m_topologyFactory;     //!< topology
    ObjectFactory m_routingFactory;      //!< routing function (no TypeId: the topology's default)
    ObjectFactory m_fabricFactory;       //!< fabric
    ObjectFactory m_channelFactory;      //!< links
    ObjectFactory m_switchFactory;       //!< switches
    ObjectFactory m_deviceFactory;       //!< endpoints
    Ptr<SanTopology> m_topology;         //!< chosen or built topology
    Ptr<SanFabric> m_fabric;             //!< last built
    NodeContainer m_switchNodes;         //!< last built
    uint32_t m_parts{0};                 //!< parts asked for (0: one per rank)
    std::vector<uint32_t> m_switchParts; //!< the user's partition, or empty
    uint32_t m_cutLinks{0};              //!< links cut by the last Install
    Time m_lookahead;                    //!< smallest lead of a cut link
    double m_batchFraction{0.5};         //!< batch window / lookahead (GTW engine)
    Time m_batchWindow;                  //!< batch window of the last Install
    bool m_switchPortDevices{true};      //!< make every switch port's device at Install
    bool m_makeSwitchNodes{true};        //!< give every switch a Node
    bool m_hostNodeReceive{true};        //!< hosts' devices keep their node's receive callback
};

} // namespace ns3

#endif /* SAN_FABRIC_HELPER_H */
