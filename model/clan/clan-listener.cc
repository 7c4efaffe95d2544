/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "clan-listener.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanListener");

NS_OBJECT_ENSURE_REGISTERED(ClanListener);

TypeId
ClanListener::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ClanListener")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<ClanListener>();
    return tid;
}

ClanListener::ClanListener() = default;

ClanListener::~ClanListener() = default;

void
ClanListener::DoDispose()
{
    m_ctx = nullptr;
    m_endpoint = nullptr;
    m_portOf = PortOf();
    m_accepted = Accepted();
    for (auto& [key, c] : m_clients)
    {
        if (c && c->GetState() != ClanConnection::ESTABLISHED)
        {
            // One still being accepted holds itself in its continuation; an established one
            // is its owner's.
            c->Dispose();
        }
    }
    m_clients.clear();
    Object::DoDispose();
}

void
ClanListener::Listen(Ptr<ClanContext> ctx,
                     uint16_t port,
                     const ClanCookie& offer,
                     PortOf portOf,
                     Accepted accepted)
{
    NS_ABORT_MSG_IF(m_endpoint, "ClanListener::Listen: already listening");
    NS_ABORT_MSG_IF(!ctx || !offer.IsValid() || portOf.IsNull() || accepted.IsNull(),
                    "ClanListener::Listen: needs a process, a cookie, a port rule and an owner");
    m_ctx = ctx;
    m_endpoint = ctx->OpenEndpoint(port);
    m_offer = offer;
    m_portOf = portOf;
    m_accepted = accepted;
    Await();
}

void
ClanListener::Await()
{
    Ptr<ClanListener> self(this);
    m_endpoint->GetQueue()->Wait(HostCpuWait::BLOCK,
                                 MakeSanCallback<void>([self]() { self->OnMessage(); }));
}

void
ClanListener::OnMessage()
{
    if (!m_endpoint)
    {
        return; // disposed meanwhile
    }
    ClanOobMessage m;
    while (m_endpoint->Receive(m))
    {
        if (!ClanConnection::IsConnect(m))
        {
            NS_LOG_WARN("ClanListener: ignored message " << int(m.payload[0]));
            continue;
        }
        Ptr<ClanConnection>& known = m_clients[uint64_t{m.srcHost} << 16 | m.srcPort];
        if (known && known->GetState() != ClanConnection::CLOSED)
        {
            NS_LOG_INFO("ClanListener: CONNECT from host " << m.srcHost << " port " << m.srcPort
                                                           << " again: already accepted");
            continue;
        }
        Ptr<ClanConnection> c = CreateObject<ClanConnection>();
        known = c;
        Ptr<ClanListener> self(this);
        const uint32_t host = m.srcHost;
        c->AcceptConnect(m_ctx,
                         m,
                         m_portOf(host),
                         m_offer,
                         MakeSanCallback<void>([self, c, host]() {
                             if (!self->m_accepted.IsNull())
                             {
                                 self->m_accepted(c, host);
                             }
                         }));
    }
    Await();
}

} // namespace ns3
