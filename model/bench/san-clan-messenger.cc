/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-clan-messenger.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/clan-connection.h"
#include "ns3/clan-listener.h"
#include "ns3/clan-message-channel.h"
#include "ns3/clan-net-device.h"
#include "ns3/enum.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/pointer.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanClanMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanClanHostsFile);
NS_OBJECT_ENSURE_REGISTERED(SanClanMessenger);

namespace
{
/// Offsets in a host's line of the connection table (written by that host's process).
constexpr uint64_t LINE_RX_COOKIE = 0;  //!< its receiving half's cookie
constexpr uint64_t LINE_TX_COOKIE = 24; //!< its sending half's cookie
constexpr uint64_t LINE_RX_READY = 48;  //!< 1 once the receiving cookie is written
constexpr uint64_t LINE_TX_READY = 52;  //!< 1 once the sending cookie is written
/// The connecting ports lie this far above the listening ones.
/// Ports above "Port": a connection accepted from host h moves to Port + 1 + h; one made to
/// host h sends from Port + CONNECT_PORT_OFFSET + h (modulo 2^16).
constexpr uint32_t CONNECT_PORT_OFFSET = 0x8001;
/// The most CLAN hosts the ports above can tell apart.
constexpr uint32_t MAX_PORT_HOSTS = 0x7fff;

/// \param node a node \return its CLAN NIC (null if none)
Ptr<ClanNetDevice>
ClanNicOf(Ptr<Node> node)
{
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<ClanNetDevice> d = DynamicCast<ClanNetDevice>(node->GetDevice(i));
        if (d)
        {
            return d;
        }
    }
    return nullptr;
}
} // namespace

// ---- SanClanHostsFile ------------------------------------------------------------------------

TypeId
SanClanHostsFile::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanClanHostsFile")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanClanHostsFile>();
    return tid;
}

SanClanHostsFile::SanClanHostsFile() = default;

SanClanHostsFile::~SanClanHostsFile() = default;

void
SanClanHostsFile::Read()
{
    const uint32_t nodes = NodeList::GetNNodes();
    if (m_read && nodes == m_nodes)
    {
        return;
    }
    m_read = true;
    m_nodes = nodes;
    m_hosts = 0;
    m_hostOfNode.assign(nodes, NONE);
    m_nodeOfHost.clear();
    for (uint32_t i = 0; i < nodes; ++i)
    {
        Ptr<ClanNetDevice> d = ClanNicOf(NodeList::GetNode(i));
        if (d)
        {
            const uint32_t host = d->GetHostNumber();
            m_hostOfNode[i] = host;
            m_nodeOfHost[host] = i;
            m_hosts = std::max(m_hosts, host + 1);
        }
    }
}

uint32_t
SanClanHostsFile::GetNHosts() const
{
    return m_hosts;
}

bool
SanClanHostsFile::FindHost(uint32_t node, uint32_t& host) const
{
    if (node >= m_hostOfNode.size() || m_hostOfNode[node] == NONE)
    {
        return false;
    }
    host = m_hostOfNode[node];
    return true;
}

bool
SanClanHostsFile::FindNode(uint32_t host, uint32_t& node) const
{
    auto it = m_nodeOfHost.find(host);
    if (it == m_nodeOfHost.end())
    {
        return false;
    }
    node = it->second;
    return true;
}

// ---- SanClanMessenger ------------------------------------------------------------------------

