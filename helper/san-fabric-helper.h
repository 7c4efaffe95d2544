/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_HELPER_H
#define SAN_FABRIC_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/san-fabric.h"
#include "ns3/trace-helper.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Builds a switch fabric from a topology: one ns-3 Node per switch
 * carrying a SanSwitch and one SanSwitchPort per connected port, a
 * SanEndpointDevice on every host node, and a SanChannel per link.
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
     * Choose the routing function by TypeId name.
     * \param type e.g. "ns3::SanMinimalAdaptiveRouting"
     * \param n1 attribute name \param v1 value
     */
    void SetRouting(std::string type,
                    std::string n1 = "",
                    const AttributeValue& v1 = EmptyAttributeValue());
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

    /// \return the fabric built by the last Install
    Ptr<SanFabric> GetFabric() const;
    /// \return the switch nodes built by the last Install, in switch order
    NodeContainer GetSwitchNodes() const;
    /// \return the topology of the next (or last) Install
    Ptr<SanTopology> GetTopology();

    /**
     * Random streams for routing functions that draw numbers.
     * \param stream first stream
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    /// pcap on a san port: departures and arrivals, in <prefix>-<port name>.pcap (DLT_USER0,
    /// records start with the 16-byte SanFabricHeader).
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

    ObjectFactory m_topologyFactory; //!< topology
    ObjectFactory m_routingFactory;  //!< routing function
    ObjectFactory m_fabricFactory;   //!< fabric
    ObjectFactory m_channelFactory;  //!< links
    ObjectFactory m_switchFactory;   //!< switches
    ObjectFactory m_deviceFactory;   //!< endpoints
    Ptr<SanTopology> m_topology;     //!< chosen or built topology
    Ptr<SanFabric> m_fabric;         //!< last built
    NodeContainer m_switchNodes;     //!< last built
};

} // namespace ns3

#endif /* SAN_FABRIC_HELPER_H */
