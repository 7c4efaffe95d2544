/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-net-device.h"

#include "hamlyn-lanai3-cost-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/san-channel.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynNetDevice");

NS_OBJECT_ENSURE_REGISTERED(HamlynNetDevice);

TypeId
HamlynNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HamlynNetDevice")
            .SetParent<NetDevice>()
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
            .AddAttribute("KeyBits",
                          "Protection key length: 32 or 64 bits.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&HamlynNetDevice::m_keyBits),
                          MakeUintegerChecker<uint32_t>(32, 64))
            // Assumed: double buffering in the card's SRAM (Table 5's pipeline overlaps the
            // load of one packet with the send of the previous one).
            .AddAttribute("SendBuffers",
                          "Packet buffers for outgoing packets in the card's memory.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&HamlynNetDevice::m_sendBuffers),
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
                          MakeUintegerAccessor(&HamlynNetDevice::m_slotDescriptorBytes),
                          MakeUintegerChecker<uint32_t>(1))
            // Table 3: "updating a word in host memory to indicate that the message has been
            // sent".
            .AddAttribute("CompletionWordBytes",
                          "Bytes written to host memory when a message has been sent.",
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
            .AddTraceSource("Drop",
                            "An incoming packet failed a protection check (reason, header, "
                            "source node); nothing was written.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_dropTrace),
                            "ns3::HamlynNetDevice::DropTracedCallback")
            .AddTraceSource("PacketTx",
                            "A packet was handed to the fabric.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_txTrace),
                            "ns3::HamlynNetDevice::PacketTracedCallback")
            .AddTraceSource("PacketRx",
                            "A packet's payload reached host memory.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_rxTrace),
                            "ns3::HamlynNetDevice::PacketTracedCallback")
            .AddTraceSource("Stage",
                            "A timed stage of sending or receiving ended.",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_stageTrace),
                            "ns3::HamlynNetDevice::StageTracedCallback")
            .AddTraceSource("Notification",
                            "A notification entry was written (application, area).",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_notifyTrace),
                            "ns3::HamlynNetDevice::EventTracedCallback")
            .AddTraceSource("SendComplete",
                            "A message's last packet has left (terminus, handle).",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_sendDoneTrace),
                            "ns3::HamlynNetDevice::EventTracedCallback")
            .AddTraceSource("RequestReject",
                            "A DMA request named an area or range the terminus does not own "
                            "(terminus, handle).",
                            MakeTraceSourceAccessor(&HamlynNetDevice::m_rejectTrace),
                            "ns3::HamlynNetDevice::EventTracedCallback");
    return tid;
}

const char*
HamlynNetDevice::GetDropReasonName(DropReason reason)
{
    switch (reason)
    {
    case UNKNOWN_SLOT:
        return "UnknownSlot";
    case BAD_KEY:
        return "BadKey";
    case OUT_OF_RANGE:
        return "OutOfRange";
    case UNKNOWN_AREA:
        return "UnknownArea";
    case UNKNOWN_NOTIFY_AREA:
        return "UnknownNotifyArea";
    case MALFORMED:
        return "Malformed";
    default:
        return "?";
    }
}

HamlynNetDevice::HamlynNetDevice()
    : m_packetSize(512),
      m_workQueueEntries(64),
      m_keyBits(32),
      m_sendBuffers(2),
      m_freeBuffers(0),
      m_pageSize(4096),
      m_notifyQueueEntries(256),
      m_slotDescriptorBytes(16),
      m_completionWordBytes(4),
      m_slotCacheSize(1000),
      m_nextArea(0),
      m_rrNext(0),
      m_ctRequestPending(false),
      m_drops{},
      m_sent(0),
      m_delivered(0),
      m_notifications(0),
      m_rejected(0),
      m_ifIndex(0),
      m_mtu(1500)
{
    m_processor = CreateObject<SanResource>();
    m_hostDma = CreateObject<SanResource>();
    m_linkOut = CreateObject<SanResource>();
}

HamlynNetDevice::~HamlynNetDevice() = default;

void
HamlynNetDevice::DoDispose()
{
    if (m_endpoint != nullptr)
    {
        m_endpoint->SetDeliverCallback(MakeNullCallback<void, const SanFabricPacket&>());
        if (m_headCbSet)
        {
            m_endpoint->SetHeadCallback(MakeNullCallback<void, const SanFabricPacket&, Time>());
        }
    }
    for (auto& t : m_termini)
    {
        t->SetWorkCallback(Callback<void>());
    }
    m_termini.clear();
    m_apps.clear();
    m_areas.clear();
    m_cost = nullptr;
    m_cpu = nullptr;
    m_bus = nullptr;
    m_memory = nullptr;
    m_endpoint = nullptr;
    m_node = nullptr;
    m_processor = nullptr;
    m_hostDma = nullptr;
    m_linkOut = nullptr;
    NetDevice::DoDispose();
}

