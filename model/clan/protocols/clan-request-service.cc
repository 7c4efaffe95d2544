/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-request-service.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanRequestService");

NS_OBJECT_ENSURE_REGISTERED(ClanRequestService);

TypeId
ClanRequestService::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanRequestService")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ClanRequestService>()
            // ASSUMED: the no-op request's code (load the slot, which the NIC's write has
            // evicted from the cache, and build the reply): about 60 instructions; the reply's
            // store is timed on the bus.
            .AddAttribute("RequestInstructions",
                          "Instructions of the server's callback per request.",
                          DoubleValue(60),
                          MakeDoubleAccessor(&ClanRequestService::m_requestInstructions),
                          MakeDoubleChecker<double>(0));
    return tid;
}

ClanRequestService::ClanRequestService() = default;

ClanRequestService::~ClanRequestService() = default;

void
ClanRequestService::DoDispose()
{
    m_client = nullptr;
    m_server = nullptr;
    if (m_loop)
    {
        m_loop->Dispose();
        m_loop = nullptr;
    }
    Object::DoDispose();
}

void
ClanRequestService::Setup(Ptr<ClanContext> client, Ptr<ClanContext> server, uint32_t connections)
{
    NS_ABORT_MSG_IF(!client || !server || client == server,
                    "ClanRequestService::Setup: needs two processes");
    NS_ABORT_MSG_IF(connections == 0, "ClanRequestService::Setup: no connections");
    ClanContext::RequireStartUp("ClanRequestService::Setup");
    m_client = client;
    m_server = server;
    m_connections = connections;
    const uint64_t bytes = uint64_t(connections) * SLOT_BYTES;
    m_requestSlots = server->Allocate(bytes, "requests");
    m_replySlots = client->Allocate(bytes, "replies");
    m_requestMap = client->Map(server->Export(m_requestSlots, bytes));
    m_replyMap = server->Map(client->Export(m_replySlots, bytes));
    m_loop = CreateObject<ClanEventServer>();
    m_loop->SetContext(server);
    for (uint32_t c = 0; c < connections; ++c)
    {
        const uint32_t trip =
            server->CreateTripwire(m_requestSlots + uint64_t(c) * SLOT_BYTES,
                                   4,
                                   ClanTripwireTable::WRITE | ClanTripwireTable::REMOTE);
        m_loop->Watch(trip, c, MakeCallback(&ClanRequestService::Serve, this));
    }
    m_loop->Start();
}

void
ClanRequestService::SetupWithoutServer(Ptr<ClanContext> client,
                                       uint64_t requestMap,
                                       uint64_t replySlots,
                                       uint32_t connections)
{
    NS_ABORT_MSG_IF(!client || connections == 0,
                    "ClanRequestService::SetupWithoutServer: needs a client and connections");
    m_client = client;
    m_connections = connections;
    m_requestMap = requestMap;
    m_replySlots = replySlots;
}

void
ClanRequestService::Send(uint32_t connection, uint32_t sequence, Callback<void> issued)
{
    NS_ABORT_MSG_IF(connection >= m_connections,
                    "ClanRequestService: no connection " << connection);
    m_client->WriteWord(m_requestMap + uint64_t(connection) * SLOT_BYTES, sequence, issued);
}

void
ClanRequestService::AwaitReply(uint32_t connection, uint32_t sequence, Callback<void> done)
{
    NS_ABORT_MSG_IF(connection >= m_connections,
                    "ClanRequestService: no connection " << connection);
    const uint64_t at = m_replySlots + uint64_t(connection) * SLOT_BYTES;
    Ptr<ClanContext> c = m_client;
    m_client->SpinUntil(
        at,
        4,
        MakeSanCallback<bool>([c, at, sequence]() { return c->ReadLocalWord(at) == sequence; }),
        done);
}

void
ClanRequestService::Serve(uint64_t connection, Callback<void> done)
{
    const uint64_t slot = uint64_t(connection) * SLOT_BYTES;
    Ptr<ClanContext> s = m_server;
    const uint64_t replyAt = m_replyMap + slot;
    const uint64_t requestAt = m_requestSlots + slot;
    ++m_served;
    s->GetCpu()->ExecuteInstructions(m_requestInstructions,
                                     MakeSanCallback<void>([s, requestAt, replyAt, done]() {
                                         s->WriteWord(replyAt, s->ReadLocalWord(requestAt), done);
                                     }));
}

Ptr<ClanEventServer>
ClanRequestService::GetServer() const
{
    return m_loop;
}

uint64_t
ClanRequestService::GetNServed() const
{
    return m_served;
}

} // namespace ns3
