/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CHANNEL_H
#define SAN_CHANNEL_H

#include "san-port.h"

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief One message crossing a SanChannel from one end to the other.
 *
 * On a credit link (SanChannel::CREDITS), either a packet (the far end learns when its head and
 * its tail arrive) or a credit (a new release time for one slot of the receiving port's credit
 * table, i.e. of a buffer at the sending end that the receiving port sends into). On an
 * Xon/Xoff link (SanChannel::XON_XOFF), a packet into a buffer (XPACKET: the receiving port
 * accounts for it) or a control symbol (XOFF, XON) that stops or restarts the receiving port's
 * sending on one virtual channel from releaseTs on. Built on the stack and passed by reference:
 * sending one allocates nothing.
 */
struct SanLinkMessage
{
    /// What a message carries.
    enum Kind : uint8_t
    {
        PACKET,  //!< a packet arriving at the receiving end
        CREDIT,  //!< a slot of the receiving port's credit table frees at releaseTs (or is HELD)
        XPACKET, //!< Xon/Xoff link: a packet into the receiving end's buffer on virtual
                 //!< channel packet->holdSlot
        XOFF,    //!< Xon/Xoff link: stop sending on virtual channel slot from releaseTs
        XON      //!< Xon/Xoff link: sending on virtual channel slot may resume from releaseTs
    };

    Kind kind;               //!< what it carries
    uint8_t from;            //!< the sending end (0 or 1, as attached); the other end receives
    uint32_t slot;           //!< CREDIT: the slot in the receiving port's credit table;
                             //!< XOFF, XON: the virtual channel
    SanFabricPacket* packet; //!< PACKET: the packet (nullptr for a credit)
    int64_t headTs;          //!< PACKET: time its head arrives at the receiving end (time steps)
    int64_t tailTs;          //!< PACKET: time its tail arrives there (time steps)
    int64_t releaseTs;       //!< CREDIT: time the slot frees, or SanPort::HELD;
                             //!< XOFF, XON: time the symbol takes effect at the receiving end

    /**
     * \param from sending end
     * \param packet the packet
     * \param headTs head arrival at the far end
     * \param tailTs tail arrival at the far end
     * \param kind PACKET, or XPACKET on an Xon/Xoff link into a buffer
     * \return a packet message
     */
    static SanLinkMessage PacketMessage(uint8_t from,
                                        SanFabricPacket* packet,
                                        int64_t headTs,
                                        int64_t tailTs,
                                        Kind kind = PACKET)
    {
        return SanLinkMessage{kind, from, 0, packet, headTs, tailTs, 0};
    }

    /**
     * \param from sending end
     * \param vc the virtual channel
     * \param xoff true for XOFF, false for XON
     * \param effectiveTs when it takes effect at the far end (sent now, it crosses the link)
     * \return an Xon/Xoff control symbol
     */
    static SanLinkMessage XonXoffMessage(uint8_t from, uint32_t vc, bool xoff, int64_t effectiveTs)
    {
        return SanLinkMessage{xoff ? XOFF : XON, from, vc, nullptr, 0, 0, effectiveTs};
    }

    /**
     * \param from sending end
     * \param slot slot in the receiving port's credit table
     * \param releaseTs when it frees (or SanPort::HELD)
     * \return a credit message
     */
    static SanLinkMessage CreditMessage(uint8_t from, uint32_t slot, int64_t releaseTs)
    {
        return SanLinkMessage{CREDIT, from, slot, nullptr, 0, 0, releaseTs};
    }
};

