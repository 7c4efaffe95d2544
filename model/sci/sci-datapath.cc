/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-datapath.h"

#include "ns3/log.h"

#include <map>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SciDatapath");

SciDatapath::SciDatapath()
    : m_resource(CreateObject<SanResource>())
{
}

void
SciDatapath::SetCrossedCallback(CrossedCallback crossed)
{
    m_crossed = crossed;
}

Time
SciDatapath::GetCrossingTime(const DataRate& rate, uint32_t bytes) const
{
    // A few sizes recur, and forming a Time from a double is not cheap.
    if (bytes >= MEMO_SIZES)
    {
        return rate.CalculateBytesTxTime(bytes);
    }
    if (m_memo == nullptr || rate.GetBitRate() != m_bps)
    {
        m_bps = rate.GetBitRate();
        m_memo = &SharedCrossingMemo(m_bps);
    }
    CrossingMemo& memo = *m_memo;
    if (bytes >= memo.known.size())
    {
        memo.times.resize(bytes + 1);
        memo.known.resize(bytes + 1, false);
    }
    if (!memo.known[bytes])
    {
        memo.times[bytes] = rate.CalculateBytesTxTime(bytes);
        memo.known[bytes] = true;
    }
    return memo.times[bytes];
}

SciDatapath::CrossingMemo&
SciDatapath::SharedCrossingMemo(uint64_t bps)
{
    // By rate and time resolution (a Time formed at one resolution is not another's).
    static std::map<std::pair<int, uint64_t>, CrossingMemo> memos; // a node never moves
    return memos[{static_cast<int>(Time::GetResolution()), bps}];
}

void
SciDatapath::Cross(Time duration, Ptr<Packet> packet, const SciHeader& header, uint32_t peer)
{
    uint32_t slot;
    if (m_free.empty())
    {
        slot = static_cast<uint32_t>(m_slots.size());
        m_slots.emplace_back();
        m_slots[slot].done = Callback<void>([this, slot]() { Crossed(slot); });
    }
    else
    {
        slot = m_free.back();
        m_free.pop_back();
    }
    Slot& s = m_slots[slot];
    s.packet = packet;
    s.header = header;
    s.peer = peer;
    m_resource->Submit(duration, s.done);
}

void
SciDatapath::Crossed(uint32_t slot)
{
    Slot& s = m_slots[slot];
    Ptr<Packet> packet = std::move(s.packet);
    s.packet = nullptr;
    const SciHeader header = s.header;
    const uint32_t peer = s.peer;
    m_free.push_back(slot);
    if (!m_crossed.IsNull())
    {
        m_crossed(packet, header, peer);
    }
}

Ptr<SanResource>
SciDatapath::GetResource() const
{
    return m_resource;
}

void
SciDatapath::Dispose()
{
    for (Slot& s : m_slots)
    {
        s.packet = nullptr;
    }
    m_crossed = CrossedCallback();
    if (m_resource)
    {
        m_resource->Dispose();
    }
}

} // namespace ns3
