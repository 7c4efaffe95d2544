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
    m_node = nullptr;
    Object::DoDispose();
}

void
SanMessenger::SetReceiveCallback(ReceiveCallback cb)
{
    m_receive = cb;
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
    if (!m_receive.IsNull())
    {
        m_receive(peer, bytes);
    }
}

void
SanMessenger::Sending(uint32_t peer, uint32_t bytes)
{
    NS_LOG_FUNCTION(this << peer << bytes);
    m_txTrace(peer, bytes);
}

} // namespace ns3
