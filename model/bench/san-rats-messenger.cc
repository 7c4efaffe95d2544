/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-rats-messenger.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/rats-send-handle.h"
#include "ns3/rats-wire.h"
#include "ns3/san-callback.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanRatsMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanRatsDirectory);
NS_OBJECT_ENSURE_REGISTERED(SanRatsMessenger);

namespace
{

/// The kind word of a connection request.
constexpr uint32_t KIND_REQUEST = 0x52415451; // "RATQ"
/// The kind word of its reply.
constexpr uint32_t KIND_REPLY = 0x52415452; // "RATR"

/// What a connection request or its reply carries.
struct Introduction
{
    uint32_t node{0};     //!< the sending process's node id
    uint32_t kind{0};     //!< KIND_REQUEST or KIND_REPLY
    uint32_t maxBytes{0}; //!< its "MaxMessageBytes"
    RatsTicket seed;      //!< its stream sender's seed (the hello ticket)
};

/// \param in what to send \return its bytes (SanRatsDirectory::REQUEST_BYTES)
std::vector<uint8_t>
Encode(const Introduction& in)
{
    std::vector<uint8_t> b;
    rats::PutWord(b, in.node);
    rats::PutWord(b, in.kind);
    rats::PutWord(b, in.maxBytes);
    const std::vector<uint8_t> t = in.seed.Serialize();
    b.insert(b.end(), t.begin(), t.end());
    return b;
}

/// \param b bytes received (SanRatsDirectory::REQUEST_BYTES) \return what they say
Introduction
Decode(const std::vector<uint8_t>& b)
{
    NS_ABORT_MSG_IF(b.size() != SanRatsDirectory::REQUEST_BYTES,
                    "SanRatsMessenger: a connection message of " << b.size() << " bytes");
    Introduction in;
    in.node = rats::GetWord(b.data());
    in.kind = rats::GetWord(b.data() + 4);
    in.maxBytes = rats::GetWord(b.data() + 8);
    in.seed = RatsTicket::Deserialize(b.data() + 12, RatsTicket::SERIALIZED_BYTES);
    return in;
}

/// \param n bytes \return n rounded up to RatsInterfaceManager's allocation granule (8)
uint64_t
Granules(uint64_t n)
{
    return (n + 7) / 8 * 8;
}

} // namespace

// ---- SanRatsDirectory --------------------------------------------------------------------

TypeId
SanRatsDirectory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanRatsDirectory")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanRatsDirectory>();
    return tid;
}

SanRatsDirectory::SanRatsDirectory() = default;

SanRatsDirectory::~SanRatsDirectory() = default;

void
SanRatsDirectory::DoDispose()
{
    m_entries.clear();
    Object::DoDispose();
}

void
SanRatsDirectory::Install(const NodeContainer& hosts)
{
    NS_ABORT_MSG_IF(Simulator::Now().IsStrictlyPositive(),
                    "SanRatsDirectory::Install: the well-known servers are start-up "
                    "configuration (before Simulator::Run)");
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<Node> node = hosts.Get(i);
        Ptr<RatsInterfaceManager> rats = node->GetObject<RatsInterfaceManager>();
        NS_ABORT_MSG_IF(rats == nullptr,
                        "SanRatsDirectory::Install: node " << node->GetId()
                                                           << " has no Rats (HamlynHelper::"
                                                              "EnableRats)");
        NS_ABORT_MSG_IF(m_entries.count(node->GetId()),
                        "SanRatsDirectory::Install: node " << node->GetId() << " twice");
        Entry& e = m_entries[node->GetId()];
        e.server = RatsInitialRequestServer::Create(rats, REQUEST_BYTES);
        e.seed = e.server->MakeSeed();
    }
}

std::string
SanRatsDirectory::GetSeed(uint32_t node) const
{
    auto it = m_entries.find(node);
    NS_ABORT_MSG_IF(it == m_entries.end(),
                    "SanRatsDirectory: node " << node << " has no well-known Rats server");
    return it->second.seed;
}

Ptr<RatsInitialRequestServer>
SanRatsDirectory::TakeServer(uint32_t node)
{
    auto it = m_entries.find(node);
    NS_ABORT_MSG_IF(it == m_entries.end(),
                    "SanRatsDirectory: node " << node << " has no well-known Rats server");
    NS_ABORT_MSG_IF(it->second.taken,
                    "SanRatsDirectory: node " << node
                                              << "'s Rats process has a messenger already (one "
                                                 "per host)");
    it->second.taken = true;
    return it->second.server;
}

