/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PORT_DEVICE_H
#define SAN_PORT_DEVICE_H

#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/san-net-device.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace ns3
{

class SanChannel;
class SanFabric;

/**
 * \ingroup san
 * \brief One end of a fabric link: the output side of a switch port or of
 * a host's fabric interface, as an ns-3 NetDevice.
 *
 * The port owns the output link and the credits for the virtual-channel
 * buffers at the far end. A packet leaves when the link is idle and a
 * buffer slot on one of its acceptable virtual channels is free; otherwise
 * it waits in the port's queue (first come, first served among packets
 * whose channel is free, so one blocked virtual channel does not block
 * another). Each credit slot records the time it becomes free, or "held"
 * while the packet in it has not yet moved on; the port schedules a single
 * wake-up event for the earliest time something could change, so an idle
 * or uncontended port costs no events at all.
 *
 * Splitting and coalescing (CLAN 1999, section 2.2): a splittable packet (a
 * write burst: a header holding a destination address, then data whose
 * every word's address follows from it) may be cut at any word. When such
 * a packet, longer than the switch's SplitThreshold, is about to take an
 * output while packets of other source-destination pairs wait for it, a
 * switch port sends only a first piece (header plus a whole number of
 * 4-byte words, at most SplitThreshold bytes) and queues the rest, with a
 * header computed from the first part's (its offset in the burst), as a
 * new packet behind those waiters but ahead of any later packet of the
 * same pair, so per-pair order holds. The rest keeps the input buffer slot
 * and, in wormhole mode, the upstream slots the burst still spans. A port
 * decides when a packet takes the output (a splittable packet that finds
 * the link busy waits in the queue for it rather than being committed to
 * follow at once); it does not cut a packet that is already on the link
 * when a contender arrives. In virtual cut-through,
 * a piece that joins the queue right behind the piece before it (same
 * burst, contiguous, nothing between) is merged into it; the merged
 * packet frees both input slots as its tail leaves.
 *
 * A port knows the far end of its link only through its SanChannel: packets
 * it sends and credits it returns upstream are SanLinkMessages handed to the
 * channel's Transmit(), and what arrives comes from the channel
 * (ReceivePacket, ReceiveCredit). That keeps a link splittable across MPI
 * ranks.
 */
class SanPortDevice : public SanNetDevice
{
  public:
    /// A slot whose occupant has not yet moved on.
    static constexpr int64_t HELD = std::numeric_limits<int64_t>::max();

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanPortDevice();
    ~SanPortDevice() override;

    /**
     * Connect to a channel and size the credit table.
     * \param fabric the fabric this port belongs to
     * \param channel the link
     */
    void Attach(Ptr<SanFabric> fabric, Ptr<SanChannel> channel);
    /**
     * Send a packet out of this port as soon as the link and a slot on one of
     * the virtual channels in vcMask are free (its readyTs must be now).
     * \param p the packet
     * \param vcMask acceptable virtual channels at the far end
     */
    void Forward(SanFabricPacket* p, uint32_t vcMask);

    /**
     * \param vcMask virtual channels
     * \return packets waiting here plus slots in use on those channels, plus
     * one if the link is busy (used by adaptive routing)
     */
    uint32_t GetOccupancy(uint32_t vcMask) const;
    /**
     * \param vcMask virtual channels
     * \return true if a packet could take a slot on one of them now without
     * queueing (it may still wait for the link to finish the packet before)
     */
    bool CanSendNow(uint32_t vcMask) const;
    /// \return the serialization time of a packet of the given size, in time steps
    /// \param bytes packet size without framing
    inline int64_t GetSerializationSteps(uint32_t bytes) const;
    /// \return the propagation delay in time steps
    inline int64_t GetPropagationSteps() const;
    /// \return number of packets waiting in this port's queue
    uint32_t GetQueueLength() const;
    /// \return packets sent through this port
    uint64_t GetTxPackets() const;
    /// \return the fabric this port belongs to
    Ptr<SanFabric> GetFabric() const;

    // NetDevice (the rest comes from SanNetDevice)
    Ptr<Channel> GetChannel() const override;
    bool IsLinkUp() const override;
    bool IsPointToPoint() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    void SetNode(Ptr<Node> node) override;

    /**
     * TracedCallback signature for packet departures.
     * \param uid packet uid
     * \param src source host
     * \param dst destination host
     * \param bytes size without framing
     * \param vc virtual channel taken
     */
    typedef void (*PacketTxTracedCallback)(uint64_t uid,
                                           uint32_t src,
                                           uint32_t dst,
                                           uint32_t bytes,
                                           uint32_t vc);

  protected:
    void DoDispose() override;

    /**
     * A packet arrives through the channel (the far end sent it); the head and
     * tail arrival times are known. Called by SanChannel only.
     * \param p the packet
     * \param headTs time its head arrives here
     * \param tailTs time its tail arrives here
     */
    virtual void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs) = 0;

    /**
     * Hook run as a packet leaves (routing state, injection time).
     * \param p the packet
     * \param vc the virtual channel acquired
     * \param departTs departure time
     */
    virtual void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs);
    /**
     * \return true if any waiting packet may overtake a blocked one (switch
     * ports); a host interface sends strictly in order.
     */
    virtual bool MayReorderQueue() const;
    /// \return true if this port is a host interface that always accepts arrivals
    virtual bool IsSink() const;
    /// \return the largest piece this port cuts from a splittable packet under contention
    /// (bytes on the wire; 0: never split). Asked only for splittable packets that wait.
    virtual uint32_t GetSplitThreshold() const;
    /// \return true if this port merges consecutive pieces of one burst in its queue
    virtual bool MayCoalesce() const;

    SanFabric* m_fabric{nullptr}; //!< owning fabric (it outlives the port)
    Ptr<SanChannel> m_channel;    //!< link: the only way to the far end

  private:
    friend class SanChannel; // Connect, ReceivePacket, ReceiveCredit, IsSink

    /**
     * Called by the channel once both ends are attached.
     * \param end this port's end of the channel (0 or 1)
     * \param peerIsSink the far end is a host interface that always accepts
     */
    void Connect(uint8_t end, bool peerIsSink);
    /**
     * A credit arrives through the channel: a slot of this port's credit
     * table frees at ts (or is HELD); wake waiters. Called by SanChannel only.
     * \param slot the slot
     * \param ts the time (time steps), or HELD
     */
    inline void ReceiveCredit(uint32_t slot, int64_t ts);
    /**
     * Send a credit to the port that owns a slot, over that port's own link
     * (defined in the .cc, the only place it is used).
     * \param owner the port whose credit table holds the slot (upstream)
     * \param slot the slot
     * \param ts its release time (time steps), or HELD
     */
    static inline void ReturnCredit(SanPortDevice* owner, uint32_t slot, int64_t ts);
    /**
     * Start sending p on slot at departTs (>= now).
     * \param p the packet
     * \param slot the credit slot taken
     * \param vc its virtual channel
     * \param departTs departure time
     * \param wasQueued the packet waited in the queue
     */
    void Depart(SanFabricPacket* p, uint32_t slot, uint32_t vc, int64_t departTs, bool wasQueued);
    /// \return a slot free at time ts on the channels in vcMask, or -1 (inline: the .cc is
    /// its only user)
    /// \param vcMask channels
    /// \param ts time
    /// \param vc set to the slot's virtual channel if one is found
    inline int32_t FindFreeSlot(uint32_t vcMask, int64_t ts, uint32_t& vc) const;
    /// \return the earliest known release time of a slot in vcMask after ts (HELD if none)
    /// \param vcMask channels
    /// \param ts time
    int64_t EarliestRelease(uint32_t vcMask, int64_t ts) const;
    /// Queue p; a wormhole packet also marks the slots it holds upstream as held.
    /// \param p the packet
    void Block(SanFabricPacket* p);
    /// Send what can be sent now, then arrange the next wake-up.
    void ServeQueue();
    /**
     * A splittable packet finds a slot free but the link still busy with an earlier packet.
     * Any other packet is committed to leave when the link frees; this one waits in the queue
     * if it might be split then (or have its burst's next piece merged into it), so that the
     * decision is taken when it takes the link, against whatever waits for it at that time.
     * It leaves no later than it would have: it is first in the queue and its slot stays free.
     * \param p the packet
     * \return true if p should wait in the queue
     */
    bool WaitsForLink(const SanFabricPacket* p) const;
    /**
     * p (unlinked from the queue, about to depart at departTs) is splittable: if it is longer
     * than the split threshold and packets of other pairs wait, cut it to a first piece and
     * queue the rest as a new packet (kept out of line: only splittable packets come here).
     * \param p the packet
     * \param vcMask the virtual channels it waited for
     * \param departTs its departure time
     */
    void TrySplit(SanFabricPacket* p, uint32_t vcMask, int64_t departTs);
    /**
     * p (splittable, about to be queued) continues the burst piece at the queue's tail: merge
     * it into that piece.
     * \param p the packet
     * \return true if p was merged (and freed)
     */
    bool TryCoalesce(SanFabricPacket* p);
    /// Make sure the queue is served at ts.
    /// \param ts time
    void ScheduleWake(int64_t ts);
    /// Wake-up event.
    void HandleWake();
    /// Fire the sniffer traces.
    /// \param p the packet
    void Sniff(const SanFabricPacket* p);

    // The per-packet state, together: first what a credit arriving or leaving touches (one
    // cache line where the allocator allows: the link, the slots, the queue), then the rest
    // of what a departure touches.
    SanChannel* m_link{nullptr}; //!< m_channel, raw, for the per-packet path
    uint32_t m_slotsPerVc{1};    //!< buffer slots per virtual channel at the far end
    uint32_t m_nVcs{1};          //!< virtual channels
    /// Slots live inline for the common small buffers (no heap block per port).
    static constexpr uint32_t INLINE_SLOTS = 4;
    int64_t* m_slots{m_slotsInline};       //!< release time of each slot
    int64_t m_slotsInline[INLINE_SLOTS]{}; //!< storage for small tables
    SanFabricPacket* m_qHead{nullptr};     //!< waiting packets
    int64_t m_busyUntil{0};                //!< link idle from this time
    double m_stepsPerByte{0};              //!< the link's serialization time per byte
    int64_t m_propSteps{0};                //!< the link's propagation delay
    uint32_t m_framing{0};                 //!< the link's framing bytes per packet
    uint64_t m_txPackets{0};               //!< counter
    uint8_t m_end{0};                      //!< this port's end of the channel (0 or 1)
    bool m_connected{false};               //!< both ends of the channel are attached
    bool m_peerIsSink{false};              //!< the far end always accepts (a host)
    /// Fires with a packet (san header + payload) built only when someone
    /// listens; pcap helpers connect here.
    TracedCallback<Ptr<const Packet>> m_promiscSnifferTrace;
    TracedCallback<uint64_t, uint32_t, uint32_t, uint32_t, uint32_t> m_txTrace; //!< departures
    std::unique_ptr<int64_t[]> m_slotsHeap; //!< storage for larger tables
    SanFabricPacket* m_qTail{nullptr};      //!< waiting packets
    uint32_t m_qLen{0};                     //!< queue length
    int64_t m_wakeTs{HELD};                 //!< time of the pending wake-up, HELD if none
};

// Inline: once per departure.
int64_t
SanPortDevice::GetSerializationSteps(uint32_t bytes) const
{
    return static_cast<int64_t>(m_stepsPerByte * (bytes + m_framing) + 0.5);
}

int64_t
SanPortDevice::GetPropagationSteps() const
{
    return m_propSteps;
}

// Inline: a credit per packet-hop arrives here through the channel.
void
SanPortDevice::ReceiveCredit(uint32_t slot, int64_t ts)
{
    m_slots[slot] = ts;
    if (ts != HELD && m_qHead != nullptr)
    {
        ScheduleWake(ts);
    }
}

} // namespace ns3

#endif /* SAN_PORT_DEVICE_H */
