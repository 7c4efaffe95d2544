/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOST_NIC_DRIVER_COSTS_H
#define HOST_NIC_DRIVER_COSTS_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup san
 * \brief What a network interface and its device driver cost the host per packet: the base of
 * the NIC presets (e.g. Tulip100NicCosts, AcenicGigabitNicCosts).
 *
 * HostStackNetDevice charges, per packet sent: the driver's transmit routine and the DMA
 * set-up (descriptor, doorbell) on the CPU, then the NIC's descriptor fetch and the frame's DMA
 * on the host's I/O bus (the frame starts on the wire once "TransmitStartBytes" of it are on
 * the NIC, the rest of the DMA overlapping the wire; 0: the whole frame first), and, for a NIC
 * that interrupts when its transmitter finds the ring empty, that interrupt; per packet
 * received: the frame's DMA on the bus (all of it after the frame's arrival, or only its last
 * "ReceiveDmaTailBytes" if the NIC moved the rest while the frame arrived), then one interrupt
 * per batch (the NIC may hold its receive interrupt for "ReceiveInterruptDelay" or until
 * "ReceiveCoalesceFrames" frames, interrupt moderation) whose handler runs the driver's receive
 * routine once per frame.
 *
 * The base has no attributes: each preset declares them with its own cited defaults.
 */
class HostNicDriverCosts : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    HostNicDriverCosts();
    ~HostNicDriverCosts() override;

    /// \return driver instructions to hand one frame to the NIC
    double GetTransmitInstructions() const;
    /// \return driver instructions per received frame, in the interrupt handler
    double GetReceiveInstructions() const;
    /// \return driver instructions to set up one frame's DMA (descriptor, doorbell)
    double GetDmaSetupInstructions() const;
    /// \return bytes of one DMA descriptor the NIC reads across the bus per frame sent
    uint32_t GetDescriptorBytes() const;
    /// \return link-layer header bytes DMAed with each frame
    uint32_t GetLinkHeaderBytes() const;
    /// \return how long the NIC holds a receive interrupt after the first frame (0: at once)
    Time GetReceiveInterruptDelay() const;
    /// \return the card's own latency from a frame's arrival to the start of its DMA into host
    /// memory (firmware, reassembly); 0 unless the preset sets it
    Time GetReceiveLatency() const;
    /// \return frames after which the NIC interrupts at once
    uint32_t GetReceiveCoalesceFrames() const;
    /// \return true if the NIC verifies TCP/UDP checksums (the host does not)
    bool HasReceiveChecksumOffload() const;
    /// \return true if the NIC computes the TCP/UDP checksums of the segments it sends (the
    /// host's send call copies without summing)
    bool HasTransmitChecksumOffload() const;
    /// \return true if the device under the stack moves frames and takes its interrupts itself
    /// (a san NIC such as CLAN IP): the stack device then charges no DMA, descriptor or
    /// receive interrupt of its own, only the driver's and the stack's instructions
    bool DoesOwnIo() const;
    /// \return frames up to this many bytes (with link header) the driver copies into a fresh
    /// buffer on receive (Linux's rx_copybreak; 0: none)
    uint32_t GetReceiveCopyBreak() const;
    /// \return bytes of a frame the NIC holds before it starts the frame on the wire (its
    /// transmit threshold); 0: the whole frame (store and forward)
    uint32_t GetTransmitStartBytes() const;
    /// \return bytes of a received frame still to DMA into host memory when its last bit has
    /// arrived (the NIC moved the rest while it arrived); 0: the whole frame (store and forward)
    uint32_t GetReceiveDmaTailBytes() const;
    /// \return true if the NIC interrupts whenever its transmitter finds no further frame to
    /// send (the ring is empty) after a frame has left
    bool HasTransmitIdleInterrupt() const;
    /// \return driver instructions of that interrupt's handler (reap the sent frames)
    double GetTransmitIdleInstructions() const;

    /// \param instructions driver transmit instructions (not negative)
    void SetTransmitInstructions(double instructions);
    /// \param instructions driver receive instructions (not negative)
    void SetReceiveInstructions(double instructions);
    /// \param delay receive interrupt delay (not negative)
    void SetReceiveInterruptDelay(Time delay);

    /// \return the preset's name (for the CSV's source column)
    virtual std::string GetName() const;

  protected:
    bool m_ownIo{false};                   //!< the device does its own I/O
    double m_transmitInstructions{0};      //!< per frame sent
    double m_receiveInstructions{0};       //!< per frame received
    double m_dmaSetupInstructions{0};      //!< per frame sent
    uint32_t m_descriptorBytes{0};         //!< per frame sent
    uint32_t m_linkHeaderBytes{0};         //!< per frame
    Time m_receiveLatency;                 //!< card latency before the receive DMA
    Time m_receiveInterruptDelay;          //!< interrupt moderation timer
    uint32_t m_receiveCoalesceFrames{1};   //!< interrupt moderation frame count
    bool m_receiveChecksumOffload{false};  //!< NIC checks TCP/UDP checksums
    bool m_transmitChecksumOffload{false}; //!< NIC computes TCP/UDP checksums
    uint32_t m_receiveCopyBreak{0};        //!< driver copies frames up to this size
    uint32_t m_transmitStartBytes{0};      //!< transmit threshold (0: store and forward)
    uint32_t m_receiveDmaTailBytes{0};     //!< receive DMA after arrival (0: whole frame)
    bool m_transmitIdleInterrupt{false};   //!< interrupt when the transmitter goes idle
    double m_transmitIdleInstructions{0};  //!< that interrupt's handler
};

} // namespace ns3

#endif /* HOST_NIC_DRIVER_COSTS_H */
