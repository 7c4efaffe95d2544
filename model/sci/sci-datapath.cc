/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sci-datapath.h"

#include "ns3/log.h"
#include "ns3/san-callback.h"

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
    if (m_crossingTimes == nullptr || rate.GetBitRate() != m_bps)
    {
        m_bps = rate.GetBitRate();
        m_crossingTimes = &SanTimeTable::Shared<SciDatapath>(m_bps);
    }
    return m_crossingTimes->Get(bytes,
                                [&rate, bytes]() { return rate.CalculateBytesTxTime(bytes); });
}

void
SciDatapath::Cross(Time duration, Ptr<Packet> packet, const SciHeader& header, uint32_t peer)
{
    uint32_t slot;
    if (m_free.empty())
    {
        slot = static_cast<uint32_t>(m_slots.size());
        m_slots.emplace_back();
        m_slots[slot].done = MakeSanCallback<void>([this, slot]() { Crossed(slot); });
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
