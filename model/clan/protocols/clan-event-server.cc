/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-event-server.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanEventServer");

NS_OBJECT_ENSURE_REGISTERED(ClanEventServer);

TypeId
ClanEventServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ClanEventServer")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<ClanEventServer>()
            // ASSUMED: read a 16-byte entry from the ring in shared memory, advance the read
            // index, look the callback up by the entry's cookie and call it: about 40
            // instructions (the paper gives no count).
            .AddAttribute("DispatchInstructions",
                          "Instructions per event taken from the queue and dispatched.",
                          DoubleValue(40),
                          MakeDoubleAccessor(&ClanEventServer::m_dispatchInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: Linux 2.2's select over a small set (the event queue's descriptor among
            // few): copy the sets in and out, poll each file, about 400 instructions besides
            // the system call's entry and exit.
            .AddAttribute("SelectInstructions",
                          "Instructions of a select call besides the system call.",
                          DoubleValue(400),
                          MakeDoubleAccessor(&ClanEventServer::m_selectInstructions),
                          MakeDoubleChecker<double>(0));
    return tid;
}

ClanEventServer::ClanEventServer() = default;

ClanEventServer::~ClanEventServer() = default;

void
ClanEventServer::DoDispose()
{
    m_ctx = nullptr;
    m_handlers.clear();
    Object::DoDispose();
}

void
ClanEventServer::SetContext(Ptr<ClanContext> ctx)
{
    m_ctx = ctx;
}

void
ClanEventServer::Watch(uint32_t tripwire, uint64_t cookie, Handler handler)
{
    NS_ABORT_MSG_IF(!m_ctx, "ClanEventServer::Watch: no context");
    NS_ABORT_MSG_IF(handler.IsNull(), "ClanEventServer::Watch: no callback");
    NS_ABORT_MSG_IF(cookie >= (uint64_t(1) << 32),
                    "ClanEventServer::Watch: cookie " << cookie << " beyond 32 bits");
    // The event's cookie is the handler's index and the endpoint's cookie together.
    const uint64_t index = m_handlers.size();
    m_handlers.push_back(handler);
    m_ctx->RegisterTripwireEvent(tripwire, (index << 32) | cookie);
}

void
ClanEventServer::Start()
{
    NS_ABORT_MSG_IF(!m_ctx, "ClanEventServer::Start: no context");
    // The first select.
    m_ctx->GetCpu()->SyscallInstructions(m_selectInstructions,
                                         MakeCallback(&ClanEventServer::Drain, this));
}

void
ClanEventServer::Drain()
{
    ClanEvent e;
    if (!m_ctx->PollEvent(e))
    {
        PollThenSelect();
        return;
    }
    ++m_dispatched;
    const uint64_t index = e.cookie >> 32;
    const uint64_t cookie = e.cookie & 0xffffffffu;
    NS_ABORT_MSG_IF(index >= m_handlers.size(), "ClanEventServer: event of no endpoint");
    Handler h = m_handlers[index];
    Ptr<ClanEventServer> self(this);
    m_ctx->GetCpu()->ExecuteInstructions(m_dispatchInstructions,
                                         MakeSanCallback<void>([self, h, cookie]() {
                                             h(cookie, MakeCallback(&ClanEventServer::Drain, self));
                                         }));
}

void
ClanEventServer::PollThenSelect()
{
    m_ctx->GetEventQueue()->GetRing()->Wait(HostCpuWait::POLL_THEN_BLOCK,
                                            MakeCallback(&ClanEventServer::Resumed, this));
}

void
ClanEventServer::Resumed()
{
    if (m_ctx->GetEventQueue()->GetRing()->LastWaitBlocked())
    {
        // The poll ran out and the loop slept in select; the select now returns.
        ++m_sleeps;
        m_ctx->GetCpu()->SyscallInstructions(m_selectInstructions,
                                             MakeCallback(&ClanEventServer::Drain, this));
        return;
    }
    Drain();
}

uint64_t
ClanEventServer::GetNDispatched() const
{
    return m_dispatched;
}

uint64_t
ClanEventServer::GetNSleeps() const
{
    return m_sleeps;
}

} // namespace ns3
