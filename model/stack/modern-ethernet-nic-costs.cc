/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "modern-ethernet-nic-costs.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ModernEthernetNicCosts");

NS_OBJECT_ENSURE_REGISTERED(ModernEthernetNicCosts);

TypeId
ModernEthernetNicCosts::GetTypeId()
{
    // Instruction counts run at ModernServerHostPreset's 3 GHz and CPI 1: 0.33 ns each.
    static TypeId tid =
        TypeId("ns3::ModernEthernetNicCosts")
            .SetParent<HostNicDriverCosts>()
            .SetGroupName("San")
            .AddConstructor<ModernEthernetNicCosts>()
            // ASSUMED: the driver's transmit routine (mlx5e_xmit: map the buffer, build the
            // work-queue entry with its control, Ethernet and data segments, ring bookkeeping,
            // byte-queue limits): about 400 instructions.
            .AddAttribute("TransmitInstructions",
                          "Driver instructions per frame sent.",
                          DoubleValue(400),
                          MakeDoubleAccessor(&ModernEthernetNicCosts::m_transmitInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: per received frame in the NAPI poll (read the completion entry, build
            // the sk_buff around the page, refill the ring, hand it to GRO's entry): about 400
            // instructions.
            .AddAttribute("ReceiveInstructions",
                          "Driver instructions per frame received (interrupt handler).",
                          DoubleValue(400),
                          MakeDoubleAccessor(&ModernEthernetNicCosts::m_receiveInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the doorbell (a write barrier, the doorbell record in host memory and
            // one posted write to the card's doorbell register): about 100 instructions' worth.
            .AddAttribute("DmaSetupInstructions",
                          "Driver instructions to start one frame's DMA.",
                          DoubleValue(100),
                          MakeDoubleAccessor(&ModernEthernetNicCosts::m_dmaSetupInstructions),
                          MakeDoubleChecker<double>(0))
            // The ConnectX send work-queue entry is built of 64-byte basic blocks (the Linux
            // mlx5 driver's MLX5_SEND_WQE_BB, 64); a frame with one data segment takes one,
            // which the card reads across the bus before the frame.
            .AddAttribute("DescriptorBytes",
                          "Bytes of descriptor the NIC reads per frame sent.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&ModernEthernetNicCosts::m_descriptorBytes),
                          MakeUintegerChecker<uint32_t>())
            // IEEE 802.3: destination, source and type fields, DMAed with the frame.
            .AddAttribute("LinkHeaderBytes",
                          "Link-layer header bytes DMAed with each frame.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&ModernEthernetNicCosts::m_linkHeaderBytes),
                          MakeUintegerChecker<uint32_t>())
            // DERIVED: the DMA reads' round trips, which ModernServerHostPreset's bus leaves out
            // ("DmaReadLatency" 0, so that reads keep their measured bandwidth): to send a frame
            // the card reads its descriptor, then the frame, each a read of host memory that
            // pcie-bench measured at 546 ns (64 bytes, median; Neugebauer et al., SIGCOMM 2018;
            // SOURCES.md), less the 12 ns the bus charges for the TLP itself: 2 x 534 ns =
            // 1068 ns per frame. Charged here, at the receiving card, as a wait that holds no
            // resource (the one per-frame latency the model has): a frame's one-way time carries
            // it and a stream does not pay it in occupancy, as PCIe overlaps its reads. The
            // card's own pipeline is taken as inside these figures (ConnectX-6: "sub-600 ns"
            // end to end, VENDOR).
            .AddAttribute("ReceiveLatency",
                          "Card latency before a received frame's DMA (DERIVED: the sender's "
                          "DMA read round trips).",
                          TimeValue(NanoSeconds(1068)),
                          MakeTimeAccessor(&ModernEthernetNicCosts::m_receiveLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: the card reads the whole frame before it starts it on the wire (no
            // published transmit threshold; at 100 Gbit/s a 1.5 KB frame's DMA, 0.23 us, is
            // short beside the rest).
            .AddAttribute("TransmitStartBytes",
                          "Bytes on the NIC before a frame starts on the wire (0: whole frame).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ModernEthernetNicCosts::m_transmitStartBytes),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: the card writes a received frame to host memory once it has all of it
            // (its checksum checked): the whole frame's DMA after the arrival.
            .AddAttribute("ReceiveDmaTailBytes",
                          "Bytes still to DMA when a received frame has arrived (0: whole frame).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ModernEthernetNicCosts::m_receiveDmaTailBytes),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: send completions are reaped in the receive side's NAPI poll, without an
            // interrupt of their own.
            .AddAttribute("TransmitIdleInterrupt",
                          "The NIC interrupts when its transmitter finds the ring empty.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ModernEthernetNicCosts::m_transmitIdleInterrupt),
                          MakeBooleanChecker())
            .AddAttribute("TransmitIdleInstructions",
                          "Driver instructions of the transmit-idle interrupt's handler.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&ModernEthernetNicCosts::m_transmitIdleInstructions),
                          MakeDoubleChecker<double>(0))
            // VENDOR: "By default, the driver uses adaptive interrupt moderation for the receive
            // path ... Below a lower limit of packet rate, the moderation time will be set to its
            // lowest value" (NVIDIA MLNX_EN documentation, "Ethernet Driver Usage and
            // Configuration"). A ping-pong's rate is far below it: ASSUMED 0, an interrupt at
            // once. The model's moderation does not adapt: under a stream's load the real
            // driver raises the time and takes fewer interrupts than modelled here.
            .AddAttribute("ReceiveInterruptDelay",
                          "Interrupt moderation timer (0: interrupt at once).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&ModernEthernetNicCosts::m_receiveInterruptDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ReceiveCoalesceFrames",
                          "Frames after which the NIC interrupts at once.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&ModernEthernetNicCosts::m_receiveCoalesceFrames),
                          MakeUintegerChecker<uint32_t>(1))
            // VENDOR: the adapters' stateless offloads include the TCP/UDP checksums on receive
            // and on transmit ("ethtool -K eth<x> [rx on|off] [tx on|off]", MLNX_EN
            // documentation), on by default.
            .AddAttribute("ReceiveChecksumOffload",
                          "The NIC verifies TCP/UDP checksums.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ModernEthernetNicCosts::m_receiveChecksumOffload),
                          MakeBooleanChecker())
            .AddAttribute("TransmitChecksumOffload",
                          "The NIC computes the TCP/UDP checksums of the segments sent.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&ModernEthernetNicCosts::m_transmitChecksumOffload),
                          MakeBooleanChecker())
            // ASSUMED: the driver builds each sk_buff around the page the card wrote into (no
            // copy-break).
            .AddAttribute("ReceiveCopyBreak",
                          "The driver copies received frames up to this many bytes.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ModernEthernetNicCosts::m_receiveCopyBreak),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

ModernEthernetNicCosts::ModernEthernetNicCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
ModernEthernetNicCosts::GetName() const
{
    return "connectx-class-100g";
}

} // namespace ns3