// ---- SanRatsMessenger --------------------------------------------------------------------

TypeId
SanRatsMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanRatsMessenger")
            .SetParent<SanMessenger>()
            .SetGroupName("San")
            .AddConstructor<SanRatsMessenger>()
            .AddAttribute("Directory",
                          "The hosts' well-known initial-request servers (SanRatsDirectory, "
                          "installed before the run).",
                          PointerValue(),
                          MakePointerAccessor(&SanRatsMessenger::m_directory),
                          MakePointerChecker<SanRatsDirectory>())
            .AddAttribute("MaxMessageBytes",
                          "The largest message: the bytes of each ring slot and send buffer "
                          "(the same at both ends of a connection).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&SanRatsMessenger::m_maxBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // Not given by the paper (section 3.2 names the stream's ring of buffers, not
            // its size).
            .AddAttribute("Slots",
                          "Ring slots of each stream: messages a sender may have unreleased.",
                          UintegerValue(DEFAULT_SLOTS),
                          MakeUintegerAccessor(&SanRatsMessenger::m_slots),
                          MakeUintegerChecker<uint32_t>(1, RatsStreamReceiver::MAX_SLOTS))
            // The library's default (RatsStreamSender::Create).
            .AddAttribute("AsIsThreshold",
                          "Messages of at least this many bytes are sent as-is from the send "
                          "buffer; smaller ones are copied into the stream's staging buffer "
                          "(pinned: GetPinnedBytesNeeded allows thresholds up to 512).",
                          UintegerValue(256),
                          MakeUintegerAccessor(&SanRatsMessenger::m_threshold),
                          MakeUintegerChecker<uint32_t>(1))
            // Not given by the paper (section 3.2: the protocol "uses time-out,
            // retransmission, timestamps and sequence numbers"); a few request round trips.
            .AddAttribute("RequestTimeout",
                          "Retransmission time-out of a connection request (initial "
                          "request/response).",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&SanRatsMessenger::m_requestTimeout),
                          MakeTimeChecker(NanoSeconds(1)))
            // ASSUMED, as TCP backs off its retransmission timer (RFC 6298, section 5.5):
            // each copy waits twice as long, up to this. With a fixed 100 us, 29 clients of
            // one 1990s server (same-hosts preset) resent their requests faster than it
            // could accept one (~0.1 ms each) and set-up slowed without end.
            .AddAttribute("RequestTimeoutMax",
                          "Longest retransmission time-out of a connection request (each copy "
                          "waits twice as long as the one before, from RequestTimeout).",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&SanRatsMessenger::m_requestTimeoutMax),
                          MakeTimeChecker(NanoSeconds(1)))
            // Section 4.2: the measurements have "host ... processes in busy-wait loops".
            .AddAttribute("Notification",
                          "How the process waits in Rats' poll (its interface manager's "
                          "\"WaitMode\", set at Open).",
                          EnumValue(HostCpuWait::POLL),
                          MakeEnumAccessor(&SanRatsMessenger::m_notification),
                          MakeEnumChecker(HostCpuWait::POLL,
                                          "Poll",
                                          HostCpuWait::BLOCK,
                                          "Block",
                                          HostCpuWait::POLL_THEN_BLOCK,
                                          "PollThenBlock"))
            .AddAttribute("CheckPayload",
                          "Check every received byte against the sender's pattern "
                          "(GetCorruptMessages; simulation work only, no cost to the host).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&SanRatsMessenger::m_checkPayload),
                          MakeBooleanChecker());
    return tid;
}

SanRatsMessenger::SanRatsMessenger()
    : m_maxBytes(65536),
      m_slots(DEFAULT_SLOTS),
      m_threshold(256),
      m_requestTimeout(MicroSeconds(100)),
      m_notification(HostCpuWait::POLL),
      m_checkPayload(true)
{
}

SanRatsMessenger::~SanRatsMessenger() = default;

void
SanRatsMessenger::DoDispose()
{
    for (auto& [id, p] : m_peers)
    {
        for (SendBuffer& b : p.buffers)
        {
            if (b.handle)
            {
                b.handle->SetStatusCallback(Callback<void, RatsSendHandle::Status>());
            }
        }
    }
    m_peers.clear();
    m_order.clear();
    m_receive = ReceiveCallback();
    m_server = nullptr;
    m_manager = nullptr;
    m_directory = nullptr;
    SanMessenger::DoDispose();
}

