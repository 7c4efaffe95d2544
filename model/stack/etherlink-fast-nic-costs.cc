/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "etherlink-fast-nic-costs.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EtherlinkFastNicCosts");

NS_OBJECT_ENSURE_REGISTERED(EtherlinkFastNicCosts);

TypeId
EtherlinkFastNicCosts::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EtherlinkFastNicCosts")
            .SetParent<HostNicDriverCosts>()
            .SetGroupName("San")
            .AddConstructor<EtherlinkFastNicCosts>()
            // ASSUMED: NDIS's send path into the miniport (NdisSend, the packet descriptor's
            // buffer chain walked for physical addresses) and the miniport's send handler:
            // about 800 instructions.
            .AddAttribute("TransmitInstructions",
                          "Driver instructions per frame sent.",
                          DoubleValue(800),
                          MakeDoubleAccessor(&EtherlinkFastNicCosts::m_transmitInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the miniport's interrupt handler and receive DPC per frame, and NDIS's
            // indication to the protocol: about 800 instructions.
            .AddAttribute("ReceiveInstructions",
                          "Driver instructions per frame received (interrupt handler).",
                          DoubleValue(800),
                          MakeDoubleAccessor(&EtherlinkFastNicCosts::m_receiveInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: link the download descriptor into the card's list and write its
            // command register: about 100 instructions' worth.
            .AddAttribute("DmaSetupInstructions",
                          "Driver instructions to start one frame's DMA.",
                          DoubleValue(100),
                          MakeDoubleAccessor(&EtherlinkFastNicCosts::m_dmaSetupInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a bus-master descriptor with one fragment (link, status, address and
            // length words): 16 bytes read by the card per frame.
            .AddAttribute("DescriptorBytes",
                          "Bytes of descriptor the NIC reads per frame sent.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&EtherlinkFastNicCosts::m_descriptorBytes),
                          MakeUintegerChecker<uint32_t>())
            // IEEE 802.3: destination, source and type fields, DMAed with the frame.
            .AddAttribute("LinkHeaderBytes",
                          "Link-layer header bytes DMAed with each frame.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&EtherlinkFastNicCosts::m_linkHeaderBytes),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: no interrupt moderation: one receive interrupt per frame.
            .AddAttribute("ReceiveInterruptDelay",
                          "Interrupt moderation timer (0: interrupt at once).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&EtherlinkFastNicCosts::m_receiveInterruptDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ReceiveCoalesceFrames",
                          "Frames after which the NIC interrupts at once.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&EtherlinkFastNicCosts::m_receiveCoalesceFrames),
                          MakeUintegerChecker<uint32_t>(1))
            // NT 4.0's TCP/IP does not use checksum offload: the host checks every segment.
            .AddAttribute("ReceiveChecksumOffload",
                          "The NIC verifies TCP/UDP checksums.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&EtherlinkFastNicCosts::m_receiveChecksumOffload),
                          MakeBooleanChecker())
            // ASSUMED: the miniport indicates the DMAed buffer itself (no copy).
            .AddAttribute("ReceiveCopyBreak",
                          "The driver copies received frames up to this many bytes.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EtherlinkFastNicCosts::m_receiveCopyBreak),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

EtherlinkFastNicCosts::EtherlinkFastNicCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
EtherlinkFastNicCosts::GetName() const
{
    return "3com-fast-ethernet-ndis";
}

} // namespace ns3
