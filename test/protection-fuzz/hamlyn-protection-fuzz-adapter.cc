/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hamlyn-protection-fuzz-adapter.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HamlynProtectionFuzzAdapter");

namespace
{

/// Case names, in Case order.
const char* const g_hamlynCaseNames[] = {"LiveFit",
                                         "OverrunOne",
                                         "OffsetPast",
                                         "OffsetWrap",
                                         "FlippedKey",
                                         "WrongLengthKey",
                                         "WrongKey",
                                         "RevokedSlot",
                                         "ReleasedArea",
                                         "UnknownSlot",
                                         "BadNotify",
                                         "Truncated",
                                         "Empty",
                                         "BadOobLength",
                                         "Garbage"};

} // namespace

HamlynProtectionFuzzAdapter::HamlynProtectionFuzzAdapter(Ptr<HamlynNetDevice> receiver,
                                                         SanFabricPort* senderPort,
                                                         const Config& config)
    : m_rx(receiver),
      m_senderPort(senderPort),
      m_config(config)
{
    NS_ABORT_MSG_IF(receiver == nullptr || !receiver->IsAttached(),
                    "HamlynProtectionFuzzAdapter: the receiver must be an attached device");
    NS_ABORT_MSG_IF(config.liveSlots == 0 || config.revokedSlots == 0 ||
                        config.releasedSlots == 0 || config.areasPerContext == 0,
                    "HamlynProtectionFuzzAdapter: needs live, revoked and released slots and "
                    "at least one area per process");
    NS_ABORT_MSG_IF(config.notifyAreasA == 0 || config.notifyAreasB == 0 ||
                        config.notifyAreasA >= HamlynHeader::NO_NOTIFY - 1 ||
                        config.notifyAreasB >= HamlynHeader::NO_NOTIFY - 1,
                    "HamlynProtectionFuzzAdapter: notification areas per process must be in "
                    "[1, 65533]");
    NS_ABORT_MSG_IF(config.areaBytes < 2, "HamlynProtectionFuzzAdapter: areas of >= 2 bytes");
    NS_ABORT_MSG_IF(config.maxPayload == 0, "HamlynProtectionFuzzAdapter: MaxPayload > 0");
}

HamlynProtectionFuzzAdapter::HamlynProtectionFuzzAdapter(Ptr<HamlynNetDevice> receiver,
                                                         SanFabricPort* senderPort)
    : HamlynProtectionFuzzAdapter(receiver, senderPort, Config())
{
}

Ptr<SanNicDevice>
HamlynProtectionFuzzAdapter::GetDevice() const
{
    return m_rx;
}

SanFabricPort*
HamlynProtectionFuzzAdapter::GetSenderPort() const
{
    return m_senderPort;
}

uint32_t
HamlynProtectionFuzzAdapter::GetNCases() const
{
    return N_CASES;
}

std::string
HamlynProtectionFuzzAdapter::GetCaseName(uint32_t c) const
{
    return c < N_CASES ? g_hamlynCaseNames[c] : "?";
}

uint32_t
HamlynProtectionFuzzAdapter::GetCaseWeight(uint32_t c) const
{
    return c == LIVE_FIT ? m_config.liveWeight : 1;
}

uint64_t
HamlynProtectionFuzzAdapter::GetNDelivered() const
{
    return m_rx->GetNPacketsDelivered();
}

void
HamlynProtectionFuzzAdapter::InjectDirect(Ptr<const Packet> packet, uint32_t srcHost)
{
    m_rx->Receive(packet, srcHost);
}

uint64_t
HamlynProtectionFuzzAdapter::RandomKey(Ptr<UniformRandomVariable> rng) const
{
    const uint64_t lo = rng->GetInteger(0, 0xffffffffU);
    if (m_keyBits == 32)
    {
        return lo;
    }
    return (uint64_t(rng->GetInteger(0, 0xffffffffU)) << 32) | lo;
}

uint16_t
HamlynProtectionFuzzAdapter::FreshSlotNumber(Ptr<UniformRandomVariable> rng)
{
    for (;;)
    {
        const auto n = static_cast<uint16_t>(rng->GetInteger(0, 0xffff));
        if (m_used.insert(n).second)
        {
            return n;
        }
    }
}

std::vector<uint8_t>
HamlynProtectionFuzzAdapter::RandomBytes(Ptr<UniformRandomVariable> rng, uint32_t n)
{
    std::vector<uint8_t> v(n);
    for (auto& b : v)
    {
        b = static_cast<uint8_t>(rng->GetInteger(0, 255));
    }
    return v;
}

