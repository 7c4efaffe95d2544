/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-dart-messenger.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/dart-action-queues.h"
#include "ns3/dart-context.h"
#include "ns3/dart-net-device.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/san-callback.h"
#include "ns3/san-host.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanDartMessenger");

NS_OBJECT_ENSURE_REGISTERED(SanDartWiring);
NS_OBJECT_ENSURE_REGISTERED(SanDartMessenger);

namespace
{
/// The open block's first word: the process has opened.
constexpr uint32_t OPEN_MAGIC = 0x4452544d;
/// The open block: the endpoint's first 32 bytes (magic, slots, slot bytes).
constexpr uint64_t OPEN_BLOCK = 0;
/// Bytes before the first connection's area.
constexpr uint64_t AREAS_START = 32;
/// A connection's control area: read request (+0), read reply (+32), credit word in (+64),
/// credit word out (+96).
constexpr uint64_t AREA_BYTES = 128;
constexpr uint64_t AREA_REQUEST = 0;     //!< Connect's READ descriptor
constexpr uint64_t AREA_REPLY = 32;      //!< its reply
constexpr uint64_t AREA_CREDIT_IN = 64;  //!< the peer's credit messages land here
constexpr uint64_t AREA_CREDIT_OUT = 96; //!< this process's credit messages leave from here
/// Window registers of a connection: its ring's offset (slot I), its credit word's (slot J).
constexpr uint8_t REG_RING = 0;
constexpr uint8_t REG_CREDIT = 1;
/// Tag of Connect's READ.
constexpr uint32_t OPEN_TAG = 0x4f50454e;
} // namespace

// ---- SanDartWiring -----------------------------------------------------------------------

TypeId
SanDartWiring::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanDartWiring")
                            .SetParent<Object>()
                            .SetGroupName("San")
                            .AddConstructor<SanDartWiring>();
    return tid;
}

SanDartWiring::SanDartWiring() = default;

SanDartWiring::~SanDartWiring() = default;

void
SanDartWiring::DoDispose()
{
    m_hosts.clear();
    Object::DoDispose();
}

void
SanDartWiring::Wire(const NodeContainer& hosts,
                    const std::vector<Ptr<DartContext>>& contexts,
                    uint32_t groups)
{
    NS_ABORT_MSG_IF(groups == 0, "SanDartWiring::Wire: no groups");
    NS_ABORT_MSG_IF(hosts.GetN() != contexts.size(),
                    "SanDartWiring::Wire: " << hosts.GetN() << " hosts but " << contexts.size()
                                            << " endpoints");
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Host& h = m_hosts[hosts.Get(i)->GetId()];
        NS_ABORT_MSG_IF(h.ctx != nullptr,
                        "SanDartWiring::Wire: node " << hosts.Get(i)->GetId() << " wired twice");
        h.ctx = contexts[i];
    }
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        for (uint32_t j = i + groups; j < hosts.GetN(); j += groups)
        {
            Host& a = m_hosts[hosts.Get(i)->GetId()];
            Host& b = m_hosts[hosts.Get(j)->GetId()];
            // Two registers per connection at each end, after the ones already given out.
            const DartWindow wa{2 * static_cast<uint32_t>(a.link.size()), 2};
            const DartWindow wb{2 * static_cast<uint32_t>(b.link.size()), 2};
            const auto vcis = DartNetDevice::Connect(a.ctx, b.ctx, wa, wb);
            a.link[hosts.Get(j)->GetId()] = Link{vcis.first, wa.base};
            b.link[hosts.Get(i)->GetId()] = Link{vcis.second, wb.base};
        }
    }
}

Ptr<DartContext>
SanDartWiring::GetContext(uint32_t node) const
{
    auto it = m_hosts.find(node);
    return it == m_hosts.end() ? nullptr : it->second.ctx;
}

const std::map<uint32_t, SanDartWiring::Link>&
SanDartWiring::GetLinks(uint32_t node) const
{
    auto it = m_hosts.find(node);
    return it == m_hosts.end() ? m_noLinks : it->second.link;
}

