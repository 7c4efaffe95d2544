/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-group-workload-helper.h"

#include "ns3/abort.h"
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

    // The launcher: lets the processes join one after another in rank order, then releases
    // them all. Raw pointers: the processes outlive every call of it (their nodes hold them),
    // and a Ptr here would make each process hold itself through its own trace.
    struct Launcher
    {
        std::vector<SanGroupApplication*> apps; //!< every process
        size_t joined{0};                       //!< processes whose connections are up
    };

    auto launcher = std::make_shared<Launcher>();
    ApplicationContainer apps;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<SanGroupApplication> app = m_app.Create<SanGroupApplication>();
        app->SetMembers(members);
        app->SetMessenger(m_messenger.Create<SanMessenger>());
        (*it)->AddApplication(app);
        launcher->apps.push_back(PeekPointer(app));
        app->TraceConnectWithoutContext("Connected", Callback<void>([launcher]() {
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
        apps.Add(app);
    }
    return apps;
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