void
HamlynNetDevice::Setup(Ptr<HostCpu> cpu,
                       Ptr<HostBus> bus,
                       Ptr<HostMemory> memory,
                       Ptr<SanEndpointDevice> endpoint)
{
    NS_ABORT_MSG_IF(cpu == nullptr || bus == nullptr || memory == nullptr,
                    "HamlynNetDevice::Setup: needs the host's CPU, bus and memory");
    NS_ABORT_MSG_IF(endpoint == nullptr, "HamlynNetDevice::Setup: needs a SanEndpointDevice");
    NS_ABORT_MSG_IF(m_keyBits != 32 && m_keyBits != 64,
                    "HamlynNetDevice: KeyBits must be 32 or 64, not " << m_keyBits);
    m_cpu = cpu;
    m_bus = bus;
    m_memory = memory;
    m_endpoint = endpoint;
    m_freeBuffers = m_sendBuffers;
    if (m_cost == nullptr)
    {
        m_cost = CreateObject<HamlynLanai3CostModel>();
    }
    m_endpoint->SetDeliverCallback(MakeCallback(&HamlynNetDevice::FabricDeliver, this));
    UpdateHeadCallback();
    m_address = Mac48Address::ConvertFrom(endpoint->GetAddress());
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
    UpdateHeadCallback();
}

void
HamlynNetDevice::UpdateHeadCallback()
{
    if (m_endpoint == nullptr || m_cost == nullptr)
    {
        return;
    }
    // Only cut-through presets listen for heads (the endpoint then costs one event more per
    // packet); the others keep the endpoint exactly as it was.
    const bool want = m_cost->IsCutThrough();
    if (want == m_headCbSet)
    {
        return;
    }
    m_headCbSet = want;
    m_endpoint->SetHeadCallback(want ? MakeCallback(&HamlynNetDevice::CtHead, this)
                                     : MakeNullCallback<void, const SanFabricPacket&, Time>());
}

Ptr<HamlynCostModel>
HamlynNetDevice::GetCostModel() const
{
    return m_cost;
}

// ---- receiver state ------------------------------------------------------------------------

uint32_t
HamlynNetDevice::AddApplication(uint32_t notifyAreas)
{
    NS_ABORT_MSG_IF(m_memory == nullptr, "HamlynNetDevice: call Setup() first");
    NS_ABORT_MSG_IF(notifyAreas >= HamlynHeader::NO_NOTIFY,
                    "HamlynNetDevice: at most " << HamlynHeader::NO_NOTIFY - 1
                                                << " notification areas per application");
    Application app;
    app.queue = Create<HamlynNotificationQueue>(m_memory, m_cpu, m_notifyQueueEntries);
    app.assembly.Resize(notifyAreas);
    m_apps.push_back(app);
    return static_cast<uint32_t>(m_apps.size() - 1);
}

Ptr<HamlynNotificationQueue>
HamlynNetDevice::GetNotificationQueue(uint32_t app) const
{
    NS_ABORT_MSG_IF(app >= m_apps.size(), "HamlynNetDevice: no application " << app);
    return m_apps[app].queue;
}

const HamlynNotificationAssembly&
HamlynNetDevice::GetNotificationAssembly(uint32_t app) const
{
    NS_ABORT_MSG_IF(app >= m_apps.size(), "HamlynNetDevice: no application " << app);
    return m_apps[app].assembly;
}

uint32_t
HamlynNetDevice::CreateMessageArea(uint64_t size)
{
    NS_ABORT_MSG_IF(m_memory == nullptr, "HamlynNetDevice: call Setup() first");
    uint32_t id = m_nextArea++;
    m_areas[id] = Create<HamlynMessageArea>(m_memory, size, m_pageSize);
    return id;
}

Ptr<HamlynMessageArea>
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
    NS_ABORT_MSG_IF(app >= m_apps.size(),
                    "HamlynNetDevice::DefineSlot: slot " << slot << ": no application " << app);
    Ptr<HamlynMessageArea> a = GetMessageArea(area);
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

// ---- receive path --------------------------------------------------------------------------

void
HamlynNetDevice::FabricDeliver(const SanFabricPacket& p)
{
    if (m_headCbSet)
    {
        return; // cut-through: the head callback (CtHead) handled the packet
    }
    Receive(p.payload, p.src); // a packet without payload is dropped as malformed there
}

