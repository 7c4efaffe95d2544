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
#include "ns3/san-callback.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"
#include "ns3/vmmc-endpoint.h"

#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanNxMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanNxPrograms);
NS_OBJECT_ENSURE_REGISTERED(SanNxMessenger);

namespace
{
/// The tag of every message (NX's message type).
constexpr uint32_t MESSAGE_TAG = 1;
} // namespace

// ---- SanNxPrograms ---------------------------------------------------------------------------

TypeId
SanNxPrograms::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanNxPrograms")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanNxPrograms>();
    return tid;
}

SanNxPrograms::SanNxPrograms() = default;

SanNxPrograms::~SanNxPrograms() = default;

void
SanNxPrograms::DoDispose()
{
    m_programs.clear();
    Object::DoDispose();
}

uint32_t
SanNxPrograms::AddNodes(Ptr<NxGroup> program, const std::vector<uint32_t>& nodes)
{
    NS_ABORT_MSG_IF(program == nullptr || program->GetN() != nodes.size(),
                    "SanNxPrograms::Add: " << nodes.size() << " nodes for a program of "
                                           << (program ? program->GetN() : 0) << " ranks");
    const auto index = static_cast<uint32_t>(m_programs.size());
    for (uint32_t rank = 0; rank < nodes.size(); ++rank)
    {
        const uint32_t node = nodes[rank];
        if (node >= m_rankOfNode.size())
        {
            m_rankOfNode.resize(node + 1, {NONE, NONE});
        }
        NS_ABORT_MSG_IF(m_rankOfNode[node].first != NONE,
                        "SanNxPrograms::Add: node " << node << " runs a rank already");
        m_rankOfNode[node] = {index, rank};
    }
    m_programs.push_back(program);
    m_nodeOfRank.push_back(nodes);
    return index;
}

uint32_t
SanNxPrograms::Add(Ptr<NxGroup> program, const NodeContainer& nodes)
{
    std::vector<uint32_t> ids;
    ids.reserve(nodes.GetN());
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        ids.push_back(nodes.Get(i)->GetId());
    }
    return AddNodes(program, ids);
}

uint32_t
SanNxPrograms::Add(Ptr<NxGroup> program)
{
    NS_ABORT_MSG_IF(program == nullptr, "SanNxPrograms::Add: no program");
    std::unordered_map<uint32_t, uint32_t> nodeOfHost; // VMMC host number -> node id
    for (uint32_t i = 0; i < NodeList::GetNNodes(); ++i)
    {
        Ptr<VmmcDaemon> daemon = NodeList::GetNode(i)->GetObject<VmmcDaemon>();
        if (daemon != nullptr)
        {
            nodeOfHost[daemon->GetHostNumber()] = i;
        }
    }
    std::vector<uint32_t> ids;
    for (uint32_t r = 0; r < program->GetN(); ++r)
    {
        const uint32_t host = program->Get(r)->GetEndpoint()->GetHostNumber();
        const auto it = nodeOfHost.find(host);
        NS_ABORT_MSG_IF(it == nodeOfHost.end(),
                        "SanNxPrograms::Add: rank " << r << "'s host " << host << " is on no node");
        ids.push_back(it->second);
    }
    return AddNodes(program, ids);
}

bool
SanNxPrograms::Find(uint32_t node, uint32_t& program, uint32_t& rank) const
{
    if (node >= m_rankOfNode.size() || m_rankOfNode[node].first == NONE)
    {
        return false;
    }
    program = m_rankOfNode[node].first;
    rank = m_rankOfNode[node].second;
    return true;
}

Ptr<NxGroup>
SanNxPrograms::GetProgram(uint32_t program) const
{
    NS_ABORT_MSG_IF(program >= m_programs.size(),
                    "SanNxPrograms::GetProgram: no program " << program);
    return m_programs[program];
}

