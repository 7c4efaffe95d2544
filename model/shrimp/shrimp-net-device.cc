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
#include "ns3/pointer.h"
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
            .AddAttribute(
                "CostModel",
                "The interface's and driver's costs (a ShrimpCostModel; the paper's interface when "
                "none is set).",
                PointerValue(),
                MakePointerAccessor(&ShrimpNetDevice::SetCostModel, &ShrimpNetDevice::GetCostModel),
                MakePointerChecker<ShrimpCostModel>())
            // The Pentium's 4 KB pages: the page tables have an entry per page (section 3.2).
            .AddAttribute("PageBytes",
                          "Bytes per page (the unit of the OPT and the IPT).",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&ShrimpNetDevice::SetPageBytes,
                                               &ShrimpNetDevice::GetPageBytes),
                          MakeUintegerChecker<uint32_t>(64))
            // ASSUMED: the paper does not size the Outgoing FIFO; a combined packet closes at
            // 1 KB, the EISA burst a deliberate update's DMA reads for one packet.
            .AddAttribute("MaxPacketData",
                          "Largest data of one packet (a combined packet closes there; a "
                          "deliberate update sends at most this per packet).",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&ShrimpNetDevice::SetMaxPacketData,
                                               &ShrimpNetDevice::GetMaxPacketData),
                          MakeUintegerChecker<uint32_t>(4, 65532));
    return tid;
}

ShrimpNetDevice::ShrimpNetDevice()
    : m_port(CreateObject<SanResource>()),
      m_outgoingDma(AddDmaEngine(PORT_OUTGOING))
{
    m_port->SetNumPriorities(2);
    GetDmaEngine()->SetBusPriority(PORT_INCOMING);
    // The incoming FIFO orders the Incoming DMA Engine's transfers; update jobs share the
    // outgoing datapath's bus class grant by grant.
    GetDmaEngine()->SetImmediateStart(true);
    m_outgoingDma->SetImmediateStart(true);
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
    m_outgoingDma = nullptr;
    m_cost = nullptr;
    m_incoming.clear();
    m_fences.clear();
    m_landingWaiters.clear();
    m_notify = NotifyCallback();
    m_kernelMessage = KernelMessageCallback();
    SanNicDevice::DoDispose();
}

void
ShrimpNetDevice::SetPageBytes(uint32_t bytes)
{
    RefuseAfterAttach("PageBytes", "the page tables");
    m_pageBytes = bytes;
}

void
ShrimpNetDevice::SetCostModel(Ptr<ShrimpCostModel> model)
{
    NS_ABORT_MSG_IF(model == nullptr && IsAttached(),
                    "ShrimpNetDevice: CostModel cannot be unset once attached");
    m_cost = model;
}

Ptr<ShrimpCostModel>
ShrimpNetDevice::GetCostModel() const
{
    return m_cost;
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
    if (m_cost == nullptr)
    {
        m_cost = CreateObject<ShrimpCostModel>(); // the paper's interface
    }
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

std::optional<ShrimpOutgoingEntry>
ShrimpNetDevice::FindOutgoingEntry(uint64_t page) const
{
    return m_opt.Find(page);
}

void
ShrimpNetDevice::SetIncomingEntry(uint64_t page, const ShrimpIncomingEntry& entry)
{
    m_ipt.Set(page, entry);
}

std::optional<ShrimpIncomingEntry>
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

void
ShrimpNetDevice::SetKernelMessageCallback(KernelMessageCallback cb)
{
    m_kernelMessage = cb;
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