TypeId
SanClanMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanClanMessenger")
            .SetParent<SanMessenger>()
            .SetGroupName("San")
            .AddConstructor<SanClanMessenger>()
            .AddAttribute("Notification",
                          "How a receive learns a piece has come: Poll (spin on every "
                          "connection's rx_ready), Block (Tripwires on rx_ready feeding the "
                          "process's event queue; sleep on it) or PollThenBlock.",
                          EnumValue(SanClanMessenger::POLL),
                          MakeEnumAccessor(&SanClanMessenger::m_notification),
                          MakeEnumChecker(SanClanMessenger::POLL,
                                          "Poll",
                                          SanClanMessenger::BLOCK,
                                          "Block",
                                          SanClanMessenger::POLL_THEN_BLOCK,
                                          "PollThenBlock"))
            // ASSUMED: the paper gives no msg_length for Example 1; 32 KB, the socket buffer
            // CLAN IP used (section 6.1). Not a cost: a piece shorter than the buffer writes
            // only its bytes.
            .AddAttribute("BufferBytes",
                          "Each channel's message buffer (msg_length; a multiple of 4): the "
                          "largest piece of a message. Both ends must agree.",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&SanClanMessenger::m_bufferBytes),
                          MakeUintegerChecker<uint32_t>(HEADER_BYTES))
            .AddAttribute("MaxMessageBytes",
                          "The largest message (the process's own buffer for one message); "
                          "a larger one stops the program.",
                          UintegerValue(1048576),
                          MakeUintegerAccessor(&SanClanMessenger::m_maxBytes),
                          MakeUintegerChecker<uint32_t>(HEADER_BYTES))
            .AddAttribute("Port",
                          "The listening port; a connection accepted from CLAN host h moves to "
                          "Port + 1 + h, one made to host h sends from Port + 0x8001 + h "
                          "(modulo 65536).",
                          UintegerValue(0x8000),
                          MakeUintegerAccessor(&SanClanMessenger::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            // Section 5.3: the event server's queue "is serviced until it is empty, and then
            // polled for up to 15us before returning to the main select loop". Not a cost:
            // a piece that comes during a slice ends it at once.
            .AddAttribute("PollSlice",
                          "Poll: how long a receive spins before it gives the CPU up to the "
                          "process's other work (and spins again).",
                          TimeValue(MicroSeconds(15)),
                          MakeTimeAccessor(&SanClanMessenger::m_pollSlice),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("CheckPayload",
                          "Fill each message with a pattern of sender, sequence and offset, "
                          "and check it on arrival (simulator time only).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&SanClanMessenger::m_checkPayload),
                          MakeBooleanChecker())
            .AddAttribute("HostsFile",
                          "The cluster's CLAN hosts (a SanClanHostsFile shared by the "
                          "processes, read at the first Open); null: read the nodes at Open.",
                          PointerValue(),
                          MakePointerAccessor(&SanClanMessenger::m_hostsFile),
                          MakePointerChecker<SanClanHostsFile>());
    return tid;
}

SanClanMessenger::SanClanMessenger() = default;

SanClanMessenger::~SanClanMessenger() = default;

void
SanClanMessenger::DoDispose()
{
    // The node disposes its devices before its applications: nothing here may reach the NIC
    // or the host (a spin's watches hold only the spin, and go with the host's memory).
    Simulator::Cancel(m_sliceEnd);
    m_watches.clear();
    if (m_spin)
    {
        m_spin->Abandon(); // its callback holds this messenger
    }
    m_spin = nullptr;
    if (m_listener)
    {
        m_listener->Dispose();
        m_listener = nullptr;
    }
    for (auto& [host, p] : m_peers)
    {
        if (p.connection)
        {
            p.connection->Dispose();
        }
        if (p.in)
        {
            p.in->Dispose();
        }
        if (p.out)
        {
            p.out->Dispose();
        }
    }
    m_peers.clear();
    m_calls.clear();
    m_receive = ReceiveCallback();
    m_hostsFile = nullptr;
    if (m_ctx)
    {
        m_ctx->Dispose();
        m_ctx = nullptr;
    }
    SanMessenger::DoDispose();
}

uint16_t
SanClanMessenger::AcceptPort(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= MAX_PORT_HOSTS,
                    "SanClanMessenger: host " << host << " has no port (at most " << MAX_PORT_HOSTS
                                              << " CLAN hosts)");
    return static_cast<uint16_t>(uint32_t(m_port) + 1 + host);
}

uint16_t
SanClanMessenger::ConnectPort(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= MAX_PORT_HOSTS,
                    "SanClanMessenger: host " << host << " has no port (at most " << MAX_PORT_HOSTS
                                              << " CLAN hosts)");
    return static_cast<uint16_t>(uint32_t(m_port) + CONNECT_PORT_OFFSET + host);
}

uint32_t
SanClanMessenger::HostOf(uint32_t node) const
{
    uint32_t host = 0;
    NS_ABORT_MSG_IF(!m_hostsFile || !m_hostsFile->FindHost(node, host),
                    "SanClanMessenger: node " << node << " has no CLAN NIC");
    return host;
}

ClanContext::WaitMode
SanClanMessenger::ChannelMode() const
{
    switch (m_notification)
    {
    case POLL:
        return ClanContext::SPIN;
    case BLOCK:
        return ClanContext::TRIPWIRE;
    case POLL_THEN_BLOCK:
        return ClanContext::SPIN_THEN_TRIPWIRE;
    }
    return ClanContext::SPIN;
}