void
HamlynProtectionFuzzAdapter::Prepare(Ptr<UniformRandomVariable> rng)
{
    UintegerValue bits;
    m_rx->GetAttribute("KeyBits", bits);
    m_keyBits = static_cast<uint32_t>(bits.Get());
    m_contexts.push_back(m_rx->OpenContext(m_config.notifyAreasA));
    m_contexts.push_back(m_rx->OpenContext(m_config.notifyAreasB));

    const uint64_t size = m_config.areaBytes;
    // Live areas: each process has its own.
    std::vector<std::pair<uint32_t, uint32_t>> liveAreas; // (context, area id)
    for (uint32_t c = 0; c < m_contexts.size(); ++c)
    {
        for (uint32_t a = 0; a < m_config.areasPerContext; ++a)
        {
            liveAreas.emplace_back(c, m_contexts[c]->CreateMessageArea(size));
        }
    }
    for (uint32_t i = 0; i < m_config.liveSlots; ++i)
    {
        const auto& la = liveAreas[i % liveAreas.size()];
        Slot s;
        s.number = FreshSlotNumber(rng);
        s.context = la.first;
        s.area = m_contexts[la.first]->GetMessageArea(la.second);
        switch (i % 3)
        {
        case 0: // large: from the start (or near it) to the end (or near it)
            s.base = rng->GetInteger(0, 1) == 0 ? 0 : rng->GetInteger(1, 64);
            s.limit = rng->GetInteger(0, 1) == 0 ? size : size - rng->GetInteger(1, 64);
            break;
        case 1: // medium, anywhere
            s.base = rng->GetInteger(0, static_cast<uint32_t>(size / 2));
            s.limit = s.base + 1 + rng->GetInteger(0, static_cast<uint32_t>(size - s.base - 1));
            break;
        default: // tiny
            s.base = rng->GetInteger(0, static_cast<uint32_t>(size - 41));
            s.limit = s.base + rng->GetInteger(1, 40);
            break;
        }
        s.key = RandomKey(rng);
        m_contexts[s.context]->DefineSlot(s.number, la.second, s.base, s.limit, s.key);
        m_live.push_back(s);
    }
    // Revoked slots, over an area of their own (a GUARD: nothing may land there).
    const uint32_t revokedArea = m_contexts[0]->CreateMessageArea(size);
    m_guardAreas.push_back(m_contexts[0]->GetMessageArea(revokedArea));
    for (uint32_t i = 0; i < m_config.revokedSlots; ++i)
    {
        Slot s;
        s.number = FreshSlotNumber(rng);
        s.context = 0;
        s.area = m_guardAreas.back();
        s.base = rng->GetInteger(0, static_cast<uint32_t>(size / 2));
        s.limit = size - rng->GetInteger(0, static_cast<uint32_t>(size / 4));
        s.key = RandomKey(rng);
        m_contexts[0]->DefineSlot(s.number, revokedArea, s.base, s.limit, s.key);
        m_contexts[0]->RevokeSlot(s.number);
        m_revoked.push_back(s);
    }
    // Slots whose area is released afterwards (GUARD too: its pages stay in host memory).
    for (uint32_t i = 0; i < m_config.releasedSlots; ++i)
    {
        Slot s;
        s.number = FreshSlotNumber(rng);
        s.context = i % m_contexts.size();
        const uint32_t id = m_contexts[s.context]->CreateMessageArea(size);
        s.area = m_contexts[s.context]->GetMessageArea(id);
        s.base = rng->GetInteger(0, static_cast<uint32_t>(size / 2));
        s.limit = size - rng->GetInteger(0, static_cast<uint32_t>(size / 4));
        s.key = RandomKey(rng);
        m_contexts[s.context]->DefineSlot(s.number, id, s.base, s.limit, s.key);
        m_contexts[s.context]->ReleaseMessageArea(id);
        m_guardAreas.push_back(s.area);
        m_released.push_back(s);
    }
}

void
HamlynProtectionFuzzAdapter::AddWindows(std::vector<SanFuzzWindow>& out,
                                        Ptr<HostPinnedRegion> area,
                                        uint64_t begin,
                                        uint64_t end,
                                        SanFuzzWindow::Kind kind,
                                        const std::string& name)
{
    const uint64_t page = area->GetPageSize();
    for (uint64_t off = begin; off < end;)
    {
        const uint64_t piece = std::min(end - off, page - off % page);
        SanFuzzWindow w;
        w.address = area->Translate(off);
        w.length = piece;
        w.kind = kind;
        w.name = name;
        out.push_back(w);
        off += piece;
    }
}

