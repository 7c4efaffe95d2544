/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-net-device.h"

#include "hamlyn-context.h"
#include "hamlyn-lanai3-cost-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/san-callback.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynNetDevice");

NS_OBJECT_ENSURE_REGISTERED(HamlynNetDevice);

TypeId
HamlynNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HamlynNetDevice")
            .SetParent<SanNicDevice>()
            .SetGroupName("San")
            .AddConstructor<HamlynNetDevice>()
            // Hamlyn 1995, section 4.2 and Table 5: 512-byte packets on Myrinet (128 on FedEx,
            // section 2.6).
            .AddAttribute("PacketSize",
                          "Payload bytes per packet (messages are cut into packets of this size).",
                          UintegerValue(512),
                          MakeUintegerAccessor(&HamlynNetDevice::m_packetSize),
                          MakeUintegerChecker<uint32_t>(1))
            // Section 2.3: "64 in our prototype".
            .AddAttribute("WorkQueueEntries",
                          "Requests a send terminus' work queue holds.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&HamlynNetDevice::m_workQueueEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // Section 4.2: "Hamlyn protection keys are 32 bits long" in the measurements
            // (section 2.2: 32 or 64).
            .AddAttribute(
                "KeyBits",
                "Protection key length: 32 or 64 bits.",
                UintegerValue(32),
                MakeUintegerAccessor(&HamlynNetDevice::SetKeyBits, &HamlynNetDevice::GetKeyBits),
                MakeUintegerChecker<uint32_t>(32, 64))
            // Assumed: double buffering in the card's SRAM (Table 5's pipeline overlaps the
            // load of one packet with the send of the previous one).
            .AddAttribute("SendBuffers",
                          "Packet buffers for outgoing packets in the card's memory.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&HamlynNetDevice::SetSendBuffers,
                                               &HamlynNetDevice::GetSendBuffers),
                          MakeUintegerChecker<uint32_t>(1))
            // Assumed (the paper gives no layout): slot 2, notification index 2, offset 4, key 4,
            // counter Y0 4 bytes; a DMA request's area, offset and length take the same space
            // as the slot/offset words they replace. 16 bytes with a 32-bit key.
            .AddAttribute("RequestDescriptorBytes",
                          "Bytes of a send request's descriptor, stored by the host into the "
                          "terminus' work queue.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&HamlynNetDevice::m_descriptorBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // Assumed: 4 KB pages (section 2.2: areas are vectors of physical pages).
            .AddAttribute("PageSize",
                          "Page size of message areas in host memory.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&HamlynNetDevice::m_pageSize),
                          MakeUintegerChecker<uint32_t>(1))
            // Assumed (the paper gives no size).
            .AddAttribute("NotificationQueueEntries",
                          "Entries in each application's notification queue.",
                          UintegerValue(256),
                          MakeUintegerAccessor(&HamlynNetDevice::m_notifyQueueEntries),
                          MakeUintegerChecker<uint32_t>(1))
            // Section 2.4: "our prototype supported about a thousand slots".
            .AddAttribute("SlotCacheSize",
                          "Slots whose descriptors the interface holds; others are fetched "
                          "from host memory on use.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&HamlynNetDevice::SetSlotCacheSize,
                                               &HamlynNetDevice::GetSlotCacheSize),
                          MakeUintegerChecker<uint32_t>(1))
            // Assumed: base, limit, key, owner: 16 bytes.
            .AddAttribute("SlotDescriptorBytes",
                          "Bytes fetched over the host bus on a slot-cache miss.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&HamlynNetDevice::SetSlotDescriptorBytes,
                                               &HamlynNetDevice::GetSlotDescriptorBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // Table 3: "updating a word in host memory to indicate that the message has been
            // sent".
            .AddAttribute("CompletionWordBytes",
                          "Bytes written to host memory when a message has been sent (a "
                          "terminus keeps the size its word was created with).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&HamlynNetDevice::m_completionWordBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "CostModel",
                "Per-stage costs (a HamlynCostModel preset, e.g. "
                "ns3::HamlynLanai3CostModel).",
                PointerValue(),
                MakePointerAccessor(&HamlynNetDevice::SetCostModel, &HamlynNetDevice::GetCostModel),
                MakePointerChecker<HamlynCostModel>())
            .AddTraceSource("PacketTx",
                            "A packet was handed to the fabric.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_txTrace),
                            "ns3::HamlynNetDevice::PacketTracedCallback")
            .AddTraceSource("PacketRx",
                            "A packet's payload reached host memory.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_rxTrace),
                            "ns3::HamlynNetDevice::PacketTracedCallback")
            .AddTraceSource("Notification",
                            "A notification entry was written (application, area); entries lost "
                            "to a full queue do not fire it.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_notifyTrace),
                            "ns3::HamlynNetDevice::EventTracedCallback")
            .AddTraceSource("SendComplete",
                            "A message's last packet has left, and its completion word is "
                            "written if it asked for one (terminus, handle).",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_sendDoneTrace),
                            "ns3::HamlynNetDevice::EventTracedCallback")
            .AddTraceSource("RequestReject",
                            "A DMA request named an area or range the terminus does not own "
                            "(terminus, handle).",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_rejectTrace),
                            "ns3::HamlynNetDevice::EventTracedCallback");
    return tid;
}

