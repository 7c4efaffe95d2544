/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-transmitter.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/san-callback.h"
#include "ns3/san-operation.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynTransmitter");

HamlynTransmitter::HamlynTransmitter(HamlynCard& card)
    : m_dev(card),
      m_linkOut(CreateObject<SanResource>())
{
}

void
HamlynTransmitter::AddTerminus(Ptr<HamlynSendTerminus> terminus,
                               uint64_t completionWord,
                               uint32_t completionWordBytes)
{
    NS_ASSERT(terminus->GetId() == m_termini.size());
    m_termini.push_back(terminus);
    m_completionWords.push_back(completionWord);
    m_completionWordSizes.push_back(completionWordBytes);
}

void
HamlynTransmitter::CheckTerminus(uint16_t id) const
{
    NS_ABORT_MSG_IF(id >= m_termini.size(), "HamlynNetDevice: no send terminus " << id);
}

Ptr<HamlynSendTerminus>
HamlynTransmitter::GetTerminus(uint16_t id) const
{
    CheckTerminus(id);
    return m_termini[id];
}

uint32_t
HamlynTransmitter::GetNTermini() const
{
    return static_cast<uint32_t>(m_termini.size());
}

uint64_t
HamlynTransmitter::GetCompletionWordAddress(uint16_t id) const
{
    CheckTerminus(id);
    return m_completionWords[id];
}

uint32_t
HamlynTransmitter::GetCompletionWordBytes(uint16_t id) const
{
    CheckTerminus(id);
    return m_completionWordSizes[id];
}

void
HamlynTransmitter::Dispose()
{
    for (auto& t : m_termini)
    {
        t->Close();
    }
    m_termini.clear();
    if (m_linkOut != nullptr)
    {
        m_linkOut->Dispose(); // drops the steps in its queue, which may hold what holds it
        m_linkOut = nullptr;
    }
}

void
HamlynTransmitter::SetSendBuffers(uint32_t buffers)
{
    m_sendBuffers = buffers;
}

uint32_t
HamlynTransmitter::GetSendBuffers() const
{
    return m_sendBuffers;
}

uint32_t
HamlynTransmitter::GetBuffersInUse() const
{
    return m_buffersInUse;
}

uint64_t
HamlynTransmitter::GetNPacketsSent() const
{
    return m_sent;
}

uint64_t
HamlynTransmitter::GetNRequestsRejected() const
{
    return m_rejected;
}

void
HamlynTransmitter::Kick()
{
    if (!m_dev.IsReady())
    {
        return;
    }
    // "SendBuffers" is read here, so a later Config::Set takes effect at once. Cut-through: no
    // packet starts while a message's start request is still on its way to the card.
    while (m_buffersInUse < m_sendBuffers && !m_requestOnBus)
    {
        Ptr<HamlynSendTerminus> t = Pick();
        if (t == nullptr)
        {
            return;
        }
        StartPacket(t);
    }
}

Ptr<HamlynSendTerminus>
HamlynTransmitter::Pick()
{
    auto& termini = m_termini;
    const auto n = static_cast<uint32_t>(termini.size());
    auto hasWork = [&termini](uint32_t k) { return termini[k]->HasWork(); };
    auto priority = [&termini](uint32_t k) { return termini[k]->GetPriority(); };
    const int32_t i = m_arbiter.Peek(n, hasWork, priority);
    if (i == SanRoundRobinArbiter::NONE)
    {
        return nullptr;
    }
    // Store and forward (Tables 4 and 5 assume no cut-through at the card on sending): while
    // a packet is on the card, only the next packet of its own message may overlap it (Table
    // 5's "(N-2) load/send"); a packet of another message waits for the card to be free.
    if (!m_dev.GetCostModel()->IsCutThrough() && m_buffersInUse > 0 &&
        !(i == m_active && termini[i]->GetNextPacketIndex() > 0))
    {
        return nullptr;
    }
    m_arbiter.Commit(static_cast<uint32_t>(i), n);
    return termini[i];
}

Ptr<Packet>
HamlynTransmitter::ReadPayload(Ptr<HostPinnedRegion> area, uint64_t src, uint32_t bytes)
{
    std::vector<uint8_t> data(bytes);
    area->Read(src, data.data(), bytes);
    return Create<Packet>(data.data(), bytes);
}

