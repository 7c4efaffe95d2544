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

/**
 * \ingroup san
 * The downstream buffer slots a packet still holds (SanHeldSlot): a wormhole packet's
 * upstream slots, or the input slots of pieces merged into it. Most packets hold none, so a
 * descriptor keeps one pointer here; the list is made on first use and kept with the
 * descriptor as it is reused (no allocation per packet).
 */
class SanHeldSlots
{
  public:
    SanHeldSlots() = default;

    ~SanHeldSlots()
    {
        delete m_list;
    }

    SanHeldSlots(const SanHeldSlots&) = delete;
    SanHeldSlots& operator=(const SanHeldSlots&) = delete;

    /// \return true if it holds no slot
    bool empty() const
    {
        return m_list == nullptr || m_list->empty();
    }

    /// \return the number of slots held
    size_t size() const
    {
        return m_list == nullptr ? 0 : m_list->size();
    }

    /// \param i index (below size()) \return the slot at that index
    SanHeldSlot& operator[](size_t i)
    {
        return (*m_list)[i];
    }

    /// \return the first slot
    const SanHeldSlot* begin() const
    {
        return m_list == nullptr ? nullptr : m_list->data();
    }

    /// \return past the last slot
    const SanHeldSlot* end() const
    {
        return m_list == nullptr ? nullptr : m_list->data() + m_list->size();
    }

    /// \param e a slot to add
    void push_back(const SanHeldSlot& e)
    {
        if (m_list == nullptr)
        {
            m_list = new std::vector<SanHeldSlot>;
        }
        m_list->push_back(e);
    }

    /// Keep the first n slots. \param n how many (at most size())
    void resize(size_t n)
    {
        if (m_list != nullptr)
        {
            m_list->resize(n);
        }
    }

    /// Hold nothing (the storage stays for the descriptor's next use).
    void clear()
    {
        if (m_list != nullptr)
        {
            m_list->clear();
        }
    }

    /// \param o a list to exchange contents and storage with
    void swap(SanHeldSlots& o)
    {
        std::swap(m_list, o.m_list);
    }

  private:
    std::vector<SanHeldSlot>* m_list{nullptr}; //!< the slots, made on first use
};

/**
 * \ingroup san
 * \brief The fabric's view of one packet in flight.
 *
 * Descriptors are pooled (SanFabricPacket::Allocate / Free): the hot path
 * allocates nothing per packet or per hop. The descriptor carries the
 * routing state (virtual-channel class, Valiant phase, source route), the
 * credit slots it holds, and an optional ns-3 Packet with the payload for
 * the NICs above the fabric. Times are kept as raw time steps.
 */
class SanFabricPacket
{
  public:
    /// Longest source route a packet can carry (Myrinet-style routes).
    static constexpr uint32_t MAX_ROUTE = 48;
    /// Marker for "no switch" (e.g. no Valiant intermediate).
    static constexpr uint32_t NONE = 0xffffffff;

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

    uint64_t uid;          //!< unique id (per simulation run)
    uint32_t src;          //!< source host
    uint32_t dst;          //!< destination host
    uint32_t dstSwitch;    //!< switch the destination host hangs off
    uint32_t bytes;        //!< size on the wire (header and payload), without link framing
    uint64_t seq;          //!< sequence number, set by the sender
    uint64_t tag;          //!< opaque value for the layer above
    int64_t createdTs;     //!< time the sender handed the packet over
    int64_t injectedTs;    //!< time its head left the source
    int64_t readyTs;       //!< time its head became ready to leave the current port/switch
    int64_t tailTs;        //!< time its tail arrives at the current switch (0 at the source)
    uint32_t hops;         //!< switches traversed so far
    uint32_t intermediate; //!< Valiant intermediate switch, or NONE
    uint8_t phase;         //!< Valiant phase (0: to intermediate, 1: to destination)
    uint8_t dim;           //!< dimension of the last hop (dateline bookkeeping)
    uint8_t dateline;      //!< crossed the dateline in the current dimension
    uint8_t escaped;       //!< has used an escape channel (sticky on graphs)
    uint8_t routeLen;      //!< source route length
    uint8_t routeIdx;      //!< next source-route entry
    uint8_t waitMask;      //!< virtual channels acceptable while waiting at a port
    uint8_t wormhole;      //!< the packet is longer than a buffer in wormhole mode
    /// Source route: output port per switch (MAX_ROUTE bytes, made by RouteStorage on first
    /// use and kept with the descriptor; only source routing writes one).
    uint8_t* route{nullptr};

    SanPort* holdPort;    //!< port whose downstream buffer slot the head occupies
    uint32_t holdSlot;    //!< that slot
    uint8_t splittable;   //!< a switch may split it (a CLAN write burst)
    uint8_t inPool{1};    //!< on the free list (kept by the pool, not by Clear)
    uint16_t splitHeader; //!< splittable: header bytes that every piece carries
    SanHeldSlots held;    //!< wormhole: upstream slots still held (tentative)

    SanFabricPacket* next;   //!< intrusive link: wait queues and the free list
    SanFabricPacket* parent; //!< cell mode: the packet this cell belongs to
    uint32_t cellsLeft;      //!< cell mode: cells not yet delivered; a split burst's
                             //!< reassembly record: data bytes not yet delivered
    uint32_t burstOffset;    //!< splittable: offset of this piece's data in the burst's data
    uint32_t burstBytes;     //!< splittable: data bytes (after the header) of the whole burst
    Ptr<Packet> payload;     //!< optional ns-3 packet for the layers above

    SanFabricPacket() = default;
    ~SanFabricPacket();
    SanFabricPacket(const SanFabricPacket&) = delete;
    SanFabricPacket& operator=(const SanFabricPacket&) = delete;

    /// \return storage for a source route of up to MAX_ROUTE ports (made on first use)
    uint8_t* RouteStorage();

    /// \return the data bytes (after the header) this packet or piece carries
    uint32_t GetPieceBytes() const
    {
        return bytes - splitHeader;
    }

    /// \return true if this is a piece of a split burst rather than the whole burst
    bool IsPiece() const
    {
        return splittable && bytes - splitHeader != burstBytes;
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
};

} // namespace ns3

#endif /* SAN_FABRIC_PACKET_H */
