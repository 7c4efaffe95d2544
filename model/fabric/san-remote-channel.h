/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_REMOTE_CHANNEL_H
#define SAN_REMOTE_CHANNEL_H

#include "san-channel.h"

#include "ns3/packet.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class SanCutCellRecords;

/**
 * \ingroup san
 * \brief A fabric link cut by a partition of the fabric: its two ends may be simulated by
 * different MPI ranks (ns-3's mpi module, granted time window or null messages).
 *
 * It overrides SanChannel::Transmit() alone, as ns-3's PointToPointRemoteChannel overrides
 * TransmitStart: the message (a packet with its whole descriptor and payload, a credit, an Xoff
 * or an Xon) is encoded into bytes and handed to MpiInterface::SendPacket, to arrive at the
 * receiving end's rank one propagation Delay after it was sent; that rank decodes it into a
 * descriptor of its own pool and hands it to SanChannel::Deliver(). The sender frees its copy.
 *
 * When it arrives: one lead (GetLead) after it was sent. The lead is the link's Delay, which
 * ns-3's engines take as the lookahead of a point-to-point link, and nothing needs to arrive
 * sooner: a packet's head reaches the far end no earlier than Delay after the port commits it,
 * and a credit (a slot's release time) is sent when the packet leaving that slot is committed,
 * and so takes effect at least one serialization time later. Every port keeps its decisions
 * to the times things take effect (a wake-up at a slot's release time, a routing event
 * RoutingDelay after the head's arrival), so the receiving port may learn of a message later
 * than over a SanChannel, which delivers at once, and decide the same. How much later, given
 * the shortest packet hosts send (SanFabric's MinPacketSize), on a credit link: a packet takes
 * effect its Delay and then the receiving switch's RoutingDelay (or its serialization, when its
 * tail comes first) after it is sent (SanPort::GetArrivalLeadSteps); a credit takes effect the
 * packet's serialization on the link it leaves by after it is sent
 * (SanPort::GetCreditLeadSteps). The lead is the smaller of the two, and no less than the
 * Delay. With a 500 ns RoutingDelay and 64-byte packets of 800 ns, a 10 ns link's lead is
 * 510 ns. Such a link gives the engine its lookahead itself
 * (HasOwnLookahead; SanFabricHelper and SanDistributed do it), since ns-3's engines would take
 * only the Delay. A run gives the same results whichever links are cut: the san-distributed
 * test suite checks that, in one process, with the same channel delivering through the local
 * scheduler (which it does whenever the far end's node is on this rank, or MPI is not
 * running).
 *
 * What cannot cross a cut, and is refused with a message naming the link: a message that
 * would take effect sooner than one lead after it is sent (a credit for a packet whose
 * serialization time is shorter than Delay: lower Delay or make the packets longer; a packet
 * shorter than MinPacketSize), a
 * wormhole packet longer than a buffer (it marks and postpones slots several links upstream
 * with effect at once: when its head stops, a slot whose tail was due to pass a moment later
 * stays held, and no lead is short enough to tell the far part in time), and a packet whose
 * descriptor holds upstream slots (coalesced pieces of a split burst); payloads whose encoding
 * exceeds ns-3's MPI message size (2000 bytes, header included). A cell of Cell mode crosses
 * with a copy of its packet's descriptor, payload included, and each part keeps its own record
 * of the packet (SanCutCellRecords).
 *
 * The encoding is the descriptor's fields in the host's byte order: all ranks must run on
 * machines of one architecture (as ns-3's own MPI receive path assumes for its header).
 */
