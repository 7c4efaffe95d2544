/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_SEND_TERMINUS_H
#define HAMLYN_SEND_TERMINUS_H

#include "hamlyn-header.h"
#include "hamlyn-packet-counter.h"

#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/host-pinned-region.h"
#include "ns3/host-pio-window.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief One request on a send terminus' work queue (Hamlyn 1995, section 2.3).
 *
 * A direct-I/O request carries its data inline (pushed by the host with stores); a DMA request
 * names <message area, offset, length> in the terminus' own areas instead, which the interface
 * checks before reading host memory.
 */
struct HamlynSendRequest
{
    /// How the data reaches the interface.
    enum Kind : uint8_t
    {
        DIRECT, //!< inline data (direct I/O)
        DMA,    //!< <area, offset, length> in host memory
    };

    Kind kind{DIRECT};                             //!< direct I/O or DMA
    uint32_t dstNode{0};                           //!< destination node (fabric host index)
    uint16_t slot{0};                              //!< destination slot
    uint64_t key{0};                               //!< protection key of the slot
    uint32_t offset{0};                            //!< byte offset in the slot
    uint16_t notifyIndex{HamlynHeader::NO_NOTIFY}; //!< notification area at the receiver
    uint32_t y0{0};                                //!< packet counter's initial value (section 2.5)
    bool notifySent{false};                        //!< write a completion word when sent (Table 3)
    std::vector<uint8_t> data;                     //!< DIRECT: the inline data
    uint32_t area{0};                              //!< DMA: the terminus' message area
    uint64_t areaOffset{0};                        //!< DMA: first byte in that area
    uint32_t length{0};                            //!< DMA: bytes to send
    uint64_t handle{0};                            //!< set by Post: identifies the send
    std::vector<uint8_t> outOfBand; //!< for the receiver's notification area (first packet)

    /// \return message length in bytes
    uint32_t GetLength() const
    {
        return kind == DIRECT ? static_cast<uint32_t>(data.size()) : length;
    }
};

/**
 * \ingroup san
 * \brief A send terminus: one application's private set of interface registers and work queue
 * (Hamlyn 1995, section 2.3), with its 32-bit packet counter (section 2.5) and the list of
 * its message areas that DMA requests may name.
 *
 * The queue holds "capacity" requests (64 in the prototype). A full queue refuses Post(); with
 * PostOrSpin() the application's CPU spin-waits until the interface takes a request off.
 * The interface (HamlynNetDevice) takes packets from the head request: Front(), then
 * NextPacket() per packet, and the request leaves the queue with its last packet.
 */
class HamlynSendTerminus : public SimpleRefCount<HamlynSendTerminus>
{
  public:
    /**
     * \param id terminus number (carried in packet headers)
     * \param capacity work-queue entries (> 0)
     * \param cpu the application's CPU (for spin-waits; may be null if PostOrSpin is unused)
     */
    HamlynSendTerminus(uint16_t id, uint32_t capacity, Ptr<HostCpu> cpu);

    /// \return terminus number
    uint16_t GetId() const;
    /// \param priority higher is served first (default 0: plain round-robin, as the prototype)
    void SetPriority(uint32_t priority);
    /// \return priority
    uint32_t GetPriority() const;
    /// \return work-queue capacity
    uint32_t GetCapacity() const;

    /**
     * \brief Let DMA requests on this terminus name \p area as \p id.
     * \param id area number
     * \param area the area (in the sender's host memory)
     */
    void AddMessageArea(uint32_t id, Ptr<HostPinnedRegion> area);
    /// \param id area number \return the area, or nullptr
    Ptr<HostPinnedRegion> GetMessageArea(uint32_t id) const;
    /// \brief The terminus may no longer DMA from area \p id (it was released).
    /// \param id the area
    void RemoveMessageArea(uint32_t id);

    /**
     * \brief Queue a request.
     *
     * A request the interface could never send (see GetRequestError) is an error: the
     * program stops with the reason, at the call, rather than mid-run.
     * \param request the request (its handle is set)
     * \return false if the queue is full (nothing queued)
     */
    bool Post(HamlynSendRequest request);

    /**
     * \brief Why the interface could never send \p request, from what the sender knows when
     * it posts it: a destination host the fabric does not have, a slot offset whose message
     * passes the header's 32-bit offset field, a key wider than the device's KeyBits, more
     * out-of-band bytes than a packet carries, a packet larger than the fabric carries.
     * (Whether the slot, key and range are right is the receiver's to check: a wrong one is
     * dropped there, counted and traced.)
     * \param request a request
     * \return "" if it can be sent, else one line saying why not
     */
    std::string GetRequestError(const HamlynSendRequest& request) const;

    /// A check of a request (see GetRequestError): "" or the reason it cannot be sent.
    typedef Callback<std::string, const HamlynSendRequest&> RequestCheck;
    /// \param check the interface's check of a request (null: none)
    void SetRequestCheck(RequestCheck check);