void
HamlynNetDevice::Receive(Ptr<const Packet> packet, uint32_t srcNode)
{
    NS_ABORT_MSG_IF(m_cost == nullptr, "HamlynNetDevice: call Setup() first");
    HamlynHeader header;
    Ptr<Packet> data;
    if (!ParseHeader(packet, srcNode, header, data))
    {
        return;
    }
    Time arrival = Simulator::Now();
    uint32_t payload = data->GetSize();
    // Table 3/4 "link to interface": the processor checks the header once the packet is on
    // the card; the inbound DMA's cycle stealing lengthens it with the payload.
    m_processor->Submit(m_cost->Cycles(m_cost->GetReceiveCycles(payload)),
                        Callback<void>([this, header, data, srcNode, arrival]() {
                            CheckSlot(header, data, srcNode, arrival, arrival);
                        }));
}

bool
HamlynNetDevice::ParseHeader(Ptr<const Packet> packet,
                             uint32_t srcNode,
                             HamlynHeader& header,
                             Ptr<Packet>& data)
{
    if (packet == nullptr)
    {
        Drop(MALFORMED, HamlynHeader(), srcNode);
        return false;
    }
    data = packet->Copy();
    uint8_t flags = 0;
    if (data->GetSize() < HamlynHeader::SizeForKeyBits(32) || data->CopyData(&flags, 1) != 1 ||
        data->GetSize() < HamlynHeader::SizeForKeyBits((flags & 1) ? 64 : 32))
    {
        Drop(MALFORMED, HamlynHeader(), srcNode);
        return false;
    }
    data->RemoveHeader(header);
    return true;
}

void
HamlynNetDevice::CheckSlot(HamlynHeader header,
                           Ptr<Packet> data,
                           uint32_t srcNode,
                           Time arrival,
                           Time tailArrival)
{
    Stage("recv.link", arrival, Simulator::Now());
    bool hit = false;
    const HamlynSlot* slot = m_slots.Lookup(header.GetSlot(), hit);
    if (slot == nullptr)
    {
        Drop(UNKNOWN_SLOT, header, srcNode);
        return;
    }
    if (!hit)
    {
        // Slot-cache miss: fetch the descriptor from host memory first.
        HostDma(m_slotDescriptorBytes, Callback<void>([this, header, data, srcNode, tailArrival]() {
                    Admit(header, data, srcNode, tailArrival);
                }));
        return;
    }
    Admit(header, data, srcNode, tailArrival);
}

void
HamlynNetDevice::Admit(HamlynHeader header, Ptr<Packet> data, uint32_t srcNode, Time tailArrival)
{
    const HamlynSlot* found = m_slots.Find(header.GetSlot());
    if (found == nullptr)
    {
        Drop(UNKNOWN_SLOT, header, srcNode); // revoked during the fetch
        return;
    }
    const HamlynSlot slot = *found;
    const uint64_t payload = data->GetSize();
    Ptr<HamlynMessageArea> area;
    DropReason reason = CheckAdmission(header, payload, slot, area);
    if (reason != N_DROP_REASONS)
    {
        // Dropped once, at the header: nothing of the packet is written.
        Drop(reason, header, srcNode);
        return;
    }
    const uint32_t app = slot.application;
    const Time start = Simulator::Now();
    const uint64_t dest = slot.base + header.GetOffset();
    auto deposit = [this, header, data, srcNode, area, dest, payload, app, start]() {
        HostDma(payload,
                Callback<void>([this, header, data, srcNode, area, dest, payload, app, start]() {
                    std::vector<uint8_t> bytes(payload);
                    if (payload > 0)
                    {
                        data->CopyData(bytes.data(), static_cast<uint32_t>(payload));
                    }
                    area->Write(dest, bytes.data(), payload);
                    Stage("recv.host", start, Simulator::Now());
                    Landed(header, app, static_cast<uint32_t>(payload), srcNode);
                }));
    };
    if (m_cost->IsCutThrough())
    {
        // The deposit streams behind the arriving data as one host DMA. It starts once the
        // header is admitted and enough data is on the card that the bus cannot overtake it:
        // its last burst ("ChunkBytes") can only start when the tail has arrived, so it ends
        // no earlier than tailArrival + one burst's bus time, and no earlier than its start +
        // the whole payload's bus time.
        const uint64_t burst = std::min<uint64_t>(payload, m_cost->GetCutThroughChunkBytes());
        const Time ready = tailArrival + m_bus->GetDmaTime(burst) - m_bus->GetDmaTime(payload);
        const Time wait = std::max(Time(0), ready - start);
        if (wait.IsStrictlyPositive())
        {
            Simulator::Schedule(wait, deposit);
            return;
        }
        deposit();
        return;
    }
    // Store and forward on the card (LANai 3): the packet is whole; the processor may first
    // set up the host DMA (Table 4 "interface to host" 59 cycles).
    double setup = m_cost->GetReceiveDmaSetupCycles(static_cast<uint32_t>(payload));
    if (setup > 0)
    {
        m_processor->Submit(m_cost->Cycles(setup), Callback<void>(deposit));
        return;
    }
    deposit();
}