void
HamlynTransmitter::StartPacket(Ptr<HamlynSendTerminus> t)
{
    HamlynSendRequest& front = t->Front();
    const bool first = t->GetNextPacketIndex() == 0;
    Ptr<HostPinnedRegion> area;
    if (front.kind == HamlynSendRequest::DMA)
    {
        area = t->GetMessageArea(front.area);
        if (area == nullptr || !area->Contains(front.areaOffset, front.length))
        {
            // The terminus does not own that <area, offset, length> (or no longer: the area
            // was released mid-message): refuse the rest of the request, read nothing more.
            HamlynSendRequest bad = t->DropFront();
            ++m_rejected;
            NS_LOG_WARN("HamlynNetDevice: terminus "
                        << t->GetId() << " DMA request " << bad.handle << " names area " << bad.area
                        << " [" << bad.areaOffset << ", +" << bad.length << "): refused");
            m_dev.TraceRequestReject(t->GetId(), bad.handle);
            return;
        }
    }
    uint32_t payloadOffset = 0;
    uint32_t payloadBytes = 0;
    uint32_t delta = 0;
    bool last = false;
    HamlynSendRequest req =
        t->NextPacket(m_dev.GetPacketSize(), payloadOffset, payloadBytes, delta, last);
    NS_ABORT_MSG_IF(uint64_t(req.offset) + payloadOffset > 0xffffffffULL,
                    "HamlynNetDevice: slot offset overflows 32 bits");

    auto tx = std::make_shared<TxPacket>();
    tx->header.SetSlot(req.slot);
    tx->header.SetOffset(req.offset + payloadOffset);
    tx->header.SetKey(req.key, m_dev.GetKeyBits());
    tx->header.SetDelta(delta);
    tx->header.SetNotifyIndex(req.notifyIndex);
    tx->header.SetSourceNode(m_dev.GetSourceHost());
    tx->header.SetSourceTerminus(t->GetId());
    if (first)
    {
        tx->header.SetOutOfBand(req.outOfBand);
    }
    tx->dst = req.dstNode;
    tx->payload = payloadBytes;
    tx->last = last;
    tx->notifySent = req.notifySent;
    tx->terminus = t->GetId();
    tx->handle = req.handle;
    ++m_buffersInUse;

    const bool direct = req.kind == HamlynSendRequest::DIRECT;
    if (direct)
    {
        // The data is on the card already: the host stored it into the work queue.
        tx->packet = Create<Packet>(req.data.data() + payloadOffset, payloadBytes);
    }
    const uint64_t src = req.areaOffset + payloadOffset;
    if (m_dev.GetCostModel()->IsCutThrough())
    {
        StartCutThrough(tx, direct, first, area, src);
        return;
    }
    m_active = t->GetId();
    StartStoreAndForward(tx, direct, first, area, src);
}

// ---- store and forward (LANai 3) -----------------------------------------------------------

void
HamlynTransmitter::StartStoreAndForward(TxPtr tx,
                                        bool direct,
                                        bool first,
                                        Ptr<HostPinnedRegion> area,
                                        uint64_t src)
{
    Ptr<HamlynCostModel> cost = m_dev.GetCostModel();
    Ptr<SanResource> processor = m_dev.GetProcessor();
    Ptr<SanOperation> op = Create<SanOperation>();
    if (direct)
    {
        // Table 3 "send packet 81 + d/2": the processor's part; the link's d/2 is the fabric's.
        const Time d = cost->Cycles(cost->GetDirectSendCycles());
        op->AddStep(processor, d).AddAction(MakeSanCallback<void>([tx, d]() {
            tx->procStart = Simulator::Now() - d;
        }));
    }
    else
    {
        // Table 4 "start data to card", for a message's first packet. Every packet passes
        // through the processor here, in order (a later packet's step is empty), so a
        // message's packets load and leave in order.
        const Time d = first ? cost->Cycles(cost->GetDmaStartCycles()) : Time(0);
        op->AddStep(processor, d);
        if (first)
        {
            op->AddAction(MakeSanCallback<void>([this, d]() {
                m_dev.TraceStage("send.start", Simulator::Now() - d, Simulator::Now());
            }));
        }
        // Table 4 "load payload" with note a: the processor loads the header while the host
        // DMA engine moves this packet's payload (the header load starts when the engine
        // starts the payload, not while the payload waits for the engine); send once both are
        // on the card. The processor is not held for the payload: Table 5 charges a long
        // message (N-2) x 18d/32 for its middle packets' "load/send", so one packet's send
        // (21 + d/2) runs while the next one's payload loads, and its stated total, 589.9k
        // cycles for 2048 packets of 512 bytes, is 106 + 288 + 2046 x 288 + 277; a processor
        // held through each load and send would take 2048 x (288 + 277), about 1.16M.
        // The two end in either order. (The wait for them is held by the engine and the
        // processor, not by the packet, so that a run stopped mid-load lets both go.)
        op->AddWait(SanOperation::AsyncWork([this, tx, area, src](Callback<void> ready) {
            auto pending = std::make_shared<uint32_t>(2);
            Callback<void> one([pending, ready]() {
                if (--*pending == 0)
                {
                    ready();
                }
            });
            m_dev.GetHostDma()->Transfer(
                tx->payload,
                MakeSanCallback<void>([this, tx, area, src, one]() {
                    tx->packet = ReadPayload(area, src, tx->payload);
                    m_dev.TraceStage("send.load", tx->loadStart, Simulator::Now());
                    one();
                }),
                MakeSanCallback<void>([this, tx, one]() {
                    tx->loadStart = Simulator::Now();
                    Ptr<HamlynCostModel> c = m_dev.GetCostModel();
                    m_dev.GetProcessor()->Submit(c->Cycles(c->GetDmaHeaderLoadCycles()), one);
                }));
        }));
        // Table 4 "send packet 21 + d/2".
        const Time send = cost->Cycles(cost->GetDmaSendCycles());
        op->AddStep(processor, send).AddAction(MakeSanCallback<void>([tx, send]() {
            tx->procStart = Simulator::Now() - send;
        }));
    }
    op->Start(MakeSanCallback<void>([this, tx]() { Transmit(tx, false); }));
}

