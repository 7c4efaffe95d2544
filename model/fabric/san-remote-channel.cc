/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-remote-channel.h"

#include "san-fabric-packet.h"
#include "san-fabric.h"
#include "san-port.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#include "ns3/mpi-receiver.h"
#endif

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanRemoteChannel");

NS_OBJECT_ENSURE_REGISTERED(SanRemoteChannel);

namespace
{
#ifdef NS3_MPI
/**
 * The messages of the current time for one rank, not yet handed to MPI: one ns-3 packet
 * carries them all (records of the receiving port's node and interface, a length and the
 * encoded message), addressed to the first one's port, one lead (the smallest of them) ahead.
 */
struct Batch
{
    std::vector<uint8_t> bytes; //!< the records
    uint32_t node{0};           //!< the first record's receiving node
    uint32_t device{0};         //!< the device it is addressed to (the node's first)
    int64_t first{0};           //!< the first record's delivery time (time steps)
    int64_t last{0};            //!< the last record's delivery time (time steps)
};

/// Batches per rank, and whether a flush is scheduled.
struct Outbox
{
    std::vector<Batch> batches;   //!< by rank
    std::vector<uint32_t> active; //!< ranks with records
    bool scheduled{false};        //!< a flush event is pending
    uint64_t packets{0};          //!< MPI packets sent
    int64_t window{0};            //!< batch window (time steps; 0: one time per batch)
};

Outbox&
GetOutbox()
{
    static Outbox outbox;
    return outbox;
}

#endif

/// Bytes of a record's head: the link's number (SanFabric::AddCutLink), the length and the
/// delivery time (send time plus the link's lead, in time steps).
constexpr uint32_t RECORD_HEAD_BYTES = 14;

/**
 * Writes trivially copyable values into a byte vector sized once for the largest message it
 * may write (no growth per field); Finish cuts it to what was written.
 */
class Writer
{
  public:
    Writer(std::vector<uint8_t>& out, size_t capacity)
        : m_out(out)
    {
        m_out.resize(capacity);
    }

    template <typename T>
    void Put(const T& v)
    {
        static_assert(std::is_trivially_copyable<T>::value, "raw bytes only");
        PutBytes(reinterpret_cast<const uint8_t*>(&v), sizeof(T));
    }

    void PutBytes(const uint8_t* data, size_t n)
    {
        NS_ABORT_MSG_IF(m_pos + n > m_out.size(), "SanRemoteChannel: encoding overflows");
        std::memcpy(m_out.data() + m_pos, data, n);
        m_pos += n;
    }

    /// \return where the next byte goes
    uint8_t* Here()
    {
        return m_out.data() + m_pos;
    }

    /// \param n bytes written through Here()
    void Skip(size_t n)
    {
        m_pos += n;
    }

    void Finish()
    {
        m_out.resize(m_pos);
    }

  private:
    std::vector<uint8_t>& m_out; //!< destination
    size_t m_pos{0};             //!< written so far
};

/// Bytes of a message without its source route and payload, with room to spare.
constexpr size_t FIXED_MESSAGE_BYTES = 192;

/// Reads what Writer wrote, refusing to read past the end.
class Reader
{
  public:
    Reader(const uint8_t* data, uint32_t size)
        : m_data(data),
          m_size(size)
    {
    }

    template <typename T>
    T Get()
    {
        T v;
        NS_ABORT_MSG_IF(m_pos + sizeof(T) > m_size,
                        "SanRemoteChannel: a message of " << m_size << " bytes ends early");
        std::memcpy(&v, m_data + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }

    const uint8_t* Take(uint32_t n)
    {
        NS_ABORT_MSG_IF(m_pos + n > m_size,
                        "SanRemoteChannel: a message of " << m_size << " bytes ends early");
        const uint8_t* p = m_data + m_pos;
        m_pos += n;
        return p;
    }

    uint32_t Left() const
    {
        return m_size - m_pos;
    }

  private:
    const uint8_t* m_data; //!< the bytes
    uint32_t m_size;       //!< their number
    uint32_t m_pos{0};     //!< read so far
};
} // namespace

TypeId
SanRemoteChannel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SanRemoteChannel")
                            .SetParent<SanChannel>()
                            .SetGroupName("San")
                            .AddConstructor<SanRemoteChannel>();
    return tid;
}