void
SanClanMessenger::Open(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_bufferBytes % 4 != 0,
                    "SanClanMessenger: \"BufferBytes\" " << m_bufferBytes
                                                         << " is not a multiple of 4");
    SetNode(node);
    Ptr<ClanNetDevice> nic = ClanNicOf(node);
    NS_ABORT_MSG_IF(!nic, "SanClanMessenger::Open: node " << node->GetId() << " has no CLAN NIC");
    // The process starts: its context on the NIC (event queue, DMA queue).
    m_ctx = CreateObject<ClanContext>();
    m_ctx->Open(nic);
    m_host = nic->GetHostNumber();
    // The CLAN hosts, as the cluster's hosts file names them (start-up configuration).
    if (!m_hostsFile)
    {
        m_hostsFile = CreateObject<SanClanHostsFile>();
    }
    m_hostsFile->Read();
    const uint32_t hosts = m_hostsFile->GetNHosts();
    // The connection table: a line per host; its cookie is every connection's offer.
    const uint64_t size = uint64_t(LINE_BYTES) * hosts;
    // Unnamed: a host may run several processes. Fresh memory reads as zeros (no line
    // offered), and only the lines written take storage: a line per host of the cluster.
    m_table = m_ctx->Allocate(size);
    m_tableCookie = m_ctx->Export(m_table, size);
    // One listening endpoint takes every peer's CONNECT; each connection moves to a port of
    // its own.
    m_listener = CreateObject<ClanListener>();
    Ptr<SanClanMessenger> self(this);
    m_listener->Listen(
        m_ctx,
        m_port,
        m_tableCookie,
        ClanListener::PortOf([self](uint32_t host) { return self->AcceptPort(host); }),
        ClanListener::Accepted(
            [self](Ptr<ClanConnection> c, uint32_t host) { self->Accepted(host, c); }));
}

void
SanClanMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(!m_ctx, "SanClanMessenger::Connect: Open first");
    NS_ABORT_MSG_IF(peer == nullptr || peer == GetNode(),
                    "SanClanMessenger::Connect: a peer on another node");
    const uint32_t host = HostOf(peer->GetId());
    NS_ABORT_MSG_IF(m_peers.count(host),
                    "SanClanMessenger::Connect: node "
                        << GetNode()->GetId() << " is already connected to node " << peer->GetId());
    Ptr<ClanConnection> c = CreateObject<ClanConnection>();
    Peer& p = m_peers[host];
    p.node = peer->GetId();
    p.connection = c;
    p.connected = connected;
    Ptr<SanClanMessenger> self(this);
    c->Connect(m_ctx,
               ConnectPort(host),
               host,
               m_port,
               m_tableCookie,
               MakeSanCallback<void>([self, host, c]() { self->Established(host, c); }));
}

void
SanClanMessenger::Accepted(uint32_t host, Ptr<ClanConnection> connection)
{
    if (!m_ctx)
    {
        return; // disposed meanwhile
    }
    // The peer connected to this process.
    NS_ABORT_MSG_IF(m_peers.count(host),
                    "SanClanMessenger: nodes " << GetNode()->GetId() << " and "
                                               << m_peers[host].node
                                               << " connected to each other twice");
    Peer& p = m_peers[host];
    uint32_t node = 0;
    if (m_hostsFile->FindNode(host, node))
    {
        p.node = node;
    }
    p.connection = connection;
    Established(host, connection);
}

void
SanClanMessenger::Established(uint32_t host, Ptr<ClanConnection> connection)
{
    if (!m_ctx)
    {
        return; // disposed meanwhile
    }
    Peer& p = m_peers.at(host);
    p.table = connection->GetPeerMapping();
    // This end's receiving half; its cookie into the peer's line for this host.
    p.in = CreateObject<ClanMessageChannel>();
    const ClanCookie rx = p.in->SetupReceiver(m_ctx, m_bufferBytes, ChannelMode());
    if (m_notification != POLL)
    {
        m_ctx->RegisterTripwireEvent(p.in->GetReceiverTripwire(), host);
    }
    uint8_t cookie[ClanCookie::BYTES];
    rx.Encode(cookie);
    // Then wait for the peer's receiving cookie in this end's line for it.
    Ptr<SanClanMessenger> self(this);
    PostCookieAndWait(p,
                      host,
                      cookie,
                      LINE_RX_COOKIE,
                      LINE_RX_READY,
                      MakeSanCallback<void>([self, host]() { self->BuildSender(host); }));
}