void
HamlynTransmitter::Transmit(TxPtr tx, bool paced)
{
    tx->packet->AddHeader(tx->header);
    // One packet at a time on the link: the next head waits for this tail.
    m_linkOut->Acquire(MakeSanCallback<void>([this, tx, paced]() {
        const uint32_t size = tx->packet->GetSize();
        SanFabricPort* port = m_dev.GetPort();
        bool ok = paced ? port->SendPacketPaced(tx->dst, tx->packet, tx->lastByte)
                        : port->SendPacket(tx->dst, tx->packet);
        NS_ABORT_MSG_IF(!ok,
                        "HamlynNetDevice: the fabric refused a packet of "
                            << size << " bytes to host " << tx->dst << " (the fabric has "
                            << port->GetNHosts() << " hosts and carries at most "
                            << port->GetMaxPacketSize()
                            << " bytes; Post checks both, so PacketSize or KeyBits changed "
                               "after the request was posted)");
        ++m_sent;
        m_dev.TracePacketSent(tx->header, tx->payload);
        // The tail leaves after the whole packet's link time and, when paced, not before its
        // last byte is on the card (the fabric paces it the same way). Meanwhile the outbound
        // DMA engine steals the processor's SRAM cycles.
        Time tailGone = Simulator::Now() + port->GetLinkTxTime(size);
        if (paced)
        {
            tailGone = std::max(tailGone, tx->lastByte);
        }
        m_dev.DmaActivity(1);
        Simulator::Schedule(tailGone - Simulator::Now(), [this, tx, paced]() {
            m_dev.DmaActivity(-1);
            m_dev.TraceStage("send.packet", tx->procStart, Simulator::Now());
            m_linkOut->Release();
            if (!paced)
            {
                PacketGone(tx); // the send buffer frees when the tail has left the card
                return;
            }
            tx->tailGone = true;
            CtMaybeFree(tx);
        });
    }));
}

void
HamlynTransmitter::PacketGone(TxPtr tx)
{
    --m_buffersInUse;
    if (tx->last)
    {
        MessageSent(tx);
    }
    Kick();
}

void
HamlynTransmitter::MessageSent(TxPtr tx)
{
    if (!tx->notifySent)
    {
        m_dev.TraceSendComplete(tx->terminus, tx->handle);
        return;
    }
    // Table 3 "notify host [102]": off the critical path, but it occupies the processor and
    // the host DMA engine; the word holds the request's handle.
    HamlynCard* dev = &m_dev;
    const uint32_t n = m_completionWordSizes[tx->terminus];
    const uint64_t address = m_completionWords[tx->terminus];
    const Time start = Simulator::Now();
    Ptr<HamlynCostModel> cost = dev->GetCostModel();
    Ptr<SanOperation> op = Create<SanOperation>();
    op->AddStep(dev->GetProcessor(), cost->Cycles(cost->GetSendNotifyCycles()))
        .AddWait(SanOperation::AsyncWork(
            [dev, n](Callback<void> done) { dev->GetHostDma()->Transfer(n, done); }))
        .AddAction(MakeSanCallback<void>([dev, tx, n, address, start]() {
            std::vector<uint8_t> word(n, 0);
            for (uint32_t i = 0; i < n && i < 8; ++i)
            {
                word[n - 1 - i] = static_cast<uint8_t>(tx->handle >> (8 * i));
            }
            dev->GetHostMemory()->Write(address, word.data(), n);
            dev->TraceStage("send.notify", start, Simulator::Now());
            dev->TraceSendComplete(tx->terminus, tx->handle);
        }));
    op->Start();
}

