/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "dart-hardware-cost-model.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DartHardwareCostModel");

NS_OBJECT_ENSURE_REGISTERED(DartHardwareCostModel);

TypeId
DartHardwareCostModel::GetTypeId()
{
    // Work is in i960 cycles: an estimated instruction count times an ASSUMED CPI of 1.0. The
    // 80960CA issues more than one instruction per clock and was rated at 66 MIPS (two per
    // clock at 33 MHz); the Operation Logic's code is dependent loads from card memory and
    // branches, so half that peak is assumed. A single-issue i960 (the low-cost Jx parts) at
    // its best would give the same figure.
    static TypeId tid =
        TypeId("ns3::DartHardwareCostModel")
            .SetParent<DartCostModel>()
            .SetGroupName("San")
            .AddConstructor<DartHardwareCostModel>()
            // Osborne 1994, section 3: "a cheap i960 embedded processor" runs the Operation
            // Logic. Chosen part: the superscalar Intel 80960CA (1989), made in grades up to
            // 40 MHz (K. Shirriff, "The complex history of the Intel i960 RISC processor",
            // righto.com, 2023, for the family); the 33 MHz grade, PCI's own clock, is ASSUMED.
            // FORE's ATM cards of the period ran their firmware on an i960 (SBA-200: von Eicken
            // et al., U-Net, SOSP 1995, section 4; PCA-200E and SBA-200E: the Linux driver's
            // drivers/atm/fore200e.h pads the card's structures for its i960).
            .AddAttribute(
                "ClockRate",
                "i960 clock rate in Hz.",
                DoubleValue(33e6),
                MakeDoubleAccessor(&SanNicCostModel::SetClockRate, &SanNicCostModel::GetClockRate),
                MakeDoubleChecker<double>(1.0))
            // Osborne 1994, section 3: the projected design is a card with its own processor.
            .AddAttribute("Engine",
                          "Who runs the send path and the Operation Logic.",
                          EnumValue(DartCostModel::CARD_PROCESSOR),
                          MakeEnumAccessor(&DartHardwareCostModel::m_engine),
                          MakeEnumChecker(DartCostModel::HOST_KERNEL,
                                          "HostKernel",
                                          DartCostModel::CARD_PROCESSOR,
                                          "CardProcessor"))
            // Osborne 1994, section 3: "a 155Mbps ATM LAN", SONET OC-3/STS-3c (155.52 Mbit/s
            // line rate, of which 260/270 carry cells, 149.76 Mbit/s: the Linux ATM layer's
            // ATM_OC3_PCR, include/linux/atmdev.h). The paper's nominal 155 Mbit/s is the
            // default. The 622 Mbit/s variant is this preset with LinkRate 622Mbps: OC-12/
            // STS-12c (622.08 Mbit/s line rate, 1040/1080 for cells; ATM_OC12_PCR).
            .AddAttribute("LinkRate",
                          "Link rate of the card: 155Mbps (OC-3) by default; 622Mbps for the "
                          "OC-12 variant.",
                          DataRateValue(DataRate("155Mbps")),
                          MakeDataRateAccessor(&DartHardwareCostModel::m_linkRate),
                          MakeDataRateChecker())
            // The card moves message data by DMA; the host moves no cell by programmed I/O.
            .AddAttribute("FifoCellBytes",
                          "Bytes the host moves by programmed I/O per cell (0: the card DMAs).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DartHardwareCostModel::m_fifoCellBytes),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED, 40 instructions once the last Send Register store lands: load the six
            // register words (6), the Connection Table entry (2 loads) and the Endpoint Table's
            // base and bound (2), bounds-check offset + size (3), form the virtual address (1),
            // TLB lookup as hash, tag load, compare and branch, physical-address load (6),
            // program the DMA engine (3 stores), write the cell header and 16 bytes of control
            // into the cell buffer (5), start the transmitter (1), dispatch and branches (11).
            .AddAttribute("SendWork",
                          "i960 cycles from the last Send Register store to starting the data's "
                          "DMA.",
                          DoubleValue(40),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_sendWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED. Each further cell: advance address and count (3), check for a page
            // crossing and look up the TLB again when it crosses (6), program the DMA (3), header
            // and start (3): 15 instructions.
            .AddAttribute("SendCellWork",
                          "i960 cycles per further cell of a multi-cell message.",
                          DoubleValue(15),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_sendCellWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED, 35 instructions per arriving message: extract the VCI from the header
            // (3), Connection Table entry (2 loads), Endpoint Table base and bound (2), decode
            // the opcode and index fields (4), check the indices against the connection's
            // register window (4), TLB lookup (6), bounds check (3), dispatch on the opcode (4),
            // branches (7).
            .AddAttribute("ReceiveWork",
                          "i960 cycles per arriving message before its primitives run.",
                          DoubleValue(35),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_receiveWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED, 10 instructions per primitive: jump-table dispatch (3), address-register
            // load (2), the operation (1), write-back or compare (2), bounds check of an
            // effective address (2).
            .AddAttribute("PrimitiveWork",
                          "i960 cycles per primitive operation executed.",
                          DoubleValue(10),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_primitiveWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED. Each further cell: check the VCI against the message in progress (3),
            // advance and bounds-check the destination (4), TLB lookup on a page crossing (6),
            // loop (2): 15 instructions.
            .AddAttribute("ReceiveCellWork",
                          "i960 cycles per further cell of a multi-cell message.",
                          DoubleValue(15),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_receiveCellWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED. Setting up the DMA of one 32-byte block: physical address, length and word
            // mask, start (5 stores), and the mask test (3): 8 instructions. The transfer itself
            // is HostBus DMA.
            .AddAttribute("DepositWork",
                          "i960 cycles to set up the DMA of one 32-byte block into host memory.",
                          DoubleValue(8),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_depositWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED. A remote read's reply: the reverse connection's entry (4), header and
            // control words into the cell buffer (5), DMA set-up for the data read (5), start
            // (1), branches (5): 20 instructions.
            .AddAttribute("ReplyWork",
                          "i960 cycles to form a read's reply cell.",
                          DoubleValue(20),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_replyWork),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED, host (Pentium) instructions after the interrupt's dispatch: find the
            // faulting endpoint address in the card's exception record (5), walk the two-level
            // x86 page table and check the page is resident (about 30), write the entry into the
            // card's TLB and restart it (about 15), call and return overhead (30): 80.
            .AddAttribute("TlbMissInstructions",
                          "Host instructions, after the interrupt's dispatch, to load a TLB "
                          "entry.",
                          DoubleValue(80),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_tlbMiss),
                          MakeDoubleChecker<double>(0.0))
            // ASSUMED, host instructions after the interrupt's dispatch: read the card's
            // exception record (10), build and queue an entry for the endpoint's owner (30),
            // post it through the kernel (about 110): 150. Waking a blocked owner is HostCpu
            // WakeupLatency, charged apart.
            .AddAttribute("ExceptionInstructions",
                          "Host instructions, after the interrupt's dispatch, to take an "
                          "exception and queue it.",
                          DoubleValue(150),
                          MakeDoubleAccessor(&DartHardwareCostModel::m_exception),
                          MakeDoubleChecker<double>(0.0));
    return tid;
}

DartHardwareCostModel::DartHardwareCostModel()
{
    // The attributes' initial values are applied when the object is created through its TypeId
    // (CreateObject, ObjectFactory); these keep a directly constructed object consistent.
    m_engine = CARD_PROCESSOR;
    m_linkRate = DataRate("155Mbps");
    m_fifoCellBytes = 0;
    m_sendWork = 40;
    m_sendCellWork = 15;
    m_receiveWork = 35;
    m_primitiveWork = 10;
    m_receiveCellWork = 15;
    m_depositWork = 8;
    m_replyWork = 20;
    m_tlbMiss = 80;
    m_exception = 150;
    SetClockRate(33e6);
}

DartHardwareCostModel::~DartHardwareCostModel() = default;

} // namespace ns3