HamlynNetDevice::HamlynNetDevice()
    : m_packetSize(512),
      m_workQueueEntries(64),
      m_keyBits(32),
      m_pageSize(4096),
      m_notifyQueueEntries(256),
      m_completionWordBytes(4),
      m_descriptorBytes(16),
      m_slotCacheSize(1000),
      m_tx(*this),
      m_rx(*this, m_slots)
{
    m_processor = CreateObject<SanResource>();
    SetDropReasons({"UnknownSlot",
                    "BadKey",
                    "OutOfRange",
                    "UnknownArea",
                    "UnknownNotifyArea",
                    "Malformed",
                    "Revoked"});
    GetDmaEngine()->TraceConnectWithoutContext("Busy",
                                               MakeCallback(&HamlynNetDevice::HostDmaBusy, this));
}

HamlynNetDevice::~HamlynNetDevice() = default;

void
HamlynNetDevice::DoDispose()
{
    m_tx.Dispose();
    m_rx.Dispose();
    m_areas.clear();
    m_cost = nullptr;
    if (m_processor != nullptr)
    {
        m_processor->Dispose(); // drops the steps in its queue, which may hold what holds it
        m_processor = nullptr;
    }
    SanNicDevice::DoDispose();
}

void
HamlynNetDevice::NotifyAttached()
{
    NS_ABORT_MSG_IF(m_keyBits != 32 && m_keyBits != 64,
                    "HamlynNetDevice: KeyBits must be 32 or 64, not " << m_keyBits);
    if (m_cost == nullptr)
    {
        SetCostModel(CreateObject<HamlynLanai3CostModel>());
    }
}

void
HamlynNetDevice::DmaActivity(int delta)
{
    NS_ASSERT(delta > 0 || m_activeDmas > 0);
    m_activeDmas += delta;
    const double rate = (m_activeDmas > 0 && m_cost != nullptr) ? m_cost->GetDmaStealRate() : 1.0;
    m_processor->SetRate(rate);
}

void
HamlynNetDevice::HostDmaBusy(bool busy)
{
    DmaActivity(busy ? 1 : -1);
}

void
HamlynNetDevice::CheckAttached(const char* what) const
{
    NS_ABORT_MSG_IF(!IsAttached(),
                    "HamlynNetDevice::" << what
                                        << ": attach the device to a host first (HamlynHelper)");
}

void
HamlynNetDevice::SetSlotCacheSize(uint32_t slots)
{
    NS_ABORT_MSG_IF(slots == 0, "HamlynNetDevice: SlotCacheSize must be > 0");
    m_slotCacheSize = slots;
    m_slots.SetCacheSize(slots);
}

uint32_t
HamlynNetDevice::GetSlotCacheSize() const
{
    return m_slotCacheSize;
}

void
HamlynNetDevice::SetCostModel(Ptr<HamlynCostModel> model)
{
    m_cost = model;
    // Only cut-through presets listen for heads (the port then costs one event more per
    // packet); the others receive whole packets.
    ListenForHeads(model != nullptr && model->IsCutThrough());
}

Ptr<HamlynCostModel>
HamlynNetDevice::GetCostModel() const
{
    return m_cost;
}

