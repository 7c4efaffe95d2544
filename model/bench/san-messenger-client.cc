/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-messenger-client.h"

#include "san-messenger.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/node-list.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SanMessengerClient);

TypeId
SanMessengerClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanMessengerClient")
            .SetParent<SanMessengerApplication>()
            .SetGroupName("San")
            .AddAttribute("WaitForGo",
                          "Hold the work, once connected, until Go() is called (many clients "
                          "started at one instant).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&SanMessengerClient::m_waitForGo),
                          MakeBooleanChecker())
            .AddTraceSource("Connected",
                            "Connected to the peer.",
                            MakeTraceSourceAccessor(&SanMessengerClient::m_connectedTrace),
                            "ns3::TracedCallback::Void");
    return tid;
}

SanMessengerClient::SanMessengerClient() = default;

SanMessengerClient::~SanMessengerClient() = default;

bool
SanMessengerClient::IsConnected() const
{
    return m_connected;
}

void
SanMessengerClient::Go()
{
    NS_ABORT_MSG_IF(m_go, GetInstanceTypeId().GetName() << "::Go: called twice");
    m_go = true;
    if (m_connected)
    {
        BeginOnce();
    }
}

void
SanMessengerClient::ConnectAndBegin(uint32_t peer)
{
    m_connected = false;
    m_go = false;
    m_begun = false;
    GetMessenger()->Open(GetNode());
    GetMessenger()->Connect(NodeList::GetNode(peer),
                            MakeCallback(&SanMessengerClient::Connected, this));
}

void
SanMessengerClient::Connected()
{
    m_connected = true;
    m_connectedTrace();
    if (!m_waitForGo || m_go)
    {
        BeginOnce();
    }
}

void
SanMessengerClient::BeginOnce()
{
    if (!m_begun)
    {
        m_begun = true;
        Begin();
    }
}

} // namespace ns3
