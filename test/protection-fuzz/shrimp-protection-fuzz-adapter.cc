/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "shrimp-protection-fuzz-adapter.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

namespace
{

/// Reaches the device's protected receive path, as the fabric port's callback does.
struct ShrimpReceivePathAccess : public ShrimpNetDevice
{
    /// \param dev the device \param p the packet \param src its claimed source
    static void Receive(ShrimpNetDevice* dev, Ptr<const Packet> p, uint32_t src)
    {
        void (ShrimpNetDevice::*receive)(Ptr<const Packet>, uint32_t) =
            &ShrimpReceivePathAccess::ReceiveFromFabric;
        (dev->*receive)(p, src);
    }
};

/// Case names, in Case order.
const char* const g_shrimpCaseNames[] = {"write-enabled",
                                         "write-crossing-page",
                                         "write-private-page",
                                         "write-revoked-page",
                                         "write-no-memory",
                                         "length-mismatch",
                                         "empty-data",
                                         "truncated",
                                         "bad-kind",
                                         "fence-with-data"};

} // namespace

ShrimpProtectionFuzzAdapter::ShrimpProtectionFuzzAdapter(Ptr<ShrimpNetDevice> receiver,
                                                         SanFabricPort* senderPort)
    : m_rx(receiver),
      m_sender(senderPort)
{
    NS_ABORT_MSG_IF(!m_rx || !m_rx->IsAttached(), "ShrimpProtectionFuzzAdapter: no device");
    static_assert(sizeof(g_shrimpCaseNames) / sizeof(g_shrimpCaseNames[0]) == N_CASES,
                  "a name per case");
}

std::vector<uint32_t>
ShrimpProtectionFuzzAdapter::GetFuzzedReasons()
{
    return {ShrimpNetDevice::MALFORMED,
            ShrimpNetDevice::DISABLED_PAGE,
            ShrimpNetDevice::BAD_ADDRESS};
}

Ptr<SanNicDevice>
ShrimpProtectionFuzzAdapter::GetDevice() const
{
    return m_rx;
}

SanFabricPort*
ShrimpProtectionFuzzAdapter::GetSenderPort() const
{
    return m_sender;
}

ShrimpProtectionFuzzAdapter::Range
ShrimpProtectionFuzzAdapter::AllocatePages(uint32_t pages)
{
    // A region with some slack on both sides (canaries around the pages).
    const uint64_t base = m_rx->GetMemory()->Allocate(uint64_t(pages + 1) * m_page + 100);
    return Range{(base + m_page - 1) / m_page * m_page, uint64_t(pages) * m_page};
}

void
ShrimpProtectionFuzzAdapter::Prepare(Ptr<UniformRandomVariable> rng)
{
    m_page = m_rx->GetPageBytes();
    m_enabled = {AllocatePages(3), AllocatePages(1 + rng->GetInteger(0, 2))};
    m_private = AllocatePages(2);
    m_revoked = AllocatePages(1);
    ShrimpIncomingEntry on;
    on.enabled = true;
    for (const Range& r : m_enabled)
    {
        for (uint64_t p = r.base / m_page; p < (r.base + r.size) / m_page; ++p)
        {
            m_rx->SetIncomingEntry(p, on);
        }
    }
    m_rx->SetIncomingEntry(m_revoked.base / m_page, on);
    m_rx->SetIncomingEntry(m_revoked.base / m_page, ShrimpIncomingEntry()); // unexported
    m_windows.clear();
    for (size_t i = 0; i < m_enabled.size(); ++i)
    {
        m_windows.push_back(SanFuzzWindow{m_enabled[i].base,
                                          m_enabled[i].size,
                                          SanFuzzWindow::DATA,
                                          "exported-" + std::to_string(i)});
    }
    m_windows.push_back(
        SanFuzzWindow{m_private.base, m_private.size, SanFuzzWindow::GUARD, "private"});
    m_windows.push_back(
        SanFuzzWindow{m_revoked.base, m_revoked.size, SanFuzzWindow::GUARD, "revoked"});
    std::sort(m_windows.begin(),
              m_windows.end(),
              [](const SanFuzzWindow& a, const SanFuzzWindow& b) { return a.address < b.address; });
}

std::vector<SanFuzzWindow>
ShrimpProtectionFuzzAdapter::GetWindows() const
{
    return m_windows;
}

uint32_t
ShrimpProtectionFuzzAdapter::GetNCases() const
{
    return N_CASES;
}

std::string
ShrimpProtectionFuzzAdapter::GetCaseName(uint32_t c) const
{
    NS_ABORT_MSG_IF(c >= N_CASES, "ShrimpProtectionFuzzAdapter: no case " << c);
    return g_shrimpCaseNames[c];
}

uint32_t
ShrimpProtectionFuzzAdapter::GetCaseWeight(uint32_t c) const
{
    // Half the packets land, so refused ones (and freezes) fall between accepted ones.
    return c == WRITE_ENABLED ? N_CASES : 1;
}