class SanRemoteChannel : public SanChannel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanRemoteChannel();
    ~SanRemoteChannel() override;

    /**
     * Once both ends are attached, and every link of the switches at its ends (the lead
     * depends on them): number the link in its fabric (SanFabric::AddCutLink), compute its
     * lead and register, with ns-3's MPI receive path, the end whose node this rank simulates
     * (nothing more when MPI is not running).
     */
    void SetupReceivers();

    /**
     * Say which part of the cut simulates each end (SanFabricHelper does, before
     * SetupReceivers): a cell of Cell mode that crosses leaves its packet's record in one and
     * finds or makes one in the other (SanCutCellRecords).
     * \param part0 the part of the end attached first \param part1 the other's
     */
    void SetEndParts(uint32_t part0, uint32_t part1);

    /// \return the time from sending a message to handing it to the far end: the link's
    /// lookahead (its Delay, plus what the fabric's MinPacketSize allows; see the class)
    Time GetLead() const;
    /// \return true if the lead exceeds the Delay: ns-3's engines, which take a point-to-point
    /// channel's Delay as its lookahead, must be given it instead (SanPortDevice then tells
    /// them its device is not point-to-point; SanFabricHelper gives the engine the lookahead)
    bool HasOwnLookahead() const;

    void Transmit(const SanLinkMessage& msg) override;

    /// \return messages sent to another rank so far
    uint64_t GetRemoteMessages() const;
    /// \return messages delivered through this rank's own scheduler so far
    uint64_t GetLocalMessages() const;
    /// \return MPI packets this process has sent for cut links (each carries a batch)
    static uint64_t GetPacketsSent();

    /**
     * Let cut-link messages wait for the end of a batch window of this length before they go
     * to MPI (all of one window to a rank in as few packets as fit), instead of leaving at the
     * end of their time step. Sound only when the engine's lookahead is at most the smallest
     * cut lead minus the window (SanDistributed::BoundLookahead for the granted time window,
     * DeclareCutLink for null messages): a message sent at the window's end then still takes
     * effect no sooner than one lookahead later, and, while a flush is pending, every later
     * message too (the null-message engine's promise, its next event plus the lookahead). Every
     * message is delivered at its send time plus its link's lead on either setting, so results do
     * not change. \param window the window (0: per time step, the default)
     */
    static void SetBatchWindow(Time window);
    /// \return the batch window (0: per time step)
    static Time GetBatchWindow();

    /**
     * Encode a message as it crosses a cut (exposed for tests).
     * \param msg the message
     * \param[out] out the bytes
     */
    void Encode(const SanLinkMessage& msg, std::vector<uint8_t>& out) const;

    /**
     * Decode what Encode wrote and deliver it at the receiving end (exposed for tests). A
     * packet message gets a new descriptor from this process's pool.
     * \param data the bytes
     * \param size their number
     */
    void DecodeAndDeliver(const uint8_t* data, uint32_t size);

    /// ns-3's largest MPI message (granted-time-window and null-message interfaces alike).
    static constexpr uint32_t MAX_MESSAGE_BYTES = 2000;
    /// Bytes ns-3's MPI interfaces put before the packet: rx time, node and device (and the
    /// null-message engine's guarantee time).
    static constexpr uint32_t MPI_HEADER_BYTES = 24;
    /// Bytes an ns-3 Packet of raw bytes adds when serialized for MPI (its buffer, tag and
    /// metadata headers: a few dozen bytes; 64 leaves room to spare).
    static constexpr uint32_t PACKET_OVERHEAD_BYTES = 64;

  private:
    /**
     * Abort with a message naming this link if msg cannot cross a cut.
     * \param msg the message
     * \param now the current time (time steps)
     */
    void CheckCrossable(const SanLinkMessage& msg, int64_t now) const;

    /**
     * What ns-3's MPI receive path calls on this rank: a batch of messages (see FlushOutbox),
     * at its first message's delivery time. Every message of it is delivered then: the others
     * are due no sooner, and were sent before it (a batch window is shorter than a lead), and
     * a port that learns of a message at any time from its sending to its effect decides
     * alike (see the class), as over a SanChannel, which delivers at the sending time.
     * \param packet the bytes, as an ns-3 packet
     */
    void ReceiveRemote(Ptr<Packet> packet);

    /// A copy of the encoded message kept until a local delivery event runs.
    void DeliverLocal(std::vector<uint8_t> bytes);

    /**
     * Hand every message of the current time to ns-3's MPI interface (an event scheduled now,
     * once per time a message was sent), one packet per rank for all of them (ns-3's MPI
     * interfaces cost a buffer, a send and a receive event per packet). Why not at once,
     * message by message: ns-3's null-message engine promises
     * each neighbour, with every message, that nothing else comes before its next pending
     * event plus the lookahead; a port that sends and then schedules an earlier event of its
     * own in the same call would break that promise. Sent from an event of its own, the
     * promise is made when nothing more is scheduled at this time by the sender.
     */
    static void FlushOutbox();
    /**
     * Hand one rank's batch to MPI now.
     * \param rank the rank
     */
    static void SendBatch(uint32_t rank);
    /// An event that does nothing: pending while FlushOutbox sends (see there).
    static void KeepPromises();

    std::string LinkName() const;
    /// \return the fabric's cell records (aborts if it has none: not cut by a helper)
    SanCutCellRecords* CutCellRecords() const;

    uint64_t m_remote{0};              //!< messages sent to another rank
    uint64_t m_local{0};               //!< messages delivered through this rank's scheduler
    SanFabric* m_fabric{nullptr};      //!< the fabric that numbers its cut links
    uint32_t m_index{0};               //!< this link's number there
    int64_t m_leadSteps{-1};           //!< GetLead in time steps (-1: not set up)
    uint32_t m_rank[2]{0, 0};          //!< rank simulating each end
    uint32_t m_nodeId[2]{0, 0};        //!< each end's node
    bool m_remoteEnd[2]{false, false}; //!< each end is simulated by another rank
    uint32_t m_part[2]{0, 0};          //!< part of the cut each end is in (SetEndParts)
};

} // namespace ns3

#endif /* SAN_REMOTE_CHANNEL_H */
