/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-vmmc-messenger.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/host-words.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/san-callback.h"
#include "ns3/uinteger.h"
#include "ns3/vmmc-daemon.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanVmmcMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanVmmcMessenger);

namespace
{
/// Start-up messages on the library's port (three words: op, node id, export id).
constexpr uint32_t OP_REQUEST = 1; //!< a client's ring for the server
constexpr uint32_t OP_ACCEPT = 2;  //!< the server's ring for the client

/// \param x bytes \return rounded up to a word
uint32_t
Words(uint32_t x)
{
    return (x + 3) / 4 * 4;
}

/// \param a a count \param b another (mod 2^32, less than 2^31 apart) \return the later
uint32_t
Later(uint32_t a, uint32_t b)
{
    return static_cast<int32_t>(a - b) >= 0 ? a : b;
}

/// \param sender its node id \param seq message number \param k byte \return pattern byte
uint8_t
Pattern(uint32_t sender, uint32_t seq, uint32_t k)
{
    return static_cast<uint8_t>(seq * 131 + k * 7 + sender * 29);
}
} // namespace

TypeId
SanVmmcMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanVmmcMessenger")
            .SetParent<SanMessenger>()
            .SetGroupName("San")
            .AddConstructor<SanVmmcMessenger>()
            .AddAttribute("MaxMessageBytes",
                          "The largest message: the payload of a slot of each receive ring "
                          "(and of the send buffer). A larger message stops the program.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&SanVmmcMessenger::m_maxBytes),
                          MakeUintegerChecker<uint32_t>(4))
            .AddAttribute("Slots",
                          "Slots of each receive ring: messages a sender may have unconsumed "
                          "at one receiver.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SanVmmcMessenger::m_slots),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CreditBatch",
                          "Freed slots a receiver returns by an update of their own (when no "
                          "message to that peer has carried them); at most Slots.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&SanVmmcMessenger::m_creditBatch),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Port",
                          "The library's port on its node's daemon, for connection set-up.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&SanVmmcMessenger::m_port),
                          MakeUintegerChecker<uint32_t>(VmmcDaemon::FIRST_LIBRARY_PORT))
            .AddAttribute("Transfer",
                          "How a message moves: one deliberate update of data and trailer "
                          "(DeliberateUpdate), or a copy into pages bound by automatic update "
                          "and a closing store (AutomaticUpdate).",
                          EnumValue(SanVmmcMessenger::DELIBERATE_UPDATE),
                          MakeEnumAccessor(&SanVmmcMessenger::m_transfer),
                          MakeEnumChecker(SanVmmcMessenger::DELIBERATE_UPDATE,
                                          "DeliberateUpdate",
                                          SanVmmcMessenger::AUTOMATIC_UPDATE,
                                          "AutomaticUpdate"))
            .AddAttribute("Notification",
                          "How a receive learns that a message arrived: spinning on the flag "
                          "words (Polling), or sleeping until VMMC's notification, a signal to "
                          "the ring's handler (Notification).",
                          EnumValue(SanVmmcMessenger::POLLING),
                          MakeEnumAccessor(&SanVmmcMessenger::m_notification),
                          MakeEnumChecker(SanVmmcMessenger::POLLING,
                                          "Polling",
                                          SanVmmcMessenger::NOTIFICATION,
                                          "Notification"))
            .AddAttribute("CheckPayload",
                          "Senders write a pattern into each message (no simulated cost: the "
                          "program's message) and receivers check it (GetNCorrupt).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&SanVmmcMessenger::m_checkPayload),
                          MakeBooleanChecker());
    return tid;
}

SanVmmcMessenger::SanVmmcMessenger() = default;

SanVmmcMessenger::~SanVmmcMessenger() = default;

void
SanVmmcMessenger::DoDispose()
{
    if (m_listening && m_ep != nullptr)
    {
        m_ep->StopListening(m_port);
    }
    m_listening = false;
    m_ep = nullptr;
    m_peers.clear();
    m_byIndex.clear();
    m_calls.clear();
    m_sleep = nullptr;
    SanMessenger::DoDispose();
}