/**
 * \ingroup san
 * \brief A full-duplex fabric link between two SanPorts: its rate,
 * propagation delay and per-packet framing. Each direction is an
 * independent output link owned by the sending port.
 *
 * The channel owns all delivery between its two ends: everything one port
 * tells the other passes through the one virtual method Transmit(), as a
 * SanLinkMessage:
 * - PACKET: a packet leaving one end, with the times its head and its tail
 *   reach the other end;
 * - CREDIT: a new release time (or HELD) for a slot of the credit table of
 *   the port that sends into a buffer at this link's far end. Credits for
 *   this link's buffers travel on this link, even when the port that
 *   decides them sits further downstream (a blocked wormhole packet).
 * - on an Xon/Xoff link (FlowControl XonXoff) there are no credits: an
 *   XPACKET is a packet into the far end's buffer, and XOFF / XON are the
 *   control symbols the far end sends back to stop and restart its sender
 *   on one virtual channel; a symbol takes the propagation delay (it takes
 *   effect at releaseTs = sending time + Delay) but no link time, as a
 *   control character slipped between the data bytes of the reverse
 *   direction (what a wire protocol with in-band control symbols does).
 *   That a packet leaves a buffer is news only to the buffer's own port, in
 *   the same switch as the output it leaves by: it is told directly
 *   (SanPort::ReturnCredit finds it as the far end of the link the
 *   packet came in on) and nothing crosses the link.
 * A port never calls the port at the other end of its link, nor changes
 * another port's credits, except through its channel, or, on a bare link
 * (SanPort::AttachBare: two switch ports of one process, no channel object),
 * through DeliverTo(), which is what Deliver() does at the receiving end.
 *
 * Here, Transmit() calls Deliver(), which applies the message at the
 * receiving end at once, without an event of its own: the receiving port
 * schedules its own event (a switch's routing decision, a host's delivery)
 * in its node's context, so a packet-hop costs the same events as it did
 * before the channel carried it. Since that is all this class's Transmit()
 * does, the ends of a plain SanChannel (this class exactly, not a subclass)
 * skip the call and deliver to each other (DeliverTo()): a message does not
 * touch the channel's memory.
 *
 * A channel whose two ends are simulated by different MPI ranks overrides
 * Transmit() alone, as ns-3's PointToPointRemoteChannel overrides only
 * PointToPointChannel::TransmitStart to call MpiInterface::SendPacket: it
 * sends the message to the rank that owns the receiving end (named by its
 * node id and interface index), where it is handed to Deliver() of that
 * rank's copy of this channel. It must carry:
 * - for PACKET: headTs and tailTs, and the whole descriptor
 *   (SanFabricPacket: uid, src, dst, dstSwitch, bytes, seq, tag, createdTs,
 *   injectedTs, hops, traffic class, routing state and source route, wormhole
 *   flag, the splittable packet's fields (splittable, splitHeader, burstOffset,
 *   burstBytes) and the input slots of coalesced pieces (held),
 *   holdPort/holdSlot and the held slots with each port named by (node id,
 *   interface index), and the payload Packet, serialized); the receiving
 *   rank allocates a descriptor from its own pool and the sender frees its
 *   copy;
 * - for CREDIT, XOFF and XON: the slot and releaseTs; XPACKET as PACKET.
 *
 * Timing: a message is sent at the sender's current time t and must reach
 * the far rank before that rank's clock passes what it announces. A
 * packet's head arrives no earlier than t + Delay; a credit frees its slot
 * no earlier than t + the serialization time of the packet that leaves it
 * (framing included); an Xoff or Xon takes effect at t + Delay. A lookahead
 * no larger than Delay and that serialization time keeps such messages in
 * time; given the shortest packet, a longer one does (SanRemoteChannel::GetLead:
 * a packet is routed a switch's RoutingDelay after its head arrives). As the
 * model stands, one thing cannot cross ranks: a blocked wormhole packet marks
 * (HELD) or postpones slots several links upstream with effect from t itself,
 * so worms must not span ranks. A cell (Cell mode), which points at its
 * packet's reassembly record, crosses with a copy of that packet, and each
 * part keeps its own record (SanCutCellRecords).
 */