Ptr<Packet>
ShrimpProtectionFuzzAdapter::Raw(uint8_t kind,
                                 uint16_t length,
                                 uint32_t address,
                                 const std::vector<uint8_t>& data)
{
    // ShrimpHeader's layout: kind, flags, length (network order), address (network order).
    std::vector<uint8_t> b(ShrimpHeader::BYTES + data.size());
    b[0] = kind;
    b[1] = 0;
    b[2] = static_cast<uint8_t>(length >> 8);
    b[3] = static_cast<uint8_t>(length);
    for (int i = 0; i < 4; ++i)
    {
        b[4 + i] = static_cast<uint8_t>(address >> (8 * (3 - i)));
    }
    std::copy(data.begin(), data.end(), b.begin() + ShrimpHeader::BYTES);
    return Create<Packet>(b.data(), b.size());
}

Ptr<Packet>
ShrimpProtectionFuzzAdapter::Forge(uint32_t c,
                                   Ptr<UniformRandomVariable> rng,
                                   SanFuzzExpectation& expect)
{
    auto bytes = [&rng](uint32_t n) {
        std::vector<uint8_t> v(n);
        for (auto& x : v)
        {
            x = static_cast<uint8_t>(rng->GetInteger(0, 255));
        }
        return v;
    };
    // An address in a page of range r, and a length that stays inside the page.
    auto inside = [&](const Range& r, uint32_t& len) {
        const uint64_t page = r.base + m_page * rng->GetInteger(0, r.size / m_page - 1);
        const uint32_t off = rng->GetInteger(0, m_page - 1);
        len = rng->GetInteger(1, std::min<uint32_t>(m_page - off, 1024));
        return static_cast<uint32_t>(page + off);
    };
    expect = SanFuzzExpectation();
    expect.deliver = false;
    uint32_t len = 0;
    switch (c)
    {
    case WRITE_ENABLED: {
        const Range& r = m_enabled[rng->GetInteger(0, m_enabled.size() - 1)];
        const uint32_t at = inside(r, len);
        const auto data = bytes(len);
        expect.deliver = true;
        expect.writes.push_back(SanFuzzWrite{at, data});
        return Raw(ShrimpHeader::DATA, len, at, data);
    }
    case WRITE_CROSSING: {
        const Range& r = m_enabled[0];
        const uint32_t end =
            static_cast<uint32_t>(r.base + m_page * rng->GetInteger(1, r.size / m_page));
        len = rng->GetInteger(2, 256);
        const uint32_t at = end - rng->GetInteger(1, len - 1);
        expect.reason = ShrimpNetDevice::BAD_ADDRESS;
        return Raw(ShrimpHeader::DATA, len, at, bytes(len));
    }
    case WRITE_PRIVATE: {
        const uint32_t at = inside(m_private, len);
        expect.reason = ShrimpNetDevice::DISABLED_PAGE;
        return Raw(ShrimpHeader::DATA, len, at, bytes(len));
    }
    case WRITE_REVOKED: {
        const uint32_t at = inside(m_revoked, len);
        expect.reason = ShrimpNetDevice::DISABLED_PAGE;
        return Raw(ShrimpHeader::DATA, len, at, bytes(len));
    }
    case WRITE_NO_MEMORY: {
        len = rng->GetInteger(1, 64);
        const uint32_t at = rng->GetInteger(0, 1) ? rng->GetInteger(1, 255)
                                                  : 0xfff00000u + rng->GetInteger(0, 4096);
        expect.reason = ShrimpNetDevice::BAD_ADDRESS;
        return Raw(ShrimpHeader::DATA, len, at, bytes(len));
    }
    case LENGTH_MISMATCH: {
        const uint32_t at = inside(m_enabled[0], len);
        const uint16_t claimed = static_cast<uint16_t>(len + rng->GetInteger(1, 100));
        expect.reason = ShrimpNetDevice::MALFORMED;
        return Raw(ShrimpHeader::DATA, claimed, at, bytes(len));
    }
    case EMPTY_DATA: {
        const uint32_t at = inside(m_enabled[0], len);
        expect.reason = ShrimpNetDevice::MALFORMED;
        return Raw(ShrimpHeader::DATA, 0, at, {});
    }
    case TRUNCATED: {
        expect.reason = ShrimpNetDevice::MALFORMED;
        const auto b = bytes(rng->GetInteger(0, ShrimpHeader::BYTES - 1));
        return Create<Packet>(b.data(), b.size());
    }
    case BAD_KIND: {
        const uint32_t at = inside(m_enabled[0], len);
        expect.reason = ShrimpNetDevice::MALFORMED;
        return Raw(static_cast<uint8_t>(rng->GetInteger(4, 255)), len, at, bytes(len));
    }
    case FENCE_WITH_DATA: {
        len = rng->GetInteger(1, 32);
        expect.reason = ShrimpNetDevice::MALFORMED;
        return Raw(ShrimpHeader::FENCE, len, rng->GetInteger(1, 1000), bytes(len));
    }
    default:
        NS_ABORT_MSG("ShrimpProtectionFuzzAdapter: no case " << c);
    }
    return nullptr;
}

void
ShrimpProtectionFuzzAdapter::InjectDirect(Ptr<const Packet> packet, uint32_t srcHost)
{
    ShrimpReceivePathAccess::Receive(PeekPointer(m_rx), packet, srcHost);
}

uint64_t
ShrimpProtectionFuzzAdapter::GetNDelivered() const
{
    return m_rx->GetNPacketsDelivered();
}

} // namespace ns3