Ptr<HamlynContext>
HamlynNetDevice::OpenContext(uint32_t notifyAreas, uint32_t priority)
{
    CheckAttached("OpenContext");
    const uint32_t app = AddApplication(notifyAreas);
    Ptr<HamlynSendTerminus> terminus = CreateTerminus(priority);
    return Create<HamlynContext>(this, app, terminus);
}

// ---- control plane -------------------------------------------------------------------------

uint32_t
HamlynNetDevice::AddApplication(uint32_t notifyAreas)
{
    CheckAttached("AddApplication");
    NS_ABORT_MSG_IF(notifyAreas >= HamlynHeader::NO_NOTIFY,
                    "HamlynNetDevice: at most " << HamlynHeader::NO_NOTIFY - 1
                                                << " notification areas per application");
    return m_rx.AddApplication(Create<SanEventQueue>(GetMemory(),
                                                     GetCpu(),
                                                     m_notifyQueueEntries,
                                                     HamlynNotification::MAX_BYTES),
                               notifyAreas);
}

Ptr<SanEventQueue>
HamlynNetDevice::GetNotificationQueue(uint32_t app) const
{
    return m_rx.GetNotificationQueue(app);
}

const HamlynNotificationAssembly&
HamlynNetDevice::GetNotificationAssembly(uint32_t app) const
{
    return m_rx.GetNotificationAssembly(app);
}

uint32_t
HamlynNetDevice::CreateMessageArea(uint64_t size)
{
    CheckAttached("CreateMessageArea");
    uint32_t id = m_nextArea++;
    m_areas[id] = Create<HostPinnedRegion>(GetMemory(), size, m_pageSize);
    return id;
}

Ptr<HostPinnedRegion>
HamlynNetDevice::GetMessageArea(uint32_t id) const
{
    auto it = m_areas.find(id);
    return it == m_areas.end() ? nullptr : it->second;
}

void
HamlynNetDevice::ReleaseMessageArea(uint32_t id)
{
    m_areas.erase(id);
}

void
HamlynNetDevice::DefineSlot(uint16_t slot,
                            uint32_t app,
                            uint32_t area,
                            uint64_t base,
                            uint64_t limit,
                            uint64_t key)
{
    NS_ABORT_MSG_IF(app >= m_rx.GetNApplications(),
                    "HamlynNetDevice::DefineSlot: slot " << slot << ": no application " << app);
    Ptr<HostPinnedRegion> a = GetMessageArea(area);
    NS_ABORT_MSG_IF(a == nullptr,
                    "HamlynNetDevice::DefineSlot: slot " << slot << ": no message area " << area);
    NS_ABORT_MSG_IF(limit <= base || limit > a->GetSize(),
                    "HamlynNetDevice::DefineSlot: slot "
                        << slot << " window [" << base << ", " << limit << ") is empty or outside "
                        << "its area of " << a->GetSize() << " bytes");
    NS_ABORT_MSG_IF(m_keyBits == 32 && key > 0xffffffffULL,
                    "HamlynNetDevice::DefineSlot: slot " << slot << ": key does not fit in 32 "
                                                         << "bits (KeyBits)");
    HamlynSlot s;
    s.area = area;
    s.base = base;
    s.limit = limit;
    s.key = key;
    s.application = app;
    s.generation = ++m_slotGeneration;
    m_slots.Define(slot, s);
}

void
HamlynNetDevice::RevokeSlot(uint16_t slot)
{
    m_slots.Revoke(slot);
}

const HamlynSlotTable&
HamlynNetDevice::GetSlotTable() const
{
    return m_slots;
}