SanRemoteChannel::SanRemoteChannel() = default;

SanRemoteChannel::~SanRemoteChannel() = default;

std::string
SanRemoteChannel::LinkName() const
{
    std::string a = GetPort(0) != nullptr ? GetPort(0)->GetPortName() : "?";
    std::string b = GetPort(1) != nullptr ? GetPort(1)->GetPortName() : "?";
    return a + " <-> " + b;
}

void
SanRemoteChannel::SetupReceivers()
{
    NS_ABORT_MSG_IF(GetPort(0) == nullptr || GetPort(1) == nullptr,
                    "SanRemoteChannel::SetupReceivers: attach both ends first");
    m_fabric = PeekPointer(GetPort(0)->GetFabric());
    m_index = m_fabric->AddCutLink(this);
    const int64_t delay = GetDelay().GetTimeStep();
    m_leadSteps = delay;
    const uint32_t shortest = m_fabric->GetMinPacketSize();
    if (shortest > 0 && GetFlowControl() == CREDITS)
    {
        // Either way: a packet takes effect a Delay and its arrival lead after it is sent, a
        // credit its end's credit lead after. (An Xon/Xoff link counts a packet in its buffer
        // from its head's arrival, and its symbols take effect one Delay after they are sent:
        // no lead beyond the Delay there.) Below the Delay, credits would arrive late: the
        // Delay stays, and CheckCrossable names the link.
        const int64_t packets = delay + std::min(GetPort(0)->GetArrivalLeadSteps(shortest),
                                                 GetPort(1)->GetArrivalLeadSteps(shortest));
        const int64_t credits = std::min(GetPort(0)->GetCreditLeadSteps(shortest),
                                         GetPort(1)->GetCreditLeadSteps(shortest));
        m_leadSteps = std::max(delay, std::min(packets, credits));
    }
    for (uint8_t end = 0; end < 2; ++end)
    {
        m_nodeId[end] = NodeList::GetNode(GetPort(end)->GetNodeId())->GetId();
        m_rank[end] = NodeList::GetNode(GetPort(end)->GetNodeId())->GetSystemId();
    }
#ifdef NS3_MPI
    if (!MpiInterface::IsEnabled())
    {
        return;
    }
    for (uint8_t end = 0; end < 2; ++end)
    {
        m_remoteEnd[end] = m_rank[end] != MpiInterface::GetSystemId();
    }
    for (uint8_t end = 0; end < 2; ++end)
    {
        // ns-3's receive path finds the receiver by walking the node's devices to the one
        // addressed: batches are addressed to the node's first device, found at once (any
        // receiver of the fabric can take a batch: its records name their links).
        Ptr<NetDevice> first = NodeList::GetNode(GetPort(end)->GetNodeId())->GetDevice(0);
        if (m_remoteEnd[end] || first->GetObject<MpiReceiver>() != nullptr)
        {
            continue;
        }
        Ptr<MpiReceiver> receiver = CreateObject<MpiReceiver>();
        receiver->SetReceiveCallback(MakeCallback(&SanRemoteChannel::ReceiveRemote, this));
        first->AggregateObject(receiver);
    }
#endif
}

Time
SanRemoteChannel::GetLead() const
{
    return TimeStep(m_leadSteps);
}

bool
SanRemoteChannel::HasOwnLookahead() const
{
    return m_leadSteps > GetDelay().GetTimeStep();
}