HamlynNetDevice::DropReason
HamlynNetDevice::CheckAdmission(const HamlynHeader& header,
                                uint64_t payload,
                                const HamlynSlot& slot,
                                Ptr<HamlynMessageArea>& area) const
{
    if (header.GetKey() != slot.key || header.GetKeyBits() != m_keyBits)
    {
        return BAD_KEY;
    }
    area = GetMessageArea(slot.area);
    if (area == nullptr)
    {
        return UNKNOWN_AREA;
    }
    const uint64_t window = slot.limit - slot.base;
    if (header.GetOffset() > window || payload > window - header.GetOffset())
    {
        return OUT_OF_RANGE;
    }
    if (header.GetNotifyIndex() != HamlynHeader::NO_NOTIFY &&
        !m_apps[slot.application].assembly.Has(header.GetNotifyIndex()))
    {
        return UNKNOWN_NOTIFY_AREA;
    }
    return N_DROP_REASONS;
}

void
HamlynNetDevice::Landed(HamlynHeader header, uint32_t app, uint32_t payload, uint32_t srcNode)
{
    ++m_delivered;
    m_rxTrace(header, payload);
    const uint16_t index = header.GetNotifyIndex();
    if (index == HamlynHeader::NO_NOTIFY || !m_apps[app].assembly.Add(index, header.GetDelta()))
    {
        return;
    }
    // The counter is back at zero: the processor writes a notification-queue entry.
    const Time start = Simulator::Now();
    HamlynNotification entry;
    entry.area = index;
    entry.slot = header.GetSlot();
    entry.node = header.GetSourceNode();
    entry.terminus = header.GetSourceTerminus();
    Ptr<HamlynNotificationQueue> queue = m_apps[app].queue;
    m_processor->Submit(m_cost->Cycles(m_cost->GetReceiveNotifyCycles()),
                        Callback<void>([this, entry, queue, start, app]() {
                            HostDma(HamlynNotificationQueue::ENTRY_BYTES,
                                    Callback<void>([this, entry, queue, start, app]() {
                                        queue->Push(entry);
                                        ++m_notifications;
                                        Stage("recv.notify", start, Simulator::Now());
                                        m_notifyTrace(app, entry.area);
                                    }));
                        }));
}

void
HamlynNetDevice::Drop(DropReason reason, const HamlynHeader& header, uint32_t srcNode)
{
    ++m_drops[reason];
    NS_LOG_INFO("HamlynNetDevice: dropped a packet from node "
                << srcNode << " (" << GetDropReasonName(reason) << "): " << header);
    m_dropTrace(reason, header, srcNode);
}

// ---- send path -----------------------------------------------------------------------------

Ptr<HamlynSendTerminus>
HamlynNetDevice::CreateTerminus(uint32_t priority)
{
    NS_ABORT_MSG_IF(m_memory == nullptr, "HamlynNetDevice: call Setup() first");
    NS_ABORT_MSG_IF(m_termini.size() >= 0xffff, "HamlynNetDevice: too many send termini");
    auto id = static_cast<uint16_t>(m_termini.size());
    Ptr<HamlynSendTerminus> t = Create<HamlynSendTerminus>(id, m_workQueueEntries, m_cpu);
    t->SetPriority(priority);
    t->SetWorkCallback(Callback<void>([this]() { Kick(); }));
    m_termini.push_back(t);
    m_completionWords.push_back(m_memory->Allocate(m_completionWordBytes));
    return t;
}

Ptr<HamlynSendTerminus>
HamlynNetDevice::GetTerminus(uint16_t id) const
{
    NS_ABORT_MSG_IF(id >= m_termini.size(), "HamlynNetDevice: no send terminus " << id);
    return m_termini[id];
}

