/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-net-device.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ShrimpNetDevice");

NS_OBJECT_ENSURE_REGISTERED(ShrimpNetDevice);

TypeId
ShrimpNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ShrimpNetDevice")
            .SetParent<SanNicDevice>()
            .SetGroupName("San")
            .AddConstructor<ShrimpNetDevice>()
            // The Pentium's 4 KB pages: the page tables have an entry per page (section 3.2).
            .AddAttribute("PageBytes",
                          "Bytes per page (the unit of the OPT and the IPT).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&ShrimpNetDevice::SetPageBytes,
                                               &ShrimpNetDevice::GetPageBytes),
                          MakeUintegerChecker<uint32_t>(64))
            // FITTED to au_1word_latency_uncached_us = 3.7 (SHRIMP 1996, section 3.4): the
            // paper gives no timing of its own logic (snoop logic and ribbon to the EISA card,
            // OPT look-up and packetizing, the NIC chip's pipeline, and the incoming side's
            // IPT look-up before the DMA starts). Every other latency of the one-word update
            // is a bus, link or processor cost of its own.
            .AddAttribute("DatapathLatency",
                          "Latency of the interface's own logic, sending and receiving cards "
                          "together (FITTED).",
                          TimeValue(NanoSeconds(2300)),
                          MakeTimeAccessor(&ShrimpNetDevice::m_datapathLatency),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: the two ends' logic is alike (packetizing and the NIC chip on one side,
            // the NIC chip and the IPT look-up on the other): an even split.
            .AddAttribute("OutgoingShare",
                          "Part of DatapathLatency spent on the sending side.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&ShrimpNetDevice::m_outgoingShare),
                          MakeDoubleChecker<double>(0, 1))
            // ASSUMED: Intel's NIC chip moves 64 bits per cycle on its processor port; at the
            // iMRC's 200 MB/s link rate (the chip is matched to its router) the port is
            // never the bottleneck of an EISA host.
            .AddAttribute("PortRate",
                          "Rate of the NIC chip's processor port, shared by the Arbiter.",
                          DataRateValue(DataRate("1600Mbps")),
                          MakeDataRateAccessor(&ShrimpNetDevice::m_portRate),
                          MakeDataRateChecker())
            // ASSUMED: the paper does not size the Outgoing FIFO; a combined packet closes at
            // 1 KB, the EISA burst a deliberate update's DMA reads for one packet.
            .AddAttribute("MaxPacketData",
                          "Largest data of one packet (a combined packet closes there; a "
                          "deliberate update sends at most this per packet).",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&ShrimpNetDevice::SetMaxPacketData,
                                               &ShrimpNetDevice::GetMaxPacketData),
                          MakeUintegerChecker<uint32_t>(4, 65532))
            // ASSUMED: the timer is programmable; the paper gives no value. 2 us is a few
            // times the interval between a copy loop's stores.
            .AddAttribute("CombineTimeout",
                          "A combined packet leaves when no update has followed for this long "
                          "(pages configured with the timer).",
                          TimeValue(MicroSeconds(2)),
                          MakeTimeAccessor(&ShrimpNetDevice::m_combineTimeout),
                          MakeTimeChecker(Seconds(0)))
            // ASSUMED: the driver's handler for a frozen datapath reads the card's status,
            // logs the fault, discards the packet and thaws the datapath: 300 instructions.
            .AddAttribute("FaultHandlerInstructions",
                          "Instructions of the driver's handler for a frozen receive datapath.",
                          DoubleValue(300),
                          MakeDoubleAccessor(&ShrimpNetDevice::m_faultInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: the handler reads the interrupting address from the card and finds the
            // process that exported the page: 100 instructions (the signal is VMMC's cost).
            .AddAttribute("NotifyHandlerInstructions",
                          "Instructions of the kernel's handler for a notification interrupt.",
                          DoubleValue(100),
                          MakeDoubleAccessor(&ShrimpNetDevice::m_notifyInstructions),
                          MakeDoubleChecker<double>(0))
            // ASSUMED: a fence or its echo is a few dozen instructions of the daemon's
            // kernel support: 50.
            .AddAttribute("FenceHandlerInstructions",
                          "Instructions of the kernel's handler for a fence or its echo.",
                          DoubleValue(50),
                          MakeDoubleAccessor(&ShrimpNetDevice::m_fenceInstructions),
                          MakeDoubleChecker<double>(0));
    return tid;
}

ShrimpNetDevice::ShrimpNetDevice()
    : m_port(CreateObject<SanResource>())
{
    m_port->SetNumPriorities(2);
    SetDropReasons({"MALFORMED", "DISABLED_PAGE", "BAD_ADDRESS"});
}

ShrimpNetDevice::~ShrimpNetDevice() = default;

void
ShrimpNetDevice::DoDispose()
{
    m_combineTimer.Cancel();
    if (m_port)
    {
        m_port->Dispose();
    }
    m_port = nullptr;
    m_memorySystem = nullptr;
    m_incoming.clear();
    m_fences.clear();
    m_landingWaiters.clear();
    m_notify = NotifyCallback();
    SanNicDevice::DoDispose();
}

void
ShrimpNetDevice::SetPageBytes(uint32_t bytes)
{
    RefuseAfterAttach("PageBytes", "the page tables");
    m_pageBytes = bytes;
}

void
ShrimpNetDevice::SetMaxPacketData(uint32_t bytes)
{
    m_maxPacketData = bytes;
    if (IsAttached())
    {
        CheckMaxPacketData();
    }
}

uint32_t
ShrimpNetDevice::GetMaxPacketData() const
{
    return m_maxPacketData;
}

void
ShrimpNetDevice::CheckMaxPacketData() const
{
    NS_ABORT_MSG_IF(ShrimpHeader::BYTES + m_maxPacketData > GetFabricPort()->GetMaxPacketSize(),
                    "ShrimpNetDevice: MaxPacketData " << m_maxPacketData << " + the "
                                                      << ShrimpHeader::BYTES
                                                      << "-byte header exceeds the fabric's "
                                                      << GetFabricPort()->GetMaxPacketSize());
}

void
ShrimpNetDevice::NotifyAttached()
{
    NS_ABORT_MSG_IF(m_pageBytes & (m_pageBytes - 1),
                    "ShrimpNetDevice: PageBytes " << m_pageBytes << " is not a power of two");
    CheckMaxPacketData();
    m_opt = ShrimpPageTable<ShrimpOutgoingEntry>(m_pageBytes);
    m_ipt = ShrimpPageTable<ShrimpIncomingEntry>(m_pageBytes);
    m_memorySystem = GetHost()->GetMemorySystem();
    // The EISA card's own arbitration between its two DMA engines: incoming first, as at the
    // NIC chip's port.
    if (GetIoBus()->GetNumPriorities() < 2)
    {
        GetIoBus()->SetNumPriorities(2);
    }
}

uint32_t
ShrimpNetDevice::GetPageBytes() const
{
    return m_pageBytes;
}

void
ShrimpNetDevice::SetOutgoingEntry(uint64_t page, const ShrimpOutgoingEntry& entry)
{
    NS_LOG_FUNCTION(this << page << entry.dstHost << entry.dstPage);
    NS_ABORT_MSG_IF(entry.dstPage % m_pageBytes != 0,
                    "ShrimpNetDevice::SetOutgoingEntry: destination " << entry.dstPage
                                                                      << " is not a page base");
    if (m_open && m_openPacket.srcPage == page)
    {
        CloseOpenPacket();
    }
    m_opt.Set(page, entry);
}

void
ShrimpNetDevice::ClearOutgoingEntry(uint64_t page)
{
    if (m_open && m_openPacket.srcPage == page)
    {
        CloseOpenPacket();
    }
    m_opt.Clear(page);
}

const ShrimpOutgoingEntry*
ShrimpNetDevice::FindOutgoingEntry(uint64_t page) const
{
    return m_opt.Find(page);
}

void
ShrimpNetDevice::SetIncomingEntry(uint64_t page, const ShrimpIncomingEntry& entry)
{
    m_ipt.Set(page, entry);
}

const ShrimpIncomingEntry*
ShrimpNetDevice::FindIncomingEntry(uint64_t page) const
{
    return m_ipt.Find(page);
}

void
ShrimpNetDevice::SnoopRegion(uint64_t addr)
{
    NS_ABORT_MSG_UNLESS(IsAttached(), "ShrimpNetDevice::SnoopRegion: not attached");
    GetMemory()->SetWriteSnoop(addr, MakeCallback(&ShrimpNetDevice::Snooped, this));
}

void
ShrimpNetDevice::SetNotifyCallback(NotifyCallback cb)
{
    m_notify = cb;
}

bool
ShrimpNetDevice::IsFrozen() const
{
    return m_frozen;
}

uint64_t
ShrimpNetDevice::GetNPacketsSent() const
{
    return m_packetsSent;
}

uint64_t
ShrimpNetDevice::GetNBytesSent() const
{
    return m_bytesSent;
}

uint64_t
ShrimpNetDevice::GetNUpdatesSnooped() const
{
    return m_updates;
}

uint64_t
ShrimpNetDevice::GetNPacketsDelivered() const
{
    return m_delivered;
}

uint64_t
ShrimpNetDevice::GetNNotifications() const
{
    return m_notifications;
}

uint64_t
ShrimpNetDevice::GetNFreezes() const
{
    return m_freezes;
}

Ptr<SanResource>
ShrimpNetDevice::GetPort() const
{
    return m_port;
}

} // namespace ns3