uint32_t
SanVmmcMessenger::SlotBytes() const
{
    // Whole pages: the trailer ends a page, so a message of less than a page, right-aligned
    // before it, is in one page (a deliberate update's packets do not cross pages).
    const uint64_t page = m_ep->GetPageBytes();
    const uint64_t slot = (uint64_t(Words(m_maxBytes)) + TRAILER_BYTES + page - 1) / page * page;
    NS_ABORT_MSG_IF(slot * m_slots + 2 * page > 0x7fffffff,
                    "SanVmmcMessenger: a ring of " << m_slots << " slots of " << m_maxBytes
                                                   << " bytes is too large");
    return static_cast<uint32_t>(slot);
}

uint32_t
SanVmmcMessenger::TrailerOffset() const
{
    return SlotBytes() - TRAILER_BYTES;
}

uint32_t
SanVmmcMessenger::RegionBytes() const
{
    // The ring, then the close page and the credit page.
    return m_slots * SlotBytes() + 2 * m_ep->GetPageBytes();
}

uint64_t
SanVmmcMessenger::InRing(const Peer& p) const
{
    return p.ring;
}

uint64_t
SanVmmcMessenger::InCredit(const Peer& p) const
{
    return InRing(p) + RegionBytes() - m_ep->GetPageBytes();
}

void
SanVmmcMessenger::Open(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_creditBatch > m_slots,
                    "SanVmmcMessenger: \"CreditBatch\" " << m_creditBatch << " exceeds \"Slots\" "
                                                         << m_slots);
    SetNode(node);
    m_ep = VmmcDaemon::Of(node)->CreateEndpoint();
    m_send = m_ep->Allocate(SlotBytes() + 4); // a message's layout, then a scratch word
    m_ep->Listen(m_port,
                 VmmcDaemon::PostHandler([this](uint32_t srcHost, std::vector<uint8_t> msg) {
                     StartupMessage(srcHost, msg);
                 }));
    m_listening = true;
}

SanVmmcMessenger::Peer&
SanVmmcMessenger::AddPeer(uint32_t node, uint32_t host)
{
    NS_ABORT_MSG_IF(m_peers.count(node),
                    "SanVmmcMessenger: node " << GetNode()->GetId() << " is already connected to "
                                              << node);
    Peer& p = m_peers[node];
    p.node = node;
    p.host = host;
    p.index = static_cast<uint32_t>(m_byIndex.size());
    // Its receive ring, cached write-through as in the paper's measurements (section 3.4).
    p.ring = m_ep->Allocate(RegionBytes(), HostMemorySystem::WRITE_THROUGH);
    m_byIndex.push_back(node);
    return p;
}

void
SanVmmcMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "SanVmmcMessenger::Connect: Open first");
    NS_ABORT_MSG_IF(peer == nullptr || peer == GetNode(),
                    "SanVmmcMessenger::Connect: not another node");
    const uint32_t host = VmmcDaemon::Of(peer)->GetHostNumber();
    Peer& p = AddPeer(peer->GetId(), host);
    p.onConnected = connected;
    const uint32_t node = peer->GetId();
    ExportRing(node, [this, node, host]() {
        std::vector<uint8_t> msg(12);
        HostWords::Store32(msg.data(), OP_REQUEST);
        HostWords::Store32(msg.data() + 4, GetNode()->GetId());
        HostWords::Store32(msg.data() + 8, m_peers.at(node).exportId);
        m_ep->Post(host, m_port, msg);
    });
}

void
SanVmmcMessenger::StartupMessage(uint32_t srcHost, std::vector<uint8_t> msg)
{
    NS_ABORT_MSG_IF(msg.size() != 12, "SanVmmcMessenger: a malformed start-up message");
    const uint32_t op = HostWords::Load32(msg.data());
    const uint32_t node = HostWords::Load32(msg.data() + 4);
    const uint32_t id = HostWords::Load32(msg.data() + 8);
    NS_LOG_FUNCTION(this << srcHost << op << node << id);
    if (op == OP_REQUEST)
    {
        Peer& p = AddPeer(node, srcHost);
        p.remoteExport = id;
        ExportRing(node, [this, node, srcHost]() {
            ImportRing(node, [this, node, srcHost]() {
                std::vector<uint8_t> answer(12);
                HostWords::Store32(answer.data(), OP_ACCEPT);
                HostWords::Store32(answer.data() + 4, GetNode()->GetId());
                HostWords::Store32(answer.data() + 8, m_peers.at(node).exportId);
                m_ep->Post(srcHost, m_port, answer);
                Up(node);
            });
        });
        return;
    }
    NS_ABORT_MSG_IF(op != OP_ACCEPT || !m_peers.count(node) || m_peers.at(node).host != srcHost,
                    "SanVmmcMessenger: an unexpected start-up message (op " << op << ", node "
                                                                            << node << ")");
    m_peers.at(node).remoteExport = id;
    ImportRing(node, [this, node]() { Up(node); });
}