// ---- SanDartMessenger --------------------------------------------------------------------

TypeId
SanDartMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanDartMessenger")
            .SetParent<SanMessenger>()
            .SetGroupName("San")
            .AddConstructor<SanDartMessenger>()
            .AddAttribute("Wiring",
                          "The processes' endpoints and connections (a SanDartWiring made at "
                          "start-up).",
                          PointerValue(),
                          MakePointerAccessor(&SanDartMessenger::m_wiring),
                          MakePointerChecker<SanDartWiring>())
            .AddAttribute("Slots",
                          "Slots of the receive ring this process sets aside for each peer: "
                          "pieces a peer may have in flight to it.",
                          UintegerValue(DEFAULT_SLOTS),
                          MakeUintegerAccessor(&SanDartMessenger::m_slots),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            .AddAttribute("SlotBytes",
                          "Bytes of a slot (a multiple of 32, DART's block): the largest piece, "
                          "header included (at most the interface's largest message).",
                          UintegerValue(DEFAULT_SLOT_BYTES),
                          MakeUintegerAccessor(&SanDartMessenger::m_slotBytes),
                          MakeUintegerChecker<uint32_t>(64))
            .AddAttribute("MaxMessageBytes",
                          "The largest message (a larger one stops the run).",
                          UintegerValue(1 << 20),
                          MakeUintegerAccessor(&SanDartMessenger::m_maxBytes),
                          MakeUintegerChecker<uint32_t>(4))
            .AddAttribute("Notification",
                          "How the process learns that a piece arrived: POLLING (a delayable "
                          "action queue it polls) or INTERRUPT (an immediate action queue: an "
                          "interrupt and the library's handler per piece).",
                          EnumValue(POLLING),
                          MakeEnumAccessor(&SanDartMessenger::m_notification),
                          MakeEnumChecker(POLLING, "POLLING", INTERRUPT, "INTERRUPT"))
            // As SanClanMessenger's (the Tripwire paper's event server spins 15 us before it
            // returns to its loop, section 5.3). Not a cost: an entry ends the slice at once.
            .AddAttribute("PollSlice",
                          "POLLING: how long a receive spins before it gives the CPU up to the "
                          "process's other work (its queued sends), and spins again.",
                          TimeValue(MicroSeconds(15)),
                          MakeTimeAccessor(&SanDartMessenger::m_pollSlice),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("CheckPayload",
                          "Fill each payload with a pattern of the sender, the message and the "
                          "byte, and check it at the receiver (GetNCorrupt).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&SanDartMessenger::m_check),
                          MakeBooleanChecker());
    return tid;
}

SanDartMessenger::SanDartMessenger() = default;

SanDartMessenger::~SanDartMessenger()
{
    if (m_spin)
    {
        m_spin->Abandon(); // its callback points here
    }
}

void
SanDartMessenger::DoDispose()
{
    // The node disposes its devices before its applications: the device's queues (and the
    // callbacks into this messenger) are gone already; only let go.
    if (m_spin)
    {
        m_spin->Abandon(); // its callback holds this messenger
        m_spin = nullptr;
    }
    m_peers.clear();
    m_byVci.clear();
    m_ctx = nullptr;
    m_device = nullptr;
    m_wiring = nullptr;
    SanMessenger::DoDispose();
}

uint64_t
SanDartMessenger::GetEndpointBytes(uint32_t peers, uint32_t slots, uint32_t slotBytes)
{
    return AREAS_START + uint64_t{peers} * (AREA_BYTES + 2 * uint64_t{slots} * slotBytes);
}

uint64_t
SanDartMessenger::RingOf(const Peer& p) const
{
    return p.area + AREA_BYTES;
}

uint64_t
SanDartMessenger::MirrorOf(const Peer& p) const
{
    return RingOf(p) + uint64_t{m_slots} * m_slotBytes;
}

SanDartMessenger::Peer&
SanDartMessenger::PeerOf(uint32_t peer)
{
    auto it = m_peers.find(peer);
    NS_ABORT_MSG_IF(it == m_peers.end(),
                    "SanDartMessenger: node " << (GetNode() ? GetNode()->GetId() : 0)
                                              << " has no DART connection to node " << peer
                                              << " (SanDartWiring)");
    return it->second;
}

void
SanDartMessenger::Open(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(m_wiring == nullptr,
                    "SanDartMessenger::Open: no \"Wiring\" (a SanDartWiring of the hosts)");
    SetNode(node);
    m_ctx = m_wiring->GetContext(node->GetId());
    NS_ABORT_MSG_IF(m_ctx == nullptr,
                    "SanDartMessenger::Open: node " << node->GetId() << " is not wired");
    for (uint32_t i = 0; i < node->GetNDevices() && !m_device; ++i)
    {
        m_device = DynamicCast<DartNetDevice>(node->GetDevice(i));
    }
    NS_ABORT_MSG_IF(m_device == nullptr,
                    "SanDartMessenger::Open: node " << node->GetId() << " has no DART interface");
    NS_ABORT_MSG_IF(m_slotBytes % DartControl::BLOCK_BYTES != 0,
                    "SanDartMessenger::Open: \"SlotBytes\" " << m_slotBytes
                                                             << " is not a multiple of 32");
    const std::map<uint32_t, SanDartWiring::Link>& links = m_wiring->GetLinks(node->GetId());
    const uint64_t need =
        GetEndpointBytes(static_cast<uint32_t>(links.size()), m_slots, m_slotBytes);
    NS_ABORT_MSG_IF(need > m_ctx->GetSize(),
                    "SanDartMessenger::Open: node " << node->GetId() << "'s endpoint has "
                                                    << m_ctx->GetSize() << " bytes; "
                                                    << links.size() << " rings need " << need);
    m_pieceBytes = std::min(m_slotBytes, m_device->GetMaxMessageBytes());
    NS_ABORT_MSG_IF(m_pieceBytes <= HEADER_BYTES, "SanDartMessenger::Open: no room for data");

    // One action queue for every connection: a receive takes the next piece from any peer.
    m_queue = m_ctx->CreateActionQueue(m_notification == INTERRUPT,
                                       m_slots * static_cast<uint32_t>(links.size()) + 8);
    uint32_t c = 0;
    for (const auto& [peer, link] : links)
    {
        Peer& p = m_peers[peer];
        p.node = peer;
        p.vci = link.vci;
        p.windowBase = link.windowBase;
        p.area = AREAS_START + c * (AREA_BYTES + 2 * uint64_t{m_slots} * m_slotBytes);
        ++c;
        m_byVci[link.vci] = peer;
        // The hybrid deposit's destination half: where this peer's pieces and credits land.
        m_ctx->SetRegister(link.windowBase + REG_RING, static_cast<uint32_t>(RingOf(p)));
        m_ctx->SetRegister(link.windowBase + REG_CREDIT,
                           static_cast<uint32_t>(p.area + AREA_CREDIT_IN));
        // This side's conditional actions go to the process's queue (its own table entry).
        DartConnection entry = m_device->GetConnection(link.vci);
        entry.actionQueue = m_queue;
        m_device->SetConnection(link.vci, entry);
    }
    if (m_notification == INTERRUPT)
    {
        m_ctx->SetActionHandler(m_queue, MakeCallback(&SanDartMessenger::TakeActions, this));
    }
    else
    {
        // The process polls its queue: a process spinning in its receive notices an entry at
        // its next poll (Spin); one busy elsewhere finds it when it next looks, here at once.
        Ptr<SanDartMessenger> self(this);
        m_ctx->GetActionQueue(m_queue)->SetPushCallback(MakeSanCallback<void>([self]() {
            if (self->m_spin)
            {
                self->m_spin->Signal();
            }
            else
            {
                Simulator::ScheduleNow(&SanDartMessenger::TakeActions, self);
            }
        }));
    }
    // Opened: the block a connecting peer reads.
    m_ctx->WriteWord(OPEN_BLOCK + 4, m_slots);
    m_ctx->WriteWord(OPEN_BLOCK + 8, m_slotBytes);
    m_ctx->WriteWord(OPEN_BLOCK, OPEN_MAGIC);
}

void
SanDartMessenger::Connect(Ptr<Node> peer, Callback<void> connected)
{
    NS_ABORT_MSG_IF(m_ctx == nullptr, "SanDartMessenger::Connect: Open first");
    NS_ABORT_MSG_IF(peer == nullptr || peer == GetNode(),
                    "SanDartMessenger::Connect: a peer on another node");
    Peer& p = PeerOf(peer->GetId());
    NS_ABORT_MSG_IF(p.opened || !p.connected.IsNull(),
                    "SanDartMessenger::Connect: already connected to node " << peer->GetId());
    p.connected = connected;
    // A READ of the peer's open block, answered by its interface without its host.
    m_ctx->WriteWord(p.area + AREA_REQUEST, static_cast<uint32_t>(p.area + AREA_REPLY));
    m_ctx->WriteWord(p.area + AREA_REQUEST + 4, DartControl::BLOCK_BYTES);
    m_ctx->WriteWord(p.area + AREA_REQUEST + 8, OPEN_TAG);
    Ptr<SanDartMessenger> self(this);
    const uint32_t node = peer->GetId();
    m_ctx->WaitForDeposit(p.area + AREA_REPLY,
                          DartControl::BLOCK_BYTES,
                          MakeSanCallback<void>([self, node]() { self->OpenBlockRead(node); }));
    DartControl ctl;
    ctl.opcode = DartOpcode::READ;
    ctl.addressing = DartAddressing::DIRECT;
    ctl.operand = static_cast<uint32_t>(OPEN_BLOCK);
    m_ctx->Send(p.vci, ctl, static_cast<uint32_t>(p.area + AREA_REQUEST), DartControl::BLOCK_BYTES);
}

void
SanDartMessenger::OpenBlockRead(uint32_t node)
{
    if (m_ctx == nullptr)
    {
        return;
    }
    Peer& p = PeerOf(node);
    const uint64_t reply = p.area + AREA_REPLY;
    NS_ABORT_MSG_IF(m_ctx->ReadWord(reply) != OPEN_MAGIC,
                    "SanDartMessenger: node " << GetNode()->GetId() << " connected to node " << node
                                              << ", which has not opened");
    const uint32_t slots = m_ctx->ReadWord(reply + 4);
    const uint32_t slotBytes = m_ctx->ReadWord(reply + 8);
    NS_ABORT_MSG_IF(slots != m_slots || slotBytes != m_slotBytes,
                    "SanDartMessenger: node " << node << "'s rings are " << slots << " x "
                                              << slotBytes << " bytes, node " << GetNode()->GetId()
                                              << "'s " << m_slots << " x " << m_slotBytes
                                              << " (both ends must agree)");
    p.opened = true;
    m_anyUp = true;
    // The hello tells the peer's process who connected; the connection's order keeps it ahead
    // of every message.
    Outgoing hello;
    hello.kind = HELLO;
    hello.sent = p.connected;
    p.connected = Callback<void>();
    Queue(p, hello);
}

bool
SanDartMessenger::IsConnected(uint32_t peer) const
{
    auto it = m_peers.find(peer);
    return it != m_peers.end() && (it->second.opened || it->second.helloed);
}

uint32_t
SanDartMessenger::GetMinMessageBytes() const
{
    return 4; // one word: DART deposits words (its mask's unit)
}

std::string
SanDartMessenger::GetDescription() const
{
    return std::string("DART hybrid deposit into per-peer rings, ") +
           (m_notification == INTERRUPT ? "immediate" : "polled delayable") + " action queue";
}

uint64_t
SanDartMessenger::GetNCorrupt() const
{
    return m_corrupt;
}

uint64_t
SanDartMessenger::GetNCreditMessages() const
{
    return m_creditMessages;
}

uint8_t
SanDartMessenger::Pattern(uint32_t sender, uint64_t message, uint32_t at)
{
    return static_cast<uint8_t>(sender * 131 + message * 31 + at * 7 + (at >> 8));
}

void
SanDartMessenger::Send(uint32_t peer, uint32_t bytes, Callback<void> sent)
{
    NS_ABORT_MSG_IF(bytes > m_maxBytes,
                    "SanDartMessenger::Send: " << bytes << " bytes, more than \"MaxMessageBytes\" ("
                                               << m_maxBytes << ")");
    NS_ABORT_MSG_IF(bytes < GetMinMessageBytes(),
                    "SanDartMessenger::Send: a message of " << bytes << " bytes (at least "
                                                            << GetMinMessageBytes() << ")");
    NS_ABORT_MSG_IF(!IsConnected(peer),
                    "SanDartMessenger::Send: node " << (GetNode() ? GetNode()->GetId() : 0)
                                                    << " is not connected to node " << peer);
    Sending(peer, bytes);
    Outgoing o;
    o.bytes = bytes;
    o.sent = sent;
    Queue(PeerOf(peer), o);
}

void
SanDartMessenger::Queue(Peer& p, const Outgoing& o)
{
    p.queue.push_back(o);
    Pump(p);
}

void
SanDartMessenger::Pump(Peer& p)
{
    if (p.issuing || m_ctx == nullptr)
    {
        return; // one call at a time, as a single-threaded program
    }
    const bool creditDue = 2 * (p.rxPieces - p.reported) >= m_slots && p.rxPieces > p.reported;
    if (!p.queue.empty() && p.txPieces - p.credits >= m_slots)
    {
        WatchCredit(p); // out of slots: poll the credit word (or find a credit there)
    }
    const bool slotFree = p.txPieces - p.credits < m_slots;
    const uint32_t node = p.node;
    Ptr<SanDartMessenger> self(this);
    if (creditDue && (p.queue.empty() || !slotFree))
    {
        // Half the ring is free and no piece goes back soon: a one-cell credit message into
        // the peer's credit word (INDEXED through its register J).
        m_ctx->WriteWord(p.area + AREA_CREDIT_OUT, static_cast<uint32_t>(p.rxPieces));
        p.reported = p.rxPieces;
        ++m_creditMessages;
        DartControl ctl;
        ctl.opcode = DartOpcode::WRITE;
        ctl.addressing = DartAddressing::INDEXED;
        ctl.index[0] = REG_CREDIT;
        ctl.operand = 0;
        ctl.mask = 0x1;
        BeginIssue(p);
        m_ctx->Send(
            p.vci,
            ctl,
            static_cast<uint32_t>(p.area + AREA_CREDIT_OUT),
            4,
            MakeSanCallback<void>([self, node]() { self->IssueReturned(node, Callback<void>()); }));
        return;
    }
    if (p.queue.empty() || !slotFree)
    {
        return;
    }
    Outgoing& o = p.queue.front();
    if (!o.started)
    {
        o.started = true;
        if (o.kind == DATA)
        {
            ++p.txMessages;
        }
    }
    const uint32_t payload = std::min(o.bytes - o.done, m_pieceBytes - HEADER_BYTES);
    const uint32_t slot = static_cast<uint32_t>(p.txPieces % m_slots);
    const uint64_t src = MirrorOf(p) + uint64_t{slot} * m_slotBytes;
    // The header (big-endian words): kind, message bytes, this piece's payload, and the slots
    // freed in the other direction (the credits this piece carries back).
    m_ctx->WriteWord(src, o.kind);
    m_ctx->WriteWord(src + 4, o.bytes);
    m_ctx->WriteWord(src + 8, payload);
    m_ctx->WriteWord(src + 12, static_cast<uint32_t>(p.rxPieces));
    p.reported = p.rxPieces;
    if (m_check && payload > 0)
    {
        std::vector<uint8_t> data(payload);
        for (uint32_t i = 0; i < payload; ++i)
        {
            data[i] = Pattern(GetNode()->GetId(), p.txMessages - 1, o.done + i);
        }
        m_ctx->Write(src + HEADER_BYTES, data.data(), payload);
    }
    const uint32_t size = HEADER_BYTES + payload;
    DartControl ctl;
    ctl.opcode = size > DartControl::BLOCK_BYTES ? DartOpcode::WRITE_MULTIPLE : DartOpcode::WRITE;
    // The hybrid deposit: the receiver's ring for this connection (its register I) plus the
    // slot the sender chose (the operand).
    ctl.addressing = DartAddressing::INDEXED;
    ctl.index[0] = REG_RING;
    ctl.operand = slot * m_slotBytes;
    if (size <= DartControl::BLOCK_BYTES)
    {
        ctl.mask = static_cast<uint8_t>((1u << ((size + 3) / 4)) - 1);
    }
    // A conditional that always holds: the receiver's interface posts an action (connection,
    // effective address) to the process's queue at the end of the piece.
    ctl.cond = DartCondition{DartCompare::GE, DART_REG_I, DART_REG_I};
    o.done += payload;
    ++p.txPieces;
    Callback<void> sent;
    if (o.done == o.bytes)
    {
        sent = o.sent;
        p.queue.pop_front();
    }
    BeginIssue(p);
    m_ctx->Send(p.vci,
                ctl,
                static_cast<uint32_t>(src),
                size,
                MakeSanCallback<void>([self, node, sent]() { self->IssueReturned(node, sent); }));
}

void
SanDartMessenger::BeginIssue(Peer& p)
{
    p.issuing = true;
    ++m_inSend;
    // A single-threaded program is in its send call, not spinning in a receive: the spin
    // gives the CPU up (at its next poll) to the send's work.
    if (m_spin)
    {
        m_spin->Signal();
    }
}

void
SanDartMessenger::IssueReturned(uint32_t node, Callback<void> sent)
{
    if (m_ctx == nullptr)
    {
        return;
    }
    PeerOf(node).issuing = false;
    --m_inSend;
    if (!sent.IsNull())
    {
        sent();
    }
    Pump(PeerOf(node));
    Spin(); // back in the receive, if one waits
}

void
SanDartMessenger::WatchCredit(Peer& p)
{
    const uint32_t word = m_ctx->ReadWord(p.area + AREA_CREDIT_IN);
    if (word > p.credits)
    {
        p.credits = word; // a credit message came meanwhile
        return;
    }
    if (p.watchingCredit)
    {
        return;
    }
    p.watchingCredit = true;
    Ptr<SanDartMessenger> self(this);
    const uint32_t node = p.node;
    m_ctx->WaitForDeposit(p.area + AREA_CREDIT_IN, 4, MakeSanCallback<void>([self, node]() {
                              if (self->m_ctx == nullptr)
                              {
                                  return;
                              }
                              Peer& q = self->PeerOf(node);
                              q.watchingCredit = false;
                              q.credits = std::max<uint64_t>(
                                  q.credits,
                                  self->m_ctx->ReadWord(q.area + AREA_CREDIT_IN));
                              self->Pump(q);
                          }));
}

void
SanDartMessenger::Receive(ReceiveCallback done)
{
    SanMessenger::Receive(done);
    Spin();
}

void
SanDartMessenger::Spin()
{
    if (m_notification != POLLING || m_ctx == nullptr || m_spin || !IsReceivePosted())
    {
        return;
    }
    // Nothing to spin on before a connection is up (the process is still setting up: its
    // connects' work needs the CPU): the first piece is taken when it comes, without it. A
    // send call under way comes first (IssueReturned spins after it).
    if (!m_anyUp || m_inSend > 0)
    {
        return;
    }
    Ptr<SanHost> host = GetNode()->GetObject<SanHost>();
    NS_ABORT_MSG_IF(host == nullptr,
                    "SanDartMessenger: node " << GetNode()->GetId() << " has no SanHost");
    m_spin = host->GetCpu()->CreateWait();
    Ptr<HostCpuWait> spin = m_spin;
    const EventId sliceEnd = Simulator::Schedule(m_pollSlice, [spin]() { spin->Signal(); });
    // A raw pointer: the wait is this messenger's own (a Ptr would make a cycle that outlives
    // a messenger nobody disposes); it is abandoned when the messenger goes.
    SanDartMessenger* self = this;
    m_spin->Begin(HostCpuWait::POLL, MakeSanCallback<void>([self, sliceEnd]() {
                      Simulator::Cancel(sliceEnd);
                      Ptr<SanDartMessenger> keep(self); // alive while it runs
                      self->m_spin = nullptr;
                      self->TakeActions();
                      // A piece of a longer message, or the slice's end: the receive still
                      // waits (after the process's other work, queued for the CPU meanwhile).
                      self->Spin();
                  }));
}

void
SanDartMessenger::TakeActions()
{
    if (m_ctx == nullptr || m_taking)
    {
        return;
    }
    m_taking = true;
    Ptr<SanEventQueue> ring = m_ctx->GetActionQueue(m_queue);
    uint8_t entry[DartAction::BYTES];
    while (m_ctx != nullptr && ring->Pop(entry))
    {
        const DartAction a = DartAction::Decode(entry);
        NS_ABORT_MSG_IF(a.kind != DartAction::CONDITION,
                        "SanDartMessenger: node " << GetNode()->GetId()
                                                  << " got a software exception on VCI " << a.vci);
        PieceArrived(a.vci, a.value);
    }
    m_taking = false;
}

void
SanDartMessenger::PieceArrived(uint16_t vci, uint32_t address)
{
    auto it = m_byVci.find(vci);
    NS_ABORT_MSG_IF(it == m_byVci.end(),
                    "SanDartMessenger: node " << GetNode()->GetId() << ": an action on VCI " << vci
                                              << ", which is no peer's");
    const uint32_t node = it->second;
    Peer& p = PeerOf(node);
    const uint64_t slot = RingOf(p) + (p.rxPieces % m_slots) * m_slotBytes;
    NS_ABORT_MSG_IF(address != slot,
                    "SanDartMessenger: node " << GetNode()->GetId() << ": a piece from node "
                                              << node << " at " << address << ", not " << slot);
    const uint32_t kind = m_ctx->ReadWord(slot);
    const uint32_t total = m_ctx->ReadWord(slot + 4);
    const uint32_t payload = m_ctx->ReadWord(slot + 8);
    const uint32_t credits = m_ctx->ReadWord(slot + 12);
    NS_ABORT_MSG_IF((kind != DATA && kind != HELLO) || payload > m_slotBytes - HEADER_BYTES,
                    "SanDartMessenger: node " << GetNode()->GetId()
                                              << ": a malformed piece from node " << node);
    p.credits = std::max<uint64_t>(p.credits, credits);
    ++p.rxPieces; // taken: its slot is free again
    if (kind == HELLO)
    {
        p.helloed = true;
        m_anyUp = true;
    }
    else
    {
        if (m_check)
        {
            std::vector<uint8_t> data(payload);
            m_ctx->Read(slot + HEADER_BYTES, data.data(), payload);
            for (uint32_t i = 0; i < payload; ++i)
            {
                if (data[i] != Pattern(node, p.rxMessages, p.rxSoFar + i))
                {
                    ++m_corrupt;
                    break;
                }
            }
        }
        p.rxSoFar += payload;
        if (p.rxSoFar == total)
        {
            p.rxSoFar = 0;
            ++p.rxMessages;
            Delivered(node, total);
        }
    }
    if (m_ctx != nullptr)
    {
        Pump(PeerOf(node)); // credits came, or are due
    }
}

} // namespace ns3
