/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_NIC_HELPER_H
#define SAN_NIC_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/type-id.h"

#include <string>

namespace ns3
{

class SanNicDevice;

/**
 * \ingroup san
 * \brief What every interface's helper shares: a device factory and a cost-preset factory,
 * and Install(), which puts one device on each host that already exists (SanHostHelper) and
 * is attached to a fabric (SanFabricHelper), attached to the host's SanHost and to its
 * endpoint. An interface's helper derives from it, names its device and cost-preset types, and
 * adds what is its own in InstallOne() (a library per host, say).
 */
class SanNicHelper
{
  public:
    /// \param name an attribute of the device \param value its value
    void SetDeviceAttribute(std::string name, const AttributeValue& value);
    /**
     * \brief Choose the cost preset (checked against the interface's cost-preset base).
     * \param type a TypeId name
     */
    void SetCostModel(std::string type);
    /// \param name an attribute of the cost preset \param value its value
    void SetCostModelAttribute(std::string name, const AttributeValue& value);
    /**
     * \param hosts host nodes (each with a SanHost)
     * \param endpoints their SanEndpointDevices, same order (from SanFabricHelper::Install)
     * \return the devices, same order
     */
    NetDeviceContainer Install(const NodeContainer& hosts,
                               const NetDeviceContainer& endpoints) const;

  protected:
    /**
     * \param what the helper's name, for messages ("HamlynHelper")
     * \param device the device's TypeId name
     * \param costBase the interface's cost-preset base TypeId
     */
    SanNicHelper(std::string what, std::string device, TypeId costBase);
    virtual ~SanNicHelper() = default;

    /// \param device a new device, before Attach: give it its cost preset (if one was chosen)
    virtual void SetCost(Ptr<SanNicDevice> device, Ptr<Object> cost) const = 0;
    /// \param node a host \param device its device, attached: the interface's own additions
    virtual void InstallOne(Ptr<Node> node, Ptr<SanNicDevice> device) const;
    /// \return true once SetCostModel was called
    bool HasCostModel() const;
    /// \return a new cost preset as SetCostModel chose it (nullptr if none was chosen)
    Ptr<Object> CreateCostModel() const;

  private:
    std::string m_what;     //!< helper name for messages
    TypeId m_costBase;      //!< cost-preset base
    ObjectFactory m_device; //!< the device
    ObjectFactory m_cost;   //!< cost preset (if m_hasCost)
    bool m_hasCost{false};  //!< SetCostModel was called
};

} // namespace ns3

#endif /* SAN_NIC_HELPER_H */
