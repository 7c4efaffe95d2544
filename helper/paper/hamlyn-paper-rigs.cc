/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
// HamlynPaperRigs: the set-ups that build hosts, fabric and Hamlyn devices and run one
// measurement each.

#include "hamlyn-paper-rigs.h"

#include "ns3/config.h"
#include "ns3/hamlyn-cost-model.h"
#include "ns3/hamlyn-header.h"
#include "ns3/hamlyn-helper.h"
#include "ns3/hamlyn-net-device.h"
#include "ns3/hamlyn-send-terminus.h"
#include "ns3/host-bus.h"
#include "ns3/host-cpu.h"
#include "ns3/host-memory.h"
#include "ns3/host-pinned-region.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/rats-cost-table.h"
#include "ns3/rats-hardware-interface.h"
#include "ns3/rats-interface-manager.h"
#include "ns3/rats-simple-datagram.h"
#include "ns3/rats-tagged-write.h"
#include "ns3/rats-ticket.h"
#include "ns3/rats-wire.h"
#include "ns3/san-callback.h"
#include "ns3/san-endpoint-device.h"
#include "ns3/san-fabric-helper.h"
#include "ns3/san-resource.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynPaperRigs");

HamlynPaperRigs::Measured
HamlynPaperRigs::Run(const RunSpec& spec)
{
    Scenario::Spec ss;
    ss.stateMachine = spec.stateMachine;
    ss.packetSize = spec.packetSize;
    Scenario s(ss);
    Ptr<HamlynNetDevice> rx = s.nics[1];
    const uint64_t total = uint64_t(spec.bytes) * spec.messages;
    uint32_t app = rx->AddApplication(spec.messages);
    uint32_t area = rx->CreateMessageArea(total);
    rx->DefineSlot(1, app, area, 0, total, 0x1234);
    Ptr<HamlynSendTerminus> t = s.nics[0]->CreateTerminus();
    Measured m;
    for (auto& nic : s.nics)
    {
        nic->TraceConnectWithoutContext("Stage",
                                        MakeSanCallback<void, const std::string&, Time, Time>(
                                            [&m](const std::string& stage, Time start, Time end) {
                                                if (m.start.count(stage) == 0)
                                                {
                                                    m.start[stage] = start;
                                                }
                                                m.end[stage] = end;
                                                m.last[stage] = end - start;
                                            }));
    }
    rx->TraceConnectWithoutContext(
        "PacketRx",
        MakeSanCallback<void, const HamlynHeader&, uint32_t>([&m](const HamlynHeader&, uint32_t) {
            if (m.packets++ == 0)
            {
                m.firstDelivered = Simulator::Now();
            }
            m.delivered = Simulator::Now();
        }));
    rx->TraceConnectWithoutContext(
        "Notification",
        MakeSanCallback<void, uint32_t, uint64_t>(
            [&m](uint32_t, uint64_t) { m.notified.push_back(Simulator::Now()); }));
    if (spec.dma)
    {
        t->AddMessageArea(0, Create<HostPinnedRegion>(s.memories[0], total, 4096));
    }
    m.posted = MicroSeconds(10);
    for (uint32_t k = 0; k < spec.messages; ++k)
    {
        HamlynSendRequest r;
        r.dstNode = 1;
        r.slot = 1;
        r.key = 0x1234;
        r.offset = static_cast<uint32_t>(uint64_t(k) * spec.bytes);
        r.notifyIndex = static_cast<uint16_t>(k);
        r.notifySent = spec.notifySent;
        if (spec.dma)
        {
            r.kind = HamlynSendRequest::DMA;
            r.area = 0;
            r.areaOffset = uint64_t(k) * spec.bytes;
            r.length = spec.bytes;
        }
        else
        {
            r.data.assign(spec.bytes, 0x42);
        }
        if (spec.hostStores)
        {
            // The host stores the request (and, for direct I/O, the data) into the card's work
            // queue (section 2.3, "regular store instructions") over the GSC+ bus, as Rats'
            // sendmsg does; the request is posted when the stores have landed.
            Simulator::Schedule(m.posted, [t, r]() {
                t->StoreRequest(r, MakeSanCallback<void>([t, r]() { t->Post(r); }));
            });
        }
        else
        {
            Simulator::Schedule(m.posted, [t, r]() { t->Post(r); });
        }
    }
    s.RunAndDestroy();
    return m;
}