uint64_t
HamlynNetDevice::GetCompletionWordAddress(uint16_t terminus) const
{
    NS_ABORT_MSG_IF(terminus >= m_termini.size(), "HamlynNetDevice: no send terminus " << terminus);
    return m_completionWords[terminus];
}

void
HamlynNetDevice::Kick()
{
    // Cut-through: no packet starts while a message's start request is still on its way to
    // the card (the card does not know about the message before).
    while (m_freeBuffers > 0 && !m_ctRequestPending)
    {
        Ptr<HamlynSendTerminus> t = PickTerminus();
        if (t == nullptr)
        {
            return;
        }
        StartPacket(t);
    }
}

Ptr<HamlynSendTerminus>
HamlynNetDevice::PickTerminus()
{
    const auto n = static_cast<uint32_t>(m_termini.size());
    bool any = false;
    uint32_t best = 0;
    for (const auto& t : m_termini)
    {
        if (t->HasWork() && (!any || t->GetPriority() > best))
        {
            best = t->GetPriority();
            any = true;
        }
    }
    if (!any)
    {
        return nullptr;
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t idx = (m_rrNext + i) % n;
        if (m_termini[idx]->HasWork() && m_termini[idx]->GetPriority() == best)
        {
            m_rrNext = (idx + 1) % n;
            return m_termini[idx];
        }
    }
    return nullptr;
}

void
HamlynNetDevice::StartPacket(Ptr<HamlynSendTerminus> t)
{
    HamlynSendRequest& front = t->Front();
    const bool first = t->GetNextPacketIndex() == 0;
    Ptr<HamlynMessageArea> area;
    if (front.kind == HamlynSendRequest::DMA)
    {
        area = t->GetMessageArea(front.area);
        if (first && (area == nullptr || !area->Contains(front.areaOffset, front.length)))
        {
            // The terminus does not own that <area, offset, length>: refuse, read nothing.
            HamlynSendRequest bad = t->DropFront();
            ++m_rejected;
            NS_LOG_WARN("HamlynNetDevice: terminus "
                        << t->GetId() << " DMA request " << bad.handle << " names area " << bad.area
                        << " [" << bad.areaOffset << ", +" << bad.length << "): refused");
            m_rejectTrace(t->GetId(), bad.handle);
            return;
        }
    }
    uint32_t payloadOffset = 0;
    uint32_t payloadBytes = 0;
    uint32_t delta = 0;
    bool last = false;
    HamlynSendRequest req = t->NextPacket(m_packetSize, payloadOffset, payloadBytes, delta, last);
    NS_ABORT_MSG_IF(uint64_t(req.offset) + payloadOffset > 0xffffffffULL,
                    "HamlynNetDevice: slot offset overflows 32 bits");

    auto tx = std::make_shared<TxPacket>();
    tx->header.SetSlot(req.slot);
    tx->header.SetOffset(req.offset + payloadOffset);
    tx->header.SetKey(req.key, m_keyBits);
    tx->header.SetDelta(delta);
    tx->header.SetNotifyIndex(req.notifyIndex);
    tx->header.SetSourceNode(m_endpoint->GetHost());
    tx->header.SetSourceTerminus(t->GetId());
    tx->dst = req.dstNode;
    tx->payload = payloadBytes;
    tx->last = last;
    tx->notifySent = req.notifySent;
    tx->terminus = t->GetId();
    tx->handle = req.handle;
    --m_freeBuffers;

    if (m_cost->IsCutThrough())
    {
        if (req.kind == HamlynSendRequest::DIRECT)
        {
            tx->packet = Create<Packet>(req.data.data() + payloadOffset, payloadBytes);
        }
        StartPacketCutThrough(tx, req, first, area, req.areaOffset + payloadOffset);
        return;
    }

    if (req.kind == HamlynSendRequest::DIRECT)
    {
        // The data is already on the card (the host stored it into the work queue).
        tx->packet = Create<Packet>(req.data.data() + payloadOffset, payloadBytes);
        Time d = m_cost->Cycles(m_cost->GetDirectSendCycles());
        m_processor->Submit(d, Callback<void>([this, tx, d]() {
                                Transmit(tx, Simulator::Now() - d);
                            }));
        return;
    }

    // DMA: start the message (first packet only), then load the payload over the host bus
    // while the processor loads the header; send once both are on the card (Table 4 note a).
    Time startCost = first ? m_cost->Cycles(m_cost->GetDmaStartCycles()) : Time(0);
    const uint64_t src = req.areaOffset + payloadOffset;
    m_processor->Submit(startCost, Callback<void>([this, tx, startCost, first, area, src]() {
                            if (first)
                            {
                                Stage("send.start", Simulator::Now() - startCost, Simulator::Now());
                            }
                            auto pending = std::make_shared<int>(2);
                            auto join = [this, tx, pending]() {
                                if (--*pending > 0)
                                {
                                    return;
                                }
                                Time d = m_cost->Cycles(m_cost->GetDmaSendCycles());
                                m_processor->Submit(d, Callback<void>([this, tx, d]() {
                                                        Transmit(tx, Simulator::Now() - d);
                                                    }));
                            };
                            // The header load runs while the engine moves this packet's payload
                            // (not while the payload waits for the engine behind the previous
                            // packet's).
                            auto loadStart = std::make_shared<Time>();
                            HostDma(tx->payload,
                                    Callback<void>([this, tx, area, src, loadStart, join]() {
                                        std::vector<uint8_t> bytes(tx->payload);
                                        area->Read(src, bytes.data(), tx->payload);
                                        tx->packet = Create<Packet>(bytes.data(), tx->payload);
                                        Stage("send.load", *loadStart, Simulator::Now());
                                        join();
                                    }),
                                    Callback<void>([this, loadStart, join]() {
                                        *loadStart = Simulator::Now();
                                        m_processor->Submit(
                                            m_cost->Cycles(m_cost->GetDmaHeaderLoadCycles()),
                                            Callback<void>(join));
                                    }));
                        }));
}

