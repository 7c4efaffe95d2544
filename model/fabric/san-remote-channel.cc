/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-remote-channel.h"

#include "san-fabric-packet.h"
#include "san-port-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#include "ns3/mpi-receiver.h"
#endif

#include <cstring>
#include <type_traits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanRemoteChannel");

NS_OBJECT_ENSURE_REGISTERED(SanRemoteChannel);

namespace
{
#ifdef NS3_MPI
/// A message waiting for SanRemoteChannel::FlushOutbox.
struct OutgoingMessage
{
    Ptr<Packet> packet; //!< the encoded message
    Time rxTime;        //!< when it reaches the far end
    uint32_t node;      //!< the far end's node
    uint32_t device;    //!< the far end's interface index
};

/// Messages of the current time not yet handed to MPI, and whether a flush is scheduled.
struct Outbox
{
    std::vector<OutgoingMessage> messages; //!< waiting
    bool scheduled{false};                 //!< a flush event is pending
};

Outbox&
GetOutbox()
{
    static Outbox outbox;
    return outbox;
}
#endif

/// Appends trivially copyable values to a byte vector.
class Writer
{
  public:
    explicit Writer(std::vector<uint8_t>& out)
        : m_out(out)
    {
    }

    template <typename T>
    void Put(const T& v)
    {
        static_assert(std::is_trivially_copyable<T>::value, "raw bytes only");
        const auto* b = reinterpret_cast<const uint8_t*>(&v);
        m_out.insert(m_out.end(), b, b + sizeof(T));
    }

    void PutBytes(const uint8_t* data, uint32_t n)
    {
        m_out.insert(m_out.end(), data, data + n);
    }

  private:
    std::vector<uint8_t>& m_out; //!< destination
};

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
#ifdef NS3_MPI
    if (!MpiInterface::IsEnabled())
    {
        return;
    }
    for (uint8_t end = 0; end < 2; ++end)
    {
        SanPortDevice* dev = GetPort(end);
        if (dev->GetNode()->GetSystemId() != MpiInterface::GetSystemId() ||
            dev->GetObject<MpiReceiver>() != nullptr)
        {
            continue;
        }
        Ptr<MpiReceiver> receiver = CreateObject<MpiReceiver>();
        receiver->SetReceiveCallback(MakeCallback(&SanRemoteChannel::ReceiveRemote, this));
        dev->AggregateObject(receiver);
    }
#endif
}

void
SanRemoteChannel::CheckCrossable(const SanLinkMessage& msg, int64_t now) const
{
    const int64_t earliest = now + GetDelay().GetTimeStep();
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
        NS_ABORT_MSG_IF(p->parent != nullptr,
                        "SanRemoteChannel " << LinkName()
                                            << ": Cell mode cannot be partitioned (a cell "
                                               "points at its source's reassembly record)");
        NS_ABORT_MSG_IF(!p->held.empty(),
                        "SanRemoteChannel " << LinkName()
                                            << ": a packet holding upstream slots (coalesced "
                                               "pieces of a split burst) cannot cross a cut");
        effect = msg.headTs;
        break;
    }
    case SanLinkMessage::CREDIT:
        NS_ABORT_MSG_IF(msg.releaseTs == SanPortDevice::HELD,
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
                        << ", sooner than one Delay (" << GetDelay().GetTimeStep()
                        << " steps) after it is sent at " << now
                        << "; a cut link's Delay is the lookahead and must not exceed the "
                           "serialization time of the shortest packet");
}