void
SanVmmcMessenger::ExportRing(uint32_t node, std::function<void()> done)
{
    Peer& p = m_peers.at(node);
    Ptr<SanVmmcMessenger> self(this);
    m_ep->Export(InRing(p),
                 RegionBytes(),
                 {p.host},
                 VmmcEndpoint::ExportCallback([self, node, done](uint32_t id) {
                     if (!self->m_peers.count(node))
                     {
                         return;
                     }
                     Peer& q = self->m_peers.at(node);
                     q.exportId = id;
                     q.exported = true;
                     if (self->m_notification == NOTIFICATION)
                     {
                         SanVmmcMessenger* raw = PeekPointer(self);
                         self->m_ep->SetNotificationHandler(
                             id,
                             VmmcEndpoint::NotificationHandler(
                                 [raw](uint32_t e, uint64_t a) { raw->Notified(e, a); }),
                             MakeSanCallback<void>([done]() { done(); }));
                         return;
                     }
                     done();
                 }));
}

void
SanVmmcMessenger::ImportRing(uint32_t node, std::function<void()> done)
{
    Peer& p = m_peers.at(node);
    Ptr<SanVmmcMessenger> self(this);
    m_ep->Import(
        p.host,
        p.remoteExport,
        VmmcEndpoint::ImportCallback([self, node, done](int32_t handle) {
            NS_ABORT_MSG_IF(handle < 0,
                            "SanVmmcMessenger: node " << node << " refused the import of its ring");
            if (!self->m_peers.count(node))
            {
                return;
            }
            Peer& q = self->m_peers.at(node);
            q.handle = handle;
            if (self->m_transfer == DELIBERATE_UPDATE)
            {
                done();
                return;
            }
            // Automatic update: a mirror of the peer's ring, combining (with the timer), then
            // its close page and its credit page, each store sent at once.
            Ptr<VmmcEndpoint> ep = self->m_ep;
            const uint32_t page = ep->GetPageBytes();
            const uint32_t region = self->RegionBytes();
            const uint32_t ring = region - 2 * page;
            q.mirror = ep->Allocate(region);
            const uint64_t mirror = q.mirror;
            VmmcEndpoint::BindOptions data;
            VmmcEndpoint::BindOptions close;
            close.combine = false;
            close.timer = false;
            close.notify = self->m_notification == NOTIFICATION;
            VmmcEndpoint::BindOptions credit;
            credit.combine = false;
            credit.timer = false;
            auto check = [node](bool ok) {
                NS_ABORT_MSG_UNLESS(ok, "SanVmmcMessenger: binding to node " << node << " refused");
            };
            ep->Bind(mirror, ring, handle, 0, data, MakeSanCallback<void, bool>([=](bool ok1) {
                         check(ok1);
                         ep->Bind(mirror + ring,
                                  page,
                                  handle,
                                  ring,
                                  close,
                                  MakeSanCallback<void, bool>([=](bool ok2) {
                                      check(ok2);
                                      ep->Bind(mirror + ring + page,
                                               page,
                                               handle,
                                               ring + page,
                                               credit,
                                               MakeSanCallback<void, bool>([=](bool ok3) {
                                                   check(ok3);
                                                   done();
                                               }));
                                  }));
                     }));
        }));
}

void
SanVmmcMessenger::Up(uint32_t node)
{
    Peer& p = m_peers.at(node);
    p.connected = true;
    NS_LOG_LOGIC("node " << GetNode()->GetId() << " connected to " << node);
    if (!p.onConnected.IsNull())
    {
        Callback<void> cb = p.onConnected;
        p.onConnected = Callback<void>();
        cb();
    }
}