    /**
     * \brief Queue a request; if the queue is full the application spins on its CPU (HostCpu
     * POLL wait) until an entry frees up; meanwhile other work for that CPU waits.
     * \param request the request
     * \param posted called when the request is on the queue
     */
    void PostOrSpin(HamlynSendRequest request, Callback<void> posted);

    /**
     * \brief Write a request into the work queue on the card with processor stores (section
     * 2.3, "regular store instructions"): its descriptor ("RequestDescriptorBytes"), its inline
     * data (direct I/O) and its out-of-band bytes cross the I/O bus as posted PIO stores
     * (HostPioWindow). The caller posts the request (Post, PostOrSpin) once they have landed,
     * and charges the processor for issuing them.
     * \param request the request
     * \param landed called when the last store has reached the card
     */
    void StoreRequest(const HamlynSendRequest& request, Callback<void> landed);

    /**
     * \param window the work queue's window in the process's address space
     * \param descriptorBytes bytes of a request's descriptor
     */
    void SetWorkQueueWindow(Ptr<HostPioWindow> window, uint32_t descriptorBytes);

    /// \param request a request \return the bytes StoreRequest moves for it
    uint32_t GetStoredBytes(const HamlynSendRequest& request) const;

    /// \param cb called (with no arguments) whenever a request is queued
    void SetWorkCallback(Callback<void> cb);
    /// The interface is gone (its device disposed, as Simulator::Destroy does): a later Post
    /// is an error, not a request that silently never leaves.
    void Close();

    /// \return true if a request is waiting
    bool HasWork() const;
    /// \return requests queued
    uint32_t GetNQueued() const;
    /// \return the head request
    HamlynSendRequest& Front();
    /// \return index of the head request's next packet
    uint32_t GetNextPacketIndex() const;

    /**
     * \brief The interface takes the next packet of the head request.
     * \param packetSize payload bytes per packet (> 0)
     * \param[out] payloadOffset first message byte in this packet
     * \param[out] payloadBytes bytes in this packet
     * \param[out] delta the packet's delta field
     * \param[out] last true for the message's last packet (the request then leaves the queue)
     * \return the request the packet belongs to (a copy: the head may have been popped)
     */
    HamlynSendRequest NextPacket(uint32_t packetSize,
                                 uint32_t& payloadOffset,
                                 uint32_t& payloadBytes,
                                 uint32_t& delta,
                                 bool& last);

    /**
     * \brief Drop the head request (the interface refused it).
     * \return the dropped request
     */
    HamlynSendRequest DropFront();

    /// \return the packet counter
    HamlynPacketCounter& GetCounter();

    /// \return requests posted
    uint64_t GetNPosted() const;
    /// \return Post() calls refused because the queue was full
    uint64_t GetNFull() const;
    /// \return packets taken
    uint64_t GetNPackets() const;

    /// \param bytes total payload bytes \param packetSize bytes per packet (> 0)
    /// \return packets (at least 1), counted without 32-bit overflow
    static uint32_t PacketsFor(uint32_t bytes, uint32_t packetSize);

  private:
    /// An entry left the queue: let a spinning poster in.
    void Dequeued();

    uint16_t m_id;                                     //!< terminus number
    uint32_t m_capacity;                               //!< queue entries
    uint32_t m_priority;                               //!< priority
    Ptr<HostCpu> m_cpu;                                //!< the application's CPU
    std::deque<HamlynSendRequest> m_queue;             //!< work queue
    uint32_t m_nextPacket;                             //!< next packet of the head request
    HamlynPacketCounter m_counter;                     //!< packet counter
    std::map<uint32_t, Ptr<HostPinnedRegion>> m_areas; //!< areas DMA may name
    Callback<void> m_workCb;                           //!< the interface's doorbell
    RequestCheck m_check;                              //!< the interface's request check
    bool m_closed{false};                              //!< its device is disposed
    Ptr<HostPioWindow> m_window;                       //!< the work queue, as the host sees it
    uint32_t m_descriptorBytes{0};                     //!< bytes per request descriptor
    uint64_t m_nextHandle;                             //!< handle of the next request
    uint64_t m_posted;                                 //!< counter
    uint64_t m_full;                                   //!< counter
    uint64_t m_packets;                                //!< counter

    /// A poster spinning for space.
    struct Spinner
    {
        HamlynSendRequest request; //!< waiting request
        Ptr<HostCpuWait> wait;     //!< its spin
        Callback<void> posted;     //!< continuation
    };

    /// \param s a spinner: start (or restart) its spin-wait
    void BeginSpin(Spinner& s);

    std::deque<Spinner> m_spinners; //!< posters spinning for space
};

} // namespace ns3

#endif /* HAMLYN_SEND_TERMINUS_H */
