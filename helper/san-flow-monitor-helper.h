/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FLOW_MONITOR_HELPER_H
#define SAN_FLOW_MONITOR_HELPER_H

#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/san-flow-monitor.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Puts a SanFlowMonitor on a fabric's hosts, as FlowMonitorHelper does for IP:
 * \code
 *   SanFlowMonitorHelper flows;
 *   Ptr<SanFlowMonitor> monitor = flows.InstallAll();  // after SanFabricHelper::Install
 *   Simulator::Run();
 *   flows.SerializeToXmlFile("flows.xml", true);
 * \endcode
 * A node counts if it carries a SanEndpointDevice (a fabric host); one monitor watches one
 * fabric.
 */
class SanFlowMonitorHelper
{
  public:
    SanFlowMonitorHelper();

    /// \param name an attribute of SanFlowMonitor \param value its value (before Install)
    void SetMonitorAttribute(std::string name, const AttributeValue& value);

    /// \param nodes hosts to watch (nodes without a fabric endpoint are skipped; aborts if
    /// none has one) \return the monitor
    Ptr<SanFlowMonitor> Install(NodeContainer nodes);
    /// \param node a host to watch \return the monitor
    Ptr<SanFlowMonitor> Install(Ptr<Node> node);
    /// Watch every node of the simulation that is a fabric host. \return the monitor
    Ptr<SanFlowMonitor> InstallAll();
    /// \return the monitor (made on first use)
    Ptr<SanFlowMonitor> GetMonitor();

    /// \param indent spaces \param enableHistograms histograms too \return the flows as XML
    std::string SerializeToXmlString(uint16_t indent, bool enableHistograms);
    /// \param fileName file (aborts with one line if it cannot be written)
    /// \param enableHistograms histograms too
    void SerializeToXmlFile(std::string fileName, bool enableHistograms);
    /// One CSV row per flow. \param fileName file (aborts with one line if it cannot be written)
    void SerializeToCsvFile(std::string fileName);

  private:
    /// \param node a node \return the fabric hosts it carries that are now watched
    uint32_t Watch(Ptr<Node> node);

    ObjectFactory m_factory;       //!< makes the monitor
    Ptr<SanFlowMonitor> m_monitor; //!< the monitor, once made
};

} // namespace ns3

#endif /* SAN_FLOW_MONITOR_HELPER_H */