uint64_t
SanRatsMessenger::GetPinnedBytesNeeded(uint32_t peers, uint32_t maxBytes, uint32_t slots)
{
    // Every Malloc takes RatsInterfaceManager's default headroom (48) in front.
    const uint64_t head = 48;
    const uint64_t ring =
        head + Granules(uint64_t(slots) * (RatsStreamReceiver::HEADER_BYTES + maxBytes +
                                           4 * RatsStreamReceiver::MAX_BOUNDARIES));
    const uint64_t sendBuffers = uint64_t(slots + 1) * (head + Granules(maxBytes));
    // The stream's control areas and credits, staging buffers (one per message in flight at
    // most), the request, its reply and their buffers: a generous 16 KiB a peer.
    const uint64_t small = 16384 + uint64_t(slots + 1) * 1024;
    return uint64_t(peers) * (ring + sendBuffers + small) + 16384;
}

uint32_t
SanRatsMessenger::GetNotificationAreasNeeded(uint32_t peers, uint32_t slots)
{
    const uint64_t areas = uint64_t(peers) * (slots + 4) + 16;
    return static_cast<uint32_t>(std::min<uint64_t>(areas, 65535));
}

void
SanRatsMessenger::Open(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_directory == nullptr,
                    "SanRatsMessenger::Open: no \"Directory\" (a SanRatsDirectory installed on "
                    "the hosts)");
    SetNode(node);
    m_manager = node->GetObject<RatsInterfaceManager>();
    NS_ABORT_MSG_IF(m_manager == nullptr,
                    "SanRatsMessenger::Open: node " << node->GetId()
                                                    << " has no Rats (HamlynHelper::EnableRats)");
    m_server = m_directory->TakeServer(node->GetId());
    m_manager->SetAttribute("WaitMode", EnumValue(m_notification));
    // The process enters its library loop once the program's start-up code has returned.
    Simulator::ScheduleNow(&SanRatsMessenger::Run, Ptr<SanRatsMessenger>(this));
}

void
SanRatsMessenger::EndIdle(bool always)
{
    if (!m_idle || m_manager == nullptr)
    {
        return;
    }
    bool ready = always;
    for (const auto& [id, p] : m_peers)
    {
        ready = ready || (p.rx && p.rx->HasData());
    }
    if (ready)
    {
        // The main loop returns to the program, which makes its call; the loop resumes after.
        m_idle = false;
        m_manager->Wake();
    }
}

SanRatsMessenger::Peer&
SanRatsMessenger::NewPeer(uint32_t peer)
{
    Peer& p = m_peers[peer];
    // The stream to the peer: its sender is created first; its seed goes to the peer.
    p.tx = RatsStreamSender::Create(m_manager, m_threshold);
    for (uint32_t k = 0; k < m_slots + 1; ++k)
    {
        SendBuffer b;
        b.buffer = m_manager->Malloc(m_maxBytes);
        NS_ABORT_MSG_IF(!b.buffer.IsValid(),
                        "SanRatsMessenger: node "
                            << GetNode()->GetId()
                            << "'s pinned area is full (RatsHardwareInterface \"PinnedBytes\"; "
                               "SanRatsMessenger::GetPinnedBytesNeeded)");
        p.buffers.push_back(b);
    }
    return p;
}

void
SanRatsMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(m_manager == nullptr, "SanRatsMessenger::Connect: Open first");
    NS_ABORT_MSG_IF(peer == nullptr || peer == GetNode(),
                    "SanRatsMessenger::Connect: a peer on another node");
    const uint32_t id = peer->GetId();
    NS_ABORT_MSG_IF(m_peers.count(id),
                    "SanRatsMessenger::Connect: node " << GetNode()->GetId()
                                                       << " is already connected to node " << id);
    const std::string seed = m_directory->GetSeed(id);
    Peer& p = NewPeer(id);
    p.connected = connected;
    p.client = RatsInitialRequestClient::Create(m_manager,
                                                seed,
                                                SanRatsDirectory::REQUEST_BYTES,
                                                m_requestTimeout,
                                                std::max(m_requestTimeout, m_requestTimeoutMax));
    Introduction in;
    in.node = GetNode()->GetId();
    in.kind = KIND_REQUEST;
    in.maxBytes = m_maxBytes;
    in.seed = p.tx->MakeSeed().tickets.at(0);
    // The request's buffer stays: retransmissions read it again.
    RatsBuffer request = m_manager->Malloc(SanRatsDirectory::REQUEST_BYTES);
    NS_ABORT_MSG_IF(!request.IsValid(),
                    "SanRatsMessenger: node " << GetNode()->GetId() << "'s pinned area is full");
    m_manager->Write(request.offset, Encode(in));
    Ptr<RatsSendHandle> h = p.client->Send(request.offset, SanRatsDirectory::REQUEST_BYTES);
    NS_ABORT_MSG_IF(h->GetStatus() == RatsSendHandle::ERROR,
                    "SanRatsMessenger::Connect: the request was refused (error "
                        << int(h->GetError()) << ")");
    EndIdle(true);
    Run();
}