std::vector<SanFuzzWindow>
HamlynProtectionFuzzAdapter::GetWindows() const
{
    std::vector<SanFuzzWindow> out;
    for (const auto& s : m_live)
    {
        AddWindows(out,
                   s.area,
                   s.base,
                   s.limit,
                   SanFuzzWindow::DATA,
                   "slot " + std::to_string(s.number));
    }
    for (std::size_t i = 0; i < m_guardAreas.size(); ++i)
    {
        AddWindows(out,
                   m_guardAreas[i],
                   0,
                   m_guardAreas[i]->GetSize(),
                   SanFuzzWindow::GUARD,
                   i == 0 ? "revoked slots' area" : "released area");
    }
    Ptr<HostMemory> memory = m_rx->GetMemory();
    for (const auto& c : m_contexts)
    {
        const HostMemoryRegion* ring =
            memory->FindRegion(c->GetNotificationQueue()->GetNextEntryAddress());
        NS_ABORT_MSG_IF(ring == nullptr,
                        "HamlynProtectionFuzzAdapter: notification ring not found");
        SanFuzzWindow w;
        w.address = ring->base;
        w.length = ring->size;
        w.kind = SanFuzzWindow::SCRATCH;
        w.name = "notification queue of application " + std::to_string(c->GetApplication());
        out.push_back(w);
    }
    return out;
}

std::vector<SanFuzzWrite>
HamlynProtectionFuzzAdapter::Pieces(Ptr<HostPinnedRegion> area,
                                    uint64_t offset,
                                    const std::vector<uint8_t>& bytes)
{
    std::vector<SanFuzzWrite> out;
    const uint64_t page = area->GetPageSize();
    for (uint64_t done = 0; done < bytes.size();)
    {
        const uint64_t off = offset + done;
        const uint64_t piece = std::min<uint64_t>(bytes.size() - done, page - off % page);
        SanFuzzWrite w;
        w.address = area->Translate(off);
        w.bytes.assign(bytes.begin() + done, bytes.begin() + done + piece);
        out.push_back(w);
        done += piece;
    }
    return out;
}

std::vector<uint8_t>
HamlynProtectionFuzzAdapter::Serialize(const HamlynHeader& h, const std::vector<uint8_t>& payload)
{
    Ptr<Packet> p = Create<Packet>(payload.data(), payload.size());
    p->AddHeader(h);
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), bytes.size());
    return bytes;
}

void
HamlynProtectionFuzzAdapter::Fit(const Slot& s,
                                 Ptr<UniformRandomVariable> rng,
                                 uint32_t& len,
                                 uint32_t& offset) const
{
    const uint64_t window = s.limit - s.base;
    len =
        rng->GetInteger(0, static_cast<uint32_t>(std::min<uint64_t>(m_config.maxPayload, window)));
    offset = rng->GetInteger(0, static_cast<uint32_t>(window - len));
}

uint16_t
HamlynProtectionFuzzAdapter::ValidNotify(const Slot& s, Ptr<UniformRandomVariable> rng) const
{
    const uint32_t areas = m_contexts[s.context]->GetNNotificationAreas();
    if (rng->GetInteger(0, 2) == 0)
    {
        return HamlynHeader::NO_NOTIFY;
    }
    return static_cast<uint16_t>(rng->GetInteger(0, areas - 1));
}

HamlynHeader
HamlynProtectionFuzzAdapter::MakeHeader(const Slot& s, uint32_t offset, uint16_t notify) const
{
    HamlynHeader h;
    h.SetSlot(s.number);
    h.SetOffset(offset);
    h.SetKey(s.key, m_keyBits);
    h.SetNotifyIndex(notify);
    h.SetSourceNode(m_senderPort != nullptr ? m_senderPort->GetHostNumber() : 0);
    h.SetSourceTerminus(0);
    return h;
}

