/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-receiver.h"

#include "hamlyn-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-operation.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynReceiver");

HamlynReceiver::HamlynReceiver(HamlynCard& card, HamlynSlotTable& slots)
    : m_dev(card),
      m_slots(slots)
{
}

uint32_t
HamlynReceiver::AddApplication(Ptr<SanEventQueue> queue, uint32_t notifyAreas)
{
    Application app;
    app.queue = queue;
    app.assembly.Resize(notifyAreas);
    m_apps.push_back(app);
    return static_cast<uint32_t>(m_apps.size() - 1);
}

uint32_t
HamlynReceiver::GetNApplications() const
{
    return static_cast<uint32_t>(m_apps.size());
}

void
HamlynReceiver::CheckApplication(uint32_t app) const
{
    NS_ABORT_MSG_IF(app >= m_apps.size(), "HamlynNetDevice: no application " << app);
}

Ptr<SanEventQueue>
HamlynReceiver::GetNotificationQueue(uint32_t app) const
{
    CheckApplication(app);
    return m_apps[app].queue;
}

const HamlynNotificationAssembly&
HamlynReceiver::GetNotificationAssembly(uint32_t app) const
{
    CheckApplication(app);
    return m_apps[app].assembly;
}

void
HamlynReceiver::Dispose()
{
    m_apps.clear();
}

void
HamlynReceiver::SetSlotDescriptorBytes(uint32_t bytes)
{
    m_slotDescriptorBytes = bytes;
}

uint32_t
HamlynReceiver::GetSlotDescriptorBytes() const
{
    return m_slotDescriptorBytes;
}

uint64_t
HamlynReceiver::GetNPacketsDelivered() const
{
    return m_delivered;
}

uint64_t
HamlynReceiver::GetNNotifications() const
{
    return m_notifications;
}

uint64_t
HamlynReceiver::GetNNotificationsLost() const
{
    return m_notificationsLost;
}

HamlynReceiver::RxPtr
HamlynReceiver::Parse(Ptr<const Packet> packet, uint32_t srcNode)
{
    if (!HamlynHeader::IsWellFormed(packet))
    {
        m_dev.RefusePacket(HamlynNetDevice::MALFORMED, packet, srcNode);
        return nullptr;
    }
    auto rx = std::make_shared<RxPacket>();
    rx->packet = packet;
    rx->data = packet->Copy();
    rx->data->RemoveHeader(rx->header);
    rx->src = srcNode;
    rx->arrival = Simulator::Now();
    rx->tailArrival = rx->arrival;
    return rx;
}

void
HamlynReceiver::Receive(Ptr<const Packet> packet, uint32_t srcNode)
{
    RxPtr rx = Parse(packet, srcNode);
    if (rx == nullptr)
    {
        return;
    }
    // Table 3/4 "link to interface": the processor checks the header once the packet is on
    // the card. The tables charge the inbound DMA's cycle stealing to this check (71 +
    // min(71, d/4)): the inbound engine counts as running for the payload's link time from the
    // check's start, and no longer than the check.
    Ptr<HamlynCostModel> cost = m_dev.GetCostModel();
    SanFabricPort* port = m_dev.GetPort();
    const Time linkIn = port->GetLinkTxTime(rx->data->GetSize()) - port->GetLinkTxTime(0);
    HamlynCard* dev = &m_dev;
    m_dev.GetProcessor()->SubmitWithStart(cost->Cycles(cost->GetReceiveCycles()),
                                          MakeSanCallback<void>([dev, rx, linkIn]() {
                                              rx->linkInOpen = true;
                                              dev->DmaActivity(1);
                                              Simulator::Schedule(linkIn, [dev, rx]() {
                                                  if (rx->linkInOpen)
                                                  {
                                                      rx->linkInOpen = false;
                                                      dev->DmaActivity(-1);
                                                  }
                                              });
                                          }),
                                          MakeSanCallback<void>([this, dev, rx]() {
                                              if (rx->linkInOpen)
                                              {
                                                  rx->linkInOpen = false; // the check ended first
                                                  dev->DmaActivity(-1);
                                              }
                                              CheckSlot(rx);
                                          }));
}