uint32_t
SanNxPrograms::GetNode(uint32_t program, uint32_t rank) const
{
    NS_ABORT_MSG_IF(program >= m_nodeOfRank.size() || rank >= m_nodeOfRank[program].size(),
                    "SanNxPrograms::GetNode: no rank " << rank << " of program " << program);
    return m_nodeOfRank[program][rank];
}

uint32_t
SanNxPrograms::GetN() const
{
    return static_cast<uint32_t>(m_programs.size());
}

// ---- SanNxMessenger --------------------------------------------------------------------------

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
            .AddAttribute(
                "Programs",
                "Used instead of \"Group\" when set: the NX programs (SanNxPrograms) of the "
                "hosts; this node's rank of its program sends and receives.",
                PointerValue(),
                MakePointerAccessor(&SanNxMessenger::m_programs),
                MakePointerChecker<SanNxPrograms>())
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
    m_programs = nullptr;
    m_process = nullptr;
    SanMessenger::DoDispose();
}

uint32_t
SanNxMessenger::RankOf(uint32_t node) const
{
    uint32_t program = 0;
    uint32_t rank = 0;
    NS_ABORT_MSG_IF(!m_programs->Find(node, program, rank) || program != m_program,
                    "SanNxMessenger: node " << node << " runs no rank of the NX program");
    return rank;
}

void
SanNxMessenger::Open(Ptr<Node> node)
{
    if (m_programs == nullptr)
    {
        NS_ABORT_MSG_IF(m_group == nullptr || m_group->GetN() == 0,
                        "SanNxMessenger::Open: no NX program (set \"Group\" to a created "
                        "NxGroup)");
        // One program: its ranks' nodes, found through every node.
        m_programs = CreateObject<SanNxPrograms>();
        m_programs->Add(m_group);
    }
    uint32_t rank = 0;
    NS_ABORT_MSG_IF(!m_programs->Find(node->GetId(), m_program, rank),
                    "SanNxMessenger: node " << node->GetId() << " runs no rank of the NX program");
    m_group = m_programs->GetProgram(m_program);
    SetNode(node);
    m_process = m_group->Get(rank);
    m_rank = rank;
    Ptr<VmmcEndpoint> ep = m_process->GetEndpoint();
    m_sendBuffer = ep->Allocate(m_maxBytes);
    m_receiveBuffer = ep->Allocate(m_maxBytes);
}

void
SanNxMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(m_process == nullptr, "SanNxMessenger::Connect: Open first");
    RankOf(peer->GetId()); // it must run a rank of this program
    // Every pair is connected when the program starts (NxGroup::Initialize).
    m_group->WhenReady(m_rank, connected);
}

void
SanNxMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(bytes > m_maxBytes,
                    "SanNxMessenger::Send: " << bytes << " bytes, more than \"MaxMessageBytes\" ("
                                             << m_maxBytes << ")");
    NS_ABORT_MSG_IF(!m_group->IsReady(m_rank),
                    "SanNxMessenger::Send: the NX program is not started");
    Sending(peer, bytes);
    ++m_sendsIssued;
    Ptr<SanNxMessenger> self(this);
    m_process->Send(RankOf(peer),
                    MESSAGE_TAG,
                    m_sendBuffer,
                    bytes,
                    MakeSanCallback<void>([self, sent]() {
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
    m_group->WhenReady(
        m_rank,
        MakeSanCallback<void>([self, done]() {
            self->m_process->Receive(
                NxProcess::ANY,
                MESSAGE_TAG,
                self->m_receiveBuffer,
                self->m_maxBytes,
                NxProcess::ReceiveCallback([self, done](uint32_t bytes,
                                                        uint32_t source,
                                                        uint32_t /* tag */) {
                    self->Received(done, self->m_programs->GetNode(self->m_program, source), bytes);
                }));
        }));
}

bool
SanNxMessenger::IsConnected(uint32_t peer) const
{
    return m_group != nullptr && m_process != nullptr && m_group->IsReady(m_rank) &&
           peer < NodeList::GetNNodes();
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