void
SanRemoteChannel::CheckCrossable(const SanLinkMessage& msg, int64_t now) const
{
    const int64_t earliest = now + m_leadSteps;
    int64_t effect = 0;
    switch (msg.kind)
    {
    case SanLinkMessage::PACKET:
    case SanLinkMessage::XPACKET: {
        const SanFabricPacket* p = msg.packet;
        NS_ABORT_MSG_IF(p->wormhole,
                        "SanRemoteChannel " << LinkName()
                                            << ": a wormhole packet longer than a buffer ("
                                            << p->bytes
                                            << " bytes) cannot cross a cut link: its worm holds "
                                               "slots upstream; use VirtualCutThrough or "
                                               "StoreAndForward, or larger buffers");
        NS_ABORT_MSG_IF(p->GetParent() != nullptr,
                        "SanRemoteChannel " << LinkName()
                                            << ": Cell mode cannot be partitioned (a cell "
                                               "points at its source's reassembly record)");
        NS_ABORT_MSG_IF(p->HoldsSlots(),
                        "SanRemoteChannel " << LinkName()
                                            << ": a packet holding upstream slots (coalesced "
                                               "pieces of a split burst) cannot cross a cut");
        // Its head arrives a Delay after it is sent, or later. The rest of the lead is the
        // receiving end's GetArrivalLeadSteps for MinPacketSize at most, which grows with the
        // size: it holds for any packet no shorter.
        NS_ABORT_MSG_IF(m_leadSteps > GetDelay().GetTimeStep() &&
                            p->bytes < m_fabric->GetMinPacketSize(),
                        "SanRemoteChannel " << LinkName() << ": a packet of " << p->bytes
                                            << " bytes crosses, shorter than the fabric's "
                                               "MinPacketSize ("
                                            << m_fabric->GetMinPacketSize()
                                            << "), on which the link's lookahead counts (a "
                                               "split piece?); lower MinPacketSize (0 promises "
                                               "nothing)");
        effect = msg.headTs + (m_leadSteps - GetDelay().GetTimeStep());
        break;
    }
    case SanLinkMessage::CREDIT:
        NS_ABORT_MSG_IF(msg.releaseTs == SanPort::HELD,
                        "SanRemoteChannel " << LinkName()
                                            << ": a blocked wormhole packet holds a slot across "
                                               "a cut link; worms must not span ranks");
        effect = msg.releaseTs;
        break;
    default:
        effect = msg.releaseTs;
        break;
    }
    NS_ABORT_MSG_IF(effect < earliest,
                    "SanRemoteChannel "
                        << LinkName() << ": a message takes effect at time step " << effect
                        << ", sooner than the link's lead (" << m_leadSteps
                        << " steps) after it is sent at " << now
                        << "; the lead is the cut link's lookahead: its Delay or, given the "
                           "fabric's MinPacketSize ("
                        << m_fabric->GetMinPacketSize()
                        << " bytes), the least time before a packet or its credit takes effect. "
                           "A credit is sent as the packet that frees its slot leaves, and takes "
                           "effect as its tail has left: lower Delay below the shortest packet's "
                           "serialization, or lower MinPacketSize");
}

void
SanRemoteChannel::Encode(const SanLinkMessage& msg, std::vector<uint8_t>& out) const
{
    const bool isPacket = msg.kind == SanLinkMessage::PACKET || msg.kind == SanLinkMessage::XPACKET;
    const SanFabricPacket* pk = isPacket ? msg.packet : nullptr;
    const uint32_t payloadBytes =
        pk != nullptr && pk->PeekPayload() != nullptr ? pk->PeekPayload()->GetSerializedSize() : 0;
    // What only some packets carry (their extra record) travels as zeros for the others.
    static const SanFabricPacketExtra none{};
    const SanFabricPacketExtra& e =
        pk != nullptr && pk->PeekExtra() != nullptr ? *pk->PeekExtra() : none;
    Writer w(out, FIXED_MESSAGE_BYTES + e.routeLen + payloadBytes);
    w.Put(static_cast<uint8_t>(msg.kind));
    w.Put(msg.from);
    w.Put(msg.slot);
    w.Put(msg.headTs);
    w.Put(msg.tailTs);
    w.Put(msg.releaseTs);
    if (!isPacket)
    {
        w.Finish();
        return;
    }
    const SanFabricPacket& p = *msg.packet;
    w.Put(p.uid);
    w.Put(p.src);
    w.Put(p.dst);
    w.Put(p.dstSwitch);
    w.Put(p.bytes);
    w.Put(uint64_t{p.seq}); // the wire keeps its earlier widths
    w.Put(p.GetTag());
    w.Put(p.createdTs);
    w.Put(p.injectedTs);
    w.Put(p.readyTs);
    w.Put(p.tailTs);
    w.Put(uint32_t{p.hops});
    w.Put(p.intermediate);
    w.Put(p.phase);
    w.Put(p.dim);
    w.Put(static_cast<uint8_t>(p.dateline));
    w.Put(static_cast<uint8_t>(p.escaped));
    w.Put(e.routeLen);
    w.Put(e.routeIdx);
    w.Put(p.waitMask);
    w.Put(uint32_t{p.holdSlot});
    w.Put(static_cast<uint8_t>(p.splittable));
    w.Put(e.splitHeader);
    w.Put(e.cellsLeft);
    w.Put(e.burstOffset);
    w.Put(e.burstBytes);
    w.Put(static_cast<uint8_t>(p.holdPort != nullptr));
    if (e.routeLen > 0)
    {
        w.PutBytes(e.route, e.routeLen);
    }
    w.Put(payloadBytes);
    if (payloadBytes > 0)
    {
        NS_ABORT_MSG_IF(p.PeekPayload()->Serialize(w.Here(), payloadBytes) == 0,
                        "SanRemoteChannel " << LinkName() << ": packet " << p.uid
                                            << ": its payload could not be serialized");
        w.Skip(payloadBytes);
    }
    w.Finish();
}