void
SanClanMessenger::PostCookieAndWait(const Peer& p,
                                    uint32_t host,
                                    const uint8_t* cookie,
                                    uint64_t cookieOffset,
                                    uint64_t readyOffset,
                                    Callback<void> then)
{
    const uint64_t line = p.table + uint64_t(LINE_BYTES) * m_host;
    m_ctx->Write(line + cookieOffset, cookie, ClanCookie::BYTES, Callback<void>());
    m_ctx->WriteWord(line + readyOffset, 1, Callback<void>());
    Ptr<ClanContext> ctx = m_ctx;
    const uint64_t ready = m_table + uint64_t(LINE_BYTES) * host + readyOffset;
    m_ctx->SpinUntil(
        ready,
        4,
        MakeSanCallback<bool>([ctx, ready]() { return ctx->ReadLocalWord(ready) == 1; }),
        then);
}

void
SanClanMessenger::BuildSender(uint32_t host)
{
    if (!m_ctx)
    {
        return;
    }
    Peer& p = m_peers.at(host);
    uint8_t cookie[ClanCookie::BYTES];
    const uint64_t mine = m_table + uint64_t(LINE_BYTES) * host;
    m_ctx->GetMemory()->Read(mine + LINE_RX_COOKIE, cookie, ClanCookie::BYTES);
    p.out = CreateObject<ClanMessageChannel>();
    p.out->SetupSender(m_ctx, ClanCookie::Decode(cookie), m_bufferBytes, ChannelMode())
        .Encode(cookie);
    Ptr<SanClanMessenger> self(this);
    PostCookieAndWait(p,
                      host,
                      cookie,
                      LINE_TX_COOKIE,
                      LINE_TX_READY,
                      MakeSanCallback<void>([self, host]() { self->ConnectionUp(host); }));
}

void
SanClanMessenger::ConnectionUp(uint32_t host)
{
    if (!m_ctx)
    {
        return;
    }
    Peer& p = m_peers.at(host);
    uint8_t cookie[ClanCookie::BYTES];
    m_ctx->GetMemory()->Read(m_table + uint64_t(LINE_BYTES) * host + LINE_TX_COOKIE,
                             cookie,
                             ClanCookie::BYTES);
    p.in->ConnectReceiver(ClanCookie::Decode(cookie));
    p.up = true;
    NS_LOG_INFO("host " << m_host << ": connection to host " << host << " up");
    if (m_parked)
    {
        // A receive was waiting for a first connection.
        m_parked = false;
        ReceiveLoop();
    }
    else if (m_spin)
    {
        m_spin->Signal(); // watch the new connection's flag too
    }
    Callback<void> connected = p.connected;
    p.connected = Callback<void>();
    if (!connected.IsNull())
    {
        connected();
    }
}

bool
SanClanMessenger::IsConnected(uint32_t peer) const
{
    uint32_t host = 0;
    if (!m_hostsFile || !m_hostsFile->FindHost(peer, host))
    {
        return false;
    }
    auto it = m_peers.find(host);
    return it != m_peers.end() && it->second.up;
}

uint32_t
SanClanMessenger::GetMinMessageBytes() const
{
    return HEADER_BYTES;
}

std::string
SanClanMessenger::GetDescription() const
{
    return "CLAN message channels (Tripwire paper, section 4.1)";
}

Ptr<ClanContext>
SanClanMessenger::GetContext() const
{
    return m_ctx;
}

uint64_t
SanClanMessenger::GetNPiecesSent() const
{
    return m_piecesSent;
}

uint64_t
SanClanMessenger::GetNPiecesReceived() const
{
    return m_piecesReceived;
}

uint64_t
SanClanMessenger::GetNCheckedBytes() const
{
    return m_checkedBytes;
}

// ---------------------------------------------------------------------------------------------
// The process's calls, one at a time

void
SanClanMessenger::Call(std::function<void()> call)
{
    m_calls.push_back(std::move(call));
    if (m_calling)
    {
        return;
    }
    m_calling = true;
    std::function<void()> next = std::move(m_calls.front());
    m_calls.pop_front();
    next();
}