// ---- cut-through (state-machine presets) ----------------------------------------------------

void
HamlynTransmitter::StartCutThrough(TxPtr tx,
                                   bool direct,
                                   bool first,
                                   Ptr<HostPinnedRegion> area,
                                   uint64_t src)
{
    auto begin = [this, tx, direct, area, src]() {
        // The head leaves once the header is assembled and the time the payload's last byte
        // will be on the card is known.
        Ptr<SanOperation> op = Create<SanOperation>();
        op->AddParallel(
            // "Assemble and transmit the header" (section 4.2): the state machine builds it;
            // its link time is the fabric's.
            SanOperation::AsyncWork([this, tx](Callback<void> assembled) {
                Ptr<HamlynCostModel> c = m_dev.GetCostModel();
                const Time a = c->Cycles(c->GetHeaderAssemblyCycles());
                m_dev.GetProcessor()->Submit(a, MakeSanCallback<void>([tx, a, assembled]() {
                                                 tx->procStart = Simulator::Now() - a;
                                                 assembled();
                                             }));
            }),
            SanOperation::AsyncWork([this, tx, direct, area, src](Callback<void> known) {
                if (direct)
                {
                    // Direct I/O: the data is on the card already.
                    tx->loaded = true;
                    tx->predicted = true;
                    tx->lastByte = Simulator::Now();
                    known();
                    return;
                }
                // The payload crosses the host bus as one DMA, streamed onto the link behind
                // the header. When the engine starts it on an idle bus, its end is known at
                // once (HostBus::GetDmaTime) and the head may leave with that as the tail's
                // pace; when the bus is shared at that moment, the end is not known before it
                // happens and the head waits for it.
                m_dev.GetHostDma()->Transfer(
                    tx->payload,
                    MakeSanCallback<void>([this, tx, area, src, known]() {
                        m_dev.TraceStage("send.load", tx->loadStart, Simulator::Now());
                        tx->loaded = true;
                        if (!tx->predicted)
                        {
                            tx->packet = ReadPayload(area, src, tx->payload);
                            tx->lastByte = Simulator::Now();
                            known();
                            return;
                        }
                        CtMaybeFree(tx);
                    }),
                    MakeSanCallback<void>([this, tx, area, src, known]() {
                        tx->loadStart = Simulator::Now();
                        Ptr<HostBus> bus = m_dev.GetHostIoBus();
                        if (!bus->IsIdle())
                        {
                            return;
                        }
                        tx->predicted = true;
                        tx->lastByte = Simulator::Now() + bus->GetDmaTime(tx->payload);
                        // The bytes are those the DMA reads (copied now: nothing writes a
                        // buffer while a send of it is in flight).
                        tx->packet = ReadPayload(area, src, tx->payload);
                        known();
                    }));
            }));
        op->Start(MakeSanCallback<void>([this, tx]() { Transmit(tx, true); }));
    };

    const double requestCycles = m_dev.GetCostModel()->GetStartRequestBusCycles();
    if (!direct && first && requestCycles > 0)
    {
        // "A GSC+ bus cycle to move the 'start transmission' request to the interface".
        m_requestOnBus = true;
        const Time start = Simulator::Now();
        m_dev.GetHostIoBus()->Transaction(
            static_cast<uint32_t>(std::ceil(requestCycles)),
            MakeSanCallback<void>([this, begin, start]() {
                m_dev.TraceStage("send.start", start, Simulator::Now());
                m_requestOnBus = false;
                begin();
                Kick();
            }));
        return;
    }
    begin();
}

void
HamlynTransmitter::CtMaybeFree(TxPtr tx)
{
    // The send buffer frees when the tail has left and the payload DMA has ended.
    if (!tx->tailGone || !tx->loaded)
    {
        return;
    }
    tx->tailGone = false; // once
    PacketGone(tx);
}

} // namespace ns3
