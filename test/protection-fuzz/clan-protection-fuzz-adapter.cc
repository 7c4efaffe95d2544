/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "clan-protection-fuzz-adapter.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/clan-tripwire-table.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ClanProtectionFuzzAdapter");

namespace
{

/**
 * The fuzzer's direct injection hands a packet to the device's receive path exactly as the
 * fabric port's arrival callback does. ReceiveFromFabric() is protected; a pointer to it is
 * formed through this (never instantiated) derived class.
 */
struct ClanReceivePathAccess : public ClanNetDevice
{
    /// \param dev the device \param p the packet \param src its claimed source host
    static void Receive(ClanNetDevice* dev, Ptr<const Packet> p, uint32_t src)
    {
        void (ClanNetDevice::*receive)(Ptr<const Packet>, uint32_t) =
            &ClanReceivePathAccess::ReceiveFromFabric;
        (dev->*receive)(p, src);
    }
};

/// Case names, in Case order.
const char* const g_clanCaseNames[] = {"write-inside",
                                       "write-straddle-end",
                                       "write-straddle-start",
                                       "write-unexported",
                                       "write-revoked",
                                       "write-mailbox-ring",
                                       "write-no-memory",
                                       "write-past-region",
                                       "mailbox-too-long",
                                       "bad-type",
                                       "truncated",
                                       "truncated-request",
                                       "bad-request",
                                       "read-inside",
                                       "read-unexported",
                                       "read-no-memory",
                                       "unknown-reply"};

} // namespace

ClanProtectionFuzzAdapter::ClanProtectionFuzzAdapter(Ptr<ClanNetDevice> receiver,
                                                     SanFabricPort* senderPort)
    : m_rx(receiver),
      m_sender(senderPort)
{
    NS_ABORT_MSG_IF(!m_rx || !m_rx->IsAttached(), "ClanProtectionFuzzAdapter: no device");
    BooleanValue check;
    m_rx->GetAttribute("ReceiveCheck", check);
    NS_ABORT_MSG_IF(!check.Get(), "ClanProtectionFuzzAdapter: the device needs ReceiveCheck");
    static_assert(sizeof(g_clanCaseNames) / sizeof(g_clanCaseNames[0]) == N_CASES,
                  "a name per case");
}

std::vector<uint32_t>
ClanProtectionFuzzAdapter::GetFuzzedReasons()
{
    return {ClanNetDevice::MALFORMED,
            ClanNetDevice::NO_MEMORY,
            ClanNetDevice::NOT_EXPORTED,
            ClanNetDevice::UNKNOWN_REPLY};
}

Ptr<SanNicDevice>
ClanProtectionFuzzAdapter::GetDevice() const
{
    return m_rx;
}

SanFabricPort*
ClanProtectionFuzzAdapter::GetSenderPort() const
{
    return m_sender;
}