Ptr<HamlynSendTerminus>
HamlynNetDevice::CreateTerminus(uint32_t priority)
{
    CheckAttached("CreateTerminus");
    NS_ABORT_MSG_IF(m_tx.GetNTermini() >= 0xffff, "HamlynNetDevice: too many send termini");
    auto id = static_cast<uint16_t>(m_tx.GetNTermini());
    Ptr<HamlynSendTerminus> t = Create<HamlynSendTerminus>(id, m_workQueueEntries, GetCpu());
    t->SetPriority(priority);
    t->SetWorkCallback(MakeSanCallback<void>([this]() { m_tx.Kick(); }));
    t->SetRequestCheck(MakeCallback(&HamlynNetDevice::GetRequestError, this));
    // The work queue lives in the card's memory, mapped into the process: requests are
    // written with processor stores across the I/O bus (section 2.3).
    const uint64_t entryBytes =
        uint64_t(m_descriptorBytes) + m_packetSize + HamlynHeader::MAX_OUT_OF_BAND;
    t->SetWorkQueueWindow(Create<HostPioWindow>(GetIoBus(),
                                                entryBytes * m_workQueueEntries,
                                                HostPioWindow::SinkCallback()),
                          m_descriptorBytes);
    // The word keeps the size it was created with.
    m_tx.AddTerminus(t, GetMemory()->Allocate(m_completionWordBytes), m_completionWordBytes);
    return t;
}

Ptr<HamlynSendTerminus>
HamlynNetDevice::GetTerminus(uint16_t id) const
{
    return m_tx.GetTerminus(id);
}

uint32_t
HamlynNetDevice::GetNTermini() const
{
    return m_tx.GetNTermini();
}

uint64_t
HamlynNetDevice::GetCompletionWordAddress(uint16_t terminus) const
{
    return m_tx.GetCompletionWordAddress(terminus);
}

uint32_t
HamlynNetDevice::GetCompletionWordBytes(uint16_t terminus) const
{
    return m_tx.GetCompletionWordBytes(terminus);
}

// ---- fabric --------------------------------------------------------------------------------

void
HamlynNetDevice::Receive(Ptr<const Packet> packet, uint32_t srcNode)
{
    CheckAttached("Receive");
    m_rx.Receive(packet, srcNode);
}

void
HamlynNetDevice::ReceiveFromFabric(Ptr<const Packet> packet, uint32_t srcHost)
{
    if (IsListeningForHeads())
    {
        return; // cut-through: the head arrival started it
    }
    m_rx.Receive(packet, srcHost);
}

void
HamlynNetDevice::HeadFromFabric(Ptr<const Packet> packet, uint32_t srcHost, Time tailArrival)
{
    m_rx.Head(packet, srcHost, tailArrival);
}

// ---- HamlynCard: what the send and receive paths ask of the device ------------------------

bool
HamlynNetDevice::IsReady() const
{
    return IsAttached() && m_cost != nullptr;
}

Ptr<HostBus>
HamlynNetDevice::GetHostIoBus() const
{
    return GetIoBus();
}

Ptr<HostMemory>
HamlynNetDevice::GetHostMemory() const
{
    return GetMemory();
}

Ptr<SanDmaEngine>
HamlynNetDevice::GetHostDma() const
{
    return GetDmaEngine();
}

SanFabricPort*
HamlynNetDevice::GetPort() const
{
    return GetFabricPort();
}

uint32_t
HamlynNetDevice::GetSourceHost() const
{
    return GetHostNumber();
}

void
HamlynNetDevice::RefusePacket(uint32_t reason, Ptr<const Packet> packet, uint32_t srcHost)
{
    Drop(reason, packet, srcHost);
}

void
HamlynNetDevice::TraceStage(const char* stage, Time start, Time end)
{
    Stage(stage, start, end);
}

void
HamlynNetDevice::TracePacketSent(const HamlynHeader& header, uint32_t payload)
{
    m_txTrace(header, payload);
}

void
HamlynNetDevice::TracePacketDelivered(const HamlynHeader& header, uint32_t payload)
{
    m_rxTrace(header, payload);
}

void
HamlynNetDevice::TraceNotification(uint32_t app, uint64_t area)
{
    m_notifyTrace(app, area);
}

void
HamlynNetDevice::TraceSendComplete(uint32_t terminus, uint64_t handle)
{
    m_sendDoneTrace(terminus, handle);
}

void
HamlynNetDevice::TraceRequestReject(uint32_t terminus, uint64_t handle)
{
    m_rejectTrace(terminus, handle);
}

void
HamlynNetDevice::SetSendBuffers(uint32_t buffers)
{
    m_tx.SetSendBuffers(buffers);
}

uint32_t
HamlynNetDevice::GetSendBuffers() const
{
    return m_tx.GetSendBuffers();
}

