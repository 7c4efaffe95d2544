/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_HOST_HELPER_H
#define SAN_HOST_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/san-type-check.h"

#include <string>

namespace ns3
{

class SanHost;

/**
 * \ingroup san
 * \brief Makes nodes into hosts: a SanHost (HostCpu, I/O HostBus, HostMemory) aggregated to
 * each node, configured by a host preset (default ns3::HpJ200HostPreset) and then by the
 * attributes set on this helper. Network interfaces are installed afterwards by their own
 * helpers, onto these hosts; two interfaces may share one host.
 *
 * \code
 *   SanHostHelper hosts;
 *   hosts.SetPreset("ns3::HpJ200HostPreset");
 *   hosts.SetCpuAttribute("SyscallCost", TimeValue(MicroSeconds(2)));
 *   hosts.Install(nodes);
 * \endcode
 */
class SanHostHelper
{
  public:
    SanHostHelper();

    /**
     * \brief Choose the host preset (aborts with the name if it is not a SanHostPreset).
     * \param type a SanHostPreset TypeId name
     */
    void SetPreset(std::string type);
    /// \param name attribute of the preset \param value its value
    void SetPresetAttribute(std::string name, const AttributeValue& value);
    /// \param name HostCpu attribute \param value its value (applied after the preset)
    void SetCpuAttribute(std::string name, const AttributeValue& value);
    /// \param name HostBus attribute \param value its value (applied after the preset)
    void SetIoBusAttribute(std::string name, const AttributeValue& value);
    /// \param name HostMemory attribute \param value its value
    void SetMemoryAttribute(std::string name, const AttributeValue& value);
    /// \brief Set an attribute of the HostMemorySystem, over the preset's (hosts whose preset
    /// models one) \param name attribute \param value value
    void SetMemorySystemAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Make every node a host (aborts if one already is).
     * \param nodes the nodes
     */
    void Install(const NodeContainer& nodes) const;
    /// \param node a node \return its new host
    Ptr<SanHost> Install(Ptr<Node> node) const;

  private:
    ObjectFactory m_preset;          //!< SanHostPreset
    SanAttributeList m_cpu;          //!< HostCpu settings, over the preset's
    SanAttributeList m_bus;          //!< HostBus settings, over the preset's
    SanAttributeList m_memory;       //!< HostMemory settings
    SanAttributeList m_memorySystem; //!< HostMemorySystem settings, over the preset's
};

} // namespace ns3

#endif /* SAN_HOST_HELPER_H */