void
ClanProtectionFuzzAdapter::Prepare(Ptr<UniformRandomVariable> rng)
{
    Ptr<HostMemory> mem = m_rx->GetMemory();
    // Sizes that are no multiple of any alignment, so regions are not contiguous by chance.
    m_regionA = Range{mem->Allocate(3 * 4096 + 100, "fuzz-a"), 3 * 4096 + 100};
    m_regionB = Range{mem->Allocate(8192 + 36, "fuzz-b"), 8192 + 36};
    m_private = Range{mem->Allocate(4096 + 12, "fuzz-private"), 4096 + 12};
    m_revoked = Range{mem->Allocate(2048 + 20, "fuzz-revoked"), 2048 + 20};
    m_rx->CreateAperture(m_regionA.base, m_regionA.size);
    const uint64_t bStart = 1000 + rng->GetInteger(0, 64);
    m_rx->CreateAperture(m_regionB.base + bStart, 5000);
    m_rx->DestroyAperture(m_rx->CreateAperture(m_revoked.base, m_revoked.size));
    m_exported = {m_regionA, Range{m_regionB.base + bStart, 5000}};

    const HostMemoryRegion* ring = mem->FindRegion("clan-mailbox");
    const HostMemoryRegion* bits = mem->FindRegion("clan-tripwire-bits");
    NS_ABORT_MSG_IF(ring == nullptr || bits == nullptr,
                    "ClanProtectionFuzzAdapter: the driver's regions are missing");
    m_mailbox = Range{ring->base, ring->size};
    m_bits = Range{bits->base, bits->size};

    // A read Tripwire over every fuzzed region counts the read requests the NIC serves.
    const uint64_t lo = std::min({m_regionA.base, m_regionB.base, m_private.base, m_revoked.base});
    const uint64_t hi = std::max({m_regionA.base + m_regionA.size,
                                  m_regionB.base + m_regionB.size,
                                  m_private.base + m_private.size,
                                  m_revoked.base + m_revoked.size});
    Ptr<ClanTripwireTable> cam = m_rx->GetTripwireTable();
    m_readTripwire = cam->Allocate();
    cam->Set(m_readTripwire, lo, hi - 1, ClanTripwireTable::READ | ClanTripwireTable::REMOTE);
    cam->Enable(m_readTripwire);
    cam->TraceConnectWithoutContext(
        "Fired",
        Callback<void, uint32_t, uint64_t>(
            [this](uint32_t id, uint64_t) { m_writes += id == m_readTripwire; }));
    m_rx->TraceConnectWithoutContext("Write",
                                     Callback<void, uint64_t, uint32_t, uint32_t>(
                                         [this](uint64_t, uint32_t, uint32_t) { ++m_writes; }));
    m_maxRead = m_rx->GetCostModel()->GetDmaTransmitBurst() * 4;

    m_windows.clear();
    m_windows.push_back(
        SanFuzzWindow{m_exported[0].base, m_exported[0].size, SanFuzzWindow::DATA, "aperture-a"});
    m_windows.push_back(
        SanFuzzWindow{m_exported[1].base, m_exported[1].size, SanFuzzWindow::DATA, "aperture-b"});
    m_windows.push_back(
        SanFuzzWindow{m_private.base, m_private.size, SanFuzzWindow::GUARD, "private"});
    m_windows.push_back(
        SanFuzzWindow{m_revoked.base, m_revoked.size, SanFuzzWindow::GUARD, "revoked"});
    m_windows.push_back(
        SanFuzzWindow{m_mailbox.base, m_mailbox.size, SanFuzzWindow::GUARD, "mailbox-ring"});
    m_windows.push_back(
        SanFuzzWindow{m_bits.base, m_bits.size, SanFuzzWindow::SCRATCH, "tripwire-bits"});
    std::sort(m_windows.begin(),
              m_windows.end(),
              [](const SanFuzzWindow& a, const SanFuzzWindow& b) { return a.address < b.address; });
}

std::vector<SanFuzzWindow>
ClanProtectionFuzzAdapter::GetWindows() const
{
    return m_windows;
}

uint32_t
ClanProtectionFuzzAdapter::GetNCases() const
{
    return N_CASES;
}

std::string
ClanProtectionFuzzAdapter::GetCaseName(uint32_t c) const
{
    NS_ABORT_MSG_IF(c >= N_CASES, "ClanProtectionFuzzAdapter: no case " << c);
    return g_clanCaseNames[c];
}

uint32_t
ClanProtectionFuzzAdapter::GetCaseWeight(uint32_t c) const
{
    // Half the packets are good writes, so refused ones arrive between accepted ones.
    return c == WRITE_INSIDE ? N_CASES : (c == READ_INSIDE ? 2 : 1);
}

Ptr<Packet>
ClanProtectionFuzzAdapter::Raw(uint8_t type, uint64_t address, const std::vector<uint8_t>& data)
{
    // ClanHeader's layout: type and flags, a reserved byte, a 48-bit address (network order).
    std::vector<uint8_t> b(ClanHeader::WRITE_BYTES + data.size());
    b[0] = type;
    b[1] = 0;
    for (int i = 0; i < 6; ++i)
    {
        b[2 + i] = static_cast<uint8_t>(address >> (8 * (5 - i)));
    }
    std::copy(data.begin(), data.end(), b.begin() + ClanHeader::WRITE_BYTES);
    return Create<Packet>(b.data(), b.size());
}

