/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_PACKET_H
#define SAN_FABRIC_PACKET_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class SanPort;

/**
 * \ingroup san
 * A downstream buffer slot that a wormhole packet still occupies, with the
 * time its tail is expected to leave that buffer (tentative: a later stall of
 * the head pushes it back).
 */
struct SanHeldSlot
{
    SanPort* port;     //!< the output port whose downstream buffer holds the slot
    uint32_t slot;     //!< slot index in that port's credit table
    int64_t releaseTs; //!< tentative release time (time steps)
};

class SanFabricPacket;

/**
 * \ingroup san
 * What only some packets need, beside their descriptor: the downstream slots a wormhole packet
 * still holds (or the input slots of pieces merged into it), a cell's packet, a split burst's
 * bookkeeping, a source route, and what the layers above a NIC give a packet (a tag, a payload;
 * a traffic generator's packets have neither). A descriptor points to one made on first use and
 * keeps it as it is reused (no allocation per packet); the rest of the descriptor stays two cache
 * lines.
 */
struct SanFabricPacketExtra
{
    /// Longest source route a packet can carry (Myrinet-style routes).
    static constexpr uint32_t MAX_ROUTE = 48;

    std::vector<SanHeldSlot> held;    //!< wormhole: upstream slots still held (tentative);
                                      //!< virtual cut-through: input slots of merged pieces
    SanFabricPacket* parent{nullptr}; //!< cell mode: the packet this cell belongs to
    uint32_t cellsLeft{0};            //!< cell mode: cells not yet delivered; a split burst's
                                      //!< reassembly record: data bytes not yet delivered
    uint32_t burstOffset{0};          //!< splittable: offset of this piece's data in the burst
    uint32_t burstBytes{0};           //!< splittable: data bytes (after the header) of the burst
    uint16_t splitHeader{0};          //!< splittable: header bytes that every piece carries
    uint8_t routeLen{0};              //!< source route length
    uint8_t routeIdx{0};              //!< next source-route entry
    uint8_t route[MAX_ROUTE];         //!< source route: output port per switch
    uint64_t tag{0};                  //!< opaque value for the layer above (SetTag)
    Ptr<Packet> payload;              //!< optional ns-3 packet for the layers above

    /// Reset for the descriptor's next use (the held list keeps its storage).
    void Clear();
};

/**
 * \ingroup san
 * \brief The fabric's view of one packet in flight.
 *
 * Descriptors are pooled (SanFabricPacket::Allocate / Free): the hot path
 * allocates nothing per packet or per hop. The descriptor carries the
 * routing state (virtual-channel class, Valiant phase, source route), the
 * credit slots it holds, and (in its extra record) an optional ns-3 Packet
 * with the payload for the NICs above the fabric. Times are kept as raw time steps.
 */
class SanFabricPacket
{
  public:
    /// Longest source route a packet can carry (Myrinet-style routes).
    static constexpr uint32_t MAX_ROUTE = SanFabricPacketExtra::MAX_ROUTE;
    /// Marker for "no switch" (e.g. no Valiant intermediate).
    static constexpr uint32_t NONE = 0xffffffff;
    /// The most switches a packet may cross (its hop count has 16 bits).
    static constexpr uint32_t MAX_HOPS = 0xffff;
    /// The largest credit slot a packet may hold (16 bits; SanPort refuses larger tables).
    static constexpr uint32_t MAX_SLOT = 0xffff;
    /// The highest traffic class (trafficClass has 3 bits).
    static constexpr uint32_t MAX_TRAFFIC_CLASS = 7;

    /// \return a cleared descriptor from the pool
    static SanFabricPacket* Allocate();
    /// \param p a descriptor to return to the pool (its payload is released)
    static void Free(SanFabricPacket* p);
    /// \return the number of descriptors currently handed out
    static uint64_t GetLiveCount();
    /**
     * Return every descriptor still handed out to the pool. Run by Simulator::Destroy (SanFabric
     * schedules it): events still pending then are deleted without running, and the
     * descriptors they carried would otherwise be lost to the pool, run after run of a sweep.
     * A later Free of a reclaimed descriptor (an owner's DoDispose) does nothing.
     */
    static void ReclaimAll();