Ptr<Packet>
HamlynProtectionFuzzAdapter::Forge(uint32_t c,
                                   Ptr<UniformRandomVariable> rng,
                                   SanFuzzExpectation& expect)
{
    NS_ABORT_MSG_IF(m_live.empty(), "HamlynProtectionFuzzAdapter: Prepare() has not run");
    const Slot& live = m_live[rng->GetInteger(0, static_cast<uint32_t>(m_live.size() - 1))];
    const uint64_t window = live.limit - live.base;
    const uint32_t maxPayload = m_config.maxPayload;
    uint32_t len = 0;
    uint32_t offset = 0;
    Fit(live, rng, len, offset);
    HamlynHeader h = MakeHeader(live, offset, ValidNotify(live, rng));
    h.SetDelta(rng->GetInteger(0, 0xffffffffU));
    expect = SanFuzzExpectation();
    auto drop = [&expect](HamlynNetDevice::DropReason r) {
        expect.deliver = false;
        expect.reason = r;
    };
    switch (static_cast<Case>(c))
    {
    case LIVE_FIT: {
        if (rng->GetInteger(0, 3) == 0)
        {
            h.SetOutOfBand(RandomBytes(rng, rng->GetInteger(0, HamlynHeader::MAX_OUT_OF_BAND)));
        }
        std::vector<uint8_t> payload = RandomBytes(rng, len);
        expect.deliver = true;
        expect.writes = Pieces(live.area, live.base + offset, payload);
        Ptr<Packet> p = Create<Packet>(payload.data(), payload.size());
        p->AddHeader(h);
        return p;
    }
    case OVERRUN_ONE: {
        // offset + len = window + 1
        len = rng->GetInteger(1, static_cast<uint32_t>(std::min<uint64_t>(maxPayload, window + 1)));
        h.SetOffset(static_cast<uint32_t>(window + 1 - len));
        drop(HamlynNetDevice::OUT_OF_RANGE);
        break;
    }
    case OFFSET_PAST:
        len = rng->GetInteger(0, maxPayload);
        h.SetOffset(rng->GetInteger(static_cast<uint32_t>(window + 1), 0xffffffffU - maxPayload));
        drop(HamlynNetDevice::OUT_OF_RANGE);
        break;
    case OFFSET_WRAP:
        // offset + len wraps past 2^32 (to a small value if summed in 32 bits)
        len = rng->GetInteger(1, maxPayload);
        h.SetOffset(static_cast<uint32_t>(0x100000000ULL - rng->GetInteger(1, len)));
        drop(HamlynNetDevice::OUT_OF_RANGE);
        break;
    case FLIPPED_KEY:
        h.SetKey(live.key ^ (uint64_t(1) << rng->GetInteger(0, m_keyBits - 1)), m_keyBits);
        drop(HamlynNetDevice::BAD_KEY);
        break;
    case WRONG_LENGTH_KEY:
        if (m_keyBits == 32)
        {
            h.SetKey(live.key, 64); // same value, 64 bits long
        }
        else
        {
            h.SetKey(live.key & 0xffffffffULL, 32); // its low half, 32 bits long
        }
        drop(HamlynNetDevice::BAD_KEY);
        break;
    case WRONG_KEY: {
        uint64_t k = live.key;
        while (k == live.key)
        {
            k = RandomKey(rng);
        }
        h.SetKey(k, m_keyBits);
        drop(HamlynNetDevice::BAD_KEY);
        break;
    }
    case REVOKED_SLOT:
    case RELEASED_AREA: {
        const std::vector<Slot>& from = c == REVOKED_SLOT ? m_revoked : m_released;
        const Slot& s = from[rng->GetInteger(0, static_cast<uint32_t>(from.size() - 1))];
        Fit(s, rng, len, offset);
        h = MakeHeader(s, offset, HamlynHeader::NO_NOTIFY);
        h.SetDelta(rng->GetInteger(0, 0xffffffffU));
        drop(c == REVOKED_SLOT ? HamlynNetDevice::UNKNOWN_SLOT : HamlynNetDevice::UNKNOWN_AREA);
        break;
    }
    case UNKNOWN_SLOT: {
        uint16_t n = 0;
        do
        {
            n = static_cast<uint16_t>(rng->GetInteger(0, 0xffff));
        } while (m_used.count(n) != 0);
        h.SetSlot(n);
        h.SetKey(RandomKey(rng), m_keyBits);
        drop(HamlynNetDevice::UNKNOWN_SLOT);
        break;
    }
    case BAD_NOTIFY: {
        const uint32_t areas = m_contexts[live.context]->GetNNotificationAreas();
        const uint32_t other = m_contexts[1 - live.context]->GetNNotificationAreas();
        uint32_t index = 0;
        const uint32_t pick = rng->GetInteger(0, 2);
        if (pick == 0)
        {
            index = areas; // one past the last
        }
        else if (pick == 1 && other > areas)
        {
            index = rng->GetInteger(areas, other - 1); // the other process has it
        }
        else
        {
            index = rng->GetInteger(areas, HamlynHeader::NO_NOTIFY - 1);
        }
        h.SetNotifyIndex(static_cast<uint16_t>(index));
        drop(HamlynNetDevice::UNKNOWN_NOTIFY_AREA);
        break;
    }
    case TRUNCATED: {
        if (rng->GetInteger(0, 1) == 0)
        {
            h.SetOutOfBand(RandomBytes(rng, rng->GetInteger(1, HamlynHeader::MAX_OUT_OF_BAND)));
        }
        std::vector<uint8_t> bytes = Serialize(h, RandomBytes(rng, len));
        const uint32_t cut = rng->GetInteger(1, h.GetSerializedSize() - 1);
        drop(HamlynNetDevice::MALFORMED);
        return Create<Packet>(bytes.data(), cut);
    }
    case EMPTY:
        drop(HamlynNetDevice::MALFORMED);
        return Create<Packet>();
    case BAD_OOB_LENGTH: {
        std::vector<uint8_t> bytes = Serialize(h, RandomBytes(rng, len));
        bytes[1] = static_cast<uint8_t>(rng->GetInteger(HamlynHeader::MAX_OUT_OF_BAND + 1, 255));
        drop(HamlynNetDevice::MALFORMED);
        return Create<Packet>(bytes.data(), bytes.size());
    }
    case GARBAGE: {
        std::vector<uint8_t> bytes = RandomBytes(rng, rng->GetInteger(1, 96));
        if (bytes.size() >= 4 && rng->GetInteger(0, 1) == 0)
        {
            bytes[1] = static_cast<uint8_t>(rng->GetInteger(0, 8)); // plausible out-of-band
            bytes[2] = static_cast<uint8_t>(live.number >> 8);      // a live slot
            bytes[3] = static_cast<uint8_t>(live.number & 0xff);
        }
        Judge(bytes, expect);
        return Create<Packet>(bytes.data(), bytes.size());
    }
    default:
        NS_FATAL_ERROR("HamlynProtectionFuzzAdapter: no case " << c);
    }
    Ptr<Packet> p = Create<Packet>(RandomBytes(rng, len).data(), len);
    p->AddHeader(h);
    return p;
}

