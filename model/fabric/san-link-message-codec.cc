/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-link-message-codec.h"

#include "ns3/packet.h"
#include "ns3/san-fabric-packet.h"

namespace ns3
{

namespace
{

/// \param p a packet \return bytes of its payload when serialized (0: none)
uint32_t
PayloadBytes(const SanFabricPacket* p)
{
    return p->PeekPayload() != nullptr ? p->PeekPayload()->GetSerializedSize() : 0;
}

/// \param p a packet \return what EncodePacket writes for it at most
size_t
PacketCapacity(const SanFabricPacket* p)
{
    const SanFabricPacketExtra* e = p->PeekExtra();
    return SanLinkMessageCodec::FIXED_MESSAGE_BYTES + (e != nullptr ? e->routeLen : 0) +
           PayloadBytes(p);
}

/**
 * Every field of a descriptor, its source route and its serialized payload.
 * \param w the writer \param p the packet
 */
void
EncodePacket(SanWireWriter& w, const SanFabricPacket& p)
{
    // What only some packets carry (their extra record) travels as zeros for the others.
    static const SanFabricPacketExtra none{};
    const SanFabricPacketExtra& e = p.PeekExtra() != nullptr ? *p.PeekExtra() : none;
    const uint32_t payloadBytes = PayloadBytes(&p);
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
    // The traffic class shares the splittable flag's byte (bits 1 to 3).
    w.Put(static_cast<uint8_t>(p.splittable | (p.trafficClass << 1)));
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
                        "SanLinkMessageCodec: packet " << p.uid
                                                       << ": its payload could not be serialized");
        w.Skip(payloadBytes);
    }
}

/**
 * What EncodePacket wrote, into a new descriptor from this process's pool.
 * \param r the reader \param[out] holdsSlot the packet's head held a credit slot
 * \param[out] error what is malformed ("" if nothing)
 * \return the descriptor (nullptr if malformed)
 */
SanFabricPacket*
DecodePacket(SanWireReader& r, bool& holdsSlot, std::string& error)
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
    const auto flags = r.Get<uint8_t>();
    p->splittable = flags & 1;
    p->trafficClass = (flags >> 1) & SanFabricPacket::MAX_TRAFFIC_CLASS;
    const auto splitHeader = r.Get<uint16_t>();
    const auto cellsLeft = r.Get<uint32_t>();
    const auto burstOffset = r.Get<uint32_t>();
    const auto burstBytes = r.Get<uint32_t>();
    holdsSlot = r.Get<uint8_t>() != 0;
    if (routeLen > SanFabricPacket::MAX_ROUTE)
    {
        SanFabricPacket::Free(p);
        error = "a malformed source route";
        return nullptr;
    }
    if (routeLen != 0 || routeIdx != 0 || splitHeader != 0 || cellsLeft != 0 || burstOffset != 0 ||
        burstBytes != 0 || p->splittable)
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
    return p;
}

} // namespace

void
SanLinkMessageCodec::Encode(const SanLinkMessage& msg, std::vector<uint8_t>& out)
{
    const bool isPacket = msg.kind == SanLinkMessage::PACKET || msg.kind == SanLinkMessage::XPACKET;
    const SanFabricPacket* pk = isPacket ? msg.packet : nullptr;
    const SanFabricPacket* parent = pk != nullptr ? pk->GetParent() : nullptr;
    SanWireWriter w(out,
                    (pk != nullptr ? PacketCapacity(pk) : FIXED_MESSAGE_BYTES) +
                        (parent != nullptr ? PacketCapacity(parent) : 0));
    w.Put(static_cast<uint8_t>(msg.kind));
    w.Put(msg.from);
    w.Put(msg.slot);
    w.Put(msg.headTs);
    w.Put(msg.tailTs);
    w.Put(msg.releaseTs);
    if (pk != nullptr)
    {
        EncodePacket(w, *pk);
        // A cell of Cell mode: its packet's descriptor and payload, which its destination
        // hands up once every cell has arrived (SanCutCellRecords).
        w.Put(static_cast<uint8_t>(parent != nullptr));
        if (parent != nullptr)
        {
            EncodePacket(w, *parent);
        }
    }
    w.Finish();
}

std::string
SanLinkMessageCodec::Decode(const uint8_t* data,
                            uint32_t size,
                            SanLinkMessage& msg,
                            bool& holdsSlot)
{
    SanWireReader r(data, size);
    msg = SanLinkMessage{};
    holdsSlot = false;
    msg.kind = static_cast<SanLinkMessage::Kind>(r.Get<uint8_t>());
    msg.from = r.Get<uint8_t>();
    msg.slot = r.Get<uint32_t>();
    msg.headTs = r.Get<int64_t>();
    msg.tailTs = r.Get<int64_t>();
    msg.releaseTs = r.Get<int64_t>();
    if (msg.from > 1 || msg.kind > SanLinkMessage::XON)
    {
        return "a malformed message arrived";
    }
    std::string error;
    if (msg.kind == SanLinkMessage::PACKET || msg.kind == SanLinkMessage::XPACKET)
    {
        msg.packet = DecodePacket(r, holdsSlot, error);
        if (msg.packet == nullptr)
        {
            return error;
        }
        if (r.Get<uint8_t>() != 0)
        {
            bool parentHolds = false;
            SanFabricPacket* parent = DecodePacket(r, parentHolds, error);
            if (parent == nullptr)
            {
                SanFabricPacket::Free(msg.packet);
                msg.packet = nullptr;
                return "a cell's packet: " + error;
            }
            msg.packet->Extra().parent = parent;
        }
    }
    if (r.Left() != 0)
    {
        if (msg.packet != nullptr)
        {
            if (SanFabricPacket* parent = msg.packet->GetParent())
            {
                SanFabricPacket::Free(parent);
            }
            SanFabricPacket::Free(msg.packet);
            msg.packet = nullptr;
        }
        return "a message has " + std::to_string(r.Left()) + " bytes too many";
    }
    return "";
}

} // namespace ns3