void
SanRemoteChannel::DecodeAndDeliver(const uint8_t* data, uint32_t size)
{
    Reader r(data, size);
    SanLinkMessage msg{};
    msg.kind = static_cast<SanLinkMessage::Kind>(r.Get<uint8_t>());
    msg.from = r.Get<uint8_t>();
    msg.slot = r.Get<uint32_t>();
    msg.headTs = r.Get<int64_t>();
    msg.tailTs = r.Get<int64_t>();
    msg.releaseTs = r.Get<int64_t>();
    NS_ABORT_MSG_IF(msg.from > 1 || msg.kind > SanLinkMessage::XON,
                    "SanRemoteChannel " << LinkName() << ": a malformed message arrived");
    if (msg.kind == SanLinkMessage::PACKET || msg.kind == SanLinkMessage::XPACKET)
    {
        SanFabricPacket* p = SanFabricPacket::Allocate();
        p->uid = r.Get<uint64_t>();
        p->src = r.Get<uint32_t>();
        p->dst = r.Get<uint32_t>();
        p->dstSwitch = r.Get<uint32_t>();
        p->bytes = r.Get<uint32_t>();
        p->seq = static_cast<uint32_t>(r.Get<uint64_t>());
        p->SetTag(r.Get<uint64_t>());
        p->createdTs = r.Get<int64_t>();
        p->injectedTs = r.Get<int64_t>();
        p->readyTs = r.Get<int64_t>();
        p->tailTs = r.Get<int64_t>();
        p->hops = static_cast<uint16_t>(r.Get<uint32_t>());
        p->intermediate = r.Get<uint32_t>();
        p->phase = r.Get<uint8_t>();
        p->dim = r.Get<uint8_t>();
        p->dateline = r.Get<uint8_t>() != 0 ? 1 : 0;
        p->escaped = r.Get<uint8_t>() != 0 ? 1 : 0;
        const auto routeLen = r.Get<uint8_t>();
        const auto routeIdx = r.Get<uint8_t>();
        p->waitMask = r.Get<uint8_t>();
        p->holdSlot = static_cast<uint16_t>(r.Get<uint32_t>());
        p->splittable = r.Get<uint8_t>() != 0 ? 1 : 0;
        const auto splitHeader = r.Get<uint16_t>();
        const auto cellsLeft = r.Get<uint32_t>();
        const auto burstOffset = r.Get<uint32_t>();
        const auto burstBytes = r.Get<uint32_t>();
        const bool holds = r.Get<uint8_t>() != 0;
        NS_ABORT_MSG_IF(routeLen > SanFabricPacket::MAX_ROUTE,
                        "SanRemoteChannel " << LinkName() << ": a malformed source route");
        if (routeLen != 0 || routeIdx != 0 || splitHeader != 0 || cellsLeft != 0 ||
            burstOffset != 0 || burstBytes != 0 || p->splittable)
        {
            SanFabricPacketExtra& e = p->Extra();
            e.routeLen = routeLen;
            e.routeIdx = routeIdx;
            e.splitHeader = splitHeader;
            e.cellsLeft = cellsLeft;
            e.burstOffset = burstOffset;
            e.burstBytes = burstBytes;
            std::memcpy(e.route, r.Take(routeLen), routeLen);
        }
        const auto payloadBytes = r.Get<uint32_t>();
        if (payloadBytes > 0)
        {
            p->SetPayload(Create<Packet>(r.Take(payloadBytes), payloadBytes, true));
        }
        // The slot the head occupies is in the credit table of this link's sending end: its
        // copy on this rank, through which the credit will travel back.
        p->holdPort = holds ? GetPort(msg.from) : nullptr;
        msg.packet = p;
    }
    NS_ABORT_MSG_IF(r.Left() != 0,
                    "SanRemoteChannel " << LinkName() << ": a message has " << r.Left()
                                        << " bytes too many");
    Deliver(msg);
}