void
SanRemoteChannel::Encode(const SanLinkMessage& msg, std::vector<uint8_t>& out) const
{
    out.clear();
    Writer w(out);
    w.Put(static_cast<uint8_t>(msg.kind));
    w.Put(msg.from);
    w.Put(msg.slot);
    w.Put(msg.headTs);
    w.Put(msg.tailTs);
    w.Put(msg.releaseTs);
    if (msg.kind != SanLinkMessage::PACKET && msg.kind != SanLinkMessage::XPACKET)
    {
        return;
    }
    const SanFabricPacket& p = *msg.packet;
    w.Put(p.uid);
    w.Put(p.src);
    w.Put(p.dst);
    w.Put(p.dstSwitch);
    w.Put(p.bytes);
    w.Put(p.seq);
    w.Put(p.tag);
    w.Put(p.createdTs);
    w.Put(p.injectedTs);
    w.Put(p.readyTs);
    w.Put(p.tailTs);
    w.Put(p.hops);
    w.Put(p.intermediate);
    w.Put(p.phase);
    w.Put(p.dim);
    w.Put(p.dateline);
    w.Put(p.escaped);
    w.Put(p.routeLen);
    w.Put(p.routeIdx);
    w.Put(p.waitMask);
    w.Put(p.holdSlot);
    w.Put(p.splittable);
    w.Put(p.splitHeader);
    w.Put(p.cellsLeft);
    w.Put(p.burstOffset);
    w.Put(p.burstBytes);
    w.Put(static_cast<uint8_t>(p.holdPort != nullptr));
    w.PutBytes(p.route, p.routeLen);
    uint32_t payloadBytes = 0;
    if (p.payload != nullptr)
    {
        payloadBytes = p.payload->GetSerializedSize();
    }
    w.Put(payloadBytes);
    if (payloadBytes > 0)
    {
        const size_t at = out.size();
        out.resize(at + payloadBytes);
        NS_ABORT_MSG_IF(p.payload->Serialize(out.data() + at, payloadBytes) == 0,
                        "SanRemoteChannel " << LinkName() << ": packet " << p.uid
                                            << ": its payload could not be serialized");
    }
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
        p->seq = r.Get<uint64_t>();
        p->tag = r.Get<uint64_t>();
        p->createdTs = r.Get<int64_t>();
        p->injectedTs = r.Get<int64_t>();
        p->readyTs = r.Get<int64_t>();
        p->tailTs = r.Get<int64_t>();
        p->hops = r.Get<uint32_t>();
        p->intermediate = r.Get<uint32_t>();
        p->phase = r.Get<uint8_t>();
        p->dim = r.Get<uint8_t>();
        p->dateline = r.Get<uint8_t>();
        p->escaped = r.Get<uint8_t>();
        p->routeLen = r.Get<uint8_t>();
        p->routeIdx = r.Get<uint8_t>();
        p->waitMask = r.Get<uint8_t>();
        p->holdSlot = r.Get<uint32_t>();
        p->splittable = r.Get<uint8_t>();
        p->splitHeader = r.Get<uint16_t>();
        p->cellsLeft = r.Get<uint32_t>();
        p->burstOffset = r.Get<uint32_t>();
        p->burstBytes = r.Get<uint32_t>();
        const bool holds = r.Get<uint8_t>() != 0;
        NS_ABORT_MSG_IF(p->routeLen > SanFabricPacket::MAX_ROUTE,
                        "SanRemoteChannel " << LinkName() << ": a malformed source route");
        std::memcpy(p->route, r.Take(p->routeLen), p->routeLen);
        const auto payloadBytes = r.Get<uint32_t>();
        if (payloadBytes > 0)
        {
            p->payload = Create<Packet>(r.Take(payloadBytes), payloadBytes, true);
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
    const int64_t now = Simulator::Now().GetTimeStep();
    CheckCrossable(msg, now);
    SanPortDevice* to = GetPort(msg.from ^ 1);
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
    if (MpiInterface::IsEnabled() && to->GetNode()->GetSystemId() != MpiInterface::GetSystemId())
    {
        NS_ABORT_MSG_IF(bytes.size() + MPI_HEADER_BYTES > MAX_MESSAGE_BYTES,
                        "SanRemoteChannel " << LinkName() << ": a message of " << bytes.size()
                                            << " bytes exceeds ns-3's MPI message size ("
                                            << MAX_MESSAGE_BYTES << " with its " << MPI_HEADER_BYTES
                                            << "-byte header)");
        ++m_remote;
        Outbox& outbox = GetOutbox();
        outbox.messages.push_back(
            OutgoingMessage{Create<Packet>(bytes.data(), static_cast<uint32_t>(bytes.size())),
                            Simulator::Now() + GetDelay(),
                            to->GetNode()->GetId(),
                            to->GetIfIndex()});
        if (!outbox.scheduled)
        {
            outbox.scheduled = true;
            Simulator::ScheduleNow(&SanRemoteChannel::FlushOutbox);
        }
        return;
    }
#endif
    ++m_local;
    Simulator::ScheduleWithContext(to->GetNode()->GetId(),
                                   GetDelay(),
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
    if (outbox.messages.size() > 1)
    {
        // The null-message engine stamps every message with a promise to its receiver: nothing
        // more from this rank before (next pending event + lookahead). With several messages
        // of this time to send, the first promise would already exclude the next one; an event
        // left pending now keeps each promise at (now + lookahead), which every message keeps.
        Simulator::ScheduleNow(&SanRemoteChannel::KeepPromises);
    }
    for (const OutgoingMessage& m : outbox.messages)
    {
        MpiInterface::SendPacket(m.packet, m.rxTime, m.node, m.device);
    }
    outbox.messages.clear();
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
    const uint32_t size = packet->GetSize();
    static std::vector<uint8_t> bytes;
    bytes.resize(size);
    packet->CopyData(bytes.data(), size);
    DecodeAndDeliver(bytes.data(), size);
}

uint64_t
SanRemoteChannel::GetRemoteMessages() const
{
    return m_remote;
}

uint64_t
SanRemoteChannel::GetLocalMessages() const
{
    return m_local;
}

} // namespace ns3
