/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "fore-lane-nic-costs.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ForeLaneNicCosts");

NS_OBJECT_ENSURE_REGISTERED(ForeLaneNicCosts);

TypeId
ForeLaneNicCosts::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ForeLaneNicCosts")
            .SetParent<HostNicDriverCosts>()
            .SetGroupName("San")
            .AddConstructor<ForeLaneNicCosts>()
            // ASSUMED: NDIS's send path, the LAN Emulation client's lookup of the destination
            // MAC address's data-direct VC, and the miniport's send handler: about 1200
            // instructions.
            .AddAttribute("TransmitInstructions",
                          "Driver instructions per frame sent.",
                          DoubleValue(1200),
                          MakeDoubleAccessor(&ForeLaneNicCosts::m_transmitInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the interrupt handler and receive DPC per reassembled frame, the LAN
            // Emulation client's header check, and NDIS's indication: about 1000 instructions.
            .AddAttribute("ReceiveInstructions",
                          "Driver instructions per frame received (interrupt handler).",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&ForeLaneNicCosts::m_receiveInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: post the transmit descriptor to the card's queue and ring its doorbell:
            // about 100 instructions' worth.
            .AddAttribute("DmaSetupInstructions",
                          "Driver instructions to start one frame's DMA.",
                          DoubleValue(100),
                          MakeDoubleAccessor(&ForeLaneNicCosts::m_dmaSetupInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the card's i960 reads a 16-byte transmit descriptor per frame.
            .AddAttribute("DescriptorBytes",
                          "Bytes of descriptor the NIC reads per frame sent.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&ForeLaneNicCosts::m_descriptorBytes),
                          MakeUintegerChecker<uint32_t>())
            // ATM Forum LAN Emulation v1.0: the 2-byte LEC ID and the 14-byte Ethernet
            // header travel with each frame (the card adds the AAL5 trailer).
            .AddAttribute("LinkHeaderBytes",
                          "Link-layer header bytes DMAed with each frame.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&ForeLaneNicCosts::m_linkHeaderBytes),
                          MakeUintegerChecker<uint32_t>())
            // FITTED (the preset's one free parameter) to the SCILAN paper's Table 3 "ATM
            // 304.5 us" with WindowsNtStackCosts (ScilanTcpBaselines): the card's i960 from a
            // frame's last cell to the start of its DMA into host memory (reassembly,
            // firmware): 83.1 us, which section 4.7 does not break down ("the latency for ATM and
            // 100baseT is primarily due to the DMA setup overhead and interrupt handling").
            .AddAttribute("ReceiveLatency",
                          "Card latency from a frame's last cell to its DMA (FITTED).",
                          TimeValue(NanoSeconds(83100)),
                          MakeTimeAccessor(&ForeLaneNicCosts::m_receiveLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: no interrupt moderation: one receive interrupt per frame.
            .AddAttribute("ReceiveInterruptDelay",
                          "Interrupt moderation timer (0: interrupt at once).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&ForeLaneNicCosts::m_receiveInterruptDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ReceiveCoalesceFrames",
                          "Frames after which the NIC interrupts at once.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&ForeLaneNicCosts::m_receiveCoalesceFrames),
                          MakeUintegerChecker<uint32_t>(1))
            // NT 4.0's TCP/IP does not use checksum offload: the host checks every segment.
            .AddAttribute("ReceiveChecksumOffload",
                          "The NIC verifies TCP/UDP checksums.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&ForeLaneNicCosts::m_receiveChecksumOffload),
                          MakeBooleanChecker())
            // ASSUMED: the miniport indicates the DMAed buffer itself (no copy).
            .AddAttribute("ReceiveCopyBreak",
                          "The driver copies received frames up to this many bytes.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ForeLaneNicCosts::m_receiveCopyBreak),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

ForeLaneNicCosts::ForeLaneNicCosts()
{
    NS_LOG_FUNCTION(this);
}

std::string
ForeLaneNicCosts::GetName() const
{
    return "fore-pca200e-lane";
}

} // namespace ns3