bool
SanVmmcMessenger::IsConnected(uint32_t peer) const
{
    auto it = m_peers.find(peer);
    return it != m_peers.end() && it->second.connected;
}

SanVmmcMessenger::Peer&
SanVmmcMessenger::ConnectedPeer(uint32_t node, const char* who)
{
    auto it = m_peers.find(node);
    NS_ABORT_MSG_IF(it == m_peers.end() || !it->second.connected,
                    "SanVmmcMessenger::" << who << ": node " << node << " is not connected");
    return it->second;
}

void
SanVmmcMessenger::Call(std::function<void()> call)
{
    m_calls.push_back(std::move(call));
    if (!m_busy)
    {
        Return();
    }
}

void
SanVmmcMessenger::Return()
{
    m_busy = false;
    if (m_calls.empty() || m_ep == nullptr)
    {
        return;
    }
    std::function<void()> next = std::move(m_calls.front());
    m_calls.pop_front();
    m_busy = true;
    next();
}

void
SanVmmcMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(m_ep == nullptr, "SanVmmcMessenger::Send: Open first");
    NS_ABORT_MSG_IF(bytes > m_maxBytes,
                    "SanVmmcMessenger::Send: " << bytes << " bytes, more than \"MaxMessageBytes\" ("
                                               << m_maxBytes << ")");
    NS_ABORT_MSG_IF(bytes < GetMinMessageBytes(),
                    "SanVmmcMessenger::Send: " << bytes << " bytes (at least "
                                               << GetMinMessageBytes() << ")");
    ConnectedPeer(peer, "Send");
    Sending(peer, bytes);
    Call([this, peer, bytes, sent]() { DoSend(peer, bytes, sent); });
}

void
SanVmmcMessenger::ReadCredits(Peer& p)
{
    p.freedByPeer = Later(p.freedByPeer, m_ep->ReadWord(InCredit(p)));
    // Messages from the peer that wait here carry its credits in their trailers.
    const uint32_t payload = TrailerOffset();
    for (uint32_t k = 1; k <= m_slots; ++k)
    {
        const uint32_t seq = p.received + k;
        const uint64_t slot = InRing(p) + uint64_t((seq - 1) % m_slots) * SlotBytes();
        if (m_ep->ReadWord(slot + payload + 8) != seq)
        {
            break;
        }
        p.freedByPeer = Later(p.freedByPeer, m_ep->ReadWord(slot + payload + 4));
    }
}

uint32_t
SanVmmcMessenger::FreeSlots(Peer& p)
{
    return m_slots - (p.sent - p.freedByPeer);
}

void
SanVmmcMessenger::DoSend(uint32_t node, uint32_t bytes, Callback<void> sent)
{
    Peer& p = m_peers.at(node);
    if (FreeSlots(p) > 0)
    {
        Transmit(node, bytes, sent);
        return;
    }
    // A blocking send: spin until the receiver has freed a slot.
    ++m_creditWaits;
    Ptr<SanVmmcMessenger> self(this);
    m_ep->Poll(
        InRing(p),
        RegionBytes(),
        MakeSanCallback<bool>([self, node]() {
            Peer& q = self->m_peers.at(node);
            self->ReadCredits(q);
            return self->FreeSlots(q) > 0;
        }),
        MakeSanCallback<void>([self, node, bytes, sent]() { self->Transmit(node, bytes, sent); }));
}