void
SanClanMessenger::Returned()
{
    m_calling = false;
    if (m_calls.empty())
    {
        return;
    }
    m_calling = true;
    std::function<void()> next = std::move(m_calls.front());
    m_calls.pop_front();
    next();
}

// ---------------------------------------------------------------------------------------------
// Sending

uint8_t
SanClanMessenger::Pattern(uint32_t sender, uint32_t sequence, uint32_t offset)
{
    return static_cast<uint8_t>(sender * 131 + sequence * 31 + offset * 7 + (offset >> 8));
}

void
SanClanMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(!IsConnected(peer),
                    "SanClanMessenger::Send: node " << (GetNode() ? GetNode()->GetId() : 0)
                                                    << " is not connected to node " << peer);
    NS_ABORT_MSG_IF(bytes < HEADER_BYTES,
                    "SanClanMessenger::Send: a message of " << bytes << " bytes (at least "
                                                            << HEADER_BYTES << ")");
    NS_ABORT_MSG_IF(bytes > m_maxBytes,
                    "SanClanMessenger::Send: " << bytes << " bytes, more than \"MaxMessageBytes\" ("
                                               << m_maxBytes << ")");
    Sending(peer, bytes);
    const uint32_t host = HostOf(peer);
    const uint32_t sequence = ++m_peers.at(host).sequence;
    Ptr<SanClanMessenger> self(this);
    Call(
        [self, host, bytes, sequence, sent]() { self->SendPiece(host, bytes, sequence, 0, sent); });
}

void
SanClanMessenger::SendPiece(uint32_t host,
                            uint32_t bytes,
                            uint32_t sequence,
                            uint32_t offset,
                            Callback<void> sent)
{
    if (!m_ctx)
    {
        return;
    }
    const uint32_t n = std::min(m_bufferBytes, bytes - offset);
    std::vector<uint8_t> piece(n, 0);
    uint32_t from = 0;
    if (offset == 0)
    {
        HostWords::Store32(piece.data(), bytes);
        HostWords::Store32(piece.data() + 4, sequence);
        from = HEADER_BYTES;
    }
    if (m_checkPayload)
    {
        for (uint32_t i = from; i < n; ++i)
        {
            piece[i] = Pattern(m_host, sequence, offset + i);
        }
    }
    ++m_piecesSent;
    Ptr<SanClanMessenger> self(this);
    const uint32_t next = offset + n;
    // send_msg: wait for tx_ready, store the piece into the peer's buffer, set its rx_ready.
    m_peers.at(host).out->Send(piece,
                               MakeSanCallback<void>([self, host, bytes, sequence, next, sent]() {
                                   if (next < bytes)
                                   {
                                       self->SendPiece(host, bytes, sequence, next, sent);
                                       return;
                                   }
                                   self->Returned();
                                   if (!sent.IsNull())
                                   {
                                       sent();
                                   }
                               }));
}

// ---------------------------------------------------------------------------------------------
// Receiving

void
SanClanMessenger::Receive(ReceiveCallback done)
{
    NS_ABORT_MSG_IF(done.IsNull(), "SanClanMessenger::Receive: no callback");
    NS_ABORT_MSG_IF(!m_ctx, "SanClanMessenger::Receive: Open first");
    NS_ABORT_MSG_IF(m_receiving,
                    "SanClanMessenger::Receive: a receive is already posted (one at a time)");
    m_receiving = true;
    Ptr<SanClanMessenger> self(this);
    Call([self, done]() {
        self->m_receive = done;
        self->ReceiveLoop();
    });
}

void
SanClanMessenger::ReceiveLoop()
{
    if (!m_ctx)
    {
        return;
    }
    // A piece from the first ready channel after the last served one (round robin).
    auto start = m_peers.lower_bound(m_nextHost);
    for (uint32_t k = 0; k < m_peers.size(); ++k)
    {
        if (start == m_peers.end())
        {
            start = m_peers.begin();
        }
        Peer& p = start->second;
        const uint32_t host = start->first;
        ++start;
        if (!p.up || !p.in->IsReady())
        {
            continue;
        }
        m_nextHost = host + 1;
        Ptr<SanClanMessenger> self(this);
        // recv_msg: clear rx_ready, copy the piece out, set the peer's tx_ready.
        p.in->Receive(ClanMessageChannel::ReceiveCallback(
            [self, host](const std::vector<uint8_t>& piece) { self->TookPiece(host, piece); }));
        return;
    }
    AwaitPiece();
}