void
SanRatsMessenger::Accept(const RatsInitialRequest& r)
{
    const Introduction in = Decode(m_manager->Read(r.dataOffset, r.length));
    NS_ABORT_MSG_IF(in.kind != KIND_REQUEST,
                    "SanRatsMessenger: node " << GetNode()->GetId()
                                              << " got a request that is none");
    NS_ABORT_MSG_IF(in.maxBytes != m_maxBytes,
                    "SanRatsMessenger: node " << in.node << "'s \"MaxMessageBytes\" ("
                                              << in.maxBytes << ") differs from node "
                                              << GetNode()->GetId() << "'s (" << m_maxBytes << ")");
    NS_ABORT_MSG_IF(m_peers.count(in.node),
                    "SanRatsMessenger: node " << in.node << " connected twice to node "
                                              << GetNode()->GetId());
    NS_LOG_INFO("node " << GetNode()->GetId() << " accepts node " << in.node);
    Peer& p = NewPeer(in.node);
    // The stream from the peer: a receiver from its sender's seed (its hello gives the
    // sender the ring).
    RatsStreamSeed seed;
    seed.forSender = false;
    seed.tickets = {in.seed};
    p.rx = RatsStreamReceiver::Create(m_manager, seed, m_slots, m_maxBytes);
    m_order.push_back(in.node);
    // The reply: this process's sender's seed.
    Introduction out;
    out.node = GetNode()->GetId();
    out.kind = KIND_REPLY;
    out.maxBytes = m_maxBytes;
    out.seed = p.tx->MakeSeed().tickets.at(0);
    RatsBuffer reply = m_manager->Malloc(SanRatsDirectory::REQUEST_BYTES);
    NS_ABORT_MSG_IF(!reply.IsValid(),
                    "SanRatsMessenger: node " << GetNode()->GetId() << "'s pinned area is full");
    m_manager->Write(reply.offset, Encode(out));
    Ptr<RatsSendHandle> h = m_server->SendReply(r, reply.offset, SanRatsDirectory::REQUEST_BYTES);
    NS_ABORT_MSG_IF(h->GetStatus() == RatsSendHandle::ERROR,
                    "SanRatsMessenger: the reply was refused (error " << int(h->GetError()) << ")");
    p.up = true; // sends wait in the stream until the peer's receiver says hello
}

void
SanRatsMessenger::Replied(uint32_t peer, const RatsInitialReply& reply)
{
    Peer& p = m_peers.at(peer);
    const Introduction in = Decode(m_manager->Read(reply.dataOffset, reply.length));
    NS_ABORT_MSG_IF(in.kind != KIND_REPLY || in.node != peer,
                    "SanRatsMessenger: node " << GetNode()->GetId()
                                              << " got a reply that is not node " << peer << "'s");
    NS_ABORT_MSG_IF(in.maxBytes != m_maxBytes,
                    "SanRatsMessenger: node " << peer << "'s \"MaxMessageBytes\" (" << in.maxBytes
                                              << ") differs from node " << GetNode()->GetId()
                                              << "'s (" << m_maxBytes << ")");
    RatsStreamSeed seed;
    seed.forSender = false;
    seed.tickets = {in.seed};
    p.rx = RatsStreamReceiver::Create(m_manager, seed, m_slots, m_maxBytes);
    m_order.push_back(peer);
    p.client->Release();
    p.replied = true;
}

void
SanRatsMessenger::Run()
{
    if (m_inRun)
    {
        m_again = true;
        return;
    }
    m_inRun = true;
    do
    {
        m_again = false;
        if (m_busy || m_polling || m_delivering || m_manager == nullptr)
        {
            break;
        }
        if (Step() == AGAIN)
        {
            m_again = true;
        }
    } while (m_again);
    m_inRun = false;
}