void
SanVmmcMessenger::Transmit(uint32_t node, uint32_t bytes, Callback<void> sent)
{
    Peer& p = m_peers.at(node);
    const uint32_t seq = ++p.sent;
    const uint32_t payload = TrailerOffset();
    const uint32_t data = payload - Words(bytes); // right-aligned: data, then the trailer
    const uint32_t slot = ((seq - 1) % m_slots) * SlotBytes();
    if (m_checkPayload)
    {
        std::vector<uint8_t> pattern(bytes);
        for (uint32_t k = 0; k < bytes; ++k)
        {
            pattern[k] = Pattern(GetNode()->GetId(), seq, k);
        }
        m_ep->GetMemory()->Write(m_send + data, pattern.data(), bytes);
    }
    uint8_t trailer[TRAILER_BYTES];
    HostWords::Store32(trailer, bytes);
    HostWords::Store32(trailer + 4, p.received); // the freed slots of its messages
    HostWords::Store32(trailer + 8, seq);        // the flag, written last
    p.returned = p.received;
    NS_LOG_LOGIC("node " << GetNode()->GetId() << " sends " << bytes << " B to " << node
                         << " (message " << seq << ")");
    Ptr<SanVmmcMessenger> self(this);
    Callback<void> finished([self, sent]() {
        if (!sent.IsNull())
        {
            sent();
        }
        self->Return();
    });
    if (m_transfer == DELIBERATE_UPDATE)
    {
        const int32_t handle = p.handle;
        const bool notify = m_notification == NOTIFICATION;
        m_ep->Store(m_send + payload,
                    trailer,
                    TRAILER_BYTES,
                    MakeSanCallback<void>([self, handle, slot, data, bytes, notify, finished]() {
                        self->m_ep->SendDeliberate(handle,
                                                   slot + data,
                                                   self->m_send + data,
                                                   Words(bytes) + TRAILER_BYTES,
                                                   notify,
                                                   MakeSanCallback<void, bool>([finished](bool ok) {
                                                       NS_ABORT_MSG_UNLESS(
                                                           ok,
                                                           "SanVmmcMessenger: a deliberate update "
                                                           "was refused");
                                                       finished();
                                                   }));
                    }));
        return;
    }
    // Automatic update: copy into the bound mirror, the trailer behind it (one combined
    // packet), then the closing store sends it.
    const uint64_t mirror = p.mirror;
    const uint64_t closeWord = mirror + RegionBytes() - 2 * m_ep->GetPageBytes();
    std::vector<uint8_t> t(trailer, trailer + TRAILER_BYTES);
    m_ep->Copy(mirror + slot + data,
               m_send + data,
               Words(bytes),
               MakeSanCallback<void>([self, mirror, slot, payload, t, closeWord, seq, finished]() {
                   self->m_ep->Store(mirror + slot + payload,
                                     t.data(),
                                     TRAILER_BYTES,
                                     MakeSanCallback<void>([self, closeWord, seq, finished]() {
                                         self->m_ep->StoreWord(closeWord, seq, finished);
                                     }));
               }));
}

void
SanVmmcMessenger::Receive(ReceiveCallback done)
{
    NS_ABORT_MSG_IF(done.IsNull(), "SanVmmcMessenger::Receive: no callback");
    NS_ABORT_MSG_IF(m_ep == nullptr, "SanVmmcMessenger::Receive: Open first");
    Call([this, done]() { DoReceive(done); });
}

bool
SanVmmcMessenger::FindArrived(uint32_t& node)
{
    const uint32_t n = static_cast<uint32_t>(m_byIndex.size());
    const uint32_t payload = TrailerOffset();
    for (uint32_t k = 1; k <= n; ++k)
    {
        const uint32_t i = (m_lastServed + k) % n;
        const Peer& p = m_peers.at(m_byIndex[i]);
        if (!p.exported)
        {
            continue;
        }
        const uint32_t seq = p.received + 1;
        const uint64_t slot = InRing(p) + uint64_t((seq - 1) % m_slots) * SlotBytes();
        if (m_ep->ReadWord(slot + payload + 8) == seq)
        {
            node = p.node;
            return true;
        }
    }
    return false;
}

void
SanVmmcMessenger::DoReceive(ReceiveCallback done)
{
    Ptr<SanVmmcMessenger> self(this);
    uint32_t node = 0;
    if (m_notification == NOTIFICATION && !FindArrived(node))
    {
        // Sleep until a notification's handler finds a message.
        m_sleep = m_ep->GetCpu()->CreateWait();
        m_sleep->Begin(HostCpuWait::BLOCK, MakeSanCallback<void>([self, done]() {
                           self->m_sleep = nullptr;
                           uint32_t from = 0;
                           NS_ABORT_MSG_UNLESS(self->FindArrived(from),
                                               "SanVmmcMessenger: woken without a message");
                           self->Take(from, done);
                       }));
        return;
    }
    // The receive loop spins on every ring's next flag. The watched range (what makes the
    // simulation test again) runs from the send buffer, allocated at Open before any ring, to
    // the end of memory: it holds every ring, those of peers that connect during the wait too.
    m_ep->Poll(m_send,
               std::numeric_limits<uint64_t>::max() - m_send,
               MakeSanCallback<bool>([self]() {
                   uint32_t from = 0;
                   return self->FindArrived(from);
               }),
               MakeSanCallback<void>([self, done]() {
                   uint32_t from = 0;
                   NS_ABORT_MSG_UNLESS(self->FindArrived(from),
                                       "SanVmmcMessenger: a poll ended without a message");
                   self->Take(from, done);
               }));
}

