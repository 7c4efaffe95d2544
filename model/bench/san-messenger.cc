/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-messenger.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanMessenger);

TypeId
SanMessenger::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanMessenger")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddTraceSource("Tx",
                                            "A message is being sent (peer node id, bytes).",
                                            MakeTraceSourceAccessor(&SanMessenger::m_txTrace),
                                            "ns3::SanMessenger::MessageTracedCallback")
                            .AddTraceSource("Rx",
                                            "A whole message arrived (peer node id, bytes).",
                                            MakeTraceSourceAccessor(&SanMessenger::m_rxTrace),
                                            "ns3::SanMessenger::MessageTracedCallback");
    return tid;
}

SanMessenger::SanMessenger() = default;

SanMessenger::~SanMessenger() = default;

void
SanMessenger::DoDispose()
{
    m_receive = ReceiveCallback();
    m_arrived.clear();
    m_node = nullptr;
    Object::DoDispose();
}

void
SanMessenger::Receive(ReceiveCallback done)
{
    NS_ABORT_MSG_IF(done.IsNull(), GetInstanceTypeId().GetName() << "::Receive: no callback");
    NS_ABORT_MSG_IF(!m_receive.IsNull(),
                    GetInstanceTypeId().GetName()
                        << "::Receive: a receive is already posted (one at a time)");
    m_receive = done;
    Drain();
}

void
SanMessenger::Drain()
{
    // A receive posted from a callback is served by this loop, not by a call nested in it.
    if (m_draining)
    {
        return;
    }
    m_draining = true;
    while (!m_receive.IsNull() && !m_arrived.empty())
    {
        const Arrival a = m_arrived.front();
        m_arrived.pop_front();
        ReceiveCallback done = m_receive;
        m_receive = ReceiveCallback();
        done(a.peer, a.bytes);
    }
    m_draining = false;
}

bool
SanMessenger::IsReceivePosted() const
{
    return !m_receive.IsNull();
}

SanMessenger::ReceiveCallback
SanMessenger::TakePostedReceive()
{
    NS_ABORT_MSG_IF(!m_arrived.empty(),
                    GetInstanceTypeId().GetName()
                        << ": messages are waiting; a posted receive cannot move elsewhere");
    ReceiveCallback posted = m_receive;
    m_receive = ReceiveCallback();
    return posted;
}

void
SanMessenger::Received(ReceiveCallback done, uint32_t peer, uint32_t bytes)
{
    NS_LOG_FUNCTION(this << peer << bytes);
    m_rxTrace(peer, bytes);
    done(peer, bytes);
}

Ptr<Node>
SanMessenger::GetNode() const
{
    return m_node;
}

void
SanMessenger::SetNode(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(node == nullptr, GetInstanceTypeId().GetName() << "::Open: no node");
    NS_ABORT_MSG_IF(m_node != nullptr,
                    GetInstanceTypeId().GetName()
                        << "::Open: opened twice (on node " << m_node->GetId() << ")");
    m_node = node;
}

void
SanMessenger::Delivered(uint32_t peer, uint32_t bytes)
{
    NS_LOG_FUNCTION(this << peer << bytes);
    m_rxTrace(peer, bytes);
    m_arrived.push_back(Arrival{peer, bytes});
    Drain();
}

void
SanMessenger::Sending(uint32_t peer, uint32_t bytes)
{
    NS_LOG_FUNCTION(this << peer << bytes);
    m_txTrace(peer, bytes);
}

} // namespace ns3