SanRatsMessenger::StepResult
SanRatsMessenger::Step()
{
    Ptr<SanRatsMessenger> self(this);
    // A connection request at the well-known server.
    if (m_server->HasData())
    {
        m_busy = true;
        m_server->Recv([self](RatsInitialRequest r) {
            self->m_busy = false;
            if (self->m_manager == nullptr)
            {
                return;
            }
            self->Accept(r);
            self->Run();
        });
        return STARTED;
    }
    bool connecting = false;
    for (auto& [id, p] : m_peers)
    {
        if (p.up || !p.client)
        {
            continue;
        }
        if (!p.replied)
        {
            connecting = true;
            if (p.client->HasData())
            {
                const uint32_t peer = id;
                m_busy = true;
                p.client->RecvReply([self, peer](RatsInitialReply reply) {
                    self->m_busy = false;
                    if (self->m_manager == nullptr)
                    {
                        return;
                    }
                    self->Replied(peer, reply);
                    self->Run();
                });
                return STARTED;
            }
            continue;
        }
        if (!p.tx->IsConnected())
        {
            connecting = true; // the peer's receiver's hello is on its way
            continue;
        }
        p.up = true;
        p.client = nullptr;
        Callback<void> connected = p.connected;
        p.connected = Callback<void>();
        NS_LOG_INFO("node " << GetNode()->GetId() << " connected to node " << id);
        if (!connected.IsNull())
        {
            connected();
        }
        return AGAIN;
    }
    // A posted receive: the next stream with a message, round-robin.
    if (!m_receive.IsNull())
    {
        const uint32_t n = static_cast<uint32_t>(m_order.size());
        for (uint32_t k = 0; k < n; ++k)
        {
            const uint32_t at = (m_nextPeer + k) % n;
            const uint32_t peer = m_order[at];
            Ptr<RatsStreamReceiver> rx = m_peers.at(peer).rx;
            if (!rx->HasData())
            {
                continue;
            }
            m_nextPeer = (at + 1) % n;
            m_busy = true;
            rx->ReadRecord([self, peer](RatsStreamChunk chunk) {
                self->m_busy = false;
                if (self->m_manager == nullptr)
                {
                    return;
                }
                self->Deliver(peer, chunk);
            });
            return STARTED;
        }
    }
    // Wait in poll for the next notification (a message, a credit, a hello, a request). With
    // nothing of its own under way the process waits there too: it is the program's main loop,
    // which serves connection requests as they come (a call of the program ends it: Wake).
    m_idle = m_receive.IsNull() && m_flushing == 0 && !connecting;
    m_polling = true;
    m_manager->Poll([self]() {
        self->m_polling = false;
        self->m_idle = false;
        self->Run();
    });
    return STARTED;
}

void
SanRatsMessenger::Deliver(uint32_t peer, const RatsStreamChunk& chunk)
{
    Peer& p = m_peers.at(peer);
    const uint32_t seq = p.received++;
    if (m_checkPayload)
    {
        const std::vector<uint8_t> got = m_manager->Read(chunk.offset, chunk.length);
        for (uint32_t i = 0; i < chunk.length; ++i)
        {
            if (got[i] != Pattern(peer, seq, i))
            {
                ++m_corrupt;
                NS_LOG_WARN("node " << GetNode()->GetId() << ": message " << seq << " from node "
                                    << peer << " differs at byte " << i);
                break;
            }
        }
    }
    ReceiveCallback done = m_receive;
    m_receive = ReceiveCallback();
    // The program handles the message, then releases it (a credit to the sender).
    m_delivering = true;
    Received(done, peer, chunk.length);
    m_delivering = false;
    if (m_manager == nullptr)
    {
        return; // disposed by the callback
    }
    m_peers.at(peer).rx->Release(chunk);
    Run();
}

void
SanRatsMessenger::Receive(ReceiveCallback done)
{
    NS_ABORT_MSG_IF(done.IsNull(), "SanRatsMessenger::Receive: no callback");
    NS_ABORT_MSG_IF(m_manager == nullptr, "SanRatsMessenger::Receive: Open first");
    NS_ABORT_MSG_IF(!m_receive.IsNull(),
                    "SanRatsMessenger::Receive: a receive is already posted (one at a time)");
    m_receive = done;
    EndIdle(false); // the loop's poll is the receive's, unless a message is in already
    Run();
}