Time
HamlynPaperRigs::Notified(const Measured& m)
{
    return m.notified.empty() ? Time(0) : m.notified.back();
}

HamlynPaperRigs::HostCosts
HamlynPaperRigs::TaggedWriteCosts(bool dma)
{
    Scenario::Spec ss;
    ss.rats = true;
    Scenario s(ss);
    if (dma)
    {
        s.rats[0]->GetHardware()->SetAttribute("CutOver", UintegerValue(0));
    }
    Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[1], 1024);
    Ptr<RatsTaggedWriteClient> c = Create<RatsTaggedWriteClient>(s.rats[0], srv->MakeSeed());
    RatsBuffer b = s.Buffer(0, 16);
    Time called = MicroSeconds(1);
    Time returned;
    Simulator::Schedule(called, [&]() {
        c->Write(b.offset, 16, 0, 3, [&]() { returned = Simulator::Now(); });
    });
    // The receiver calls get_tag once the notification is queued: no spinning is counted.
    Time asked = MicroSeconds(100);
    Time tagged;
    Simulator::Schedule(asked, [&]() {
        srv->GetTag([&](RatsTaggedWriteServer::Tag) { tagged = Simulator::Now(); });
    });
    Simulator::Run();
    HostCosts h;
    h.sendOnUs = SanMicroseconds(returned - called);
    h.sendOffUs = SanMicroseconds(s.cpus[0]->GetResource()->GetBusyTime()) - h.sendOnUs;
    h.recvOnUs = SanMicroseconds(tagged - asked);
    h.recvOffUs = SanMicroseconds(s.cpus[1]->GetResource()->GetBusyTime()) - h.recvOnUs;
    Simulator::Destroy();
    return h;
}

HamlynPaperRigs::HostCosts
HamlynPaperRigs::DatagramCosts(bool reply, bool dma)
{
    Scenario::Spec ss;
    ss.rats = true;
    Scenario s(ss);
    if (dma)
    {
        s.rats[0]->GetHardware()->SetAttribute("CutOver", UintegerValue(0));
    }
    Ptr<RatsSimpleDatagramServer> srv = RatsSimpleDatagramServer::Create(s.rats[1], 64);
    Ptr<RatsSimpleDatagramServer> self = RatsSimpleDatagramServer::Create(s.rats[0], 64);
    Ptr<RatsSimpleDatagramClient> c = Create<RatsSimpleDatagramClient>(s.rats[0], srv->MakeSeed());
    RatsBuffer b = s.Buffer(0, 16);
    Time called = MicroSeconds(1);
    Time returned;
    Simulator::Schedule(called, [&]() {
        c->Send(b.offset, 16, reply ? self->MetadataForSelf() : std::vector<uint8_t>(), [&]() {
            returned = Simulator::Now();
        });
    });
    Time asked = MicroSeconds(100);
    Time got;
    Simulator::Schedule(asked, [&]() {
        srv->Recv([&](RatsSimpleDatagramMessage) { got = Simulator::Now(); });
    });
    Simulator::Run();
    HostCosts h;
    h.sendOnUs = SanMicroseconds(returned - called);
    h.sendOffUs = SanMicroseconds(s.cpus[0]->GetResource()->GetBusyTime()) - h.sendOnUs;
    h.recvOnUs = SanMicroseconds(got - asked);
    h.recvOffUs = SanMicroseconds(s.cpus[1]->GetResource()->GetBusyTime()) - h.recvOnUs;
    Simulator::Destroy();
    return h;
}

double
HamlynPaperRigs::TaggedWriteUs(const Scenario::Spec& spec, uint32_t src, uint32_t dst)
{
    Scenario s(spec);
    Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[dst], 1024);
    Ptr<RatsTaggedWriteClient> c = Create<RatsTaggedWriteClient>(s.rats[src], srv->MakeSeed());
    RatsBuffer b = s.Buffer(src, 16);
    // The receiver is already in get_tag (polling: section 4.2 assumes "both the host and
    // LANai processors are in busy-wait loops at the appropriate points").
    Time called = MicroSeconds(10);
    Time got;
    srv->GetTag([&](RatsTaggedWriteServer::Tag) { got = Simulator::Now(); });
    Simulator::Schedule(called, [&]() { c->Write(b.offset, 16, 0, 1); });
    s.RunAndDestroy();
    return SanMicroseconds(got - called);
}

