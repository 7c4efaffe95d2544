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
#include "ns3/nstime.h"
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
 *
 * A run cut over MPI ranks has no launcher that sees every process: there, SetTimedLaunch gives
 * each process its own join time and one go time, and the program checks that each process had
 * joined before the next was to (GetJoinTime).
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
    /**
     * \brief Launch by time: rank r joins at \p firstJoin + r (r + 1) / 2 x \p slot (the ranks
     * before it make at most r (r - 1) / 2 connections, one slot each, and take a slot each) and
     * every process goes at \p go; start the processes at firstJoin at the latest.
     * \param firstJoin when rank 0 joins
     * \param slot the time a connection is given
     * \param go when every process goes (not before the last rank's slots end: where rank n
     * would join)
     */
    void SetTimedLaunch(Time firstJoin, Time slot, Time go);
    /**
     * \param firstJoin \param slot as SetTimedLaunch's \param rank a rank
     * \return when it joins under SetTimedLaunch(firstJoin, slot, ...)
     */
    static Time GetJoinTime(Time firstJoin, Time slot, uint32_t rank);
    /// \param nodes the group's nodes, in rank order (at least two) \return the processes
    ApplicationContainer Install(const NodeContainer& nodes) const;

  private:
    ObjectFactory m_app;       //!< makes each process
    ObjectFactory m_messenger; //!< makes each process's messenger
    bool m_timed{false};       //!< launched by time
    Time m_firstJoin;          //!< SetTimedLaunch's
    Time m_slot;               //!< SetTimedLaunch's
    Time m_go;                 //!< SetTimedLaunch's
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