void
SanRemoteChannel::Transmit(const SanLinkMessage& msg)
{
    NS_ABORT_MSG_IF(m_leadSteps < 0,
                    "SanRemoteChannel " << LinkName() << ": SetupReceivers has not run");
    const int64_t now = Simulator::Now().GetTimeStep();
    CheckCrossable(msg, now);
    const uint8_t toEnd = msg.from ^ 1;
    // Encoded into one buffer reused message after message (no allocation per message on the
    // MPI path; the local path keeps a copy in its event).
    static std::vector<uint8_t> bytes;
    Encode(msg, bytes);
    const bool isPacket = msg.kind == SanLinkMessage::PACKET || msg.kind == SanLinkMessage::XPACKET;
    if (isPacket)
    {
        // The receiving side decodes its own descriptor; this one is done with.
        SanFabricPacket::Free(msg.packet);
    }
#ifdef NS3_MPI
    if (m_remoteEnd[toEnd])
    {
        NS_ABORT_MSG_IF(
            bytes.size() + RECORD_HEAD_BYTES + MPI_HEADER_BYTES + PACKET_OVERHEAD_BYTES >
                MAX_MESSAGE_BYTES,
            "SanRemoteChannel " << LinkName() << ": a message of " << bytes.size()
                                << " bytes exceeds ns-3's MPI message size (" << MAX_MESSAGE_BYTES
                                << " with its " << MPI_HEADER_BYTES << "-byte header)");
        ++m_remote;
        Outbox& outbox = GetOutbox();
        const uint32_t rank = m_rank[toEnd];
        if (outbox.batches.size() <= rank)
        {
            outbox.batches.resize(rank + 1);
        }
        Batch* batch = &outbox.batches[rank];
        const uint32_t limit = MAX_MESSAGE_BYTES - MPI_HEADER_BYTES - PACKET_OVERHEAD_BYTES;
        const int64_t delivery = now + m_leadSteps;
        // A batch's records stay in the order of their delivery times, as the batch is handed
        // over at its first one's: one due sooner than the last (links of different leads)
        // starts a new batch.
        if (!batch->bytes.empty() &&
            (batch->bytes.size() + RECORD_HEAD_BYTES + bytes.size() > limit ||
             delivery < batch->last))
        {
            // These messages take two packets. Per time, a pending event keeps the first
            // one's null-message promise (see FlushOutbox) from excluding the second.
            if (outbox.window == 0)
            {
                Simulator::ScheduleNow(&SanRemoteChannel::KeepPromises);
            }
            SendBatch(rank);
        }
        if (batch->bytes.empty())
        {
            outbox.active.push_back(rank);
            batch->node = m_nodeId[toEnd];
            batch->device = 0; // its node's first device (SetupReceivers)
            batch->first = delivery;
        }
        batch->last = delivery;
        const size_t at = batch->bytes.size();
        const auto length = static_cast<uint16_t>(bytes.size());
        batch->bytes.resize(at + RECORD_HEAD_BYTES + length);
        uint8_t* w = batch->bytes.data() + at;
        std::memcpy(w, &m_index, 4);
        std::memcpy(w + 4, &length, 2);
        std::memcpy(w + 6, &delivery, 8);
        std::memcpy(w + RECORD_HEAD_BYTES, bytes.data(), length);
        if (!outbox.scheduled)
        {
            outbox.scheduled = true;
            // Per time, or at the end of this batch window (SetBatchWindow).
            const int64_t wait =
                outbox.window == 0 ? 0 : (now / outbox.window + 1) * outbox.window - now;
            Simulator::Schedule(TimeStep(wait), &SanRemoteChannel::FlushOutbox);
        }
        return;
    }
#endif
    ++m_local;
    Simulator::ScheduleWithContext(m_nodeId[toEnd],
                                   TimeStep(m_leadSteps),
                                   &SanRemoteChannel::DeliverLocal,
                                   this,
                                   std::vector<uint8_t>(bytes));
}