HamlynPaperExperiments::RoundTrip
HamlynPaperRigs::RoundTripBetween(const Scenario::Spec& spec,
                                  uint32_t src,
                                  uint32_t dst,
                                  uint32_t dataBytes,
                                  uint32_t ackBytes,
                                  uint32_t rounds)
{
    Scenario s(spec);
    Ptr<RatsSimpleDatagramServer> a = RatsSimpleDatagramServer::Create(s.rats[src], 64 + ackBytes);
    Ptr<RatsSimpleDatagramServer> b = RatsSimpleDatagramServer::Create(s.rats[dst], 64 + dataBytes);
    RatsBuffer ping = s.Buffer(src, dataBytes);
    RatsBuffer ack = s.Buffer(dst, ackBytes);
    HamlynPaperExperiments::RoundTrip rt;
    Time arrived;
    std::function<void(RatsSimpleDatagramMessage)> serve = [&](RatsSimpleDatagramMessage m) {
        if (arrived.IsZero())
        {
            arrived = Simulator::Now();
        }
        RatsSimpleDatagramClient::SendWithSeed(s.rats[dst],
                                               RatsSimpleDatagramServer::ReplySeed(m),
                                               ack.offset,
                                               ackBytes);
        b->Recv(serve); // the next round's datagram
    };
    b->Recv(serve);
    Time notified;
    s.nics[src]->TraceConnectWithoutContext(
        "Notification",
        MakeSanCallback<void, uint32_t, uint64_t>([&](uint32_t, uint64_t) {
            if (notified.IsZero())
            {
                notified = Simulator::Now();
            }
        }));
    Ptr<RatsSimpleDatagramClient> c = Create<RatsSimpleDatagramClient>(s.rats[src], b->MakeSeed());
    Time called = MicroSeconds(10);
    Time got;
    uint32_t done = 0;
    // Each round: send the datagram, wait for the ack, then (if more rounds) send the next.
    std::function<void()> round = [&]() {
        c->Send(ping.offset, dataBytes, a->MetadataForSelf(), [&]() {
            a->Recv([&](RatsSimpleDatagramMessage) {
                if (++done == 1)
                {
                    got = Simulator::Now();
                }
                if (done < rounds)
                {
                    round();
                }
                else
                {
                    rt.streamUs = SanMicroseconds(Simulator::Now() - called);
                }
            });
        });
    };
    Simulator::Schedule(called, round);
    s.RunAndDestroy();
    NS_ABORT_MSG_IF(done != rounds, "RoundTripBetween: " << done << " of " << rounds << " rounds");
    rt.toRecvUs = SanMicroseconds(got - called);
    rt.toNotifyUs = SanMicroseconds(notified - called);
    rt.outboundUs = SanMicroseconds(arrived - called);
    rt.rounds = rounds;
    rt.wireBytes =
        RatsSimpleDatagramServer::FIXED_METADATA + RatsTicket::SERIALIZED_BYTES + dataBytes;
    rt.ackWireBytes = RatsSimpleDatagramServer::FIXED_METADATA + ackBytes;
    return rt;
}

double
HamlynPaperRigs::RatsSendUs(uint32_t bytes, bool direct)
{
    Scenario::Spec ss;
    ss.rats = true;
    Scenario s(ss);
    Ptr<RatsHardwareInterface> hw = s.rats[0]->GetHardware();
    hw->SetAttribute("CutOver", UintegerValue(direct ? 0xffffffffU : 0));
    Ptr<RatsTaggedWriteServer> srv = RatsTaggedWriteServer::Create(s.rats[1], bytes);
    const RatsTicket seed = srv->MakeSeed();
    const RatsCostProfile cost = s.rats[0]->GetCostTable()->GetTaggedWrite();
    RatsBuffer b = s.Buffer(0, bytes);
    std::vector<uint8_t> tag;
    rats::PutWord(tag, 1);
    const Time called = MicroSeconds(10);
    Time got;
    srv->GetTag([&got](RatsTaggedWriteServer::Tag) { got = Simulator::Now(); });
    Simulator::Schedule(called, [&]() { hw->SendMsg(seed, b.offset, bytes, {}, cost, tag); });
    s.RunAndDestroy();
    NS_ABORT_MSG_IF(got.IsZero(), "RatsSendUs: the message of " << bytes << " bytes never arrived");
    return SanMicroseconds(got - called);
}