class SanChannel : public Channel
{
  public:
    /// Link-level flow control.
    enum FlowControl
    {
        CREDITS, //!< the sender knows every buffer slot at the far end (credits)
        XON_XOFF //!< the far end tells the sender to stop and resume (CLAN 1999, section 2.2)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanChannel();
    ~SanChannel() override;

    /**
     * Attach a port; the second attachment connects the two ends.
     * \param device the port
     */
    void Attach(SanPort* device);

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /// \return the link rate
    DataRate GetDataRate() const;
    /// \param rate the link's rate ("DataRate"; fixed once the fabric is built)
    void SetDataRate(DataRate rate);
    /// \param delay the propagation delay ("Delay"; fixed once the fabric is built)
    void SetDelay(Time delay);
    /// \param delay a credit's flight back ("CreditDelay"; fixed once the fabric is built)
    void SetCreditDelay(Time delay);
    /// \return a credit's flight back to the sending end
    Time GetCreditDelay() const;
    /// \param bytes framing per packet ("FramingBytes"; fixed once the fabric is built)
    void SetFramingBytes(uint32_t bytes);
    /// \return the propagation delay
    Time GetDelay() const;
    /// \return framing bytes per packet
    uint32_t GetFramingBytes() const;
    /// \return the link's flow control
    FlowControl GetFlowControl() const;
    /// \return the XoffThreshold attribute (bytes; 0: automatic)
    uint32_t GetXoffThreshold() const;
    /// \return the XonThreshold attribute (bytes; 0: automatic)
    uint32_t GetXonThreshold() const;

    /// \return the link's timing (SetTiming has run once a port is connected)
    const SanLinkTiming& GetTiming() const
    {
        return m_timing;
    }

    /**
     * Take the fabric of a port that attaches (SanPort::Attach, SanPort::AttachBare), and
     * with it the credit table's shape. Aborts if a port of another fabric attached before.
     * \param fabric the fabric
     */
    void UseFabric(SanFabric* fabric);
    /// Work out the timing from the attributes, once (SanPort::Connect): a later change to
    /// the attributes does not reach a connected link.
    void SetTiming();
    /// Stops with a message naming \p attribute once the timing is set (see SetDelay).
    void RefuseAfterTiming(const char* attribute) const;

    /// \return the handle by which ports keep the link (4 bytes in each, not a pointer's 8)
    uint32_t GetHandle() const
    {
        return m_handle;
    }

    /// \param handle a live link's handle, or 0 \return that link (nullptr for 0)
    static SanChannel* FromHandle(uint32_t handle)
    {
        return s_byHandle[handle];
    }

    /// \param end 0 or 1 \return the port attached at that end (nullptr if none)
    SanPort* GetPort(uint8_t end) const
    {
        return m_dev[end];
    }

    /**
     * \brief Carry a message from end msg.from to the other end: the only way
     * anything passes between the two ports (packets and credits alike).
     *
     * This implementation delivers at once (Deliver()). A remote (MPI)
     * channel overrides this method alone; see the class description for what
     * it must carry.
     * \param msg the message
     */
    virtual void Transmit(const SanLinkMessage& msg);

    /**
     * \brief Apply a message at a port now: a packet's arrival times to its ReceivePacket, a
     * credit to its credit table, an Xon/Xoff message to its flow control. How a channel
     * delivers (Deliver), and all a bare link does (SanPort::AttachBare).
     * \param to the receiving port
     * \param msg the message
     */
    static inline void DeliverTo(SanPort* to, const SanLinkMessage& msg);

  protected:
    void DoDispose() override;

    /**
     * \brief Apply a message at its receiving end now: a packet's arrival
     * times to ReceivePacket, a credit to the port's credit table.
     *
     * What Transmit() does on one process; a remote channel calls it on the
     * rank where the message arrives.
     * \param msg the message
     */
    inline void Deliver(const SanLinkMessage& msg) const;

