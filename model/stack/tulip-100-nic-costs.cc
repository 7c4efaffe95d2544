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