void
HamlynProtectionFuzzAdapter::Judge(const std::vector<uint8_t>& bytes,
                                   SanFuzzExpectation& expect) const
{
    expect = SanFuzzExpectation();
    auto drop = [&expect](HamlynNetDevice::DropReason r) {
        expect.deliver = false;
        expect.reason = r;
    };
    Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
    if (!HamlynHeader::IsWellFormed(p))
    {
        drop(HamlynNetDevice::MALFORMED);
        return;
    }
    HamlynHeader h;
    p->RemoveHeader(h);
    const HamlynSlot* slot = m_rx->GetSlotTable().Find(h.GetSlot());
    if (slot == nullptr)
    {
        drop(HamlynNetDevice::UNKNOWN_SLOT);
        return;
    }
    if (h.GetKey() != slot->key || h.GetKeyBits() != m_keyBits)
    {
        drop(HamlynNetDevice::BAD_KEY);
        return;
    }
    Ptr<HostPinnedRegion> area = m_rx->GetMessageArea(slot->area);
    if (area == nullptr)
    {
        drop(HamlynNetDevice::UNKNOWN_AREA);
        return;
    }
    const uint64_t window = slot->limit - slot->base;
    const uint64_t payload = p->GetSize();
    if (h.GetOffset() > window || payload > window - h.GetOffset())
    {
        drop(HamlynNetDevice::OUT_OF_RANGE);
        return;
    }
    if (h.GetNotifyIndex() != HamlynHeader::NO_NOTIFY &&
        !m_rx->GetNotificationAssembly(slot->application).Has(h.GetNotifyIndex()))
    {
        drop(HamlynNetDevice::UNKNOWN_NOTIFY_AREA);
        return;
    }
    std::vector<uint8_t> data(payload);
    p->CopyData(data.data(), data.size());
    expect.deliver = true;
    expect.writes = Pieces(area, slot->base + h.GetOffset(), data);
}

} // namespace ns3