Time
HamlynNetDevice::LinkTime(uint32_t bytes) const
{
    Ptr<SanChannel> ch = DynamicCast<SanChannel>(m_endpoint->GetChannel());
    NS_ABORT_MSG_IF(ch == nullptr, "HamlynNetDevice: the endpoint is not attached to a link");
    return ch->GetDataRate().CalculateBytesTxTime(bytes + ch->GetFramingBytes());
}

void
HamlynNetDevice::Transmit(std::shared_ptr<TxPacket> tx, Time procStart)
{
    tx->packet->AddHeader(tx->header);
    m_linkOut->Acquire(Callback<void>([this, tx, procStart]() {
        const uint32_t size = tx->packet->GetSize();
        bool ok = m_endpoint->SendTo(tx->dst, size, tx->packet, 0);
        NS_ABORT_MSG_IF(!ok,
                        "HamlynNetDevice: the fabric refused a packet of "
                            << size << " bytes to host " << tx->dst
                            << " (check PacketSize against the fabric's MaxPacketSize)");
        ++m_sent;
        m_txTrace(tx->header, tx->payload);
        // The send buffer frees when the packet's tail has left the card.
        Simulator::Schedule(LinkTime(size), [this, tx, procStart]() {
            Stage("send.packet", procStart, Simulator::Now());
            m_linkOut->Release();
            ++m_freeBuffers;
            if (tx->last)
            {
                MessageSent(tx);
            }
            Kick();
        });
    }));
}

void
HamlynNetDevice::MessageSent(std::shared_ptr<TxPacket> tx)
{
    if (!tx->notifySent)
    {
        m_sendDoneTrace(tx->terminus, tx->handle);
        return;
    }
    // Table 3 "notify host [102]": off the critical path, but it occupies the processor and
    // the host DMA engine.
    const Time start = Simulator::Now();
    m_processor->Submit(m_cost->Cycles(m_cost->GetSendNotifyCycles()),
                        Callback<void>([this, tx, start]() {
                            HostDma(m_completionWordBytes, Callback<void>([this, tx, start]() {
                                        std::vector<uint8_t> word(m_completionWordBytes, 0);
                                        for (uint32_t i = 0; i < m_completionWordBytes && i < 8;
                                             ++i)
                                        {
                                            word[m_completionWordBytes - 1 - i] =
                                                static_cast<uint8_t>(tx->handle >> (8 * i));
                                        }
                                        m_memory->Write(m_completionWords[tx->terminus],
                                                        word.data(),
                                                        m_completionWordBytes);
                                        Stage("send.notify", start, Simulator::Now());
                                        m_sendDoneTrace(tx->terminus, tx->handle);
                                    }));
                        }));
}

void
HamlynNetDevice::HostDma(uint64_t bytes, Callback<void> done, Callback<void> started)
{
    m_hostDma->Acquire(Callback<void>([this, bytes, done, started]() {
        if (!started.IsNull())
        {
            started();
        }
        m_bus->Dma(bytes, Callback<void>([this, done]() {
                       m_hostDma->Release();
                       done();
                   }));
    }));
}

void
HamlynNetDevice::Stage(const char* stage, Time start, Time end)
{
    if (!m_stageTrace.IsEmpty())
    {
        m_stageTrace(std::string(stage), start, end);
    }
}

