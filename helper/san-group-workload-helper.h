/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_GROUP_WORKLOAD_HELPER_H
#define SAN_GROUP_WORKLOAD_HELPER_H

#include "ns3/application-container.h"
#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

/**
 * \ingroup san
 * \brief Installs a group workload (SanAllToAll, SanBarrier: SanGroupApplication) on every node
 * of a container, one process each with its own messenger, in rank order; it lets them join
 * (connect) one after another and, once every process's connections are up, starts them all at
 * that instant (Go), as a parallel program's launcher releases its ranks together. Start every
 * process at one time.
 */
class SanGroupWorkloadHelper
{
  public:
    /**
     * \param appType a SanGroupApplication TypeId (checked)
     * \param messengerType a SanMessenger TypeId (checked)
     */
    SanGroupWorkloadHelper(const std::string& appType, const std::string& messengerType);

    /// \param name an attribute of the messengers \param value its value
    void SetMessengerAttribute(const std::string& name, const AttributeValue& value);
    /// \param name an attribute of the applications \param value its value
    void SetAttribute(const std::string& name, const AttributeValue& value);
    /// \param nodes the group's nodes, in rank order (at least two) \return the processes
    ApplicationContainer Install(const NodeContainer& nodes) const;

  private:
    ObjectFactory m_app;       //!< makes each process
    ObjectFactory m_messenger; //!< makes each process's messenger
};

/// \ingroup san \brief SanGroupWorkloadHelper for SanAllToAll.
class SanAllToAllHelper : public SanGroupWorkloadHelper
{
  public:
    /// \param messengerType a SanMessenger TypeId
    explicit SanAllToAllHelper(const std::string& messengerType = "ns3::SanSocketMessenger");
};

/// \ingroup san \brief SanGroupWorkloadHelper for SanBarrier.
class SanBarrierHelper : public SanGroupWorkloadHelper
{
  public:
    /// \param messengerType a SanMessenger TypeId
    explicit SanBarrierHelper(const std::string& messengerType = "ns3::SanSocketMessenger");
};

} // namespace ns3

#endif /* SAN_GROUP_WORKLOAD_HELPER_H */
