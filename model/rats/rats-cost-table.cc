/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "rats-cost-table.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RatsCostTable");

NS_OBJECT_ENSURE_REGISTERED(RatsCostTable);

double
RatsCostProfile::SendDirectOn(uint32_t m, uint32_t d) const
{
    return sendDirectOn + sendDirectPerByte * (static_cast<double>(m) + d);
}

double
RatsCostProfile::SendDmaOn(uint32_t m) const
{
    return sendDmaOn + sendDmaPerMetaByte * m;
}

TypeId
RatsCostTable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RatsCostTable")
            .SetParent<Object>()
            .SetGroupName("San")
            .AddConstructor<RatsCostTable>()
            // Hamlyn 1995, Table 1, sender, tagged_write::write, on-cp 10 (direct I/O and DMA).
            .AddAttribute("TaggedWriteOpOn",
                          "tagged_write::write, on-cp instructions (Table 1).",
                          DoubleValue(10),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedOpOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, sender, tagged_write::write, off-cp 6.
            .AddAttribute("TaggedWriteOpOff",
                          "tagged_write::write, off-cp instructions (Table 1).",
                          DoubleValue(6),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedOpOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, sender, sendmsg, direct I/O, on-cp 69 + 3d/4.
            .AddAttribute("TaggedWriteSendDirectOn",
                          "sendmsg (direct I/O), fixed on-cp instructions (Table 1).",
                          DoubleValue(69),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedSendDirectOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, sender, sendmsg, direct I/O, on-cp 69 + 3d/4.
            .AddAttribute("TaggedWriteSendDirectPerByte",
                          "sendmsg (direct I/O), on-cp instructions per payload byte (Table 1).",
                          DoubleValue(0.75),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedSendDirectPerByte),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, sender, sendmsg, direct I/O, off-cp 17.
            .AddAttribute("TaggedWriteSendDirectOff",
                          "sendmsg (direct I/O), off-cp instructions (Table 1).",
                          DoubleValue(17),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedSendDirectOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, sender, sendmsg, DMA, on-cp 88.
            .AddAttribute("TaggedWriteSendDmaOn",
                          "sendmsg (DMA), fixed on-cp instructions (Table 1).",
                          DoubleValue(88),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedSendDmaOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1 (no metadata in a tagged write).
            .AddAttribute("TaggedWriteSendDmaPerMetaByte",
                          "sendmsg (DMA), on-cp instructions per metadata byte (Table 1).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedSendDmaPerMetaByte),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, sender, sendmsg, DMA, off-cp 13.
            .AddAttribute("TaggedWriteSendDmaOff",
                          "sendmsg (DMA), off-cp instructions (Table 1).",
                          DoubleValue(13),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedSendDmaOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, receiver, poll, on-cp 31.
            .AddAttribute("TaggedWritePollOn",
                          "poll, on-cp instructions (Table 1).",
                          DoubleValue(31),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedPollOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, receiver, poll, off-cp 4.
            .AddAttribute("TaggedWritePollOff",
                          "poll, off-cp instructions (Table 1).",
                          DoubleValue(4),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedPollOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, receiver, process_arrival, on-cp 16.
            .AddAttribute("TaggedWriteArrivalOn",
                          "process_arrival, on-cp instructions (Table 1).",
                          DoubleValue(16),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedArrivalOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, receiver, get_tag, on-cp 15.
            .AddAttribute("TaggedWriteRecvOn",
                          "get_tag, on-cp instructions (Table 1).",
                          DoubleValue(15),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedRecvOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 1, receiver, get_tag, off-cp 20.
            .AddAttribute("TaggedWriteRecvOff",
                          "get_tag, off-cp instructions (Table 1).",
                          DoubleValue(20),
                          MakeDoubleAccessor(&RatsCostTable::m_taggedRecvOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, send, on-cp 10 (direct I/O and DMA).
            .AddAttribute("SimpleDatagramOpOn",
                          "send, on-cp instructions (Table 2).",
                          DoubleValue(10),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramOpOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, send, off-cp (empty).
            .AddAttribute("SimpleDatagramOpOff",
                          "send, off-cp instructions (Table 2).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramOpOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, sendmsg, direct I/O, on-cp 67 + 3(m+d)/4.
            .AddAttribute("SimpleDatagramSendDirectOn",
                          "sendmsg (direct I/O), fixed on-cp instructions (Table 2).",
                          DoubleValue(67),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramSendDirectOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, sendmsg, direct I/O, on-cp 67 + 3(m+d)/4 (m, d in
            // bytes: the 12+16 row gives 1.04 us).
            .AddAttribute(
                "SimpleDatagramSendDirectPerByte",
                "sendmsg (direct I/O), on-cp instructions per metadata + data byte (Table 2).",
                DoubleValue(0.75),
                MakeDoubleAccessor(&RatsCostTable::m_datagramSendDirectPerByte),
                MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, sendmsg, direct I/O, off-cp 10.
            .AddAttribute("SimpleDatagramSendDirectOff",
                          "sendmsg (direct I/O), off-cp instructions (Table 2).",
                          DoubleValue(10),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramSendDirectOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, sendmsg, DMA, on-cp 88 + 3m/4.
            .AddAttribute("SimpleDatagramSendDmaOn",
                          "sendmsg (DMA), fixed on-cp instructions (Table 2).",
                          DoubleValue(88),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramSendDmaOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, sendmsg, DMA, on-cp 88 + 3m/4.
            .AddAttribute("SimpleDatagramSendDmaPerMetaByte",
                          "sendmsg (DMA), on-cp instructions per metadata byte (Table 2).",
                          DoubleValue(0.75),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramSendDmaPerMetaByte),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, sender, sendmsg, DMA, off-cp 7.
            .AddAttribute("SimpleDatagramSendDmaOff",
                          "sendmsg (DMA), off-cp instructions (Table 2).",
                          DoubleValue(7),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramSendDmaOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, receiver, poll, on-cp 28.
            .AddAttribute("SimpleDatagramPollOn",
                          "poll, on-cp instructions (Table 2).",
                          DoubleValue(28),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramPollOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, receiver, poll, off-cp 4.
            .AddAttribute("SimpleDatagramPollOff",
                          "poll, off-cp instructions (Table 2).",
                          DoubleValue(4),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramPollOff),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, receiver, process_arrival, on-cp 39.
            .AddAttribute("SimpleDatagramArrivalOn",
                          "process_arrival, on-cp instructions (Table 2).",
                          DoubleValue(39),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramArrivalOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, receiver, recv, on-cp 14.
            .AddAttribute("SimpleDatagramRecvOn",
                          "recv, on-cp instructions (Table 2).",
                          DoubleValue(14),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramRecvOn),
                          MakeDoubleChecker<double>(0))
            // Hamlyn 1995, Table 2, receiver, recv, off-cp 22.
            .AddAttribute("SimpleDatagramRecvOff",
                          "recv, off-cp instructions (Table 2).",
                          DoubleValue(22),
                          MakeDoubleAccessor(&RatsCostTable::m_datagramRecvOff),
                          MakeDoubleChecker<double>(0));
    return tid;
}

RatsCostTable::RatsCostTable()
{
}

RatsCostProfile
RatsCostTable::GetTaggedWrite() const
{
    RatsCostProfile p;
    p.opOn = m_taggedOpOn;
    p.opOff = m_taggedOpOff;
    p.sendDirectOn = m_taggedSendDirectOn;
    p.sendDirectPerByte = m_taggedSendDirectPerByte;
    p.sendDirectOff = m_taggedSendDirectOff;
    p.sendDmaOn = m_taggedSendDmaOn;
    p.sendDmaPerMetaByte = m_taggedSendDmaPerMetaByte;
    p.sendDmaOff = m_taggedSendDmaOff;
    p.pollOn = m_taggedPollOn;
    p.pollOff = m_taggedPollOff;
    p.arrivalOn = m_taggedArrivalOn;
    p.recvOn = m_taggedRecvOn;
    p.recvOff = m_taggedRecvOff;
    return p;
}

RatsCostProfile
RatsCostTable::GetSimpleDatagram() const
{
    RatsCostProfile p;
    p.opOn = m_datagramOpOn;
    p.opOff = m_datagramOpOff;
    p.sendDirectOn = m_datagramSendDirectOn;
    p.sendDirectPerByte = m_datagramSendDirectPerByte;
    p.sendDirectOff = m_datagramSendDirectOff;
    p.sendDmaOn = m_datagramSendDmaOn;
    p.sendDmaPerMetaByte = m_datagramSendDmaPerMetaByte;
    p.sendDmaOff = m_datagramSendDmaOff;
    p.pollOn = m_datagramPollOn;
    p.pollOff = m_datagramPollOff;
    p.arrivalOn = m_datagramArrivalOn;
    p.recvOn = m_datagramRecvOn;
    p.recvOff = m_datagramRecvOff;
    return p;
}

} // namespace ns3