void
SanRatsMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(bytes > m_maxBytes,
                    "SanRatsMessenger::Send: " << bytes << " bytes, more than \"MaxMessageBytes\" ("
                                               << m_maxBytes << ")");
    NS_ABORT_MSG_IF(bytes == 0, "SanRatsMessenger::Send: an empty message");
    NS_ABORT_MSG_IF(!IsConnected(peer),
                    "SanRatsMessenger::Send: node " << (GetNode() ? GetNode()->GetId() : 0)
                                                    << " is not connected to node " << peer);
    Sending(peer, bytes);
    EndIdle(true);
    Write(peer, bytes, sent);
}

void
SanRatsMessenger::Write(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    Peer& p = m_peers.at(peer);
    // A send buffer whose last message the interface has read (or the stream has copied).
    SendBuffer* free = nullptr;
    const uint32_t n = static_cast<uint32_t>(p.buffers.size());
    for (uint32_t k = 0; k < n && free == nullptr; ++k)
    {
        SendBuffer& b = p.buffers[(p.sent + k) % n];
        if (!b.handle || b.handle->GetStatus() == RatsSendHandle::COPIED ||
            b.handle->GetStatus() == RatsSendHandle::SENT)
        {
            free = &b;
        }
    }
    if (free == nullptr || !p.waiting.empty())
    {
        p.waiting.push_back(WaitingSend{bytes, sent});
        return;
    }
    // Compose the message in the buffer: the program's data.
    const uint32_t seq = p.sent++;
    const uint32_t me = GetNode()->GetId();
    std::vector<uint8_t> data(bytes);
    for (uint32_t i = 0; i < bytes; ++i)
    {
        data[i] = Pattern(me, seq, i);
    }
    m_manager->Write(free->buffer.offset, data);
    if (free->handle)
    {
        free->handle->SetStatusCallback(Callback<void, RatsSendHandle::Status>());
    }
    Ptr<RatsSendHandle> h = p.tx->WriteRecord(free->buffer.offset, bytes);
    NS_ABORT_MSG_IF(h->GetStatus() == RatsSendHandle::ERROR,
                    "SanRatsMessenger::Send: the stream refused a message of "
                        << bytes << " bytes (error " << int(h->GetError()) << ")");
    free->handle = h;
    Ptr<SanRatsMessenger> self(this);
    h->SetStatusCallback(
        MakeSanCallback<void, RatsSendHandle::Status>([self, peer](RatsSendHandle::Status status) {
            NS_ABORT_MSG_IF(status == RatsSendHandle::ERROR,
                            "SanRatsMessenger: a message to node " << peer << " failed");
            auto it = self->m_peers.find(peer);
            if (it != self->m_peers.end() && !it->second.waiting.empty() &&
                (status == RatsSendHandle::SENT || status == RatsSendHandle::COPIED))
            {
                // Not from inside the stream's own bookkeeping.
                Simulator::ScheduleNow(&SanRatsMessenger::ResumeWaiting, self, peer);
            }
        }));
    // flush: the message is posted now (waiting in poll for a credit if the ring is full).
    ++m_flushing;
    p.tx->Flush([self, sent]() {
        --self->m_flushing;
        if (!sent.IsNull())
        {
            sent();
        }
        self->Run();
    });
    Run();
}

void
SanRatsMessenger::ResumeWaiting(uint32_t peer)
{
    auto it = m_peers.find(peer);
    if (m_manager == nullptr || it == m_peers.end())
    {
        return;
    }
    std::vector<WaitingSend> waiting;
    waiting.swap(it->second.waiting);
    for (const WaitingSend& w : waiting)
    {
        Write(peer, w.bytes, w.sent);
    }
}

uint8_t
SanRatsMessenger::Pattern(uint32_t sender, uint32_t seq, uint32_t i)
{
    return static_cast<uint8_t>(sender * 131 + seq * 29 + i * 7 + (i >> 8));
}

bool
SanRatsMessenger::IsConnected(uint32_t peer) const
{
    auto it = m_peers.find(peer);
    return it != m_peers.end() && it->second.up;
}

uint32_t
SanRatsMessenger::GetMinMessageBytes() const
{
    return 1; // a stream write of at least one byte
}

std::string
SanRatsMessenger::GetDescription() const
{
    return "Rats streams on Hamlyn";
}

uint64_t
SanRatsMessenger::GetCorruptMessages() const
{
    return m_corrupt;
}

} // namespace ns3