void
SanVmmcMessenger::Notified(uint32_t /* exportId */, uint64_t /* address */)
{
    uint32_t node = 0;
    if (m_sleep != nullptr && !m_sleep->IsSignalled() && FindArrived(node))
    {
        m_sleep->SignalInHandler();
    }
}

void
SanVmmcMessenger::Take(uint32_t node, ReceiveCallback done)
{
    Peer& p = m_peers.at(node);
    const uint32_t seq = p.received + 1;
    const uint32_t payload = TrailerOffset();
    const uint64_t slot = InRing(p) + uint64_t((seq - 1) % m_slots) * SlotBytes();
    const uint32_t bytes = m_ep->ReadWord(slot + payload);
    p.freedByPeer = Later(p.freedByPeer, m_ep->ReadWord(slot + payload + 4));
    if (m_checkPayload)
    {
        std::vector<uint8_t> got(bytes);
        m_ep->GetMemory()->Read(slot + payload - Words(bytes), got.data(), bytes);
        for (uint32_t k = 0; k < bytes; ++k)
        {
            if (got[k] != Pattern(node, seq, k))
            {
                ++m_corrupt;
                NS_LOG_WARN("message " << seq << " from node " << node << ": byte " << k
                                       << " differs");
                break;
            }
        }
    }
    p.received = seq;
    m_lastServed = p.index;
    // The message is used in place: its slot is free once the receive has taken it.
    Received(done, node, bytes);
    MaybeReturnCredits(node);
}

void
SanVmmcMessenger::MaybeReturnCredits(uint32_t node)
{
    Peer& p = m_peers.at(node);
    if (p.received - p.returned < m_creditBatch)
    {
        Return();
        return;
    }
    // No message to the peer has carried them: a one-word update of its credit word.
    ++m_creditUpdates;
    p.returned = p.received;
    const uint32_t value = p.received;
    const uint32_t creditOffset = RegionBytes() - m_ep->GetPageBytes();
    Ptr<SanVmmcMessenger> self(this);
    if (m_transfer == AUTOMATIC_UPDATE)
    {
        m_ep->StoreWord(p.mirror + creditOffset, value, MakeSanCallback<void>([self]() {
                            self->Return();
                        }));
        return;
    }
    const uint64_t scratch = m_send + SlotBytes();
    const int32_t handle = p.handle;
    m_ep->StoreWord(scratch, value, MakeSanCallback<void>([self, handle, creditOffset, scratch]() {
                        self->m_ep->SendDeliberate(handle,
                                                   creditOffset,
                                                   scratch,
                                                   4,
                                                   false,
                                                   MakeSanCallback<void, bool>([self](bool ok) {
                                                       NS_ABORT_MSG_UNLESS(
                                                           ok,
                                                           "SanVmmcMessenger: a credit update "
                                                           "was refused");
                                                       self->Return();
                                                   }));
                    }));
}

uint32_t
SanVmmcMessenger::GetMinMessageBytes() const
{
    return 4; // one word: deliberate updates move whole words
}

std::string
SanVmmcMessenger::GetDescription() const
{
    return std::string("VMMC on SHRIMP (") +
           (m_transfer == DELIBERATE_UPDATE ? "deliberate" : "automatic") + " update, " +
           (m_notification == POLLING ? "polling" : "notifications") + ")";
}

Ptr<VmmcEndpoint>
SanVmmcMessenger::GetEndpoint() const
{
    return m_ep;
}

uint64_t
SanVmmcMessenger::GetNCorrupt() const
{
    return m_corrupt;
}

uint64_t
SanVmmcMessenger::GetNCreditUpdates() const
{
    return m_creditUpdates;
}

uint64_t
SanVmmcMessenger::GetNCreditWaits() const
{
    return m_creditWaits;
}

} // namespace ns3