std::vector<uint8_t>
ClanProtectionFuzzAdapter::Bytes(Ptr<UniformRandomVariable> rng, uint32_t n)
{
    std::vector<uint8_t> v(n);
    for (auto& x : v)
    {
        x = static_cast<uint8_t>(rng->GetInteger(0, 255));
    }
    return v;
}

Ptr<Packet>
ClanProtectionFuzzAdapter::Request(uint64_t address, uint32_t len, Ptr<UniformRandomVariable> rng)
{
    std::vector<uint8_t> tail(8);
    for (int i = 0; i < 4; ++i)
    {
        tail[i] = static_cast<uint8_t>(len >> (8 * (3 - i)));
    }
    const uint32_t tag = rng->GetInteger(1, 0x7fffffff);
    for (int i = 0; i < 4; ++i)
    {
        tail[4 + i] = static_cast<uint8_t>(tag >> (8 * (3 - i)));
    }
    return Raw(ClanHeader::READ_REQUEST, address, tail);
}

uint64_t
ClanProtectionFuzzAdapter::Inside(const Range& r,
                                  Ptr<UniformRandomVariable> rng,
                                  uint32_t maxLen,
                                  uint32_t& len)
{
    len = rng->GetInteger(1, static_cast<uint32_t>(std::min<uint64_t>(maxLen, r.size)));
    return r.base + rng->GetInteger(0, static_cast<uint32_t>(r.size - len));
}

