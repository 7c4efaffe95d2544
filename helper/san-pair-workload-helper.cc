/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-pair-workload-helper.h"

#include "ns3/abort.h"
#include "ns3/san-messenger-application.h"
#include "ns3/san-messenger.h"
#include "ns3/san-type-check.h"
#include "ns3/uinteger.h"

namespace ns3
{

SanPairWorkloadHelper::SanPairWorkloadHelper(const std::string& who,
                                             const std::string& messengerType,
                                             TypeId serverType,
                                             TypeId clientType)
    : m_who(who)
{
    m_messenger.SetTypeId(SanCheckTypeId(messengerType, SanMessenger::GetTypeId(), who));
    m_server.SetTypeId(serverType);
    m_client.SetTypeId(clientType);
}

void
SanPairWorkloadHelper::SetMessengerAttribute(const std::string& name, const AttributeValue& value)
{
    m_messenger.Set(name, value);
}

void
SanPairWorkloadHelper::SetClientAttribute(const std::string& name, const AttributeValue& value)
{
    m_client.Set(name, value);
}

void
SanPairWorkloadHelper::SetServerAttribute(const std::string& name, const AttributeValue& value)
{
    m_server.Set(name, value);
}

ApplicationContainer
SanPairWorkloadHelper::Install(Ptr<Node> client, Ptr<Node> server) const
{
    NS_ABORT_MSG_IF(client == nullptr || server == nullptr || client == server,
                    m_who << "::Install: a client and a server on two nodes");
    return Install(NodeContainer(client), server);
}

ApplicationContainer
SanPairWorkloadHelper::Install(const NodeContainer& clients, Ptr<Node> server) const
{
    NS_ABORT_MSG_IF(server == nullptr || clients.GetN() == 0,
                    m_who << "::Install: a server and at least one client");
    Ptr<SanMessengerApplication> s = m_server.Create<SanMessengerApplication>();
    s->SetMessenger(m_messenger.Create<SanMessenger>());
    server->AddApplication(s);
    ApplicationContainer apps;
    apps.Add(s);
    for (auto it = clients.Begin(); it != clients.End(); ++it)
    {
        NS_ABORT_MSG_IF(*it == nullptr || *it == server,
                        m_who << "::Install: a client on the server's node " << server->GetId());
        Ptr<SanMessengerApplication> c = m_client.Create<SanMessengerApplication>();
        c->SetAttribute("Peer", UintegerValue(server->GetId()));
        c->SetMessenger(m_messenger.Create<SanMessenger>());
        (*it)->AddApplication(c);
        apps.Add(c);
    }
    return apps;
}

} // namespace ns3
