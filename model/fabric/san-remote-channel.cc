/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-remote-channel.h"

#include "san-cut-cell-records.h"
#include "san-fabric.h"
#include "san-link-message-codec.h"
#include "san-port.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/simulator.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"
#include "ns3/mpi-receiver.h"
#endif

#include <algorithm>
#include <cstring>

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
    // A cell in Cell mode, else the fabric's MinPacketSize.
    const uint32_t shortest = m_fabric->GetShortestWirePacket();
    if (shortest > 0 && GetFlowControl() == CREDITS)
    {
        // Either way: a packet takes effect a Delay and its arrival lead after it is sent, a
        // credit its flight back (CreditDelay) and its end's credit lead after. (An Xon/Xoff link
        // counts a packet in its buffer from its head's arrival, and its symbols take effect one
        // Delay after they are sent: no lead beyond the Delay there.) Below the Delay, credits
        // would arrive late: the Delay stays, and CheckCrossable names the link.
        const int64_t packets = delay + std::min(GetPort(0)->GetArrivalLeadSteps(shortest),
                                                 GetPort(1)->GetArrivalLeadSteps(shortest));
        const int64_t credits =
            GetCreditDelay().GetTimeStep() + std::min(GetPort(0)->GetCreditLeadSteps(shortest),
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

void
SanRemoteChannel::SetEndParts(uint32_t part0, uint32_t part1)
{
    m_part[0] = part0;
    m_part[1] = part1;
}

SanCutCellRecords*
SanRemoteChannel::CutCellRecords() const
{
    SanCutCellRecords* records = m_fabric->GetCutCellRecords();
    NS_ABORT_MSG_IF(records == nullptr,
                    "SanRemoteChannel " << LinkName()
                                        << ": a cell crosses, but the fabric has no parts "
                                           "(SanFabric::SetSwitchParts; SanFabricHelper sets "
                                           "them when it cuts)");
    return records;
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
        NS_ABORT_MSG_IF(p->HoldsSlots(),
                        "SanRemoteChannel " << LinkName()
                                            << ": a packet holding upstream slots (coalesced "
                                               "pieces of a split burst) cannot cross a cut");
        // Its head arrives a Delay after it is sent, or later. The rest of the lead is the
        // receiving end's GetArrivalLeadSteps for the shortest wire packet at most, which
        // grows with the size: it holds for any packet no shorter.
        NS_ABORT_MSG_IF(m_leadSteps > GetDelay().GetTimeStep() &&
                            p->bytes < m_fabric->GetShortestWirePacket(),
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
                           "fabric's shortest packet ("
                        << m_fabric->GetShortestWirePacket()
                        << " bytes: MinPacketSize, or a cell), the least time before a packet or "
                           "its credit takes effect. "
                           "A credit is sent as the packet that frees its slot leaves, and takes "
                           "effect as its tail has left (and a CreditDelay after): lower Delay "
                           "below the shortest packet's serialization, lower MinPacketSize, or "
                           "let credits take the Delay back (SanChannel CreditDelay)");
}

void
SanRemoteChannel::Encode(const SanLinkMessage& msg, std::vector<uint8_t>& out) const
{
    SanLinkMessageCodec::Encode(msg, out);
}

void
SanRemoteChannel::DecodeAndDeliver(const uint8_t* data, uint32_t size)
{
    SanLinkMessage msg{};
    bool holdsSlot = false;
    const std::string error = SanLinkMessageCodec::Decode(data, size, msg, holdsSlot);
    NS_ABORT_MSG_IF(!error.empty(), "SanRemoteChannel " << LinkName() << ": " << error);
    if (msg.packet != nullptr)
    {
        // The slot the head occupies is in the credit table of this link's sending end: its
        // copy on this rank, through which the credit will travel back.
        msg.packet->holdPort = holdsSlot ? GetPort(msg.from) : nullptr;
        if (SanFabricPacket* copy = msg.packet->GetParent())
        {
            // A cell: its packet's record in this part (the copy, or one made before).
            const uint32_t perCell = m_fabric->GetSwitching().GetCellPayload();
            msg.packet->Extra().parent =
                CutCellRecords()->CellArrived(copy,
                                              m_part[msg.from ^ 1],
                                              (copy->bytes + perCell - 1) / perCell);
        }
    }
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
        if (SanFabricPacket* record = msg.packet->GetParent())
        {
            // A cell leaves this part: its packet's record here counts it gone.
            CutCellRecords()->CellLeft(record, m_part[msg.from]);
        }
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
    SanWireReader r(bytes.data(), size);
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