void
HamlynReceiver::Head(Ptr<const Packet> packet, uint32_t srcNode, Time tailArrival)
{
    RxPtr rx = Parse(packet, srcNode);
    if (rx == nullptr)
    {
        return;
    }
    rx->tailArrival = tailArrival;
    // "The time to read the header at the receiving interface" (section 4.2): the fabric
    // reports the packet's first byte; the state machine checks the header once all of its
    // bytes are on the card (its link time, never later than the tail), while the payload
    // still streams in.
    const Time headerIn =
        std::min(rx->arrival + m_dev.GetPort()->GetLinkTxTime(rx->header.GetSerializedSize()),
                 std::max(rx->arrival, tailArrival));
    Ptr<HamlynCostModel> cost = m_dev.GetCostModel();
    Ptr<SanOperation> op = Create<SanOperation>();
    op->AddDelay(headerIn - rx->arrival)
        .AddStep(m_dev.GetProcessor(), cost->Cycles(cost->GetReceiveCycles()));
    op->Start(MakeSanCallback<void>([this, rx]() { CheckSlot(rx); }));
}

void
HamlynReceiver::CheckSlot(RxPtr rx)
{
    m_dev.TraceStage("recv.link", rx->arrival, Simulator::Now());
    bool hit = false;
    const HamlynSlot* slot = m_slots.Lookup(rx->header.GetSlot(), hit);
    if (slot == nullptr)
    {
        m_dev.RefusePacket(HamlynNetDevice::UNKNOWN_SLOT, rx->packet, rx->src);
        return;
    }
    if (!hit)
    {
        // Slot-cache miss: fetch the descriptor from host memory first.
        m_dev.GetHostDma()->Transfer(m_slotDescriptorBytes,
                                     MakeSanCallback<void>([this, rx]() { Admit(rx); }));
        return;
    }
    Admit(rx);
}

uint32_t
HamlynReceiver::CheckAdmission(RxPtr rx) const
{
    const HamlynHeader& h = rx->header;
    const HamlynSlot& slot = rx->slot;
    if (h.GetKey() != slot.key || h.GetKeyBits() != m_dev.GetKeyBits())
    {
        return HamlynNetDevice::BAD_KEY;
    }
    if (rx->area == nullptr)
    {
        return HamlynNetDevice::UNKNOWN_AREA;
    }
    const uint64_t window = slot.limit - slot.base;
    const uint64_t payload = rx->data->GetSize();
    if (h.GetOffset() > window || payload > window - h.GetOffset())
    {
        return HamlynNetDevice::OUT_OF_RANGE;
    }
    if (h.GetNotifyIndex() != HamlynHeader::NO_NOTIFY &&
        !m_apps[slot.application].assembly.Has(h.GetNotifyIndex()))
    {
        return HamlynNetDevice::UNKNOWN_NOTIFY_AREA;
    }
    return HamlynNetDevice::N_DROP_REASONS;
}

void
HamlynReceiver::Admit(RxPtr rx)
{
    const HamlynSlot* found = m_slots.Find(rx->header.GetSlot());
    if (found == nullptr)
    {
        m_dev.RefusePacket(HamlynNetDevice::UNKNOWN_SLOT, rx->packet, rx->src); // revoked meanwhile
        return;
    }
    rx->slot = *found;
    rx->area = m_dev.GetMessageArea(found->area);
    const uint32_t reason = CheckAdmission(rx);
    if (reason != HamlynNetDevice::N_DROP_REASONS)
    {
        // Dropped once, at the header: nothing of the packet is written.
        m_dev.RefusePacket(reason, rx->packet, rx->src);
        return;
    }
    const Time start = Simulator::Now();
    const uint64_t payload = rx->data->GetSize();
    Ptr<HamlynCostModel> cost = m_dev.GetCostModel();
    Ptr<SanOperation> op = Create<SanOperation>();
    if (cost->IsCutThrough())
    {
        // The deposit streams behind the arriving data as one host DMA. It starts once the
        // header is admitted and enough data is on the card that the bus cannot overtake it:
        // its last burst ("ChunkBytes") can only start when the tail has arrived, so it ends
        // no earlier than tailArrival + one burst's bus time, and no earlier than its start +
        // the whole payload's bus time.
        Ptr<HostBus> bus = m_dev.GetHostIoBus();
        const uint64_t burst = std::min<uint64_t>(payload, cost->GetCutThroughChunkBytes());
        const Time ready = rx->tailArrival + bus->GetDmaTime(burst) - bus->GetDmaTime(payload);
        if (ready > start)
        {
            op->AddDelay(ready - start);
        }
    }
    else
    {
        // Store and forward on the card (LANai 3): the packet is whole; the processor may first
        // set up the host DMA (Table 4 "interface to host" 59 cycles; none on the fast path).
        const double setup = cost->GetReceiveDmaSetupCycles(static_cast<uint32_t>(payload));
        if (setup > 0)
        {
            op->AddStep(m_dev.GetProcessor(), cost->Cycles(setup));
        }
    }
    HamlynCard* dev = &m_dev;
    op->AddWait(SanOperation::AsyncWork(
        [dev, payload](Callback<void> done) { dev->GetHostDma()->Transfer(payload, done); }));
    op->Start(MakeSanCallback<void>([this, rx, start]() { Land(rx, start); }));
}

