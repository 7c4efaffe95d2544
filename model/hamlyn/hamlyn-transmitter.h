/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HAMLYN_TRANSMITTER_H
#define HAMLYN_TRANSMITTER_H

#include "hamlyn-card.h"
#include "hamlyn-header.h"
#include "hamlyn-send-terminus.h"

#include "ns3/host-pinned-region.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/san-round-robin-arbiter.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup san
 * \brief The send path of a HamlynNetDevice: serves its send termini round-robin, one packet
 * at a time (section 2.3), cuts messages into packets of "PacketSize" payload bytes with their
 * slot offsets and delta fields, and puts them on the fabric.
 *
 * Store-and-forward presets (the LANai 3 of Tables 3-5): a direct-I/O packet is sent from the
 * work queue ("send packet"); a DMA message is started once ("start data to card"), then each
 * packet's payload is loaded by the host DMA engine while the processor loads its header, and
 * the packet is sent when both are on the card (Table 4 note a). Termini are served one packet
 * at a time, round-robin; there is no cut-through at the card on sending (Tables 4 and 5): a
 * packet of another message starts only when the card has no packet left in it, so separate
 * messages do not overlap. Within one multi-packet message, a packet's load overlaps the
 * previous packet's send when a second send buffer is free (Table 5's "(N-2) load/send" row).
 *
 * Cut-through presets (the state machine of section 4.2): see HamlynNetDevice's preset notes;
 * one packet at a time is on the link, and its tail is paced by the payload's DMA.
 *
 * "Sent": when a request asks for it, the processor writes the request's handle into the
 * terminus' completion word in host memory after the last packet has left (Table 3's sender
 * [notify host]), off the critical path but occupying the processor and the DMA engine.
 */
class HamlynTransmitter
{
  public:
    /// \param card the device whose send path this is
    explicit HamlynTransmitter(HamlynCard& card);

    /**
     * \brief Serve a terminus from now on.
     * \param terminus the terminus (its id is the number of termini served so far)
     * \param completionWord host address of its completion word
     * \param completionWordBytes the word's size (it keeps it)
     */
    void AddTerminus(Ptr<HamlynSendTerminus> terminus,
                     uint64_t completionWord,
                     uint32_t completionWordBytes);
    /// \param id terminus id \return the terminus (aborts if unknown)
    Ptr<HamlynSendTerminus> GetTerminus(uint16_t id) const;
    /// \return the number of termini
    uint32_t GetNTermini() const;
    /// \param id terminus id \return host address of its completion word
    uint64_t GetCompletionWordAddress(uint16_t id) const;
    /// \param id terminus id \return bytes of its completion word
    uint32_t GetCompletionWordBytes(uint16_t id) const;
    /// \brief The device is disposed: close every terminus, forget them and the link engine.
    void Dispose();

    /// \param buffers packet buffers for outgoing packets in the card's memory ("SendBuffers",
    /// read at each packet)
    void SetSendBuffers(uint32_t buffers);
    /// \return packet buffers for outgoing packets
    uint32_t GetSendBuffers() const;

    /// \brief A terminus has work, or a resource freed: start what can start.
    void Kick();
    /// \return send buffers in use
    uint32_t GetBuffersInUse() const;
    /// \return packets handed to the fabric
    uint64_t GetNPacketsSent() const;
    /// \return DMA requests refused (bad area, offset or length)
    uint64_t GetNRequestsRejected() const;

  private:
    /// A packet on its way out.
    struct TxPacket
    {
        HamlynHeader header;    //!< its header
        Ptr<Packet> packet;     //!< payload (header added at transmission)
        uint32_t dst{0};        //!< destination host
        uint32_t payload{0};    //!< payload bytes
        bool last{false};       //!< last packet of its message
        bool notifySent{false}; //!< write the completion word after it
        uint16_t terminus{0};   //!< sending terminus
        uint64_t handle{0};     //!< request handle
        Time procStart;         //!< start of its send step (stage traces)
        Time loadStart;         //!< start of its payload load
        Time lastByte;          //!< cut-through: when its last byte is on the card
        bool predicted{false};  //!< cut-through: lastByte known when the load started
        bool loaded{false};     //!< cut-through: the payload DMA has ended
        bool tailGone{false};   //!< cut-through: the tail has left the card
    };

    typedef std::shared_ptr<TxPacket> TxPtr; //!< a packet shared by the steps that handle it

    /// \return the terminus to serve next, or nullptr
    Ptr<HamlynSendTerminus> Pick();
    /// Start the next packet of \p t (takes a send buffer).
    void StartPacket(Ptr<HamlynSendTerminus> t);
    /// Store-and-forward send of a packet built by StartPacket.
    void StartStoreAndForward(TxPtr tx,
                              bool direct,
                              bool first,
                              Ptr<HostPinnedRegion> area,
                              uint64_t src);
    /// Cut-through send of a packet built by StartPacket.
    void StartCutThrough(TxPtr tx,
                         bool direct,
                         bool first,
                         Ptr<HostPinnedRegion> area,
                         uint64_t src);
    /// Put a packet on the link. \param tx the packet \param paced its tail is paced by its
    /// payload's load (cut-through), else it is whole on the card (store-and-forward)
    void Transmit(TxPtr tx, bool paced);
    /// Cut-through: free the buffer once the tail is gone and the load has ended.
    void CtMaybeFree(TxPtr tx);
    /// A packet has left the card: its buffer frees.
    void PacketGone(TxPtr tx);
    /// A message's last packet has left: completion word if asked.
    void MessageSent(TxPtr tx);
    /// \param area the area \param src offset \param bytes length \return a packet of those bytes
    static Ptr<Packet> ReadPayload(Ptr<HostPinnedRegion> area, uint64_t src, uint32_t bytes);

    /// \param id a terminus id (aborts if there is no such terminus)
    void CheckTerminus(uint16_t id) const;

    HamlynCard& m_dev;                              //!< the device
    Ptr<SanResource> m_linkOut;                     //!< outbound link engine
    std::vector<Ptr<HamlynSendTerminus>> m_termini; //!< send termini by id
    std::vector<uint64_t> m_completionWords;        //!< per terminus
    std::vector<uint32_t> m_completionWordSizes;    //!< per terminus, as allocated
    SanRoundRobinArbiter m_arbiter;                 //!< terminus arbiter
    uint32_t m_sendBuffers{2};                      //!< "SendBuffers"
    uint32_t m_buffersInUse{0};                     //!< SRAM send buffers taken
    int32_t m_active{-1};       //!< terminus whose message the card works on (-1: none)
    bool m_requestOnBus{false}; //!< cut-through: a start request crosses the bus
    uint64_t m_sent{0};         //!< packets sent
    uint64_t m_rejected{0};     //!< DMA requests refused
};

} // namespace ns3

#endif /* HAMLYN_TRANSMITTER_H */