// ---- cut-through (state-machine presets) ----------------------------------------------------

void
HamlynNetDevice::StartPacketCutThrough(std::shared_ptr<TxPacket> tx,
                                       const HamlynSendRequest& req,
                                       bool first,
                                       Ptr<HamlynMessageArea> area,
                                       uint64_t src)
{
    const bool dma = req.kind == HamlynSendRequest::DMA;
    auto begin = [this, tx, dma, area, src]() {
        auto st = std::make_shared<CtSend>();
        // The head leaves once the header is assembled and the time the payload's last byte
        // will be on the card is known.
        auto join = [this, tx, st]() {
            if (--st->pending == 0)
            {
                CtTransmit(tx, st);
            }
        };
        // "Assemble and transmit the header" (section 4.2): the state machine builds it; its
        // link time is the fabric's.
        const Time a = m_cost->Cycles(m_cost->GetHeaderAssemblyCycles());
        m_processor->Submit(a, Callback<void>([st, a, join]() {
                                st->procStart = Simulator::Now() - a;
                                join();
                            }));
        if (!dma)
        {
            // Direct I/O: the data is already on the card.
            st->loaded = true;
            st->lastByte = Simulator::Now();
            join();
            return;
        }
        // The payload crosses the host bus as one DMA, streamed onto the link behind the
        // header. When the engine starts it on an idle bus, its end is known at once
        // (HostBus::GetDmaTime) and the head may leave with that as the tail's pace; when the
        // bus is shared at that moment, the end is not known before it happens and the head
        // waits for it.
        HostDma(tx->payload,
                Callback<void>([this, tx, st, area, src, join]() {
                    Stage("send.load", st->loadStart, Simulator::Now());
                    st->loaded = true;
                    if (!st->predicted)
                    {
                        std::vector<uint8_t> bytes(tx->payload);
                        area->Read(src, bytes.data(), tx->payload);
                        tx->packet = Create<Packet>(bytes.data(), tx->payload);
                        st->lastByte = Simulator::Now();
                        join();
                        return;
                    }
                    CtMaybeFree(tx, st);
                }),
                Callback<void>([this, tx, st, area, src, join]() {
                    st->loadStart = Simulator::Now();
                    Ptr<SanResource> bus = m_bus->GetResource();
                    if (bus->IsBusy() || bus->GetQueueLength() > 0)
                    {
                        return;
                    }
                    st->predicted = true;
                    st->lastByte = Simulator::Now() + m_bus->GetDmaTime(tx->payload);
                    // The bytes are those the DMA reads (copied here: the model's host memory
                    // is not written by anyone while a send of it is in flight).
                    std::vector<uint8_t> bytes(tx->payload);
                    area->Read(src, bytes.data(), tx->payload);
                    tx->packet = Create<Packet>(bytes.data(), tx->payload);
                    join();
                }));
    };

    const double requestCycles = m_cost->GetStartRequestBusCycles();
    if (dma && first && requestCycles > 0)
    {
        // "A GSC+ bus cycle to move the 'start transmission' request to the interface".
        const Time d = Seconds(requestCycles / m_bus->GetClockRate());
        m_ctRequestPending = true;
        m_bus->GetResource()->Submit(d, Callback<void>([this, d, begin]() {
                                         Stage("send.start",
                                               Simulator::Now() - d,
                                               Simulator::Now());
                                         m_ctRequestPending = false;
                                         begin();
                                         Kick();
                                     }));
        return;
    }
    begin();
}

void
HamlynNetDevice::CtTransmit(std::shared_ptr<TxPacket> tx, std::shared_ptr<CtSend> st)
{
    tx->packet->AddHeader(tx->header);
    // One packet at a time on the link: the next head waits for this tail.
    m_linkOut->Acquire(Callback<void>([this, tx, st]() {
        const uint32_t size = tx->packet->GetSize();
        bool ok = m_endpoint->SendStreaming(tx->dst, size, tx->packet, 0, st->lastByte);
        NS_ABORT_MSG_IF(!ok,
                        "HamlynNetDevice: the fabric refused a packet of "
                            << size << " bytes to host " << tx->dst
                            << " (check PacketSize against the fabric's MaxPacketSize)");
        ++m_sent;
        m_txTrace(tx->header, tx->payload);
        // The tail leaves after the whole packet's link time, and not before its last byte
        // is on the card (the fabric paces it the same way).
        const Time tailGone = std::max(Simulator::Now() + LinkTime(size), st->lastByte);
        Simulator::Schedule(tailGone - Simulator::Now(), [this, tx, st]() {
            Stage("send.packet", st->procStart, Simulator::Now());
            m_linkOut->Release();
            st->tailGone = true;
            CtMaybeFree(tx, st);
        });
    }));
}