void
SanRemoteChannel::FlushOutbox()
{
#ifdef NS3_MPI
    Outbox& outbox = GetOutbox();
    outbox.scheduled = false;
    // The null-message engine stamps every packet with a promise to its receiver: nothing more
    // from this rank before (next pending event + lookahead). One packet per rank and time
    // keeps it; a rank whose messages of this time take two packets (Transmit) left an event
    // pending now, which holds each promise to (now + lookahead).
    for (uint32_t rank : outbox.active)
    {
        if (!outbox.batches[rank].bytes.empty())
        {
            SendBatch(rank);
        }
    }
    outbox.active.clear();
#endif
}

void
SanRemoteChannel::SendBatch(uint32_t rank)
{
#ifdef NS3_MPI
    Batch& batch = GetOutbox().batches[rank];
    ++GetOutbox().packets;
    MpiInterface::SendPacket(
        Create<Packet>(batch.bytes.data(), static_cast<uint32_t>(batch.bytes.size())),
        TimeStep(batch.first),
        batch.node,
        batch.device);
    batch.bytes.clear();
#else
    (void)rank;
#endif
}

void
SanRemoteChannel::KeepPromises()
{
}

void
SanRemoteChannel::DeliverLocal(std::vector<uint8_t> bytes)
{
    DecodeAndDeliver(bytes.data(), static_cast<uint32_t>(bytes.size()));
}

void
SanRemoteChannel::ReceiveRemote(Ptr<Packet> packet)
{
    // One packet holds messages from one rank for any of this rank's cut links: each record
    // names its receiving port's link, whose channel decodes and delivers it.
    const uint32_t size = packet->GetSize();
    static std::vector<uint8_t> bytes;
    bytes.resize(size);
    packet->CopyData(bytes.data(), size);
    const int64_t now = Simulator::Now().GetTimeStep();
    Reader r(bytes.data(), size);
    while (r.Left() > 0)
    {
        const auto index = r.Get<uint32_t>();
        const auto length = r.Get<uint16_t>();
        const auto delivery = r.Get<int64_t>();
        NS_ABORT_MSG_IF(delivery < now,
                        "SanRemoteChannel: a message for cut link "
                            << index << " due at " << delivery << " arrived at " << now);
        const uint8_t* record = r.Take(length);
        SanRemoteChannel* channel = m_fabric->GetCutLink(index);
        NS_ABORT_MSG_IF(channel == nullptr,
                        "SanRemoteChannel: a message for cut link " << index
                                                                    << ", which this "
                                                                       "rank does not have");
        channel->DecodeAndDeliver(record, length);
    }
}

void
SanRemoteChannel::SetBatchWindow(Time window)
{
#ifdef NS3_MPI
    NS_ABORT_MSG_IF(window.IsStrictlyNegative(), "SanRemoteChannel::SetBatchWindow: negative");
    GetOutbox().window = window.GetTimeStep();
#else
    (void)window;
#endif
}

Time
SanRemoteChannel::GetBatchWindow()
{
#ifdef NS3_MPI
    return TimeStep(GetOutbox().window);
#else
    return Time(0);
#endif
}

uint64_t
SanRemoteChannel::GetRemoteMessages() const
{
    return m_remote;
}

uint64_t
SanRemoteChannel::GetPacketsSent()
{
#ifdef NS3_MPI
    return GetOutbox().packets;
#else
    return 0;
#endif
}

uint64_t
SanRemoteChannel::GetLocalMessages() const
{
    return m_local;
}

} // namespace ns3