  private:
    // What every message reads comes first, near the vtable pointer that Transmit() is
    // called through.
    SanPort* m_dev[2]{nullptr, nullptr}; //!< the two ends (owned by their nodes)
    DataRate m_rate;                     //!< link rate
    Time m_delay;                        //!< propagation delay
    Time m_creditDelay;                  //!< a credit's flight back
    uint32_t m_framing;                  //!< framing bytes per packet
    uint32_t m_nDevices{0};              //!< attached so far
    FlowControl m_flowControl{CREDITS};  //!< link-level flow control
    uint32_t m_xoffThreshold{0};         //!< Xon/Xoff: Xoff mark (0: automatic)
    uint32_t m_xonThreshold{0};          //!< Xon/Xoff: Xon mark (0: automatic)
    SanLinkTiming m_timing;              //!< what the ports read per packet
    uint32_t m_handle;                   //!< index in s_byHandle, from the constructor

    /// Every live link by handle (entry 0: none); the table grows in san-channel.cc, which
    /// recycles the handles of destroyed links.
    static inline SanChannel* s_none[1] = {nullptr};
    static inline SanChannel** s_byHandle = s_none; //!< the table's entries
};

// Inline: every packet-hop and every credit passes here.
void
SanChannel::Deliver(const SanLinkMessage& msg) const
{
    DeliverTo(m_dev[msg.from ^ 1], msg);
}

void
SanChannel::DeliverTo(SanPort* to, const SanLinkMessage& msg)
{
    if (msg.kind == SanLinkMessage::PACKET)
    {
        if (to->IsTraced())
        {
            to->TracePacket('r', msg.packet, SanPort::NO_VC, msg.tailTs);
        }
        to->ReceivePacket(msg.packet, msg.headTs, msg.tailTs);
    }
    else if (msg.kind == SanLinkMessage::CREDIT)
    {
        to->ReceiveCredit(msg.slot, msg.releaseTs);
    }
    else
    {
        to->ReceiveXonXoff(msg); // out of line: Xon/Xoff links only
    }
}

// Inline, here where SanChannel is complete: the port files (san-port-device.cc,
// san-port-splitter.cc) return a credit per packet-hop through it.
void
SanPort::ReturnCredit(SanPort* owner, uint32_t slot, int64_t ts)
{
    if (owner->m_xonXoff)
    {
        owner->ReleaseXonXoff(slot, ts); // no credits: the buffer's own end counts it
        return;
    }
    // The credit crosses the owner's link towards the owner, i.e. from its far end, and counts
    // there once it has (CreditDelay).
    if (ts != HELD)
    {
        ts += owner->Timing().creditSteps;
    }
    const SanLinkMessage msg = SanLinkMessage::CreditMessage(owner->m_end ^ 1, slot, ts);
    if (owner->m_peer != nullptr)
    {
        SanChannel::DeliverTo(owner, msg); // what Transmit would do (see SendOnLink)
        return;
    }
    owner->Link()->Transmit(msg);
}

SanChannel*
SanPort::Link() const
{
    return SanChannel::FromHandle(m_link);
}

SanChannel*
SanPort::GetLinkAttributes() const
{
    return Link();
}

SanPort*
SanPort::FarEnd() const
{
    return m_peer != nullptr ? m_peer : Link()->GetPort(m_end ^ 1);
}

// Inline, here where SanChannel is complete: the port files read the link's timing per
// departure.
const SanLinkTiming&
SanPort::Timing() const
{
    return Link()->GetTiming();
}

SanFabric*
SanPort::Fabric() const
{
    return m_link != 0 ? Link()->GetTiming().fabric : nullptr;
}

void
SanPort::SendOnLink(const SanLinkMessage& msg)
{
    if (m_peer != nullptr)
    {
        SanChannel::DeliverTo(m_peer, msg); // a bare link, or a plain SanChannel's Transmit
        return;
    }
    Link()->Transmit(msg);
}

} // namespace ns3

#endif /* SAN_CHANNEL_H */
