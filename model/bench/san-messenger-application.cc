/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-messenger-application.h"

#include "ns3/abort.h"
#include "ns3/node-list.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanMessengerApplication);

TypeId
SanMessengerApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanMessengerApplication").SetParent<Application>().SetGroupName("San");
    return tid;
}

SanMessengerApplication::SanMessengerApplication() = default;

SanMessengerApplication::~SanMessengerApplication() = default;

void
SanMessengerApplication::DoDispose()
{
    if (m_messenger)
    {
        m_messenger->Dispose();
        m_messenger = nullptr;
    }
    Application::DoDispose();
}

void
SanMessengerApplication::SetMessenger(Ptr<SanMessenger> messenger)
{
    m_messenger = messenger;
}

Ptr<SanMessenger>
SanMessengerApplication::GetMessenger() const
{
    return m_messenger;
}

Ptr<SanMessenger>
SanMessengerApplication::RequireMessenger(const std::string& who) const
{
    NS_ABORT_MSG_IF(m_messenger == nullptr,
                    who << ": no messenger (install it with its helper, or SetMessenger)");
    return m_messenger;
}

void
SanMessengerApplication::CheckPeerAndSize(const std::string& who,
                                          uint32_t peer,
                                          uint32_t bytes,
                                          const std::string& sizeAttribute) const
{
    Ptr<SanMessenger> messenger = RequireMessenger(who);
    NS_ABORT_MSG_IF(peer >= NodeList::GetNNodes() || peer == GetNode()->GetId(),
                    who << ": \"Peer\" " << peer << " is not another node");
    NS_ABORT_MSG_IF(bytes < messenger->GetMinMessageBytes(),
                    who << ": \"" << sizeAttribute << "\" " << bytes
                        << " is below the smallest message of " << messenger->GetDescription()
                        << " (" << messenger->GetMinMessageBytes() << ")");
}

} // namespace ns3
