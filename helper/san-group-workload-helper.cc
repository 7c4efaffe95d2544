/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-group-workload-helper.h"

#include "ns3/abort.h"
#include "ns3/san-callback.h"
#include "ns3/san-group-application.h"
#include "ns3/san-messenger.h"
#include "ns3/san-type-check.h"

#include <memory>
#include <vector>

namespace ns3
{

SanGroupWorkloadHelper::SanGroupWorkloadHelper(const std::string& appType,
                                               const std::string& messengerType)
{
    m_app.SetTypeId(
        SanCheckTypeId(appType, SanGroupApplication::GetTypeId(), "SanGroupWorkloadHelper"));
    m_messenger.SetTypeId(
        SanCheckTypeId(messengerType, SanMessenger::GetTypeId(), "SanGroupWorkloadHelper"));
}

void
SanGroupWorkloadHelper::SetMessengerAttribute(const std::string& name, const AttributeValue& value)
{
    m_messenger.Set(name, value);
}

void
SanGroupWorkloadHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_app.Set(name, value);
}

ApplicationContainer
SanGroupWorkloadHelper::Install(const NodeContainer& nodes) const
{
    NS_ABORT_MSG_IF(nodes.GetN() < 2, "SanGroupWorkloadHelper::Install: at least two nodes");
    std::vector<uint32_t> members;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        members.push_back((*it)->GetId());
    }

    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<SanGroupApplication> app = m_app.Create<SanGroupApplication>();
        app->SetMembers(members);
        app->SetMessenger(m_messenger.Create<SanMessenger>());
        (*it)->AddApplication(app);
        apps.Add(app);
    }
    if (m_timed)
    {
        // The last rank's slots end where a next rank would join.
        const Time end = GetJoinTime(m_firstJoin, m_slot, nodes.GetN());
        NS_ABORT_MSG_IF(m_go < end,
                        "SanGroupWorkloadHelper: the last of "
                            << nodes.GetN() << " ranks has until " << end.As(Time::US)
                            << " to join, after the go at " << m_go.As(Time::US));
        for (uint32_t r = 0; r < apps.GetN(); ++r)
        {
            DynamicCast<SanGroupApplication>(apps.Get(r))
                ->SetLaunchTimes(GetJoinTime(m_firstJoin, m_slot, r), m_go);
        }
        return apps;
    }

    // The launcher: lets the processes join one after another in rank order, then releases
    // them all. Raw pointers: the processes outlive every call of it (their nodes hold them),
    // and a Ptr here would make each process hold itself through its own trace.
    struct Launcher
    {
        std::vector<SanGroupApplication*> apps; //!< every process
        size_t joined{0};                       //!< processes whose connections are up
    };

    auto launcher = std::make_shared<Launcher>();
    for (uint32_t r = 0; r < apps.GetN(); ++r)
    {
        Ptr<Application> app = apps.Get(r);
        launcher->apps.push_back(PeekPointer(DynamicCast<SanGroupApplication>(app)));
        app->TraceConnectWithoutContext("Connected", MakeSanCallback<void>([launcher]() {
                                            const size_t k = ++launcher->joined;
                                            if (k < launcher->apps.size())
                                            {
                                                launcher->apps[k]->Join();
                                                return;
                                            }
                                            for (SanGroupApplication* a : launcher->apps)
                                            {
                                                a->Go();
                                            }
                                        }));
    }
    return apps;
}

void
SanGroupWorkloadHelper::SetTimedLaunch(Time firstJoin, Time slot, Time go)
{
    NS_ABORT_MSG_IF(firstJoin.IsNegative() || !slot.IsStrictlyPositive(),
                    "SanGroupWorkloadHelper::SetTimedLaunch: a first join at "
                        << firstJoin.As(Time::US) << " and a slot of " << slot.As(Time::US)
                        << " (the first not negative, the slot positive)");
    m_timed = true;
    m_firstJoin = firstJoin;
    m_slot = slot;
    m_go = go;
}

Time
SanGroupWorkloadHelper::GetJoinTime(Time firstJoin, Time slot, uint32_t rank)
{
    // The ranks before make at most r (r - 1) / 2 connections; a slot more each for its own
    // step, so that no two ranks join at one instant.
    const uint64_t before = uint64_t{rank} * (rank + 1) / 2;
    return firstJoin + slot * static_cast<int64_t>(before);
}

SanAllToAllHelper::SanAllToAllHelper(const std::string& messengerType)
    : SanGroupWorkloadHelper("ns3::SanAllToAll", messengerType)
{
}

SanBarrierHelper::SanBarrierHelper(const std::string& messengerType)
    : SanGroupWorkloadHelper("ns3::SanBarrier", messengerType)
{
}

} // namespace ns3