void
HamlynNetDevice::SetSlotDescriptorBytes(uint32_t bytes)
{
    m_rx.SetSlotDescriptorBytes(bytes);
}

uint32_t
HamlynNetDevice::GetSlotDescriptorBytes() const
{
    return m_rx.GetSlotDescriptorBytes();
}

// ---- statistics ----------------------------------------------------------------------------

uint64_t
HamlynNetDevice::GetNDropped(DropReason reason) const
{
    return SanNicDevice::GetNDropped(static_cast<uint32_t>(reason));
}

uint64_t
HamlynNetDevice::GetNPacketsSent() const
{
    return m_tx.GetNPacketsSent();
}

uint64_t
HamlynNetDevice::GetNPacketsDelivered() const
{
    return m_rx.GetNPacketsDelivered();
}

uint64_t
HamlynNetDevice::GetNNotifications() const
{
    return m_rx.GetNNotifications();
}

uint64_t
HamlynNetDevice::GetNNotificationsLost() const
{
    return m_rx.GetNNotificationsLost();
}

uint64_t
HamlynNetDevice::GetNRequestsRejected() const
{
    return m_tx.GetNRequestsRejected();
}

Ptr<SanResource>
HamlynNetDevice::GetProcessor() const
{
    return m_processor;
}

void
HamlynNetDevice::SetKeyBits(uint32_t bits)
{
    NS_ABORT_MSG_IF(bits != 32 && bits != 64,
                    "HamlynNetDevice: KeyBits must be 32 or 64 (section 2.2), not " << bits);
    m_keyBits = bits;
}

uint32_t
HamlynNetDevice::GetKeyBits() const
{
    return m_keyBits;
}

std::string
HamlynNetDevice::GetRequestError(const HamlynSendRequest& request) const
{
    const uint64_t bytes = request.GetLength();
    SanFabricPort* port = GetFabricPort();
    const bool badHost = port != nullptr && request.dstNode >= port->GetNHosts();
    const bool badOffset = uint64_t(request.offset) + (bytes > 0 ? bytes - 1 : 0) > 0xffffffffULL;
    const bool badKey = m_keyBits == 32 && request.key > 0xffffffffULL;
    const bool badOutOfBand = request.outOfBand.size() > HamlynHeader::MAX_OUT_OF_BAND;
    const uint64_t wire =
        std::min<uint64_t>(bytes, m_packetSize) + GetHeaderSize() + request.outOfBand.size();
    const bool tooLong = port != nullptr && wire > port->GetMaxPacketSize();
    if (!badHost && !badOffset && !badKey && !badOutOfBand && !tooLong)
    {
        return ""; // checked at every post: no stream made unless there is something to say
    }
    std::ostringstream why;
    if (badHost)
    {
        why << "destination host " << request.dstNode << " is not on the fabric (it has "
            << port->GetNHosts() << " hosts, 0 to " << port->GetNHosts() - 1 << ")";
    }
    else if (badOffset)
    {
        why << "a message of " << bytes << " bytes at slot offset " << request.offset
            << " passes the header's 32-bit offset field (its last byte would be at "
            << uint64_t(request.offset) + bytes - 1 << ")";
    }
    else if (badKey)
    {
        why << "key 0x" << std::hex << request.key << std::dec
            << " is wider than the device's KeyBits (32)";
    }
    else if (badOutOfBand)
    {
        why << request.outOfBand.size() << " out-of-band bytes; a packet carries at most "
            << HamlynHeader::MAX_OUT_OF_BAND;
    }
    else
    {
        why << "its first packet is " << wire << " bytes (PacketSize " << m_packetSize
            << " + header " << GetHeaderSize() + request.outOfBand.size()
            << "), more than the fabric's MaxPacketSize of " << port->GetMaxPacketSize();
    }
    return "terminus request to host " + std::to_string(request.dstNode) + ", slot " +
           std::to_string(request.slot) + ": " + why.str();
}

uint32_t
HamlynNetDevice::GetHeaderSize() const
{
    return HamlynHeader::SizeForKeyBits(m_keyBits);
}

uint32_t
HamlynNetDevice::GetPacketSize() const
{
    return m_packetSize;
}

} // namespace ns3