void
HamlynReceiver::Land(RxPtr rx, Time start)
{
    // Revocation is real: the slot must still be the definition the packet was admitted
    // under, and its area must still be there.
    const HamlynSlot* now = m_slots.Find(rx->header.GetSlot());
    if (now == nullptr || now->generation != rx->slot.generation ||
        m_dev.GetMessageArea(rx->slot.area) != rx->area)
    {
        m_dev.RefusePacket(HamlynNetDevice::REVOKED, rx->packet, rx->src);
        return;
    }
    const uint64_t payload = rx->data->GetSize();
    std::vector<uint8_t> bytes(payload);
    if (payload > 0)
    {
        rx->data->CopyData(bytes.data(), static_cast<uint32_t>(payload));
    }
    rx->area->Write(rx->slot.base + rx->header.GetOffset(), bytes.data(), payload);
    m_dev.TraceStage("recv.host", start, Simulator::Now());
    Landed(rx);
}

void
HamlynReceiver::Landed(RxPtr rx)
{
    ++m_delivered;
    m_dev.TracePacketDelivered(rx->header, static_cast<uint32_t>(rx->data->GetSize()));
    const uint16_t index = rx->header.GetNotifyIndex();
    if (index == HamlynHeader::NO_NOTIFY)
    {
        return;
    }
    const uint32_t app = rx->slot.application;
    HamlynNotificationAssembly& assembly = m_apps[app].assembly;
    if (!rx->header.GetOutOfBand().empty())
    {
        assembly.SetOutOfBand(index, rx->header.GetOutOfBand());
    }
    if (!assembly.Add(index, rx->header.GetDelta()))
    {
        return;
    }
    // The counter is back at zero: the processor writes a notification-queue entry (with the
    // area's out-of-band bytes) into host memory.
    auto entry = std::make_shared<HamlynNotification>();
    entry->area = index;
    entry->slot = rx->header.GetSlot();
    entry->node = rx->header.GetSourceNode();
    entry->terminus = rx->header.GetSourceTerminus();
    entry->outOfBand = assembly.TakeOutOfBand(index);
    Ptr<SanEventQueue> queue = m_apps[app].queue;
    HamlynCard* dev = &m_dev;
    Ptr<HamlynCostModel> cost = dev->GetCostModel();
    const Time start = Simulator::Now();
    Ptr<SanOperation> op = Create<SanOperation>();
    op->AddStep(dev->GetProcessor(), cost->Cycles(cost->GetReceiveNotifyCycles()))
        .AddWait(SanOperation::AsyncWork([dev, entry](Callback<void> done) {
            dev->GetHostDma()->Transfer(entry->GetWireBytes(), done);
        }))
        .AddAction(MakeSanCallback<void>([this, dev, entry, queue, start, app]() {
            entry->sequence = static_cast<uint32_t>(queue->GetNPushed());
            uint8_t bytes[HamlynNotification::MAX_BYTES];
            entry->Serialize(bytes);
            if (!queue->Push(bytes))
            {
                // Section 3: the sender must not overrun the queue; one that does loses this
                // notification (counted: GetNNotificationsLost).
                ++m_notificationsLost;
                NS_LOG_WARN("HamlynReceiver: application " << app << "'s notification queue is "
                                                           << "full: a notification is lost");
                return;
            }
            ++m_notifications;
            dev->TraceStage("recv.notify", start, Simulator::Now());
            dev->TraceNotification(app, entry->area);
        }));
    op->Start();
}

} // namespace ns3