HamlynPaperRigs::FlowResult
HamlynPaperRigs::ManyFlows(const Scenario::Spec& spec,
                           const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
                           uint32_t bytes)
{
    Scenario s(spec);
    const uint32_t n = spec.hosts;
    // Receive side: one application, one area with a slot per sender (keyed by sender).
    std::vector<uint32_t> app(n);
    std::vector<uint32_t> area(n);
    std::vector<uint32_t> senders(n, 0);
    for (const auto& p : pairs)
    {
        ++senders[p.second];
    }
    for (uint32_t h = 0; h < n; ++h)
    {
        if (senders[h] > 0)
        {
            app[h] = s.nics[h]->AddApplication(n);
            area[h] = s.nics[h]->CreateMessageArea(uint64_t(bytes) * n);
        }
    }
    FlowResult r;
    r.messages = static_cast<uint32_t>(pairs.size());
    // Out-of-order arrivals: per (receiver, source), the highest offset seen so far.
    std::map<std::pair<uint32_t, uint32_t>, int64_t> highest;
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> notifications;
    Time last;
    for (uint32_t h = 0; h < n; ++h)
    {
        if (senders[h] == 0)
        {
            continue;
        }
        s.nics[h]->TraceConnectWithoutContext(
            "PacketRx",
            MakeSanCallback<void, const HamlynHeader&, uint32_t>(
                [&highest, &r, h](const HamlynHeader& hdr, uint32_t) {
                    auto key = std::make_pair(h, hdr.GetSourceNode());
                    auto it = highest.find(key);
                    if (it != highest.end() && int64_t(hdr.GetOffset()) < it->second)
                    {
                        ++r.outOfOrder;
                    }
                    else
                    {
                        highest[key] = hdr.GetOffset();
                    }
                }));
        s.nics[h]->TraceConnectWithoutContext(
            "Notification",
            MakeSanCallback<void, uint32_t, uint64_t>(
                [&notifications, &last, h](uint32_t, uint64_t a) {
                    // The notification area is the sender's index (notifyIndex below).
                    ++notifications[std::make_pair(h, static_cast<uint32_t>(a))];
                    last = Simulator::Now();
                }));
    }
    const Time start = MicroSeconds(10);
    std::vector<std::vector<uint8_t>> payload(pairs.size());
    for (uint32_t k = 0; k < pairs.size(); ++k)
    {
        const uint32_t src = pairs[k].first;
        const uint32_t dst = pairs[k].second;
        const uint16_t slot = static_cast<uint16_t>(1 + src);
        s.nics[dst]->DefineSlot(slot,
                                app[dst],
                                area[dst],
                                uint64_t(src) * bytes,
                                uint64_t(src + 1) * bytes,
                                0x5000 + src);
        payload[k].resize(bytes);
        for (uint32_t i = 0; i < bytes; ++i)
        {
            payload[k][i] = static_cast<uint8_t>(src * 31 + i * 7 + (i >> 8));
        }
        Ptr<HamlynSendTerminus> t = s.nics[src]->CreateTerminus();
        Ptr<HostPinnedRegion> out = Create<HostPinnedRegion>(s.memories[src], bytes, 4096);
        out->Write(0, payload[k].data(), bytes);
        t->AddMessageArea(0, out);
        HamlynSendRequest q;
        q.dstNode = dst;
        q.slot = slot;
        q.key = 0x5000 + src;
        q.offset = 0;
        q.notifyIndex = static_cast<uint16_t>(src);
        q.kind = HamlynSendRequest::DMA;
        q.area = 0;
        q.areaOffset = 0;
        q.length = bytes;
        Simulator::Schedule(start, [t, q]() { t->Post(q); });
    }
    Simulator::Run();
    for (uint32_t k = 0; k < pairs.size(); ++k)
    {
        const uint32_t src = pairs[k].first;
        const uint32_t dst = pairs[k].second;
        std::vector<uint8_t> got(bytes);
        s.nics[dst]->GetMessageArea(area[dst])->Read(uint64_t(src) * bytes, got.data(), bytes);
        if (got == payload[k] && notifications[std::make_pair(dst, src)] == 1)
        {
            ++r.reassembled;
        }
    }
    r.completionUs = SanMicroseconds(last - start);
    r.aggregateMBps = double(bytes) * pairs.size() / (last - start).GetSeconds() / 1e6;
    Simulator::Destroy();
    return r;
}

} // namespace ns3