void
SanClanMessenger::TookPiece(uint32_t host, const std::vector<uint8_t>& piece)
{
    if (!m_ctx)
    {
        return;
    }
    ++m_piecesReceived;
    Peer& p = m_peers.at(host);
    uint32_t from = 0;
    if (p.expected == 0)
    {
        NS_ABORT_MSG_IF(piece.size() < HEADER_BYTES,
                        "SanClanMessenger: a first piece of " << piece.size() << " bytes");
        p.expected = HostWords::Load32(piece.data());
        p.arrivingSequence = HostWords::Load32(piece.data() + 4);
        p.arrived = 0;
        from = HEADER_BYTES;
        NS_ABORT_MSG_IF(p.expected > m_maxBytes,
                        "SanClanMessenger: node "
                            << GetNode()->GetId() << " receives a message of " << p.expected
                            << " bytes, more than its \"MaxMessageBytes\" (" << m_maxBytes << ")");
    }
    if (m_checkPayload)
    {
        for (uint32_t i = from; i < piece.size(); ++i)
        {
            NS_ABORT_MSG_IF(piece[i] != Pattern(host, p.arrivingSequence, p.arrived + i),
                            "SanClanMessenger: byte " << p.arrived + i << " of message "
                                                      << p.arrivingSequence << " from host " << host
                                                      << " is corrupt");
        }
        m_checkedBytes += piece.size() - from;
    }
    p.arrived += static_cast<uint32_t>(piece.size());
    NS_ABORT_MSG_IF(p.arrived > p.expected,
                    "SanClanMessenger: message " << p.arrivingSequence << " from host " << host
                                                 << " overran its length");
    if (p.arrived < p.expected)
    {
        ReceiveLoop(); // the rest of it, or a piece of another peer's message
        return;
    }
    const uint32_t bytes = p.expected;
    p.expected = 0;
    ReceiveCallback done = m_receive;
    m_receive = ReceiveCallback();
    m_receiving = false;
    Returned();
    Received(done, p.node, bytes);
}

void
SanClanMessenger::AwaitPiece()
{
    bool anyUp = false;
    for (const auto& [host, p] : m_peers)
    {
        anyUp = anyUp || p.up;
    }
    if (!anyUp)
    {
        // Nothing to spin or sleep on yet (the process is in its accept): wait, without the
        // CPU, for a first connection.
        m_parked = true;
        return;
    }
    if (m_notification != POLL)
    {
        // The events only say a Tripwire fired: the flags tell which channel is ready.
        ClanEvent event;
        while (m_ctx->PollEvent(event))
        {
        }
        Ptr<SanClanMessenger> self(this);
        m_ctx->GetEventQueue()->Wait(m_notification == BLOCK ? HostCpuWait::BLOCK
                                                             : HostCpuWait::POLL_THEN_BLOCK,
                                     MakeSanCallback<void>([self]() { self->ReceiveLoop(); }));
        return;
    }
    // Spin on every up connection's rx_ready (the cache snoops the NIC's writes), for a slice.
    const uint64_t generation = ++m_spinGeneration;
    Ptr<SanClanMessenger> self(this);
    m_spin = m_ctx->GetCpu()->CreateWait();
    m_spin->Begin(HostCpuWait::POLL,
                  MakeSanCallback<void>([self, generation]() { self->PollEnded(generation); }));
    Ptr<HostCpuWait> spin = m_spin;
    const Callback<void> signal([spin]() { spin->Signal(); }); // one, shared by every watch
    for (auto& [host, p] : m_peers)
    {
        if (p.up)
        {
            m_watches.push_back(
                m_ctx->GetMemory()->WatchWrites(p.in->GetRxReadyAddress(), 4, signal));
        }
    }
    m_sliceEnd = Simulator::Schedule(m_pollSlice, [spin]() { spin->Signal(); });
}

void
SanClanMessenger::PollEnded(uint64_t generation)
{
    if (!m_ctx || generation != m_spinGeneration)
    {
        return;
    }
    Simulator::Cancel(m_sliceEnd);
    for (uint64_t token : m_watches)
    {
        m_ctx->GetMemory()->CancelWatch(token);
    }
    m_watches.clear();
    m_spin = nullptr;
    ReceiveLoop();
}

} // namespace ns3
