/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-server.h"

#include "rats-interface-manager.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsServer");

RatsServer::RatsServer(Ptr<RatsInterfaceManager> manager)
    : m_manager(manager)
{
    NS_ABORT_MSG_IF(manager == nullptr || manager->GetHardware() == nullptr,
                    "RatsServer: needs an interface manager that has been Setup()");
}

RatsServer::~RatsServer()
{
}

Ptr<RatsInterfaceManager>
RatsServer::GetManager() const
{
    return m_manager;
}

void
RatsServer::WhenReady(std::function<bool()> ready, std::function<void()> cont)
{
    if (ready())
    {
        cont();
        return;
    }
    Ptr<RatsServer> self(this);
    m_manager->Poll([self, ready, cont]() { self->WhenReady(ready, cont); });
}

void
RatsServer::Charge(double on, double off, std::function<void()> cont)
{
    Ptr<HostCpu> cpu = m_manager->GetCpu();
    cpu->ExecuteInstructions(on, MakeSanCallback<void>([cpu, off, cont]() {
                                 cont();
                                 if (off > 0)
                                 {
                                     cpu->ExecuteInstructionsOffPath(off);
                                 }
                             }));
}

} // namespace ns3