    // 96 bytes: what every packet's hops read. What only some packets need is in its extra
    // record (Extra()).
    uint64_t uid;           //!< unique id (per simulation run)
    uint32_t src;           //!< source host
    uint32_t dst;           //!< destination host
    uint32_t dstSwitch;     //!< switch the destination host hangs off
    uint32_t bytes;         //!< size on the wire (header and payload), without link framing
    uint32_t seq;           //!< sequence number, set by the sender (it wraps after 2^32)
    uint16_t hops;          //!< switches traversed so far (at most MAX_HOPS)
    uint16_t holdSlot;      //!< the slot of holdPort's credit table that the head occupies
    int64_t createdTs;      //!< time the sender handed the packet over
    int64_t injectedTs;     //!< time its head left the source
    int64_t readyTs;        //!< time its head became ready to leave the current port/switch
    int64_t tailTs;         //!< time its tail arrives at the current switch (0 at the source)
    uint32_t intermediate;  //!< Valiant intermediate switch, or NONE
    uint8_t dim;            //!< dimension of the last hop (dateline bookkeeping)
    uint8_t waitMask;       //!< virtual channels acceptable while waiting at a port
    uint8_t phase;          //!< Valiant phase (0: to intermediate, 1: to destination); UGAL
                            //!< counts its legs here
    uint8_t dateline : 1;   //!< crossed the dateline in the current dimension
    uint8_t escaped : 1;    //!< has used an escape channel (sticky on graphs)
    uint8_t wormhole : 1;   //!< the packet is longer than a buffer in wormhole mode
    uint8_t splittable : 1; //!< a switch may split it (a CLAN write burst)
    uint8_t inPool : 1;     //!< on the free list (kept by the pool, not by Clear)
    /// Traffic class, 0 (the default) to MAX_TRAFFIC_CLASS, set by the sender
    /// (SanEndpointDevice "TrafficClass"); only a switch's Priority arbitration reads it.
    uint8_t trafficClass : 3;
    SanPort* holdPort;     //!< port whose downstream buffer slot the head occupies
    SanFabricPacket* next; //!< intrusive link: wait queues and the free list

    /// A descriptor in the pool (bit-fields take no default member initializers in C++17).
    SanFabricPacket()
        : dateline(0),
          escaped(0),
          wormhole(0),
          splittable(0),
          inPool(1),
          trafficClass(0)
    {
    }

    ~SanFabricPacket();
    SanFabricPacket(const SanFabricPacket&) = delete;
    SanFabricPacket& operator=(const SanFabricPacket&) = delete;

    /// \return the extra record, made on first use (and kept with the descriptor)
    SanFabricPacketExtra& Extra()
    {
        if (m_extra == nullptr)
        {
            MakeExtra();
        }
        return *m_extra;
    }

    /// \return the extra record, or nullptr if the descriptor never needed one
    const SanFabricPacketExtra* PeekExtra() const
    {
        return m_extra;
    }

    /// \return true if the packet holds downstream slots (wormhole, merged pieces)
    bool HoldsSlots() const
    {
        return m_extra != nullptr && !m_extra->held.empty();
    }

    /// \return the opaque value the layer above gave the packet (0 if none)
    uint64_t GetTag() const
    {
        return m_extra != nullptr ? m_extra->tag : 0;
    }

    /// \param tag an opaque value for the layer above (a non-zero one needs the extra record)
    void SetTag(uint64_t tag)
    {
        if (tag != 0 || m_extra != nullptr)
        {
            Extra().tag = tag;
        }
    }

    /// \return the ns-3 packet the layer above gave, or nullptr
    Ptr<Packet> GetPayload() const
    {
        return m_extra != nullptr ? m_extra->payload : nullptr;
    }

    /// \return the ns-3 packet the layer above gave, or nullptr, without a reference
    Packet* PeekPayload() const
    {
        return m_extra != nullptr ? PeekPointer(m_extra->payload) : nullptr;
    }

    /// \param payload an ns-3 packet for the layer above, or nullptr
    void SetPayload(Ptr<Packet> payload)
    {
        if (payload != nullptr || m_extra != nullptr)
        {
            Extra().payload = std::move(payload);
        }
    }

    /// \return the packet a cell belongs to (cell mode), or nullptr
    SanFabricPacket* GetParent() const
    {
        return m_extra != nullptr ? m_extra->parent : nullptr;
    }

    /// \return splittable: header bytes that every piece carries (0 otherwise)
    uint32_t GetSplitHeader() const
    {
        return m_extra != nullptr ? m_extra->splitHeader : 0;
    }

    /// \return the data bytes (after the header) this packet or piece carries
    uint32_t GetPieceBytes() const
    {
        return bytes - GetSplitHeader();
    }

    /// \return true if this is a piece of a split burst rather than the whole burst
    bool IsPiece() const
    {
        return splittable && GetPieceBytes() != m_extra->burstBytes;
    }

    /**
     * Copy everything that describes the packet and where it is going (identity, timing,
     * routing state, source route, burst fields, payload), but not what it holds (slots), its
     * queue link or its cell-mode parent: what a switch needs to make the second part of a
     * split packet.
     * \param o the packet to copy
     */
    void CopyStateFrom(const SanFabricPacket& o);

  private:
    /// Reset every field for reuse.
    void Clear();
    /// Make the extra record (out of line: rare).
    void MakeExtra();

    SanFabricPacketExtra* m_extra{nullptr}; //!< what only some packets need, or nullptr
};

} // namespace ns3

#endif /* SAN_FABRIC_PACKET_H */
