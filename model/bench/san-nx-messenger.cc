/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-nx-messenger.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/nx-group.h"
#include "ns3/nx-process.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"
#include "ns3/vmmc-endpoint.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNxMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanNxMessenger);

namespace
{
/// The tag of every message (NX's message type).
constexpr uint32_t MESSAGE_TAG = 1;
} // namespace

TypeId
SanNxMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanNxMessenger")
            .SetParent<SanMessenger>()
            .SetGroupName("San")
            .AddConstructor<SanNxMessenger>()
            .AddAttribute("Group",
                          "The NX program (NxGroup) whose rank on this node sends and receives.",
                          PointerValue(),
                          MakePointerAccessor(&SanNxMessenger::m_group),
                          MakePointerChecker<NxGroup>())
            .AddAttribute("MaxMessageBytes",
                          "The largest message: the size of the send and receive buffers.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&SanNxMessenger::m_maxBytes),
                          MakeUintegerChecker<uint32_t>(4));
    return tid;
}

SanNxMessenger::SanNxMessenger() = default;

SanNxMessenger::~SanNxMessenger() = default;

void
SanNxMessenger::DoDispose()
{
    m_group = nullptr;
    m_process = nullptr;
    SanMessenger::DoDispose();
}

uint32_t
SanNxMessenger::RankOf(Ptr<Node> node) const
{
    const uint32_t host = VmmcDaemon::Of(node)->GetHostNumber();
    for (uint32_t r = 0; r < m_group->GetN(); ++r)
    {
        if (m_group->Get(r)->GetEndpoint()->GetHostNumber() == host)
        {
            return r;
        }
    }
    NS_ABORT_MSG("SanNxMessenger: node " << node->GetId() << " runs no rank of the NX program");
    return 0;
}

void
SanNxMessenger::Open(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_group == nullptr || m_group->GetN() == 0,
                    "SanNxMessenger::Open: no NX program (set \"Group\" to a created NxGroup)");
    SetNode(node);
    m_process = m_group->Get(RankOf(node));
    for (uint32_t i = 0; i < NodeList::GetNNodes(); ++i)
    {
        Ptr<Node> n = NodeList::GetNode(i);
        if (n->GetObject<VmmcDaemon>() == nullptr)
        {
            continue;
        }
        const uint32_t host = n->GetObject<VmmcDaemon>()->GetHostNumber();
        for (uint32_t r = 0; r < m_group->GetN(); ++r)
        {
            if (m_group->Get(r)->GetEndpoint()->GetHostNumber() == host)
            {
                m_nodeOfRank[r] = n->GetId();
            }
        }
    }
    Ptr<VmmcEndpoint> ep = m_process->GetEndpoint();
    m_sendBuffer = ep->Allocate(m_maxBytes);
    m_receiveBuffer = ep->Allocate(m_maxBytes);
}

void
SanNxMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(m_process == nullptr, "SanNxMessenger::Connect: Open first");
    RankOf(peer); // it must run a rank
    // Every pair is connected when the program starts (NxGroup::Initialize).
    m_group->WhenReady(connected);
}

void
SanNxMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(bytes > m_maxBytes,
                    "SanNxMessenger::Send: " << bytes << " bytes, more than \"MaxMessageBytes\" ("
                                             << m_maxBytes << ")");
    NS_ABORT_MSG_IF(!m_group->IsReady(), "SanNxMessenger::Send: the NX program is not started");
    Sending(peer, bytes);
    ++m_sendsIssued;
    Ptr<SanNxMessenger> self(this);
    m_process->Send(RankOf(NodeList::GetNode(peer)),
                    MESSAGE_TAG,
                    m_sendBuffer,
                    bytes,
                    Callback<void>([self, sent]() {
                        const uint64_t before = self->m_sendsIssued;
                        if (!sent.IsNull())
                        {
                            sent();
                        }
                        if (self->m_sendsIssued == before)
                        {
                            // Nothing more to send now: finish the zero-copy sends that
                            // returned early (NX's library completes them only inside its
                            // calls), as a program with nothing else to do would.
                            self->m_process->Flush(Callback<void>());
                        }
                    }));
}

void
SanNxMessenger::Receive(ReceiveCallback done)
{
    NS_ABORT_MSG_IF(done.IsNull(), "SanNxMessenger::Receive: no callback");
    NS_ABORT_MSG_IF(m_process == nullptr, "SanNxMessenger::Receive: Open first");
    Ptr<SanNxMessenger> self(this);
    // crecv spins on the process's CPU: not before the program has started, whose set-up
    // needs that CPU.
    m_group->WhenReady(Callback<void>([self, done]() {
        self->m_process->Receive(
            NxProcess::ANY,
            MESSAGE_TAG,
            self->m_receiveBuffer,
            self->m_maxBytes,
            NxProcess::ReceiveCallback(
                [self, done](uint32_t bytes, uint32_t source, uint32_t /* tag */) {
                    self->Received(done, self->m_nodeOfRank.at(source), bytes);
                }));
    }));
}

bool
SanNxMessenger::IsConnected(uint32_t peer) const
{
    return m_group != nullptr && m_group->IsReady() && peer < NodeList::GetNNodes();
}

uint32_t
SanNxMessenger::GetMinMessageBytes() const
{
    return 4; // one word: NX's transfers are in words
}

std::string
SanNxMessenger::GetDescription() const
{
    return "NX on VMMC (SHRIMP)";
}

} // namespace ns3