Ptr<Packet>
ClanProtectionFuzzAdapter::Forge(uint32_t c,
                                 Ptr<UniformRandomVariable> rng,
                                 SanFuzzExpectation& expect)
{
    const uint8_t dmaFlag = rng->GetInteger(0, 1) ? 0x80 : 0x00;
    const uint8_t write = ClanHeader::WRITE | dmaFlag;
    expect = SanFuzzExpectation();
    expect.deliver = false;
    expect.reason = ClanNetDevice::MALFORMED;
    uint32_t len = 0;
    switch (static_cast<Case>(c))
    {
    case WRITE_INSIDE: {
        const Range& r = m_exported[rng->GetInteger(0, 1)];
        const uint64_t at = Inside(r, rng, 512, len);
        std::vector<uint8_t> data = Bytes(rng, len);
        expect.deliver = true;
        expect.writes.push_back(SanFuzzWrite{at, data});
        return Raw(write, at, data);
    }
    case WRITE_STRADDLE_END:
    case WRITE_STRADDLE_START: {
        // Aperture B lies inside its region: the bytes either side are memory, not exported.
        const Range& b = m_exported[1];
        const uint32_t in = rng->GetInteger(1, 64);
        const uint32_t out = rng->GetInteger(1, 64);
        const uint64_t at = c == WRITE_STRADDLE_END ? b.base + b.size - in : b.base - out;
        expect.reason = ClanNetDevice::NOT_EXPORTED;
        return Raw(write, at, Bytes(rng, in + out));
    }
    case WRITE_UNEXPORTED:
    case WRITE_REVOKED:
    case WRITE_MAILBOX_RING: {
        const Range& r =
            c == WRITE_UNEXPORTED ? m_private : (c == WRITE_REVOKED ? m_revoked : m_mailbox);
        const uint64_t at = Inside(r, rng, 256, len);
        expect.reason = ClanNetDevice::NOT_EXPORTED;
        return Raw(write, at, Bytes(rng, len));
    }
    case WRITE_NO_MEMORY: {
        // High addresses no region reaches (below the mailbox's network address).
        const uint64_t at = (uint64_t(1) << 44) + uint64_t(rng->GetInteger(0, 1u << 30)) * 64;
        NS_ABORT_MSG_IF(m_rx->GetMemory()->Contains(at), "ClanProtectionFuzzAdapter: memory");
        expect.reason = ClanNetDevice::NO_MEMORY;
        return Raw(write, at, Bytes(rng, rng->GetInteger(1, 256)));
    }
    case WRITE_PAST_REGION: {
        const uint32_t in = rng->GetInteger(1, 64);
        expect.reason = ClanNetDevice::NO_MEMORY;
        return Raw(write,
                   m_regionA.base + m_regionA.size - in,
                   Bytes(rng, in + rng->GetInteger(1, 64)));
    }
    case MAILBOX_TOO_LONG: {
        const uint32_t rel = rng->GetInteger(0, ClanNetDevice::OOB_RECORD_BYTES - 1);
        len = ClanNetDevice::OOB_RECORD_BYTES - rel + rng->GetInteger(1, 64);
        return Raw(ClanHeader::WRITE, ClanNetDevice::MAILBOX_ADDRESS + rel, Bytes(rng, len));
    }
    case BAD_TYPE: {
        // Type 3 is no type; its address is a good one, so only the type is wrong.
        const uint64_t at = Inside(m_exported[0], rng, 64, len);
        return Raw(0x03 | dmaFlag, at, Bytes(rng, len));
    }
    case TRUNCATED: {
        std::vector<uint8_t> b = Bytes(rng, rng->GetInteger(1, ClanHeader::WRITE_BYTES - 1));
        b[0] = static_cast<uint8_t>(rng->GetInteger(0, 2)); // any known type
        return Create<Packet>(b.data(), b.size());
    }
    case TRUNCATED_REQUEST: {
        // The type of a 16-byte header, 8 to 15 bytes long.
        const uint64_t at = Inside(m_exported[0], rng, 64, len);
        std::vector<uint8_t> tail = Bytes(rng, rng->GetInteger(0, 7));
        return Raw(ClanHeader::READ_REQUEST, at, tail);
    }
    case BAD_REQUEST: {
        const uint64_t at = Inside(m_exported[0], rng, 64, len);
        const uint32_t kind = rng->GetInteger(0, 2);
        if (kind == 0)
        {
            return Request(at, 0, rng);
        }
        if (kind == 1)
        {
            return Request(at, m_maxRead + rng->GetInteger(1, 4096), rng);
        }
        Ptr<Packet> p = Request(at, len, rng);
        std::vector<uint8_t> extra = Bytes(rng, rng->GetInteger(1, 32));
        p->AddAtEnd(Create<Packet>(extra.data(), extra.size()));
        return p;
    }
    case READ_INSIDE: {
        const uint64_t at = Inside(m_exported[rng->GetInteger(0, 1)], rng, m_maxRead, len);
        expect.deliver = true;
        return Request(at, len, rng);
    }
    case READ_UNEXPORTED: {
        const uint32_t which = rng->GetInteger(0, 2);
        uint64_t at = 0;
        if (which == 2)
        {
            // Across aperture B's end.
            len = rng->GetInteger(2, 64);
            at = m_exported[1].base + m_exported[1].size - rng->GetInteger(1, len - 1);
        }
        else
        {
            at = Inside(which == 0 ? m_private : m_revoked, rng, 256, len);
        }
        expect.reason = ClanNetDevice::NOT_EXPORTED;
        return Request(at, len, rng);
    }
    case READ_NO_MEMORY: {
        expect.reason = ClanNetDevice::NO_MEMORY;
        return Request((uint64_t(1) << 44) + rng->GetInteger(0, 1u << 20),
                       rng->GetInteger(1, 256),
                       rng);
    }
    case UNKNOWN_REPLY: {
        // The receiver never loads: no tag is awaited.
        expect.reason = ClanNetDevice::UNKNOWN_REPLY;
        return Raw(ClanHeader::READ_REPLY,
                   rng->GetInteger(0, 0x7fffffff),
                   Bytes(rng, rng->GetInteger(0, 64)));
    }
    case N_CASES:
        break;
    }
    NS_ABORT_MSG("ClanProtectionFuzzAdapter: no case " << c);
    return nullptr;
}

void
ClanProtectionFuzzAdapter::InjectDirect(Ptr<const Packet> packet, uint32_t srcHost)
{
    ClanReceivePathAccess::Receive(PeekPointer(m_rx), packet, srcHost);
}

uint64_t
ClanProtectionFuzzAdapter::GetNDelivered() const
{
    return m_writes;
}

} // namespace ns3