void
HamlynNetDevice::CtMaybeFree(std::shared_ptr<TxPacket> tx, std::shared_ptr<CtSend> st)
{
    // The send buffer frees when the tail has left and the payload DMA has ended.
    if (!st->tailGone || !st->loaded || st->freed)
    {
        return;
    }
    st->freed = true;
    ++m_freeBuffers;
    if (tx->last)
    {
        MessageSent(tx);
    }
    Kick();
}

void
HamlynNetDevice::CtHead(const SanFabricPacket& p, Time tailArrival)
{
    NS_ABORT_MSG_IF(m_cost == nullptr, "HamlynNetDevice: call Setup() first");
    const uint32_t srcNode = p.src;
    HamlynHeader header;
    Ptr<Packet> data;
    if (!ParseHeader(p.payload, srcNode, header, data))
    {
        return;
    }
    // "The time to read the header at the receiving interface" (section 4.2): the fabric
    // reports the packet's first byte; the state machine checks the header once all of its
    // bytes are on the card (its link time, never later than the tail), while the payload
    // still streams in.
    const Time arrival = Simulator::Now();
    const Time headerIn =
        std::min(arrival + LinkTime(header.GetSerializedSize()), std::max(arrival, tailArrival));
    const Time check = m_cost->Cycles(m_cost->GetReceiveCycles(data->GetSize()));
    Simulator::Schedule(
        headerIn - arrival,
        [this, header, data, srcNode, arrival, tailArrival, check]() {
            m_processor->Submit(
                check,
                Callback<void>([this, header, data, srcNode, arrival, tailArrival]() {
                    CheckSlot(header, data, srcNode, arrival, tailArrival);
                }));
        });
}

// ---- statistics ----------------------------------------------------------------------------

uint64_t
HamlynNetDevice::GetNDropped(DropReason reason) const
{
    NS_ABORT_MSG_IF(reason >= N_DROP_REASONS, "HamlynNetDevice: bad drop reason");
    return m_drops[reason];
}

uint64_t
HamlynNetDevice::GetNDropped() const
{
    uint64_t n = 0;
    for (auto d : m_drops)
    {
        n += d;
    }
    return n;
}

uint64_t
HamlynNetDevice::GetNPacketsSent() const
{
    return m_sent;
}

uint64_t
HamlynNetDevice::GetNPacketsDelivered() const
{
    return m_delivered;
}

uint64_t
HamlynNetDevice::GetNNotifications() const
{
    return m_notifications;
}

uint64_t
HamlynNetDevice::GetNRequestsRejected() const
{
    return m_rejected;
}

Ptr<SanResource>
HamlynNetDevice::GetProcessor() const
{
    return m_processor;
}

uint32_t
HamlynNetDevice::GetHeaderSize() const
{
    return HamlynHeader::SizeForKeyBits(m_keyBits);
}

// ---- NetDevice -----------------------------------------------------------------------------

void
HamlynNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
HamlynNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
HamlynNetDevice::GetChannel() const
{
    return m_endpoint == nullptr ? nullptr : m_endpoint->GetChannel();
}

void
HamlynNetDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
HamlynNetDevice::GetAddress() const
{
    return m_address;
}

bool
HamlynNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
HamlynNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
HamlynNetDevice::IsLinkUp() const
{
    return m_endpoint != nullptr;
}

void
HamlynNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
}

bool
HamlynNetDevice::IsBroadcast() const
{
    return false;
}

Address
HamlynNetDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
HamlynNetDevice::IsMulticast() const
{
    return false;
}

Address
HamlynNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
HamlynNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
HamlynNetDevice::IsBridge() const
{
    return false;
}

bool
HamlynNetDevice::IsPointToPoint() const
{
    return false;
}

bool
HamlynNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_WARN("HamlynNetDevice::Send: Hamlyn sends through send termini (CreateTerminus)");
    return false;
}

bool
HamlynNetDevice::SendFrom(Ptr<Packet> packet,
                          const Address& source,
                          const Address& dest,
                          uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

Ptr<Node>
HamlynNetDevice::GetNode() const
{
    return m_node;
}

void
HamlynNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
HamlynNetDevice::NeedsArp() const
{
    return false;
}

void
HamlynNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
HamlynNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCb = cb;
}

bool
HamlynNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
