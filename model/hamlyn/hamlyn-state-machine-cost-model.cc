/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-state-machine-cost-model.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynStateMachineCostModel");

NS_OBJECT_ENSURE_REGISTERED(HamlynStateMachineCostModel);

TypeId
HamlynStateMachineCostModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HamlynStateMachineCostModel")
            .SetParent<HamlynCostModel>()
            .SetGroupName("San")
            .AddConstructor<HamlynStateMachineCostModel>()
            // Hamlyn 1995, section 4.2: the projection is counted in 25 ns LANai cycles ("46 +
            // 18d/32 LANai cycles"), one GSC+ bus cycle each (40 MHz).
            .AddAttribute(
                "ClockRate",
                "State-machine clock rate in Hz.",
                DoubleValue(40e6),
                MakeDoubleAccessor(&SanNicCostModel::SetClockRate, &SanNicCostModel::GetClockRate),
                MakeDoubleChecker<double>(1.0))
            // Section 4.2, first component: "a GSC+ bus cycle to move the 'start transmission'
            // request to the interface". Taken literally: one 25 ns GSC+ cycle on the bus.
            .AddAttribute("StartRequestBusCycles",
                          "Host-bus cycles to move a DMA message's start-transmission request "
                          "to the interface (once per message).",
                          DoubleValue(1),
                          MakeDoubleAccessor(&HamlynStateMachineCostModel::m_startRequestBus),
                          MakeDoubleChecker<double>(0.0))
            // Section 4.2, second component: "the time to assemble and transmit the header".
            // The transmit part is the header's link time (fabric); assumed: one state-machine
            // cycle to assemble the header from the request (the paper gives no split).
            .AddAttribute("HeaderAssemblyCycles",
                          "State-machine cycles to assemble a packet's header.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&HamlynStateMachineCostModel::m_headerAssembly),
                          MakeDoubleChecker<double>(0.0))
            // Section 4.2, fourth component: "the time to read the header at the receiving
            // interface". The header's arrival is the fabric's; assumed: one state-machine
            // cycle to check slot, key and range once it is on the card.
            .AddAttribute("HeaderCheckCycles",
                          "State-machine cycles to check an incoming header.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&HamlynStateMachineCostModel::m_rxHeader),
                          MakeDoubleChecker<double>(0.0))
            // Section 4.2, fifth component: the data is pipelined through the buses, the
            // interfaces and the switch. The receiver's deposit streams behind the arriving
            // data, so its last burst cannot start before the tail has arrived: burst = one
            // GSC+ burst, 32 bytes (the HostBus default Width 4 x BurstLength 8, inferred from
            // Hamlyn Table 3 note a: 18 cycles per 32).
            .AddAttribute("ChunkBytes",
                          "Payload bytes of the last host-bus burst of a cut-through deposit "
                          "(it starts only once the packet's tail is on the card).",
                          UintegerValue(32),
                          MakeUintegerAccessor(&HamlynStateMachineCostModel::m_chunkBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // Not sized by the paper (section 4.2 leaves notifications out of the projection):
            // assumed no state-machine cycles beyond the GSC+ write of the 4-byte word.
            .AddAttribute("SendNotifyCycles",
                          "State-machine cycles to tell the sending host a message is gone.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&HamlynStateMachineCostModel::m_sendNotify),
                          MakeDoubleChecker<double>(0.0))
            // As SendNotifyCycles: only the GSC+ write of the 16-byte entry.
            .AddAttribute("ReceiveNotifyCycles",
                          "State-machine cycles to post a notification-queue entry.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&HamlynStateMachineCostModel::m_rxNotify),
                          MakeDoubleChecker<double>(0.0));
    return tid;
}

HamlynStateMachineCostModel::HamlynStateMachineCostModel()
{
    // Section 4.2: the state machines cut packets through the card. No processor work per
    // packet beyond the header; no cycle stealing, no DMA set-up, no per-message start cost
    // beyond the start request.
    m_cutThrough = true;
    m_rxFastPathBytes = 0xffffffffu;
}

HamlynStateMachineCostModel::~HamlynStateMachineCostModel() = default;

} // namespace ns3
