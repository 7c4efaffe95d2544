/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-ping-pong-helper.h"

#include "ns3/abort.h"
#include "ns3/san-messenger.h"
#include "ns3/san-ping-pong.h"
#include "ns3/san-type-check.h"
#include "ns3/uinteger.h"

namespace ns3
{

SanPingPongHelper::SanPingPongHelper(const std::string& messengerType)
{
    m_messenger.SetTypeId(
        SanCheckTypeId(messengerType, SanMessenger::GetTypeId(), "SanPingPongHelper"));
    m_client.SetTypeId(SanPingPongClient::GetTypeId());
}

void
SanPingPongHelper::SetMessengerAttribute(const std::string& name, const AttributeValue& value)
{
    m_messenger.Set(name, value);
}

void
SanPingPongHelper::SetClientAttribute(const std::string& name, const AttributeValue& value)
{
    m_client.Set(name, value);
}

ApplicationContainer
SanPingPongHelper::Install(Ptr<Node> client, Ptr<Node> server) const
{
    NS_ABORT_MSG_IF(client == nullptr || server == nullptr || client == server,
                    "SanPingPongHelper::Install: a client and a server on two nodes");
    Ptr<SanPingPongServer> s = CreateObject<SanPingPongServer>();
    s->SetMessenger(m_messenger.Create<SanMessenger>());
    server->AddApplication(s);
    Ptr<SanPingPongClient> c = m_client.Create<SanPingPongClient>();
    c->SetAttribute("Peer", UintegerValue(server->GetId()));
    c->SetMessenger(m_messenger.Create<SanMessenger>());
    client->AddApplication(c);
    ApplicationContainer apps;
    apps.Add(s);
    apps.Add(c);
    return apps;
}

} // namespace ns3
