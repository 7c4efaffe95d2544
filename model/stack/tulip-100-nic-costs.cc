/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tulip-100-nic-costs.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Tulip100NicCosts");

NS_OBJECT_ENSURE_REGISTERED(Tulip100NicCosts);

TypeId
Tulip100NicCosts::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Tulip100NicCosts")
            .SetParent<HostNicDriverCosts>()
            .SetGroupName("San")
            .AddConstructor<Tulip100NicCosts>()
            // ASSUMED: tulip_start_xmit: take the ring slot, fill the descriptor's buffer
            // address and length, ring bookkeeping and statistics: about 300 instructions.
            .AddAttribute("TransmitInstructions",
                          "Driver instructions per frame sent.",
                          DoubleValue(300),
                          MakeDoubleAccessor(&Tulip100NicCosts::m_transmitInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: tulip_rx per frame: check the descriptor's status, allocate a buffer,
            // eth_type_trans, netif_rx, give the descriptor back: about 500 instructions (the
            // copy of the frame is charged apart, see ReceiveCopyBreak).
            .AddAttribute("ReceiveInstructions",
                          "Driver instructions per frame received (interrupt handler).",
                          DoubleValue(500),
                          MakeDoubleAccessor(&Tulip100NicCosts::m_receiveInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: hand the descriptor to the chip (its OWN bit) and write the transmit
            // poll demand register (one uncached store across the PCI bus): about 100
            // instructions' worth.
            .AddAttribute("DmaSetupInstructions",
                          "Driver instructions to start one frame's DMA.",
                          DoubleValue(100),
                          MakeDoubleAccessor(&Tulip100NicCosts::m_dmaSetupInstructions),
                          MakeDoubleChecker<double>(0))
            // The 21140's descriptors are four 32-bit words in host memory (DEC 21140 PCI Fast
            // Ethernet LAN Controller Hardware Reference Manual, descriptor formats), which the
            // chip reads across the bus before each frame.
            .AddAttribute("DescriptorBytes",
                          "Bytes of descriptor the NIC reads per frame sent.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&Tulip100NicCosts::m_descriptorBytes),
                          MakeUintegerChecker<uint32_t>())
            // IEEE 802.3: destination, source and type fields, DMAed with the frame.
            .AddAttribute("LinkHeaderBytes",
                          "Link-layer header bytes DMAed with each frame.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&Tulip100NicCosts::m_linkHeaderBytes),
                          MakeUintegerChecker<uint32_t>())
            // FITTED (the preset's one free parameter) to the Tripwire paper's Table 1 "100 Mbit
            // ethernet RTT 160 us" with LinuxAlphaStackCosts, 1-byte messages
            // (TcpBaselineExperiments): the time from a frame's arrival to its last DMA into host
            // memory that the documented and assumed costs (wire, bus, interrupt, driver, stack,
            // wake-up) leave unexplained: 43.525 us per received frame. That is large for a chip
            // that moves a frame while it arrives (GAMMA, Chiola and Ciaccio, Euro-Par 1998,
            // measured 12.7 us one way, user to user, over 100base-T with a kernel-level
            // messaging layer on Pentium PCs, chips and wire included): it stands for whatever
            // else the Alpha's Tulip path costs (uncached CSR reads across the 21174 bridge in
            // the interrupt handler, cache misses in the driver and kernel after the process
            // ran), for which no published breakdown was found. The paper's own rows point the
            // same way: CLAN IP (the same stack, 100 us) is 60 us faster per round trip than
            // this Ethernet. Modelled as a wait that holds no resource, since which one it
            // really holds (CPU, bus or chip) is unknown: were it CPU time, a stream would also
            // pay it in occupancy.
            .AddAttribute("ReceiveLatency",
                          "Card and driver latency before a received frame's DMA (FITTED).",
                          TimeValue(NanoSeconds(43525)),
                          MakeTimeAccessor(&Tulip100NicCosts::m_receiveLatency),
                          MakeTimeChecker(Seconds(0)))
            // DIGITAL Semiconductor 21140A PCI Fast Ethernet LAN Controller Hardware Reference
            // Manual, CSR6 threshold control bits: at 100 Mb/s with TR = 00 the chip starts a
            // frame on the wire once 128 bytes of it are in its transmit FIFO (or the whole
            // frame, if shorter). Linux 2.2's tulip.c (v0.91) leaves TR at 00 and raises it only
            // after a transmit underflow.
            .AddAttribute("TransmitStartBytes",
                          "Bytes on the NIC before a frame starts on the wire (0: whole frame).",
                          UintegerValue(128),
                          MakeUintegerAccessor(&Tulip100NicCosts::m_transmitStartBytes),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: the 21140 empties its receive FIFO into host memory in bursts of the
            // programmed burst length while the frame arrives; tulip.c programs CSR0 on the
            // Alpha for 32-longword bursts (csr0 = 0x01A0E000), so at most one 128-byte burst
            // is left when the frame's last bit is in.
            .AddAttribute("ReceiveDmaTailBytes",
                          "Bytes still to DMA when a received frame has arrived (0: whole frame).",
                          UintegerValue(128),
                          MakeUintegerAccessor(&Tulip100NicCosts::m_receiveDmaTailBytes),
                          MakeUintegerChecker<uint32_t>())
            // Linux 2.2's tulip.c (v0.91): a transmit descriptor asks for no completion
            // interrupt (only every half ring), but the chip raises "transmit buffer
            // unavailable" (CSR5 TU, enabled in CSR7) whenever its transmitter finds the next
            // descriptor still the host's and suspends, i.e. after the last queued frame; the
            // driver's own notes say the Tx-done interrupt cannot be turned off.
            .AddAttribute("TransmitIdleInterrupt",
                          "The NIC interrupts when its transmitter finds the ring empty.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&Tulip100NicCosts::m_transmitIdleInterrupt),
                          MakeBooleanChecker())
            // ASSUMED: tulip_interrupt for that event: read and acknowledge CSR5, reap the sent
            // descriptors (dev_kfree_skb), wake the queue, read CSR5 again to leave: about 300
            // instructions.
            .AddAttribute("TransmitIdleInstructions",
                          "Driver instructions of the transmit-idle interrupt's handler.",
                          DoubleValue(300),
                          MakeDoubleAccessor(&Tulip100NicCosts::m_transmitIdleInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: Linux 2.2's tulip driver programs no interrupt moderation: one receive
            // interrupt per frame.
            .AddAttribute("ReceiveInterruptDelay",
                          "Interrupt moderation timer (0: interrupt at once).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&Tulip100NicCosts::m_receiveInterruptDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ReceiveCoalesceFrames",
                          "Frames after which the NIC interrupts at once.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&Tulip100NicCosts::m_receiveCoalesceFrames),
                          MakeUintegerChecker<uint32_t>(1))
            // The 21140 computes no TCP/UDP checksums.
            .AddAttribute("ReceiveChecksumOffload",
                          "The NIC verifies TCP/UDP checksums.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&Tulip100NicCosts::m_receiveChecksumOffload),
                          MakeBooleanChecker())
            // Linux's tulip driver sets rx_copybreak to 1518 on the Alpha (every frame is
            // copied into a fresh, aligned buffer, which spares the Alpha unaligned loads of
            // the IP header behind the 14-byte Ethernet header); 100 elsewhere.
            .AddAttribute("ReceiveCopyBreak",
                          "The driver copies received frames up to this many bytes.",
                          UintegerValue(1518),
                          MakeUintegerAccessor(&Tulip100NicCosts::m_receiveCopyBreak),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

Tulip100NicCosts::Tulip100NicCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
Tulip100NicCosts::GetName() const
{
    return "tulip-21140-100";
}

} // namespace ns3
